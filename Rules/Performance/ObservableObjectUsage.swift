import ViewLintCore
import ViewLintModel

/// ## What it does
/// Flags a class that conforms to `ObservableObject` when the project can use Observation
/// (`@Observable`) instead.
///
/// ## Why is this bad?
/// An `ObservableObject` has one publisher for the whole object. Every view that holds it
/// re-runs its body on any `@Published` change, whether or not it reads the property that
/// changed. An `@Observable` class records which properties each view's body reads and
/// invalidates only those views.
///
/// ## Use instead
/// `@Observable` instead of the conformance and `@Published`; `@State` instead of
/// `@StateObject`; a plain property or `@Bindable` instead of `@ObservedObject`;
/// `@Environment(Model.self)` instead of `@EnvironmentObject`.
public struct ObservableObjectUsage: Rule {
    public static let description = RuleDescription(
        id: "observable_object",
        name: "ObservableObject model",
        summary: "A class conforms to ObservableObject, so any @Published change re-runs every view that holds it.",
        rationale: """
            An `ObservableObject` announces changes through a single `objectWillChange` publisher that fires \
            before any `@Published` property changes. SwiftUI subscribes every view that holds the object through \
            `@StateObject`, `@ObservedObject` or `@EnvironmentObject` to that publisher, so a change to one \
            property re-runs the body of every such view, including views that never read that property. A class \
            marked `@Observable` (the Observation framework, iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1) \
            instead records which properties each body reads and invalidates only the views that read the \
            property that changed.

            To migrate: mark the class `@Observable` and remove the `ObservableObject` conformance and the \
            `@Published` attributes; hold it with `@State` where it was a `@StateObject`; pass it as a plain \
            property where it was an `@ObservedObject` (or `@Bindable` where bindings to its properties are \
            needed); inject it with `.environment(model)` and read it with `@Environment(Model.self)` where it \
            was an `@EnvironmentObject`.

            The rule stays silent when the deployment target predates Observation, and for classes whose \
            Combine publishers are used in the linted code (`objectWillChange`, or a `$property` publisher of one \
            of their `@Published` properties), because `@Observable` provides neither and the migration would \
            break that code. Classes without `@Published` properties are not reported either: nothing \
            invalidates the views that hold them (such a class is usually a `@StateObject` kept only for its \
            lifetime). It reports a class once, at its name, not its subclasses.
            """,
        severity: .warning,
        precision: .high,
        tags: ["performance", "swiftui", "observation"],
        triggeringExamples: [
            RuleExample("""
                final class ↓Library: ObservableObject {
                    @Published var books: [String] = []
                    @Published var filter = ""
                }
                """),
            RuleExample("""
                protocol Store: ObservableObject {}
                final class ↓CartStore: Store {
                    @Published var count = 0
                }
                """),
            RuleExample("""
                final class ↓Session {
                    @Published var user: String?
                }
                extension Session: ObservableObject {}
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                @Observable final class Library {
                    var books: [String] = []
                }
                """),
            RuleExample("""
                final class Library: ObservableObject {
                    @Published var books: [String] = []
                }
                """, deploymentTarget: ["ios": "16.0"]),
            RuleExample("""
                final class Search: ObservableObject {
                    @Published var query = ""
                    @Published private(set) var results: [String] = []
                    init() {
                        $query.debounce(for: .milliseconds(300), scheduler: RunLoop.main)
                            .map { [$0] }
                            .assign(to: &$results)
                    }
                }
                """),
            RuleExample("""
                final class Clock: ObservableObject {
                    var now = Date() { willSet { objectWillChange.send() } }
                }
                """),
            RuleExample("""
                final class Player: ObservableObject {
                    @Published var position = 0.0
                }
                final class Scrubber {
                    let player: Player
                    var cancellable: AnyCancellable?
                    init(player: Player) {
                        self.player = player
                        cancellable = player.$position.sink { print($0) }
                    }
                }
                """),
        ],
        knownLimits: [
            "Publishers used through a value whose type the linted code does not spell out (`someValue.objectWillChange` on a closure parameter, or on a local set from a function's result) silence the rule for every `ObservableObject` class in the project; a parameter, a property (also one a superclass declares), a local built as `Type(...)` and a local set from a chain of names (`let editor = controller?.editor`) are resolved by their type.",
            "Without a configured deployment target or a `Package.swift` with `platforms:`, the newest OS is assumed and classes are reported, unless the code checks `#available` (or `#unavailable`) for an OS version at or below Observation's first (`#available(iOS 17, *)`, `macOS 14`): the compiler warns about a check the deployment target makes unnecessary, so such a check says the project runs where Observation is missing. A check in any linted file counts, also one in a test or tool target linted with the app (a macOS script's `#available(macOS 10.15, *)`): configure `deployment_target` to lint such a project.",
            "Code outside the linted files that relies on the class being an `ObservableObject` (a framework's API, a `Publisher` pipeline elsewhere) is not seen.",
            "Fix (unsafe, `--unsafe-fixes`): migrates the class and every use of it in the linted files to Observation (see `ObservationMigration` for the edits and the cases it refuses, whose reason the fix's summary gives). It is unsafe because views are then invalidated per property, and code outside the linted files, other targets with older deployment targets, and the semantics of `@Published` observers are not checked; review the diff (`--unsafe-fixes --diff`) and build.",
        ]
    )

    public init(options: RuleOptions) {}

    public func check(_ context: RuleContext) -> [Diagnostic] {
        let project = context.project
        var diagnostics: [Diagnostic] = []
        // Asked once a class is found: most files declare none.
        var available: Bool? = nil
        var observationScan: ObservationScan? = nil
        func scan() -> ObservationScan {
            if observationScan == nil { observationScan = ObservationScan.of(project) }
            return observationScan!
        }
        var wrappedHolders: ObservationMigration.WrappedHolders? = nil
        func holders() -> ObservationMigration.WrappedHolders {
            if wrappedHolders == nil { wrappedHolders = ObservationMigration.wrappedHolders(project) }
            return wrappedHolders!
        }
        for (i, decl) in project.files[context.fileIndex].types.enumerated() where decl.kind == .class {
            let ref = ProjectModel.DeclRef(file: context.fileIndex, index: i)
            guard let type = project.typeInfo(of: ref), type.declarations.first == ref,
                  project.declaresConformance(type, to: "ObservableObject") else { continue }
            if available == nil { available = context.runsOnlyWhereAvailable(since: KnownNames.observationMinimum) }
            if !available! { return [] }
            // Without `@Published` nothing invalidates the views holding it: the conformance is
            // there for `@StateObject` to keep the object alive, not to publish changes.
            guard project.members(of: type).contains(where: { $0.member.hasAttribute("Published") }) else { continue }
            if project.usesPublishers(of: type) { continue }
            // Subclasses inherit the conformance: they are not reported again, but they move
            // with the root class, so the message names them.
            let subclasses = project.descendants(of: type).filter { $0.kind == .class }.map(\.qualifiedName).sorted()
            let moving = subclasses.isEmpty ? ""
                : "; its subclass\(subclasses.count == 1 ? "" : "es") \(subclasses.map { "'\($0)'" }.joined(separator: ", ")) "
                    + "\(subclasses.count == 1 ? "moves" : "move") with it"
            diagnostics.append(Diagnostic(
                range: decl.nameRange,
                message: "'\(decl.name)' conforms to ObservableObject, so any @Published change re-runs every view that holds it; "
                    + "mark it @Observable without the conformance and @Published, and hold it with @State instead of @StateObject, "
                    + "a plain property or @Bindable instead of @ObservedObject, @Environment(\(decl.name).self) instead of @EnvironmentObject"
                    + moving,
                symbol: type.qualifiedName,
                fixes: [ObservationMigration(project: project, type: type, scan: scan(), holders: holders()).fix()]))
        }
        return diagnostics
    }
}
