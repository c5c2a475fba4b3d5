import SwiftUI

/// A property that a hosting controller of the module reads through the view it built is API
/// of the module as well as an input.
struct EditorView: View {
    let document: String
    let onClose: () -> Void
    var body: some View { Text("Editor") }
}

final class EditorController: UIHostingController<EditorView> {
    func title() -> String {
        let view = EditorView(document: "a", onClose: {})
        view.onClose()
        return view.document
    }
}
