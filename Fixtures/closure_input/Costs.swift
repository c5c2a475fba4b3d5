import SwiftUI

/// A small leaf built once: its callback costs one small body per parent update, like
/// SwiftUI's own `Button(action:)`. Not reported by default (`callbacks: all` reports it as a note).
struct ChipButton: View {
    let title: String
    let onTap: () -> Void
    var body: some View { Button(title, action: onTap) }
}

struct ChipBar: View {
    var body: some View { ChipButton(title: "One") {} }
}

/// A large body re-runs a lot of work on each parent update, but a view this large is usually
/// a whole screen whose parent rarely updates: reported only with
/// `callbacks: rows_and_large_bodies` or `all`.
struct StatusBoard: View {
    let title: String
    let onRefresh: () -> Void
    var body: some View {
        VStack {
            Text(title); Text(title); Text(title); Text(title); Text(title)
            Text(title); Text(title); Text(title); Text(title); Text(title)
            Text(title); Text(title); Text(title); Text(title); Text(title)
            Text(title); Text(title); Text(title); Text(title); Text(title)
            Text(title); Text(title); Text(title); Text(title); Text(title)
            Text(title); Text(title); Text(title); Text(title)
            Button("Refresh", action: onRefresh)
        }
    }
}

/// A representable re-runs `updateUIView`, and this one is built once per row.
struct MapPin: UIViewRepresentable {
    let name: String
    let onSelect: () -> Void // expect: closure_input
    func makeUIView(context: Context) -> UIView { UIView() }
    func updateUIView(_ view: UIView, context: Context) { view.accessibilityLabel = name; _ = onSelect }
}

struct Pins: View {
    let names: [String]
    var body: some View { ForEach(names, id: \.self) { MapPin(name: $0) {} } }
}

/// A closure input nothing calls is an unused input, the stronger finding.
struct Forgotten: View {
    let title: String
    let onClose: () -> Void // expect: unused_stored_input
    var body: some View { Text(title) }
}

/// Type-erasing wrappers and per-item builders whose closure is the only data: neither an
/// `==` on other fields nor building in `init` applies.
struct AnyStyle: ViewModifier {
    let apply: (Content) -> AnyView
    func body(content: Content) -> some View { apply(content) }
}

struct Grid<Item, Cell: View>: View {
    let cell: (Item) -> Cell
    var body: some View { EmptyView() }
    func make(_ item: Item) -> Cell { cell(item) }
}

struct Styled: View {
    let items: [String]
    var body: some View {
        ForEach(items, id: \.self) { item in
            Text(item).modifier(AnyStyle { AnyView($0) })
            Grid<String, Text> { Text($0) }
        }
    }
}
