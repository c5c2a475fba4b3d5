import Foundation
import Testing
import ViewLintCore
import ViewLintEngine
import ViewLintRules
import ViewLintSyntax

/// Runs every rule's documented examples: triggering ones must report exactly at their `↓`
/// markers, non-triggering ones must report nothing. Variants check what no example states:
/// inside a comment or a string the rule must not fire; a multi-byte prefix on every line
/// must shift columns by exactly its width in characters; a suppression must silence it.
@Suite("Rule examples")
struct RuleExampleTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var ruleID: String
        var index: Int
        var triggering: Bool
        var example: RuleExample
        var testDescription: String { "\(ruleID) \(triggering ? "triggering" : "non-triggering") #\(index + 1)" }
    }

    static let cases: [Case] = RuleRegistry.all.flatMap { type -> [Case] in
        let d = type.description
        return d.triggeringExamples.enumerated().map { Case(ruleID: d.id, index: $0.offset, triggering: true, example: $0.element) }
            + d.nonTriggeringExamples.enumerated().map { Case(ruleID: d.id, index: $0.offset, triggering: false, example: $0.element) }
    }

    static let metaRules: Set<String> = ["unused_suppression", "unknown_rule_in_suppression"]

    /// Removes `↓` markers and returns the code with the (line, column) of each marker.
    static func markers(_ code: String) -> (String, [(line: Int, column: Int)]) {
        var clean = ""
        var positions: [(line: Int, column: Int)] = []
        var line = 1
        var column = 1
        for scalar in code.unicodeScalars {
            if scalar == "↓" {
                positions.append((line, column))
                continue
            }
            clean.unicodeScalars.append(scalar)
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (clean, positions)
    }

    func run(_ c: Case, code: String) -> LintResult {
        let target = c.example.deploymentTarget.map { spec in
            DeploymentTarget(platforms: spec.compactMapValues { DeploymentTarget.version($0) }, source: "example")
        }
        var files = [(path: "Example.swift", text: code)]
        for (i, context) in c.example.context.enumerated() { files.append((path: "Context\(i).swift", text: context)) }
        return LintHarness.lint(files, options: [c.ruleID: c.example.options], deploymentTarget: target,
                                reported: ["Example.swift"], symbols: c.example.symbols.map(LintHarness.symbolCatalogue))
    }

    func findings(_ result: LintResult, _ id: String) -> [Finding] { result.findings.filter { $0.ruleID == id } }

    @Test("examples report exactly at their markers", arguments: cases)
    func example(_ c: Case) {
        let (code, expected) = Self.markers(c.example.code)
        let found = findings(run(c, code: code), c.ruleID).map { ($0.start.line, $0.start.column) }
        if c.triggering {
            #expect(!expected.isEmpty, "a triggering example needs a ↓ marker")
            #expect(found.map { "\($0.0):\($0.1)" } == expected.map { "\($0.line):\($0.column)" },
                    "\(c.testDescription)\n\(code)")
        } else {
            #expect(expected.isEmpty, "a non-triggering example has no markers")
            #expect(found.isEmpty, "\(c.testDescription) reported \(found)\n\(code)")
        }
    }

    @Test("examples inside a comment report nothing", arguments: cases.filter { !metaRules.contains($0.ruleID) })
    func insideComment(_ c: Case) {
        let (code, _) = Self.markers(c.example.code)
        #expect(findings(run(c, code: "/*\n\(code)\n*/\n"), c.ruleID).isEmpty)
        let lineComments = code.split(separator: "\n", omittingEmptySubsequences: false).map { "// " + $0 }.joined(separator: "\n")
        #expect(findings(run(c, code: lineComments), c.ruleID).isEmpty)
    }

    @Test("examples inside a string report nothing", arguments: cases)
    func insideString(_ c: Case) {
        let (code, _) = Self.markers(c.example.code)
        #expect(findings(run(c, code: "let text = #\"\"\"\n\(code)\n\"\"\"#\n"), c.ruleID).isEmpty)
    }

    @Test("a multi-byte prefix shifts columns by its width in characters",
          arguments: cases.filter { $0.triggering && !$0.example.code.contains("\"\"\"") })
    func multiByteColumns(_ c: Case) {
        let (code, expected) = Self.markers(c.example.code)
        // 6 characters, 10 UTF-8 bytes, 7 UTF-16 units: columns must count characters.
        let prefix = "/*🧪é*/"
        let shifted = code.split(separator: "\n", omittingEmptySubsequences: false).map { prefix + $0 }.joined(separator: "\n")
        let found = findings(run(c, code: shifted), c.ruleID)
        #expect(found.map { "\($0.start.line):\($0.start.column)" } == expected.map { "\($0.line):\($0.column + 6)" })
        #expect(found.map { "\($0.start.utf16Column)" } == expected.map { "\($0.column + 7)" })
        #expect(found.map { "\($0.start.byteColumn)" } == expected.map { "\($0.column + 10)" })
    }

    @Test("a suppression silences the example without being reported as unused",
          arguments: cases.filter { $0.triggering && !metaRules.contains($0.ruleID) })
    func suppressed(_ c: Case) {
        let (code, _) = Self.markers(c.example.code)
        let result = run(c, code: "// viewlint:disable \(c.ruleID) - tested\n" + code)
        #expect(findings(result, c.ruleID).isEmpty)
        #expect(findings(result, "unused_suppression").isEmpty)
        #expect(!result.suppressedFindings.filter { $0.ruleID == c.ruleID }.isEmpty)
    }
}
