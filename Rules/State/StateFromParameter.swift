import ViewLintCore
import ViewLintModel

/// ## What it does
/// Flags `@State var x: T` without an initial value that a parent sets through the memberwise
/// initializer (`Row(x: value)`).
///
/// ## Why is this bad?
/// SwiftUI creates a view's state once, the first time the view appears, from the value passed
/// then. Later values the parent passes for the same view are ignored, so the view keeps
/// showing the first one.
///
/// ## Use instead
/// `let x: T` when the view only reads it, `@Binding var x: T` when parent and child share it,
/// or `.id(value)` on the child when a new value should reset its state on purpose.
public struct StateFromParameter: Rule {
    public static let description = RuleDescription(
        id: "state_from_parameter",
        name: "State seeded from a parameter",
        summary: "A parent sets @State through the memberwise initializer, so later values it passes are ignored.",
        rationale: """
            `@State` storage is created once per view identity. A `@State var title: String` without an initial \
            value becomes a parameter of the memberwise initializer, and `Row(title: item.title)` seeds the state \
            the first time the row appears. When the parent later passes a different `item.title` for the same \
            row, SwiftUI keeps the state it has and the row goes on showing the old title: a bug that appears only \
            after data changes, and is hard to trace.

            Use `let title: String` when the child only reads the value, `@Binding var title: String` when the \
            child edits the parent's value, or keep the state and add `.id(item.id)` (or the value itself) to the \
            child where a new value should start it over. A child that edits a private copy of the value (a draft \
            in a sheet) may keep its state, but should say so with an explicit `init` that assigns \
            `_draft = State(initialValue: draft)`.

            Not reported: an `init` that seeds the state (`_x = State(initialValue: x)`, `self.x = x`) is a \
            deliberate choice; state with an initial value (see `state_not_private`); optional state no call site \
            passes (it starts as nil); `@StateObject`, whose memberwise argument is an autoclosure that runs once.
            """ + "\n\n" + ViewDefinition.documentation,
        severity: .warning,
        precision: .high,
        tags: ["correctness", "swiftui", "state"],
        triggeringExamples: [
            RuleExample("""
                struct Row: View {
                    @State var ↓title: String
                    var body: some View { Text(title) }
                }
                struct Rows: View {
                    let items: [String]
                    var body: some View { ForEach(items, id: \\.self) { Row(title: $0) } }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct Row: View {
                    @State private var draft: String
                    init(title: String) { _draft = State(initialValue: title) }
                    var body: some View { TextField("Title", text: $draft) }
                }
                struct Parent: View {
                    var body: some View { Row(title: "a") }
                }
                """),
            RuleExample("""
                struct Row: View {
                    @State var highlighted: Bool?
                    let title: String
                    var body: some View { Text(title) }
                }
                struct Parent: View {
                    var body: some View { Row(title: "a") }
                }
                """),
        ],
        knownLimits: [
            "Call sites are matched by the view's simple name and argument label, so a same-named type elsewhere can make a view look seeded.",
            "A view whose identity is tied to the value (inside `ForEach` keyed by it, or in `.sheet(item:)`) starts over when the value changes; it is reported all the same.",
            "An `init` that seeds `_model = StateObject(wrappedValue: Model(id: id))` is not reported.",
        ]
    )

    public init(options: RuleOptions) {}

    /// Construction calls are asked of an uninitialised `@State` (its parents' arguments).
    public func prepare(_ project: ProjectModel) { project.prepareConstructionCalls() }

    public func check(_ context: RuleContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let project = context.project
        for (view, _, properties) in context.viewWrappedProperties where !properties.isEmpty && !project.declaresInitializer(view) {
            for wrapped in properties where wrapped.wrapper == "State" {
                let property = wrapped.property
                guard property.initializer == nil, !project.initializerAssigns(wrapped.id, in: view) else { continue }
                let passing = project.constructionCount(of: view, passing: property.name)
                guard passing > 0 else { continue }
                diagnostics.append(Diagnostic(
                    range: property.nameRange,
                    message: "@State '\(property.name)' is set by \(passing == 1 ? "a parent" : "\(passing) call sites") "
                        + "through the memberwise initializer, so it keeps its first value and ignores the values passed "
                        + "later; use 'let' to read it, '@Binding' to share it, or '.id(...)' on the view to reset it on purpose",
                    symbol: "\(view.qualifiedName).\(property.name)"))
            }
        }
        return diagnostics
    }
}
