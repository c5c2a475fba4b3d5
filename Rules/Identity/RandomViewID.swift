import ViewLintCore
import ViewLintModel

/// ## What it does
/// Flags `.id(...)` in a view builder whose argument is a new value on every evaluation:
/// `UUID()`, `UUID().uuidString`, `Date()`, `Date.now`, `Int.random(in:)`.
///
/// ## Why is this bad?
/// `.id` is the view's explicit identity. A value that differs each time `body` runs makes the
/// view a new view each time: SwiftUI destroys it and its subtree, drops their `@State`,
/// restarts their `.task`s and plays transitions, on every update.
///
/// ## Use instead
/// An id from the data (`.id(item.id)`), or a value kept in `@State` and replaced when a reset
/// is wanted (`.id(resetToken)` with `resetToken = UUID()` in an action).
public struct RandomViewID: Rule {
    public static let description = RuleDescription(
        id: "random_view_id",
        name: "Random view identity",
        summary: "`.id(...)` in a view builder takes a value that is new on every evaluation, such as `UUID()` or `Date()`.",
        rationale: """
            `.id(_:)` gives a view an explicit identity: when the value changes, SwiftUI treats the view as a new \
            one. It destroys the old view and everything below it (their `@State`, `@StateObject`s, focus and \
            scroll position), builds new ones, restarts their `.task` and `.onAppear` work and animates the \
            change as a removal and an insertion. An argument that is new every time the view is evaluated \
            (`UUID()`, `UUID().uuidString`, `Date()`, `Date.now`, `Int.random(in:)` and the like) does this on \
            every update of the parent, not only when something meant to reset it happened.

            Use an id that comes from the data (`.id(item.id)`), or keep a token in `@State` and replace it in \
            the action that should reset the view (`@State private var resetToken = UUID()`, `.id(resetToken)`, \
            `resetToken = UUID()` on tap).

            Not reported: ids read from stored properties or the data (`.id(refreshID)`, `.id(item.id)`), a new \
            instance of a project type (`.id(Marker())`: equal instances are the same id, and a type without \
            fields has one value), and `UUID()` in closures that run later (an action, `onAppear`).
            """,
        severity: .error,
        precision: .veryHigh,
        tags: ["identity", "correctness", "swiftui"],
        triggeringExamples: [
            RuleExample("""
                struct Feed: View {
                    let posts: [Post]
                    var body: some View {
                        List(posts) { PostRow(post: $0) }
                            .↓id(UUID())
                    }
                }
                """),
            RuleExample("""
                struct Clock: View {
                    var body: some View {
                        VStack {
                            Text("Now").↓id(Date())
                            Chart().↓id(UUID().uuidString)
                            Dice().↓id(Int.random(in: 0...100))
                        }
                    }
                }
                """),
            RuleExample("""
                struct Card: View {
                    var header: some View {
                        Text("Header").↓id(Date.now)
                    }
                    var body: some View { header }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct Editor: View {
                    @State private var resetToken = UUID()
                    let document: Document
                    var body: some View {
                        Form { Fields(document: document) }
                            .id(resetToken)
                            .toolbar { Button("Reset") { resetToken = UUID() } }
                        Text(document.title).id(document.id)
                    }
                }
                """),
            RuleExample("""
                struct ScrollTop: Hashable {}
                struct Timeline: View {
                    var body: some View {
                        Color.clear.frame(height: 0).id(ScrollTop())
                    }
                }
                """),
            RuleExample("""
                struct Composer: View {
                    @State private var id = UUID()
                    var body: some View {
                        Text("Draft").onAppear { id = UUID() }.id(id)
                    }
                }
                """),
        ],
        knownLimits: [
            "A fresh value passed through a helper (`.id(makeID())`) or a local variable of `body` is not seen.",
            "`.id` applied outside a view builder (on a view stored in a variable in a function) is not checked.",
        ]
    )

    public init(options: RuleOptions) {}

    public func check(_ context: RuleContext) -> [Diagnostic] {
        // A fresh value spells one of `KnownNames.freshValueTypes` (`UUID`, `NSUUID`, `Date`,
        // `NSDate`) or calls `random`: a file that spells none has no finding, and finding that
        // out costs a pass over its bytes instead of a walk of every view it builds. The pass
        // for `random` (the words are bits the model found) only where views are built: most
        // files build none.
        let file = context.file
        guard file.mentions(.uuid) || file.mentions(.date) || (context.mayBuildViews && file.source.mentions("random"))
        else { return [] }
        var diagnostics: [Diagnostic] = []
        context.forEachDeclarationBuilder { type, decl, member in
            guard let block = BodyQueries.viewBuildingBlock(of: member) else { return }
            BodyQueries.forEachView(in: block) { view, _ in
                for modifier in view.modifiers where modifier.name == "id" {
                    guard modifier.arguments.count == 1, let argument = modifier.arguments.first,
                          argument.isUnlabeled, BodyQueries.isFreshValue(argument.shape) else { continue }
                    let owner = type?.qualifiedName ?? decl.qualifiedName
                    diagnostics.append(Diagnostic(
                        range: modifier.nameRange,
                        message: "'.id(\(argument.text))' is a new identity on every evaluation of '\(member.name)', so SwiftUI rebuilds the view and drops its state each time; use an id from the data, or a token kept in @State",
                        symbol: "\(owner).\(member.name):id(\(argument.text))"))
                }
            }
        }
        return diagnostics
    }
}
