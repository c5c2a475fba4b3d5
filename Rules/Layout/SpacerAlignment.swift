import ViewLintCore
import ViewLintModel

/// ## What it does
/// Flags an `HStack` or `VStack` whose only children are one view and plain `Spacer()`s on one
/// side of it: `HStack { Spacer(); Text(total) }`.
///
/// ## Why is this bad?
/// The stack and the spacer exist only to push the view to an edge. A flexible frame says that
/// directly, with one view instead of three and no spacing to reason about.
///
/// ## Use instead
/// `Text(total).frame(maxWidth: .infinity, alignment: .trailing)` (`maxHeight` and `.top` /
/// `.bottom` for a `VStack`).
public struct SpacerAlignment: Rule {
    public static let description = RuleDescription(
        id: "spacer_alignment",
        name: "Spacer used to align one view",
        summary: "An HStack or VStack holds one view and Spacers on one side of it, only to push the view to an edge.",
        rationale: """
            `HStack { Spacer(); Text(total) }` builds a stack, a spacer and the text to say "put the text on the \
            trailing edge". The flexible frame says it in one modifier: `Text(total).frame(maxWidth: .infinity, \
            alignment: .trailing)`, and `VStack { Text(title); Spacer() }` is `.frame(maxHeight: .infinity, \
            alignment: .top)`. The frame takes all the space offered along the axis and places the view at the \
            edge, as the spacer did; the stack's other modifiers (`padding`, `background`) move after the frame. \
            Fewer views to build and diff, and the intent is in the code rather than in the order of children.

            The stack's `alignment:` does not matter (with one view there is nothing to align across), so a stack \
            with one is reported too; the frame's alignment combines both (`.topTrailing`). One difference to \
            know: a plain `Spacer()` keeps the platform's minimum spacing, so a long text stops a few points short \
            of the edge it is pushed from; with the frame it may use that space.

            Not reported: a spacer with a `minLength:` or modifiers (`Spacer().frame(width: 20)`), and a stack with \
            `spacing:`, which set a minimum gap the frame cannot express; spacers on both sides (centring, which \
            is `.frame(maxWidth: .infinity)`, a matter of taste); several views beside the spacer, or a child that \
            may build several views (`content`, a `ForEach`, a `Group`, an `if`, a view of another module, a \
            project view whose `body` builds several); a view that takes all the space offered itself (a \
            `ScrollView`, `List`, `TextField`, `Toggle`, `Slider`, a shape or `Color` without a `frame`, a stack with \
            a `Spacer` of its own), which \
            shares the space with the spacer rather than being pushed by it; lazy stacks and `ZStack`; stacks under `#if`; and stacks \
            inside a `Menu`, `Picker`, `.toolbar`, `.contextMenu` or `.swipeActions`, whose content the system \
            takes apart and lays out itself.
            """,
        severity: .note,
        precision: .high,
        tags: ["layout", "simplification", "swiftui"],
        triggeringExamples: [
            RuleExample("""
                struct TotalRow: View {
                    let total: String
                    var body: some View {
                        ↓HStack {
                            Spacer()
                            Text(total).bold()
                        }
                        .padding()
                    }
                }
                """),
            RuleExample("""
                struct Banner: View {
                    var body: some View {
                        ↓VStack(alignment: .leading) {
                            Text("Sale")
                            Spacer()
                        }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct TotalRow: View {
                    let total: String
                    var body: some View {
                        Text(total).frame(maxWidth: .infinity, alignment: .trailing)
                        HStack { Text("Total"); Spacer(); Text(total) }
                        HStack { Spacer(); Text(total); Spacer() }
                        HStack { Spacer(minLength: 0); Text(total) }
                        HStack(spacing: 0) { Spacer(); Text(total) }
                        HStack { Spacer(); if !total.isEmpty { Text(total) } }
                    }
                }
                """),
        ],
        knownLimits: [
            "A project view beside the spacer counts as one view when its `body` builds one; views of other modules are assumed to possibly build several, so such stacks are not reported.",
            "The suggestion is described, not applied: moving the stack's modifiers onto the frame changes the code around it.",
        ]
    )

    /// Containers whose content the system takes apart (menu items, picker rows, bar items)
    /// rather than lays out as written.
    static let decomposingViews: Set<String> = ["Menu", "Picker", "ControlGroup"]
    static let decomposingModifiers: Set<String> = ["toolbar", "contextMenu", "swipeActions", "commands"]

    /// Views that take all the space offered along a stack's axis: beside a spacer they share it,
    /// so the frame would not be the same layout (and the spacer may be doing nothing at all).
    static let greedyViews: Set<String> = [
        "ScrollView", "ScrollViewReader", "List", "Form", "GeometryReader", "TabView", "NavigationStack",
        "NavigationSplitView", "Color", "Rectangle", "RoundedRectangle", "UnevenRoundedRectangle", "Circle",
        "Capsule", "Ellipse", "LinearGradient", "RadialGradient", "AngularGradient", "TextEditor", "TextField",
        "SecureField", "Toggle", "Slider", "ProgressView", "Gauge", "Canvas", "LazyVGrid", "LazyHGrid", "Grid",
        "Map", "Table",
    ]

    public init(options: RuleOptions) {}

    public func check(_ context: RuleContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let file = context.file
        context.forEachPlacedView { placed in
            let stack = placed.view
            guard let name = placed.viewTypeName, name == "HStack" || name == "VStack",
                  stack.baseArgument("spacing") == nil,
                  let content = stack.onlyBaseContent, !content.hasReturn,
                  !content.hasUnmodelledStatement(in: file) else { return }
            // The children read in place, with no list of them made: most stacks are left at their
            // second view that is not a spacer.
            var count = 0, index = 0
            var other: ViewExpression? = nil
            for item in content.items {
                switch item {
                case .other: continue
                case .conditional: return
                case .view(let view):
                    if !Self.isPlainSpacer(view) {
                        if other != nil { return }
                        other = view
                        index = count
                    }
                    count += 1
                }
            }
            guard count >= 2, let view = other else { return }
            // Spacers on one side only: before the view (pushes it to the end) or after (to the start).
            let leading = index > 0, trailing = index < count - 1
            guard leading != trailing else { return }
            guard let viewName = view.viewTypeName, !Self.isSpacerLike(viewName),
                  !Self.greedyViews.contains(viewName) || view.hasModifier("frame"),
                  // A stack holding a spacer of its own is flexible too: it shares the space.
                  !view.baseContents.contains(where: { $0.directViews.contains { $0.viewTypeName == "Spacer" } }),
                  context.project.isSingleView(view, name: viewName, from: placed.type),
                  !Self.isInsideDecomposingContainer(placed) else { return }
            let horizontal = name == "HStack"
            let edge = horizontal ? (leading ? "trailing" : "leading") : (leading ? "bottom" : "top")
            let dimension = horizontal ? "maxWidth" : "maxHeight"
            let range = stack.baseCalleeRange
            diagnostics.append(Diagnostic(
                range: range,
                message: "'\(name)' with a 'Spacer' only pushes '\(viewName)' to the \(edge) edge; apply "
                    + "'.frame(\(dimension): .infinity, alignment: .\(edge))' to '\(viewName)' instead",
                symbol: "\(placed.symbol):\(name)(\(viewName),\(edge))",
                fixes: [Fix.notOffered("use '.frame(\(dimension): .infinity, alignment: .\(edge))' on '\(viewName)'",
                                       because: "the stack's modifiers have to move onto the frame by hand")]))
        }
        return diagnostics
    }

    /// `Spacer()` with no argument and no modifier.
    static func isPlainSpacer(_ view: ViewExpression) -> Bool {
        view.viewTypeName == "Spacer" && view.baseArguments.isEmpty && view.modifiers.isEmpty
            && !view.hasConditionalCompilation
    }

    static func isSpacerLike(_ name: String) -> Bool { name == "Spacer" || name == "Divider" }

    static func isInsideDecomposingContainer(_ placed: PlacedView) -> Bool {
        for enclosing in placed.enclosingViews {
            if let name = enclosing.viewTypeName, decomposingViews.contains(name) { return true }
            if let index = enclosing.view.modifierIndex(owning: enclosing.block),
               decomposingModifiers.contains(enclosing.view.modifiers[index].name) { return true }
        }
        return false
    }
}
