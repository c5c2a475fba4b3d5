import ViewLintCore
import ViewLintModel

/// ## What it does
/// Flags `.onAppear { Task { ... } }`: an unstructured task started when a view appears, whose
/// handle is thrown away.
///
/// ## Why is this bad?
/// Nothing cancels that task: it keeps running after the view disappears (a dismissed sheet
/// still loading, a scrolled-away row still fetching) and can write into state nobody shows.
/// `.task { }` runs the same work when the view appears and cancels it when the view goes away.
///
/// ## Use instead
/// `.task { await load() }`.
public struct TaskInOnAppear: Rule {
    public static let description = RuleDescription(
        id: "task_in_on_appear",
        name: "Task started in onAppear",
        summary: "`.onAppear` starts a `Task` and discards it, so nothing cancels the work when the view disappears.",
        rationale: """
            `.onAppear { Task { await load() } }` starts an unstructured task each time the view appears and keeps \
            no handle to it. When the view disappears (a sheet is dismissed, a row scrolls away, the user navigates \
            back) the task keeps running: it finishes network requests nobody waits for, writes into state of a \
            view that is gone, and when the view appears again a second task runs beside the first.

            `.task { await load() }` does the same work at the same moment, and SwiftUI cancels it when the view \
            disappears; `.task(id:)` also restarts it when a value changes. The mechanical fix rewrites \
            `.onAppear { Task { body } }` to `.task { body }` when the closure does nothing else.

            Not reported: a task whose handle is kept (`loadTask = Task { ... }`, cancelled in `onDisappear`), \
            `Task.detached`, and tasks started from other modifiers (`.onChange`, `.onReceive`, actions), where no \
            appearance-bound alternative exists.
            """,
        severity: .warning,
        precision: .high,
        tags: ["lifetime", "concurrency", "swiftui"],
        triggeringExamples: [
            RuleExample("""
                struct Profile: View {
                    @State private var model = ProfileModel()
                    var body: some View {
                        Text(model.name)
                            .↓onAppear {
                                Task { await model.load() }
                            }
                    }
                }
                """),
            RuleExample("""
                struct Inbox: View {
                    let store: Store
                    var body: some View {
                        List(store.messages) { Text($0.subject) }
                            .↓onAppear {
                                store.markVisible()
                                Task(priority: .low) { await store.refresh() }
                            }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct Profile: View {
                    @State private var model = ProfileModel()
                    var body: some View {
                        Text(model.name).task { await model.load() }
                    }
                }
                """),
            RuleExample("""
                struct Player: View {
                    @State private var loading: Task<Void, Never>?
                    let player: AudioPlayer
                    var body: some View {
                        Text("Player")
                            .onAppear { loading = Task { await player.prepare() } }
                            .onDisappear { loading?.cancel() }
                            .onChange(of: player.track) { Task { await player.prepare() } }
                    }
                }
                """),
            RuleExample("""
                struct Upload: View {
                    let uploader: Uploader
                    var body: some View {
                        Text("Uploading").onAppear { Task.detached { await uploader.start() } }
                    }
                }
                """),
        ],
        knownLimits: [
            "A task that must outlive the view on purpose (saving, analytics) is reported: keep its handle, or suppress the finding with a reason.",
            "The fix is offered only for `.onAppear { Task { ... } }` with nothing else in either closure and no closure signature (`{ @MainActor in`); it removes one level of indentation from the task's body.",
        ]
    )

    public init(options: RuleOptions) {}

    public func check(_ context: RuleContext) -> [Diagnostic] {
        let source = context.file.source
        guard context.file.mentions(.onAppear) else { return [] }
        var diagnostics: [Diagnostic] = []
        let file = context.file
        // Only a member that spells `onAppear` can hold the modifier: the others' views are not read.
        context.forEachDeclarationBuilder { type, decl, member in
            guard BodyQueries.viewBuildingBlock(of: member) != nil,
                  source.mentions("onAppear", within: member.range.start..<member.range.end) else { return }
            // The file's views as other rules already gathered them (a per-file fact), not
            // walked again: the same views, in another order, and findings are sorted.
            for view in context.viewExpressions(of: member) {
                for modifier in view.modifiers where modifier.name == "onAppear" {
                    guard let action = modifier.actionClosures.last,
                          let index = action.statements.firstIndex(where: { Self.isDiscardedTask($0.shape) })
                    else { continue }
                    diagnostics.append(Diagnostic(
                        range: modifier.nameRange,
                        message: "'.onAppear' in '\(member.name)' starts a Task that nothing cancels when the view disappears; use '.task { }', which SwiftUI cancels with the view",
                        symbol: "\(type?.qualifiedName ?? decl.qualifiedName).\(member.name):onAppear",
                        fixes: [fix(modifier, action: action, task: action.statements[index], file: file)]))
                }
            }
        }
        return diagnostics
    }

    /// `Task { ... }`, `Task(priority: .low) { ... }`, `_ = Task { ... }`: a task whose handle is dropped.
    static func isDiscardedTask(_ shape: ExprShape?) -> Bool {
        switch shape {
        case .call(.identifier("Task"), _, 1)?:
            return true
        case .operators(let ops, let operands)? where ops == ["="] && operands.count == 2:
            if case .identifier("_") = operands[0] { return isDiscardedTask(operands[1]) }
            return false
        default:
            return false
        }
    }

    /// `.onAppear { Task { body } }` -> `.task { body }`, when that is all the closures do.
    func fix(_ modifier: ModifierCall, action: ClosureSummary, task: ClosureStatement, file: FileModel) -> Fix {
        let summary = "replace '.onAppear { Task { ... } }' with '.task { ... }'"
        guard modifier.arguments.isEmpty, modifier.trailingClosures == 1, !action.hasSignature,
              action.statements.count == 1, case .call(_, let arguments, 1)? = task.shape, arguments.isEmpty,
              task.closures.count == 1, let inner = task.closures.first, !inner.hasSignature else {
            return Fix(summary: summary)
        }
        let taskIndent = BodyQueries.indentation(ofLineAt: task.range.start, in: file)
        let modifierIndent = BodyQueries.indentation(ofLineAt: modifier.nameRange.start, in: file)
        var text = file.text(inner.range)
        if taskIndent.hasPrefix(modifierIndent) && taskIndent.utf8.count > modifierIndent.utf8.count {
            let extra = taskIndent.dropFirst(modifierIndent.count)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            text = lines.enumerated().map { i, line in
                i > 0 && line.hasPrefix(extra) ? String(line.dropFirst(extra.count)) : String(line)
            }.joined(separator: "\n")
        }
        return Fix(summary: summary, replacement: (modifier.range, "task " + text))
    }
}
