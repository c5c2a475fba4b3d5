import SwiftUI

/// Calls are reads: `dismiss()`, `openURL(url)`.
struct Sheet: View {
    @Environment(\.dismiss) private var dismiss
    @Environment(\.openURL) private var openURL
    let url: URL

    var body: some View {
        VStack {
            Button("Open") { openURL(url) }
            Button("Done") { dismiss() }
        }
    }
}

/// Reads under any `#if` branch keep the property.
struct Adaptive: View {
    @Environment(\.horizontalSizeClass) private var sizeClass
    @Environment(\.controlActiveState) private var activeState

    var body: some View {
        #if os(iOS)
        Text(sizeClass == .compact ? "Compact" : "Regular")
        #else
        Text(activeState == .key ? "Key" : "Inactive")
        #endif
    }
}

/// Helpers, `self.x`, `$x` and `_x` spellings, and focused values.
struct Editor: View {
    @EnvironmentObject private var session: Session
    @Environment(Library.self) private var library
    @FocusedValue(\.selectedNote) private var note
    @FocusedBinding(\.draft) private var draft: String?
    @FocusedObject private var document: Document?

    var body: some View {
        VStack {
            header
            TextField("Name", text: $session.name)
            Text(note?.title ?? "")
            Text(draft ?? "")
            Text(document?.title ?? "")
        }
    }

    private var header: some View {
        @Bindable var library = library
        return Toggle("Shared", isOn: $library.isShared)
    }

    func describe() -> String { String(describing: _session) + "\(self.library)" }
}

/// Reads in action closures count.
struct Logout: View {
    @EnvironmentObject private var session: Session
    var body: some View {
        Button("Log out") { session.logOut() }
    }
}

/// Property wrappers that do not subscribe are other rules' business, and so are
/// environment properties of types that are not views.
struct Toggles: View {
    @State private var isOn = false // expect: unused_state
    @AppStorage("name") private var name = "" // expect: unused_state
    @Binding var value: Int // expect: unused_state
    var body: some View { Text("Toggles") }
}

struct Theme: DynamicProperty {
    @Environment(\.colorScheme) private var colorScheme
}

/// A representable hands itself to a helper in another type, which reads its values.
struct StyledLabel: UIViewRepresentable {
    @Environment(\.lineLimit) fileprivate var lineLimit
    @Environment(\.font) fileprivate var font
    func makeUIView(context: Context) -> UILabel { UILabel() }
    func updateUIView(_ label: UILabel, context: Context) { label.configure(with: self) }
}

extension UILabel {
    func configure(with view: StyledLabel) {
        numberOfLines = view.lineLimit ?? 0
        adjustsFontForContentSizeCategory = view.font != nil
    }
}

/// Read before a local of the same name is declared, or through `self` after it: both read the property.
struct ShadedLater: View {
    @Environment(\.colorScheme) private var colorScheme
    @Environment(\.locale) private var locale
    var body: some View {
        let isDark = colorScheme == .dark
        let colorScheme = isDark ? "dark" : "light"
        let locale = self.locale.identifier
        Text(colorScheme + locale)
    }
}

/// A key path with a written root is a member of that type, possibly this one.
struct RootedKeyPath: View {
    @Environment(\.dismiss) private var dismiss
    var body: some View { Text(String(describing: \RootedKeyPath.dismiss)) }
}
