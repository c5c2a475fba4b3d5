import ViewLintCore
import ViewLintModel

/// ## What it does
/// Flags `.frame(width: .infinity)` and `.frame(height: .infinity)`.
///
/// ## Why is this bad?
/// `width:` and `height:` set a fixed size; infinity is not a size SwiftUI can give a view. It
/// logs "invalid frame dimension" and the layout is undefined.
///
/// ## Use instead
/// `.frame(maxWidth: .infinity)` / `.frame(maxHeight: .infinity)`: take all the space offered.
public struct FrameInfinity: Rule {
    public static let description = RuleDescription(
        id: "frame_infinity",
        name: "Infinite fixed frame",
        summary: "A frame's fixed width or height is infinity; the flexible maxWidth or maxHeight is meant.",
        rationale: """
            `.frame(width:height:alignment:)` gives a view a fixed size. A fixed size of `.infinity` is not a \
            size: SwiftUI logs "Invalid frame dimension (negative or non-finite)" at run time and the result \
            depends on the version, often a view that takes no space at all or pushes its siblings off screen. \
            The intent, filling the available width or height, is the flexible frame: \
            `.frame(maxWidth: .infinity)` and `.frame(maxHeight: .infinity)`, optionally with an `alignment:`.

            The fix renames the label when the frame has no other fixed dimension; with a finite \
            `height: 44` beside `width: .infinity`, the two overloads cannot be mixed, so the fix is described \
            rather than applied (`minHeight: 44, maxHeight: 44` keeps the fixed height).

            Not reported: `maxWidth:`/`maxHeight:`/`minWidth:` arguments, and values that only might be infinite \
            (a variable).
            """,
        severity: .warning,
        precision: .veryHigh,
        tags: ["correctness", "layout", "swiftui"],
        triggeringExamples: [
            RuleExample("""
                struct Banner: View {
                    var body: some View {
                        Text("Sale")
                            .frame(↓width: .infinity)
                            .background(.yellow)
                    }
                }
                """),
            RuleExample("""
                struct Page: View {
                    var body: some View {
                        Color.blue.frame(↓width: CGFloat.infinity, ↓height: .infinity, alignment: .top)
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct Banner: View {
                    let width: CGFloat
                    var body: some View {
                        Text("Sale")
                            .frame(maxWidth: .infinity, alignment: .leading)
                            .frame(width: width, height: 44)
                    }
                }
                """),
        ]
    )

    public init(options: RuleOptions) {}

    public func check(_ context: RuleContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        context.forEachPlacedView { placed in
            for modifier in placed.view.modifiers where modifier.name == "frame" {
                let infinite = modifier.arguments.filter {
                    ($0.label == "width" || $0.label == "height") && Layout.isInfinity($0.shape)
                }
                guard !infinite.isEmpty else { continue }
                // Renaming is enough only when nothing fixed is left beside the infinite dimensions.
                let renamable = modifier.arguments.allSatisfy { arg in
                    arg.label == "alignment" || infinite.contains(arg)
                }
                for argument in infinite {
                    guard let label = argument.label, let labelRange = argument.labelRange else { continue }
                    let flexible = label == "width" ? "maxWidth" : "maxHeight"
                    let fix = renamable
                        ? Fix(summary: "use '\(flexible): .infinity'", replacement: (labelRange, flexible))
                        : Fix(summary: "use '\(flexible): .infinity' and turn the other fixed dimension into its min and max")
                    diagnostics.append(Diagnostic(
                        range: labelRange,
                        message: "'\(label): .infinity' asks for an infinite fixed size, which SwiftUI cannot lay out; "
                            + "use '\(flexible): .infinity' to fill the available space",
                        symbol: "\(placed.symbol):frame(\(label))",
                        fixes: [fix]))
                }
            }
        }
        return diagnostics
    }
}
