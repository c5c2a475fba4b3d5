import SwiftUI

@Observable final class Note {
    var text = ""
}

struct NoteEditor: View {
    @Bindable var note: Note
    var body: some View { TextField("Text", text: $note.text) }
}

/// Projected from an extension only.
struct NoteForm: View {
    @Bindable var note: Note
    var body: some View { form }
}

extension NoteForm {
    var form: some View { TextField("Text", text: $note.text) }
}

/// A plain reference; and an unused one, which is unused_state's.
struct NoteRow: View {
    let note: Note
    @Bindable var spare: Note // expect: unused_state
    var body: some View { Text(note.text) }
}
