import ViewLintCore
import ViewLintModel

/// ## What it does
/// Flags `Self._printChanges()` and `Self._logChanges()` outside `#if DEBUG`.
///
/// ## Why is this bad?
/// They are underscored SwiftUI debugging hooks: each evaluation of `body` logs why it ran.
/// Left in, release builds log on every update, cost time in every body, and call private API.
///
/// ## Use instead
/// Remove the call, or wrap it in `#if DEBUG`.
public struct PrintChanges: Rule {
    static let hooks: Set<String> = ["_printChanges", "_logChanges"]

    public static let description = RuleDescription(
        id: "print_changes",
        name: "Debug change logging left in",
        summary: "`Self._printChanges()` or `Self._logChanges()` is called outside `#if DEBUG`.",
        rationale: """
            `Self._printChanges()` and `Self._logChanges()` are SwiftUI's debugging hooks for finding out why a \
            view's `body` ran: called from `body`, they log the dependency that changed on every evaluation. \
            They are underscored, undocumented API meant for a debugging session. Left in a release build they \
            log on every update of the view (to the console, or the unified log for `_logChanges`), add that \
            work to every evaluation of `body`, and depend on API that can change without notice.

            Remove the call (the mechanical fix removes its line), or keep it under `#if DEBUG`.

            Not reported: calls inside an `#if DEBUG` branch (also `#if DEBUG && os(iOS)`, and the `#else` of \
            `#if !DEBUG`), and methods of the same name on other values (`model._printChanges()`).
            """,
        severity: .error,
        precision: .veryHigh,
        tags: ["correctness", "swiftui"],
        triggeringExamples: [
            RuleExample("""
                struct Counter: View {
                    @State private var count = 0
                    var body: some View {
                        let _ = ↓Self._printChanges()
                        Button("\\(count)") { count += 1 }
                    }
                }
                """),
            RuleExample("""
                struct Feed: View {
                    var body: some View {
                        #if os(iOS)
                        let _ = ↓Self._logChanges()
                        #endif
                        Text("Feed")
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct Counter: View {
                    @State private var count = 0
                    var body: some View {
                        #if DEBUG
                        let _ = Self._printChanges()
                        #endif
                        Button("\\(count)") { count += 1 }
                    }
                }
                """),
            RuleExample("""
                struct Feed: View {
                    let model: Model
                    var body: some View {
                        #if !DEBUG
                        Text("Feed")
                        #else
                        let _ = Self._logChanges()
                        Text("Feed (debug)")
                        #endif
                    }
                }
                """),
        ],
        knownLimits: [
            "A debug-only build setting other than `DEBUG` (`#if DEVELOPMENT`) is not known to be debug-only: suppress the finding there.",
            "The fix removes only a call that is alone on its line (`Self._printChanges()` or `let _ = Self._printChanges()`); elsewhere it is described, not applied.",
        ]
    )

    public init(options: RuleOptions) {}

    public func check(_ context: RuleContext) -> [Diagnostic] {
        // Every hook's name ends in `Changes`: a file that never spells it calls none.
        guard context.file.mentions(.changes) else { return [] }
        var diagnostics: [Diagnostic] = []
        let file = context.file
        var members: [(owner: String, member: Member)] = file.globals.map { ("", $0) }
        for (ref, decl) in context.declarations {
            let owner = context.project.typeInfo(of: ref)?.qualifiedName ?? decl.qualifiedName
            members += decl.members.map { (owner, $0) }
        }
        for (owner, member) in members {
            for call in member.calls where call.callee.count == 2 && Self.hooks.contains(call.callee[1])
                && call.callee[0] == "Self" && call.arguments.isEmpty {
                if BodyQueries.isDebugOnly(call.range, in: file) { continue }
                let hook = "Self.\(call.callee[1])()"
                let removal = BodyQueries.statementRemoval(ofCall: call.range, in: file)
                diagnostics.append(Diagnostic(
                    range: SourceRange(start: call.range.start, end: call.calleeRange.end),
                    message: "'\(hook)' is a debugging hook that logs every evaluation of the view, in release builds too; remove it or wrap it in '#if DEBUG'",
                    symbol: (owner.isEmpty ? "" : owner + ".") + "\(member.name):\(call.callee[1])",
                    fixes: [Fix(summary: "remove '\(hook)'", replacement: removal.map { ($0, "") })]))
            }
        }
        return diagnostics
    }
}
