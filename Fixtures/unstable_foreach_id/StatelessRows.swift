import SwiftUI

struct Badge: View {
    let text: String
    var body: some View { Text(text).padding(4).background { Capsule().fill(.gray) } }
}

struct EditableTag: View {
    @State private var isEditing = false
    let text: String
    var body: some View { Button(text) { isEditing.toggle() }.bold(isEditing) }
}

/// Positions as ids are reported either way; rows without state make it a note (see the rule's
/// rationale), rows with state a warning.
struct ReadOnlyText: View {
    let lines: [String]
    let tags: [String]

    init(text: String, tags: [String]) {
        lines = text.components(separatedBy: "\n")
        self.tags = tags
    }

    var body: some View {
        ScrollView {
            LazyVStack(alignment: .leading) {
                ForEach(lines.indices, id: \.self) { line in // expect: unstable_foreach_id
                    Text(lines[line])
                }
                ForEach(Array(tags.enumerated()), id: \.offset) { _, tag in // expect: unstable_foreach_id
                    HStack { Image(systemName: "tag"); Badge(text: tag) }
                }
                ForEach(tags.indices, id: \.self) { index in // expect: unstable_foreach_id
                    EditableTag(text: tags[index])
                }
            }
        }
    }
}

/// CodeEdit's history menu: a menu's items are rebuilt each time it opens (a note); Swiftfin's
/// profile list: rows built by a helper of the view that holds no state (a note).
struct History: View {
    @State private var files: [String] = []
    @State private var profiles: [String] = []

    var body: some View {
        Menu {
            ForEach(Array(files.enumerated()), id: \.offset) { index, file in // expect: unstable_foreach_id
                Button { files.remove(at: index) } label: { HStack { Image(systemName: "doc"); Text(file) } }
            }
        } label: {
            Label("Back", systemImage: "chevron.left")
        }
        ForEach(Array(profiles.enumerated()), id: \.offset) { _, profile in // expect: unstable_foreach_id
            Button { profiles.append(profile) } label: { profileView(profile) }
        }
    }

    func profileView(_ name: String) -> some View {
        HStack { Image(systemName: "person"); Text(name) }
    }
}

/// home-assistant's calendar: rows of buttons in a nested `ForEach` hold no state (a note).
struct Month: View {
    let weeks: [[Int]]
    @State private var selected = 0

    var body: some View {
        ForEach(Array(weeks.enumerated()), id: \.offset) { _, week in // expect: unstable_foreach_id
            HStack {
                ForEach(week, id: \.self) { day in
                    Button("\(day)") { selected = day }.bold(selected == day)
                }
            }
        }
    }
}
