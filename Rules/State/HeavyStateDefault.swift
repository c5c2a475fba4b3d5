import ViewLintCore
import ViewLintModel

/// ## What it does
/// Flags `@State private var model = Model()` where `Model` is a project type whose
/// initialiser does work beyond assigning its properties (loading, subscribing, starting tasks).
///
/// ## Why is this bad?
/// A property's initial value is evaluated each time the view value is created, which happens
/// on every update of its parent. SwiftUI keeps the state from the first time and throws the
/// new instance away, but the work of creating it has been done again.
///
/// ## Use instead
/// Create the model lazily in `.task { if model == nil { model = Model() } }` with an optional
/// state, pass it in from a parent that owns it, or move the work out of `init` into a method the
/// view calls from `.task`. A `@StateObject` does not have the problem: its initial value is an
/// autoclosure that runs once.
public struct HeavyStateDefault: Rule {
    public static let description = RuleDescription(
        id: "heavy_state_default",
        name: "Heavy @State default",
        summary: "A @State's initial value calls an initialiser that does work, which runs on every view init.",
        rationale: """
            `@State private var model = Model()` evaluates `Model()` every time the view value is created: on \
            each update of a parent that creates the view in its body. SwiftUI uses the instance only the first \
            time, when it creates the state storage, and discards the others; whatever `Model.init` does (reading \
            files or user defaults, starting a `Task`, subscribing to notifications, building formatters) runs \
            again each time, and side effects such as observers or tasks are left behind by the discarded \
            instances. Seeding the state in the view's own `init` (`_model = State(initialValue: Model())`) \
            runs it on every init just the same.

            Keep `init` to assigning properties and start the work from the view (`.task { await model.load() }`), \
            create the model lazily (`@State private var model: Model?` and `.task { model = Model() }`), or let \
            a parent that is created once own it. A `@StateObject`'s initial value is an autoclosure that runs \
            once, so it is not reported.

            The initialiser that the call selects (by argument labels) is read in the project: a call to a \
            function or a method (other than `super.init`/`self.init` and cheap value conversions), `Task`, \
            `Timer` or an expensive object such as a formatter is work; so is a stored property whose default \
            value is such a call. Not reported: types from other modules, which cannot be read; calls whose \
            initialiser is not found or only assigns.
            """ + "\n\n" + ViewDefinition.documentation,
        severity: .note,
        precision: .high,
        tags: ["performance", "swiftui", "state"],
        triggeringExamples: [
            RuleExample("""
                @Observable final class Library {
                    var books: [String] = []
                    init() { books = Self.loadFromDisk() }
                    static func loadFromDisk() -> [String] { [] }
                }
                struct Shelf: View {
                    @State private var ↓library = Library()
                    var body: some View { Text("\\(library.books.count)") }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                @Observable final class Library {
                    var books: [String]
                    init(books: [String] = []) { self.books = books }
                }
                struct Shelf: View {
                    @State private var library = Library()
                    var body: some View { Text("\\(library.books.count)") }
                }
                """),
            RuleExample("""
                final class Library: ObservableObject {
                    @Published var books: [String] = []
                    init() { books = Self.loadFromDisk() }
                    static func loadFromDisk() -> [String] { [] }
                }
                struct Shelf: View {
                    @StateObject private var library = Library()
                    var body: some View { Text("\\(library.books.count)") }
                }
                """),
        ],
        knownLimits: [
            "Only the initialiser itself and stored property defaults are read, not the functions they call: an `init` that calls a cheap helper is reported, and one that assigns the result of an expensive expression without a call (rare) is not.",
            "State seeded in the view's own `init` is reported only when the `State(initialValue:)`/`State(wrappedValue:)` call is the whole right-hand side of `_model = ...`; a value built in a local first is not followed.",
        ]
    )

    /// Calls that convert or look at a value rather than do work.
    static let cheapCalls: Set<String> = [
        "init", "lowercased", "uppercased", "trimmingCharacters", "min", "max", "abs", "contains", "hasPrefix",
        "hasSuffix", "map", "compactMap", "flatMap", "filter", "joined", "isEmpty", "first", "last", "description",
        "localizedCapitalized", "capitalized", "replacingOccurrences", "components", "split", "prefix", "suffix",
        "dropFirst", "dropLast", "count", "reversed", "sorted", "enumerated", "zip", "String", "round", "rounded",
        "NSLocalizedString", "precondition", "assert", "print", "fatalError", "weak", "unowned",
    ]

    /// Types whose construction starts work.
    static let workTypes: Set<String> = KnownNames.expensiveTypes.union(["Task", "Timer", "DispatchQueue", "Thread"])

    static let wrappers = ["State"]

    public init(options: RuleOptions) {}

    public func check(_ context: RuleContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let bytes = context.file.source.bytes
        for (view, decl) in context.viewDeclarations {
            // Read in place, by the inlinable `kind`: iterating retained and released every member.
            let members = decl.members
            // `_model = State(initialValue: Model())` (or `wrappedValue:`) in the view's own
            // `init`: the same work as a default value, on every init of the view.
            for m in members.indices where members[m].kind == .initializer {
                let initializer = members[m]
                for call in initializer.calls where call.callee == ["State"] {
                    guard let argument = call.arguments.first(where: { $0.label == "initialValue" || $0.label == "wrappedValue" }),
                          let target = assignmentTarget(of: call, in: initializer, bytes: bytes),
                          let property = context.project.property(target.name, of: view),
                          let finding = finding(property, value: argument.shape, of: view, at: target.range,
                                                seededInInit: true, project: context.project) else { continue }
                    diagnostics.append(finding)
                }
            }
            for m in members.indices where members[m].kind == .storedProperty && !members[m].isStatic {
                let property = members[m]
                guard let value = property.initializer,
                      let finding = finding(property, value: value, of: view, at: property.nameRange,
                                            seededInInit: false, project: context.project) else { continue }
                diagnostics.append(finding)
            }
        }
        return diagnostics
    }

    /// The finding for a `@State` property whose initial value (its default, or the seed an
    /// `init` gives it) creates a project type whose initialiser does work; nil otherwise.
    func finding(_ property: Member, value: ExprShape, of view: ProjectModel.TypeInfo, at range: SourceRange,
                 seededInInit: Bool, project: ProjectModel) -> Diagnostic? {
        guard property.propertyWrapperIndex(among: Self.wrappers) != nil,
              case .call(_, let arguments, let trailing) = value,
              let name = ProjectModel.newInstanceTypeName(value),
              let type = project.resolveType(name, from: view), type.isDeclaredInProject,
              type.kind == .class || type.kind == .struct || type.kind == .actor,
              let work = work(of: type, labels: arguments.map { $0.label ?? "_" }, trailingClosures: trailing,
                              project: project) else { return nil }
        let typeName = type.qualifiedName
        let what = seededInInit
            ? "the view's init seeds @State '\(property.name)' with a new '\(typeName)' each time it runs"
            : "@State '\(property.name)' creates a new '\(typeName)' on every init of the view"
        return Diagnostic(
            range: range,
            message: what + ", and '\(typeName)' \(work); SwiftUI keeps only the first instance, so start the work "
                + "from '.task' or create the model lazily",
            symbol: "\(view.qualifiedName).\(property.name)",
            advice: FilledText("move the work out of '\(typeName).init' into a method called from '.task'"))
    }

    /// The assignment whose right-hand side is exactly `call` (`_model = State(...)`): only
    /// blanks and one `=` lie between the two.
    func assignmentTarget(of call: CallSite, in initializer: Member, bytes: [UInt8]) -> Mutation? {
        initializer.mutations.first { mutation in
            guard mutation.kind == .assignment, mutation.range.end <= call.range.start,
                  call.range.start <= bytes.count else { return false }
            var equals = 0
            for byte in bytes[mutation.range.end..<call.range.start] {
                switch byte {
                case UInt8(ascii: "="): equals += 1
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): continue
                default: return false
                }
            }
            return equals == 1
        }
    }

    /// What the initialiser the call selects does beyond assigning, in words; nil when it only
    /// assigns or cannot be found.
    func work(of type: ProjectModel.TypeInfo, labels: [String], trailingClosures: Int, project: ProjectModel) -> String? {
        let members = project.members(of: type).map(\.member)
        for property in members where property.kind == .storedProperty && !property.isStatic
            && !property.modifiers.contains("lazy") {
            if let call = workCall(property.initializer) {
                return "sets '\(property.name)' by calling '\(call)'"
            }
        }
        let initializers = members.filter { $0.kind == .initializer }
        var candidates = initializers.filter { matches($0, labels: labels, trailingClosures: trailingClosures) }
        // An initialiser that takes exactly these arguments is the one the call selects.
        let exact = candidates.filter { $0.parameters.count == labels.count + trailingClosures }
        if !exact.isEmpty { candidates = exact }
        // No initialiser of its own: the synthesised one only assigns.
        guard !candidates.isEmpty else { return nil }
        var described: String? = nil
        for candidate in candidates {
            guard let what = work(in: candidate) else { return nil }
            described = described ?? what
        }
        return described
    }

    /// `calls 'load()' in its init` for an init that calls functions or starts work.
    func work(in initializer: Member) -> String? {
        // A task or formatter the init itself creates says most; one inside a closure (a handler
        // the init installs) does not run yet.
        let direct = initializer.calls.first { call in
            HeavyStateDefault.workTypes.contains(call.callee.first ?? "")
                && !initializer.closureRanges.contains { $0.start <= call.range.start && call.range.end <= $0.end }
        }
        if let call = direct { return "creates '\(call.callee.joined(separator: "."))' in its init" }
        if let name = initializer.functionCalls.names.filter({ !HeavyStateDefault.cheapCalls.contains($0) }).min() {
            return "calls '\(name)()' in its init"
        }
        return nil
    }

    /// `load()`, `Store.load()`, `Task { }`, `DateFormatter()` as a property's default value.
    func workCall(_ shape: ExprShape?) -> String? {
        var current = shape
        while case .tryOrAwait(let inner)? = current { current = inner }
        guard case .call(let callee, _, _)? = current, let chain = callee.nameChain, let last = chain.last else { return nil }
        if let first = last.unicodeScalars.first, !first.properties.isUppercase, !HeavyStateDefault.cheapCalls.contains(last) {
            return chain.joined(separator: ".") + "()"
        }
        if HeavyStateDefault.workTypes.contains(chain.first ?? "") { return chain.joined(separator: ".") + "()" }
        return nil
    }

    /// Does the initialiser take these argument labels, in order, with only defaulted or
    /// closure parameters left over? Parameters' defaults are not known, so extra parameters
    /// are allowed.
    func matches(_ initializer: Member, labels: [String], trailingClosures: Int) -> Bool {
        let parameters = initializer.parameters.map(\.label)
        guard parameters.count >= labels.count + trailingClosures else { return false }
        var index = 0
        for label in labels {
            while index < parameters.count && parameters[index] != label { index += 1 }
            if index == parameters.count { return false }
            index += 1
        }
        return true
    }
}
