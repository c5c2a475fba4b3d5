import ViewLintCore
import ViewLintModel

/// ## What it does
/// Flags an environment modifier (`.font(.caption)`, `.foregroundStyle(.red)`, `.tint(...)`)
/// applied with the same arguments to every child of a stack or group.
///
/// ## Why is this bad?
/// These modifiers set a value in the environment that every view below reads: applied once to
/// the container they mean the same, and the next child added gets it too.
///
/// ## Use instead
/// The modifier once, on the container.
public struct RepeatedModifier: Rule {
    public static let description = RuleDescription(
        id: "repeated_modifier",
        name: "Modifier repeated on every child",
        summary: "Every child of a stack or group carries the same environment modifier, which the container could carry once.",
        rationale: """
            Modifiers such as `font`, `foregroundStyle`, `tint`, `lineLimit`, `buttonStyle` or `disabled` write \
            a value into the environment, and every view below reads it. When each child of a container carries \
            the same one with the same arguments, one application to the container has the same effect, \
            states the intent once, and covers the child added next (the usual source of one row that looks \
            different).

            Only environment modifiers are reported: `.padding()` or `.frame(...)` on every child is not the \
            same as on the container (padding each child also spaces them apart), so layout and drawing \
            modifiers are never reported.

            Not reported: containers with one child, a `ForEach` or a condition among the children, children \
            that are not plain views (`content`), and the same modifier on some adjacent siblings only; \
            grouping two of five children in a `Group` to share a modifier is a matter of taste (the peer \
            linter reports it; viewlint does not).
            """,
        severity: .note,
        precision: .high,
        tags: ["simplification", "swiftui"],
        triggeringExamples: [
            RuleExample("""
                struct Legend: View {
                    var body: some View {
                        ↓VStack {
                            Text("Min").font(.caption)
                            Text("Max").font(.caption)
                        }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct Legend: View {
                    var body: some View {
                        VStack {
                            Text("Min").padding()
                            Text("Max").padding()
                        }
                        .font(.caption)
                        HStack {
                            Text("A").font(.caption)
                            Text("B").font(.body)
                            Text("C")
                        }
                    }
                }
                """),
        ]
    )

    static let containers: NameList = ["HStack", "VStack", "ZStack", "Group", "LazyVStack", "LazyHStack", "Section"]

    /// Modifiers that only write the environment, so applying them to the container is equivalent.
    static let environmentModifiers: Set<String> = [
        "font", "foregroundStyle", "foregroundColor", "tint", "fontWeight", "fontDesign", "lineLimit",
        "multilineTextAlignment", "textCase", "buttonStyle", "labelStyle", "toggleStyle", "pickerStyle",
        "textFieldStyle", "disabled", "controlSize", "imageScale", "symbolRenderingMode", "environment",
        "truncationMode", "minimumScaleFactor", "allowsTightening", "dynamicTypeSize", "menuStyle",
        "labelsHidden", "textSelection", "monospacedDigit",
    ]

    public init(options: RuleOptions) {}

    public func check(_ context: RuleContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let file = context.file
        context.forEachPlacedView { placed in
            let container = placed.view
            guard let name = placed.viewTypeName, Self.containers.contains(name),
                  let content = container.onlyBaseContent,
                  !content.hasUnmodelledStatement(in: file) else { return }
            // The children read in place, with no list of them made: most stacks are left at the
            // first `if`, `ForEach` or child without an environment modifier.
            let items = content.items
            var first: ViewExpression? = nil
            var count = 0
            for item in items {
                switch item {
                case .other: continue
                case .conditional: return
                case .view(let child):
                    guard let type = child.viewTypeName, type != "ForEach" else { return }
                    if first == nil { first = child }
                    count += 1
                }
            }
            guard count >= 2, let first else { return }
            let modifiers = first.modifiers
            for index in modifiers.indices where Self.environmentModifiers.contains(modifiers[index].name) {
                let modifier = modifiers[index]
                let everyChildHasIt = items.allSatisfy { item in
                    guard case .view(let child) = item else { return true }
                    return child.modifiers.contains { $0.name == modifier.name && $0.hasSameArgumentsText(as: modifier) }
                }
                guard everyChildHasIt else { continue }
                do {
                    diagnostics.append(Diagnostic(
                        range: container.baseCalleeRange,
                        message: "every child of this '\(name)' has '.\(modifier.name)\(modifier.argumentsText)'; apply it "
                            + "once to the '\(name)', where it reaches every child through the environment",
                        symbol: "\(placed.symbol):\(name).\(modifier.name)"))
                }
            }
        }
        return diagnostics
    }
}
