import SwiftUI

// Types with a `body` that are not views: no parent compares their stored properties, so the
// view rules leave them alone (see "Applies to" in `viewlint rules unused_stored_input`).

@main
struct NotesApp: App {
    let launchedAt = Date()
    let onOpen: () -> Void = {}
    var body: some Scene { WindowGroup { Text("Notes") } }
}

struct SettingsScene: Scene {
    let title: String
    let makeContent: () -> Text
    var body: some Scene { Settings { Text("Settings") } }
}

struct EditCommands: Commands {
    let store: String
    let onUndo: () -> Void
    var body: some Commands { CommandMenu("Edit") { Button("Undo") {} } }
}

struct EditorToolbar: ToolbarContent {
    let isEditing: Bool
    let onDone: () -> Void
    var body: some ToolbarContent { ToolbarItem { Text("Done") } }
}

struct Notes_Previews: PreviewProvider {
    static let sample = "x"
    let unused: Int
    static var previews: some View { Text(sample) }
}

// The same shapes in a view are reported.
struct NoteRow: View {
    let title: String
    let subtitle: String // expect: unused_stored_input
    var body: some View { Text(title) }
}
