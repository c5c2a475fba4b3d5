import ViewLintCore
import ViewLintModel

/// ## What it does
/// Flags a view using `@Query` or `@Environment(\.modelContext)` that is shown, from a root of
/// the app or a preview, with no `.modelContainer(...)` on the way.
///
/// ## Why is this bad?
/// SwiftData finds no container in the environment and stops the app (or the preview).
///
/// ## Use instead
/// `.modelContainer(for: Item.self)` on the scene, or a container in the preview.
public struct MissingModelContainer: Rule {
    public static let description = RuleDescription(
        id: "missing_model_container",
        name: "Missing model container",
        summary: "A view uses @Query or the model context, and a path from a root or a preview sets no model container.",
        rationale: """
            `@Query` fetches through the model context of the environment every time the view updates, and \
            `@Environment(\\.modelContext)` reads it; with no `.modelContainer(...)` (or `.modelContext(...)`) \
            above the view, SwiftData traps at run time. In an app this usually means a second window, a sheet \
            built by a hosting controller or a new scene that forgot the container; in a preview, a preview \
            without a sample container.

            Set the container on the scene (`WindowGroup { ... }.modelContainer(for: Item.self)`) or on the \
            preview (`.modelContainer(for: Item.self, inMemory: true)`).

            The rule follows the project's view graph from its roots (`App` scenes, hosting controllers outside \
            SwiftUI, previews) through builders, helpers, containers, sheets and navigation destinations, across \
            files, and names the path. Not reported: views whose roots are not in the linted files; a model \
            context declared and never read; paths through custom modifiers or `ViewModifier`s, which may set a \
            container; views a preview shows only later (a link destination, a sheet) or under an `if`.
            """,
        severity: .error,
        precision: .high,
        tags: ["correctness", "swiftdata", "environment", "swiftui", "crash"],
        triggeringExamples: [
            RuleExample("""
                import SwiftData
                @Model final class Item { var name = "" }
                struct ItemList: View {
                    ↓@Query var items: [Item]
                    var body: some View { List(items) { Text($0.name) } }
                }
                """, context: ["""
                @main struct ItemsApp: App {
                    var body: some Scene {
                        WindowGroup { ItemList() }
                    }
                }
                """]),
            RuleExample("""
                import SwiftData
                @Model final class Item { var name = "" }
                struct ItemList: View {
                    @Query var items: [Item]
                    var body: some View { List(items) { Text($0.name) } }
                }
                #Preview {
                    ↓ItemList()
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                import SwiftData
                @Model final class Item { var name = "" }
                struct ItemList: View {
                    @Query var items: [Item]
                    var body: some View { List(items) { Text($0.name) } }
                }
                """, context: ["""
                @main struct ItemsApp: App {
                    var body: some Scene {
                        WindowGroup { ItemList() }
                            .modelContainer(for: Item.self)
                    }
                }
                """]),
            RuleExample("""
                import SwiftData
                @Model final class Item { var name = "" }
                struct ItemList: View {
                    @Query var items: [Item]
                    var body: some View { List(items) { Text($0.name) } }
                }
                #Preview {
                    ItemList()
                        .modelContainer(for: Item.self, inMemory: true)
                }
                """),
        ],
        knownLimits: [
            "A container set by code the graph does not follow (a custom modifier from another module) counts as set.",
        ]
    )

    public init(options: RuleOptions) {}

    public func check(_ context: RuleContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let project = context.project
        for (view, decl) in context.viewDeclarations where ProjectModel.mayDeclareEnvironmentNeed(decl) {
            for need in project.environmentNeeds(of: view)
            where need.kind == .modelContainer && decl.members.contains(where: { $0 === need.property }) {
                guard !need.needsRead || project.readsProperty(need.property, in: view),
                      let path = project.uninjectedPath(to: view, required: need.typeName, ownerCounts: false) else { continue }
                let range = need.property.attributes.first?.range ?? need.property.nameRange
                diagnostics.append(Diagnostic(
                    range: range,
                    message: "'\(decl.name)' uses '\(need.property.name)', which needs a SwiftData model container, but nothing sets one on the path \(path.description): SwiftData traps when the view is shown this way; add '.modelContainer(...)' on the scene or an ancestor",
                    symbol: "\(view.qualifiedName).\(need.property.name)"))
            }
        }
        for gap in context.fact(PreviewGaps.self) where gap.need.kind == .modelContainer {
            let via = gap.names.count > 1 ? " (through \(gap.names.map { "'\($0)'" }.joined(separator: " > ")))" : ""
            diagnostics.append(Diagnostic(
                range: gap.range,
                message: "the preview shows '\(gap.viewName)'\(via), which uses '\(gap.need.property.name)' and needs a SwiftData model container, but the preview sets none: the preview crashes; add '.modelContainer(for: ..., inMemory: true)'",
                symbol: "preview:\(gap.viewName).\(gap.need.property.name)"))
        }
        return diagnostics
    }
}
