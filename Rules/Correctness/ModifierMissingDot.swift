import ViewLintCore
import ViewLintModel

/// ## What it does
/// Flags a SwiftUI modifier called without its leading dot on its own line inside a view's
/// builder: `Rectangle()` followed by `padding()` on the next line.
///
/// ## Why is this bad?
/// Without the dot the call is `self.padding()`: a second view (the whole view, padded) next
/// to the first instead of a modifier of it. Inside `body` that view builds `body` again, which
/// recurses until the stack overflows.
///
/// ## Use instead
/// `.padding()`, attached to the view above.
public struct ModifierMissingDot: Rule {
    public static let description = RuleDescription(
        id: "modifier_missing_dot",
        name: "Modifier missing its dot",
        summary: "A SwiftUI modifier is called without its leading dot on its own line in a view builder, so it applies to self and builds another view.",
        rationale: """
            In a view builder every statement is a view. `Rectangle()` on one line and `padding()` on the next \
            are two statements: the second is `self.padding()`, the view itself with padding, placed beside the \
            rectangle instead of modifying it. It compiles, and in `body` it is infinite recursion: building the \
            padded `self` builds `body` again, and the app crashes when the view first appears (or the layout \
            simply shows a duplicate, in a helper outside `body`).

            Add the dot: `.padding()` continues the expression above it. The fix inserts it.

            Not reported: calls in extensions of `View`, `Shape` or a project protocol, where a bare `hidden()` \
            applies to `self` on purpose; names the view's type or the project declares as a function or \
            property (a local `tag(_:)` or `contextMenu(for:)` helper); calls that are the first statement of \
            their block (nothing above to attach to); calls of view-builder helpers or other names that are not \
            SwiftUI `View` modifiers (`header()`); statements inside `#if` blocks in the builder, and code in \
            plain functions, which no result builder transforms.
            """ + "\n\n" + ViewDefinition.documentation,
        severity: .error,
        precision: .high,
        tags: ["correctness", "swiftui"],
        triggeringExamples: [
            RuleExample("""
                struct Card: View {
                    var body: some View {
                        Rectangle()
                        ↓padding()
                    }
                }
                """),
            RuleExample("""
                struct Row: View {
                    var body: some View {
                        HStack {
                            Text("Title")
                            ↓foregroundStyle(.secondary)
                        }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct Card: View {
                    var body: some View {
                        Rectangle()
                            .padding()
                    }
                }
                """),
            RuleExample("""
                extension View {
                    @ViewBuilder func hiddenIf(_ flag: Bool) -> some View {
                        if flag {
                            hidden()
                        } else {
                            self
                        }
                    }
                }
                """),
            RuleExample("""
                struct Row: View {
                    var body: some View {
                        Text("Title")
                        tag(1)
                        header()
                    }
                    func tag(_ n: Int) -> some View { Text("\\(n)") }
                    func header() -> some View { Text("Header") }
                }
                """),
        ],
        knownLimits: [
            "A function named like a modifier that is declared locally inside the builder's member (not as a member of the type or at file scope) is not seen, and its call is reported.",
            "The list of modifier names is SwiftUI's common `View` modifiers; a bare call of a rarer one is not reported.",
        ]
    )

    public init(options: RuleOptions) {}

    public func check(_ context: RuleContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let project = context.project
        // Asked only of a candidate, as `ownNames` below: most files have none.
        var globalNames: Memo<Set<String>> = .notAsked
        // The members with a candidate, from the file's placed views (the same views as the
        // members' builder blocks hold), most of which have a type's name and are passed over
        // without reading their callee: most files have none, and their blocks are not walked.
        var candidates: Set<ObjectIdentifier> = []
        for placed in context.placedViews where placed.viewTypeName == nil && Self.mayBeBareModifier(placed.view) {
            candidates.insert(ObjectIdentifier(placed.member))
        }
        guard !candidates.isEmpty else { return [] }
        let bytes = context.file.source.bytes
        // The builder members are gone through only up to the last with a candidate, each
        // candidate's declaration found there rather than in a table of them all.
        var remaining = candidates.count
        for (type, decl, member) in context.builderMembers {
            if remaining == 0 { break }
            guard candidates.contains(ObjectIdentifier(member)) else { continue }
            remaining -= 1
            // Only views: in `extension View` and in protocol extensions `self` is the view being modified.
            guard let type, let decl, project.isView(type), decl.kind != .protocol else { continue }
            // Asked only of a candidate: most builders call no modifier without its dot, and the
            // set of a view's member names cost more than the rest of the rule.
            var ownNames: Memo<Set<String>> = .notAsked
            member.forEachBuilderBlock { block, isBuilder in
                guard isBuilder else { return }
                // Items read in place, and the view above by its index: copying each item out of
                // the block, and keeping the last view, retained every view's fields twice.
                let items = block.items
                for index in items.indices.dropFirst() {
                    guard case .view(let expression) = items[index], Self.mayBeBareModifier(expression),
                          let name = expression.baseCallee?.first, case .view(let above) = items[index - 1]
                    else { continue }
                    guard !ownNames.answer({ Set(project.members(of: type).map(\.member.name)) }).contains(name),
                          !globalNames.answer({ Self.globalNames(project) }).contains(name),
                          startsLine(expression.baseRange.start, bytes, comments: context.file.comments) else { continue }
                    let position = SourceRange(start: expression.baseRange.start, end: expression.baseRange.start)
                    diagnostics.append(Diagnostic(
                        range: SourceRange(start: expression.baseRange.start,
                                           end: expression.baseRange.start + name.utf8.count),
                        message: "'\(name)(...)' has no leading dot, so it is 'self.\(name)(...)': it builds another copy of '\(decl.name)' beside \(describe(above)) instead of modifying it (in 'body' that recurses); write '.\(name)'",
                        symbol: "\(type.qualifiedName).\(member.name):\(name)",
                        fixes: [Fix(summary: "insert '.' before '\(name)'", replacement: (position, "."))]))
                }
            }
        }
        return diagnostics
    }

    /// Is the view's base a call of one name that SwiftUI's `View` modifiers have (`padding()`)?
    static func mayBeBareModifier(_ view: ViewExpression) -> Bool {
        guard let callee = view.baseCallee, callee.count == 1, let name = callee.first,
              // Every modifier's name starts with a lowercase letter: most bases (`Text`,
              // `VStack`) are told apart by one byte, without hashing their names.
              let first = name.utf8.first, first >= 0x61 && first <= 0x7A else { return false }
        return ModifierNames.viewModifiers.contains(name)
    }

    /// The names of the project's global functions and variables, once per run.
    static func globalNames(_ project: ProjectModel) -> Set<String> {
        project.fact("modifier_missing_dot.globalNames") { Set(project.files.flatMap { $0.globals.map(\.name) }) }
    }

    /// Is the byte at `offset` the first one on its line that is not blank or in a comment?
    func startsLine(_ offset: Int, _ bytes: [UInt8], comments: [Range<Int>]) -> Bool {
        var i = min(offset, bytes.count) - 1
        while i >= 0 {
            let b = bytes[i]
            if b == 0x0A || b == 0x0D { return true }
            if b == 0x20 || b == 0x09 {
                i -= 1
                continue
            }
            // A block comment before the call (`/* a */ padding()`) leaves it first on the line.
            guard let comment = comments.first(where: { $0.upperBound == i + 1 }), comment.lowerBound <= i else { return false }
            i = comment.lowerBound - 1
        }
        return true
    }

    func describe(_ view: ViewExpression) -> String {
        if let name = view.baseCallee?.last { return "the '\(name)' above" }
        return "the view above"
    }
}
