#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import ViewLintCore
import ViewLintModel
import ViewLintSyntax

/// One file handed to the linter.
public struct LintInput: Sendable {
    public var source: SourceFile
    /// How the path is shown in output.
    public var displayPath: String
    /// False for files parsed only so that cross-file facts are right (pre-commit's context).
    public var isReported: Bool
    public var deploymentTarget: DeploymentTarget?
    /// The SF Symbols catalogue found on this system, if any.
    public var symbols: SymbolCatalogue?

    /// Inlinable: made across modules for every file read, it copied the whole input once and
    /// destroyed the copy.
    @inlinable
    public init(source: SourceFile, displayPath: String? = nil, isReported: Bool = true,
                deploymentTarget: DeploymentTarget? = nil, symbols: SymbolCatalogue? = nil) {
        self.source = source
        self.displayPath = displayPath ?? source.path
        self.isReported = isReported
        self.deploymentTarget = deploymentTarget
        self.symbols = symbols
    }
}

/// A rule ready to run: the instance with its options, and the severity its findings get.
public struct ConfiguredRule: Sendable {
    /// A `let`, as `checker` is made from it once.
    public let rule: any Rule
    public var severity: Severity
    /// Asks `rule` (see `RuleChecker`); held here, so that `uncountedChecker` stays valid.
    private let checker: RuleChecker
    /// `checker`, read from the run's list of rules with no retain and release.
    let uncountedChecker: Unmanaged<RuleChecker>
    public init(rule: any Rule, severity: Severity) {
        self.rule = rule
        self.severity = severity
        checker = RuleChecker.make(rule)
        uncountedChecker = Unmanaged.passUnretained(checker)
    }
    public var id: String { rule.description.id }
}

/// Calls a rule's `check` once per file and rule with neither the rule nor a reference copied:
/// called on the `any Rule` read from the run's list of rules, the rule was copied out of the
/// list and destroyed again each time (value-witness calls, about 33 M instructions on the 14
/// apps), and a closure or class read from the list was retained and released instead (41 M).
/// A subclass holds the rule as its own type, which it asks in place.
class RuleChecker: @unchecked Sendable {
    /// Overridden by `Of`, the only subclass `make` makes.
    func check(_ context: RuleContext) -> [Diagnostic] { [] }

    static func make(_ rule: any Rule) -> RuleChecker { of(rule) }

    private static func of<R: Rule>(_ rule: R) -> RuleChecker { Of(rule) }

    final class Of<R: Rule>: RuleChecker, @unchecked Sendable {
        let rule: R
        init(_ rule: R) { self.rule = rule }
        override func check(_ context: RuleContext) -> [Diagnostic] { rule.check(context) }
    }
}

/// Time spent per stage, summed over files (so on two cores it can exceed wall time).
public struct StageTimings: Sendable {
    public var tokenize: Double = 0
    public var parse: Double = 0
    public var model: Double = 0
    public var project: Double = 0
    public var rules: Double = 0
    /// Time in each rule's checks, by rule id (part of `rules`); empty unless `Linter.lint` was
    /// asked to time each rule. With `FactTiming` on, less the shared facts made while the rule
    /// ran, which are in `perFact`.
    public var perRule: [String: Double] = [:]
    /// Time making each shared fact, by name, with `FactTiming` on (part of `rules`).
    public var perFact: [String: Double] = [:]
    public init() {}
}

public struct LintResult: Sendable {
    /// Findings that were not suppressed, in output order.
    public var findings: [Finding]
    /// Findings silenced by in-source suppressions (SARIF reports them as suppressed).
    public var suppressedFindings: [Finding]
    public var reportedFileCount: Int
    public var contextFileCount: Int
    public var notes: [InputNote]
    public var timings: StageTimings
    /// Total lines in the reported files.
    public var lineCount: Int
    /// The model the rules ran on. A command line that is about to exit can keep it alive and
    /// skip freeing a million small objects one by one (see `ViewLintCLI.Lifetime`).
    public var project: ProjectModel?
    /// The copies of the model each thread of the rules read (see `ProjectModel.laneCopy`),
    /// kept with `project` for the same reason: freed by the thread that made them as it ran
    /// out of files, their types and facts were the last work of a two-core run. Empty unless
    /// the caller asked for them (`Linter.lint(keepLaneModels:)`).
    public var laneModels: [ProjectModel] = []
}

public enum Linter {
    /// Rule ids the engine itself reports, about suppressions.
    public static let unusedSuppressionID = "unused_suppression"
    public static let unknownRuleInSuppressionID = "unknown_rule_in_suppression"

    /// Lints `inputs`: parses every file (in parallel), builds the project model, runs the rules
    /// on the reported files (in parallel), applies suppressions, and sorts the findings.
    ///
    /// - Parameters:
    ///   - knownRuleIDs: every rule id that exists, to tell unknown ids in suppressions apart from
    ///     ids of rules that are merely disabled.
    ///   - metaSeverities: severities of the suppression rules, or nil where they are disabled.
    ///   - models: models already built for some inputs (by index; nil or missing entries are
    ///     built here), so a caller that lints the same context again and again (the language
    ///     server, on every keystroke) parses each unchanged file once.
    ///   - lineHashes: whether findings get their `lineHashValue`. Hashing reads each file with
    ///     findings from its start to its last finding's line (all 13 MB of one huge file, 5%
    ///     of its run), and only SARIF prints it: only a caller that writes SARIF asks for it.
    ///   - lineTexts: whether findings get their `lineText`. Only a text report shown with its
    ///     source prints it, and a string a finding (1.1 MB of the 1M generated lines' 15,000
    ///     findings) is held to the end of the run: a caller that prints no source passes false.
    ///   - keepLaneModels: whether the result keeps the threads' copies of the model
    ///     (`LintResult.laneModels`). Only a command line about to exit wants them (to skip
    ///     freeing them); any other caller would hold a copy per thread as long as the result.
    ///   - returnsModel: whether the result must keep the model (`LintResult.project`). A
    ///     caller that only reports findings passes false, and the model is then freed before
    ///     the findings are made when they outweigh the sources (see `freesModelEarly`).
    public static func lint(_ inputs: [LintInput], models prebuilt: [FileModel?] = [], rules: [ConfiguredRule],
                            knownRuleIDs: Set<String>, metaSeverities: [String: Severity] = [:],
                            parallel: Bool = true, ruleThreads: Int = 1, timesEachRule: Bool = false,
                            lineHashes: Bool = false, lineTexts: Bool = true, keepLaneModels: Bool = false,
                            returnsModel: Bool = true) -> LintResult {
        var timings = StageTimings()
        let reported = inputs.indices.filter { inputs[$0].isReported }
        var ruleSeconds: [Double]? = timesEachRule ? [] : nil
        var lanes = keepLaneModels ? LaneModels() : nil
        // Made in a function of its own, so that the files' models and the declarations' merge
        // are not held by locals of this one: the model can then be freed here, whole.
        var (project, ruleChecks) = modelAndRules(inputs, prebuilt: prebuilt, reported: reported, rules: rules,
                                                  parallel: parallel, ruleThreads: ruleThreads, ruleSeconds: &ruleSeconds,
                                                  keeping: lanes, timings: &timings)
        // What making the findings reads of each reported file: its source, comments and notes.
        let files: [FileModel]
        if !returnsModel && prebuilt.isEmpty && freesModelEarly(ruleChecks, inputs: inputs) {
            files = reported.map { FileModel(stripping: project!.files[$0]) }
            project = nil
            lanes = nil
            Allocator.returnFreedMemory()
        } else {
            files = reported.map { project!.files[$0] }
        }
        let checks = TakeOnce(ruleChecks)
        ruleChecks = []
        // A rule's id is read from its description, a struct of a dozen strings and arrays that
        // every file shares: read once here, not copied (and each of its references retained)
        // per file and per finding by threads running side by side.
        let settings = RuleSettings(rules: rules, metaSeverities: metaSeverities)
        for (r, seconds) in (ruleSeconds ?? []).enumerated() { timings.perRule[settings.ids[r], default: 0] += seconds }
        if FactTiming.isOn { timings.perFact = FactTiming.take() }
        var perFile = parallelMap(reported.count, parallel: parallel) { k -> FileOutcome in
            let index = reported[k]
            var fileChecks = checks.take(k)
            return checkFile(files[k], input: inputs[index], rules: rules, settings: settings, checks: &fileChecks,
                             knownRuleIDs: knownRuleIDs, lineHashes: lineHashes, lineTexts: lineTexts)
        }
        var findingRuns: [[Finding]] = []
        var suppressedRuns: [[Finding]] = []
        findingRuns.reserveCapacity(perFile.count)
        suppressedRuns.reserveCapacity(perFile.count)
        var notes: [InputNote] = []
        var lines = 0
        for k in perFile.indices {
            // Moved out, not copied: each file's findings are held once.
            findingRuns.append([])
            swap(&findingRuns[k], &perFile[k].findings)
            suppressedRuns.append([])
            swap(&suppressedRuns[k], &perFile[k].suppressed)
            notes.append(contentsOf: perFile[k].notes)
            timings.rules += perFile[k].seconds
            lines += perFile[k].lines
        }
        let findings = inOutputOrder(&findingRuns, parallel: parallel)
        let suppressed = inOutputOrder(&suppressedRuns, parallel: parallel)
        return LintResult(findings: findings, suppressedFindings: suppressed, reportedFileCount: reported.count,
                          contextFileCount: inputs.count - reported.count, notes: notes, timings: timings,
                          lineCount: lines, project: project, laneModels: lanes?.kept ?? [])
    }

    /// Builds the model of `inputs` and runs `rules` on the reported files.
    static func modelAndRules(_ inputs: [LintInput], prebuilt: [FileModel?], reported: [Int], rules: [ConfiguredRule],
                              parallel: Bool, ruleThreads: Int, ruleSeconds: inout [Double]?, keeping lanes: LaneModels?,
                              timings: inout StageTimings) -> (ProjectModel?, [RuleChecks]) {
        // Declarations are merged into the project's types as files are made, by whichever
        // thread is free, not after the last one on one core (see `DeclarationMerge`).
        let declarations = DeclarationMerge(count: inputs.count)
        let models = buildModels(inputs, prebuilt: prebuilt, parallel: parallel, merging: declarations, timings: &timings)
        let projectStart = now()
        let project = ProjectModel(files: models, parallel: parallel, declared: declarations)
        timings.project += elapsed(since: projectStart)
        // Facts the project model made belong to its stage, not to the rules'.
        if FactTiming.isOn { _ = FactTiming.take() }
        let checks = runRules(reported, inputs: inputs, project: project, rules: rules, parallel: parallel,
                              ruleThreads: ruleThreads, ruleSeconds: &ruleSeconds, keeping: lanes)
        return (project, checks)
    }

    /// Whether to free the model before the findings are made: when they will take more memory
    /// than the sources. The model is then no longer read (a finding needs its file's bytes,
    /// comments and notes), but held, it was the larger part of the run's peak, next to all the
    /// findings and the diagnostics they are made from (one file of 130,000 views: 260,000
    /// findings, 54 MB, beside a model of over 200 MB). Freeing it costs time in proportion to
    /// the model, which a run with few findings does not spend: a command line that exits after
    /// its report keeps the model to the end (see `LintResult.project`).
    static func freesModelEarly(_ checks: [RuleChecks], inputs: [LintInput]) -> Bool {
        var diagnostics = 0
        for c in checks.indices {
            for d in checks[c].diagnostics.indices { diagnostics += checks[c].diagnostics[d].found.count }
        }
        var sourceBytes = 0
        for input in inputs { sourceBytes += input.source.bytes.count }
        return diagnostics * MemoryLayout<Finding>.stride > sourceBytes
    }

    /// Files' findings, each file's list already in output order (sorted on the core that made
    /// it, see `checkFile`), as one list in output order, each list taken. Files' findings sort
    /// by their path first, so their lists follow one another whole, in their paths' byte order:
    /// found with one comparison of neighbours when the files came in that order (the walk's
    /// order mostly is), else by sorting the files; the lists are then copied into their places
    /// on all cores. Gathered and sorted as one list, on one core, the findings were serial work
    /// at the end of every run.
    static func inOutputOrder(_ runs: inout [[Finding]], parallel: Bool) -> [Finding] {
        var order = runs.indices.filter { !runs[$0].isEmpty }
        if order.isEmpty { return [] }
        // One huge file's findings are not even copied.
        if order.count == 1 {
            var only: [Finding] = []
            swap(&only, &runs[order[0]])
            return only
        }
        // In the walk's order the files mostly come in their paths' order already: then they
        // are not sorted. Files of one path (not in a walk; a caller may hand any inputs) stay in
        // input order, as the findings' order breaks a tie.
        let ascending = !order.indices.dropFirst().contains {
            comparePaths(runs[order[$0 - 1]][0].path, runs[order[$0]][0].path) > 0
        }
        if !ascending {
            order.sort { a, b in
                let c = comparePaths(runs[a][0].path, runs[b][0].path)
                return c != 0 ? c < 0 : a < b
            }
        }
        let distinct = !order.indices.dropFirst().contains {
            comparePaths(runs[order[$0 - 1]][0].path, runs[order[$0]][0].path) == 0
        }
        var starts: [Int] = []
        starts.reserveCapacity(order.count)
        var total = 0
        for j in order {
            starts.append(total)
            total += runs[j].count
        }
        let (files, offsets) = (order, starts)
        // A copy this large is a mapping of its own (see `Allocator`): its pages came on top of
        // all those the rules and the findings left resident, and set the run's peak (3 MB at
        // 1M generated lines). With the heap's freed pages handed back first, it takes their place.
        if total * MemoryLayout<Finding>.stride >= Int(Allocator.mapThresholdBytes) { Allocator.returnFreedMemory() }
        var all = runs.withUnsafeMutableBufferPointer { lists in
            nonisolated(unsafe) let lists = lists
            return [Finding](unsafeUninitializedCapacity: total) { buffer, initialized in
                nonisolated(unsafe) let base = buffer.baseAddress!
                ProjectModel.parallelForEach(files.count, parallel: parallel, block: findingListsBlock) { j in
                    var list: [Finding] = []
                    swap(&list, &lists[files[j]])
                    // Copied (each finding's strings retained, then released with `list`): an
                    // array cannot give up its elements without destroying them.
                    list.withUnsafeBufferPointer { (base + offsets[j]).initialize(from: $0.baseAddress!, count: $0.count) }
                }
                initialized = total
            }
        }
        // Files that share a path interleave their findings: sorted as one list (rare).
        if !distinct { Finding.sortForOutput(&all) }
        return all
    }

    /// Files' finding lists a thread moves at a time: most files have one or two findings.
    static let findingListsBlock = 512

    /// The paths' bytes compared (`<0`, `0`, `>0`), the order findings sort by (see `Finding.outputOrder`).
    static func comparePaths(_ a: String, _ b: String) -> Int {
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                let common = min(x.count, y.count)
                let order = common == 0 ? 0 : Int(memcmp(x.baseAddress!, y.baseAddress!, common))
                return order != 0 ? order : x.count - y.count
            }
        }
    }

    struct FileOutcome: Sendable {
        var findings: [Finding] = []
        var suppressed: [Finding] = []
        var notes: [InputNote] = []
        var seconds: Double = 0
        var lines = 0
    }

    struct ModelOutcome: Sendable {
        var model: FileModel
        var tokenize: Double
        var parse: Double
        var extract: Double
        /// Merging declarations into the project's types (see `DeclarationMerge`).
        var merge: Double
    }

    /// - Parameter merging: given each model as it is made, with its index.
    static func buildModels(_ inputs: [LintInput], prebuilt: [FileModel?], parallel: Bool,
                            merging declarations: DeclarationMerge? = nil, timings: inout StageTimings) -> [FileModel] {
        // Files are made in index order, or in a test's order (see `FileOrder`), which changes
        // the order names are first met in and so their ids.
        let order = FileOrder.process.permutation(inputs.count)
        var outcomes = parallelMap(inputs.count, parallel: parallel) { k -> ModelOutcome in
            let i = order?[k] ?? k
            if i < prebuilt.count, let model = prebuilt[i] {
                declarations?.add(model, at: i)
                return ModelOutcome(model: model, tokenize: 0, parse: 0, extract: 0, merge: 0)
            }
            let t0 = now()
            var t1 = t0, t2 = t0
            let model: FileModel
            // The tokens and the tree end with this block, before the declarations are merged:
            // a tree holds an object with a deinit (its range hashes' lock), and the compiler
            // keeps such a value to the end of its scope, so a huge file's tokens and nodes
            // (26 MB of 130,000 views) were alive with its drafts, the run's peak.
            do {
                let tokens = Lexer.tokenize(inputs[i].source)
                t1 = now()
                let tree = Parser.parse(tokens)
                t2 = now()
                model = FileModel.extract(from: tree)
            }
            let t3 = now()
            // Timed with the project model's stage: the merge of the file's declarations and
            // of any file before it that is waiting for it.
            declarations?.add(model, at: i)
            return ModelOutcome(model: model, tokenize: seconds(t0, t1), parse: seconds(t1, t2), extract: seconds(t2, t3),
                                merge: declarations == nil ? 0 : elapsed(since: t3))
        }
        if let order { outcomes = FileOrder.restore(outcomes, from: order) }
        // Every file is made: the threads' name caches are not held through the rules.
        NameTable.shared.dropSpareFileNames()
        var models: [FileModel] = []
        models.reserveCapacity(outcomes.count)
        for o in outcomes {
            models.append(o.model)
            timings.tokenize += o.tokenize
            timings.parse += o.parse
            timings.model += o.extract
            timings.project += o.merge
        }
        return models
    }

    /// One thread's copies of the deployment targets its files have. Files of one package share
    /// one target, whose version arrays rules read (and so retain) on every availability check:
    /// shared by both threads, each such count moved its cache line between the cores.
    struct LaneTargets {
        private var copies: [(original: DeploymentTarget, copy: DeploymentTarget)] = []
        /// Beyond this many targets (a folder of packages each with its own), the rest are shared.
        static let limit = 8

        mutating func own(_ target: DeploymentTarget?) -> DeploymentTarget? {
            guard let target else { return nil }
            for k in copies.indices where copies[k].original == target { return copies[k].copy }
            guard copies.count < LaneTargets.limit else { return target }
            var platforms: [String: [Int]] = [:]
            platforms.reserveCapacity(target.platforms.count)
            for (name, version) in target.platforms {
                platforms[LaneTargets.fresh(name)] = version.withUnsafeBufferPointer { Array($0) }
            }
            let copy = DeploymentTarget(platforms: platforms, source: LaneTargets.fresh(target.source))
            copies.append((target, copy))
            return copy
        }

        /// The same text in storage of its own.
        static func fresh(_ text: String) -> String { String(decoding: Array(text.utf8), as: UTF8.self) }
    }

    /// The threads' copies of the model, kept as each thread makes its own.
    final class LaneModels: @unchecked Sendable {
        /// Passed to pthreads by address: unchecked, as `models`.
        @exclusivity(unchecked) private var mutex = pthread_mutex_t()
        /// Only touched under `mutex`.
        @exclusivity(unchecked) private var models: [ProjectModel] = []

        init() { pthread_mutex_init(&mutex, nil) }

        deinit { pthread_mutex_destroy(&mutex) }

        func keep(_ model: ProjectModel) {
            pthread_mutex_lock(&mutex)
            models.append(model)
            pthread_mutex_unlock(&mutex)
        }

        /// Read once every thread is done.
        var kept: [ProjectModel] {
            pthread_mutex_lock(&mutex)
            defer { pthread_mutex_unlock(&mutex) }
            return models
        }
    }

    /// Values each taken once, by one thread per index: a file's diagnostics are released as soon
    /// as its findings are made, rather than all files' living until the last file's are (one
    /// huge file's diagnostics were held next to its findings, at the run's peak).
    final class TakeOnce<T>: @unchecked Sendable {
        private let slots: UnsafeMutableBufferPointer<T?>

        init(_ values: [T]) {
            slots = .allocate(capacity: values.count)
            _ = slots.initialize(from: values.lazy.map { Optional($0) })
        }

        deinit {
            slots.deinitialize()
            slots.deallocate()
        }

        func take(_ index: Int) -> T {
            let value = slots[index]!
            slots[index] = nil
            return value
        }
    }

    /// What the rules found in one file: only the rules that found something, by the rule's
    /// index in the configured list (most files have no findings from most rules, and a list per
    /// rule per file was held for every file until the last one's findings were made), and the
    /// time all its rules took.
    struct RuleChecks: Sendable {
        var diagnostics: [(rule: Int, found: [Diagnostic])] = []
        var seconds: Double = 0
    }

    /// Runs every rule's `check` on every reported file.
    ///
    /// In parallel, each thread runs all the rules of one file at a time, and no two threads
    /// work on the same file. Two threads on one file (as when each file's rules were split
    /// into blocks spread over all cores) retain and release the same members, expressions and
    /// strings at once, and every such atomic reference count then moves its cache line from
    /// core to core: on the 14 real apps two cores spent 1.2 s more CPU than one for the same
    /// work, most of it in `swift_retain` (see README, Two cores). Largest files go
    /// first, so the last units are small and both threads finish together. Each thread reads
    /// the model through a copy of its own (`ProjectModel.laneCopy`), so that the objects every
    /// rule reaches are not counted by both cores at once either, and starts each file's rules
    /// at its own point of the list (spread evenly, one per core), so threads starting out ask
    /// for different project-wide facts first and compute them side by side (`ProjectModel.fact`
    /// makes a thread that asks for a fact being computed wait for it). Rules are pure functions of the
    /// model, so the order they run in changes nothing: each result lands at its rule's index.
    ///
    /// - Parameter ruleThreads: without `parallel`, split one file's rules over this many
    ///   threads all the same (the language server lints one file at a time).
    /// - Parameter ruleSeconds: nil, or set to the time each rule took over all files (the
    ///   benchmark's per-rule table).
    /// - Parameter keeping: given the threads' copies of the model, if any, to free later.
    static func runRules(_ reported: [Int], inputs: [LintInput], project: ProjectModel, rules: [ConfiguredRule],
                         parallel: Bool, ruleThreads: Int = 1, ruleSeconds: inout [Double]?,
                         keeping lanes: LaneModels? = nil) -> [RuleChecks] {
        if ruleSeconds != nil { ruleSeconds = [Double](repeating: 0, count: rules.count) }
        if parallel && reported.count >= filesForWholeFileUnits {
            return runRulesFileByFile(reported, inputs: inputs, project: project, rules: rules,
                                      ruleSeconds: &ruleSeconds, keeping: lanes)
        }
        return runRulesInBlocks(reported, inputs: inputs, project: project, rules: rules,
                                split: parallel ? rulesBlocks : max(1, ruleThreads), ruleSeconds: &ruleSeconds)
    }

    /// From this many reported files on, a parallel run gives each thread whole files (see
    /// `runRules`); with fewer there would not be enough units to keep every core busy.
    static let filesForWholeFileUnits = 16

    static func runRulesFileByFile(_ reported: [Int], inputs: [LintInput], project: ProjectModel,
                                   rules: [ConfiguredRule], ruleSeconds: inout [Double]?,
                                   keeping lanes: LaneModels? = nil) -> [RuleChecks] {
        let timesEachRule = ruleSeconds != nil
        let sizes = reported.map { inputs[$0].source.bytes.count }
        let bySize = reported.indices.sorted { a, b in sizes[a] != sizes[b] ? sizes[a] > sizes[b] : a < b }
        // A test's order (see `FileOrder`) changes which thread checks which file, and which file
        // asks each fact first.
        let bySizeDescending = FileOrder.process.permutation(reported.count).map { order in order.map { bySize[$0] } } ?? bySize
        let laneCount = ProjectModel.processorCount
        // A model kept until the process ends (`lanes`) has its types marked never freed, so
        // that every thread reads them without copies of its own (see `keepTypesForLanes`).
        let sharesTypes = lanes != nil && laneCount > 1 && project.keepTypesForLanes()
        // Each thread checks its files on a copy of the model of its own (see `ProjectModel.laneCopy`;
        // the first keeps the model's types), and starts their rules at its own point of the list.
        var checked = ProjectModel.parallelMap(reported.count, parallel: true,
                                               lane: { k in
            let copy = k > 0 && sharesTypes ? project.laneCopy(sharingKeptTypes: ())
                                            : project.laneCopy(separateTypes: k > 0)
            lanes?.keep(copy)
            // Facts first asked late are built here, by every lane at once (see `Rule.prepare`).
            if laneCount > 1 { for configured in rules { configured.rule.prepare(copy) } }
            return (project: copy, first: k * rules.count / laneCount, targets: LaneTargets(), messages: SharedTexts())
        }
        ) { lane, u -> (RuleChecks, [Double]) in
            let index = reported[bySizeDescending[u]]
            let context = RuleContext(project: lane.project, fileIndex: index,
                                      deploymentTarget: lane.targets.own(inputs[index].deploymentTarget),
                                      symbols: inputs[index].symbols, oneThread: true)
            return checkRules(rules, startingAt: lane.first, context: context, messages: &lane.messages,
                              timesEachRule: timesEachRule)
        }
        var positions = [Int](repeating: 0, count: reported.count)
        for (u, k) in bySizeDescending.enumerated() { positions[k] = u }
        for (_, seconds) in checked {
            for (r, time) in seconds.enumerated() { ruleSeconds![r] += time }
        }
        return positions.map { u in
            // Moved out, so each file's diagnostics are held once.
            let checks = checked[u].0
            checked[u].0 = RuleChecks()
            return checks
        }
    }

    /// Runs `rules` on one file's `context` (or those of `rules` in `range`), starting with the
    /// rule at index `first` and wrapping around; the diagnostics are listed in the rules' order
    /// whatever the start. Returns the time each rule took, by its index in `range`, with
    /// `timesEachRule` (the benchmark's per-rule table); without it, no times but the block's:
    /// two clock reads per rule per file were 0.7% of a run.
    ///
    /// - Parameter messages: the texts the thread's diagnostics share. Held for every file the
    ///   thread checks, not one: all files' diagnostics wait for the last file's rules, and
    ///   generated or similar files repeat the same messages (995 copies of one 190-byte note
    ///   in 1,000 files, 4% of the run's peak).
    static func checkRules(_ rules: [ConfiguredRule], in range: Range<Int>? = nil, startingAt first: Int = 0,
                           context: RuleContext, messages: inout SharedTexts,
                           timesEachRule: Bool = false) -> (RuleChecks, [Double]) {
        let range = range ?? rules.indices
        var checks = RuleChecks()
        var seconds = timesEachRule ? [Double](repeating: 0, count: range.count) : []
        let blockStart = now()
        let factsAtStart = timesEachRule ? FactTiming.secondsMakingFactsOnThisThread : 0
        // The file's diagnostics wait here for the other files' rules: their repeated
        // messages are shared from the start, not only in the findings made from them.
        // Most rules find nothing in most files: their empty lists are neither walked nor kept.
        // The rule's index wraps by a comparison: a division per rule and file was a fifth of
        // this loop's own cost.
        var r = range.isEmpty ? range.lowerBound : range.lowerBound + first % range.count
        for _ in 0..<range.count {
            defer {
                r += 1
                if r == range.upperBound { r = range.lowerBound }
            }
            let start = timesEachRule ? now() : 0
            let factsBefore = timesEachRule ? FactTiming.secondsMakingFactsOnThisThread : 0
            var found = rules[r].uncountedChecker._withUnsafeGuaranteedRef { $0.check(context) }
            if timesEachRule {
                seconds[r - range.lowerBound] = elapsed(since: start) - (FactTiming.secondsMakingFactsOnThisThread - factsBefore)
            }
            if found.isEmpty { continue }
            for d in found.indices { found[d].message = messages.shared(found[d].message) }
            checks.diagnostics.append((r, found))
        }
        if first != 0 { checks.diagnostics.sort { $0.rule < $1.rule } }
        checks.seconds = timesEachRule ? seconds.reduce(0, +) + (FactTiming.secondsMakingFactsOnThisThread - factsAtStart)
                                       : elapsed(since: blockStart)
        return (checks, seconds)
    }

    /// Runs each file's rules split into `split` blocks, taken in file order, so that the
    /// threads share a file: for a few files, or one (the language server), this is what keeps
    /// several cores busy. The result does not depend on the split.
    static func runRulesInBlocks(_ reported: [Int], inputs: [LintInput], project: ProjectModel, rules: [ConfiguredRule],
                                 split: Int, ruleSeconds: inout [Double]?) -> [RuleChecks] {
        let timesEachRule = ruleSeconds != nil
        let blockSize = max(1, (rules.count + split - 1) / split)
        let blocksPerFile = max(1, (rules.count + blockSize - 1) / blockSize)
        // Unsplit, every block runs on the calling thread, which then reads the model as a lane
        // (`ProjectModel.laneCopy`): facts it has seen are read with no lock (`--jobs 1`).
        let rulesProject = split <= 1 ? project.laneCopy(separateTypes: false) : project
        let contexts = ContextLease(files: reported.count, blocksPerFile: blocksPerFile) { k in
            let index = reported[k]
            return RuleContext(project: rulesProject, fileIndex: index, deploymentTarget: inputs[index].deploymentTarget,
                               symbols: inputs[index].symbols, oneThread: split <= 1)
        }
        // Files in index order, or in a test's order (see `FileOrder`).
        let order = FileOrder.process.permutation(reported.count)
        let blocks = ProjectModel.parallelMap(reported.count * blocksPerFile, parallel: split > 1,
                                              lane: { _ in SharedTexts() }) { messages, u -> (RuleChecks, [Double]) in
            let file = order?[u / blocksPerFile] ?? u / blocksPerFile
            let context = contexts.take(file)
            defer { contexts.finished(file) }
            let first = (u % blocksPerFile) * blockSize
            return checkRules(rules, in: first..<min(rules.count, first + blockSize), context: context,
                              messages: &messages, timesEachRule: timesEachRule)
        }
        var position = Array(0..<reported.count)
        if let order { for (k, file) in order.enumerated() { position[file] = k } }
        return (0..<reported.count).map { k in
            var checks = RuleChecks()
            for b in 0..<blocksPerFile {
                let (block, seconds) = blocks[position[k] * blocksPerFile + b]
                checks.diagnostics.append(contentsOf: block.diagnostics)
                checks.seconds += block.seconds
                for (i, time) in seconds.enumerated() { ruleSeconds![b * blockSize + i] += time }
            }
            return checks
        }
    }

    /// Each reported file's `RuleContext`, made when the first of its rule blocks starts and
    /// dropped when the last one finishes, so the file's facts (placed views, builder members)
    /// are freed as soon as its rules ran instead of living until every file's rules have:
    /// held for the whole run, they grew with the project.
    final class ContextLease: @unchecked Sendable {
        // Only touched under `mutex` (and the mutex passed to pthreads by address): the
        // runtime's exclusivity checks, two accesses per file for each, repeated the lock
        // (7.2 M instructions on the 14 apps).
        @exclusivity(unchecked) private var mutex = pthread_mutex_t()
        @exclusivity(unchecked) private var contexts: [RuleContext?]
        @exclusivity(unchecked) private var unfinished: [Int]
        private let make: (Int) -> RuleContext

        init(files: Int, blocksPerFile: Int, make: @escaping (Int) -> RuleContext) {
            contexts = Array(repeating: nil, count: files)
            unfinished = Array(repeating: blocksPerFile, count: files)
            self.make = make
            pthread_mutex_init(&mutex, nil)
        }

        deinit { pthread_mutex_destroy(&mutex) }

        func take(_ file: Int) -> RuleContext {
            pthread_mutex_lock(&mutex)
            defer { pthread_mutex_unlock(&mutex) }
            if let context = contexts[file] { return context }
            let context = make(file)
            contexts[file] = context
            return context
        }

        func finished(_ file: Int) {
            pthread_mutex_lock(&mutex)
            defer { pthread_mutex_unlock(&mutex) }
            unfinished[file] -= 1
            if unfinished[file] == 0 { contexts[file] = nil }
        }
    }

    /// How many blocks each file's rules are split into when linting few files in parallel.
    static let rulesBlocks = 8

    /// What every file's findings need to know of the run's rules, looked up once per run, not
    /// per file: the configured rules' ids, the ids whose suppressions can be checked (the rules
    /// that ran, the engine's own included), and the suppression rules' severities.
    struct RuleSettings: Sendable {
        var ids: [String]
        var checkedIDs: Set<String>
        /// nil where the rule is disabled.
        var unknownRuleInSuppression: Severity?
        var unusedSuppression: Severity?

        init(rules: [ConfiguredRule], metaSeverities: [String: Severity]) {
            ids = rules.map(\.id)
            checkedIDs = Set(ids).union(metaSeverities.keys)
            unknownRuleInSuppression = metaSeverities[unknownRuleInSuppressionID]
            unusedSuppression = metaSeverities[unusedSuppressionID]
        }
    }

    static func checkFile(_ file: FileModel, input: LintInput, rules: [ConfiguredRule], settings: RuleSettings,
                          checks: inout RuleChecks, knownRuleIDs: Set<String>, lineHashes: Bool, lineTexts: Bool) -> FileOutcome {
        let t0 = now()
        var outcome = FileOutcome()
        // Read once: the model hands out its source as a fresh value, each of its references retained.
        let source = file.source
        outcome.lines = source.lineCount
        let (directives, unrecognized) = SuppressionDirective.scan(file, source: source)
        var suppressions = SuppressionMap(directives, lineCount: source.lineCount)
        var locations = LocationFinder(source)
        // The findings' line texts, shared; none are made when no report prints them.
        var texts: SharedTexts? = lineTexts ? SharedTexts() : nil

        // Reserved exactly: grown by doubling, one huge file's findings array was up to twice
        // their size, and is held to the end of the run.
        outcome.findings.reserveCapacity(checks.diagnostics.reduce(0) { $0 + $1.found.count }
                                         + directives.reduce(unrecognized.count) { $0 + max(1, $1.ruleIDs.count) })
        for d in checks.diagnostics.indices {
            let r = checks.diagnostics[d].rule
            var diagnostics: [Diagnostic] = []
            swap(&diagnostics, &checks.diagnostics[d].found)
            let ruleSeverity = rules[r].severity
            let ruleID = settings.ids[r]
            // Each diagnostic's texts and fixes are moved into its finding, not copied: the list
            // is this file's own and dropped right after (copying each diagnostic out, then its
            // fields into the finding, retained and released every reference twice).
            diagnostics.withUnsafeMutableBufferPointer { found in
                for k in found.indices {
                    let severity = found[k].severity.map { min($0, ruleSeverity) } ?? ruleSeverity
                    let finding = makeFinding(taking: &found[k], ruleID: ruleID, severity: severity,
                                              locations: &locations, texts: &texts, displayPath: input.displayPath)
                    report(finding, excluding: nil, suppressions: &suppressions, into: &outcome)
                }
            }
        }

        // Suppressions must keep earning their place: report those that are malformed, name a
        // rule that does not exist, or silence nothing (for rules that ran). Reports about a
        // suppression can themselves be suppressed, but never by the directive they are about.
        if let severity = settings.unknownRuleInSuppression {
            func reportUnknown(_ range: SourceRange, _ message: String, _ symbol: String, _ directive: Int?) {
                let finding = makeFinding(Diagnostic(range: range, message: message, symbol: symbol),
                                          ruleID: unknownRuleInSuppressionID, severity: severity, locations: &locations,
                                          texts: &texts, displayPath: input.displayPath)
                report(finding, excluding: directive, suppressions: &suppressions, into: &outcome)
            }
            for u in unrecognized {
                let hint = u.suggestion.map { "; did you mean 'viewlint:\($0)'?" } ?? ""
                reportUnknown(u.range, "'viewlint:\(u.word)' is not a suppression directive, so it silences nothing\(hint)",
                              "viewlint:\(u.word)", nil)
            }
            for (d, directive) in directives.enumerated() {
                if directive.ruleIDs.isEmpty {
                    reportUnknown(directive.commentRange,
                                  "suppression 'viewlint:\(directive.kind.rawValue)' names no rule; list the rule ids it silences, or 'all'",
                                  "viewlint:\(directive.kind.rawValue)", d)
                }
                for (k, id) in directive.ruleIDs.enumerated() where id != "all" && !knownRuleIDs.contains(id) {
                    let hint = closestRuleID(to: id, in: knownRuleIDs).map { "; did you mean '\($0)'?" } ?? ""
                    reportUnknown(directive.idRanges[k], "suppression names unknown rule '\(id)'\(hint)", id, d)
                }
            }
        }
        if let severity = settings.unusedSuppression {
            // Suppressions of `unused_suppression` and `all` are judged last, once the reports
            // they might silence are known.
            for lastPass in [false, true] {
                for (d, directive) in directives.enumerated() where directive.kind != .enable {
                    for (k, id) in directive.ruleIDs.enumerated()
                    where (id == "all" || id == unusedSuppressionID) == lastPass && (id == "all" || settings.checkedIDs.contains(id))
                        && !suppressions.isUsed(directive: d, idIndex: k) {
                        let finding = makeFinding(
                            Diagnostic(range: directive.idRanges[k],
                                       message: "suppression of '\(id)' silences nothing; remove it so it cannot hide a future finding",
                                       symbol: id, fixes: [directive.removal(ofID: k, in: source)]),
                            ruleID: unusedSuppressionID, severity: severity, locations: &locations, texts: &texts,
                            displayPath: input.displayPath)
                        report(finding, excluding: d, suppressions: &suppressions, into: &outcome)
                    }
                }
            }
        }

        if lineHashes { addLineHashes(&outcome, source: source) }
        // Sorted here, on the core that made them: the run only puts the files' lists one after
        // another (see `inOutputOrder`).
        Finding.sortForOutput(&outcome.findings)
        Finding.sortForOutput(&outcome.suppressed)

        for note in file.lexerNotes where note.kind == .invalidUTF8 || note.kind == .nulCharacter {
            outcome.notes.append(InputNote(level: .warning, path: input.displayPath,
                                           line: source.line(ofOffset: note.offset),
                                           message: "\(note.kind.rawValue); the file was linted as far as it could be read"))
            break
        }
        // Code after an unterminated literal or comment was read as part of it, so findings
        // there are missing; say where, once, rather than lint silently short.
        for note in file.lexerNotes where note.kind.swallowsCode {
            outcome.notes.append(InputNote(level: .note, path: input.displayPath,
                                           line: source.line(ofOffset: note.offset),
                                           message: "\(note.kind.rawValue); the file does not compile as it is, "
                                               + "and code after this point may not have been linted"))
            break
        }
        outcome.seconds = elapsed(since: t0) + checks.seconds
        return outcome
    }

    /// GitHub's line fingerprint hashes the text from the finding's line onwards, so it needs the
    /// whole file: computed here, in one pass over each file that has findings.
    static func addLineHashes(_ outcome: inout FileOutcome, source: SourceFile) {
        // By index: copying each finding out of its array retained every reference it holds.
        var last = 0
        for i in outcome.findings.indices { last = max(last, outcome.findings[i].start.line) }
        for i in outcome.suppressed.indices { last = max(last, outcome.suppressed[i].start.line) }
        guard last > 0 else { return }
        // Lines are bounded by the last one, so an array indexed by line collects them: they come
        // out sorted and once each, and each finding finds its line's hash by index, in time
        // linear in the findings and the lines, like the hashing itself.
        var position = [Int32](repeating: -1, count: last + 1)
        for i in outcome.findings.indices where outcome.findings[i].start.line > 0 {
            position[outcome.findings[i].start.line] = 0
        }
        for i in outcome.suppressed.indices where outcome.suppressed[i].start.line > 0 {
            position[outcome.suppressed[i].start.line] = 0
        }
        var lines: [Int] = []
        for line in position.indices where position[line] >= 0 {
            position[line] = Int32(lines.count)
            lines.append(line)
        }
        let hashes = LineHash.values(sorted: lines, of: source.bytes)
        func hash(_ line: Int) -> LineHash.Value? { line > 0 ? hashes[Int(position[line])] : nil }
        for i in outcome.findings.indices {
            outcome.findings[i].lineHashValue = hash(outcome.findings[i].start.line)
        }
        for i in outcome.suppressed.indices {
            outcome.suppressed[i].lineHashValue = hash(outcome.suppressed[i].start.line)
        }
    }

    /// Files `finding` as suppressed or reported, by the suppressions of its file.
    /// The finding is consumed, so it moves into its list rather than being copied there.
    static func report(_ finding: consuming Finding, excluding directive: Int?, suppressions: inout SuppressionMap,
                       into outcome: inout FileOutcome) {
        if let by = suppressions.suppress(finding.ruleID, line: finding.start.line, excluding: directive) {
            finding.suppression = SuppressionInfo(justification: by.reason, line: by.line)
            // `consume`: passed as is, the finding was copied into the list (a retain of each
            // of its references) and the parameter then destroyed (a release of each).
            outcome.suppressed.append(consume finding)
        } else {
            outcome.findings.append(consume finding)
        }
    }

    /// One copy of each text a file's findings repeat (a rule's message about the same name, a
    /// line written the same way many times): diagnostics and findings are held until the
    /// report is written, and a file can have hundreds of thousands of them.
    struct SharedTexts {
        private var seen: Set<String> = []
        /// The texts last shared: compared with before `seen` is hashed for every finding.
        private var recent = RecentTexts()

        mutating func shared(_ text: String) -> String {
            // Up to 15 bytes a string is stored inline, with nothing to share.
            if text.utf8.count <= 15 { return text }
            if let known = recent.find(text) { return known }
            return remember(seen.insert(text).memberAfterInsert)
        }

        /// `bytes[range]` as a string, shared; made only when no recent text has those bytes.
        mutating func shared(_ range: Range<Int>, of bytes: [UInt8]) -> String {
            if range.count > 15, let known = recent.find(range, of: bytes) { return known }
            // No recent text has these bytes (a short one is never kept there): `shared(_:)`
            // would only compare them again.
            let text = String(decoding: bytes[range], as: UTF8.self)
            return range.count > 15 ? remember(seen.insert(text).memberAfterInsert) : text
        }

        private mutating func remember(_ text: String) -> String {
            recent.remember(text)
            return text
        }
    }

    static func makeFinding(_ diagnostic: Diagnostic, ruleID: String, severity: Severity,
                            locations: inout LocationFinder, texts: inout SharedTexts?, displayPath: String) -> Finding {
        var diagnostic = diagnostic
        return makeFinding(taking: &diagnostic, ruleID: ruleID, severity: severity, locations: &locations, texts: &texts,
                           displayPath: displayPath)
    }

    /// The finding of `diagnostic`, which gives up its message, symbol and fixes to it. Its line
    /// text is shared through `texts`, and left empty when `texts` is nil.
    static func makeFinding(taking diagnostic: inout Diagnostic, ruleID: String, severity: Severity,
                            locations: inout LocationFinder, texts: inout SharedTexts?, displayPath: String) -> Finding {
        let source = locations.file
        let start = locations.location(ofOffset: diagnostic.range.start)
        // A flagged range mostly ends on its line, a few columns on: counted on from its start.
        var end = locations.location(ofOffset: diagnostic.range.end, from: start)
        let lineRange = source.lineRange(start.line)
        if end.line != start.line {
            // Keep the region on the finding's first line: editors and code review underline
            // a name, not a whole declaration.
            end = locations.location(ofOffset: max(start.offset, lineRange.upperBound))
        }
        var lineText = ""
        var shownStart = 1
        if texts != nil {
            // The line is shown under the finding. A minified line can be megabytes long, and
            // copying it into each of its findings would cost findings x line length: keep a
            // window around the flagged text instead.
            var shown = lineRange
            if lineRange.count > maximumLineTextBytes {
                shown = scalarAligned(max(lineRange.lowerBound, start.offset - lineTextContextBytes)
                                        ..< min(lineRange.upperBound, end.offset + lineTextContextBytes), in: source.bytes)
            }
            shownStart = shown.lowerBound == lineRange.lowerBound ? 1 : locations.location(ofOffset: shown.lowerBound).column
            lineText = texts?.shared(shown, of: source.bytes) ?? ""
        }
        var message = ""
        var symbol = ""
        var fixList = FixList()
        swap(&message, &diagnostic.message)
        swap(&symbol, &diagnostic.symbol)
        swap(&fixList, &diagnostic.fixList)
        return Finding(ruleID: ruleID, severity: severity, message: message, path: displayPath,
                       start: start, end: end, symbol: symbol, fixList: fixList,
                       lineText: lineText, lineTextStartColumn: shownStart)
    }

    /// Lines longer than this are shown as a window around a finding, not whole.
    public static let maximumLineTextBytes = 1000
    static let lineTextContextBytes = 200

    /// `range` widened so that it neither starts nor ends inside a UTF-8 sequence.
    static func scalarAligned(_ range: Range<Int>, in bytes: [UInt8]) -> Range<Int> {
        var lower = range.lowerBound
        while lower > 0 && bytes[lower] & 0xC0 == 0x80 && range.lowerBound - lower < 4 { lower -= 1 }
        var upper = range.upperBound
        while upper < bytes.count && bytes[upper] & 0xC0 == 0x80 && upper - range.upperBound < 4 { upper += 1 }
        return lower..<upper
    }

    /// The known id closest to a misspelled one, if any is close enough to be a likely typo.
    public static func closestRuleID(to id: String, in known: Set<String>) -> String? {
        var best: (String, Int)? = nil
        for candidate in known.sorted() {
            let d = editDistance(id, candidate)
            if d <= max(2, candidate.count / 4), best == nil || d < best!.1 { best = (candidate, d) }
        }
        return best?.0
    }

    public static func editDistance(_ a: String, _ b: String) -> Int {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            for j in 1...y.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[y.count]
    }

    // MARK: Test orders

    /// The order files are made and checked in, which no output may depend on: index order
    /// (`natural`), or for tests of determinism the one the environment variable
    /// `VIEWLINT_DEBUG_FILE_ORDER` asks for, `reverse`, `shuffle` or `shuffle:SEED` (see
    /// docs/determinism.md). Another order changes the order names are first met (their ids, see
    /// `NameOrder`), which thread checks which file, and which file asks each shared fact first.
    public struct FileOrder: Sendable, Equatable {
        enum Kind: Sendable, Equatable { case natural, reverse, shuffle }
        let kind: Kind
        let seed: UInt64

        public static let natural = FileOrder(kind: .natural, seed: 0)
        public static let reverse = FileOrder(kind: .reverse, seed: 0)
        public static func shuffle(seed: UInt64) -> FileOrder { FileOrder(kind: .shuffle, seed: seed) }

        /// The process's order, read once.
        public static let process: FileOrder = {
            guard let value = getenv("VIEWLINT_DEBUG_FILE_ORDER") else { return .natural }
            return parse(String(cString: value)) ?? .natural
        }()

        /// `reverse`, `shuffle` or `shuffle:SEED`; nil for anything else.
        public static func parse(_ text: String) -> FileOrder? {
            switch NameOrder.parseTestOrder(text) {
            case .reverse?: return .reverse
            case .shuffle(let seed)?: return .shuffle(seed: seed)
            case nil: return nil
            }
        }

        /// The indexes `0..<count` in this order (position to index); nil for `natural`.
        public func permutation(_ count: Int) -> [Int]? {
            switch kind {
            case .natural:
                return nil
            case .reverse:
                return Array((0..<count).reversed())
            case .shuffle:
                var order = Array(0..<count)
                var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
                for k in order.indices.dropLast().reversed() {
                    // xorshift64: a fixed sequence per seed, the same on every platform.
                    state ^= state << 13
                    state ^= state >> 7
                    state ^= state << 17
                    order.swapAt(k + 1, Int(state % UInt64(k + 2)))
                }
                return order
            }
        }

        /// `values`, made in `order` (position `k` holds index `order[k]`'s), in index order.
        static func restore<T>(_ values: [T], from order: [Int]) -> [T] {
            var position = [Int](repeating: 0, count: order.count)
            for (k, index) in order.enumerated() { position[index] = k }
            return position.map { values[$0] }
        }
    }

    // MARK: Parallel map

    /// `(0..<count).map(body)` across all cores, in order (the model's; see `ProjectModel.parallelMap`).
    public static func parallelMap<T: Sendable>(_ count: Int, parallel: Bool, _ body: @Sendable (Int) -> T) -> [T] {
        ProjectModel.parallelMap(count, parallel: parallel, body)
    }

    // MARK: Clock

    public static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
    public static func seconds(_ a: UInt64, _ b: UInt64) -> Double { Double(b &- a) / 1e9 }
    public static func elapsed(since a: UInt64) -> Double { seconds(a, now()) }
}
