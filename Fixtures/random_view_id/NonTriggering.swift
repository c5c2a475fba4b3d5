import SwiftUI

/// Look-alikes from real apps: a stable marker type, a token kept in state, ids from the data.
struct IDScrollToTop: Hashable {}

struct IDTimeline: View {
    @State private var resetToken = UUID()
    let items: [IDEntry]

    var body: some View {
        ScrollView {
            Color.clear.frame(height: 0).id(IDScrollToTop())
            ForEach(items) { item in
                Text(item.title).id(item.id)
            }
        }
        .id(resetToken)
        .refreshable { resetToken = UUID() }
        .toolbar {
            Button("Reset") { resetToken = UUID() }
        }
    }
}

struct IDEntry: Identifiable {
    let id: UUID
    let title: String
}

/// A fresh id made outside a builder is a value like any other.
final class IDSession {
    var token = UUID()
    func renew() { token = UUID() }
}
