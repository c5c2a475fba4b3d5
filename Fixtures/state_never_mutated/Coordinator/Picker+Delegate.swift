import SwiftUI

/// A top-level delegate holding the view writes its binding too.
final class NMScannerDelegate: NSObject {
    var parent: NMScanner
    init(parent: NMScanner) { self.parent = parent }
    func found(_ code: String) { parent.code = code }
}

struct NMScanner: UIViewControllerRepresentable {
    @Binding var code: String

    func makeUIViewController(context: Context) -> UIViewController { UIViewController() }
    func updateUIViewController(_ controller: UIViewController, context: Context) {
        controller.title = code
    }
}
