import ViewLintCore

/// ## What it does
/// Flags a suppression comment that names a rule id viewlint does not have, names none, or
/// misspells the directive itself (`// viewlint:disable-nextline`).
///
/// ## Why is this bad?
/// A misspelled id silences nothing, so the finding it was meant to silence keeps appearing,
/// or a rule renamed later leaves suppressions that no longer do what they say.
///
/// Reported by the engine while it reads suppressions; `check` finds nothing by itself.
public struct UnknownRuleInSuppression: Rule {
    public static let description = RuleDescription(
        id: "unknown_rule_in_suppression",
        name: "Unknown rule in suppression",
        summary: "A suppression comment names a rule that does not exist, or is malformed.",
        rationale: """
            Suppression comments name rules by id. An id that matches no rule (a typo, or a rule that was \
            renamed) silences nothing, so the comment only pretends to explain something. The message \
            suggests the closest existing id. A directive that names no rule, or whose kind is misspelled \
            (`viewlint:disable-nextline`), is reported too; an `enable` with a misspelled id matters most, \
            since it leaves the `disable` above it open to the end of the file.
            """,
        severity: .warning,
        precision: .veryHigh,
        tags: ["maintainability"],
        triggeringExamples: [
            RuleExample("""
                struct Badge: View {
                    // viewlint:disable-next-line ↓unused_stored_inptu
                    let title: String
                    var body: some View { Text("x") }
                }
                """),
            RuleExample("""
                struct Badge: View {
                    // viewlint:disable unused_stored_input
                    let title: String
                    // viewlint:enable ↓unused_stored_inputs
                    // viewlint:↓disable-nextline unused_stored_input
                    let subtitle: String
                    var body: some View { Text(subtitle) }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct Badge: View {
                    // viewlint:disable-next-line unused_stored_input
                    let title: String
                    var body: some View { Text("x") }
                }
                """),
        ]
    )

    public init(options: RuleOptions) {}
    public func check(_ context: RuleContext) -> [Diagnostic] { [] }
}
