import SwiftUI

struct GroupedEditorScreen: View {
    var body: some View {
        Text("Draft")
            .toolbar {
                ToolbarItemGroup(placement: .primaryAction) {
                    Button("Undo") { undo() }
                    Button("Redo") { redo() }
                }
                ToolbarItem(placement: .cancellationAction) { Button("Cancel") { undo() } }
                ToolbarItem(placement: .confirmationAction) { Button("Done") { redo() } }
                ToolbarItem(placement: .bottomBar) {
                    HStack {
                        Button("Filter") { undo() }
                        Spacer()
                        Text("3 items")
                    }
                }
                ToolbarItem(id: "share", placement: .secondaryAction) { Button("Share") { undo() } }
                ToolbarItem(id: "send", placement: .secondaryAction) { Button("Send") { redo() } }
            }
            .toolbar {
                ToolbarItem(placement: .primaryAction) { Button("Other") { undo() } }
            }
    }
    func undo() {}
    func redo() {}
}
