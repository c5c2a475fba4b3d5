import ViewLintCore
import ViewLintModel

/// ## What it does
/// Flags `@ObservedObject var model = Model()`: an observed object that the view creates itself.
///
/// ## Why is this bad?
/// `@ObservedObject` does not own its object. The initial value runs every time the parent
/// re-creates the view (on each of its body evaluations), so the view gets a fresh object and
/// loses whatever the old one held: typed text, loaded data, a running task's result.
///
/// ## Use instead
/// `@StateObject private var model = Model()`, which SwiftUI creates once per view identity;
/// or, with an `@Observable` class, `@State private var model = Model()`.
public struct ObservedObjectDefault: Rule {
    public static let description = RuleDescription(
        id: "observed_object_default",
        name: "Observed object created by the view",
        summary: "An @ObservedObject is initialised with a new instance, which is replaced on every parent update.",
        rationale: """
            `@ObservedObject` subscribes a view to an object someone else owns. When the view creates the object \
            in the property's initial value, nobody owns it: the initial value runs each time the parent's body \
            builds the view again, and the view then observes a brand-new object. Whatever the old one held is \
            lost (text being typed, loaded data, a selection), and work its `init` starts runs again.

            `@StateObject` runs the initial value once per view identity and keeps the object for as long as the \
            view exists; with an `@Observable` class, `@State` does the same. The fix replaces the attribute with \
            `@StateObject` and makes the property `private`, since a parent cannot usefully set it.

            Not reported: an initial value that may return an existing object (`Model.shared`, `Model.make()`, \
            `container.model`), an `@ObservedObject` without an initial value (the parent passes it in), and \
            properties of types that are not views.
            """ + "\n\n" + ViewDefinition.documentation,
        severity: .error,
        precision: .high,
        tags: ["correctness", "swiftui", "state"],
        triggeringExamples: [
            RuleExample("""
                struct Search: View {
                    @ObservedObject var ↓model = SearchModel()
                    var body: some View { TextField("Search", text: $model.query) }
                }
                """),
            RuleExample("""
                struct Feed: View {
                    @ObservedObject
                    private var ↓loader = Loader.init(url: URL(string: "https://example.com")!)
                    var body: some View { Text(loader.title) }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct Search: View {
                    @StateObject private var model = SearchModel()
                    var body: some View { TextField("Search", text: $model.query) }
                }
                """),
            RuleExample("""
                struct Detail: View {
                    @ObservedObject var model: DetailModel
                    var body: some View { Text(model.title) }
                }
                """),
            RuleExample("""
                struct Settings: View {
                    @ObservedObject var store = SettingsStore.shared
                    @ObservedObject var player = Player.make()
                    var body: some View { Text(store.name) }
                }
                """),
            RuleExample("""
                final class Coordinator {
                    @ObservedObject var model = SearchModel()
                }
                """),
        ],
        knownLimits: [
            "A capitalised free function that returns a shared object (`Resolver()`) looks like an initialiser and is reported.",
            "The fix inserts `private` only when the property has no access modifier; a `public` one keeps it.",
        ]
    )


    public init(options: RuleOptions) {}

    public func check(_ context: RuleContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for (view, _, properties) in context.viewWrappedProperties {
            for wrapped in properties where wrapped.wrapper == "ObservedObject" {
                let property = wrapped.property
                guard let typeName = ProjectModel.newInstanceTypeName(property.initializer) else { continue }
                let wrapper = property.attributes[wrapped.wrapperIndex]
                diagnostics.append(Diagnostic(
                    range: property.nameRange,
                    message: "'\(property.name)' is an @ObservedObject created by the view, so every parent update "
                        + "replaces it with a new '\(typeName)' and its data is lost; use @StateObject (or @State with "
                        + "an @Observable class) so SwiftUI keeps one instance",
                    symbol: "\(view.qualifiedName).\(property.name)",
                    fixes: [fix(property, wrapper: wrapper, file: context.file)]))
            }
        }
        return diagnostics
    }

    /// `@ObservedObject var` becomes `@StateObject private var`, keeping whatever sits between
    /// the attribute and `var` (other attributes, modifiers, a line break, comments).
    func fix(_ property: Member, wrapper: Attribute, file: FileModel) -> Fix {
        let summary = "use '@StateObject private var \(property.name)'"
        guard let introducer = property.introducerRange, wrapper.range.end <= introducer.start else {
            return Fix(summary: summary)
        }
        let between = file.text(SourceRange(start: wrapper.range.end, end: introducer.start))
        let access = StateFixes.hasAccessModifier(property) ? "" : "private "
        let text = "@StateObject" + between + access + file.text(introducer)
        return Fix(summary: summary, replacement: (SourceRange(start: wrapper.range.start, end: introducer.end), text))
    }
}
