import ViewLintCore
import ViewLintModel

/// ## What it does
/// Flags a vertical `ScrollView` whose only content is a row of items (`LazyHStack`, or an
/// `HStack` around a `ForEach`), and a horizontal one whose only content is a `LazyVStack`.
///
/// ## Why is this bad?
/// The scroll view scrolls along one axis and its content grows along the other: the row runs
/// off screen where it cannot be scrolled to, and a lazy stack loads everything at once because
/// it is never scrolled along its axis.
///
/// ## Use instead
/// `ScrollView(.horizontal) { LazyHStack { ... } }`, or a stack along the scroll axis.
public struct ScrollAxisMismatch: Rule {
    public static let description = RuleDescription(
        id: "scroll_axis_mismatch",
        name: "Scroll axis mismatch",
        summary: "A ScrollView scrolls along one axis while its only content is a row (or column) of items along the other.",
        rationale: """
            `ScrollView { ... }` scrolls vertically unless it is given `.horizontal`. When its only content is a \
            horizontal row of items, the row is laid out at its full width, wider than the screen, and the part \
            past the edge cannot be reached: the view scrolls up and down instead. A lazy stack makes it worse: \
            `LazyHStack` creates its items as they scroll into view along its own axis, so inside a vertical \
            scroll view it creates all of them at once. The reverse holds for a `LazyVStack` in \
            `ScrollView(.horizontal)`.

            Not reported, because the content can legitimately be scrolled the other way: an `HStack` of fixed \
            views (a picture beside a long wrapping text scrolls vertically), an `HStack` of columns \
            (`ForEach(columns) { VStack { ... } }`, a masonry layout), a plain `VStack` in a horizontal \
            scroll view (wide rows of a table), scroll views with both axes or an axis held in a variable, and \
            content with more than one view or a condition. An empty stack is `stack_child_count`'s finding, not \
            this rule's.
            """,
        severity: .warning,
        precision: .high,
        tags: ["correctness", "layout", "swiftui"],
        triggeringExamples: [
            RuleExample("""
                struct Tags: View {
                    let tags: [String]
                    var body: some View {
                        ↓ScrollView {
                            HStack {
                                ForEach(tags, id: \\.self) { Text($0) }
                            }
                        }
                    }
                }
                """),
            RuleExample("""
                struct Feed: View {
                    let posts: [Post]
                    var body: some View {
                        ↓ScrollView(.horizontal, showsIndicators: false) {
                            LazyVStack { ForEach(posts) { PostRow(post: $0) } }
                        }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct Tags: View {
                    let tags: [String]
                    let columns: [[String]]
                    var body: some View {
                        ScrollView(.horizontal) {
                            HStack { ForEach(tags, id: \\.self) { Text($0) } }
                        }
                        ScrollView {
                            HStack(alignment: .top) {
                                Image(systemName: "info")
                                Text("A long description that wraps")
                            }
                        }
                        ScrollView {
                            HStack(alignment: .top) {
                                ForEach(columns, id: \\.self) { column in
                                    VStack { ForEach(column, id: \\.self) { Text($0) } }
                                }
                            }
                        }
                    }
                }
                """),
        ]
    )

    public init(options: RuleOptions) {}

    public func check(_ context: RuleContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        context.forEachPlacedView { placed in
            let scroll = placed.view
            guard scroll.viewTypeName == "ScrollView", let axis = Layout.scrollAxis(scroll),
                  let content = scroll.baseContents.first, scroll.baseContents.count == 1,
                  content.viewItems.count == 1, case .view(let only) = content.viewItems[0],
                  let stack = only.viewTypeName, growsAcross(only, stack: stack, scrollAxis: axis) else { return }
            let other = axis == "vertical" ? "horizontal" : "vertical"
            let callee = scroll.baseCalleeRange
            let nameEnd = callee.end
            diagnostics.append(Diagnostic(
                range: callee,
                message: "this 'ScrollView' scrolls \(axis == "vertical" ? "vertically" : "horizontally") but its only "
                    + "content, '\(stack)', lays its items out \(other)ly, so they run off screen where they cannot be "
                    + "scrolled to; use 'ScrollView(.\(other))'",
                symbol: "\(placed.symbol):ScrollView(\(stack))",
                fixes: [fix(scroll, nameEnd: nameEnd, to: other, in: context.file)]))
        }
        return diagnostics
    }

    /// Does the stack grow across the scroll axis with items that cannot be read the other way?
    func growsAcross(_ view: ViewExpression, stack: String, scrollAxis: String) -> Bool {
        if scrollAxis == "vertical" {
            if stack == "LazyHStack" { return true }
            guard stack == "HStack", let content = view.baseContents.first else { return false }
            return content.directViews.contains { child in
                guard child.viewTypeName == "ForEach" else { return false }
                // Columns (`ForEach(columns) { VStack { ... } }`) are a layout that scrolls vertically.
                return !child.contents.contains { $0.directViews.contains { Layout.verticalStacks.contains($0.viewTypeName ?? "") } }
            }
        }
        return stack == "LazyVStack"
    }

    func fix(_ scroll: ViewExpression, nameEnd: Int, to axis: String, in file: FileModel) -> Fix {
        let summary = "scroll \(axis)ly: 'ScrollView(.\(axis))'"
        if let first = scroll.baseArguments.first, first.isUnlabeled,
           case .member(nil, _) = first.shape {
            return Fix(summary: summary, replacement: (first.range, ".\(axis)"))
        }
        // `ScrollView { ... }`: no parentheses to put the axis in yet.
        let bytes = file.source.bytes
        if scroll.baseArguments.isEmpty, nameEnd < bytes.count, bytes[nameEnd] != 0x28 {
            return Fix(summary: summary, replacement: (SourceRange(start: nameEnd, end: nameEnd), "(.\(axis))"))
        }
        return Fix(summary: summary)
    }
}
