import ViewLintCore
import ViewLintEngine
import ViewLintFormatters
import ViewLintRules
import ViewLintPlatform

/// `viewlint lint --fix`, `--fix --diff`, `--unsafe-fixes`: the I/O around `FixEngine`. The
/// engine works on the bytes read at the start of the run; here each changed file is read
/// again just before it is replaced, and left alone if it is no longer what was linted (an
/// editor or another tool wrote it meanwhile). Files are replaced atomically (a temporary file
/// in the same folder, renamed over the original), so a reader never sees half a file.
enum FixRun {
    struct Mode {
        /// `--diff`: print what would change, write nothing.
        var diffOnly: Bool
        var includeUnsafe: Bool
    }

    struct Outcome {
        /// The findings left, for the report.
        var result: LintResult
        /// With `--diff`: some file would change.
        var wouldChange: Bool
        /// Some file could not be written.
        var failed: Bool
    }

    static func run(_ inputs: [LintInput], configuration: Configuration, mode: Mode, parallel: Bool,
                    lineHashes: Bool = false) -> Outcome {
        let fixed = FixEngine.fix(inputs, rules: configuration.configuredRules(), knownRuleIDs: Set(RuleRegistry.ids),
                                  metaSeverities: configuration.metaSeverities(),
                                  options: FixOptions(includeUnsafe: mode.includeUnsafe), parallel: parallel,
                                  lineHashes: lineHashes)
        var notWritten: [String: String] = [:]
        var failed = false
        let files = fixed.files.sorted { $0.displayPath.utf8.lexicographicallyPrecedes($1.displayPath.utf8) }
        if mode.diffOnly {
            var diff = ""
            for file in files {
                // `a/` and `b/` as git writes them, so `git apply` and `patch -p1` take the diff.
                let relative = !file.displayPath.hasPrefix("/")
                diff += UnifiedDiff.diff(file.original, file.fixed, oldPath: relative ? "a/" + file.displayPath : file.displayPath,
                                         newPath: relative ? "b/" + file.displayPath : file.displayPath)
            }
            FileSystem.writeStandardOutput(diff)
        } else {
            for file in files {
                switch FileSystem.readFile(file.path) {
                case .success(let now) where now == file.original:
                    if case .failure(let error) = FileSystem.writeAtomically(file.path, file.fixed) {
                        notWritten[file.displayPath] = "cannot write it: \(error.reason)"
                        failed = true
                    }
                case .success:
                    notWritten[file.displayPath] = "it changed on disk during the run"
                case .failure(let error):
                    notWritten[file.displayPath] = "it cannot be read again: \(error.reason)"
                }
            }
        }

        let verb = mode.diffOnly ? "would fix" : "fixed"
        for applied in fixed.applied.sorted(by: { Finding.ordered($0.finding, $1.finding) }) {
            let f = applied.finding
            let state = notWritten[f.path].map { "not written (\($0))" } ?? verb
            let unsafe = applied.fix.safety == .unsafe ? " (unsafe)" : ""
            FileSystem.writeStandardError(TextFormatter.sanitize(
                "\(f.path):\(f.start.line):\(f.start.column): \(state)\(unsafe): \(applied.fix.summary) [\(f.ruleID)]") + "\n")
        }
        for rejected in fixed.rejected {
            let f = rejected.finding
            FileSystem.writeStandardError(TextFormatter.sanitize(
                "\(f.path):\(f.start.line):\(f.start.column): not fixed: \(rejected.fix.summary) [\(f.ruleID)]: \(rejected.reason)") + "\n")
        }
        // What the rules could not fix, and why: the user's to-do list.
        for f in fixed.result.findings where notWritten[f.path] == nil {
            for fix in f.fixes {
                guard let refusal = fix.refusal else { continue }
                FileSystem.writeStandardError(TextFormatter.sanitize(
                    "\(f.path):\(f.start.line):\(f.start.column): no fix offered: \(refusal) [\(f.ruleID)]") + "\n")
            }
        }
        if !fixed.isStable {
            FileSystem.writeStandardError("viewlint: fixes were still being offered after \(fixed.rounds) rounds; "
                                          + "run again, and report the rules involved if it never settles\n")
        }
        let written = files.filter { notWritten[$0.displayPath] == nil }
        let count = fixed.applied.filter { notWritten[$0.finding.path] == nil }.count
        var summary = "\(verb) \(count) finding\(count == 1 ? "" : "s") in \(written.count) file\(written.count == 1 ? "" : "s")"
        if fixed.unsafeFixesLeft > 0 {
            summary += "; \(fixed.unsafeFixesLeft) more with --unsafe-fixes"
        }
        FileSystem.writeStandardError(summary + "\n")

        // The report describes the files as they now are: fixed, or as read where they were
        // not written (with --diff, as they would be).
        var result = fixed.result
        if !notWritten.isEmpty {
            result.findings = result.findings.filter { notWritten[$0.path] == nil }
                + fixed.initialResult.findings.filter { notWritten[$0.path] != nil }
            result.findings.sort(by: Finding.ordered)
            result.suppressedFindings = result.suppressedFindings.filter { notWritten[$0.path] == nil }
                + fixed.initialResult.suppressedFindings.filter { notWritten[$0.path] != nil }
            result.suppressedFindings.sort(by: Finding.ordered)
        }
        return Outcome(result: result, wouldChange: !files.isEmpty, failed: failed)
    }
}
