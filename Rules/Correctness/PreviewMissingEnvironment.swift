import ViewLintCore
import ViewLintModel

/// ## What it does
/// Flags a `#Preview` or `PreviewProvider` that shows a view reading an environment object
/// while it renders, with no object of that type injected.
///
/// ## Why is this bad?
/// The preview crashes ("No ObservableObject of type ... found") instead of rendering.
///
/// ## Use instead
/// Inject a sample object in the preview: `.environmentObject(Store.preview)`.
public struct PreviewMissingEnvironment: Rule {
    public static let description = RuleDescription(
        id: "preview_missing_environment",
        name: "Preview missing environment object",
        summary: "A preview shows a view that reads an environment object while rendering, and injects none.",
        rationale: """
            A preview is a root: nothing above it injects anything. When the view it shows (or a view that view \
            renders, across files) reads an `@EnvironmentObject` or an `@Environment(Model.self)` object in its \
            `body`, or in `.task`/`.onAppear`, the preview crashes instead of rendering, and the canvas shows a \
            crash report rather than the screen.

            Inject a sample object in the preview (`.environmentObject(Store.preview)`, \
            `.environment(Model.sample)`).

            Not reported: reads that happen only later, in a button's action, a link's destination, a sheet, a \
            context menu or an alert (the preview renders without them); views shown under an `if` or `switch`; \
            an object declared and never read; previews with traits (`#Preview(traits: .modifier(SampleData()))`, \
            whose `PreviewModifier` may inject it), or that apply a custom modifier or a `ViewModifier`, or \
            inject a value whose type is not written down (they may inject it); a missing SwiftData container, \
            which `missing_model_container` reports.
            """,
        severity: .warning,
        precision: .high,
        tags: ["correctness", "environment", "preview", "swiftui"],
        triggeringExamples: [
            RuleExample("""
                final class Store: ObservableObject { @Published var count = 0 }
                struct Counter: View {
                    @EnvironmentObject var store: Store
                    var body: some View { Text("\\(store.count)") }
                }
                #Preview {
                    ↓Counter()
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
                #Preview {
                    Counter()
                        .environmentObject(Store())
                }
                """),
            RuleExample("""
                final class Store: ObservableObject { @Published var count = 0 }
                struct Counter: View {
                    @EnvironmentObject var store: Store
                    var body: some View { Button("Add") { store.count += 1 } }
                }
                #Preview {
                    Counter()
                }
                """),
        ],
        knownLimits: [
            "A read in a computed property or function that `body` calls is not seen.",
        ]
    )

    public init(options: RuleOptions) {}

    public func check(_ context: RuleContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        // One finding per view a preview shows, naming every object it misses.
        var groups: [(range: SourceRange, gaps: [PreviewGap])] = []
        for gap in context.fact(PreviewGaps.self) where gap.need.kind != .modelContainer {
            if let index = groups.firstIndex(where: { $0.range == gap.range }) { groups[index].gaps.append(gap) }
            else { groups.append((gap.range, [gap])) }
        }
        for (range, gaps) in groups {
            let top = gaps[0].names.first ?? gaps[0].viewName
            let reads = gaps.map { gap -> String in
                let via = gap.names.count > 1 ? " (in '\(gap.viewName)')" : ""
                return "'\(gap.need.property.name)' of type '\(gap.need.typeName)'\(via)"
            }
            let modifiers = Set(gaps.map { $0.need.kind == .environmentObject ? "'.environmentObject(...)'" : "'.environment(...)'" }).sorted()
            let objects = gaps.count == 1 ? "the environment object" : "the environment objects"
            diagnostics.append(Diagnostic(
                range: range,
                message: "the preview shows '\(top)', which reads \(objects) \(reads.joined(separator: ", ")) while rendering, but the preview does not inject \(gaps.count == 1 ? "it" : "them"): the preview crashes; add \(modifiers.joined(separator: " and ")) with a sample object",
                symbol: "preview:\(top):" + gaps.map(\.need.typeName).joined(separator: ",")))
        }
        return diagnostics
    }
}
