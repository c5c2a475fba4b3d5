import ViewLintCore
import ViewLintModel

/// ## What it does
/// Flags an `@Environment`, `@EnvironmentObject`, `@FocusedValue`, `@FocusedObject` or
/// `@FocusedBinding` property of a view that no member of the view reads.
///
/// ## Why is this bad?
/// These wrappers subscribe the view when it is installed, whether or not `body` ever looks at
/// the value. Each change of the value (a new color scheme, a size class, any `@Published`
/// change of an environment object, focus moving) re-runs the view's body for nothing.
///
/// ## Use instead
/// Remove the property.
public struct UnusedEnvironment: Rule {
    public static let description = RuleDescription(
        id: "unused_environment",
        name: "Unused environment dependency",
        summary: "A view declares an environment or focused-value dependency that none of its members reads.",
        rationale: "Declaring " + declarations + """
             (or a property wrapper of the project that stores one of \
            these, such as a settings wrapper holding `@Environment(\\.settings)`) makes the view a dependent of that value as soon as SwiftUI \
            installs it, independently of whether its code reads the property. When the value changes (the color \
            scheme, the dynamic type size, the focused field, any `@Published` property of an environment \
            object), SwiftUI re-runs the view's `body`. A property nobody reads buys that cost and nothing else, \
            and it tells readers the view depends on something it does not.

            Remove the property. A read anywhere in the view counts, in any file and under any `#if` branch: \
            `body`, helpers, extensions, action closures, `self.x`, `_x`, `$x`, and calls such as `dismiss()` or \
            `openURL(url)`.
            """ + "\n\n" + ViewDefinition.documentation + "\n\n"
            + ViewDefinition.scope("views, view modifiers and representables, which SwiftUI subscribes to what they declare",
                                   notChecked: "an app or a scene re-evaluates rarely, and an unread environment value there is dead code rather than an update cost; previews never run in the app."),
        severity: .warning,
        precision: .high,
        tags: ["performance", "swiftui"],
        triggeringExamples: [
            RuleExample("""
                struct Header: View {
                    @Environment(\\.horizontalSizeClass) private var ↓sizeClass
                    let title: String
                    var body: some View { Text(title) }
                }
                """),
            RuleExample("""
                struct Cart: View {
                    @EnvironmentObject var ↓session: Session
                    @Environment(Store.self) private var ↓store
                    @FocusedValue(\\.selection) var ↓selection
                    var body: some View { Text("Cart") }
                }
                """),
            RuleExample("""
                struct Sheet: View {
                    @Environment(\\.dismiss) private var ↓dismiss
                    func close(dismiss: () -> Void) { dismiss() }
                    var body: some View { Text("Done") }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct Sheet: View {
                    @Environment(\\.dismiss) private var dismiss
                    var body: some View { Button("Done") { dismiss() } }
                }
                """),
            RuleExample("""
                struct Themed: View {
                    @Environment(\\.colorScheme) private var colorScheme
                    var body: some View {
                        #if os(iOS)
                        Text(colorScheme == .dark ? "dark" : "light")
                        #else
                        Text("mac")
                        #endif
                    }
                }
                """),
            RuleExample("""
                struct Editor: View {
                    @Environment(Library.self) private var library
                    var body: some View { content }
                }
                extension Editor {
                    var content: some View {
                        @Bindable var library = library
                        return TextField("Name", text: $library.name)
                    }
                }
                """),
            RuleExample("""
                struct Settings: View {
                    @State private var isOn = false
                    @AppStorage("name") private var name = ""
                    var body: some View { Text("Settings") }
                }
                """),
        ],
        knownLimits: [
            "A name bound by `if let`, `for` or a `case` pattern with the same name as the property counts as a read of it; a local `let`/`var`, `guard let`, parameter or closure parameter does not.",
            "A view that declares an environment value only to be re-evaluated when it changes is reported; suppress the finding with a reason.",
            "Fix (safe): removes the declaration's lines (attribute lines and a comment after it on its line included; comments above it stay). Not offered when the declaration shares a line with other code, declares several names, or an initializer assigns the property (`_session = ...`).",
            "`@Environment(Model.self)` of an `@Observable` class of the project is reported as dead code at `note` severity: with Observation an unread object re-runs nothing. Where the type is not in the linted files, the wording stays that of a subscription.",
        ],
        flagsUnusedCode: true
    )

    /// `@Environment(\.key)`, `@Environment(Model.self)`, `@EnvironmentObject`, ... `or @FocusedBinding`.
    private static let declarations: String = {
        let names = KnownNames.subscribingWrapperList.flatMap { name in
            name == "Environment" ? ["`@Environment(\\.key)`", "`@Environment(Model.self)`"] : ["`@\(name)`"]
        }
        return names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
    }()

    public init(options: RuleOptions) {}

    public func check(_ context: RuleContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let project = context.project
        var wrappers: Set<String>? = nil
        // The file's views with their wrapped properties, as the state rules share them.
        for (view, decl, properties) in context.viewWrappedProperties where !properties.isEmpty {
            if wrappers == nil { wrappers = project.subscribingProjectWrappers() }
            let projectWrappers = wrappers!
            // The view's read set asked once.
            var namesRead: NameSet? = nil
            for wrapped in properties {
                let (property, wrapper) = (wrapped.property, wrapped.wrapper)
                guard KnownNames.subscribingWrappers.contains(wrapper) || projectWrappers.contains(wrapper) else { continue }
                if namesRead == nil { namesRead = project.namesRead(in: view) }
                if namesRead!.contains(property.nameID) { continue }
                if let model = project.observableEnvironmentClass(property, in: view) {
                    // With Observation a view depends on the properties it reads, not on the object.
                    diagnostics.append(Diagnostic(
                        range: property.nameRange,
                        message: "@\(wrapper) property '\(property.name)' is never read; '\(model.qualifiedName)' is @Observable, so '\(decl.name)' depends only on what it reads and this re-runs nothing, but it is dead code: remove the property",
                        symbol: "\(view.qualifiedName).\(property.name)",
                        advice: FilledText("remove '\(property.name)' from '\(decl.name)'"),
                        severity: .note))
                    continue
                }
                diagnostics.append(Diagnostic(
                    range: property.nameRange,
                    message: "@\(wrapper) property '\(property.name)' is never read, but declaring it subscribes '\(decl.name)' to the value, so each change re-runs its body; remove the property",
                    symbol: "\(view.qualifiedName).\(property.name)",
                    fixes: [StateFixes.removal(of: property, in: decl, view: view, context: context)]))
            }
        }
        return diagnostics
    }
}
