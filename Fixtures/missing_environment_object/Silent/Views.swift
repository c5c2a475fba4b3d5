import SwiftUI

final class Store: ObservableObject { // expect: observable_object
    @Published var count = 0
}

/// No root in the project: the injection is in another module.
struct Orphan: View {
    @EnvironmentObject var store: Store
    var body: some View { Child().opacity(store.count > 0 ? 1 : 0.5) }
}

struct Child: View {
    @EnvironmentObject var store: Store
    @Environment(Store.self) private var optional: Store?
    var body: some View { Text("\(store.count) \(optional == nil)") }
}

/// Injected through a custom modifier the project declares.
struct Injected: View {
    var body: some View {
        Child().withAppEnvironment()
    }
}

extension View {
    func withAppEnvironment() -> some View { environmentObject(Store()) }
}

@main
struct SilentApp: App {
    var body: some Scene {
        WindowGroup { Injected() }
    }
}

/// Holds a value of a type nested in the object's type (`Theme.Kind`), not the object: it owns
/// nothing its children need.
enum Appearance { case light, dark }

final class Theme: ObservableObject { // expect: observable_object
    typealias Kind = Appearance
    @Published var kind = Kind.light
}

struct ThemePicker: View {
    @EnvironmentObject var theme: Theme
    @State private var selected: Theme.Kind = .light
    var body: some View {
        ThemeSwatch()
            .opacity(theme.kind == selected ? 1 : 0.5)
    }
}

struct ThemeSwatch: View {
    @EnvironmentObject var theme: Theme
    var body: some View { Text(theme.kind == .light ? "Light" : "Dark") }
}
