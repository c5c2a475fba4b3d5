import ViewLintCore
import ViewLintModel

/// ## What it does
/// Flags a `ToolbarItem` that holds several controls (directly, or in an `HStack`), and a
/// `ToolbarItem` with the same placement as an earlier one in the same `.toolbar`.
///
/// ## Why is this bad?
/// A toolbar item is one item: the system spaces, groups, overflows and styles items, not the
/// views inside one. Several controls in one item lose the system spacing and the overflow
/// menu; several items with one placement are a group spelled the long way.
///
/// ## Use instead
/// `ToolbarItemGroup(placement:) { ... }` with the controls as its children.
public struct ToolbarItemGrouping: Rule {
    public static let description = RuleDescription(
        id: "toolbar_item_group",
        name: "Toolbar items that form a group",
        summary: "A ToolbarItem holds several controls, or repeats the placement of another item, where ToolbarItemGroup is meant.",
        rationale: """
            In a `.toolbar`, each `ToolbarItem` is one slot that the system lays out: it spaces items by the \
            platform's metrics, moves those that do not fit into an overflow menu, and on macOS lets users \
            customise them. Several controls inside one `ToolbarItem` (side by side, or in an `HStack`) become one \
            slot: the system no longer spaces or overflows them, and on iOS they are laid out with the stack's \
            spacing instead of the toolbar's. `ToolbarItemGroup(placement:) { ... }` gives each control its own \
            slot with one placement.

            Several `ToolbarItem`s with the same placement in one `.toolbar` are the same group written item by \
            item; that one is a note about spelling (both render the same), reported on the second and later \
            items.

            Not reported: items with one control, a control beside a `Spacer`, items whose content is a project \
            view or a property, items with an `id:` (customisable toolbars need one item per id) and items under \
            different placements or in different `.toolbar` modifiers.
            """,
        severity: .note,
        precision: .high,
        tags: ["toolbar", "swiftui"],
        triggeringExamples: [
            RuleExample("""
                struct Editor: View {
                    var body: some View {
                        Text("Draft")
                            .toolbar {
                                ↓ToolbarItem(placement: .primaryAction) {
                                    HStack {
                                        Button("Undo") { undo() }
                                        Button("Redo") { redo() }
                                    }
                                }
                            }
                    }
                }
                """),
            RuleExample("""
                struct Editor: View {
                    var body: some View {
                        Text("Draft")
                            .toolbar {
                                ToolbarItem(placement: .topBarTrailing) { Button("Share") { share() } }
                                ↓ToolbarItem(placement: .topBarTrailing) { Button("Send") { send() } }
                            }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct Editor: View {
                    var body: some View {
                        Text("Draft")
                            .toolbar {
                                ToolbarItemGroup(placement: .primaryAction) {
                                    Button("Undo") { undo() }
                                    Button("Redo") { redo() }
                                }
                                ToolbarItem(placement: .cancellationAction) { Button("Cancel") { cancel() } }
                                ToolbarItem(placement: .confirmationAction) { Button("Done") { done() } }
                                ToolbarItem(placement: .status) { StatusView() }
                            }
                    }
                }
                """),
        ]
    )

    static let controls: Set<String> = [
        "Button", "Menu", "Toggle", "Picker", "NavigationLink", "Link", "ShareLink", "EditButton", "ControlGroup",
    ]

    public init(options: RuleOptions) {}

    public func check(_ context: RuleContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        context.forEachPlacedView { placed in
            // Names read in place: a modifier copied out of the list retains each of its fields.
            let modifiers = placed.view.modifiers
            for index in modifiers.indices where modifiers[index].name == "toolbar" {
                for content in placed.view.contents(ofModifierAt: index) {
                    check(content, placed: placed, into: &diagnostics)
                }
            }
        }
        return diagnostics
    }

    func check(_ toolbar: BuilderBlock, placed: PlacedView, into diagnostics: inout [Diagnostic]) {
        var placements: Set<String> = []
        // Items directly in the toolbar and in `Group`s of it, in source order, visited in place
        // rather than gathered into lists.
        toolbar.forEachDirectView { view in
            guard let name = view.viewTypeName else { return }
            if name == "Group" {
                for content in view.baseContents {
                    content.forEachDirectView { item in
                        if item.viewTypeName == "ToolbarItem" { check(item, placed: placed, placements: &placements, into: &diagnostics) }
                    }
                }
            } else if name == "ToolbarItem" {
                check(view, placed: placed, placements: &placements, into: &diagnostics)
            }
        }
    }

    /// Reports a `ToolbarItem` that holds several controls, or repeats one of `placements`.
    func check(_ item: ViewExpression, placed: PlacedView, placements: inout Set<String>, into diagnostics: inout [Diagnostic]) {
        guard item.baseArgument("id") == nil else { return }
        let range = item.baseCalleeRange
        let placement = item.baseArgument("placement")?.text ?? ""
        let repeated = !placements.insert(placement).inserted
        if let names = controlsInside(item), names.count >= 2 {
            diagnostics.append(Diagnostic(
                range: range,
                message: "this 'ToolbarItem' holds \(names.map { "'\($0)'" }.joined(separator: " and ")) in one "
                    + "slot, so the toolbar cannot space or overflow them; use 'ToolbarItemGroup' with the controls "
                    + "as its children",
                symbol: "\(placed.symbol):ToolbarItem(\(placement))"))
        } else if repeated {
            diagnostics.append(Diagnostic(
                range: range,
                message: "another 'ToolbarItem' of this '.toolbar' has the placement '\(placement.isEmpty ? "automatic" : placement)'; "
                    + "put the items of one placement in one 'ToolbarItemGroup'",
                symbol: "\(placed.symbol):ToolbarItem(\(placement)) repeated"))
        }
    }

    /// The controls of an item's content, directly or in its single `HStack`; nil when the
    /// content holds anything else (a project view, a `Spacer`, a condition).
    /// Nil as well for content of fewer than two views, which no finding is about: their names
    /// are not gathered into a list.
    func controlsInside(_ item: ViewExpression) -> [String]? {
        guard let content = item.onlyBaseContent else { return nil }
        var views = content.viewItems
        if views.count == 1, case .view(let only) = views[0], only.viewTypeName == "HStack",
           let inner = only.onlyBaseContent {
            views = inner.viewItems
        }
        if views.count < 2 { return nil }
        var names: [String] = []
        names.reserveCapacity(views.count)
        for view in views {
            guard case .view(let v) = view, let name = v.viewTypeName, Self.controls.contains(name) else { return nil }
            names.append(name)
        }
        return names
    }
}
