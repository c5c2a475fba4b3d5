import ViewLintCore
import ViewLintModel

/// ## What it does
/// Flags `@Bindable var model: Model` that the view never uses through `$model`.
///
/// ## Why is this bad?
/// `@Bindable` exists to make bindings to an `@Observable` object's properties
/// (`TextField("Name", text: $model.name)`). Observation tracks what a view reads without it,
/// and methods and property assignments work on a plain reference, so a `@Bindable` that is
/// never projected only adds a wrapper and suggests the view edits the object through bindings.
///
/// ## Use instead
/// `let model: Model` (or `var` when the view replaces the reference).
public struct BindableWithoutBinding: Rule {
    public static let description = RuleDescription(
        id: "bindable_without_binding",
        name: "Bindable without binding",
        summary: "A @Bindable property is never used through $ to make a binding.",
        rationale: """
            `@Bindable` adds one thing to a reference to an `@Observable` object: the projection `$model`, which \
            makes bindings to its properties (`$model.name`). Reading `model.name` is tracked by Observation \
            without it, and `model.name = "x"` or `model.save()` work on a plain reference. A `@Bindable` the view \
            never projects adds a wrapper to each access, and tells readers the view edits the object through \
            controls when it does not.

            Declare the property `let model: Model` (or `var` when the view replaces the reference). Add \
            `@Bindable` back, or a local `@Bindable var model = model`, when a control needs a binding.

            A projection anywhere in the view counts: `$model` in any member or extension in another file, \
            `_model`, and `parent.$model` from a nested type. Not reported: a `@Bindable` nothing uses at all \
            (`unused_state` reports it).
            """ + "\n\n" + ViewDefinition.documentation,
        severity: .note,
        precision: .high,
        tags: ["swiftui", "state", "observation"],
        triggeringExamples: [
            RuleExample("""
                @Observable final class Book { var title = "" }
                struct BookRow: View {
                    @Bindable var ↓book: Book
                    var body: some View { Text(book.title) }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                @Observable final class Book { var title = "" }
                struct BookEditor: View {
                    @Bindable var book: Book
                    var body: some View { TextField("Title", text: $book.title) }
                }
                """),
            RuleExample("""
                @Observable final class Book { var title = "" }
                struct BookEditor: View {
                    @Bindable var book: Book
                    var body: some View { form }
                }
                extension BookEditor {
                    var form: some View { TextField("Title", text: $book.title) }
                }
                """),
            RuleExample("""
                @Observable final class Book { var title = "" }
                struct BookRow: View {
                    let book: Book
                    var body: some View { Text(book.title) }
                }
                """),
        ],
        knownLimits: [
            "A binding made by key path through the wrapper (`_book.projectedValue`) counts as a projection, which keeps the rule silent.",
        ]
    )


    public init(options: RuleOptions) {}

    public func check(_ context: RuleContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let project = context.project
        for (view, _, properties) in context.viewWrappedProperties {
            for wrapped in properties where wrapped.wrapper == "Bindable" {
                let property = wrapped.property
                guard project.isUsed(wrapped.id, in: view),
                      !isProjected(property.name, in: view, project: project) else { continue }
                let name = property.name
                let type = property.typeText.map { ": \($0)" } ?? ""
                diagnostics.append(Diagnostic(
                    range: property.nameRange,
                    message: "@Bindable '\(name)' is never used through '$\(name)'; Observation tracks what the view reads "
                        + "without the wrapper, so declare 'let \(name)\(type)' (or 'var' if the view replaces it)",
                    symbol: "\(view.qualifiedName).\(name)",
                    advice: FilledText("remove @Bindable from '\(name)'")))
            }
        }
        return diagnostics
    }

    /// `$x` or `_x` in any member of the view, or `.$x` from a nested type.
    func isProjected(_ name: String, in view: ProjectModel.TypeInfo, project: ProjectModel) -> Bool {
        let id = NameID.existing(name)
        let underscored = NameID.existing("_" + name)
        for (_, member) in project.members(of: view)
        where member.projectedReads.contains(id) || member.reads.contains(underscored) || member.memberProjectedReads.contains(id) {
            return true
        }
        for nested in project.nestedTypes(of: view) {
            for (_, member) in project.members(of: nested) where member.memberProjectedReads.contains(id) { return true }
        }
        return false
    }
}
