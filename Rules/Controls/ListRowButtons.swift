import ViewLintCore
import ViewLintModel

/// ## What it does
/// Flags two or more `Button`s in one `List` or `Form` row when none of them, nor anything
/// around them, sets a `.buttonStyle(...)`.
///
/// ## Why is this bad?
/// A row with default-style buttons becomes one tap target: a tap anywhere in the row fires
/// every button in it, in order.
///
/// ## Use instead
/// `.buttonStyle(.borderless)` (or `.plain`, `.bordered`) on the buttons or the row.
public struct ListRowButtons: Rule {
    public static let description = RuleDescription(
        id: "list_row_buttons",
        name: "Several buttons in one list row",
        summary: "A List or Form row holds several default-style buttons, so a tap anywhere in the row fires all of them.",
        rationale: """
            Inside a `List` (and a `Form`, which is a list on iOS), a button with the default style does not \
            handle its own tap: the row does, and the whole row highlights and triggers the button. With two or \
            more such buttons in one row, a tap anywhere in the row triggers every one of them: "Accept" and \
            "Decline" both run. An explicit style (`.borderless`, `.plain`, `.bordered`, a custom style) makes each \
            button handle only taps on itself.

            Apply `.buttonStyle(.borderless)` to the buttons, to the row, or to the list.

            Not reported: rows with one default-style button (the row is its tap target, as intended); buttons \
            with a style on themselves or on any view between them and the list, including the list itself; \
            rows built through a container the rule does not know (a project view or a library's \
            `WithViewStore`, which may splice its content into several rows); buttons in a `Menu`, a section \
            header or footer, swipe actions, context menus and other presentations; \
            and rows that are project views (their buttons are in another body).
            """,
        severity: .warning,
        precision: .high,
        tags: ["correctness", "controls", "swiftui"],
        triggeringExamples: [
            RuleExample("""
                struct Invitations: View {
                    let invitations: [Invitation]
                    var body: some View {
                        List(invitations) { invitation in
                            HStack {
                                Text(invitation.title)
                                ↓Button("Accept") { accept(invitation) }
                                ↓Button("Decline") { decline(invitation) }
                            }
                        }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct Invitations: View {
                    let invitations: [Invitation]
                    var body: some View {
                        List(invitations) { invitation in
                            HStack {
                                Button("Accept") { accept(invitation) }
                                Button("Decline") { decline(invitation) }
                            }
                            .buttonStyle(.borderless)
                        }
                        Form {
                            Button("Sign out") { signOut() }
                            Button("Delete account") { delete() }
                        }
                    }
                }
                """),
        ],
        knownLimits: [
            "A button style set outside the view that builds the list (by the parent, or in a custom modifier) is not seen.",
        ]
    )

    static let lists: Set<String> = ["List", "Form"]
    /// Views whose content the list splices into its rows.
    static let transparent: Set<String> = ["ForEach", "Section", "Group", "OutlineGroup", "DisclosureGroup"]
    /// SwiftUI views that stay one row with all their content.
    static let rowContainers: Set<String> = [
        "HStack", "VStack", "ZStack", "Grid", "GridRow", "LabeledContent", "ViewThatFits", "GeometryReader", "Label",
        "ControlGroup",
    ]
    static let barriers: Set<String> = ["Menu", "Picker", "List", "Form", "ControlGroup"]

    public init(options: RuleOptions) {}

    public func check(_ context: RuleContext) -> [Diagnostic] {
        // Buttons by the row they sit in (the range of the row's root view).
        var rows: [SourceRange: [PlacedView]] = [:]
        var order: [SourceRange] = []
        context.forEachPlacedView { placed in
            guard placed.viewTypeName == "Button", !placed.view.hasModifier("buttonStyle"),
                  let row = rowRoot(of: placed) else { return }
            if rows[row] == nil { order.append(row) }
            rows[row, default: []].append(placed)
        }
        var diagnostics: [Diagnostic] = []
        for row in order {
            guard let buttons = rows[row], buttons.count >= 2 else { continue }
            for placed in buttons {
                diagnostics.append(Diagnostic(
                    range: placed.view.baseCalleeRange,
                    message: "this 'Button' shares a list row with \(buttons.count - 1) other default-style "
                        + "button\(buttons.count == 2 ? "" : "s"), so a tap anywhere in the row fires all of them; "
                        + "give the buttons an explicit style such as '.buttonStyle(.borderless)'",
                    symbol: "\(placed.symbol):Button in row"))
            }
        }
        return diagnostics
    }

    /// The range of the row a button sits in, when it is in a `List` or `Form` row and nothing
    /// between the button and the list sets a button style or takes the button out of the row.
    func rowRoot(of placed: PlacedView) -> SourceRange? {
        var row = placed.view.range
        for enclosing in placed.enclosingViews {
            let view = enclosing.view
            if view.hasModifier("buttonStyle") { return nil }
            if let index = view.modifierIndex(owning: enclosing.block) {
                // Only overlays and backgrounds stay in the row; sheets, menus and actions do not.
                let name = view.modifiers[index].name
                if name != "overlay" && name != "background" { return nil }
            }
            // A view the rule does not know (a project or library container such as `WithViewStore`)
            // may splice its content into several rows: the row is then unknown.
            guard let type = view.viewTypeName else { return nil }
            if Self.lists.contains(type) { return row }
            if Self.barriers.contains(type) { return nil }
            if type == "Section", let label = enclosing.block.label, label != "content" { return nil }
            if Self.rowContainers.contains(type) {
                row = view.range
            } else if !Self.transparent.contains(type) {
                return nil
            }
        }
        return nil
    }
}
