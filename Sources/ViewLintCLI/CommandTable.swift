import ViewLintFormatters
import ViewLintRules

/// Every command of the command line with its options: the table that dispatch, `viewlint help`
/// and the shell completions are made from, so a new command or option cannot be missing from
/// one of them. (The command plugin cannot link this module; a test keeps its list in step.)
struct CommandSpec {
    /// What a command's words other than options are.
    enum Operands {
        case none
        case paths
        case choices([String])
    }

    var name: String
    var summary: String
    var specs: [String: Arguments.Spec]
    var aliases: [String: String]
    var operands: Operands
    /// Options whose value is one of a fixed set of words (`--format`), for completion.
    var valueChoices: [String: [String]] = [:]

    /// Long and short names, sorted.
    var optionNames: [String] { (Array(specs.keys) + Array(aliases.keys)).sorted() }

    /// The value an option takes, if any (aliases resolved).
    func spec(_ option: String) -> Arguments.Spec? { specs[aliases[option] ?? option] }
}

enum CommandTable {
    static let lint = CommandSpec(
        name: "lint", summary: "Lint Swift files under the paths (default: the current directory). Default command.",
        specs: LintCommand.allSpecs, aliases: LintCommand.aliases, operands: .paths,
        valueChoices: ["--format": ReportFormat.allCases.map(\.rawValue)])

    static let all: [CommandSpec] = [
        lint,
        CommandSpec(name: "rules", summary: "List the rules, show one rule's documentation, or write it all as Markdown.",
                    specs: RulesCommand.specs, aliases: ["-h": "--help", "-f": "--format", "-o": "--output"],
                    operands: .choices(RuleRegistry.ids), valueChoices: ["--format": RulesCommand.formats]),
        CommandSpec(name: "graph", summary: "Write the dependency graph of views, models and environment values.",
                    specs: GraphCommand.specs, aliases: GraphCommand.aliases, operands: .paths,
                    valueChoices: ["--format": GraphCommand.Format.allCases.map(\.rawValue)]),
        CommandSpec(name: "init", summary: "Write a starter .lint.yml for the project in the current directory.",
                    specs: InitCommand.specs, aliases: ["-h": "--help"], operands: .none),
        CommandSpec(name: "install-hook", summary: "Install a git pre-commit hook that lints the staged Swift files.",
                    specs: InstallHookCommand.specs, aliases: ["-h": "--help"], operands: .none),
        CommandSpec(name: "server", summary: "Run the language server (LSP over standard input and output) for editors.",
                    specs: ["--stdio": .flag, "--help": .flag], aliases: ["-h": "--help"], operands: .none),
        CommandSpec(name: "completions", summary: "Print a shell completion script (bash, zsh or fish).",
                    specs: ["--help": .flag], aliases: ["-h": "--help"], operands: .choices(Completions.Shell.allCases.map(\.rawValue))),
        CommandSpec(name: "help", summary: "Show help for a command.", specs: [:], aliases: [:], operands: .none),
    ]

    static var names: [String] { all.map(\.name) }

    static func command(_ name: String) -> CommandSpec? { all.first { $0.name == name } }

    /// Options that work without a command: the program's own, and the default command's.
    static let globalOptions = ["--version", "--help", "-h"]
}
