import ViewLintCore
import ViewLintModel
import ViewLintSyntax

/// ## What it does
/// Flags a `NavigationStack` in a view that another view pushes onto its own navigation stack.
///
/// ## Why is this bad?
/// A pushed view already lives in the enclosing stack. A second stack inside it shows a second
/// navigation bar, its links push inside the inner stack, and the outer path no longer
/// describes what is on screen.
///
/// ## Use instead
/// Remove the inner `NavigationStack`: the pushed view's title, toolbar and links use the enclosing stack.
public struct NestedNavigationStack: Rule {
    public static let description = RuleDescription(
        id: "nested_navigation_stack",
        name: "Nested navigation stack",
        summary: "A view that is pushed onto a NavigationStack, or built in its content, builds a NavigationStack of its own.",
        rationale: """
            Views pushed by a `NavigationLink` or a `navigationDestination` are shown inside the stack that \
            pushed them. When such a view wraps its content in another `NavigationStack`, SwiftUI nests two \
            stacks: a second navigation bar appears (or the titles fight), links inside push onto the inner \
            stack, the back button and swipe-back act on the wrong one, and a `NavigationPath` bound to the \
            outer stack no longer matches the screen.

            Remove the inner `NavigationStack` and let the pushed view use the enclosing one. A view that is \
            pushed in one place and shown as a root in another can take the stack from its caller instead.

            The rule follows the project's view graph: it reports a view only when some view in the project \
            pushes it (`NavigationLink(destination:)`, the destination closure of `NavigationLink`, or the \
            content of `.navigationDestination`) from inside a `NavigationStack` of the same builder, or builds \
            it directly in a `NavigationStack`'s content (`NavigationStack { Child() }`), and the message names \
            that path. Not reported: stacks inside a sheet, popover or full-screen cover, which \
            start a new navigation context; views pushed from a split view's column or a `NavigationView`, \
            whose destinations go to another column; views whose push is not visible in the linted files; a \
            stack under an `if` or `switch` in the pushed view, which is usually a parameter the pushing caller \
            turns off (`SettingsView(embedInOwnNavigation: false)`).
            """,
        severity: .warning,
        precision: .high,
        tags: ["correctness", "navigation", "swiftui"],
        triggeringExamples: [
            RuleExample("""
                struct Detail: View {
                    var body: some View {
                        ↓NavigationStack {
                            Text("Detail")
                        }
                    }
                }
                """, context: ["""
                struct Inbox: View {
                    var body: some View {
                        NavigationStack {
                            NavigationLink("Open") { Detail() }
                        }
                    }
                }
                """]),
            RuleExample("""
                struct Feed: View {
                    var body: some View {
                        ↓NavigationStack {
                            List { Text("Post") }
                        }
                    }
                }
                """, context: ["""
                struct Home: View {
                    var body: some View {
                        NavigationStack {
                            Feed()
                        }
                    }
                }
                """]),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct Compose: View {
                    var body: some View {
                        NavigationStack { Text("Compose") }
                    }
                }
                """, context: ["""
                struct Inbox: View {
                    @State private var composing = false
                    var body: some View {
                        NavigationStack {
                            Text("Inbox")
                                .sheet(isPresented: $composing) { Compose() }
                        }
                    }
                }
                """]),
            RuleExample("""
                struct Detail: View {
                    var body: some View {
                        NavigationStack { Text("Detail") }
                    }
                }
                """, context: ["""
                struct Mail: View {
                    var body: some View {
                        NavigationSplitView {
                            NavigationLink("Open") { Detail() }
                        } detail: {
                            Text("Pick one")
                        }
                    }
                }
                """]),
        ],
        knownLimits: [
            "Only one level is followed: a view that builds a stack and is placed inside a pushed view (not pushed itself), or inside a view that is itself in a stack, is not reported.",
            "A push built outside a builder tree (a destination stored in a property, `AnyView`) is not seen.",
        ]
    )

    public init(options: RuleOptions) {}

    /// `NavigationStack`, a registered word the file's model looked for.
    static let stackWord = MentionedWordList(["NavigationStack"])

    public func check(_ context: RuleContext) -> [Diagnostic] {
        // A file that spells no `NavigationStack` (most) builds none: its views are not read.
        guard context.file.mentions(anyOf: Self.stackWord) else { return [] }
        var diagnostics: [Diagnostic] = []
        let project = context.project
        guard project.isSDKType("NavigationStack") else { return [] }
        // The file's views by member, asked of the fact store once rather than at every member.
        let memberViews = context.memberViews
        for (view, decl) in context.viewDeclarations {
            // The file's shared list of each member's views tells most members hold no stack.
            let builders = decl.members.filter { member in
                member.buildsViews
                    && memberViews.views(of: member).baseTypeNames.contains("NavigationStack")
            }
            guard !builders.isEmpty else { continue }
            // A push first (the common case), else a place inside a stack's content; asked before
            // the builders are walked for the places of their stacks, which most views do not need.
            let places = project.placements(of: view).filter(\.insideStack)
            guard let place = places.first(where: \.isPushed) ?? places.first else { continue }
            var stacks: [(Member, ViewExpression)] = []
            for member in builders {
                project.walkPlacements(member) { expression, typeName, placement, _ in
                    if typeName == "NavigationStack" && !placement.isPresented && !placement.isPushed
                        && !placement.isConditional {
                        stacks.append((member, expression))
                    }
                }
            }
            guard !stacks.isEmpty else { continue }
            let how = place.isPushed ? "pushes it onto a stack" : "places it inside a stack"
            for (member, stack) in stacks {
                let range = member.call(at: stack.baseRange)?.calleeRange ?? stack.baseRange
                diagnostics.append(Diagnostic(
                    range: range,
                    message: "'\(decl.name)' builds a 'NavigationStack', but '\(place.parent).\(place.member)' \(how) (\(place.path.joined(separator: " > "))), so the stacks nest: a second bar and links that push onto the inner stack; remove this 'NavigationStack' and use the enclosing one",
                    symbol: "\(view.qualifiedName).\(member.name):NavigationStack"))
            }
        }
        return diagnostics
    }
}
