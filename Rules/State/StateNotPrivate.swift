import ViewLintCore
import ViewLintModel

/// ## What it does
/// Flags view-owned state (`@State`, `@StateObject`, `@FocusState`, `@GestureState`,
/// `@Namespace`, `@SceneStorage`, `@AppStorage`) declared without `private` or `fileprivate`.
///
/// ## Why is this bad?
/// State belongs to the view: SwiftUI creates its storage once per view identity and ignores
/// the initial value afterwards. A non-private property appears in the memberwise initializer,
/// so a parent can pass a value that seeds the state once and is silently ignored on every
/// later update.
///
/// ## Use instead
/// `@State private var`. A parent that needs to drive the value passes a `@Binding` or a
/// plain `let`.
public struct StateNotPrivate: Rule {
    static let ownedWrappers: Set<String> = [
        "State", "StateObject", "FocusState", "GestureState", "Namespace", "SceneStorage", "AppStorage",
    ]
    /// Wrappers whose storage starts without an initial value (`@FocusState var focused: Bool`):
    /// private, they keep the memberwise initializer usable from other files.
    static let ownedWrapperList = Array(ownedWrappers)
    static let defaultInitialised: Set<String> = ["FocusState", "Namespace"]

    public static let description = RuleDescription(
        id: "state_not_private",
        name: "State not private",
        summary: "View-owned state is not private, so a parent can seed it once and be ignored after.",
        rationale: """
            `@State`, `@StateObject`, `@FocusState`, `@GestureState`, `@Namespace`, `@SceneStorage` and \
            `@AppStorage` are owned by the view that declares them: SwiftUI creates their storage the first time \
            the view appears and keeps it for the view's lifetime, ignoring the initial value on later updates. A \
            property without `private` is part of the memberwise initializer, so a parent can write \
            `Row(isExpanded: true)`: the value seeds the state once, and every later value the parent passes is \
            ignored without a warning. Marking the state `private` documents the ownership and closes that door; \
            a parent that must drive the value should pass a `@Binding` or a plain `let` instead.

            The fix inserts `private`. It is offered only where the result compiles: not when a call site in the \
            project passes the property through the memberwise initializer, and not for `@State` or \
            `@StateObject` without an initial value when the view has no `init` of its own (a private property \
            would make the memberwise initializer private).

            `private(set)` is reported: it restricts only the setter, and the memberwise initializer still takes \
            the property. Not reported: properties already `private` or `fileprivate`; `@FocusState.Binding`, which is a binding, not owned state; state used \
            from an extension or a nested type in another file, or through a value of the view elsewhere, which \
            `private` would break; state a project protocol the type conforms to requires (`var state: Model { get }`); \
            state marked `@usableFromInline` or `@inlinable`, which inlinable code reads on purpose; `@AppStorage` and the like in a plain class or a property wrapper, which is \
            not in a view. Views, `App` and `Scene` types are checked.
            """ + "\n\n" + ViewDefinition.documentation,
        severity: .warning,
        precision: .high,
        tags: ["correctness", "swiftui", "state"],
        triggeringExamples: [
            RuleExample("""
                struct Row: View {
                    @State var ↓isExpanded = false
                    @FocusState var ↓focused: Bool
                    var body: some View { Text(isExpanded ? "-" : "+") }
                }
                """),
            RuleExample("""
                struct Settings: View {
                    @AppStorage("theme")
                    var ↓theme = "light"
                    @State private(set) var ↓count = 0
                    var body: some View { Text(theme) }
                }
                """),
            RuleExample("""
                struct Notes: App {
                    @StateObject var ↓store = Store()
                    var body: some Scene { WindowGroup { Text("") } }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct Row: View {
                    @State private var isExpanded = false
                    @Namespace fileprivate var namespace
                    @FocusState.Binding var focused: Bool
                    @Binding var text: String
                    var body: some View { Text(isExpanded ? "-" : "+") }
                }
                """),
            RuleExample("""
                struct Editor: View {
                    @State var draft = ""
                    var body: some View { Text("") }
                }
                """, context: ["""
                extension Editor {
                    func reset() { draft = "" }
                }
                """]),
            RuleExample("""
                final class SettingsStore {
                    @AppStorage("theme") var theme = "light"
                }
                """),
            RuleExample("""
                protocol ModuleView: View {
                    associatedtype Model
                    var state: Model { get }
                }
                struct Profile: ModuleView {
                    @State var state = ProfileModel()
                    var body: some View { Text(state.name) }
                }
                """),
        ],
        knownLimits: [
            "Code that constructs the view by a name it does not spell (`.init(...)`, a generic factory) is not seen: the fix may then hide a label a caller passes.",
            "Call sites are matched by the view's simple name: a call to another type with the same name and label keeps the fix away.",
        ]
    )

    public init(options: RuleOptions) {}

    /// Construction calls are asked of an uninitialised `@State` (its parents' arguments).
    public func prepare(_ project: ProjectModel) { project.prepareConstructionCalls() }

    public func check(_ context: RuleContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let project = context.project
        for (ref, decl) in context.declarations where decl.kind != .extension && decl.kind != .protocol {
            // The owner and its requirements are asked only once a property may be reported:
            // most declarations (models, values, views whose state is private) have none.
            var candidate: (owner: ProjectModel.TypeInfo, required: Set<String>)?? = nil
            // Read in place, by the inlinable `kind`: iterating retained and released every
            // member (132,000 on the 14 apps, for 44,000 stored properties).
            let members = decl.members
            for m in members.indices where members[m].kind == .storedProperty {
                let property = members[m]
                guard let index = property.propertyWrapperIndex(among: Self.ownedWrapperList), !property.isStatic,
                      !StateFixes.isPrivate(property) else { continue }
                if candidate == nil {
                    candidate = project.typeInfo(of: ref).flatMap { owner in
                        project.ownsState(owner) ? (owner, project.protocolRequirementNames(of: owner)) : nil
                    }
                }
                guard let found = candidate ?? nil else { break }
                let (owner, required) = found
                let wrapper = property.attributes[index]
                guard !required.contains(property.name),
                      // Visible to inlinable code on purpose (a library's ABI).
                      !property.hasAttribute("usableFromInline"), !property.hasAttribute("inlinable"),
                      !project.isUsedOutsideDeclaringFile(property.name, of: owner, file: context.fileIndex) else { continue }
                let passedBy = passingCallSites(property, of: owner, project: project)
                var message = "@\(wrapper.name) '\(property.name)' is not private"
                if passedBy > 0 {
                    message += "; \(passedBy == 1 ? "a call site passes" : "\(passedBy) call sites pass") it through "
                        + "the memberwise initializer, which seeds the state once and is ignored on every later update, "
                        + "so pass a @Binding or a 'let' instead"
                } else {
                    message += "; the view owns it, and a value a parent passes through the memberwise initializer "
                        + "seeds it once and is ignored after, so make it private"
                }
                let edit = passedBy > 0 || breaksMemberwiseInitializer(property, wrapper: wrapper, of: owner, project: project)
                    ? nil : StateFixes.makePrivate(property)
                diagnostics.append(Diagnostic(
                    range: property.nameRange,
                    message: message,
                    symbol: "\(owner.qualifiedName).\(property.name)",
                    fixes: [Fix(summary: "make '\(property.name)' private", replacement: edit)]))
            }
        }
        return diagnostics
    }

    /// How many calls in the project construct the type with an argument labelled like the
    /// property. Only the memberwise initializer takes one; with an `init` of its own, the
    /// labels belong to that `init`.
    func passingCallSites(_ property: Member, of owner: ProjectModel.TypeInfo, project: ProjectModel) -> Int {
        guard !project.declaresInitializer(owner) else { return 0 }
        return project.constructionCount(of: owner, passing: property.name)
    }

    /// A private property without an initial value makes the memberwise initializer private,
    /// which breaks every caller in another file.
    func breaksMemberwiseInitializer(_ property: Member, wrapper: Attribute, of owner: ProjectModel.TypeInfo,
                                     project: ProjectModel) -> Bool {
        property.initializer == nil && !StateNotPrivate.defaultInitialised.contains(wrapper.name)
            && !project.declaresInitializer(owner)
    }
}
