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

            Not reported: `@Observable` and SwiftData `@Model` classes; an optional (`@State var item: Model?`), \
            which holds which object a sheet or a child shows (replacing it is what `@State` tracks, and the child \
            observes the object); an `ObservableObject` none of whose `@Published` properties the view reads; \
            classes from outside the linted files, and value types.

            Plain classes (neither observable nor `ObservableObject`) are reported only with the option \
            `include_plain_classes`. Real apps hold plain classes in `@State` on purpose to keep one instance across \
            updates (a coordinator whose callbacks the view sets, a weak box, a cache), and whether the view expects \
            to see their changes cannot be told from the code; Core Data entities inherit `NSManagedObject`, which \
            is observable. With the option, a plain class is reported when the view reads one of its `var` \
            properties and it has no superclass outside the project other than `NSObject`.
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
                """, options: ["include_plain_classes": .bool(true)]),
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
                final class Counter { var count = 0 }
                struct CounterView: View {
                    @State private var counter = Counter()
                    @State private var sheetModel: Loader?
                    var body: some View { Button("\\(counter.count)") { counter.count += 1 } }
                }
                final class Loader: ObservableObject { @Published var items: [String] = [] }
                """, deploymentTarget: ["ios": "16.0"]),
            RuleExample("""
                struct Point { var x = 0 }
                struct Canvas: View {
                    @State private var point = Point()
                    var body: some View { Text("\\(point.x)") }
                }
                """),
        ],
        options: [
            RuleOption("include_plain_classes", .bool, default: .bool(false),
                       "Also report plain project classes (neither @Observable nor ObservableObject) whose var properties the view reads."),
        ],
        knownLimits: [
            "Whether the view reads the class's properties is decided by name: a `var` of the class with the same name as something else the view reads through a value counts as read.",
            "A class that tells SwiftUI about changes some other way (a manual `objectWillChange`, a re-assignment of the reference after each change) is reported.",
        ]
    )

    let includePlainClasses: Bool

    public init(options: RuleOptions) {
        includePlainClasses = options.bool("include_plain_classes")
    }

    public func check(_ context: RuleContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let project = context.project
        let observation = context.runsOnlyWhereAvailable(since: KnownNames.observationMinimum)
        for (view, _, properties) in context.viewWrappedProperties {
            for wrapped in properties where wrapped.wrapper == "State" {
                let property = wrapped.property
                // An optional holds which object (a sheet's item, a selection): replacing it is
                // what @State tracks, and a child observes the object itself.
                guard let text = TypeText.declared(property),
                      !TypeText.isOptional(text),
                      let model = project.projectClass(text, from: view) else { continue }
                let name = model.type.qualifiedName
                let advice: String
                switch model.kind {
                case .observable:
                    continue
                case .observableObject:
                    let published = Set(project.members(of: model.type).filter { $0.member.hasAttribute("Published") }
                        .map(\.member.name))
                    guard readsThroughValues(published, in: view, project: project) else { continue }
                    advice = "@State does not subscribe to the ObservableObject '\(name)', so the @Published changes the "
                        + "view reads do not update it; hold it with @StateObject"
                        + (observation ? ", or mark '\(name)' @Observable instead of ObservableObject" : "")
                case .plainClass:
                    guard includePlainClasses, !hasFrameworkSuperclass(model.type, project: project),
                          readsThroughValues(mutableProperties(of: model.type, project: project), in: view, project: project)
                    else { continue }
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

    func mutableProperties(of type: ProjectModel.TypeInfo, project: ProjectModel) -> Set<String> {
        var mutable: Set<String> = []
        for (_, member) in project.members(of: type)
        where member.kind == .storedProperty && !member.isLet && !member.isStatic && !StateFixes.isPrivate(member) {
            mutable.insert(member.name)
        }
        return mutable
    }

    /// Does any member of the view reach one of `names` through a value (`model.items`)?
    func readsThroughValues(_ names: Set<String>, in view: ProjectModel.TypeInfo, project: ProjectModel) -> Bool {
        if names.isEmpty { return false }
        let ids = NameSet(names.compactMap(NameID.existing))
        return project.members(of: view).contains { !$0.member.memberReads.isDisjoint(with: ids) }
    }

    /// A superclass outside the project other than `NSObject` may be observable
    /// (`NSManagedObject` is an `ObservableObject`): the class is then not known to be plain.
    func hasFrameworkSuperclass(_ type: ProjectModel.TypeInfo, project: ProjectModel) -> Bool {
        var visited: Set<String> = []
        var stack = [type]
        while let current = stack.popLast() {
            guard visited.insert(current.key).inserted else { continue }
            for name in current.inherited {
                if let resolved = project.resolveType(name, from: current), resolved.isDeclaredInProject {
                    if resolved.kind == .class { stack.append(resolved) }
                } else if !StateHoldsReference.knownNonObservableBases.contains(KnownNames.stripModule(name)) {
                    return true
                }
            }
        }
        return false
    }

    /// Names a class may inherit that make it no more observable: `NSObject` and common protocols.
    static let knownNonObservableBases: Set<String> = [
        "NSObject", "Identifiable", "Hashable", "Equatable", "Comparable", "Codable", "Decodable", "Encodable",
        "Sendable", "CustomStringConvertible", "CustomDebugStringConvertible", "AnyObject", "NSCopying", "NSCoding",
        "NSSecureCoding", "Error",
    ]
}
