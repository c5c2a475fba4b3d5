import ViewLintCore
import ViewLintEngine
import ViewLintFormatters
import ViewLintRules
import ViewLintPlatform

/// `viewlint rules [RULE_ID] [--format text|markdown] [--output DIR]`.
enum RulesCommand {
    static let specs: [String: Arguments.Spec] = [
        "--format": .value(metavar: "FORMAT"),
        "--output": .value(metavar: "DIR"),
        "--help": .flag,
    ]
    static let formats = ["text", "markdown"]

    static func run(_ args: [String]) -> Int32 {
        let parsed: Arguments
        switch Arguments.command(args, specs: specs, aliases: ["-h": "--help", "-f": "--format", "-o": "--output"], help: Help.rules) {
        case .exit(let code): return code
        case .run(let arguments): parsed = arguments
        }
        let format = parsed.value("--format") ?? "text"
        guard formats.contains(format) else {
            let hint = Linter.closestRuleID(to: format, in: Set(formats)).map { "; did you mean '\($0)'?" } ?? ""
            ViewLintCommand.usageError("unknown format '\(format)' for rules\(hint); formats are \(formats.joined(separator: ", "))")
            return ViewLintCommand.ExitCode.failure
        }
        let descriptions = RuleRegistry.all.map { $0.description }
        if let directory = parsed.value("--output") {
            guard format == "markdown", parsed.positional.isEmpty, !directory.isEmpty else {
                ViewLintCommand.usageError("--output DIR writes every rule's page: it needs --format markdown and no rule id")
                return ViewLintCommand.ExitCode.failure
            }
            return writePages(descriptions, to: directory)
        }
        guard let id = parsed.positional.first else {
            FileSystem.writeStandardOutput(format == "markdown" ? RuleDocumentation.markdownIndex(descriptions)
                                                                : RuleDocumentation.list(descriptions))
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
        FileSystem.writeStandardOutput(format == "markdown" ? RuleDocumentation.markdown(description)
                                                            : RuleDocumentation.text(description))
        return ViewLintCommand.ExitCode.success
    }

    /// `DIR/<id>.md` for each rule and `DIR/README.md` linking them, each written atomically.
    static func writePages(_ descriptions: [RuleDescription], to directory: String) -> Int32 {
        if case .failure(let error) = FileSystem.makeDirectories(directory) {
            ViewLintCommand.usageError("cannot create '\(directory)': \(error.reason)")
            return ViewLintCommand.ExitCode.failure
        }
        var pages = descriptions.map { (FileDiscovery.join(directory, $0.id + ".md"), RuleDocumentation.markdown($0)) }
        pages.append((FileDiscovery.join(directory, "README.md"), RuleDocumentation.markdownIndex(descriptions)))
        for (path, text) in pages {
            if case .failure(let error) = FileSystem.writeAtomically(path, Array(text.utf8)) {
                ViewLintCommand.usageError("cannot write the rule documentation: \(error)")
                return ViewLintCommand.ExitCode.failure
            }
        }
        FileSystem.writeStandardError("wrote \(pages.count) pages (\(descriptions.count) rules and an index) to \(TextFormatter.sanitize(directory))\n")
        return ViewLintCommand.ExitCode.success
    }
}
