import ViewLintCore
import ViewLintModel

/// ## What it does
/// Flags `.scaledToFit()`, `.scaledToFill()` and `.aspectRatio(...)` on an `Image` that is not
/// made `.resizable()` first.
///
/// ## Why is this bad?
/// An image that is not resizable always draws at its own size: the aspect-ratio modifiers
/// propose a size it ignores, so the image does not scale.
///
/// ## Use instead
/// `Image("photo").resizable().scaledToFit()`.
public struct ImageMissingResizable: Rule {
    static let scalingModifiers: Set<String> = ["scaledToFit", "scaledToFill", "aspectRatio"]
    /// Modifiers that wrap the image in a view of another size: a ratio applied after one of them
    /// shapes that box (`.frame(maxWidth: .infinity).aspectRatio(16 / 9, contentMode: .fit)`), a
    /// layout choice rather than an attempt to scale the image.
    static let layoutModifiers: Set<String> = [
        "frame", "padding", "background", "overlay", "containerRelativeFrame", "fixedSize", "layoutPriority",
        "border", "safeAreaInset", "ignoresSafeArea",
    ]

    public static let description = RuleDescription(
        id: "image_missing_resizable",
        name: "Image scaled without resizable",
        summary: "An Image is given .scaledToFit(), .scaledToFill() or .aspectRatio(...) without .resizable() first, so it keeps its own size.",
        rationale: """
            `Image` has a fixed ideal size (the asset's, or the symbol's at the current font) and, unless \
            `.resizable()` is called on it, draws at exactly that size whatever it is offered. `.scaledToFit()`, \
            `.scaledToFill()` and `.aspectRatio(_:contentMode:)` work by proposing a size that keeps a ratio: a \
            non-resizable image ignores the proposal, so a large photo overflows its frame and a small icon \
            stays small, silently.

            Call `.resizable()` first (it must come before other modifiers, it is a method of `Image`): \
            `Image("photo").resizable().scaledToFit()`. The fix inserts it.

            Not reported: a ratio applied after `.frame`, `.padding` or another modifier that wraps the image \
            in a box of its own size (the ratio then shapes the box); `.frame(...)` alone, which also gives a fixed-size image a hit area or aligns it \
            without scaling; images that are not written as an `Image(...)` call in the chain (a parameter, \
            `AsyncImage`'s phase image); project types named `Image`.
            """,
        severity: .warning,
        precision: .high,
        tags: ["correctness", "swiftui"],
        triggeringExamples: [
            RuleExample("""
                struct Cover: View {
                    var body: some View {
                        Image("cover")
                            .↓scaledToFit()
                            .frame(width: 120, height: 120)
                    }
                }
                """),
            RuleExample("""
                struct Avatar: View {
                    let name: String
                    var body: some View {
                        Image(name).renderingMode(.original).↓aspectRatio(contentMode: .fill)
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct Cover: View {
                    var body: some View {
                        Image("cover")
                            .resizable()
                            .scaledToFit()
                        Image(systemName: "star")
                            .frame(width: 44, height: 44)
                    }
                }
                """),
        ],
        knownLimits: [
            "Only chains that start with an `Image(...)` call are checked.",
        ]
    )

    public init(options: RuleOptions) {}

    public func check(_ context: RuleContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        guard context.project.isSDKType("Image") else { return [] }
        let memberViews = context.memberViews
        for (type, _, member) in context.builderMembers {
            let views = memberViews.views(of: member)
            for (index, expression) in views.views.enumerated() where views.baseTypeNames[index] == "Image" {
                guard !expression.hasModifier("resizable"), !expression.hasConditionalCompilation,
                      let index = expression.modifiers.firstIndex(where: { Self.scalingModifiers.contains($0.name) }),
                      !expression.modifiers[..<index].contains(where: { Self.layoutModifiers.contains($0.name) })
                else { continue }
                let modifier = expression.modifiers[index]
                let insertion = SourceRange(start: expression.baseRange.end, end: expression.baseRange.end)
                diagnostics.append(Diagnostic(
                    range: modifier.nameRange,
                    message: "'.\(modifier.name)' has no effect on an 'Image' that is not resizable: it keeps its own size; call '.resizable()' on the image first",
                    symbol: "\(type?.qualifiedName ?? "global").\(member.name):\(modifier.name)",
                    fixes: [Fix(summary: "insert '.resizable()' after the image", replacement: (insertion, ".resizable()"))]))
            }
        }
        return diagnostics
    }
}
