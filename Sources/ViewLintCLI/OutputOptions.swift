import ViewLintCore
import ViewLintEngine
import ViewLintFormatters
import ViewLintRules
import ViewLintPlatform

/// `--format`, `--output` and colour: how and where `viewlint lint` writes its report.
struct OutputOptions {
    static let specs: [String: Arguments.Spec] = [
        "--format": .value(metavar: "FORMAT"),
        "--output": .value(metavar: "FILE"),
        "--no-color": .flag,
    ]
    static let aliases = ["-f": "--format", "-o": "--output"]

    /// One report: a format and where it goes (standard output when `path` is nil).
    struct Destination: Equatable {
        var format: ReportFormat
        var path: String?
    }

    /// Every report of the run, in the order the `--format` options came; at most one goes to
    /// standard output. `--format NAME:FILE` writes one to its own file, so CI lints once and
    /// gets SARIF for code scanning and annotations for the log from the same run.
    var reports: [Destination]
    /// ANSI colour in text output: only on a terminal, never with `--no-color`, a non-empty
    /// `NO_COLOR` (no-color.org) or `TERM=dumb`.
    var color: Bool
    /// The source line and a caret under each text finding: on a terminal only, so piped
    /// output stays one finding a line.
    var showSource: Bool

    /// Whether any report prints line hashes, so the lint must compute them.
    var printsLineHashes: Bool { reports.contains { $0.format.printsLineHashes } }

    /// Plain text to standard output: for commands that lint but write another report.
    static let plainText = OutputOptions(reports: [Destination(format: .text, path: nil)])

    init(reports: [Destination], color: Bool = false, showSource: Bool = false) {
        self.reports = reports
        self.color = color
        self.showSource = showSource
    }

    init(_ parsed: Arguments) throws {
        let output = parsed.value("--output")
        if let output, output.isEmpty { throw Arguments.UsageError(message: "--output needs a file name") }
        var reports: [Destination] = []
        for value in parsed.all("--format") {
            // `sarif:out/report.sarif`: the name is everything before the first colon.
            let name = value.firstIndex(of: ":").map { String(value[..<$0]) } ?? value
            let file = value.firstIndex(of: ":").map { String(value[value.index(after: $0)...]) }
            guard let format = ReportFormat(rawValue: name) else { throw OutputOptions.unknownFormat(name) }
            if let file, file.isEmpty {
                throw Arguments.UsageError(message: "--format \(name): needs a file name after the colon")
            }
            reports.append(Destination(format: format, path: file ?? output))
        }
        if reports.isEmpty { reports = [Destination(format: .text, path: output)] }
        let unnamed = reports.filter { $0.path == nil || $0.path == output }
        if unnamed.count > 1 {
            let names = unnamed.map(\.format.rawValue).joined(separator: ", ")
            let target = output.map { "to '\($0)'" } ?? "to standard output"
            throw Arguments.UsageError(message: "only one report can go \(target), not \(names); give the others a file: --format NAME:FILE")
        }
        if let output, unnamed.isEmpty {
            throw Arguments.UsageError(message: "--output '\(output)' is not used: every --format names its own file")
        }
        var seen: Set<String> = []
        for path in reports.compactMap(\.path) where !seen.insert(path).inserted {
            throw Arguments.UsageError(message: "two reports would be written to '\(path)'")
        }
        self.reports = reports
        let toTerminal = reports.contains { $0.format == .text && $0.path == nil } && FileSystem.isTerminal(1)
        let noColor = parsed.has("--no-color") || !(FileSystem.environment("NO_COLOR") ?? "").isEmpty
            || FileSystem.environment("TERM") == "dumb"
        self.color = toTerminal && !noColor
        self.showSource = toTerminal
    }

    static func unknownFormat(_ name: String) -> Arguments.UsageError {
        let names = ReportFormat.allCases.map(\.rawValue)
        let hint = Linter.closestRuleID(to: name, in: Set(names)).map { "; did you mean '\($0)'?" } ?? ""
        return Arguments.UsageError(message: "unknown format '\(name)'\(hint); formats are \(names.joined(separator: ", "))")
    }
}

/// Renders the report in the chosen format and writes it: to standard output, or atomically to
/// the `--output` file.
enum ReportWriter {
    /// `inputErrors` are inputs that could not be read (the report is incomplete); `notes` are
    /// the run's other input problems. Returns false (after saying why on standard error) when
    /// the output file cannot be written. With `parallel`, a text report is formatted on all
    /// cores (see `writeText`).
    static func write(_ result: LintResult, configuration: Configuration, inputErrors: [InputNote], notes: [InputNote],
                      options: OutputOptions, parallel: Bool = false) -> Bool {
        let currentDirectory = FileSystem.currentDirectory()
        let run = RunInfo(toolVersion: ViewLintCommand.version, informationURI: ViewLintProject.home,
                          filesLinted: result.reportedFileCount, currentDirectory: currentDirectory,
                          repositoryRoot: repositoryRoot(from: currentDirectory),
                          executionSuccessful: inputErrors.isEmpty, notes: inputErrors + notes)
        let rules = RuleRegistry.all.map { $0.description }.filter { configuration.isEnabled($0.id) }
        let report = Report(findings: result.findings, suppressedFindings: result.suppressedFindings, rules: rules, run: run)
        var wroteAll = true
        for destination in options.reports {
            let onTerminal = destination.path == nil
            // Streamed: a report of 260,000 findings is hundreds of megabytes of SARIF, written a
            // chunk at a time rather than held whole.
            func produce(_ write: ([UInt8]) -> Void) {
                if parallel && destination.format == .text {
                    writeText(report.findings, TextFormatter(color: onTerminal && options.color,
                                                             showSource: onTerminal && options.showSource), to: write)
                    return
                }
                destination.format.write(report, color: onTerminal && options.color,
                                         showSource: onTerminal && options.showSource, to: write)
            }
            guard let path = destination.path else {
                _ = FileSystem.writeAll(1, produce)
                continue
            }
            if case .failure(let error) = FileSystem.writeAtomically(path, produce) {
                ViewLintCommand.usageError("cannot write the report: \(error)")
                wroteAll = false
            }
        }
        return wroteAll
    }

    /// Findings a text report formats at a time, and how many such pieces are formatted side by
    /// side before they are written: a round's text (about 130 bytes a finding) is held until
    /// it is written.
    static let textPiece = 512
    static let textPiecesPerRound = 8

    /// The text report of `findings`, formatted a round of pieces at a time on all cores and
    /// written in order: the same bytes as `formatter.write(findings, to:)`, whose lines depend
    /// each on its finding alone. Formatted on one core after the last file's findings, the
    /// report of the 1M generated lines (14,951 findings, 55 M instructions) was the longest
    /// stretch of a two-core run with the other core idle.
    static func writeText(_ findings: [Finding], _ formatter: TextFormatter, to sink: ReportSink) {
        guard findings.count >= 2 * textPiece else {
            formatter.write(findings, to: sink)
            return
        }
        var start = 0
        while start < findings.count {
            let first = start
            let pieces = min(textPiecesPerRound, (findings.count - first + textPiece - 1) / textPiece)
            let texts = Linter.parallelMap(pieces, parallel: true) { k -> [UInt8] in
                let lower = first + k * textPiece
                var text: [UInt8] = []
                // Room for the piece's usual lines (about 130 bytes a finding) at once.
                text.reserveCapacity(textPiece * 160)
                formatter.write(findings, in: lower..<min(findings.count, lower + textPiece), into: &text)
                return text
            }
            for text in texts { sink(text) }
            start = min(findings.count, first + pieces * textPiece)
        }
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
