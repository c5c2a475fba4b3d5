import SwiftUI

struct Row: View {
    let title: String
    let subtitle: String
    let icon: String
    let count: Int
    let onSelect: () -> Void // a small leaf built once: not worth a finding by default
    let store: Store
    let binding: Binding<Bool>
    let item: Item

    var body: some View {
        HStack {
            Image(systemName: icon)
            VStack(alignment: .leading) {
                Text(title)
                Text("\(subtitle) (\(count))")
            }
            Toggle("On", isOn: binding)
        }
        .onTapGesture { onSelect() } // expect: accessibility_button_trait
        .task { await store.refresh(self.item) }
    }
}

/// Reads in helpers, key paths, `$` and `_` spellings all count.
struct Sorted: View {
    let items: [Item]
    let keyPath: KeyPath<Item, String>
    let sortKey: String
    let value: Int
    @State private var query = ""

    var body: some View {
        List(sortedItems, id: \.name) { item in
            Text(item[keyPath: keyPath])
        }
        .searchable(text: $query)
        .navigationTitle(self[keyPath: \Self.sortKey])
    }

    private var sortedItems: [Item] {
        items.sorted { $0.name < $1.name }
    }

    func describe() -> String { String(_value) }
}

/// Properties with wrappers and static ones are other rules' business.
struct Settings: View {
    @AppStorage("theme") private var theme = "light"
    @Binding var isOn: Bool // expect: unused_state
    static let defaultTitle = "Settings"
    @Environment(\.colorScheme) private var colorScheme

    var body: some View {
        Text(colorScheme == .dark ? "dark" : theme)
    }
}

/// A custom == that reads the property keeps it.
struct Chart: View, Equatable {
    let points: [Double]
    let version: Int

    static func == (lhs: Chart, rhs: Chart) -> Bool {
        lhs.version == rhs.version
    }

    var body: some View {
        Text("\(points.count)")
    }
}

/// Not a view: plain models keep whatever properties they like.
struct Item: Identifiable {
    let id = UUID()
    let name: String
    let unused: Int
}

/// `if let name` unwraps the property.
struct Unwrapped: View {
    let name: String?

    var body: some View {
        if let name {
            Text(name)
        }
    }
}

/// A representable's coordinator reads the parent's properties.
struct MapView: UIViewRepresentable {
    let zoom: Double

    func makeUIView(context: Context) -> MKMapView { MKMapView() }
    func updateUIView(_ view: MKMapView, context: Context) {}
    func makeCoordinator() -> Coordinator { Coordinator(parent: self) }

    final class Coordinator {
        let parent: MapView
        init(parent: MapView) { self.parent = parent }
        func apply() -> Double { parent.zoom }
    }
}

/// Identifiable views keep `id`: ForEach reads it through the protocol.
struct Tile: View, Identifiable {
    let id: Int
    var body: some View { Text("tile") }
}

/// A property that a project protocol requires is kept, however the conformance names the
/// protocol: nested, through a refinement, or file-private.
enum Badges {
    protocol Titled { var title: String { get } }
}
protocol Subtitled: Badges.Titled { var subtitle: String { get } }
private protocol Tinted { var tint: Int { get } }

struct NestedRequirement: View, Badges.Titled {
    let title: String
    var body: some View { Text("badge") }
}

struct RefinedRequirement: View, Subtitled {
    let title: String
    let subtitle: String
    var body: some View { Text("badge") }
}

private struct PrivateRequirement: View, Tinted {
    let tint: Int
    var body: some View { Text("badge") }
}

/// Reads under any #if branch count.
struct Platform: View {
    let compact: Bool
    var body: some View {
        #if os(iOS)
        Text(compact ? "c" : "r")
        #else
        Text("mac")
        #endif
    }
}

/// Code in another type that receives the view reads its inputs.
struct Caption: UIViewRepresentable {
    let text: String
    let maximumLines: Int
    func makeUIView(context: Context) -> UILabel { UILabel() }
    func updateUIView(_ label: UILabel, context: Context) { label.apply(self) }
}

extension UILabel {
    func apply(_ caption: Caption) {
        text = caption.text
        numberOfLines = caption.maximumLines
    }
}

/// `self.title` is the property even where a parameter shadows it.
struct Titled: View {
    let title: String
    func label(title: String) -> some View { Text(self.title + title) }
    var body: some View { label(title: "suffix") }
}

/// A stored `body` is the `View` requirement itself, not an input.
struct Prebuilt: View {
    let body: Text
}
