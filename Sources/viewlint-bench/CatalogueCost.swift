import Foundation
import ViewLintEngine

/// Issue 17's speed criterion: the whole catalogue costs at most 25% more time than the six core
/// rules. Two readings are measured: the catalogue that issue builds (its nineteen rules, with
/// the core ones) and every rule on by default (the parity and correctness rules too). Both run in this process on one core, in turn (core, all,
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

    /// The data-flow and lifetime catalogue of issue 17, in the order of its table.
    static let catalogueRuleIDs: Set<String> = [
        "state_not_private", "state_from_parameter", "observed_object_default", "unowned_model", "state_holds_reference",
        "binding_to_observable", "state_never_mutated", "unused_state", "bindable_without_binding", "any_view",
        "print_changes", "foreach_inline_transform", "foreach_conditional_row", "task_in_on_appear",
        "state_mutation_in_body", "inline_environment_model", "random_view_id", "formatter_in_body", "heavy_state_default",
    ]

    /// `core` (the six core rules), `catalogue` (those and issue 17's), `all` (every rule on by
    /// default), or `all-but:ID,ID` (every rule on by default except those).
    static func rules(_ which: String) -> [ConfiguredRule] {
        let all = Configuration.default.configuredRules()
        if which == "core" { return all.filter { coreRuleIDs.contains($0.id) } }
        if which == "catalogue" {
            return all.filter { coreRuleIDs.contains($0.id) || catalogueRuleIDs.contains($0.id) }
        }
        if which.hasPrefix("all-but:") {
            let excluded = Set(which.dropFirst("all-but:".count).split(separator: ",").map(String.init))
            return all.filter { !excluded.contains($0.id) }
        }
        return all
    }

    /// Median CPU seconds of linting `corpora` (each one run, as its own project) with each rule
    /// set, and of the rules stage alone, the sets interleaved.
    struct Costs {
        var core = 0.0, catalogue = 0.0, all = 0.0
        var coreRules = 0.0, catalogueRules = 0.0, allRules = 0.0

        static func + (a: Costs, b: Costs) -> Costs {
            Costs(core: a.core + b.core, catalogue: a.catalogue + b.catalogue, all: a.all + b.all,
                  coreRules: a.coreRules + b.coreRules, catalogueRules: a.catalogueRules + b.catalogueRules,
                  allRules: a.allRules + b.allRules)
        }
    }

    static func measure(_ corpora: [Corpus], runs: Int) -> Costs {
        func once(_ which: String) -> (Double, Double) {
            let start = Measure.selfCPUSeconds()
            var rules = 0.0
            for corpus in corpora { rules += lintInProcess(corpus, parallel: false, rules: which).timings.rules }
            return (Measure.selfCPUSeconds() - start, rules)
        }
        _ = once("core") // warm the page cache and the allocator
        var core: [(Double, Double)] = []
        var catalogue: [(Double, Double)] = []
        var all: [(Double, Double)] = []
        for _ in 0..<runs {
            core.append(once("core"))
            catalogue.append(once("catalogue"))
            all.append(once("all"))
        }
        return Costs(core: Measure.median(core.map(\.0)), catalogue: Measure.median(catalogue.map(\.0)),
                     all: Measure.median(all.map(\.0)), coreRules: Measure.median(core.map(\.1)),
                     catalogueRules: Measure.median(catalogue.map(\.1)), allRules: Measure.median(all.map(\.1)))
    }

    static func run(corpus: Corpus, appsRoot: String?, runs: Int) {
        // A misspelt or retired id would silently shrink the set measured.
        let missing = catalogueRuleIDs.union(coreRuleIDs).subtracting(rules("all").map(\.id))
        guard missing.isEmpty else { fail("not rules on by default: \(missing.sorted().joined(separator: ", "))") }
        print("Issue 17's catalogue (\(rules("catalogue").count - coreRuleIDs.count) rules) and every rule on by default "
              + "(\(rules("all").count)) against the six core rules: CPU time in process, one core, \(runs) interleaved runs, medians")
        print("| corpus | lines | core rules, CPU s (rules stage, wall s summed over files) | core + catalogue, CPU s (rules stage) "
              + "| catalogue / core | all rules, CPU s (rules stage) | all / core | target |")
        print("|---|---|---|---|---|---|---|---|")
        func report(_ name: String, lines: Int, _ m: Costs) {
            func cell(_ v: Double, _ rulesStage: Double) -> String {
                "\(formatNumber(v, decimals: 3)) (\(formatNumber(rulesStage, decimals: 3)))"
            }
            func ratio(_ v: Double) -> String {
                let r = v / m.core
                return "\(formatNumber(r, decimals: 2))x \(r <= target ? "(met)" : "(NOT met)")"
            }
            print("| \(name) | \(formatNumber(Double(lines))) | \(cell(m.core, m.coreRules)) | \(cell(m.catalogue, m.catalogueRules)) "
                  + "| \(ratio(m.catalogue)) | \(cell(m.all, m.allRules)) | \(ratio(m.all)) | <= \(formatNumber(target, decimals: 2))x |")
            fflush(nil) // each row as it is measured
        }
        report("generated corpus (\(corpus.files.count) files)", lines: corpus.lines, measure([corpus], runs: runs))
        guard let appsRoot else { return }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: appsRoot)) ?? []).sorted()
        let apps = names.map { scan("\(appsRoot)/\($0)") }.filter { !$0.files.isEmpty }
        // Each app is its own run (its own project); the total adds up their medians.
        var total = Costs()
        for app in apps {
            let m = measure([app], runs: runs)
            report(URL(fileURLWithPath: app.root).lastPathComponent, lines: app.lines, m)
            total = total + m
        }
        if apps.count > 1 {
            report("\(apps.count) real apps together", lines: apps.reduce(0) { $0 + $1.lines }, total)
        }
    }
}
