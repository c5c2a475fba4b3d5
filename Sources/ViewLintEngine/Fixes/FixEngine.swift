import ViewLintCore
import ViewLintModel
import ViewLintSyntax

/// `viewlint lint --fix` without the file system: lints sources in memory, applies the fixes
/// the findings carry, re-lints, and repeats until nothing is left to apply. The caller reads
/// the files before and writes the result after (atomically, and only if the files did not
/// change meanwhile); nothing here touches the disk.
///
/// Guarantees, each checked by a test:
/// - fixes never overlap: a fix whose edits touch bytes an earlier fix of the same round edits
///   waits for the next round, where it is recomputed on the changed file;
/// - every changed file is tokenized and parsed again, and a fix after which a file no longer
///   round-trips or has more syntax problems (`SyntaxHealth`) is rolled back and reported;
/// - the loop is bounded (`FixOptions.maximumRounds`), so fixes that undo each other end;
/// - only reported files change: a fix that would edit a file read only for context is skipped.
public enum FixEngine {
    /// `lineHashes` as in `Linter.lint`: every round's result may be the last, the one reported.
    public static func fix(_ inputs: [LintInput], rules: [ConfiguredRule], knownRuleIDs: Set<String>,
                           metaSeverities: [String: Severity] = [:], options: FixOptions = FixOptions(),
                           parallel: Bool = true, lineHashes: Bool = false) -> FixOutcome {
        var sources = inputs
        let original = inputs.map(\.source.bytes)
        var outcome = FixOutcome()
        var refused: Set<String> = []
        // Source path to input index: edits name files by `SourceFile.path`, findings by display path.
        var bySourcePath: [String: Int] = [:]
        var byDisplayPath: [String: Int] = [:]
        for (i, input) in inputs.enumerated() {
            bySourcePath[input.source.path] = bySourcePath[input.source.path] ?? i
            byDisplayPath[input.displayPath] = byDisplayPath[input.displayPath] ?? i
        }

        var result = Linter.lint(sources, rules: rules, knownRuleIDs: knownRuleIDs, metaSeverities: metaSeverities,
                                 parallel: parallel, lineHashes: lineHashes)
        outcome.initialResult = result
        var round = 0
        while true {
            var candidates: [Candidate] = []
            for finding in result.findings {
                guard let home = byDisplayPath[finding.path], options.select(finding) else { continue }
                for fix in finding.fixes where fix.isMechanical {
                    if fix.safety == .unsafe && !options.includeUnsafe { continue }
                    let key = "\(finding.ruleID)\u{0}\(finding.path)\u{0}\(finding.symbol)\u{0}\(fix.summary)"
                    if refused.contains(key) { continue }
                    var edits: [(file: Int, edit: TextEdit)] = []
                    var outside: String? = nil
                    for edit in fix.edits {
                        let file = edit.path.map { bySourcePath[$0] } ?? home
                        guard let file, sources[file].isReported else {
                            outside = edit.path ?? finding.path
                            break
                        }
                        edits.append((file, edit))
                    }
                    if let outside {
                        refused.insert(key)
                        outcome.rejected.append(RejectedFix(finding: finding, fix: fix,
                                                            reason: "it would edit '\(outside)', which this run does not fix"))
                        continue
                    }
                    candidates.append(Candidate(finding: finding, fix: fix, key: key, edits: edits))
                    // One fix per finding: the first is the rule's preferred one.
                    break
                }
            }
            if candidates.isEmpty {
                outcome.isStable = true
                break
            }
            if round == options.maximumRounds {
                outcome.isStable = false
                break
            }
            round += 1
            let accepted = applyRound(candidates, sources: &sources, refused: &refused, outcome: &outcome, round: round)
            if accepted == 0 {
                outcome.isStable = true
                break
            }
            result = Linter.lint(sources, rules: rules, knownRuleIDs: knownRuleIDs, metaSeverities: metaSeverities,
                                 parallel: parallel, lineHashes: lineHashes)
        }
        outcome.rounds = round
        outcome.result = result
        for (i, input) in sources.enumerated() where input.source.bytes != original[i] {
            outcome.files.append(FixedFile(path: input.source.path, displayPath: input.displayPath,
                                           original: original[i], fixed: input.source.bytes))
        }
        outcome.unsafeFixesLeft = options.includeUnsafe ? 0
            : result.findings.filter { $0.fixes.contains { $0.isMechanical && $0.safety == .unsafe } }.count
        return outcome
    }

    struct Candidate {
        var finding: Finding
        var fix: Fix
        var key: String
        var edits: [(file: Int, edit: TextEdit)]
    }

    /// Picks the candidates whose edits overlap no earlier one, applies them, and keeps each
    /// changed file only if its syntax is no worse; returns how many fixes were kept.
    static func applyRound(_ candidates: [Candidate], sources: inout [LintInput], refused: inout Set<String>,
                           outcome: inout FixOutcome, round: Int) -> Int {
        var chosen: [Candidate] = []
        var taken: [Int: [TextEdit]] = [:]
        for candidate in candidates {
            var own: [Int: [TextEdit]] = [:]
            var clashes = false
            for (file, edit) in candidate.edits {
                if (taken[file] ?? []).contains(where: { $0.overlaps(edit) }) || (own[file] ?? []).contains(where: { $0.overlaps(edit) }) {
                    clashes = true
                    break
                }
                own[file, default: []].append(edit)
            }
            // Edits that overlap each other can never apply; edits that overlap another fix's
            // wait for the next round.
            if clashes {
                if candidate.edits.count > 1 && selfOverlapping(candidate.edits) {
                    refused.insert(candidate.key)
                    outcome.rejected.append(RejectedFix(finding: candidate.finding, fix: candidate.fix,
                                                        reason: "its edits overlap each other"))
                }
                continue
            }
            for (file, edits) in own { taken[file, default: []].append(contentsOf: edits) }
            chosen.append(candidate)
        }

        var health: [Int: SyntaxHealth] = [:]
        func before(_ file: Int) -> SyntaxHealth {
            if let known = health[file] { return known }
            let measured = SyntaxHealth.measure(sources[file].source)
            health[file] = measured
            return measured
        }
        /// The files after `fixes`, or the reason one of them is worse.
        func attempt(_ fixes: [Candidate]) -> Result<[Int: [UInt8]], Failure> {
            var byFile: [Int: [TextEdit]] = [:]
            for c in fixes { for (file, edit) in c.edits { byFile[file, default: []].append(edit) } }
            var changed: [Int: [UInt8]] = [:]
            for (file, edits) in byFile.sorted(by: { $0.key < $1.key }) {
                let input = sources[file]
                guard let bytes = TextEdit.apply(edits, to: input.source.bytes) else {
                    return .failure(Failure(reason: "an edit lies outside '\(input.displayPath)' or splits a character"))
                }
                let after = SyntaxHealth.measure(SourceFile(path: input.source.path, bytes: bytes))
                if let regression = after.regression(from: before(file)) {
                    return .failure(Failure(reason: "\(regression) ('\(input.displayPath)')"))
                }
                changed[file] = bytes
            }
            return .success(changed)
        }

        var kept: [Candidate] = []
        var changed: [Int: [UInt8]] = [:]
        switch attempt(chosen) {
        case .success(let files):
            kept = chosen
            changed = files
        case .failure:
            // Some fix breaks its file: find which, one at a time, keeping the others.
            for candidate in chosen {
                switch attempt(kept + [candidate]) {
                case .success(let files):
                    kept.append(candidate)
                    changed = files
                case .failure(let failure):
                    refused.insert(candidate.key)
                    outcome.rejected.append(RejectedFix(finding: candidate.finding, fix: candidate.fix,
                                                        reason: "rolled back: \(failure.reason)"))
                }
            }
        }
        for (file, bytes) in changed {
            sources[file].source = SourceFile(path: sources[file].source.path, bytes: bytes)
        }
        for candidate in kept {
            outcome.applied.append(AppliedFix(finding: candidate.finding, fix: candidate.fix, round: round))
        }
        return kept.count
    }

    struct Failure: Error { var reason: String }

    static func selfOverlapping(_ edits: [(file: Int, edit: TextEdit)]) -> Bool {
        for i in edits.indices {
            for j in edits.indices where j > i && edits[i].file == edits[j].file && edits[i].edit.overlaps(edits[j].edit) {
                return true
            }
        }
        return false
    }
}

public struct FixOptions: Sendable {
    /// Apply fixes marked `unsafe` too (`--unsafe-fixes`).
    public var includeUnsafe: Bool
    /// Rounds of apply-and-re-lint before giving up on reaching a state with nothing to fix.
    public var maximumRounds: Int
    /// Which findings to fix (all, unless the caller narrows it).
    public var select: @Sendable (Finding) -> Bool

    public init(includeUnsafe: Bool = false, maximumRounds: Int = 10, select: @escaping @Sendable (Finding) -> Bool = { _ in true }) {
        self.includeUnsafe = includeUnsafe
        self.maximumRounds = maximumRounds
        self.select = select
    }
}

public struct AppliedFix: Sendable {
    /// The finding as reported in the round that fixed it (its line is in that round's file).
    public var finding: Finding
    public var fix: Fix
    public var round: Int
}

public struct RejectedFix: Sendable {
    public var finding: Finding
    public var fix: Fix
    public var reason: String
}

public struct FixedFile: Sendable {
    public var path: String
    public var displayPath: String
    public var original: [UInt8]
    public var fixed: [UInt8]
}

public struct FixOutcome: Sendable {
    /// The files that changed, with their content before and after.
    public var files: [FixedFile] = []
    public var applied: [AppliedFix] = []
    public var rejected: [RejectedFix] = []
    /// The lint of the sources as given, and of the fixed sources.
    public var initialResult = LintResult.empty
    public var result = LintResult.empty
    /// Findings left whose fix needs `--unsafe-fixes`.
    public var unsafeFixesLeft = 0
    public var rounds = 0
    /// False when fixes were still being offered after the last round.
    public var isStable = true
}

extension LintResult {
    static let empty = LintResult(findings: [], suppressedFindings: [], reportedFileCount: 0, contextFileCount: 0,
                                  notes: [], timings: StageTimings(), lineCount: 0, project: nil)
}
