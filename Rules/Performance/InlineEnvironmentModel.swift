import ViewLintCore
import ViewLintModel

/// ## What it does
/// Flags `.environment(Model())` and `.environmentObject(Model())` in a view builder: a new
/// model instance created each time the builder runs.
///
/// ## Why is this bad?
/// The builder runs on every update of the view. Each run creates a new model and hands it to
/// the subtree, which loses everything the previous instance held, and every view that reads
/// it re-renders because the object changed.
///
/// ## Use instead
/// Create the model once, in `@State` (or `@StateObject`) of the view that owns it, and pass
/// that: `.environment(model)`.
public struct InlineEnvironmentModel: Rule {
    public static let description = RuleDescription(
        id: "inline_environment_model",
        name: "Model created inline for the environment",
        summary: "`.environment(...)` or `.environmentObject(...)` in a view builder receives a new instance, created on every evaluation.",
        rationale: """
            `.environment(Model())` and `.environmentObject(Model())` look like they set up a model once, but the \
            expression runs every time the enclosing `body` is evaluated: each update of the view creates another \
            instance and injects it. The subtree then reads a model that has lost whatever the previous one \
            loaded or the user changed, every view that reads it is invalidated because the object is a different \
            one, and work done in the model's initializer is repeated.

            Own the model where it should live: `@State private var model = Model()` (or `@StateObject` for an \
            `ObservableObject`) in the view or `App` that creates it, then `.environment(model)`.

            Not reported: shared instances and factories (`Model.shared`, `.environment(Model.preview)`, \
            `makeModel()`), values for environment keys (`.environment(\\.locale, Locale(identifier: "fr"))`), \
            `#Preview` and `PreviewProvider` code, and models created in closures that run once per action.
            """,
        severity: .warning,
        precision: .high,
        tags: ["lifetime", "correctness", "swiftui"],
        triggeringExamples: [
            RuleExample("""
                struct RootView: View {
                    var body: some View {
                        ContentView()
                            .environment(↓LibraryModel())
                            .environmentObject(↓Settings.init())
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct RootView: View {
                    @State private var library = LibraryModel()
                    @StateObject private var settings = Settings()
                    var body: some View {
                        ContentView()
                            .environment(library)
                            .environmentObject(settings)
                            .environmentObject(Settings.shared)
                            .environment(\\.locale, Locale(identifier: "fr"))
                    }
                }
                """),
            RuleExample("""
                struct ContentView_Previews: PreviewProvider {
                    static var previews: some View {
                        ContentView().environment(LibraryModel())
                    }
                }
                """),
        ],
        knownLimits: [
            "A new instance made by a project factory method (`Model.make()`) or a local variable of `body` is not seen.",
            "The body of an `App` (a scene builder) is not checked.",
        ]
    )

    static let modifiers: Set<String> = ["environment", "environmentObject"]

    public init(options: RuleOptions) {}

    public func check(_ context: RuleContext) -> [Diagnostic] {
        // Both modifiers' names start with `environment`; searched from its `v`, a rarer byte
        // than `e` (the search stops at each occurrence of the first byte), then the `en` before
        // it (`Environment`, in nearly every file, is not these modifiers). Only where views
        // are built: most files build none.
        guard context.mayBuildViews else { return [] }
        let source = context.file.source
        var mentionsModifier = false
        source.forEachOccurrence(of: "vironment") { offset in
            mentionsModifier = offset >= 2 && source.bytes[offset - 2] == UInt8(ascii: "e") && source.bytes[offset - 1] == UInt8(ascii: "n")
            return !mentionsModifier
        }
        guard mentionsModifier else { return [] }
        var diagnostics: [Diagnostic] = []
        let project = context.project
        for (ref, decl) in context.declarations {
            guard let owner = project.typeInfo(of: ref), project.isView(owner) else { continue }
            for (member, block) in BodyQueries.viewBuildingMembers(decl) {
                BodyQueries.forEachView(in: block) { view, _ in
                    for modifier in view.modifiers where Self.modifiers.contains(modifier.name) {
                        guard modifier.arguments.count == 1, let argument = modifier.arguments.first, argument.isUnlabeled,
                              let type = BodyQueries.constructedType(argument.shape) else { continue }
                        diagnostics.append(Diagnostic(
                            range: argument.range,
                            message: "'.\(modifier.name)(\(argument.text))' creates a new '\(type)' every time '\(member.name)' is evaluated, so the subtree loses its state on each update; keep one instance in @State of the owning view and pass that",
                            symbol: "\(owner.qualifiedName).\(member.name):\(modifier.name)(\(type))"))
                    }
                }
            }
        }
        return diagnostics
    }
}
