import SwiftUI

/// A screen pushed from a row is built with the row but shown (its body run) only once pushed:
/// one screen, not one per row, whichever way `NavigationLink` is written.
struct TagEditor: View {
    let name: String
    let onSave: () -> Void
    var body: some View { Button("Save \(name)", action: onSave) }
}

struct TagDetails: View {
    let name: String
    let onDelete: () -> Void
    var body: some View { Button("Delete \(name)", action: onDelete) }
}

struct TagRow: View {
    let name: String
    let onPin: () -> Void // expect: closure_input
    var body: some View { Button(name, action: onPin) }
}

struct TagList: View {
    let names: [String]
    var body: some View {
        List {
            ForEach(names, id: \.self) { name in
                NavigationLink {
                    TagEditor(name: name) {}
                } label: {
                    Text(name)
                }
                NavigationLink(name) { TagDetails(name: name) {} }
                TagRow(name: name) {}
            }
        }
    }
}
