import ViewLintCore
import ViewLintEngine
import ViewLintFormatters
import ViewLintPlatform

/// Everything a lint run takes from outside the sources: the configuration (`.lint.yml`,
/// `--config`, `--no-config`), which files to lint (`include:`/`exclude:`, `--force-exclude`),
/// each file's deployment target, and the baseline (`--baseline`, `--write-baseline`).
/// Everything here is read and checked before any file is linted, so a broken configuration
/// or baseline stops the run at once (exit 2).
struct LintSetup {
    static let specs: [String: Arguments.Spec] = [
        "--config": .value(metavar: "FILE"),
        "--no-config": .flag,
        "--force-exclude": .flag,
        "--baseline": .value(metavar: "FILE"),
        "--write-baseline": .value(metavar: "FILE"),
        "--print-deployment-target": .flag,
    ]

    /// The command-line flags this part handles.
    struct Request {
        var configPath: String?
        var noConfig = false
        var forceExclude = false
        var baselinePath: String?
        var writeBaselinePath: String?
        var printDeploymentTarget = false

        init() {}

        init(_ parsed: Arguments) throws {
            configPath = parsed.value("--config")
            noConfig = parsed.has("--no-config")
            forceExclude = parsed.has("--force-exclude")
            baselinePath = parsed.value("--baseline")
            writeBaselinePath = parsed.value("--write-baseline")
            printDeploymentTarget = parsed.has("--print-deployment-target")
            if configPath != nil && noConfig {
                throw Arguments.UsageError(message: "--config and --no-config contradict each other; give one")
            }
        }
    }

    let request: Request
    let configuration: Configuration
    let selection: InputSelection
    let deploymentTargets: DeploymentTargetResolver
    let baselineFile: BaselineFile?
    let baseline: Baseline?
    let writeFile: BaselineFile?
    /// What is already in the file `--write-baseline` names, kept for files outside this run.
    let existingWriteBaseline: Baseline?
    /// Lines about the baseline for the summary, once `applyBaseline` ran.
    private(set) var baselineSummary: [String] = []

    /// Reads and checks everything; on failure prints each problem and returns nil.
    static func prepare(_ request: Request) -> LintSetup? {
        switch make(request) {
        case .success(let setup):
            return setup
        case .failure(let failure):
            for line in failure.lines { FileSystem.writeStandardError(sanitize(line) + "\n") }
            return nil
        }
    }

    static func make(_ request: Request) -> Result<LintSetup, ConfigLoading.Failure> {
        let cwd = FileSystem.currentDirectory()
        let configuration: Configuration
        switch ConfigLoading.load(explicitPath: request.configPath, disabled: request.noConfig, currentDirectory: cwd) {
        case .failure(let failure): return .failure(failure)
        case .success(let c): configuration = c
        }
        var selection = InputSelection.none(currentDirectory: cwd)
        if let base = configuration.baseDirectory {
            // The loader has already checked every pattern; should one still fail, stop rather
            // than lint with part of the filter missing.
            let filter: PathFilter
            do {
                filter = try PathFilter(configuration)
            } catch {
                return .failure(ConfigLoading.Failure(lines: ["viewlint: error: \(configuration.path ?? "configuration"): \(error.message)"]))
            }
            selection = InputSelection(filter: filter, baseDirectory: base, currentDirectory: cwd,
                                       forceExclude: request.forceExclude)
        }
        let resolver = DeploymentTargetResolver(configured: configuration.deploymentTarget,
                                                configurationPath: configuration.path, currentDirectory: cwd,
                                                files: .fileSystem(currentDirectory: cwd))
        let baselineFile = request.baselinePath.map { BaselineFile(path: $0, currentDirectory: cwd) }
        var baseline: Baseline? = nil
        if let baselineFile {
            switch baselineFile.read(mustExist: true) {
            case .failure(let failure): return .failure(failure)
            case .success(let b): baseline = b
            }
        }
        let writeFile = request.writeBaselinePath.map { BaselineFile(path: $0, currentDirectory: cwd) }
        var existing: Baseline? = nil
        if let writeFile {
            switch writeFile.read(mustExist: false) {
            case .failure(var failure):
                failure.lines.append("viewlint: error: \(writeFile.path) is not a baseline viewlint can update; fix or delete it, then write it again")
                return .failure(failure)
            case .success(let b): existing = b
            }
        }
        return .success(LintSetup(request: request, configuration: configuration, selection: selection,
                                  deploymentTargets: resolver, baselineFile: baselineFile, baseline: baseline,
                                  writeFile: writeFile, existingWriteBaseline: existing))
    }

    /// The discovery filter: `FileDiscovery.skip`.
    func skips(_ path: String, isDirectory: Bool, isExplicit: Bool) -> Bool {
        selection.skips(path, isDirectory: isDirectory, isExplicit: isExplicit)
    }

    /// The filter for a staged file: as if found by walking the work tree, so an excluded
    /// folder above it counts, as it does with `--force-exclude`.
    func skipsStaged(_ path: String) -> Bool {
        var filter = selection
        filter.forceExclude = true
        return filter.skips(path, isDirectory: false, isExplicit: true)
    }

    func deploymentTarget(for path: String) -> DeploymentTarget? { deploymentTargets.target(for: path) }

    /// `--print-deployment-target`: one line per file, on standard output.
    func printDeploymentTargets(_ paths: [String]) {
        var out = ""
        for path in paths { out += sanitize(deploymentTargets.describe(path)) + "\n" }
        FileSystem.writeStandardOutput(out)
        for note in deploymentTargets.notes { FileSystem.writeStandardError(sanitize(note.formatted) + "\n") }
    }

    /// The ids of the rules that run, the engine's own included.
    var ruleIDsThatRun: Set<String> {
        Set(configuration.configuredRules().map(\.id)).union(configuration.metaSeverities().keys)
    }

    /// Writes `--write-baseline` and filters `result.findings` through the baseline: what stays
    /// is what the run reports. `lintedPaths`: display paths of the reported files. Returns false
    /// (after printing why) if the baseline could not be written.
    mutating func applyBaseline(to result: inout LintResult, lintedPaths: [String]) -> Bool {
        let rules = ruleIDsThatRun
        var summary: [String] = []
        if let writeFile {
            let scope = writeFile.scope(lintedPaths: lintedPaths, rules: rules)
            let written = (existingWriteBaseline ?? Baseline(entries: []))
                .updated(with: result.findings, path: { writeFile.key($0.path) }, scope: scope)
            if case .failure(let error) = writeFile.write(written) {
                FileSystem.writeStandardError(sanitize("viewlint: error: cannot write the baseline: \(error)") + "\n")
                return false
            }
            let n = result.findings.count
            summary.append("wrote \(n) finding\(n == 1 ? "" : "s") to the baseline \(writeFile.path)"
                           + (written.entries.count > n ? " (\(written.entries.count) entries with those of files outside this run)" : ""))
            if baselineFile == nil {
                // Everything found was just recorded, so nothing is new.
                result.findings = []
            }
        }
        if let baselineFile, let baseline {
            let scope = baselineFile.scope(lintedPaths: lintedPaths, rules: rules)
            let outcome = baseline.apply(to: result.findings, path: { baselineFile.key($0.path) }, scope: scope)
            result.findings = outcome.newFindings
            var line = "baseline \(baselineFile.path): \(outcome.baselined.count) known finding\(outcome.baselined.count == 1 ? "" : "s") not shown"
            if !outcome.stale.isEmpty {
                let n = outcome.stale.count
                line += "; \(n) \(n == 1 ? "entry no longer occurs" : "entries no longer occur")"
                if writeFile?.absolutePath == baselineFile.absolutePath {
                    line += " and \(n == 1 ? "was" : "were") dropped from it"
                } else {
                    line += ", so the baseline can shrink: run with --write-baseline \(baselineFile.path)"
                }
            }
            summary.append(line)
        }
        baselineSummary = summary
        return true
    }

    static func sanitize(_ text: String) -> String { TextFormatter.sanitize(text) }
    func sanitize(_ text: String) -> String { TextFormatter.sanitize(text) }
}
