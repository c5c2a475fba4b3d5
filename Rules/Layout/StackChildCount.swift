import ViewLintCore
import ViewLintModel

/// ## What it does
/// Flags an `HStack`, `VStack`, `ZStack` or `Group` with no child, or with one child that is
/// known to be a single view.
///
/// ## Why is this bad?
/// A stack arranges several views; around one view (or none) it arranges nothing. It is one
/// more view for SwiftUI to build and diff, and one more level for readers to see through.
///
/// ## Use instead
/// The child on its own, with the stack's modifiers moved to it; or nothing.
public struct StackChildCount: Rule {
    public static let description = RuleDescription(
        id: "stack_child_count",
        name: "Stack with one child or none",
        summary: "An HStack, VStack, ZStack or Group holds one view or none, so it lays nothing out.",
        rationale: """
            Stacks place their children relative to each other: spacing between them, alignment across them. \
            With a single child there is nothing to place, and `VStack(alignment: .leading) { Text(title) }` \
            looks like it aligns the text although it does not (a frame's alignment does that: \
            `.frame(maxWidth: .infinity, alignment: .leading)`). An empty stack draws nothing and takes no space. \
            Either way the stack is an extra view in the hierarchy. Use the child directly and move the stack's \
            modifiers onto it.

            A child counts as one view only when it surely is one: a SwiftUI view (`Text`, `Image`, `Color`, \
            a control, another stack) or a project view whose `body` builds a single view. `let` statements in \
            the builder are not children.

            Not reported: an empty stack with modifiers (a hit area or spacer: \
            `HStack {}.frame(maxWidth: .infinity).contentShape(Rectangle())`); a lone `EmptyView`, which ignores \
            modifiers, so a stack around it is how list-row modifiers get a view to attach to; stacks with \
            accessibility modifiers (a deliberate accessibility container); a child that may build several views, which the stack then lays out (`content`, \
            `content()`, a `ForEach`, a `Group`, a view of another module, a project view whose `body` builds \
            several views); a lone `if`, which the stack gives a stable place to attach modifiers to; stacks with \
            a `#if` in their content; `LazyVStack`/`LazyHStack` (one child of a lazy stack is usually a \
            `ForEach` spliced in by a builder); and stacks without a content closure (`VStack(content: content)`).
            """,
        severity: .note,
        precision: .high,
        tags: ["layout", "simplification", "swiftui"],
        triggeringExamples: [
            RuleExample("""
                struct Title: View {
                    let title: String
                    var body: some View {
                        ↓VStack(alignment: .leading) {
                            Text(title).font(.headline)
                        }
                        .padding()
                    }
                }
                """),
            RuleExample("""
                struct Placeholder: View {
                    var body: some View {
                        ↓HStack {
                            let gap = 4
                        }
                        ↓ZStack { Avatar() }
                    }
                }
                struct Avatar: View {
                    var body: some View { Circle() }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct Card<Content: View>: View {
                    @ViewBuilder let content: () -> Content
                    let flag: Bool
                    var body: some View {
                        VStack { content() }
                        VStack { Group { Circle(); Circle() } }
                        HStack { ForEach(0..<3) { _ in Circle() } }
                        ZStack { if flag { Text("On") } }
                        VStack { Pair() }
                        VStack { ExternalWidget() }
                        VStack {
                            #if os(iOS)
                            Text("Phone")
                            #endif
                        }
                        VStack { Text("A"); Text("B") }
                    }
                }
                struct Pair: View {
                    var body: some View {
                        Text("One")
                        Text("Two")
                    }
                }
                """),
        ],
        knownLimits: [
            "Views inside `#if` are not counted, so a stack whose content is under `#if` is never reported.",
            "A project view is a single view when its `body` builds one; views of other modules (packages) are assumed to possibly build several.",
        ]
    )

    static let stacks: NameList = ["HStack", "VStack", "ZStack", "Group"]

    public init(options: RuleOptions) {}

    public func check(_ context: RuleContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let file = context.file
        context.forEachPlacedView { placed in
            let stack = placed.view
            guard let name = placed.viewTypeName, Self.stacks.contains(name),
                  let content = stack.onlyBaseContent, !content.hasReturn,
                  !content.hasUnmodelledStatement(in: file) else { return }
            // The children counted in place: most stacks hold several, and are left at the second.
            var count = 0
            var only: BuilderItem? = nil
            for item in content.items {
                if case .other = item { continue }
                count += 1
                if count > 1 { return }
                only = item
            }
            // An accessibility element built from the stack (`ZStack { Text(Image(...)) }
            // .accessibilityLabel(...)`) is a deliberate container.
            if stack.modifiers.contains(where: { $0.name.hasPrefix("accessibility") }) { return }
            let range = stack.baseCalleeRange
            if count == 0 {
                // With modifiers, an empty stack is a hit area or a spacer (`HStack {}.frame(maxWidth:
                // .infinity).contentShape(Rectangle()).onTapGesture { ... }`).
                guard stack.modifiers.isEmpty else { return }
                diagnostics.append(Diagnostic(
                    range: range,
                    message: "'\(name)' has no children, so it draws nothing and takes no space; remove it",
                    symbol: "\(placed.symbol):\(name)(empty)"))
                return
            }
            guard case .view(let child)? = only, let childName = child.viewTypeName,
                  context.project.isSingleView(child, name: childName, from: placed.type) else { return }
            diagnostics.append(Diagnostic(
                range: range,
                message: "'\(name)' has only one child, '\(childName)', so it lays nothing out; use '\(childName)' "
                    + "on its own and move the \(name == "Group" ? "group's" : "stack's") modifiers to it",
                symbol: "\(placed.symbol):\(name)(\(childName))"))
        }
        return diagnostics
    }
}
