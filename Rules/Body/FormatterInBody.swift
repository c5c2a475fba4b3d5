import ViewLintCore
import ViewLintModel
import ViewLintSyntax

/// ## What it does
/// Flags `DateFormatter()`, `NumberFormatter()`, `JSONDecoder()`, `NSRegularExpression(...)` and
/// similar expensive objects created in `body`, a view builder, or a computed property of the
/// view that a builder reads.
///
/// ## Why is this bad?
/// These objects are costly to create (formatters load locale data, regular expressions
/// compile) and `body` runs on every update: the cost is paid per evaluation, per row.
///
/// ## Use instead
/// Create the object once (`static let formatter: DateFormatter = { ... }()`), or use the
/// value-type format styles (`date.formatted(.dateTime.day())`, `Text(date, format: ...)`).
public struct FormatterInBody: Rule {
    public static let description = RuleDescription(
        id: "formatter_in_body",
        name: "Expensive object created in body",
        summary: "A formatter, coder or regular expression is created in `body`, a view builder or a computed property a builder reads, on every evaluation.",
        rationale: """
            `DateFormatter`, `NumberFormatter` and the other Foundation formatters load and parse locale data \
            when they are created; `NSRegularExpression` compiles its pattern; `JSONDecoder` and `JSONEncoder` \
            set up their state. Creating one is many times more expensive than using one. In `body`, a view \
            builder or a computed property the view reads while it is evaluated, that cost is paid on every \
            update of the view, and for every row of a list.

            Create the object once and reuse it: a `static let` (`static let formatter: DateFormatter = { ... }()`), \
            a shared instance, or a property of the model. For display, the value-type format styles \
            (`Text(date, format: .dateTime.hour())`, `value.formatted(.percent)`) are cached by Foundation and \
            cheap to use inline.

            Reported: a call of the type's initializer in `body`, a `@ViewBuilder` member or a member returning \
            views (outside closures that run later, such as actions and `.task`), and in a computed property of \
            the view that one of them reads (a local `let f = DateFormatter()` or `let f: DateFormatter = { ... }()` \
            there is made on every read). Not \
            reported: `static` properties and functions, stored properties, code in actions, `.onAppear`, `.task`, \
            and format styles.
            """,
        severity: .warning,
        precision: .high,
        tags: ["performance", "swiftui"],
        triggeringExamples: [
            RuleExample("""
                struct EventRow: View {
                    let event: Event
                    var body: some View {
                        let formatter = ↓DateFormatter()
                        Text(formatter.string(from: event.date))
                    }
                }
                """),
            RuleExample("""
                struct PriceTag: View {
                    let price: Decimal
                    var priceText: String {
                        let formatter = ↓NumberFormatter()
                        formatter.numberStyle = .currency
                        return formatter.string(for: price) ?? ""
                    }
                    var body: some View { Text(priceText) }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct EventRow: View {
                    static let formatter: DateFormatter = {
                        let formatter = DateFormatter()
                        formatter.dateStyle = .medium
                        return formatter
                    }()
                    let event: Event
                    var body: some View {
                        Text(Self.formatter.string(from: event.date))
                        Text(event.date, format: .dateTime.hour())
                    }
                }
                """),
            RuleExample("""
                struct Importer: View {
                    let data: Data
                    @State private var items: [Item] = []
                    var body: some View {
                        List(items) { Text($0.name) }
                            .task { items = (try? JSONDecoder().decode([Item].self, from: data)) ?? [] }
                            .toolbar { Button("Export") { _ = try? JSONEncoder().encode(items) } }
                    }
                }
                """),
        ],
        knownLimits: [
            "A computed property read only from an action closure is reported too: reads are not told apart by where they happen.",
            "An object created in the closure of a project view (`Setting { TextField(value: $v, formatter: NumberFormatter()) }`) is not reported: such a closure may be an action.",
            "A stored property initialised with a formatter (`let formatter = DateFormatter()` in a view) is made on every initialisation of the view and is not reported.",
            "Helpers that create the object in another type (`Formatter.make()`) are not followed.",
            "In `body` itself, an object made in an immediately called closure (`let f: DateFormatter = { ... }()`) is not reported: such a closure cannot be told from an action.",
        ]
    )

    public init(options: RuleOptions) {}

    public func check(_ context: RuleContext) -> [Diagnostic] {
        // Every finding is a call spelled in this file.
        // The file's model is copied out of the project once: each `context.file` copies it.
        guard context.file.mentions(anyOf: Self.spellingWords) else { return [] }
        var diagnostics: [Diagnostic] = []
        let project = context.project
        for (ref, decl) in context.declarations {
            guard let owner = project.typeInfo(of: ref), project.isView(owner) else { continue }
            let builders = BodyQueries.viewBuildingMembers(decl)
            for (member, block) in builders {
                for (call, type) in Self.expensiveCalls(member) where BodyQueries.runsWithBody(call.range, in: member, block: block) {
                    diagnostics.append(diagnostic(call, type: type, member: member, owner: owner, via: nil))
                }
            }
            // Computed properties declared here that any builder of the view reads.
            let candidates = decl.members.filter {
                $0.kind == .computedProperty && !$0.isStatic && BodyQueries.viewBlock(of: $0) == nil
            }
            if candidates.isEmpty { continue }
            var readByBuilders = NameSet()
            for (_, member) in project.members(of: owner) where !member.isStatic && BodyQueries.viewBlock(of: member) != nil {
                readByBuilders.formUnion(member.reads)
            }
            for property in candidates where readByBuilders.contains(property.nameID) {
                // Closures in a computed property run when it is read (`{ ... }()`, `map`): all count.
                for (call, type) in Self.expensiveCalls(property) {
                    diagnostics.append(diagnostic(call, type: type, member: property, owner: owner, via: property.name))
                }
            }
        }
        return diagnostics
    }

    func diagnostic(_ call: CallSite, type: String, member: Member, owner: ProjectModel.TypeInfo, via: String?) -> Diagnostic {
        let place = via.map { "computed property '\($0)', which the view's body reads," } ?? "'\(member.name)'"
        return Diagnostic(
            range: SourceRange(start: call.range.start, end: call.calleeRange.end),
            message: "'\(type)' is created in \(place) on every evaluation, and creating one is expensive; make it once (a static let) or use a format style",
            symbol: "\(owner.qualifiedName).\(member.name):\(type)")
    }

    /// Words one of which every expensive type's name contains (`Formatter`, `Decoder`,
    /// `Encoder`, or the whole name): a file that spells none of them creates none. Each holds a
    /// capital letter, so that all are registered `MentionedWord`s, found in the scan every
    /// file's model makes (`coder` would be a scan of its own per file).
    static let spellings: [String] = {
        var words: [String] = []
        for name in KnownNames.expensiveTypes.sorted() {
            let word = ["Formatter", "Decoder", "Encoder"].first { name.hasSuffix($0) } ?? name
            if !words.contains(word) { words.append(word) }
        }
        return words
    }()
    static let spellingWords = MentionedWordList(spellings)

    /// Calls of an expensive type's initializer: `DateFormatter()`, `JSONDecoder.init()`.
    static func expensiveCalls(_ member: Member) -> [(CallSite, String)] {
        member.calls.compactMap { call in
            let chain = call.callee
            guard chain.count == 1 || (chain.count == 2 && chain[1] == "init"),
                  KnownNames.expensiveTypes.contains(chain[0]) else { return nil }
            return (call, chain[0])
        }
    }
}
