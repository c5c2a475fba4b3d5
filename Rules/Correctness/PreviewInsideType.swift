import ViewLintCore
import ViewLintModel

/// ## What it does
/// Flags a `#Preview` written inside a type or extension.
///
/// ## Why is this bad?
/// `#Preview` expands to a file-scope registration: Xcode's canvas finds previews only at the
/// top level of a file, so one nested in a type is never shown (or fails to expand).
///
/// ## Use instead
/// Move the `#Preview` out of the type, to the top level of the file.
public struct PreviewInsideType: Rule {
    public static let description = RuleDescription(
        id: "preview_inside_type",
        name: "Preview inside a type",
        summary: "A #Preview is declared inside a type or extension; it must be at file scope.",
        rationale: """
            The `#Preview` macro registers a preview at the top level of the file, where Xcode's canvas looks \
            for them. Written among a type's members it is not a file-scope declaration: depending on the \
            toolchain it fails to expand or is never listed, and the canvas shows no preview for the file.

            Move the `#Preview { ... }` block below the type, at the top level. A `PreviewProvider` type is the \
            older way and may be nested; it is not reported.

            Not reported: `#Preview` at the top level, also inside `#if DEBUG`; other macros; a preview after \
            which the enclosing type never closes (unbalanced braces in a code snippet).
            """,
        severity: .warning,
        precision: .high,
        tags: ["correctness", "swiftui"],
        triggeringExamples: [
            RuleExample("""
                struct Card: View {
                    var body: some View { Text("Card") }

                    ↓#Preview {
                        Card()
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct Card: View {
                    var body: some View { Text("Card") }
                }

                #if DEBUG
                #Preview("Card") {
                    Card()
                }
                #endif
                """),
        ]
    )

    public init(options: RuleOptions) {}

    public func check(_ context: RuleContext) -> [Diagnostic] {
        let file = context.file
        return file.macros.compactMap { macro in
            guard macro.name == "Preview", let index = macro.enclosingType else { return nil }
            let type = file.types[index]
            // A type that never closes after the preview (a code snippet cut short) is a parse of
            // unbalanced braces, not a preview written inside it.
            let after = file.source.bytes[min(macro.range.end, type.range.end)..<type.range.end]
            guard after.contains(0x7D) else { return nil }
            return Diagnostic(
                range: macro.nameRange,
                message: "'#Preview' is declared inside '\(type.name)', but previews are registered only at file scope, so this one never shows; move it to the top level of the file",
                symbol: "\(type.qualifiedName):#Preview")
        }
    }
}
