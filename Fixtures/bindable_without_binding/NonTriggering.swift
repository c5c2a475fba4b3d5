import SwiftUI

@Observable final class BWNote {
    var text = ""
}

struct BWNoteEditor: View {
    @Bindable var note: BWNote
    var body: some View { TextField("Text", text: $note.text) }
}

/// Projected from an extension only.
struct BWNoteForm: View {
    @Bindable var note: BWNote
    var body: some View { form }
}

extension BWNoteForm {
    var form: some View { TextField("Text", text: $note.text) }
}

/// A plain reference; and an unused one, which is unused_state's.
struct BWNoteRow: View {
    let note: BWNote
    @Bindable var spare: BWNote // expect: unused_state
    var body: some View { Text(note.text) }
}
