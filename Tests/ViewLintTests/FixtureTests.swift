import Foundation
import Testing
import ViewLintCore
import ViewLintEngine
import ViewLintRules
import ViewLintSyntax

@Suite("Fixtures")
struct FixtureTests {
    @Test("findings match the fixture's expectations, both ways", arguments: FixtureProject.all())
    func fixture(_ project: FixtureProject) throws {
        var inputs: [LintInput] = []
        var expectations: [Expectation] = []
        var target: DeploymentTarget? = nil
        var symbols: [String: String]? = nil
        for url in project.files {
            let bytes = try [UInt8](Data(contentsOf: url))
            let source = SourceFile(path: LintHarness.relativePath(url), bytes: bytes)
            let tokens = Lexer.tokenize(source)
            expectations += Expectation.parse(tokens)
            target = target ?? Expectation.deploymentTarget(tokens)
            symbols = symbols ?? Expectation.symbols(tokens)
            inputs.append(LintInput(source: source))
        }
        for index in inputs.indices {
            inputs[index].deploymentTarget = target
            inputs[index].symbols = symbols.map(LintHarness.symbolCatalogue)
        }
        let result = LintHarness.lint(inputs: inputs)
        let problems = mismatches(findings: result.findings, expectations: expectations)
        #expect(problems.isEmpty, Comment(rawValue: "\(project.name):\n" + problems.joined(separator: "\n")))
    }

    @Test("every fixture round-trips through the tokenizer", arguments: FixtureProject.all().flatMap(\.files))
    func roundTrip(_ url: URL) throws {
        let bytes = try [UInt8](Data(contentsOf: url))
        let tokens = Lexer.tokenize(SourceFile(path: url.path, bytes: bytes))
        #expect(tokens.reassembled() == bytes)
        let tree = Parser.parse(tokens)
        // The root covers every token, and every node's range lies within the file's tokens.
        #expect(tree[tree.root].kind == .sourceFile)
        for node in tree.nodes {
            #expect(node.firstToken >= 0 && node.endToken <= Int32(tokens.tokens.count) && node.firstToken <= node.endToken)
        }
    }

    @Test("every rule has fixtures that make it fire and fixtures where it stays silent")
    func everyRuleHasFixtures() throws {
        let projects = FixtureProject.all()
        for id in RuleRegistry.ids {
            let folder = "Fixtures/\(id)/"
            let mine = projects.filter { $0.name.hasPrefix(folder) }
            #expect(!mine.isEmpty, "no fixtures under \(folder)")
            var positive = false
            var negative = false
            for project in mine {
                for url in project.files {
                    let tokens = Lexer.tokenize(SourceFile(path: url.path, bytes: try [UInt8](Data(contentsOf: url))))
                    let expected = Expectation.parse(tokens).filter { $0.ruleID == id }
                    if expected.isEmpty { negative = true } else { positive = true }
                }
            }
            #expect(positive, "\(id) has no fixture that expects it")
            #expect(negative, "\(id) has no fixture where it must stay silent")
        }
    }
}
