import ViewLintCore
import ViewLintModel

/// ## What it does
/// Flags a `ForEach` or `List` in a view builder whose data is filtered, sorted or mapped
/// inline: `ForEach(items.filter { $0.isVisible })`.
///
/// ## Why is this bad?
/// The expression runs every time the builder does, on every update of the view, for every
/// element, even when `items` did not change; sorting is O(n log n) per evaluation.
///
/// ## Use instead
/// Compute the collection where the data changes (in the model, or in `@State` updated with
/// `.onChange`) and iterate the result.
public struct ForEachInlineTransform: Rule {
    static let transforms: Set<String> = ["filter", "sorted", "map", "compactMap", "flatMap"]
    /// An array, not a set: compared with every view's name, two comparisons cost less than a hash.
    static let containers = ["ForEach", "List"]

    public static let description = RuleDescription(
        id: "foreach_inline_transform",
        name: "Collection transformed inline in ForEach",
        summary: "A `ForEach` or `List` iterates a collection filtered, sorted or mapped inline in the view builder, which re-runs on every evaluation.",
        rationale: """
            `ForEach(items.filter { $0.isVisible })`, `ForEach(items.sorted(by: ...))` and \
            `List(items.map { ... })` build a new array each time the builder runs: on every update of the \
            view, whatever caused it, and for every element of the collection. A sort costs O(n log n) each \
            time, a filter or map allocates a new array, and for a large list this work lands on the main \
            thread during every layout pass that re-evaluates the view.

            Compute the derived collection where its inputs change: a property of the model, a cached value \
            updated in `.onChange(of:)`, or a query that sorts and filters (`@Query(filter:sort:)`), and iterate \
            that.

            Reported: `filter`, `sorted`, `map`, `compactMap` and `flatMap` applied to the data argument, also \
            inside `Array(...)` or before `.enumerated()`. Not reported: `prefix`, `suffix`, `dropFirst`, \
            `enumerated()`, `zip`, `indices`, `reversed()` (a view of the collection, made in constant time) and \
            `lazy` chains, and transforms in helpers outside the builder.
            """,
        severity: .warning,
        precision: .high,
        tags: ["performance", "swiftui"],
        triggeringExamples: [
            RuleExample("""
                struct Inbox: View {
                    let messages: [Message]
                    var body: some View {
                        List {
                            ForEach(↓messages.filter { !$0.isArchived }) { MessageRow(message: $0) }
                            ForEach(↓messages.sorted(by: { $0.date > $1.date }).prefix(3)) { MessageRow(message: $0) }
                        }
                    }
                }
                """),
            RuleExample("""
                struct Tags: View {
                    let names: [String]
                    var body: some View {
                        ForEach(Array(↓names.map { $0.uppercased() }.enumerated()), id: \\.offset) { Text($0.element) }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct Inbox: View {
                    let messages: [Message]
                    let visible: [Message]
                    var body: some View {
                        List {
                            ForEach(visible) { MessageRow(message: $0) }
                            ForEach(messages.prefix(5)) { MessageRow(message: $0) }
                            ForEach(Array(messages.enumerated()), id: \\.offset) { MessageRow(message: $0.element) }
                            ForEach(messages.reversed()) { MessageRow(message: $0) }
                            ForEach(Array(zip(messages, visible)), id: \\.0.id) { MessageRow(message: $0.0) }
                        }
                    }
                }
                """),
        ],
        knownLimits: [
            "A transform in a computed property that the builder iterates (`ForEach(visibleItems)`) is not reported, though it runs as often.",
            "Small constant inputs (`[1, 2, 3].map`) are reported like any other: the cost is small there, suppress or move it.",
        ]
    )

    public init(options: RuleOptions) {}

    public func check(_ context: RuleContext) -> [Diagnostic] {
        guard context.file.mentions(.forEach) || context.file.mentions(.list) else { return [] }
        var diagnostics: [Diagnostic] = []
        for (ref, decl) in context.declarations {
            // A finding needs a member that builds views (a flag, asked first: most members
            // build none) and a call whose data a transform builds: the member's calls are
            // searched for one next, and its views are read only when there is one (most
            // members have none, so most never ask for the file's views).
            for member in decl.members where member.buildsViews {
                let candidates = Self.transformedDataCalls(member)
                if candidates.isEmpty || BodyQueries.viewBuildingBlock(of: member) == nil { continue }
                let owner = context.project.typeInfo(of: ref)?.qualifiedName ?? decl.qualifiedName
                // The file's views as other rules already gathered them (a per-file fact), not
                // walked again: the same views, in another order, and findings are sorted.
                for view in context.viewExpressions(of: member) where candidates.contains(view.baseRange) {
                    guard let callee = view.baseCallee, callee.count == 1, Self.containers.contains(callee[0]),
                          let call = BodyQueries.baseCall(of: view, in: member),
                          let data = call.unlabeledArguments.first,
                          let (method, range) = Self.transform(in: data) else { continue }
                    let name = callee[0]
                    diagnostics.append(Diagnostic(
                        range: range,
                        message: "'\(name)' iterates the result of '\(method)' built inline, which re-runs on every evaluation of '\(member.name)'; compute the collection where the data changes and iterate that",
                        symbol: "\(owner).\(member.name):\(name)(\(data.text))"))
                }
            }
        }
        return diagnostics
    }

    /// The ranges of the member's calls whose first unlabelled argument applies a transform
    /// (`transform(in:)`): the only calls a finding can be about.
    static func transformedDataCalls(_ member: Member) -> [SourceRange] {
        var ranges: [SourceRange] = []
        let calls = member.calls
        for c in calls.indices {
            // By index, and by shape before the argument is passed: the argument would be copied
            // out, and most data (`items`, a literal) is no call at all.
            let arguments = calls[c].arguments
            guard let data = arguments.firstUnlabeledIndex else { continue }
            switch arguments[data].shape {
            case .call, .forceUnwrap, .optionalChain, .tryOrAwait: break
            default: continue
            }
            guard transform(in: arguments[data]) != nil else { continue }
            ranges.append(calls[c].range)
        }
        return ranges
    }

    /// The inline transform an argument applies (`filter` in `items.filter { }`), looking
    /// through `Array(...)`, `.enumerated()` and element-keeping tails (`.prefix(3)`), with the
    /// range where its receiver starts.
    static func transform(in data: Argument) -> (String, SourceRange)? {
        var shape = data.shape
        for _ in 0..<8 {
            switch shape {
            case .call(.identifier(let name), let arguments, 0) where (name == "Array" || name == "ContiguousArray")
                && arguments.count == 1 && arguments[0].isUnlabeled:
                return transform(in: arguments[0])
            case .call(.member(let base?, let method), _, _):
                if transforms.contains(method) {
                    if case .member(_, "lazy") = base { return nil }
                    return (method, data.range)
                }
                guard method == "enumerated" || KnownNames.elementPreservingMethods.contains(method) else { return nil }
                shape = base
            case .forceUnwrap(let inner), .optionalChain(let inner), .tryOrAwait(let inner):
                shape = inner
            default:
                return nil
            }
        }
        return nil
    }
}
