import SwiftUI

struct DismissEditor: View {
    @Binding var isPresented: Bool
    @State private var text = ""
    var body: some View {
        TextEditor(text: $text)
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button("Cancel") { isPresented = false } // expect: sheet_dismiss_binding
                }
                ToolbarItem(placement: .confirmationAction) {
                    Button("Save", action: save)
                }
            }
    }
}

extension DismissEditor {
    func save() {
        self.isPresented = false // expect: sheet_dismiss_binding
    }
}

struct DismissImporter: View {
    @Binding var isShown: Bool
    let title: String
    var body: some View {
        Button(title) {
            isShown = false // expect: sheet_dismiss_binding
        }
    }
}
