import ViewLintCore
import ViewLintModel

/// ## What it does
/// Flags `@State` holding an instance of a project class SwiftUI cannot observe: a plain class
/// whose properties the view reads, or an `ObservableObject` with `@Published` properties.
///
/// ## Why is this bad?
/// `@State` invalidates the view when its value is replaced. For a class the value is the
/// reference, which never changes when the object's properties do; and `@State` does not
/// subscribe to an `ObservableObject`'s publisher. The view shows stale data.
///
/// ## Use instead
/// Mark the class `@Observable` (iOS 17, macOS 14 and later), or hold an `ObservableObject`
/// with `@StateObject` before that.
public struct StateHoldsReference: Rule {
    public static let description = RuleDescription(
        id: "state_holds_reference",
        name: "State holds an unobserved reference",
        summary: "@State holds a class SwiftUI does not observe, so changes to its properties do not update the view.",
        rationale: """
            `@State` stores a value and updates the view when that value is replaced. For a class instance the \
            value is the reference: assigning `model.count += 1` changes the object, not the reference, and \
            nothing tells SwiftUI. `@State` does not subscribe to an `ObservableObject`'s `objectWillChange` \
            either (only `@StateObject`, `@ObservedObject` and `@EnvironmentObject` do), so its `@Published` \
            changes are lost too. The view keeps showing old data until something else makes it update.

            Where the deployment target has Observation (iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1), mark \
            the class `@Observable`: `@State` then owns it and every property the body reads is tracked. Before \
            that, conform it to `ObservableObject`, mark the properties `@Published` and hold it with \
            `@StateObject`.

            Not reported: `@Observable` and SwiftData `@Model` classes; an `ObservableObject` without `@Published` \
            properties, and a plain class none of whose `var` properties the view reads: `@State` is then a way \
            to keep one instance alive across updates (a delegate, a cache, a coordinator), which is sound; \
            classes from outside the linted files, and value types.
            """ + "\n\n" + ViewDefinition.documentation,
        severity: .warning,
        precision: .high,
        tags: ["correctness", "swiftui", "state", "observation"],
        triggeringExamples: [
            RuleExample("""
                final class Counter { var count = 0 }
                struct CounterView: View {
                    @State private var ↓counter = Counter()
                    var body: some View { Button("\\(counter.count)") { counter.count += 1 } }
                }
                """),
            RuleExample("""
                final class Loader: ObservableObject { @Published var items: [String] = [] }
                struct Feed: View {
                    @State private var ↓loader = Loader()
                    var body: some View { List(loader.items, id: \\.self) { Text($0) } }
                }
                """, deploymentTarget: ["ios": "16.0"]),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                @Observable final class Counter { var count = 0 }
                struct CounterView: View {
                    @State private var counter = Counter()
                    var body: some View { Button("\\(counter.count)") { counter.count += 1 } }
                }
                """),
            RuleExample("""
                final class LocationDelegate: NSObject { var onUpdate: (() -> Void)? }
                struct MapScreen: View {
                    @State private var delegate = LocationDelegate()
                    var body: some View { Text("").onAppear { delegate.start() } }
                }
                """),
            RuleExample("""
                struct Point { var x = 0 }
                struct Canvas: View {
                    @State private var point = Point()
                    var body: some View { Text("\\(point.x)") }
                }
                """),
        ],
        knownLimits: [
            "Whether the view reads the class's properties is decided by name: a `var` of the class with the same name as something else the view reads through a value counts as read.",
            "A class that tells SwiftUI about changes some other way (a manual `objectWillChange`, a re-assignment of the reference after each change) is reported.",
        ]
    )

    public init(options: RuleOptions) {}

    public func check(_ context: RuleContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let project = context.project
        let observation = context.deploymentTarget.map { $0.allPlatformsAtLeast(KnownNames.observationMinimum) } ?? true
        for (view, decl) in context.viewDeclarations {
            for property in decl.members where property.kind == .storedProperty && !property.isStatic {
                guard property.propertyWrapper?.name == "State", let text = TypeText.declared(property),
                      let model = project.projectClass(text, from: view) else { continue }
                let name = model.type.qualifiedName
                let advice: String
                switch model.kind {
                case .observable:
                    continue
                case .observableObject:
                    guard project.members(of: model.type).contains(where: { $0.member.hasAttribute("Published") })
                    else { continue }
                    advice = "@State does not subscribe to the ObservableObject '\(name)', so its @Published changes "
                        + "do not update the view; hold it with @StateObject"
                        + (observation ? ", or mark '\(name)' @Observable instead of ObservableObject" : "")
                case .plainClass:
                    guard readsMutableProperties(of: model.type, in: view, project: project) else { continue }
                    advice = "'\(name)' is a class SwiftUI does not observe, so changes to its properties do not update "
                        + "the view; "
                        + (observation ? "mark '\(name)' @Observable"
                                       : "make it an ObservableObject with @Published properties held by @StateObject")
                }
                diagnostics.append(Diagnostic(
                    range: property.nameRange,
                    message: "@State '\(property.name)' holds a reference: " + advice,
                    symbol: "\(view.qualifiedName).\(property.name)"))
            }
        }
        return diagnostics
    }

    /// Does the view read, through some value, a `var` stored property the class declares?
    func readsMutableProperties(of type: ProjectModel.TypeInfo, in view: ProjectModel.TypeInfo,
                                project: ProjectModel) -> Bool {
        var mutable: Set<String> = []
        for (_, member) in project.members(of: type)
        where member.kind == .storedProperty && !member.isLet && !member.isStatic && !StateFixes.isPrivate(member) {
            mutable.insert(member.name)
        }
        if mutable.isEmpty { return false }
        for (_, member) in project.members(of: view) where !member.memberReads.isDisjoint(with: mutable) { return true }
        return false
    }
}

