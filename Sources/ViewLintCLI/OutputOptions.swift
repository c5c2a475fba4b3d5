import ViewLintCore
import ViewLintEngine
import ViewLintFormatters
import ViewLintRules

/// `--format`, `--output` and colour: how and where `viewlint lint` writes its report.
struct OutputOptions {
    static let specs: [String: Arguments.Spec] = [
        "--format": .value(metavar: "FORMAT"),
        "--output": .value(metavar: "FILE"),
        "--no-color": .flag,
    ]
    static let aliases = ["-f": "--format", "-o": "--output"]

    /// The project's home page, for SARIF's `informationUri`.
    static let informationURI = "https://github.com/viewlint/viewlint"

    var format: ReportFormat
    /// Where the report goes; standard output when nil.
    var outputPath: String?
    /// ANSI colour in text output: only on a terminal, never with `--no-color`, a non-empty
    /// `NO_COLOR` (no-color.org) or `TERM=dumb`.
    var color: Bool
    /// The source line and a caret under each text finding: on a terminal only, so piped
    /// output stays one finding a line.
    var showSource: Bool

    /// Plain text to standard output: for commands that lint but write another report.
    static let plainText = OutputOptions(format: .text, outputPath: nil, color: false, showSource: false)

    init(format: ReportFormat, outputPath: String?, color: Bool, showSource: Bool) {
        self.format = format
        self.outputPath = outputPath
        self.color = color
        self.showSource = showSource
    }

    init(_ parsed: Arguments) throws {
        let name = parsed.value("--format") ?? ReportFormat.text.rawValue
        guard let format = ReportFormat(rawValue: name) else {
            let names = ReportFormat.allCases.map(\.rawValue)
            let hint = Linter.closestRuleID(to: name, in: Set(names)).map { "; did you mean '\($0)'?" } ?? ""
            throw Arguments.UsageError(message: "unknown format '\(name)'\(hint); formats are \(names.joined(separator: ", "))")
        }
        if let path = parsed.value("--output"), path.isEmpty {
            throw Arguments.UsageError(message: "--output needs a file name")
        }
        self.format = format
        self.outputPath = parsed.value("--output")
        let toTerminal = outputPath == nil && format == .text && FileSystem.isTerminal(1)
        let noColor = parsed.has("--no-color") || !(FileSystem.environment("NO_COLOR") ?? "").isEmpty
            || FileSystem.environment("TERM") == "dumb"
        self.color = toTerminal && !noColor
        self.showSource = toTerminal
    }
}

/// Renders the report in the chosen format and writes it: to standard output, or atomically to
/// the `--output` file.
enum ReportWriter {
    /// `inputErrors` are inputs that could not be read (the report is incomplete); `notes` are
    /// the run's other input problems. Returns false (after saying why on standard error) when
    /// the output file cannot be written.
    static func write(_ result: LintResult, configuration: Configuration, inputErrors: [InputNote], notes: [InputNote],
                      options: OutputOptions) -> Bool {
        let currentDirectory = FileSystem.currentDirectory()
        let run = RunInfo(toolVersion: ViewLintCommand.version, informationURI: OutputOptions.informationURI,
                          filesLinted: result.reportedFileCount, currentDirectory: currentDirectory,
                          repositoryRoot: repositoryRoot(from: currentDirectory),
                          executionSuccessful: inputErrors.isEmpty, notes: inputErrors + notes)
        let rules = RuleRegistry.all.map { $0.description }.filter { configuration.isEnabled($0.id) }
        let report = Report(findings: result.findings, suppressedFindings: result.suppressedFindings, rules: rules, run: run)
        let text = options.format.render(report, color: options.color, showSource: options.showSource)
        guard let path = options.outputPath else {
            FileSystem.writeStandardOutput(text)
            return true
        }
        if case .failure(let error) = FileSystem.writeAtomically(path, Array(text.utf8)) {
            ViewLintCommand.usageError("cannot write the report: \(error)")
            return false
        }
        return true
    }

    /// The root of the git work tree holding `directory`: the nearest ancestor with a `.git`
    /// entry (a folder, or the file a linked worktree or submodule has).
    static func repositoryRoot(from directory: String) -> String? {
        var candidate = directory
        while true {
            if case .success(let status) = FileSystem.status(FileDiscovery.join(candidate, ".git")), status.kind != .missing {
                return candidate
            }
            guard let slash = candidate.lastIndex(of: "/"), candidate != "/" else { return nil }
            candidate = slash == candidate.startIndex ? "/" : String(candidate[..<slash])
        }
    }
}
