#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ViewLintCore
import ViewLintServer
import ViewLintEngine
import ViewLintFormatters
import ViewLintRules
import ViewLintSyntax
import ViewLintPlatform

/// `viewlint lint [options] [PATH ...]`.
enum LintCommand {
    static let specs: [String: Arguments.Spec] = [
        "--strict": .flag,
        "--quiet": .flag,
        "--jobs": .value(metavar: "N"),
        "--staged": .flag,
        "--stamp": .value(metavar: "FILE"),
        "--fix": .flag,
        "--diff": .flag,
        "--unsafe-fixes": .flag,
        "--help": .flag,
    ].merging(LintSetup.specs) { own, _ in own }
    /// Every option of `viewlint lint`, its output options included.
    static let allSpecs = specs.merging(OutputOptions.specs) { a, _ in a }
    static let aliases = ["-h": "--help", "-j": "--jobs", "-q": "--quiet"].merging(OutputOptions.aliases) { a, _ in a }

    struct Options {
        /// As typed; empty means the current directory (or, with `--staged`, every staged file).
        var paths: [String]
        var strict: Bool
        var quiet: Bool
        var output: OutputOptions
        var parallel: Bool
        var staged = false
        var stampPath: String?
        var setup = LintSetup.Request()
        /// `--fix` or `--diff`, and whether `--unsafe-fixes` came with it.
        var fix: FixRun.Mode?
    }

    static func run(_ args: [String]) -> Int32 {
        let parsed: Arguments
        let output: OutputOptions
        do {
            parsed = try Arguments(args, specs: allSpecs, aliases: aliases)
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
        if let stamp = parsed.value("--stamp"), stamp.isEmpty {
            ViewLintCommand.usageError("--stamp needs a file name")
            return ViewLintCommand.ExitCode.failure
        }
        var options = Options(paths: parsed.positional, strict: parsed.has("--strict"), quiet: parsed.has("--quiet"),
                              output: output, parallel: parallel, staged: parsed.has("--staged"),
                              stampPath: parsed.value("--stamp"))
        if parsed.has("--fix") || parsed.has("--diff") {
            options.fix = FixRun.Mode(diffOnly: parsed.has("--diff"), includeUnsafe: parsed.has("--unsafe-fixes"))
        } else if parsed.has("--unsafe-fixes") {
            ViewLintCommand.usageError("--unsafe-fixes goes with --fix or --diff")
            return ViewLintCommand.ExitCode.failure
        }
        if options.fix != nil && options.staged {
            ViewLintCommand.usageError("--fix and --diff work on the working copy, not on staged content; drop --staged")
            return ViewLintCommand.ExitCode.failure
        }
        do {
            options.setup = try LintSetup.Request(parsed)
        } catch {
            ViewLintCommand.usageError("\(error)")
            return ViewLintCommand.ExitCode.failure
        }
        let status = lint(options)
        if let stamp = options.stampPath {
            return updateStamp(stamp, status: status)
        }
        return status
    }

    /// What a run lints: the reported files, and which of them were named one by one (so want
    /// project context), with the problems met finding and reading them.
    struct Collected {
        var inputs: [LintInput] = []
        /// With `--print-deployment-target`, the files found (nothing is read).
        var paths: [String] = []
        var named: Set<String> = []
        var inputErrors: [InputNote] = []
        var notes: [InputNote] = []
        /// The folder of the file added last, as written, and its deployment target: files
        /// come a folder at a time, and resolving every path again (made absolute and normal,
        /// then looked up) cost about 2 µs a file on one core while the other waited.
        var lastFolder: (path: String, target: DeploymentTarget?)?
        /// The SF Symbols catalogue every input gets, asked once, not once a file.
        let symbols = SymbolCatalogueLoader.system
    }

    static func lint(_ options: Options) -> Int32 {
        let started = Linter.now()
        guard var setup = LintSetup.prepare(options.setup) else { return ViewLintCommand.ExitCode.failure }
        let collectedOrNil = options.staged ? collectStaged(options, setup: setup) : collectFiles(options, setup: setup)
        guard var collected = collectedOrNil else { return ViewLintCommand.ExitCode.failure }
        if let problem = SymbolCatalogueLoader.loaded.problem { collected.notes.append(problem) }
        if options.setup.printDeploymentTarget {
            setup.printDeploymentTargets(collected.paths)
            return collected.inputErrors.isEmpty ? ViewLintCommand.ExitCode.success : ViewLintCommand.ExitCode.failure
        }
        var inputs = collected.inputs
        if !collected.named.isEmpty {
            let context = ProjectContext.load(named: inputs.filter { collected.named.contains($0.displayPath) }.map(\.source),
                                              reportedPaths: inputs.map(\.displayPath), setup: setup, parallel: options.parallel)
            inputs.append(contentsOf: context.inputs)
            collected.notes.append(contentsOf: context.notes)
        }
        let inputErrors = collected.inputErrors
        var notes = collected.notes

        let configuration = setup.configuration
        var result: LintResult
        var fixOutcome: FixRun.Outcome? = nil
        if let mode = options.fix {
            let outcome = FixRun.run(inputs, configuration: configuration, mode: mode, parallel: options.parallel,
                                     lineHashes: options.output.printsLineHashes)
            result = outcome.result
            fixOutcome = outcome
        } else {
            result = Linter.lint(inputs, rules: configuration.configuredRules(), knownRuleIDs: Set(RuleRegistry.ids),
                                 metaSeverities: configuration.metaSeverities(), parallel: options.parallel,
                                 lineHashes: options.output.printsLineHashes, lineTexts: options.output.showSource,
                                 keepLaneModels: true, returnsModel: false)
        }
        guard setup.applyBaseline(to: &result, lintedPaths: inputs.filter(\.isReported).map(\.displayPath)) else {
            return ViewLintCommand.ExitCode.failure
        }
        notes.append(contentsOf: setup.deploymentTargets.notes)
        notes.append(contentsOf: result.notes)
        for note in notes {
            FileSystem.writeStandardError(TextFormatter.sanitize(note.formatted) + "\n")
        }

        // With --diff the diff is the output; the summary still says what is left.
        let wroteReport = options.fix?.diffOnly == true
            || ReportWriter.write(result, configuration: configuration, inputErrors: inputErrors, notes: notes,
                                  options: options.output, parallel: options.parallel)

        if !options.quiet {
            let seconds = Linter.elapsed(since: started)
            FileSystem.writeStandardError(summary(result, seconds: seconds) + "\n")
            for line in setup.baselineSummary { FileSystem.writeStandardError(TextFormatter.sanitize(line) + "\n") }
        }
        if !inputErrors.isEmpty || !wroteReport || fixOutcome?.failed == true { return ViewLintCommand.ExitCode.failure }
        // `--diff` in CI: a pending fix fails the step, as `diff` exits 1 on a difference.
        if options.fix?.diffOnly == true && fixOutcome?.wouldChange == true {
            Lifetime.keepUntilExit(result)
            return ViewLintCommand.ExitCode.findings
        }
        let strict = options.strict || configuration.strict
        // Through the index: `contains(where:)` copied each finding out to test it.
        let failing = strict ? !result.findings.isEmpty
            : result.findings.indices.contains { result.findings[$0].severity == .error }
        Lifetime.keepUntilExit(result)
        return failing ? ViewLintCommand.ExitCode.findings : ViewLintCommand.ExitCode.success
    }

    /// The files under the named paths, read from disk.
    static func collectFiles(_ options: Options, setup: LintSetup) -> Collected? {
        var collected = Collected()
        let found = discover(options.paths, setup: setup, parallel: options.parallel, into: &collected)
        if options.setup.printDeploymentTarget {
            collected.paths = found.map(\.path)
            return collected
        }
        read(found, parallel: options.parallel, setup: setup, into: &collected)
        return collected
    }

    /// Walks the named paths (the current directory if none); a path that cannot be walked is
    /// an input error, reported at once.
    static func discover(_ paths: [String], setup: LintSetup, parallel: Bool = false,
                         into collected: inout Collected) -> [FileDiscovery.Found] {
        var discovery = FileDiscovery()
        discovery.skip = setup.skips
        discovery.parallel = parallel
        for path in paths.isEmpty ? ["."] : paths { discovery.add(path) }
        for var error in discovery.errors {
            if let command = commandTypo(error, named: paths) { error.reason += "; did you mean '\(command)'?" }
            recordInputError(error, into: &collected)
        }
        return discovery.files
    }

    /// Reads the files found. One that became unreadable or vanished since the walk is an input
    /// error (the run goes on and exits 2); the others are linted.
    static func read(_ found: [FileDiscovery.Found], parallel: Bool, setup: LintSetup, into collected: inout Collected) {
        // The files' deployment targets are worked out beside the reads, by one thread on a
        // resolver of its own (reading and parsing the Xcode projects, listing each folder's
        // parents), as `add` would ask for them: done after the reads, one file after another,
        // it held the other core idle. Taken only when every file was read and linted, so
        // that the resolver is asked exactly what `add` would have asked.
        let ahead = parallel && setup.deploymentTargets.isUnused ? TargetsAhead(setup.deploymentTargets.unusedCopy()) : nil
        // Each file's line table is made where the file is read, on every core: made afterwards,
        // one file after another, it held the second core idle.
        let first = ahead == nil ? 0 : 1
        let reads = Linter.parallelMap(found.count + first, parallel: parallel) { i -> Result<SourceFile?, FileSystem.IOError> in
            if i < first {
                ahead?.resolve(found.map(\.path))
                return .success(nil)
            }
            let file = found[i - first]
            return FileSystem.readFile(file.path).map { looksBinary($0) ? nil : SourceFile(path: file.path, bytes: $0) }
        }
        var targets: [DeploymentTarget?]? = nil
        if let ahead, !reads[first...].contains(where: { if case .success(let source) = $0 { source == nil } else { true } }) {
            setup.deploymentTargets.adopt(ahead.resolver)
            targets = ahead.targets
        }
        collected.inputs.reserveCapacity(found.count)
        for (k, file) in found.enumerated() {
            switch reads[k + first] {
            case .failure(let error):
                recordInputError(error, into: &collected)
            case .success(let source):
                if let targets, let source {
                    collected.inputs.append(LintInput(source: source, deploymentTarget: targets[k], symbols: collected.symbols))
                    if file.isExplicit { collected.named.insert(file.path) }
                } else {
                    add(file.path, source, named: file.isExplicit, setup: setup, to: &collected)
                }
            }
        }
    }

    /// The deployment targets of a run's files, resolved by one thread while others read them.
    final class TargetsAhead: @unchecked Sendable {
        let resolver: DeploymentTargetResolver
        /// By file, once `resolve` ran.
        private(set) var targets: [DeploymentTarget?] = []

        init(_ resolver: DeploymentTargetResolver) { self.resolver = resolver }

        /// Each path's target, asked of the resolver as `add` asks: once per run of files in
        /// one folder.
        func resolve(_ paths: [String]) {
            targets.reserveCapacity(paths.count)
            var last: (folder: String, target: DeploymentTarget?)? = nil
            for path in paths {
                if let last, isInFolder(path, last.folder) {
                    targets.append(last.target)
                } else {
                    let target = resolver.target(for: path)
                    last = (LintCommand.folder(of: path), target)
                    targets.append(target)
                }
            }
        }
    }

    /// `viewlint lnt`: a missing path, typed as the first word, that is one edit from a command
    /// was most likely meant as that command.
    static func commandTypo(_ error: FileSystem.IOError, named paths: [String]) -> String? {
        guard error.reason == FileSystem.noSuchFile, let first = paths.first, error.path == first,
              !first.contains("/") else { return nil }
        return CommandTable.names.first { oneEdit($0, first) }
    }

    /// One insertion, deletion, substitution or swap of neighbours (`rulse`) apart.
    static func oneEdit(_ a: String, _ b: String) -> Bool {
        if Linter.editDistance(a, b) == 1 { return true }
        let x = Array(a), y = Array(b)
        guard x.count == y.count, let i = x.indices.first(where: { x[$0] != y[$0] }), i + 1 < x.count else { return false }
        return x[i] == y[i + 1] && x[i + 1] == y[i] && x[(i + 2)...] == y[(i + 2)...]
    }

    static func recordInputError(_ error: FileSystem.IOError, into collected: inout Collected) {
        FileSystem.writeStandardError("viewlint: error: \(TextFormatter.sanitize(error.description))\n")
        collected.inputErrors.append(InputNote(level: .error, path: error.path, line: nil, message: error.reason))
    }

    /// `--staged`: the staged Swift files, with their staged content (not the working copy's),
    /// filtered as if found by walking the work tree: skipped folders, hidden folders and the
    /// configuration's `include:`/`exclude:` all apply. Paths, if given, narrow the set to the
    /// files at or below them.
    static func collectStaged(_ options: Options, setup: LintSetup) -> Collected? {
        let root: String
        let staged: [Git.StagedFile]
        do {
            root = try Git.workTreeRoot()
            staged = try Git.stagedSwiftFiles()
        } catch {
            ViewLintCommand.usageError("--staged needs a git work tree: \(error)")
            return nil
        }
        let cwd = FileSystem.currentDirectory()
        let limits = options.paths.map { PathName.absolute($0, in: cwd) }
        var chosen: [(display: String, blob: String)] = []
        for file in staged {
            let components = file.path.split(separator: "/")
            if components.contains(where: { $0.hasPrefix(".") || FileDiscovery.skippedDirectories.contains(String($0)) }) {
                continue
            }
            let absolute = PathName.normalize(root + "/" + file.path)
            if !limits.isEmpty && !limits.contains(where: { PathName.inside(absolute, $0) != nil }) { continue }
            let display = PathName.relative(absolute, to: PathName.normalize(cwd))
            if setup.skipsStaged(display) { continue }
            chosen.append((display, file.blob))
        }
        var collected = Collected()
        if options.setup.printDeploymentTarget {
            collected.paths = chosen.map(\.display)
            return collected
        }
        let contents: [[UInt8]]
        do {
            contents = try Git.blobContents(chosen.map(\.blob))
        } catch {
            ViewLintCommand.usageError("cannot read the staged files: \(error)")
            return nil
        }
        for (file, bytes) in zip(chosen, contents) {
            add(file.display, bytes, named: true, setup: setup, to: &collected)
        }
        return collected
    }

    static func add(_ path: String, _ bytes: [UInt8], named: Bool, setup: LintSetup, to collected: inout Collected) {
        add(path, looksBinary(bytes) ? nil : SourceFile(path: path, bytes: bytes), named: named, setup: setup, to: &collected)
    }

    /// `source` is nil for a file that looks binary. The file's deployment target comes from the
    /// resolver, which walks up from each folder once and caches what it found.
    static func add(_ path: String, _ source: SourceFile?, named: Bool, setup: LintSetup, to collected: inout Collected) {
        guard let source else {
            collected.notes.append(InputNote(level: .warning, path: path, line: nil,
                                             message: "file looks binary (it holds NUL bytes); not linted"))
            return
        }
        // A file's target depends only on its folder (the resolver resolves folders), and two
        // paths whose folders are written with the same bytes name the same folder (the slash
        // kept, so that `/A.swift`'s folder is not taken for the current one of `B.swift`).
        let target: DeploymentTarget?
        if let last = collected.lastFolder, isInFolder(path, last.path) {
            target = last.target
        } else {
            target = setup.deploymentTarget(for: path)
            collected.lastFolder = (folder(of: path), target)
        }
        collected.inputs.append(LintInput(source: source, deploymentTarget: target, symbols: collected.symbols))
        if named { collected.named.insert(path) }
    }

    /// `path` through its last slash (empty for none), as `isInFolder` compares it.
    static func folder(of path: String) -> String {
        path.utf8.lastIndex(of: 0x2F).map { String(path[...$0]) } ?? ""
    }

    /// Whether `path`'s folder (through its last slash, as `add` keeps it; empty for none) is
    /// `folder`, compared in place: compared as two views, generically, it cost about 3,600
    /// instructions a file, on one core while the other waited for the run to start.
    static func isInFolder(_ path: String, _ folder: String) -> Bool {
        var path = path, folder = folder
        return path.withUTF8 { p in
            folder.withUTF8 { f in
                guard p.count >= f.count, UnsafeBufferPointer(rebasing: p[..<f.count]).hasSameBytes(as: f) else { return false }
                for i in f.count..<p.count where p[i] == 0x2F { return false }
                return true
            }
        }
    }

    /// `--stamp FILE`: written (atomically) after a run that exits 0, removed after any other,
    /// so a build system that reruns a step until its output exists reruns a failing lint.
    /// The content is one comment line, valid Swift: SwiftPM compiles a plugin's `.swift`
    /// outputs (to nothing, here) but would bundle any other file into the target as a resource.
    static func updateStamp(_ path: String, status: Int32) -> Int32 {
        guard status == ViewLintCommand.ExitCode.success else {
            FileSystem.removeFile(path)
            return status
        }
        let text = "// viewlint \(ViewLintCommand.version): this run passed.\n"
        if case .failure(let error) = FileSystem.writeAtomically(path, Array(text.utf8)) {
            ViewLintCommand.usageError("cannot write the stamp: \(error)")
            return ViewLintCommand.ExitCode.failure
        }
        return status
    }

    /// Git's heuristic: a NUL byte in the first 8000 bytes means binary.
    static func looksBinary(_ bytes: [UInt8]) -> Bool {
        // `memchr` reads many bytes an instruction; the byte loop it replaced cost about 15 instructions
        // per 8 bytes on every file of a run (1.3% of all on the 14 apps of the benchmark).
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            return memchr(base, 0, min(buffer.count, 8000)) != nil
        }
    }

    /// `1 error, 3 warnings in 2 files (118 files linted in 0.04 s)`.
    static func summary(_ result: LintResult, seconds: Double) -> String {
        // Counted through the index: `filter` copied every finding of a severity into a new
        // array, and on one huge file those copies (and a list of every finding's path) were the
        // run's last peak, after the report had been written. Into counters: a dictionary by
        // severity hashed the severity's name for every finding.
        var errors = 0, warnings = 0, notes = 0
        var paths: Set<String> = []
        var lastPath: String? = nil
        for i in result.findings.indices {
            switch result.findings[i].severity {
            case .error: errors += 1
            case .warning: warnings += 1
            case .note: notes += 1
            }
            // A file's findings are mostly consecutive: its path is hashed once per run of them.
            if result.findings[i].path != lastPath {
                lastPath = result.findings[i].path
                paths.insert(result.findings[i].path)
            }
        }
        let files = paths.count
        var counts: [String] = []
        for (severity, n) in [(Severity.error, errors), (.warning, warnings), (.note, notes)] {
            if n > 0 { counts.append("\(n) \(severity.rawValue)\(n == 1 ? "" : "s")") }
        }
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
