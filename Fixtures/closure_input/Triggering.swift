import SwiftUI

/// Action callbacks of every spelling, in views built once per row of a container (`Catalog`).
struct ItemRow: View {
    let item: Item
    // One finding names all five callbacks.
    let onSelect: () -> Void // expect: closure_input:9
    let onDelete: (Item) -> Void
    var onOpen: ((URL) -> Void)?
    let onShare: @MainActor @Sendable (Item) -> Void
    private let onRename: (_ item: Item, _ name: String) -> Void

    init(item: Item, onSelect: @escaping () -> Void, onDelete: @escaping (Item) -> Void,
         onShare: @escaping @MainActor @Sendable (Item) -> Void,
         onRename: @escaping (Item, String) -> Void) {
        self.item = item
        self.onSelect = onSelect
        self.onDelete = onDelete
        self.onShare = onShare
        self.onRename = onRename
    }

    var body: some View {
        Button(item.name, action: onSelect)
            .contextMenu {
                Button("Delete") { onDelete(item) }
                Button("Share") { onShare(item) }
                Button("Rename") { onRename(item, "x") }
                if let onOpen { Button("Open") { onOpen(item.url) } }
            }
    }
}

/// Builder content stored as a closure is rebuilt on every parent update.
struct Card<Content: View>: View {
    @ViewBuilder let content: () -> Content // expect: closure_input:22
    var body: some View { content().padding() }
}

struct Section<Header: View, Content: View>: View {
    // One finding names every builder of the view.
    let header: () -> Header // expect: closure_input
    var content: (() -> Content)?
    var body: some View {
        VStack {
            header()
            content?()
        }
    }
}

/// A closure that builds rows from arguments cannot be built ahead, but is still compared.
struct Rows<Row: View>: View {
    let count: Int
    let row: (Int) -> Row // expect: closure_input
    @ViewBuilder let footer: ((Int) -> Row)?
    var body: some View {
        VStack {
            ForEach(0..<count, id: \.self) { row($0) }
            footer?(count)
        }
    }
}

/// A default value does not make it constant when callers can replace it.
struct Toast: View {
    let message: String
    var onDismiss: () -> Void = {} // expect: closure_input
    var body: some View { Text(message).onTapGesture(perform: onDismiss) } // expect: accessibility_button_trait
}

/// Nor does being private, when an initializer sets it.
struct Stepper2: View {
    private var onChange: (Int) -> Void = { _ in } // expect: closure_input
    init(onChange: @escaping (Int) -> Void) { self.onChange = onChange }
    var body: some View { Button("+") { onChange(1) } }
}

/// A type alias for a function type, declared in the view.
struct Toolbar: View {
    typealias Action = () -> Void
    let title: String
    let save: Action // expect: closure_input
    var body: some View { Button(title, action: save) }
}

/// View modifiers are compared the same way.
struct Tappable: ViewModifier {
    let isEnabled: Bool
    let onTap: () -> Void // expect: closure_input
    func body(content: Content) -> some View { content.onTapGesture(perform: onTap).disabled(!isEnabled) }
}

/// The conformance may come from an extension in the same project.
struct Banner {
    let text: String
    let onClose: () -> Void // expect: closure_input
}

extension Banner: View {
    var body: some View { HStack { Text(text); Button("Close", action: onClose) } }
}

/// An `Equatable` conformance without a custom `==` cannot leave the closure out.
struct Plain: View, Equatable {
    let title: String
    let action: () -> Void // expect: closure_input
    var body: some View { Button(title, action: action) }
}

struct Item: Identifiable, Equatable {
    let id: UUID
    let name: String
    let url: URL
}

/// Builds every callback view above once per row.
struct Catalog: View {
    let items: [Item]
    var body: some View {
        List(items) { item in
            ItemRow(item: item, onSelect: {}, onDelete: { _ in }, onShare: { _ in }, onRename: { _, _ in })
            Rows(count: 1, row: { Text("\($0)") }, footer: nil)
            Toast(message: item.name)
            Stepper2(onChange: { _ in })
            Toolbar(title: item.name, save: {})
            Text(item.name).modifier(Tappable(isEnabled: true, onTap: {}))
            Banner(text: item.name, onClose: {})
            Plain(title: item.name, action: {})
        }
    }
}
