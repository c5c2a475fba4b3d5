import SwiftUI

struct EditorScreen: View {
    var body: some View {
        Text("Draft")
            .toolbar {
                ToolbarItem(placement: .primaryAction) { // expect: toolbar_item_group
                    HStack {
                        Button("Undo") { undo() }
                        Button("Redo") { redo() }
                    }
                }
                ToolbarItem { // expect: toolbar_item_group
                    Button("Bold") { undo() }
                    Button("Italic") { redo() }
                }
                ToolbarItem(placement: .topBarTrailing) {
                    Button("Share") { undo() }
                }
                ToolbarItem(placement: .topBarTrailing) { // expect: toolbar_item_group
                    Button("Send") { redo() }
                }
            }
    }
    func undo() {}
    func redo() {}
}
