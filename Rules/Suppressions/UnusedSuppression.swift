import ViewLintCore

/// ## What it does
/// Flags a `// viewlint:disable...` comment that silences no finding.
///
/// ## Why is this bad?
/// A suppression that no longer silences anything will silently hide the next real finding in
/// its range. Reporting it keeps suppressions from outliving the code they were written for.
///
/// The engine reports this rule after all other rules ran, since only then is it known whether
/// a suppression was used; `check` therefore finds nothing by itself.
public struct UnusedSuppression: Rule {
    public static let description = RuleDescription(
        id: "unused_suppression",
        name: "Unused suppression",
        summary: "A suppression comment silences no finding.",
        rationale: """
            A `// viewlint:disable` comment that silences nothing is dead weight, and worse: it will hide the \
            next real finding in its range without anyone noticing. Remove it. Suppressions of rules that are \
            turned off in the configuration are not reported, since they cannot be checked.
            """,
        severity: .warning,
        precision: .veryHigh,
        tags: ["maintainability"],
        triggeringExamples: [
            RuleExample("""
                struct Badge: View {
                    // viewlint:disable-next-line ↓unused_stored_input
                    let title: String
                    var body: some View { Text(title) }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct Badge: View {
                    // viewlint:disable-next-line unused_stored_input - kept for the next release
                    let subtitle: String
                    var body: some View { Text("x") }
                }
                """),
        ],
        flagsUnusedCode: true
    )

    public init(options: RuleOptions) {}
    public func check(_ context: RuleContext) -> [Diagnostic] { [] }
}
