import Foundation
import ViewLintEngine

/// Issue 17's speed criterion: the whole catalogue (every rule on by default) costs at most 25%
/// more time than the six core rules. Both run in this process on one core, in turn (core, all,
/// core, all, ...) so that a machine whose speed drifts disturbs both alike; the figure is CPU
/// time (this process's user and system time), which other load on a shared machine disturbs
/// least. The whole pipeline counts (read, tokenize, parse, model, project model, rules, text
/// output), as a user pays it.
enum CatalogueCost {
    static let target = 1.25

    /// The six core rules.
    static let coreRuleIDs: Set<String> = [
        "unused_stored_input", "unused_environment", "closure_input", "observable_object", "unstable_foreach_id",
        "if_else_identity_split",
    ]

    /// The rules on by default (`all`), or only the core ones (`core`).
    /// `core`, `all`, or `all-but:ID,ID` (every rule on by default except those).
    static func rules(_ which: String) -> [ConfiguredRule] {
        let all = Configuration.default.configuredRules()
        if which == "core" { return all.filter { coreRuleIDs.contains($0.id) } }
        if which.hasPrefix("all-but:") {
            let excluded = Set(which.dropFirst("all-but:".count).split(separator: ",").map(String.init))
            return all.filter { !excluded.contains($0.id) }
        }
        return all
    }

    /// Median CPU seconds of linting `corpora` (each one run, as its own project) with `rules`,
    /// and of the rules stage alone, interleaved with the other set.
    static func measure(_ corpora: [Corpus], runs: Int) -> (core: Double, all: Double, coreRules: Double, allRules: Double) {
        func once(_ which: String) -> (Double, Double) {
            let start = Measure.selfCPUSeconds()
            var rules = 0.0
            for corpus in corpora { rules += lintInProcess(corpus, parallel: false, rules: which).timings.rules }
            return (Measure.selfCPUSeconds() - start, rules)
        }
        _ = once("core") // warm the page cache and the allocator
        var core: [(Double, Double)] = []
        var all: [(Double, Double)] = []
        for _ in 0..<runs {
            core.append(once("core"))
            all.append(once("all"))
        }
        return (Measure.median(core.map(\.0)), Measure.median(all.map(\.0)),
                Measure.median(core.map(\.1)), Measure.median(all.map(\.1)))
    }

    static func run(corpus: Corpus, appsRoot: String?, runs: Int) {
        let ruleCount = rules("all").count
        print("The whole catalogue (\(ruleCount) rules on by default) against the six core rules: CPU time in process, "
              + "one core, \(runs) interleaved runs, medians")
        print("| corpus | lines | core rules, CPU s (rules stage, wall s summed over files) | all rules, CPU s (rules stage, wall) | all / core (CPU) | target | |")
        print("|---|---|---|---|---|---|---|")
        func report(_ name: String, lines: Int, _ m: (core: Double, all: Double, coreRules: Double, allRules: Double)) {
            let ratio = m.all / m.core
            print("| \(name) | \(formatNumber(Double(lines))) | \(formatNumber(m.core, decimals: 3)) "
                  + "(\(formatNumber(m.coreRules, decimals: 3))) | \(formatNumber(m.all, decimals: 3)) "
                  + "(\(formatNumber(m.allRules, decimals: 3))) | \(formatNumber(ratio, decimals: 2))x | "
                  + "<= \(formatNumber(target, decimals: 2))x | \(ratio <= target ? "met" : "NOT met") |")
            fflush(nil) // each row as it is measured
        }
        report("generated corpus (\(corpus.files.count) files)", lines: corpus.lines, measure([corpus], runs: runs))
        guard let appsRoot else { return }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: appsRoot)) ?? []).sorted()
        let apps = names.map { scan("\(appsRoot)/\($0)") }.filter { !$0.files.isEmpty }
        // Each app is its own run (its own project); the total adds up their medians.
        var total = (core: 0.0, all: 0.0, coreRules: 0.0, allRules: 0.0)
        for app in apps {
            let m = measure([app], runs: runs)
            report(URL(fileURLWithPath: app.root).lastPathComponent, lines: app.lines, m)
            total = (total.core + m.core, total.all + m.all, total.coreRules + m.coreRules, total.allRules + m.allRules)
        }
        if apps.count > 1 {
            report("\(apps.count) real apps together", lines: apps.reduce(0) { $0 + $1.lines }, total)
        }
    }
}
