import SwiftData
import SwiftUI

@Observable final class EditableProfile {
    var name = ""
}

@Model final class EditableNote {
    var text = ""
    init(text: String) { self.text = text }
}

struct ProfileEditor: View {
    @Binding var profile: EditableProfile // expect: binding_to_observable:18

    var body: some View {
        TextField("Name", text: $profile.name)
    }
}

/// SwiftData models are observable too.
struct NoteEditor: View {
    @Binding var note: EditableNote // expect: binding_to_observable

    var body: some View {
        TextEditor(text: $note.text)
    }
}
