import SwiftUI

struct Card: View {
    let title: String
    let isDimmed: Bool
    let isFavorite: Bool
    let isCompact: Bool
    let isNew: Bool
    let items: [String]

    var body: some View {
        VStack {
            // One branch adds a modifier.
            if isDimmed { // expect: if_else_identity_split:13
                content.opacity(0.4)
            } else {
                content
            }

            // Same modifiers, different arguments.
            if isFavorite { // expect: if_else_identity_split
                Label(title, systemImage: "star").foregroundStyle(.yellow)
            } else {
                Label(title, systemImage: "star").foregroundStyle(.gray)
            }

            // Several modifiers differ; comments and spacing do not matter.
            if isCompact { // expect: if_else_identity_split
                Text(title) .font(.caption).padding(4)
            } else {
                Text( title ) // the same base
                    .font(.body)
                    .padding(12)
            }

            // The extra modifier sits in the `else` branch.
            if isNew { // expect: if_else_identity_split
                content
            } else {
                content.hidden()
            }
        }
        .overlay {
            // Inside a builder closure of a modifier.
            if isDimmed { Color.black.opacity(0.2) } else { Color.black } // expect: if_else_identity_split
        }
    }

    var content: some View { Text(title) }

    /// `@ViewBuilder` members, and content closures of containers.
    @ViewBuilder
    func list() -> some View {
        ForEach(items, id: \.self) { item in
            if item == title { // expect: if_else_identity_split
                Text(item).bold().padding(.leading, 8)
            } else {
                Text(item).padding(.leading, 8)
            }
        }
    }

    /// An overlay added in one branch can hold the condition itself.
    @ViewBuilder
    var badge: some View {
        if isNew { // expect: if_else_identity_split
            Image(systemName: "bell").overlay { Circle().fill(.red) }
        } else {
            Image(systemName: "bell")
        }
    }
}

/// Helpers that are not view builders themselves still return views whose content closures are.
struct Profile: View {
    let name: String
    let isEditing: Bool

    var body: some View { header }

    private var header: some View {
        VStack {
            if isEditing { // expect: if_else_identity_split
                Text(name).font(.title).underline()
            } else {
                Text(name).font(.title)
            }
        }
    }

    private func chip(_ text: String) -> some View {
        Group {
            if isEditing { // expect: if_else_identity_split
                Text(text).padding(.vertical, 8)
            } else {
                Text(text).padding(.vertical, 6)
            }
        }
    }
}

/// A view modifier's `body(content:)` is a view builder too.
struct Disabled: ViewModifier {
    let active: Bool
    func body(content: Content) -> some View {
        if active { // expect: if_else_identity_split
            content.opacity(0.3).disabled(true)
        } else {
            content
        }
    }
}
