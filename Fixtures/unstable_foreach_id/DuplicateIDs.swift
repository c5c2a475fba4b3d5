import SwiftUI

struct Post: Identifiable {
    let id: String
    let title: String

    static let placeholder = Post(id: "placeholder", title: "Loading…")

    /// Every placeholder has the same literal id.
    static func placeholderRow() -> Post {
        .init(id: "placeholder", title: "Loading…")
    }

    static func placeholderRows() -> [Post] {
        [.placeholderRow(), .placeholderRow(), .placeholderRow(), .placeholderRow()]
    }

    /// IceCubesApp's way: a new id for each placeholder, so the rows differ.
    static func uniquePlaceholder() -> Post {
        .init(id: UUID().uuidString, title: "Loading…")
    }

    static func uniquePlaceholders() -> [Post] {
        [.uniquePlaceholder(), .uniquePlaceholder(), .uniquePlaceholder()]
    }
}

enum Shimmer: Hashable {
    case bar, dot
}

/// Placeholder rows that all share one id.
struct LoadingFeed: View {
    static let skeleton = Array(repeating: Post.placeholder, count: 3)

    var body: some View {
        List {
            ForEach(Array(repeating: Post.placeholder, count: 5)) { post in // expect: unstable_foreach_id
                Text(post.title).redacted(reason: .placeholder)
            }
            ForEach([Post.placeholder, Post.placeholder, Post.placeholder], id: \.id) { post in // expect: unstable_foreach_id
                Text(post.title)
            }
            ForEach(Post.placeholderRows()) { post in // expect: unstable_foreach_id
                Text(post.title)
            }
            ForEach(Self.skeleton) { post in // expect: unstable_foreach_id
                Text(post.title)
            }
            ForEach([Shimmer.bar, Shimmer.bar], id: \.self) { _ in // expect: unstable_foreach_id
                Rectangle().frame(height: 8)
            }
        }
    }
}

/// Distinct ids, or too few elements to collide.
struct LoadedFeed: View {
    let posts: [Post]
    let count: Int

    var body: some View {
        List {
            ForEach(Post.uniquePlaceholders()) { Text($0.title) }
            ForEach(Array(repeating: Post.placeholder, count: 1)) { Text($0.title) }
            ForEach(Array(repeating: Post.placeholder, count: count)) { Text($0.title) }
            ForEach([Shimmer.bar, Shimmer.dot], id: \.self) { _ in Rectangle() }
            ForEach(0..<5) { _ in Text(Post.placeholder.title) }
            ForEach(Array(repeating: Post.placeholder, count: 4).indices, id: \.self) { _ in Text("…") }
            ForEach(posts) { Text($0.title) }
        }
    }
}
