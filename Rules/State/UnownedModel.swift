import ViewLintCore
import ViewLintModel

/// ## What it does
/// Flags a plain stored property of a view initialised with a new instance of a project model
/// class (`let model = Model()` where `Model` is `@Observable` or an `ObservableObject`).
///
/// ## Why is this bad?
/// A view's stored properties are initialised every time its parent's body builds it. The
/// view gets a new model on each parent update and loses whatever the old one held; nothing
/// keeps the object alive between updates.
///
/// ## Use instead
/// `@State private var model = Model()` for an `@Observable` class, `@StateObject private var`
/// for an `ObservableObject`: SwiftUI creates it once per view identity.
public struct UnownedModel: Rule {
    public static let description = RuleDescription(
        id: "unowned_model",
        name: "Model not owned by the view",
        summary: "A view stores a new model instance in a plain property, so every parent update replaces it.",
        rationale: """
            SwiftUI re-creates a view value each time the parent's body runs: every stored property's initial \
            value runs again. A model created in a plain property (`let model = Model()`) is therefore a new \
            object after every parent update. Its data (loaded items, text being edited) is lost, the work in \
            its `init` runs again, and for an `@Observable` class the body observes an object nobody else holds.

            Own the object with `@State private var model = Model()` (an `@Observable` class) or \
            `@StateObject private var model = Model()` (an `ObservableObject`); SwiftUI then creates it once per \
            view identity. The fix does exactly that when the property has no modifiers.

            Not reported: an initial value that may return an existing object (`Model.shared`, `Model.make()`, \
            `container.model`); classes that are not models (a formatter, a plain helper class); models from \
            outside the linted files; properties with a property wrapper; `static` properties, which exist once.
            """ + "\n\n" + ViewDefinition.documentation,
        severity: .warning,
        precision: .high,
        tags: ["correctness", "swiftui", "state"],
        triggeringExamples: [
            RuleExample("""
                @Observable final class Library { var books: [String] = [] }
                struct Shelf: View {
                    let ↓library = Library()
                    var body: some View { Text("\\(library.books.count)") }
                }
                """),
            RuleExample("""
                final class Timer: ObservableObject { @Published var tick = 0 }
                struct Clock: View {
                    var ↓timer = Timer()
                    var body: some View { Text("\\(timer.tick)") }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                @Observable final class Library {
                    static let shared = Library()
                    var books: [String] = []
                }
                struct Shelf: View {
                    let library = Library.shared
                    @State private var owned = Library()
                    let passedIn: Library
                    static let preview = Library()
                    var body: some View { Text("\\(library.books.count)") }
                }
                """),
            RuleExample("""
                final class Cache { var items: [String] = [] }
                struct Shelf: View {
                    let formatter = DateFormatter()
                    let cache = Cache()
                    var body: some View { Text("") }
                }
                """),
        ],
        knownLimits: [
            "A capitalised free function that returns a shared object looks like an initialiser and is reported.",
            "The fix is offered only for a property without modifiers (`private let model = Model()` is reported without one).",
        ]
    )

    public init(options: RuleOptions) {}

    public func check(_ context: RuleContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let project = context.project
        for (view, decl) in context.viewDeclarations {
            // Only a property with an initial value can create an instance: most have none.
            // Read in place, by the inlinable `kind` and `initializer`: iterating retained and
            // released every member.
            let members = decl.members
            for m in members.indices where members[m].kind == .storedProperty && members[m].initializer != nil {
                let property = members[m]
                guard !property.isStatic, property.propertyWrapperIndex == nil, !property.modifiers.contains("lazy"),
                      let model = project.newProjectInstance(property, in: view),
                      model.kind != .plainClass else { continue }
                let wrapper = model.kind == .observable ? "@State" : "@StateObject"
                let fixText = "\(wrapper) private var"
                let edit = property.modifiers.isEmpty
                    ? property.introducerRange.map { (range: $0, text: fixText) } : nil
                diagnostics.append(Diagnostic(
                    range: property.nameRange,
                    message: "'\(property.name)' stores a new '\(model.type.qualifiedName)' in a plain property, so every "
                        + "parent update creates another and its data is lost; declare it '\(fixText) \(property.name)' "
                        + "so SwiftUI keeps one instance",
                    symbol: "\(view.qualifiedName).\(property.name)",
                    fixes: [Fix(summary: "declare '\(fixText) \(property.name)'", replacement: edit)]))
            }
        }
        return diagnostics
    }
}
