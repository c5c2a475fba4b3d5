import ViewLintCore
import ViewLintEngine
import ViewLintFormatters
import ViewLintRules
import ViewLintServer
import ViewLintPlatform

/// The command line: the only part of viewlint that touches files, the terminal or the
/// environment. Exit codes: 0 no error-severity finding, 1 some (with `--strict`, any finding),
/// 2 a usage error, an unreadable input or a bad configuration.
public enum ViewLintCommand {
    public static let version = ViewLintProject.version

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
        if let first = args.first, CommandTable.names.contains(first) {
            command = first
            args.removeFirst()
        } else if args.first == "--version" {
            FileSystem.writeStandardOutput("viewlint \(version)\n")
            return ExitCode.success
        } else if args.first == "-h" || args.first == "--help" {
            FileSystem.writeStandardOutput(Help.main)
            return ExitCode.success
        } else {
            command = "lint"
        }
        switch command {
        case "rules": return RulesCommand.run(args)
        case "graph": return GraphCommand.run(args)
        case "init": return InitCommand.run(args)
        case "install-hook": return InstallHookCommand.run(args)
        case "server": return server(args)
        case "completions": return Completions.run(args)
        case "help": return help(args)
        default: return LintCommand.run(args)
        }
    }

    static func help(_ args: [String]) -> Int32 {
        guard let name = args.first else {
            FileSystem.writeStandardOutput(Help.main)
            return ExitCode.success
        }
        guard let text = Help.forCommand(name) else {
            let hint = CommandTable.names.first { Linter.editDistance($0, name) <= 2 }.map { "; did you mean '\($0)'?" } ?? ""
            usageError("no help for '\(name)'\(hint); commands are \(CommandTable.names.joined(separator: ", "))")
            return ExitCode.failure
        }
        FileSystem.writeStandardOutput(text)
        return ExitCode.success
    }

    /// `viewlint server`: the language server on standard input and output.
    static func server(_ args: [String]) -> Int32 {
        var mode = "supervised"
        for arg in args {
            switch arg {
            case "-h", "--help":
                FileSystem.writeStandardOutput(Help.server)
                return ExitCode.success
            case "--stdio":
                // What many clients pass; standard input and output are the only transport.
                continue
            case "--worker", "--in-process":
                mode = arg
            default:
                usageError("'viewlint server' takes no argument '\(arg)'; it speaks LSP on standard input and output")
                return ExitCode.failure
            }
        }
        switch mode {
        case "--in-process":
            return LanguageServer.serveStandardIO()
        case "--worker":
            var options = LanguageServer.Options()
            options.isWorker = true
            return LanguageServer.serveStandardIO(options: options)
        default:
            // The worker is this same executable; a crash in it costs one file, not the session.
            guard let executable = FileSystem.executablePath() ?? CommandLine.arguments.first else {
                return LanguageServer.serveStandardIO()
            }
            return ServerSupervisor.serveStandardIO(executable: executable)
        }
    }

    static func usageError(_ message: String) {
        FileSystem.writeStandardError("viewlint: error: \(TextFormatter.sanitize(message))\n")
    }
}

enum Help {
    /// The help of `viewlint help NAME`; every command in the table has one (a test checks).
    static func forCommand(_ name: String) -> String? {
        switch name {
        case "lint": return lint
        case "rules": return rules
        case "graph": return graph
        case "init": return initCommand
        case "install-hook": return installHook
        case "server": return server
        case "completions": return completions
        case "help": return main
        default: return nil
        }
    }

    /// The commands with their summaries, from the command table.
    static var commandList: String {
        let width = CommandTable.names.map(\.count).max() ?? 0
        return CommandTable.all.map { command in
            "  " + command.name + String(repeating: " ", count: width - command.name.count + 2) + command.summary
        }.joined(separator: "\n")
    }

    static let main = """
        viewlint \(ViewLintCommand.version): a linter for SwiftUI view code

        USAGE: viewlint [lint] [options] [PATH ...]
               viewlint rules [RULE_ID] [--format text|markdown] [--output DIR]
               viewlint graph [options] [PATH ...]
               viewlint init [--baseline]
               viewlint install-hook [--strict] [--force]
               viewlint server
               viewlint completions bash|zsh|fish
               viewlint help [COMMAND]

        COMMANDS:
        \(commandList)

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
                            text (default), json, sarif (SARIF 2.1.0 for code scanning),
                            github (GitHub Actions annotations), checkstyle, junit,
                            codeclimate (GitLab Code Quality), markdown (a summary for
                            $GITHUB_STEP_SUMMARY or a comment) or sonarqube (generic issue
                            import). FORMAT:FILE writes that report to FILE; repeat --format
                            for several reports from one run (at most one without a file).
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

    static let server = """
        USAGE: viewlint server [--stdio]

        Runs a language server (LSP 3.17, JSON-RPC over standard input and output) that shows
        findings in the editor as you type: each open file is linted from its unsaved text with
        the rest of its project, read from disk, as context. Configure your editor to start
        'viewlint server' for Swift files (see the README, Editors). The nearest .lint.yml
        applies as on the command line; its problems are shown on it.

        Linting runs in a child process ('viewlint server --worker'): if it crashes, the file it
        was linting shows a diagnostic saying so, the worker is restarted with the open files,
        and every other file keeps its findings.

        OPTIONS:
          --stdio       Accepted for clients that pass it; standard input and output are the transport.
          --in-process  Lint in this process, without a worker (a crash ends the session).
          --worker      Run as the supervised worker (what 'viewlint server' starts; not for editors).
          -h, --help    Show this help.

        """

    static let rules = """
        USAGE: viewlint rules [RULE_ID] [--format text|markdown] [--output DIR]

        Without an id, lists every rule with its default severity and summary.
        With an id, prints the rule's documentation: rationale, options, examples, known limits.

        OPTIONS:
          -f, --format FORMAT
                            text (default) or markdown (what SARIF's rule help holds).
          -o, --output DIR  With --format markdown: write one page per rule (DIR/RULE_ID.md)
                            and an index (DIR/README.md), for a documentation site.
          -h, --help        Show this help.

        """

    static let initCommand = """
        USAGE: viewlint init [--baseline]

        Writes .lint.yml in the current directory: every rule at its default severity with a
        one-line comment, the deployment target found in Package.swift or the Xcode project,
        and exclude: entries for the generated and vendored folders found. An existing
        .lint.yml is never overwritten.

        OPTIONS:
          --baseline  Also record today's findings in .viewlint-baseline.json, so that
                      'viewlint lint --baseline .viewlint-baseline.json' starts at zero.
          -h, --help  Show this help.

        """

    static let completions = """
        USAGE: viewlint completions bash|zsh|fish

        Prints a completion script for the shell. To install it:
          bash: viewlint completions bash > ~/.local/share/bash-completion/completions/viewlint
          zsh:  viewlint completions zsh > "${fpath[1]}/_viewlint"   (then restart zsh)
          fish: viewlint completions fish > ~/.config/fish/completions/viewlint.fish

        """

    static let graph = """
        USAGE: viewlint graph [options] [PATH ...]

        Builds the SwiftUI dependency graph of the project under the paths (default: the
        current directory): which views build which, and which models and environment values
        each view holds, observes or subscribes to, with the findings on the nodes they concern.

        OPTIONS:
          -f, --format FORMAT  html (default), dot (Graphviz), mermaid (GitHub Markdown) or json.
          -o, --output FILE    Where to write it (html defaults to graph.html; - for standard output).
          --focus TYPE         Only the neighbourhood of this view or model...
          --depth N            ...up to N edges away in either direction (default 2).
          --blast-radius       Print, per model and environment value, how many views re-run their
                               body when it changes (per property for @Observable), largest first.
          --top N              Rows of --blast-radius (default 20).
          -j, --jobs N         1 to build the model on one thread.
          --config FILE, --no-config
                               As for lint: the configuration's include/exclude apply.
          -h, --help           Show this help.

        """
}
