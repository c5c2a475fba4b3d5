import Foundation
import ViewLintCore
import ViewLintEngine
import ViewLintRules
import ViewLintSyntax

/// One generated file of growing size, linted in process on one core: does the cost per byte
/// stay flat as a single file grows?
///
/// Time alone does not say. Counted with callgrind as a process, lint's instructions grow
/// 3.98x from the 1 MB file to the 4 MB one (start-up taken off), while its time grew 5 to 6x,
/// for two reasons that are the machine's, not the algorithm's. The 1 MB file's model and
/// tables fit in a 32 MB last-level cache and the 4 MB file's do not (simulated, last-level read
/// misses grow 16x: passes over the whole file's tokens and tree after it was built, such as
/// the prefix hashes of long texts and `availabilityChecks`, read from memory). And blocks of 1 MB and more are
/// mapped fresh from the kernel on every run (`Allocator`), so in process the bigger file pays
/// its page faults again on every run (13,100 a run) where the smaller one's blocks come from
/// the heap the run before freed (1,800): system time grows about 9x. So the rows report user
/// and system CPU time and page faults apart, and a second pair, 16 MB against 4 MB (both past
/// the cache and the mapping threshold), shows whether the step repeats, as it would for an
/// algorithm growing faster than linearly: it does not (user CPU 4.1x, page faults 4.0x).
enum Growth {
    struct Cost {
        var wall: Double
        var user: Double
        var system: Double
        /// Minor page faults: pages the kernel mapped in for the run.
        var faults: Double
        var cpu: Double { user + system }
    }

    /// About `bytes` bytes of the corpus generator's files, one after another in one file.
    static func generatedFile(bytes: Int) -> String {
        var generator = CorpusGenerator(seed: 42)
        var text = ""
        var i = 0
        while text.utf8.count < bytes {
            // One file declares each private type once; give every chunk its own names.
            text += generator.file(index: i).replacingOccurrences(of: "Row", with: "Row\(i)")
            i += 1
        }
        return text
    }

    /// The median of each measure over `runs` lints of `text` as one file, in process.
    static func lint(_ text: String, runs: Int) -> Cost {
        let inputs = [LintInput(source: SourceFile(path: "Big.swift", text: text))]
        let configuration = Configuration.default
        let costs = (0..<max(1, runs)).map { _ -> Cost in
            let before = Measure.selfUsage()
            let t0 = Measure.now()
            _ = Linter.lint(inputs, rules: configuration.configuredRules(), knownRuleIDs: Set(RuleRegistry.ids),
                            metaSeverities: configuration.metaSeverities(), parallel: false)
            let wall = Measure.now() - t0
            let after = Measure.selfUsage()
            return Cost(wall: wall, user: seconds(after.ru_utime) - seconds(before.ru_utime),
                        system: seconds(after.ru_stime) - seconds(before.ru_stime),
                        faults: Double(after.ru_minflt - before.ru_minflt))
        }
        return Cost(wall: Measure.median(costs.map(\.wall)), user: Measure.median(costs.map(\.user)),
                    system: Measure.median(costs.map(\.system)), faults: Measure.median(costs.map(\.faults)))
    }

    /// "5.93x time: user CPU 4.81x, system 9.50x, page faults 12.1x" for `large` against `small`.
    static func ratios(_ large: Cost, _ small: Cost) -> String {
        func ratio(_ a: Double, _ b: Double) -> String { b > 0 ? "\(formatNumber(a / b, decimals: 2))x" : "n/a" }
        return "\(ratio(large.wall, small.wall)) time: user CPU \(ratio(large.user, small.user)), "
            + "system \(ratio(large.system, small.system)), page faults \(ratio(large.faults, small.faults)) "
            + "(\(formatNumber(small.wall, decimals: 3)) s, \(formatNumber(large.wall, decimals: 3)) s)"
    }

    private static func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
}
