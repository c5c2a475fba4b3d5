import ViewLintCore
import ViewLintEngine
import ViewLintFormatters
import ViewLintRules
import ViewLintSyntax

/// `viewlint lint [options] [PATH ...]`.
enum LintCommand {
    static let specs: [String: Arguments.Spec] = [
        "--strict": .flag,
        "--quiet": .flag,
        "--jobs": .value(metavar: "N"),
        "--help": .flag,
    ].merging(LintSetup.specs) { own, _ in own }

    struct Options {
        var paths: [String]
        var strict: Bool
        var quiet: Bool
        var output: OutputOptions
        var parallel: Bool
        var setup = LintSetup.Request()
    }

    static func run(_ args: [String]) -> Int32 {
        let parsed: Arguments
        let output: OutputOptions
        do {
            parsed = try Arguments(args, specs: specs.merging(OutputOptions.specs) { a, _ in a },
                                   aliases: ["-h": "--help", "-j": "--jobs", "-q": "--quiet"].merging(OutputOptions.aliases) { a, _ in a })
            output = try OutputOptions(parsed)
        } catch {
            ViewLintCommand.usageError("\(error)")
            return ViewLintCommand.ExitCode.failure
        }
        if parsed.has("--help") {
            FileSystem.writeStandardOutput(Help.lint)
            return ViewLintCommand.ExitCode.success
        }
        var parallel = true
        if let jobs = parsed.value("--jobs") {
            guard let n = Int(jobs), n >= 1 else {
                ViewLintCommand.usageError("--jobs takes a whole number of at least 1, not '\(jobs)'")
                return ViewLintCommand.ExitCode.failure
            }
            parallel = n > 1
        }
        var options = Options(paths: parsed.positional.isEmpty ? ["."] : parsed.positional,
                              strict: parsed.has("--strict"), quiet: parsed.has("--quiet"), output: output,
                              parallel: parallel)
        do {
            options.setup = try LintSetup.Request(parsed)
        } catch {
            ViewLintCommand.usageError("\(error)")
            return ViewLintCommand.ExitCode.failure
        }
        return lint(options)
    }

    static func lint(_ options: Options) -> Int32 {
        let started = Linter.now()
        guard var setup = LintSetup.prepare(options.setup) else { return ViewLintCommand.ExitCode.failure }
        var discovery = FileDiscovery()
        discovery.skip = setup.skips
        for path in options.paths { discovery.add(path) }
        var inputErrors: [InputNote] = []
        for error in discovery.errors {
            FileSystem.writeStandardError("viewlint: error: \(TextFormatter.sanitize(error.description))\n")
            inputErrors.append(InputNote(level: .error, path: error.path, line: nil, message: error.reason))
        }

        let found = discovery.files
        if options.setup.printDeploymentTarget {
            setup.printDeploymentTargets(found.map(\.path))
            return inputErrors.isEmpty ? ViewLintCommand.ExitCode.success : ViewLintCommand.ExitCode.failure
        }
        let reads = Linter.parallelMap(found.count, parallel: options.parallel) { i in
            FileSystem.readFile(found[i].path)
        }
        var inputs: [LintInput] = []
        inputs.reserveCapacity(found.count)
        var notes: [InputNote] = []
        for (file, read) in zip(found, reads) {
            switch read {
            case .failure(let error):
                FileSystem.writeStandardError("viewlint: error: \(TextFormatter.sanitize(error.description))\n")
                inputErrors.append(InputNote(level: .error, path: error.path, line: nil, message: error.reason))
            case .success(let bytes):
                if looksBinary(bytes) {
                    notes.append(InputNote(level: .warning, path: file.path, line: nil,
                                           message: "file looks binary (it holds NUL bytes); not linted"))
                    continue
                }
                inputs.append(LintInput(source: SourceFile(path: file.path, bytes: bytes),
                                        deploymentTarget: setup.deploymentTarget(for: file.path)))
            }
        }

        let configuration = setup.configuration
        var result = Linter.lint(inputs, rules: configuration.configuredRules(), knownRuleIDs: Set(RuleRegistry.ids),
                                 metaSeverities: configuration.metaSeverities(), parallel: options.parallel)
        guard setup.applyBaseline(to: &result, lintedPaths: inputs.filter(\.isReported).map(\.displayPath)) else {
            return ViewLintCommand.ExitCode.failure
        }
        notes.append(contentsOf: setup.deploymentTargets.notes)
        notes.append(contentsOf: result.notes)
        for note in notes {
            FileSystem.writeStandardError(TextFormatter.sanitize(note.formatted) + "\n")
        }

        let wroteReport = ReportWriter.write(result, configuration: configuration, inputErrors: inputErrors, notes: notes,
                                             options: options.output)

        if !options.quiet {
            let seconds = Linter.elapsed(since: started)
            FileSystem.writeStandardError(summary(result, seconds: seconds) + "\n")
            for line in setup.baselineSummary { FileSystem.writeStandardError(TextFormatter.sanitize(line) + "\n") }
        }
        if !inputErrors.isEmpty || !wroteReport { return ViewLintCommand.ExitCode.failure }
        let strict = options.strict || configuration.strict
        let failing = strict ? !result.findings.isEmpty : result.findings.contains { $0.severity == .error }
        return failing ? ViewLintCommand.ExitCode.findings : ViewLintCommand.ExitCode.success
    }

    /// Git's heuristic: a NUL byte in the first 8000 bytes means binary.
    static func looksBinary(_ bytes: [UInt8]) -> Bool {
        bytes.prefix(8000).contains(0)
    }

    /// `1 error, 3 warnings in 2 files (118 files linted in 0.04 s)`.
    static func summary(_ result: LintResult, seconds: Double) -> String {
        var counts: [String] = []
        for severity in [Severity.error, .warning, .note] {
            let n = result.findings.filter { $0.severity == severity }.count
            if n > 0 { counts.append("\(n) \(severity.rawValue)\(n == 1 ? "" : "s")") }
        }
        let files = Set(result.findings.map(\.path)).count
        let linted = "\(result.reportedFileCount) file\(result.reportedFileCount == 1 ? "" : "s") linted in \(formatSeconds(seconds)) s"
        if counts.isEmpty { return "no findings (\(linted))" }
        return "\(counts.joined(separator: ", ")) in \(files) file\(files == 1 ? "" : "s") (\(linted))"
    }

    static func formatSeconds(_ s: Double) -> String {
        let hundredths = Int((s * 100).rounded())
        let whole = hundredths / 100
        let fraction = hundredths % 100
        return "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
