import SwiftUI

/// Placeholder rows built by a factory that gives each a new UUID: rebuilt on every body.
struct Placeholder: Identifiable {
    let id: UUID
    let title: String

    static func placeholders() -> [Placeholder] {
        (0..<3).map { Placeholder(id: UUID(), title: "Loading \($0)") }
    }

    static var skeleton: [Placeholder] {
        [Placeholder(id: UUID(), title: "…")]
    }
}

/// The id defaults to a new UUID; the factory does not pass one.
struct Draft: Identifiable {
    let id = UUID()
    let text: String

    static func blank(count: Int) -> [Draft] {
        (0..<count).map { _ in Draft(text: "") }
    }
}

struct LoadingList: View {
    let count: Int

    var body: some View {
        List {
            ForEach(Placeholder.placeholders()) { row in // expect: unstable_foreach_id:13
                Text(row.title)
            }
            ForEach(Placeholder.skeleton) { row in // expect: unstable_foreach_id
                Text(row.title)
            }
            ForEach(Draft.blank(count: count)) { draft in // expect: unstable_foreach_id
                Text(draft.text)
            }
            ForEach(makeRows().prefix(2)) { row in // expect: unstable_foreach_id
                Text(row.title)
            }
        }
    }

    func makeRows() -> [Placeholder] {
        [Placeholder(id: UUID(), title: "made")]
    }
}
