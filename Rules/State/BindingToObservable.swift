import ViewLintCore
import ViewLintModel

/// ## What it does
/// Flags `@Binding var model: Model` where `Model` is an `@Observable` project class.
///
/// ## Why is this bad?
/// A binding exists to write a value back to its owner. A view holding a reference to an
/// observable object never replaces the reference: it changes the object's properties, which
/// Observation tracks without any binding. The `@Binding` only forces every parent to pass
/// `$model` and adds a layer of indirection to each access.
///
/// ## Use instead
/// `@Bindable var model: Model` when the view needs bindings to its properties
/// (`TextField("Name", text: $model.name)`), or a plain `let model: Model`.
public struct BindingToObservable: Rule {
    public static let description = RuleDescription(
        id: "binding_to_observable",
        name: "Binding to an observable object",
        summary: "A @Binding holds an @Observable class, where @Bindable or a plain property does the job.",
        rationale: """
            With Observation, a view that reads `model.name` in its body is updated when `name` changes, however \
            the view got hold of `model`. A `@Binding` to the object adds nothing to that: it exists to write a \
            new value back to the owner, and a view that edits an object changes its properties, not the \
            reference. The binding makes every parent pass `$model`, and each access goes through the binding's \
            getter.

            Use `@Bindable var model: Model` when the view needs bindings to the object's properties (`$model.name` \
            keeps working), or `let model: Model` when it only reads and calls methods. Parents then pass `model` \
            instead of `$model`.

            Not reported: a binding the view assigns (`model = other` replaces which object the parent holds, which \
            only a binding can do), including from an extension in another file or a nested type (`parent.model`); \
            an optional binding (`@Binding var selection: Item?`), which is how a parent's selection is written; \
            classes that are not `@Observable` or SwiftData `@Model` in the project; and value types.
            """ + "\n\n" + ViewDefinition.documentation,
        severity: .warning,
        precision: .high,
        tags: ["swiftui", "state", "observation"],
        triggeringExamples: [
            RuleExample("""
                @Observable final class Profile { var name = "" }
                struct ProfileEditor: View {
                    @Binding var ↓profile: Profile
                    var body: some View { TextField("Name", text: $profile.name) }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                @Observable final class Profile { var name = "" }
                struct ProfileEditor: View {
                    @Bindable var profile: Profile
                    var body: some View { TextField("Name", text: $profile.name) }
                }
                """),
            RuleExample("""
                @Observable final class Profile { var name = "" }
                struct ProfilePicker: View {
                    @Binding var current: Profile
                    let all: [Profile]
                    var body: some View { Button("First") { current = all[0] } }
                }
                """),
            RuleExample("""
                @Observable final class Profile { var name = "" }
                struct ProfileList: View {
                    @Binding var selection: Profile?
                    var body: some View { Text(selection?.name ?? "") }
                }
                """),
            RuleExample("""
                struct Profile { var name = "" }
                struct ProfileEditor: View {
                    @Binding var profile: Profile
                    var body: some View { TextField("Name", text: $profile.name) }
                }
                """),
        ],
        knownLimits: [
            "A binding passed on to a child's `@Binding` (`Child(model: $model)`) is reported; the child's binding is then reported too, and both change together.",
            "The class must be declared in the linted files: an `@Observable` class from another module is not known to be one.",
        ]
    )

    public init(options: RuleOptions) {}

    public func check(_ context: RuleContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let project = context.project
        for (view, _, properties) in context.viewWrappedProperties {
            for wrapped in properties where wrapped.wrapper == "Binding" {
                let property = wrapped.property
                guard let text = property.typeText,
                      !TypeText.isOptional(text),
                      let model = project.projectClass(text, from: view), model.kind == .observable,
                      !project.isReassigned(property.name, in: view) else { continue }
                let name = model.type.qualifiedName
                diagnostics.append(Diagnostic(
                    range: property.nameRange,
                    message: "'\(property.name)' is a @Binding to the @Observable class '\(name)', whose property changes "
                        + "SwiftUI tracks without a binding; use '@Bindable var \(property.name): \(name)' for bindings "
                        + "to its properties, or a plain 'let', and pass the object instead of '$\(property.name)'",
                    symbol: "\(view.qualifiedName).\(property.name)",
                    advice: FilledText("declare '\(property.name)' @Bindable and pass the object instead of a binding")))
            }
        }
        return diagnostics
    }
}
