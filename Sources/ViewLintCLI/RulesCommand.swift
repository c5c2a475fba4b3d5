import ViewLintCore
import ViewLintEngine
import ViewLintFormatters
import ViewLintRules

/// `viewlint rules [RULE_ID]`.
enum RulesCommand {
    static func run(_ args: [String]) -> Int32 {
        let parsed: Arguments
        do {
            parsed = try Arguments(args, specs: ["--help": .flag], aliases: ["-h": "--help"])
        } catch {
            ViewLintCommand.usageError("\(error)")
            return ViewLintCommand.ExitCode.failure
        }
        if parsed.has("--help") {
            FileSystem.writeStandardOutput(Help.rules)
            return ViewLintCommand.ExitCode.success
        }
        let descriptions = RuleRegistry.all.map { $0.description }
        guard let id = parsed.positional.first else {
            FileSystem.writeStandardOutput(RuleDocumentation.list(descriptions))
            return ViewLintCommand.ExitCode.success
        }
        if parsed.positional.count > 1 {
            ViewLintCommand.usageError("'viewlint rules' takes at most one rule id")
            return ViewLintCommand.ExitCode.failure
        }
        guard let description = descriptions.first(where: { $0.id == id }) else {
            let hint = Linter.closestRuleID(to: id, in: Set(descriptions.map(\.id))).map { "; did you mean '\($0)'?" } ?? ""
            ViewLintCommand.usageError("unknown rule '\(id)'\(hint); 'viewlint rules' lists them")
            return ViewLintCommand.ExitCode.failure
        }
        FileSystem.writeStandardOutput(RuleDocumentation.text(description))
        return ViewLintCommand.ExitCode.success
    }
}
