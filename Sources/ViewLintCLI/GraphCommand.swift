import ViewLintCore
import ViewLintEngine
import ViewLintFormatters
import ViewLintGraph
import ViewLintRules
import ViewLintPlatform

/// `viewlint graph [options] [PATH ...]`: the project's SwiftUI dependency graph.
enum GraphCommand {
    enum Format: String, CaseIterable { case html, dot, mermaid, json }

    static let specs: [String: Arguments.Spec] = [
        "--format": .value(metavar: "FORMAT"),
        "--output": .value(metavar: "FILE"),
        "--focus": .value(metavar: "TYPE"),
        "--depth": .value(metavar: "N"),
        "--blast-radius": .flag,
        "--top": .value(metavar: "N"),
        "--jobs": .value(metavar: "N"),
        "--help": .flag,
    ].merging(LintSetup.specs) { own, _ in own }

    static let aliases = ["-h": "--help", "-f": "--format", "-o": "--output", "-j": "--jobs"]

    static func run(_ args: [String]) -> Int32 {
        let parsed: Arguments
        switch Arguments.command(args, specs: specs, aliases: aliases, help: Help.graph) {
        case .exit(let code): return code
        case .run(let arguments): parsed = arguments
        }
        let formatName = parsed.value("--format") ?? Format.html.rawValue
        guard let format = Format(rawValue: formatName) else {
            let names = Format.allCases.map(\.rawValue)
            let hint = Linter.closestRuleID(to: formatName, in: Set(names)).map { "; did you mean '\($0)'?" } ?? ""
            ViewLintCommand.usageError("unknown graph format '\(formatName)'\(hint); formats are \(names.joined(separator: ", "))")
            return ViewLintCommand.ExitCode.failure
        }
        func number(_ option: String, default value: Int, minimum: Int) -> Int? {
            guard let text = parsed.value(option) else { return value }
            guard let n = Int(text), n >= minimum else {
                ViewLintCommand.usageError("\(option) takes a whole number of at least \(minimum), not '\(text)'")
                return nil
            }
            return n
        }
        guard let depth = number("--depth", default: 2, minimum: 0), let top = number("--top", default: 20, minimum: 1),
              let jobs = number("--jobs", default: 2, minimum: 1) else { return ViewLintCommand.ExitCode.failure }
        if parsed.value("--depth") != nil && parsed.value("--focus") == nil {
            ViewLintCommand.usageError("--depth needs --focus TYPE: the neighbourhood of which type?")
            return ViewLintCommand.ExitCode.failure
        }
        var options = LintCommand.Options(paths: parsed.positional, strict: false, quiet: true,
                                          output: OutputOptions.plainText, parallel: jobs > 1)
        do {
            options.setup = try LintSetup.Request(parsed)
        } catch {
            ViewLintCommand.usageError("\(error)")
            return ViewLintCommand.ExitCode.failure
        }
        guard let setup = LintSetup.prepare(options.setup), let collected = LintCommand.collectFiles(options, setup: setup) else {
            return ViewLintCommand.ExitCode.failure
        }
        let configuration = setup.configuration
        let result = Linter.lint(collected.inputs, rules: configuration.configuredRules(), knownRuleIDs: Set(RuleRegistry.ids),
                                 metaSeverities: configuration.metaSeverities(), parallel: options.parallel)
        for note in collected.notes + result.notes { FileSystem.writeStandardError(TextFormatter.sanitize(note.formatted) + "\n") }
        guard let project = result.project else { return ViewLintCommand.ExitCode.failure }
        var graph = DependencyGraph.build(project, findings: result.findings)
        let blast = graph.blastRadius(project)
        if parsed.has("--blast-radius") {
            FileSystem.writeStandardOutput(graph.blastRadiusTable(blast, top: top))
            return collected.inputErrors.isEmpty ? ViewLintCommand.ExitCode.success : ViewLintCommand.ExitCode.failure
        }
        var shownBlast = blast
        if let focus = parsed.value("--focus") {
            guard let center = graph.node(named: focus) else {
                let names = Set(graph.nodes.map(\.name))
                let hint = Linter.closestRuleID(to: focus, in: names).map { "; did you mean '\($0)'?" } ?? ""
                ViewLintCommand.usageError("no view or model named '\(focus)' in the graph\(hint)")
                return ViewLintCommand.ExitCode.failure
            }
            let ids = graph.nodes.map(\.id)
            graph = graph.neighborhood(of: center, depth: depth)
            let kept = Dictionary(uniqueKeysWithValues: graph.nodes.enumerated().map { ($1.id, $0) })
            shownBlast = blast.compactMap { entry in
                guard let source = kept[ids[entry.source]] else { return nil }
                return BlastRadiusEntry(source: source, property: entry.property, views: entry.views.compactMap { kept[ids[$0]] })
            }
        }
        let text: String
        switch format {
        case .html: text = HTMLRenderer.render(graph, blastRadius: shownBlast)
        case .dot: text = DOTRenderer.render(graph)
        case .mermaid: text = MermaidRenderer.render(graph)
        case .json: text = GraphJSONRenderer.render(graph, blastRadius: shownBlast)
        }
        let output = parsed.value("--output") ?? (format == .html ? "graph.html" : nil)
        if let output, output != "-" {
            if case .failure(let error) = FileSystem.writeAtomically(output, Array(text.utf8)) {
                ViewLintCommand.usageError("\(error)")
                return ViewLintCommand.ExitCode.failure
            }
            FileSystem.writeStandardError("viewlint: wrote \(graph.nodes.count) nodes and \(graph.edges.count) edges to \(output)\n")
        } else {
            FileSystem.writeStandardOutput(text)
        }
        return collected.inputErrors.isEmpty ? ViewLintCommand.ExitCode.success : ViewLintCommand.ExitCode.failure
    }
}
