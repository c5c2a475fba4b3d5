import Foundation
import Testing
import ViewLintCore
import ViewLintEngine
@testable import ViewLintGraph
import ViewLintSyntax

/// `viewlint graph`: the graph of Fixtures/graph is checked both ways against the fixture's
/// `graph-edge:` and `graph-blast:` comments, and each renderer is checked on it.
@Suite("Dependency graph")
struct GraphTests {
    static let folder = LintHarness.fixturesDirectory.appendingPathComponent("graph/App")

    static func files() throws -> [(path: String, text: String)] {
        try LintHarness.swiftFiles(under: folder).map { (LintHarness.relativePath($0), try String(contentsOf: $0, encoding: .utf8)) }
    }

    static func build(_ files: [(path: String, text: String)]) throws -> (DependencyGraph, [BlastRadiusEntry]) {
        let result = LintHarness.lint(files)
        let project = try #require(result.project)
        let graph = DependencyGraph.build(project, findings: result.findings)
        return (graph, graph.blastRadius(project))
    }

    /// The text after `marker` in every comment line of the files.
    static func expectations(_ marker: String, in files: [(path: String, text: String)]) -> [String] {
        files.flatMap { file in
            file.text.split(separator: "\n").compactMap { line -> String? in
                guard let range = line.range(of: "// " + marker) else { return nil }
                return line[range.upperBound...].trimmingCharacters(in: .whitespaces)
            }
        }
    }

    static func edgeText(_ graph: DependencyGraph, _ edge: DependencyGraph.Edge) -> String {
        "\(graph.nodes[edge.from].name) \(edge.kind.rawValue) \(graph.nodes[edge.to].name)"
    }

    @Test func edgesMatchTheFixtureBothWays() throws {
        let files = try Self.files()
        let (graph, _) = try Self.build(files)
        let actual = Set(graph.edges.map { Self.edgeText(graph, $0) })
        let expected = Set(Self.expectations("graph-edge:", in: files))
        #expect(!expected.isEmpty)
        #expect(actual.subtracting(expected).sorted() == [], "edges nobody expected")
        #expect(expected.subtracting(actual).sorted() == [], "expected edges missing")
    }

    @Test func blastRadiusMatchesTheFixtureBothWays() throws {
        let files = try Self.files()
        let (graph, blast) = try Self.build(files)
        let actual = Set(blast.filter { !$0.views.isEmpty }.map { entry in
            graph.nodes[entry.source].name + (entry.property.map { "." + $0 } ?? "") + " \(entry.views.count)"
        })
        let expected = Set(Self.expectations("graph-blast:", in: files))
        #expect(!expected.isEmpty)
        #expect(actual.subtracting(expected).sorted() == [], "blast radius entries nobody expected")
        #expect(expected.subtracting(actual).sorted() == [], "expected blast radius entries missing")
        // Largest first.
        #expect(blast.map(\.views.count) == blast.map(\.views.count).sorted(by: >))
        // Ignored and constant properties of an @Observable model are never a cause.
        #expect(!blast.contains { $0.property == "cache" })
    }

    @Test func nodesAreViewsModelsAndValuesOnly() throws {
        let (graph, _) = try Self.build(try Self.files())
        let kinds = Dictionary(uniqueKeysWithValues: graph.nodes.map { ($0.name, $0.kind) })
        #expect(kinds["Store"] == .observableObject)
        #expect(kinds["Settings"] == .observable)
        #expect(kinds["\\.colorScheme"] == .environmentKey)
        #expect(kinds["RootView"] == .view && kinds["Card"] == .view)
        #expect(kinds["Formatter"] == nil)
        let row = try #require(graph.nodes.first { $0.name == "Row" })
        #expect(row.closureInputs == ["onSelect"])
        #expect(row.findings.map(\.ruleID) == ["closure_input"])
        #expect(graph.edges.contains { $0.kind == .builds && graph.nodes[$0.to].name == "Row" && $0.passesClosures })
    }

    @Test func focusKeepsTheNeighbourhood() throws {
        let (graph, _) = try Self.build(try Self.files())
        let row = try #require(graph.node(named: "Row"))
        #expect(Set(graph.neighborhood(of: row, depth: 1).nodes.map(\.name)) == ["Row", "ItemList"])
        #expect(Set(graph.neighborhood(of: row, depth: 2).nodes.map(\.name)) == ["Row", "ItemList", "RootView", "Store"])
        #expect(graph.neighborhood(of: row, depth: 0).edges.isEmpty)
    }

    @Test func renderersShowEveryNodeAndEdge() throws {
        let (graph, blast) = try Self.build(try Self.files())
        let dot = DOTRenderer.render(graph)
        #expect(dot.hasPrefix("digraph viewlint {") && dot.hasSuffix("}\n"))
        #expect(dot.components(separatedBy: " -> ").count - 1 == graph.edges.count)
        let mermaid = MermaidRenderer.render(graph)
        #expect(mermaid.hasPrefix("flowchart TD\n"))
        #expect(mermaid.split(separator: "\n").filter { $0.contains("|\"") }.count == graph.edges.count)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(GraphJSONRenderer.render(graph, blastRadius: blast).utf8)) as? [String: Any])
        #expect(json["version"] as? Int == GraphJSONRenderer.version)
        #expect((json["nodes"] as? [Any])?.count == graph.nodes.count)
        #expect((json["edges"] as? [Any])?.count == graph.edges.count)
        let html = HTMLRenderer.render(graph, blastRadius: blast)
        #expect(html.components(separatedBy: "<g class=\"node ").count - 1 == graph.nodes.count)
        #expect(html.components(separatedBy: "<path class=\"edge ").count - 1 == graph.edges.count)
        #expect(html.contains("Content-Security-Policy") && !html.contains("src=\"http"))
    }

    @Test func namesCannotBreakOutOfTheirContext() throws {
        let source = """
            struct Evil</script><b>: View { var body: some View { Text("") } }
            struct Fine: View { var body: some View { Text("") } }
            """
        let (graph, blast) = try Self.build([("Evil.swift", source)])
        let html = HTMLRenderer.render(graph, blastRadius: blast)
        #expect(html.components(separatedBy: "</script>").count - 1 == 2) // the two script blocks' own
        #expect(MermaidRenderer.text("a\"b<c>") == "a#quot;b#lt;c#gt;")
        #expect(DOTRenderer.quoted("a\"b\\c\nd") == "\"a\\\"b\\\\c\\nd\"")
    }

    @Test func layoutTerminatesOnCyclesAndPlacesModelsBelowViews() throws {
        let source = """
            import SwiftUI
            final class Model: ObservableObject { @Published var x = 0 }
            struct A: View { @ObservedObject var model: Model; var body: some View { B(model: model) } }
            struct B: View { @ObservedObject var model: Model; var body: some View { A(model: model) } }
            struct C: View { var body: some View { A(model: Model()) } }
            """
        let (graph, _) = try Self.build([("Cycle.swift", source)])
        let layout = LayeredLayout(graph)
        let y = Dictionary(uniqueKeysWithValues: graph.nodes.enumerated().map { ($1.name, layout.boxes[$0].y) })
        #expect(y["C"]! < y["A"]! && y["A"]! < y["B"]!)
        #expect(y["Model"]! > y["B"]!)
        // No two boxes overlap.
        for (i, a) in layout.boxes.enumerated() {
            for b in layout.boxes[(i + 1)...] where a.y == b.y { #expect(a.x + a.width <= b.x || b.x + b.width <= a.x) }
        }
    }
}
