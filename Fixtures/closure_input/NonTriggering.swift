import SwiftUI

/// The builder runs in `init`; the view stores what it built.
struct Card<Content: View>: View {
    let content: Content
    init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }
    var body: some View { content.padding() }
}

/// A custom `==` decides equality, and it leaves the closure out.
struct ItemRow: View, Equatable {
    let name: String
    let onSelect: () -> Void
    static func == (lhs: ItemRow, rhs: ItemRow) -> Bool { lhs.name == rhs.name }
    var body: some View { Button(name, action: onSelect) }
}

/// The same, with the `==` in an extension in the same file.
struct Tile: View {
    let value: Int
    let onTap: () -> Void
    var body: some View { Text("\(value)").onTapGesture(perform: onTap) } // expect: accessibility_button_trait
}

extension Tile: Equatable {
    static func == (lhs: Tile, rhs: Tile) -> Bool { lhs.value == rhs.value }
}

/// Static closures, wrapped closures and closures the view gives itself.
struct Formatted: View {
    static let format: (Double) -> String = { String(format: "%.1f", $0) }
    @State private var pending: (() -> Void)? = nil
    private let trim: (String) -> String = { $0.trimmingCharacters(in: .whitespaces) }
    let value: Double
    var formatter: (Double) -> String { Self.format }

    var body: some View {
        Text(trim(formatter(value)))
            .onAppear { pending?() }
    }

    func run(_ action: () -> Void) { action() }
}

/// Not views: models, coordinators and styles keep closures freely.
final class Coordinator {
    var onFinish: () -> Void = {}
}

struct Route {
    let build: () -> AnyView
}

/// Builders deferred on purpose: taken as an `@autoclosure`, or called only when a sheet is
/// presented. Building them in `init` would build what may never
/// be shown.
struct LazyDestination<Content: View>: View {
    let build: () -> Content
    init(_ build: @autoclosure @escaping () -> Content) { self.build = build }
    var body: some View { build() }
}

struct SheetButton<Sheet: View>: View {
    let title: String
    let sheet: () -> Sheet
    @State private var isPresented = false
    var body: some View {
        Button(title) { isPresented = true }
            .sheet(isPresented: $isPresented) { sheet() }
    }
}

/// Called where the model cannot tell when it runs: inside a method of another type.
struct ResolvedView<Content: View>: View {
    let make: () -> Content
    var body: some View { Resolver.shared.resolve { make() } }
}
