import ViewLintCore
import ViewLintEngine
import ViewLintFormatters
import ViewLintRules

/// The command line: the only part of viewlint that touches files, the terminal or the
/// environment. Exit codes: 0 no error-severity finding, 1 some (with `--strict`, any finding),
/// 2 a usage error, an unreadable input or a bad configuration.
public enum ViewLintCommand {
    public static let version = "0.1.0"

    public enum ExitCode {
        public static let success: Int32 = 0
        public static let findings: Int32 = 1
        public static let failure: Int32 = 2
    }

    /// Runs viewlint with `arguments` (without the program name) and returns the exit code.
    public static func run(_ arguments: [String]) -> Int32 {
        FileSystem.ignoreBrokenPipes()
        var args = arguments
        let command: String
        if let first = args.first, !first.hasPrefix("-") || first == "--version" || first == "-h" || first == "--help" {
            switch first {
            case "lint", "rules", "help", "install-hook":
                command = first
                args.removeFirst()
            case "--version":
                FileSystem.writeStandardOutput("viewlint \(version)\n")
                return ExitCode.success
            case "-h", "--help":
                FileSystem.writeStandardOutput(Help.main)
                return ExitCode.success
            default:
                command = "lint"
            }
        } else {
            command = "lint"
        }
        switch command {
        case "rules": return RulesCommand.run(args)
        case "install-hook": return InstallHookCommand.run(args)
        case "help": return help(args)
        default: return LintCommand.run(args)
        }
    }

    static func help(_ args: [String]) -> Int32 {
        switch args.first {
        case nil: FileSystem.writeStandardOutput(Help.main)
        case "lint": FileSystem.writeStandardOutput(Help.lint)
        case "rules": FileSystem.writeStandardOutput(Help.rules)
        case "install-hook": FileSystem.writeStandardOutput(Help.installHook)
        case let other?:
            usageError("no help for '\(other)'; commands are lint, rules, install-hook, help")
            return ExitCode.failure
        }
        return ExitCode.success
    }

    static func usageError(_ message: String) {
        FileSystem.writeStandardError("viewlint: error: \(TextFormatter.sanitize(message))\n")
    }
}

enum Help {
    static let main = """
        viewlint \(ViewLintCommand.version): a linter for SwiftUI view code

        USAGE: viewlint [lint] [options] [PATH ...]
               viewlint rules [RULE_ID]
               viewlint install-hook [--strict] [--force]
               viewlint help [COMMAND]

        COMMANDS:
          lint      Lint Swift files under the paths (default: the current directory). Default command.
          rules     List the rules, or show one rule's documentation.
          install-hook
                    Install a git pre-commit hook that lints the staged Swift files.
          help      Show help for a command.

        OPTIONS:
          --version  Print the version.
          -h, --help Show this help.

        Run 'viewlint help lint' for the linting options.

        """

    static let lint = """
        USAGE: viewlint lint [options] [PATH ...]
               viewlint lint --staged [options] [PATH ...]

        Lints the .swift files under each PATH (default: .), skipping .build, .git, .swiftpm,
        DerivedData, Pods, Carthage, node_modules and hidden folders. The report goes to standard
        output (text: one finding a line, as path:line:column: severity: message [rule_id]);
        a summary goes to standard error.

        A FILE named on the command line is linted with its project as context: the other
        .swift files of the nearest folder at or above it with a Package.swift (else of its git
        work tree) are read so that cross-file facts stay right, but only the named files are
        reported. A folder named on the command line is a project of its own.

        OPTIONS:
          --staged          Lint the staged .swift files, as staged (not the working copy),
                            with the work tree as context; PATHs narrow the set. For git hooks.
          --strict          Exit 1 on any finding, not only on errors.
          --quiet           Do not print the summary line.
          -f, --format FORMAT
                            text (default), json, sarif (SARIF 2.1.0 for code scanning) or
                            github (GitHub Actions annotations).
          -o, --output FILE Write the report to FILE (replaced atomically) instead of standard output.
          --no-color        Plain output even on a terminal (NO_COLOR is honoured too).
          --jobs N          Use N threads (default: all cores).
          --config FILE     Read this configuration instead of the nearest .lint.yml.
          --no-config       Ignore .lint.yml files; use the defaults.
          --force-exclude   Apply include/exclude to paths named on the command line too.
          --baseline FILE   Report only findings that are not in this baseline.
          --write-baseline FILE
                            Record the current findings in FILE (written atomically).
          --print-deployment-target
                            Print each file's deployment target and where it comes from; lint nothing.
          --fix             Apply the safe fixes the findings carry, print a line per change, and
                            report what is left. Changed files are re-parsed (a fix that breaks
                            the syntax is rolled back and reported) and replaced atomically; a
                            file that changed on disk during the run is left alone.
          --diff            With or without --fix: print the fixes as a unified diff and write
                            nothing (exit 1 when there is something to fix).
          --unsafe-fixes    With --fix or --diff: apply the fixes marked unsafe too (each rule
                            documents them), such as the migration to Observation.
          --stamp FILE      Write FILE (one comment line) after a run that exits 0, remove it after any other
                            (for build systems that rerun a step until its output exists).
          -h, --help        Show this help.

        CONFIGURATION:
          The nearest .lint.yml in the current directory or its ancestors is read (see
          .lint.yml.example). A configuration with any problem stops the run with exit code 2.

        EXIT CODES:
          0  no finding with severity error (with --strict: no finding at all)
          1  some finding with severity error (with --strict: any finding)
          2  a usage error, an unreadable path, or a bad configuration or baseline

        """

    static let installHook = """
        USAGE: viewlint install-hook [--strict] [--force]

        Writes .git/hooks/pre-commit (or where core.hooksPath points) so that each commit lints
        the staged .swift files, using their staged content rather than the working copy, and is
        blocked on findings with severity error (with --strict, on any finding).

        An existing hook is left alone unless it is one viewlint installed: to run viewlint as
        well, add 'viewlint lint --staged || exit 1' to it, or replace it with --force. The
        hook runs 'viewlint lint --staged'; skip it once with 'git commit --no-verify'.

        OPTIONS:
          --strict   Block the commit on any finding.
          --force    Replace an existing pre-commit hook.
          -h, --help Show this help.

        """

    static let rules = """
        USAGE: viewlint rules [RULE_ID]

        Without an id, lists every rule with its default severity and summary.
        With an id, prints the rule's documentation: rationale, options, examples, known limits.

        """
}
