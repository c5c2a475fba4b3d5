import SwiftUI

/// Every wrapper used in one of the ways that count.
struct USEditor: View {
    @State private var isDirty = false
    @State private var count = 0
    @Namespace private var animation
    @FocusState private var focused: Bool
    @GestureState private var dragOffset = CGSize.zero
    @Binding var text: String
    @StateObject private var store = USEditorStore()
    @ObservedObject var feed: USEditorStore
    @AppStorage("compact") private var compact = false
    @State private var written = 0
    @State private var interpolated = "x"

    var body: some View {
        VStack {
            TextField("Text", text: $text)
                .focused($focused)
                .matchedGeometryEffect(id: "field", in: animation)
                .offset(dragOffset)
            Text("\(interpolated) \(self.count)")
            Text(store.title + feed.title)
            Toggle("Compact", isOn: _compact.projectedValue)
            Button("Reset") { interpolated = ""; count = 0 }
        }
        .onChange(of: text) {
            isDirty = true
            written += 1
        }
    }
}

/// A representable's coordinator writes the binding through `parent`.
struct USMapView: UIViewRepresentable {
    @Binding var region: String

    func makeUIView(context: Context) -> UIView { UIView() }
    func updateUIView(_ view: UIView, context: Context) {}
    func makeCoordinator() -> Coordinator { Coordinator(parent: self) }

    final class Coordinator: NSObject {
        let parent: USMapView
        init(parent: USMapView) { self.parent = parent }
        func moved(to region: String) { parent.region = region }
    }
}

/// Environment values and plain inputs are other rules' findings.
struct USHeader: View {
    @Environment(\.dismiss) private var dismiss // expect: unused_environment
    let unused: Int // expect: unused_stored_input
    var body: some View { Text("Header") }
}

/// A property a project protocol requires may be read through the protocol.
protocol USSelectable {
    var selection: Int { get }
}

struct USChooser: View, USSelectable {
    @State var selection = 0
    var body: some View { Text("Chooser") }
}

final class USEditorStore: ObservableObject { // expect: observable_object
    @Published var title = ""
}

/// Kept for its lifetime: the object's deinit runs the action when the view goes away.
struct USOnFinalDisappear: ViewModifier {
    @StateObject private var observer: Observer

    init(action: @escaping () -> Void) {
        _observer = StateObject(wrappedValue: Observer(action: action))
    }

    func body(content: Content) -> some View { content }

    final class Observer: ObservableObject {
        let action: () -> Void
        init(action: @escaping () -> Void) { self.action = action }
        deinit { action() }
    }
}
