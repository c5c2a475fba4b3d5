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
            "Publishers used through a value whose type the linted code does not spell out (`someValue.objectWillChange` on a local) silence the rule for every `ObservableObject` class in the project.",
            "Without a configured deployment target or a `Package.swift` with `platforms:`, the newest OS is assumed and classes are reported.",
            "Code outside the linted files that relies on the class being an `ObservableObject` (a framework's API, a `Publisher` pipeline elsewhere) is not seen.",
            "Fix (unsafe, `--unsafe-fixes`): migrates the class and every use of it in the linted files to Observation (see `ObservationMigration` for the edits and the cases it refuses, whose reason the fix's summary gives). It is unsafe because views are then invalidated per property, and code outside the linted files, other targets with older deployment targets, and the semantics of `@Published` observers are not checked; review the diff (`--unsafe-fixes --diff`) and build.",
        ]
    )

    public init(options: RuleOptions) {}

    public func check(_ context: RuleContext) -> [Diagnostic] {
        if let target = context.deploymentTarget, !target.allPlatformsAtLeast(KnownNames.observationMinimum) {
            return []
        }
        let project = context.project
        var diagnostics: [Diagnostic] = []
        for (ref, decl) in context.declarations where decl.kind == .class {
            guard let type = project.typeInfo(of: ref), type.declarations.first == ref,
                  conformsDirectly(type, project: project) else { continue }
            // Without `@Published` nothing invalidates the views holding it: the conformance is
            // there for `@StateObject` to keep the object alive, not to publish changes.
            guard project.members(of: type).contains(where: { $0.member.hasAttribute("Published") }) else { continue }
            // Gathered once for the whole project, not once per file that declares a class.
            let uses = project.fact("observable_object.publisherUses") { PublisherUses(project) }
            if uses.usesPublishers(of: type, project: project) { continue }
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
                fixes: [ObservationMigration(project: project, type: type,
                                             scan: project.fact("observable_object.scan") { ObservationScan(project) }).fix()]))
        }
        return diagnostics
    }

    /// Conforms to `ObservableObject` itself, through an extension or a project protocol, but
    /// not only by inheriting from a project class that does (that class is reported instead).
    func conformsDirectly(_ type: ProjectModel.TypeInfo, project: ProjectModel) -> Bool {
        var visited: Set<String> = []
        var stack = Array(type.inherited)
        while let name = stack.popLast() {
            if name == "ObservableObject" { return true }
            guard visited.insert(name).inserted,
                  let inner = project.resolveType(name, from: type), inner.kind == .protocol else { continue }
            stack.append(contentsOf: inner.inherited)
        }
        return false
    }
}

/// Where the project uses `objectWillChange` and `$property` publishers, and through which
/// receivers, gathered once per run.
struct PublisherUses: Sendable {
    struct Use: Sendable {
        /// The type whose member uses the publisher; nil at the top level.
        var owner: ProjectModel.TypeInfo?
        var member: Member
        /// `model`, `self.store`, `editor.activeTab`; empty when not a chain of names.
        var receiver: String
    }

    /// `objectWillChange` reached through a value, and `.$name` projections by name.
    var objectWillChange: [Use] = []
    var projections: [String: [Use]] = [:]
    /// Declared types of every property in the project, by property name: the fallback for a
    /// receiver whose own declaration is out of sight (a local, a closure parameter).
    var propertyTypes: [String: [(text: String, owner: ProjectModel.TypeInfo)]] = [:]

    init(_ project: ProjectModel) {
        for type in project.types.values {
            for (_, member) in project.members(of: type) {
                if member.kind == .storedProperty || member.kind == .computedProperty,
                   let text = TypeText.declared(member) {
                    propertyTypes[member.name, default: []].append((text, type))
                }
                record(member, owner: type)
            }
        }
        for file in project.files {
            for member in file.globals { record(member, owner: nil) }
        }
    }

    mutating func record(_ member: Member, owner: ProjectModel.TypeInfo?) {
        for (name, receivers) in member.receivers {
            for receiver in receivers {
                let use = Use(owner: owner, member: member, receiver: receiver)
                if name == "objectWillChange" {
                    objectWillChange.append(use)
                } else if name.hasPrefix("$") {
                    projections[String(name.dropFirst()), default: []].append(use)
                }
            }
        }
    }

    /// Does code anywhere use the class's publishers: `objectWillChange` (or a member it declares
    /// under that name), or the `$name` publisher of one of its `@Published` properties?
    func usesPublishers(of type: ProjectModel.TypeInfo, project: ProjectModel) -> Bool {
        var published: Set<String> = []
        for (_, member) in project.members(of: type) {
            if member.name == "objectWillChange" || member.reads.contains("objectWillChange") { return true }
            if member.kind == .storedProperty && member.hasAttribute("Published") { published.insert(member.name) }
        }
        // Inside the class (and its subclasses and extensions) `$name` is the publisher.
        for (_, member) in project.members(of: type) where !member.projectedReads.isDisjoint(with: published) {
            return true
        }
        for other in project.descendants(of: type) where other.kind == .class {
            for (_, member) in project.members(of: other) where !member.projectedReads.isDisjoint(with: published) {
                return true
            }
        }
        for use in objectWillChange where refers(use, to: type, project: project) { return true }
        for name in published {
            for use in projections[name] ?? [] where refers(use, to: type, project: project) { return true }
        }
        return false
    }

    /// Could the receiver of a use be an instance of `type`? A receiver whose type cannot be
    /// worked out could.
    func refers(_ use: Use, to type: ProjectModel.TypeInfo, project: ProjectModel) -> Bool {
        let chain = use.receiver.split(separator: ".").map(String.init)
        guard let first = chain.first else { return true }
        var candidates: [ProjectModel.TypeInfo]
        if let text = project.typeText(of: first, in: use.owner, member: use.member) {
            // A type outside the project (`AnyPublisher`, an SDK class) is not this class.
            candidates = project.resolveTypeText(text, from: use.owner).map { [$0] } ?? []
        } else {
            guard let found = typesOfProperty(first, project: project) else { return true }
            candidates = found
        }
        for name in chain.dropFirst() {
            var next: [ProjectModel.TypeInfo] = []
            for candidate in candidates {
                if let property = project.property(name, of: candidate) {
                    guard let text = TypeText.declared(property) else { return true }
                    if let resolved = project.resolveTypeText(text, from: candidate) { next.append(resolved) }
                } else {
                    // Declared in a superclass or protocol extension we cannot see.
                    guard let found = typesOfProperty(name, project: project) else { return true }
                    next += found
                }
            }
            candidates = next
        }
        return candidates.contains { candidate in
            // A protocol-typed value may hold this class.
            candidate.kind == .protocol || candidate.qualifiedName == type.qualifiedName
                || project.inherits(candidate, from: type)
        }
    }

    /// The project types of every property with this name; nil when no property has it.
    func typesOfProperty(_ name: String, project: ProjectModel) -> [ProjectModel.TypeInfo]? {
        guard let declared = propertyTypes[name], !declared.isEmpty else { return nil }
        return declared.compactMap { project.resolveTypeText($0.text, from: $0.owner) }
    }
}
