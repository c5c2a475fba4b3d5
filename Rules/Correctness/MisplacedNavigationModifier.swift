import ViewLintCore
import ViewLintModel
import ViewLintSyntax

/// ## What it does
/// Flags `.navigationTitle`, `.navigationBarTitleDisplayMode`, `.navigationDestination`,
/// `.toolbar`, `.toolbarRole`, `.toolbarBackground` and `.navigationBarBackButtonHidden`
/// applied to a `NavigationStack` or `NavigationView` itself.
///
/// ## Why is this bad?
/// A navigation container reads these from the views it shows, not from itself: applied
/// outside, they configure nothing and SwiftUI ignores them without a warning.
///
/// ## Use instead
/// Apply the modifier to the stack's root view, inside its closure.
public struct MisplacedNavigationModifier: Rule {
    static let navigationModifiers: NameList = [
        "navigationTitle", "navigationBarTitleDisplayMode", "navigationDestination", "toolbar", "toolbarRole",
        "toolbarBackground", "navigationBarBackButtonHidden", "navigationBarTitle", "navigationBarItems",
    ]
    /// Modifiers a Mac window honours on its outermost view: the window's title and toolbar.
    static let windowModifiers: Set<String> = ["navigationTitle", "toolbar", "toolbarBackground", "toolbarRole"]
    static let containers: NameList = ["NavigationStack", "NavigationView"]
    /// `containers`, as registered words the file's model looked for.
    static let containerWords = MentionedWordList(containers.names)

    public static let description = RuleDescription(
        id: "misplaced_navigation_modifier",
        name: "Misplaced navigation modifier",
        summary: "A navigation title, toolbar or destination is applied to a NavigationStack or NavigationView itself instead of its content, where it is ignored.",
        rationale: """
            `NavigationStack` and `NavigationView` take their bar's title, display mode, toolbar items and back \
            button from the view currently shown inside them, and look for `navigationDestination` declarations \
            among the views inside the stack. A modifier attached to the container itself is outside it: the \
            title stays empty, the toolbar items never appear, and a link pushing a value finds no destination \
            (SwiftUI logs it at run time, nothing fails at build time).

            Move the modifier inside, onto the root view: `NavigationStack { List { ... }.navigationTitle("Inbox") }`.

            Not reported: `NavigationSplitView`, whose window-level title and toolbar work on macOS and iPadOS; \
            `.navigationTitle`, `.toolbar`, `.toolbarBackground` and `.toolbarRole` in a file whose deployment \
            target is macOS only, where they set the window's title and toolbar; project types named like the \
            containers (a backport `NavigationStack`); modifiers in a postfix `#if` after the container.
            """,
        severity: .warning,
        precision: .high,
        tags: ["correctness", "swiftui"],
        triggeringExamples: [
            RuleExample("""
                struct Inbox: View {
                    var body: some View {
                        NavigationStack {
                            List(1..<4) { Text("\\($0)") }
                        }
                        .↓navigationTitle("Inbox")
                        .↓toolbar { EditButton() }
                    }
                }
                """),
            RuleExample("""
                struct Library: View {
                    var body: some View {
                        NavigationView { Text("Books") }
                            .↓navigationBarTitleDisplayMode(.inline)
                            .↓navigationDestination(for: Int.self) { Text("\\($0)") }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct Inbox: View {
                    var body: some View {
                        NavigationStack {
                            List(1..<4) { Text("\\($0)") }
                                .navigationTitle("Inbox")
                                .toolbar { EditButton() }
                        }
                        .tint(.orange)
                    }
                }
                """),
            RuleExample("""
                struct Root: View {
                    var body: some View {
                        NavigationSplitView {
                            Text("Sidebar")
                        } detail: {
                            Text("Detail")
                        }
                        .navigationTitle("Mail")
                    }
                }
                """),
            RuleExample("""
                struct Window: View {
                    var body: some View {
                        NavigationStack { Text("Main") }
                            .navigationTitle("Main")
                    }
                }
                """, deploymentTarget: ["macos": "14.0"]),
        ],
        knownLimits: [
            "Only modifiers written directly on the container expression are seen; a container returned from a helper and modified by the caller is not.",
            "With no deployment target known, a file is assumed to build for iOS too: a Mac-only app without a configured target can see `.navigationTitle` on its stack reported; configure `deployment_target`.",
        ]
    )

    public init(options: RuleOptions) {}

    public func check(_ context: RuleContext) -> [Diagnostic] {
        // A file that spells no container (most) has no view to look at.
        guard context.file.mentions(anyOf: Self.containerWords) else { return [] }
        var diagnostics: [Diagnostic] = []
        let macOnly = context.deploymentTarget?.isMacOnly ?? false
        // Whether each container is SwiftUI's, asked once per file rather than of every container.
        var isSDK: [String: Bool] = [:]
        let memberViews = context.memberViews
        for (type, _, member) in context.builderMembers {
            let views = memberViews.views(of: member)
            for index in views.views.indices {
                guard let container = views.baseTypeNames[index], Self.containers.contains(container) else { continue }
                if isSDK[container] == nil { isSDK[container] = context.project.isSDKType(container) }
                guard isSDK[container] == true else { continue }
                let expression = views.views[index]
                for modifier in expression.modifiers where Self.navigationModifiers.contains(modifier.name) {
                    if macOnly && Self.windowModifiers.contains(modifier.name) { continue }
                    diagnostics.append(Diagnostic(
                        range: modifier.nameRange,
                        message: "'.\(modifier.name)' is applied to the '\(container)' itself, which reads it only from the views inside it, so it is ignored; move it onto the root view inside the '\(container)'",
                        symbol: "\(type?.qualifiedName ?? "global").\(member.name):\(modifier.name)"))
                }
            }
        }
        return diagnostics
    }
}
