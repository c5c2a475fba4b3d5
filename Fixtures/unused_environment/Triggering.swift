import SwiftUI

/// Every subscribing wrapper, declared and never read.
struct Dashboard: View {
    @Environment(\.horizontalSizeClass) private var sizeClass // expect: unused_environment:53
    @Environment(Library.self) private var library // expect: unused_environment
    @EnvironmentObject var session: Session // expect: unused_environment
    @FocusedValue(\.selectedNote) private var note // expect: unused_environment
    @FocusedObject private var document: Document? // expect: unused_environment
    @FocusedBinding(\.draft) private var draft: String? // expect: unused_environment
    @Environment(\.colorScheme) private var colorScheme

    var body: some View {
        Text(colorScheme == .dark ? "Dark" : "Light")
    }
}

/// A parameter with the same name is not the property.
struct Closer: View {
    @Environment(\.dismiss) private var dismiss // expect: unused_environment

    func close(dismiss: () -> Void) { dismiss() }

    var body: some View {
        Button("Close") { close { } }
    }
}

/// Setting another environment key for the children is not a read of the property.
struct Locale2: View {
    @Environment(\.locale) private var locale // expect: unused_environment
    var body: some View {
        Text("x").environment(\.layoutDirection, .rightToLeft)
    }
}

/// View modifiers subscribe the same way.
struct Tinted: ViewModifier {
    @Environment(\.isEnabled) private var isEnabled // expect: unused_environment
    func body(content: Content) -> some View { content.tint(.red) }
}

/// Assigning the wrapper in `init` is not reading it.
struct Injected: View {
    @EnvironmentObject private var store: Store // expect: unused_environment
    init() {
        _store = EnvironmentObject()
    }
    var body: some View { Text("Injected") }
}

/// A key path into the environment, an argument label and a member of another value are not
/// reads of the property that shares their name.
struct LocalizedDate: View {
    @Environment(\.locale) private var locale // expect: unused_environment
    let date: Date
    let other: Formatter
    var body: some View {
        Text(format(date, locale: other.locale))
            .environment(\.locale, Locale(identifier: "en"))
    }
    func format(_ date: Date, locale: Locale) -> String { "" }
}

/// A local that shadows the property, read after its declaration, is not the property.
struct Shaded: View {
    @Environment(\.colorScheme) private var colorScheme // expect: unused_environment
    var body: some View {
        let colorScheme = ColorScheme.dark
        Text(colorScheme == .dark ? "dark" : "light")
    }
}

/// Neither is a name bound by `guard let` in a helper.
struct Guarded: View {
    @Environment(\.openURL) private var openURL // expect: unused_environment
    let link: URL?
    var body: some View { Text(label()) }
    func label() -> String {
        guard let openURL = link else { return "" }
        return openURL.absoluteString
    }
}

/// An unread `@Observable` object re-runs nothing, but is dead code (a note).
@Observable
final class ShelfCatalog {
    var books: [String] = []
}

struct Shelf: View {
    @Environment(ShelfCatalog.self) private var library // expect: unused_environment
    var body: some View { Text("Shelf") }
}

/// A project property wrapper that stores an environment value subscribes the view like
/// `@Environment` does.
@propertyWrapper
struct AppSetting<Value>: DynamicProperty {
    @Environment(\.appSettings) private var settings
    let keyPath: KeyPath<AppSettings, Value>
    init(_ keyPath: KeyPath<AppSettings, Value>) { self.keyPath = keyPath }
    var wrappedValue: Value { settings[keyPath: keyPath] }
}

struct ThemedLabel: View {
    @AppSetting(\.theme) private var theme // expect: unused_environment
    @AppSetting(\.fontSize) private var fontSize
    var body: some View { Text("Label").font(.system(size: fontSize)) }
}
