import ViewLintCore
import ViewLintModel

/// ## What it does
/// Flags an `@EnvironmentObject` (or `@Environment(Model.self)`) that a view reads, where a path
/// from a root of the app to the view injects no object of that type.
///
/// ## Why is this bad?
/// SwiftUI looks the object up when the view reads it and stops the app with a fatal error
/// when no ancestor provided one: the screen crashes the first time it is shown that way.
///
/// ## Use instead
/// Inject the object on an ancestor of the path (`.environmentObject(model)`, `.environment(model)`).
public struct MissingEnvironmentObject: Rule {
    public static let description = RuleDescription(
        id: "missing_environment_object",
        name: "Missing environment object",
        summary: "A view reads an environment object that no ancestor on a path from the app's root injects.",
        rationale: """
            `@EnvironmentObject var model: Model` and `@Environment(Model.self) var model` do not hold an object: \
            they look one up in the environment when the view reads them, and SwiftUI traps ("No ObservableObject \
            of type Model found") when no ancestor called `.environmentObject(_:)` or `.environment(_:)` with an \
            object of that type. The crash happens the first time the screen is shown along that path, often in a \
            flow nobody tested (a sheet, a second window, a deep link).

            Inject the object on an ancestor of the path the message names, usually where it is created \
            (`.environmentObject(model)` next to the `@StateObject`), or pass it explicitly.

            The rule follows the project's view graph from its roots: `App` scenes, `UIHostingController(rootView:)` \
            and `NSHostingView`/`NSHostingController` outside SwiftUI, through builders, `@ViewBuilder` helpers, \
            containers, `ForEach`, sheets, popovers and navigation destinations (which inherit the environment), \
            across files. It reports a path on which nothing injects the type when the path starts at a root in \
            the project, or at an ancestor view that owns an instance (`@StateObject`/`@State` of the type) and \
            does not pass it down (a sure mistake even when the app's root is not visible). The message names the \
            path.

            Not reported: views whose roots are not in the linted files (the injection is often in another module); \
            a hosting controller created inside a view or a representable, whose content inherits its SwiftUI \
            parent's environment; an `App`'s `@UIApplicationDelegateAdaptor`/`@NSApplicationDelegateAdaptor` \
            delegate, which SwiftUI injects itself; an object declared and never read, which cannot crash; an \
            optional `@Environment(Model.self) var model: Model?`; injections whose type is not written down \
            (`.environmentObject(container.model)`) or made by a custom modifier or `ViewModifier`, which count as \
            injecting anything. `Box<A>` and `Box<B>` are different types.
            """,
        severity: .error,
        precision: .high,
        tags: ["correctness", "environment", "swiftui", "crash"],
        triggeringExamples: [
            RuleExample("""
                final class Store: ObservableObject { @Published var count = 0 }
                struct Counter: View {
                    ↓@EnvironmentObject var store: Store
                    var body: some View { Text("\\(store.count)") }
                }
                """, context: ["""
                @main struct CounterApp: App {
                    var body: some Scene {
                        WindowGroup { Counter() }
                    }
                }
                """]),
            RuleExample("""
                final class Store: ObservableObject { @Published var count = 0 }
                struct Parent: View {
                    @StateObject private var store = Store()
                    var body: some View { Child() }
                }
                struct Child: View {
                    ↓@EnvironmentObject var store: Store
                    var body: some View { Text("\\(store.count)") }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                final class Store: ObservableObject { @Published var count = 0 }
                struct Counter: View {
                    @EnvironmentObject var store: Store
                    var body: some View { Text("\\(store.count)") }
                }
                """, context: ["""
                @main struct CounterApp: App {
                    @StateObject private var store = Store()
                    var body: some Scene {
                        WindowGroup { Counter() }
                            .environmentObject(store)
                    }
                }
                """]),
            RuleExample("""
                final class Store: ObservableObject { @Published var count = 0 }
                struct Counter: View {
                    @EnvironmentObject var store: Store
                    var body: some View { Text("\\(store.count)") }
                }
                """),
        ],
        knownLimits: [
            "An injection through a value whose type is not written (`.environmentObject(container.store)`) counts as injecting anything.",
            "A view created outside builders (stored in a property, `AnyView` built in a function) has paths the graph does not see.",
            "Sheets are taken to inherit the environment wherever the injection sits in the modifier chain.",
        ]
    )

    public init(options: RuleOptions) {}

    public func check(_ context: RuleContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let project = context.project
        for (view, decl) in context.viewDeclarations where ProjectModel.mayDeclareEnvironmentNeed(decl) {
            for need in project.environmentNeeds(of: view)
            where need.kind != .modelContainer && decl.members.contains(where: { $0 === need.property }) {
                guard project.readsProperty(need.property, in: view),
                      let path = project.uninjectedPath(to: view, required: need.typeName, ownerCounts: true) else { continue }
                let modifier = need.kind == .environmentObject ? "environmentObject" : "environment"
                let range = need.property.attributes.first?.range ?? need.property.nameRange
                let why = path.owner.map { "'\($0)' owns a '\(need.typeName)' but does not inject it on the path \(path.description)" }
                    ?? "nothing injects one on the path \(path.description)"
                diagnostics.append(Diagnostic(
                    range: range,
                    message: "'\(decl.name)' reads the environment object '\(need.property.name)' of type '\(need.typeName)', but \(why): the app crashes when the view is shown this way; inject it with '.\(modifier)(...)' on an ancestor",
                    symbol: "\(view.qualifiedName).\(need.property.name)"))
            }
        }
        return diagnostics
    }
}
