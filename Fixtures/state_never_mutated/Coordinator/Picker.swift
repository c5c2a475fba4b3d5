import SwiftUI

/// The coordinator in another file writes the binding through `parent`.
struct NMPhotoPicker: UIViewControllerRepresentable {
    @Binding var imageData: Data?

    func makeUIViewController(context: Context) -> UIViewController { UIViewController() }
    func updateUIViewController(_ controller: UIViewController, context: Context) {
        controller.title = imageData == nil ? "Pick" : "Picked"
    }
    func makeCoordinator() -> Coordinator { Coordinator(parent: self) }
}
