import ViewLintCore
import ViewLintModel

/// ## What it does
/// Flags `.listRowBackground`, `.listRowInsets`, `.listRowSeparator` and
/// `.listRowSeparatorTint` applied to a `List` instead of its rows.
///
/// ## Why is this bad?
/// Row modifiers are read by the list from each row. Attached to the list itself there is no
/// row to configure, and SwiftUI ignores them.
///
/// ## Use instead
/// Apply the modifier to the row views inside the list (`ForEach`'s content, or each row).
public struct MisplacedListRowModifier: Rule {
    static let rowModifiers: NameList = [
        "listRowBackground", "listRowInsets", "listRowSeparator", "listRowSeparatorTint",
    ]

    public static let description = RuleDescription(
        id: "misplaced_list_row_modifier",
        name: "Misplaced list row modifier",
        summary: "A list row modifier (.listRowBackground, .listRowInsets, .listRowSeparator) is applied to the List instead of its rows, where it is ignored.",
        rationale: """
            `List` reads `.listRowBackground`, `.listRowInsets`, `.listRowSeparator`, and `.listRowSeparatorTint` \
            from each row it lays out. Applied to the `List`, they \
            sit outside every row: the background stays the default, the insets and separators do not change, \
            and nothing warns.

            Move the modifier onto the rows: `List { ForEach(items) { Row($0).listRowBackground(Color.clear) } }`. \
            `.listRowSpacing` (iOS 17) is different: it is a list modifier, applied to the `List`, and is not \
            reported.

            A `List` at the top of a view's `body` is reported when the project places that view, and only \
            outside rows: in a stack, a `NavigationStack`, a sheet or a destination (the view graph, across files).

            Not reported: a `List` at the top of a helper, or of a `body` whose view is placed nowhere visible, \
            at the top of another view's builder, or in a `Form`, a list or a project container: its callers \
            may make it a row, and its row modifiers configure that row; a `List` inside a `Form` or `List`; \
            project types named `List`; a list built by a helper and modified by its caller.
            """,
        severity: .warning,
        precision: .high,
        tags: ["correctness", "swiftui"],
        triggeringExamples: [
            RuleExample("""
                struct Settings: View {
                    var body: some View {
                        NavigationStack {
                            List {
                                Text("General")
                                Text("Privacy")
                            }
                            .↓listRowBackground(Color.clear)
                            .↓listRowSeparator(.hidden)
                        }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct Settings: View {
                    let items: [String]
                    var body: some View {
                        List {
                            ForEach(items, id: \\.self) { item in
                                Text(item)
                                    .listRowBackground(Color.clear)
                                    .listRowSeparator(.hidden)
                            }
                        }
                        .listRowSpacing(8)
                        .listStyle(.plain)
                    }
                }
                """),
            RuleExample("""
                struct History: View {
                    var body: some View {
                        Form { entries }
                    }
                    var entries: some View {
                        List { Text("Today") }
                            .listRowBackground(Color.gray)
                    }
                }
                """),
        ],
        knownLimits: [
            "Only modifiers written on the `List` expression itself are seen.",
            "A `List` at the top of a `body` is reported only where the project places the view, and one level up: a view placed at the top of another view's body is not followed further.",
        ]
    )

    public init(options: RuleOptions) {}

    public func check(_ context: RuleContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let memberViews = context.memberViews
        for (type, _, member) in context.builderMembers {
            // Most members build no `List` with a row modifier: told by the names the file's other
            // rules worked out, without working out each view's name again or its ancestors.
            let views = memberViews.views(of: member)
            guard views.views.indices.contains(where: {
                views.baseTypeNames[$0] == "List" && views.views[$0].modifiers.contains(where: { Self.rowModifiers.contains($0.name) })
            }) else { continue }
            for (expression, ancestors) in views.withAncestors {
                // The placements are asked for only about a list that has a row modifier.
                guard expression.baseTypeName == "List",
                      expression.modifiers.contains(where: { Self.rowModifiers.contains($0.name) }),
                      context.project.isSDKType("List"),
                      isKnownNotARow(ancestors)
                        || (ancestors.isEmpty && isPlacedOnlyOutsideRows(type, member: member, project: context.project))
                else { continue }
                for modifier in expression.modifiers
                where Self.rowModifiers.contains(modifier.name) {
                    diagnostics.append(Diagnostic(
                        range: modifier.nameRange,
                        message: "'.\(modifier.name)' is applied to the 'List' itself, which reads it only from its rows, so it is ignored; apply it to the row views inside the list",
                        symbol: "\(type?.qualifiedName ?? "global").\(member.name):\(modifier.name)"))
                }
            }
        }
        return diagnostics
    }

    /// A `List` at the top of a view's `body` is a row only where the view is: known not to be one
    /// when the project places the view, and every place's nearest enclosing container (past
    /// groups, `ForEach` and sections) is an SDK view other than `List` and `Form`, a modifier's
    /// content or a destination. Unplaced views, places at the top of another builder and
    /// project containers are unknown.
    func isPlacedOnlyOutsideRows(_ type: ProjectModel.TypeInfo?, member: Member, project: ProjectModel) -> Bool {
        guard let type, member.name == "body" else { return false }
        let places = project.placements(of: type)
        guard !places.isEmpty else { return false }
        return places.allSatisfy { place in
            guard let nearest = place.path.last(where: { !Self.transparentContainers.contains($0) }) else { return false }
            if nearest.hasPrefix(".") || nearest == "NavigationLink destination" { return true }
            return nearest != "List" && nearest != "Form" && nearest != "view" && project.isSDKType(nearest)
        }
    }

    /// Containers whose children are rows of an enclosing list: a view in them is a row itself.
    static let transparentContainers: Set<String> = ["Group", "ForEach", "Section"]

    /// A `List` placed in a `Form` or another `List` (directly or through a `Group`, `ForEach` or
    /// `Section`) is a row of it, and its row modifiers configure that row. Known not to be a
    /// row: the nearest enclosing view that is not transparent is some other view (a stack, a
    /// `NavigationStack`). A list at the top of its builder may be placed anywhere by its callers.
    func isKnownNotARow(_ ancestors: ViewAncestors) -> Bool {
        for ancestor in ancestors {
            guard let name = ancestor.baseTypeName else { return false }
            if Self.transparentContainers.contains(name) { continue }
            return name != "List" && name != "Form"
        }
        return false
    }
}
