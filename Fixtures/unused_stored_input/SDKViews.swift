import SwiftUI

// Every SDK protocol that refines View or ViewModifier makes a view (KnownNames.viewProtocols).

struct Wedge: Shape {
    let angle: Double
    let unusedTint: Color // expect: unused_stored_input
    func path(in rect: CGRect) -> Path { Path(CGRect(x: 0, y: 0, width: angle, height: 1)) }
}

struct Inset: InsettableShape {
    let corner: CGFloat // expect: unused_stored_input
    var amount: CGFloat
    func path(in rect: CGRect) -> Path { Path(rect.insetBy(dx: amount, dy: amount)) }
    func inset(by amount: CGFloat) -> some InsettableShape { Inset(corner: 0, amount: amount) }
}

struct Themed: EnvironmentalModifier {
    let fallback: Color // expect: unused_stored_input
    func resolve(in environment: EnvironmentValues) -> some ViewModifier { EmptyModifier() }
}

struct WebView: SwiftUI.UIViewRepresentable {
    let url: URL
    let cachePolicy: Int // expect: unused_stored_input
    func makeUIView(context: Context) -> UIView { UIView() }
    func updateUIView(_ view: UIView, context: Context) { _ = url }
}

struct PickerController: UIViewControllerRepresentable {
    let title: String // expect: unused_stored_input
    func makeUIViewController(context: Context) -> UIViewController { UIViewController() }
    func updateUIViewController(_ controller: UIViewController, context: Context) {}
}

struct MacField: NSViewRepresentable {
    let placeholder: String // expect: unused_stored_input
    func makeNSView(context: Context) -> NSView { NSView() }
    func updateNSView(_ view: NSView, context: Context) {}
}

struct MacSheet: NSViewControllerRepresentable {
    let size: CGSize // expect: unused_stored_input
    func makeNSViewController(context: Context) -> NSViewController { NSViewController() }
    func updateNSViewController(_ controller: NSViewController, context: Context) {}
}

struct WatchMap: WKInterfaceObjectRepresentable {
    let zoom: Double // expect: unused_stored_input
    func makeWKInterfaceObject(context: Context) -> WKInterfaceMap { WKInterfaceMap() }
    func updateWKInterfaceObject(_ map: WKInterfaceMap, context: Context) {}
}

/// A project protocol refining one of them makes its conformers views too.
protocol Drawable: Shape {}
struct Star: Drawable {
    let points: Int // expect: unused_stored_input
    func path(in rect: CGRect) -> Path { Path(rect) }
}

/// The representable's coordinator is not a view: its own closure and properties are its business,
/// and what it reads through `parent` counts for the representable.
struct MapView: UIViewRepresentable {
    let zoom: Double
    func makeUIView(context: Context) -> UIView { UIView() }
    func updateUIView(_ view: UIView, context: Context) {}
    func makeCoordinator() -> Coordinator { Coordinator(parent: self) }

    final class Coordinator {
        let parent: MapView
        let onRegionChange: () -> Void = {}
        let unusedHere = 0
        init(parent: MapView) { self.parent = parent }
        func zoomLevel() -> Double { parent.zoom }
    }
}
