import ViewLintCore
import ViewLintModel
import ViewLintSyntax

/// ## What it does
/// Flags a view's `@State`, `@Binding`, `@Bindable`, `@StateObject`, `@ObservedObject`,
/// `@FocusState`, `@AccessibilityFocusState`, `@Namespace`, `@GestureState`, `@Query`,
/// `@FetchRequest`, `@ScaledMetric`, `@AppStorage`, `@SceneStorage` property, or one whose
/// wrapper is a project `DynamicProperty`, that no code reads or writes.
///
/// ## Why is this bad?
/// SwiftUI installs every dynamic property when it creates the view: it allocates the state,
/// subscribes the view to the object, the query or the user default, and re-runs `body` when
/// they change. A property left behind after a refactoring keeps all of that for nothing.
///
/// ## Use instead
/// Remove the property (and the argument from the places that create the view).
public struct UnusedState: Rule {
    /// Wrappers whose storage SwiftUI installs in the view. `@Environment` and the focused
    /// values are `unused_environment`'s; plain properties are `unused_stored_input`'s.
    static let dynamicWrappers: Set<String> = [
        "State", "Binding", "Bindable", "StateObject", "ObservedObject", "FocusState", "FocusState.Binding",
        "AccessibilityFocusState.Binding",
        "AccessibilityFocusState", "Namespace", "GestureState", "Query", "FetchRequest", "SectionedFetchRequest",
        "ScaledMetric", "AppStorage", "SceneStorage",
    ]

    /// What the property costs while it sits unused, by wrapper.
    static func cost(_ wrapper: String) -> String {
        switch wrapper {
        case "StateObject", "ObservedObject":
            return "it still subscribes the view to the object, whose every change re-runs its body"
        case "Query", "FetchRequest", "SectionedFetchRequest":
            return "it still runs the fetch and re-runs the view's body when the results change"
        case "AppStorage", "SceneStorage":
            return "it still subscribes the view to the stored value"
        case "Binding", "FocusState.Binding", "AccessibilityFocusState.Binding":
            return "every parent must still pass a binding, and a change through it re-runs the view's body"
        case "Bindable":
            return "every parent must still pass the object"
        case "ScaledMetric":
            return "it still re-runs the view's body when the dynamic type size changes"
        default:
            return "SwiftUI still allocates and tracks its storage for every instance of the view"
        }
    }

    public static let description = RuleDescription(
        id: "unused_state",
        name: "Unused dynamic property",
        summary: "A view declares state, a binding, an object or a query that none of its code reads or writes.",
        rationale: """
            SwiftUI installs a view's dynamic properties when it creates the view, whether or not the code uses \
            them: `@State`, `@FocusState`, `@GestureState` and `@Namespace` get storage that lives as long as the \
            view; `@StateObject` creates its object; `@ObservedObject` subscribes the view to every \
            `objectWillChange`; `@Query`, `@FetchRequest` run their fetch and re-run `body` when results change; \
            `@AppStorage` and `@SceneStorage` subscribe to the stored value; a `@Binding` or `@Bindable` makes \
            every parent pass a value. A property left behind after a refactoring keeps those costs, and tells \
            readers the view depends on something it does not.

            Remove the property, and the argument from the places that create the view. A use anywhere counts: \
            `body`, helpers, extensions in other files, closures, `self.x`, `$x`, `_x`, string interpolation, a \
            write (`x = 1`, `x.toggle()`), a nested type reaching it as `parent.x` (a representable's \
            `Coordinator`), and code elsewhere that holds the view (`view.x`).

            Not reported: `@Environment`, `@EnvironmentObject` and the focused values (`unused_environment`), and \
            plain stored properties (`unused_stored_input`), so that each unused property is reported once; a \
            property a project protocol of the view requires; a `@StateObject` or `@State` holding a project class \
            with a `deinit`, which the view keeps for its lifetime on purpose (an observer whose `deinit` runs an \
            action when the view goes away); a property wrapper of the project that stores an \
            `@Environment` (`unused_environment` reports it). Assigning the property in an `init` \
            (`_model = StateObject(wrappedValue: ...)`) is not a use.
            """ + "\n\n" + ViewDefinition.documentation,
        severity: .warning,
        precision: .high,
        tags: ["performance", "swiftui", "state"],
        triggeringExamples: [
            RuleExample("""
                struct Editor: View {
                    @State private var ↓isDirty = false
                    @Namespace private var ↓animation
                    @ObservedObject var ↓store: Store
                    let title: String
                    var body: some View { Text(title) }
                }
                """),
            RuleExample("""
                struct Inbox: View {
                    @Query private var ↓messages: [Message]
                    @AppStorage("compact") private var ↓compact = false
                    @Binding var ↓selection: Message.ID?
                    var body: some View { Text("Inbox") }
                }
                """),
            RuleExample("""
                struct Row: View {
                    @State private var ↓title = ""
                    func label(title: String) -> some View { Text(title) }
                    var body: some View { label(title: "fixed") }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct Editor: View {
                    @State private var isDirty = false
                    @FocusState private var focused: Bool
                    @Binding var text: String
                    var body: some View {
                        TextField("Text", text: $text)
                            .focused($focused)
                            .onChange(of: text) { isDirty = true }
                    }
                }
                """),
            RuleExample("""
                struct Map: UIViewRepresentable {
                    @Binding var region: Region
                    func makeUIView(context: Context) -> MKMapView { MKMapView() }
                    func updateUIView(_ view: MKMapView, context: Context) {}
                    func makeCoordinator() -> Coordinator { Coordinator(parent: self) }
                    final class Coordinator: NSObject {
                        let parent: Map
                        init(parent: Map) { self.parent = parent }
                        func moved(to region: Region) { parent.region = region }
                    }
                }
                """),
            RuleExample("""
                struct Card: View {
                    @State private var expanded = false
                    var body: some View { content }
                }
                extension Card {
                    var content: some View { Text("\\(expanded)") }
                }
                """),
            RuleExample("""
                struct Header: View {
                    @Environment(\\.dismiss) private var dismiss
                    let unused: Int
                    var body: some View { Text("Header") }
                }
                """),
        ],
        knownLimits: [
            "A property kept on purpose for its side effect (a `@StateObject` whose `init` starts work, an `@AccessibilityFocusState` that works around a focus bug, an `@ObservedObject` or settings wrapper declared only so that the view is re-evaluated when it changes while the code reads the value another way) is reported; suppress the finding with a reason.",
            "A name bound by `if let`, `for` or a `case` pattern with the same name as the property counts as a use of it; a local `let`/`var`, `guard let`, parameter or closure parameter does not.",
            "Reads through reflection (`Mirror`) or `@dynamicMemberLookup` are not seen.",
            "Fix: removes the declaration's lines when no parent can pass the property (it is private, or has an initial value no call site replaces) and no `init` assigns it; unsafe for `@StateObject` and `@ObservedObject`, whose object's initializer no longer runs. Otherwise, and for a declaration that shares its lines, the fix is advice: the view's initializer and its call sites change too.",
        ],
        flagsUnusedCode: true
    )

    public init(options: RuleOptions) {}

    /// Removes the declaration when no parent can pass the property: it is private (or has an
    /// initial value no call site replaces) and no `init` assigns it. Removing an object also
    /// removes the work its initializer did, so for `@StateObject` and `@ObservedObject` the
    /// fix is unsafe.
    func fix(_ property: Member, wrapper: String, in decl: TypeDecl, view: ProjectModel.TypeInfo,
             context: RuleContext) -> Fix {
        let passedByParent = !StateFixes.isPrivate(property)
            && (property.initializer == nil || context.project.constructionCount(of: view, passing: property.name) > 0)
        guard !passedByParent, !context.project.initializerAssigns(property.nameID, in: view) else {
            return Fix(summary: "remove '\(property.name)' from '\(decl.name)' and from the places that create it")
        }
        let objects: Set<String> = ["StateObject", "ObservedObject"]
        return StateFixes.removal(of: property, in: decl, view: view, context: context,
                                  safety: objects.contains(wrapper) ? .unsafe : .safe)
    }

    /// Owned state holding a project class with a `deinit`: the view keeps the object for its
    /// lifetime on purpose (an observer whose `deinit` runs an action when the view goes away).
    func isKeptForItsLifetime(_ property: Member, wrapper: String, in view: ProjectModel.TypeInfo,
                              project: ProjectModel) -> Bool {
        guard wrapper == "StateObject" || wrapper == "State", let text = TypeText.declared(property),
              let type = project.resolveTypeText(text, from: view), type.isDeclaredInProject, type.kind == .class else {
            return false
        }
        return project.members(of: type).contains { $0.member.kind == .deinitializer }
    }

    /// `FocusState` for `@FocusState.Binding`, `AccessibilityFocusState` for its accessibility twin.
    func focusWrapperPrefix(_ attribute: Attribute, in source: SourceFile) -> String? {
        let offsets = attribute.range.start..<attribute.range.end
        if source.mentions("AccessibilityFocusState.", within: offsets) { return "AccessibilityFocusState" }
        if source.mentions("FocusState.", within: offsets) { return "FocusState" }
        return nil
    }

    /// Construction calls are asked of an uninitialised `@State` (its parents' arguments).
    public func prepare(_ project: ProjectModel) { project.prepareConstructionCalls() }

    public func check(_ context: RuleContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let project = context.project
        var projectWrappers: Set<String>? = nil
        for (view, decl, properties) in context.viewWrappedProperties {
            var required: Set<String>? = nil
            for wrapped in properties {
                // Whether it is used is asked first: almost every property is, and the project's
                // wrappers are two facts to look up (`@Environment` is not among `dynamicWrappers`).
                guard !project.isUsed(wrapped.id, in: view) else { continue }
                let property = wrapped.property
                var wrapper = property.attributes[wrapped.wrapperIndex]
                // `@FocusState.Binding` is named `Binding`: say which binding it is.
                if wrapper.name == "Binding", let prefix = focusWrapperPrefix(wrapper, in: context.file.source) {
                    wrapper.name = prefix + ".Binding"
                }
                if !UnusedState.dynamicWrappers.contains(wrapper.name) {
                    if projectWrappers == nil {
                        projectWrappers = project.dynamicPropertyWrappers().subtracting(project.subscribingProjectWrappers())
                    }
                    guard projectWrappers?.contains(wrapper.name) == true else { continue }
                }
                guard !isKeptForItsLifetime(property, wrapper: wrapper.name, in: view, project: project) else { continue }
                if required == nil { required = project.protocolRequirementNames(of: view) }
                guard required?.contains(property.name) != true else { continue }
                let cost = UnusedState.dynamicWrappers.contains(wrapper.name)
                    ? UnusedState.cost(wrapper.name)
                    : "SwiftUI still installs the property wrapper and updates it with the view"
                diagnostics.append(Diagnostic(
                    range: property.nameRange,
                    message: "@\(wrapper.name) property '\(property.name)' is never read or written; \(cost), so remove it",
                    symbol: "\(view.qualifiedName).\(property.name)",
                    fixes: [fix(property, wrapper: wrapper.name, in: decl, view: view, context: context)]))
            }
        }
        return diagnostics
    }
}
