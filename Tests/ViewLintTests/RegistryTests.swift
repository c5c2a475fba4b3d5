import Foundation
import Testing
import ViewLintCore
import ViewLintRules

/// Keeps the registry and every rule's metadata honest: they feed `viewlint rules`, the
/// documentation, SARIF and configuration validation.
@Suite("Rule registry")
struct RegistryTests {
    @Test func idsAreUniqueSnakeCase() {
        let ids = RuleRegistry.ids
        #expect(Set(ids).count == ids.count)
        for id in ids {
            #expect(id.range(of: "^[a-z][a-z0-9]*(_[a-z0-9]+)*$", options: .regularExpression) != nil, "\(id)")
        }
    }

    @Test func descriptionsAreComplete() {
        for type in RuleRegistry.all {
            let d = type.description
            #expect(!d.name.isEmpty && !d.summary.isEmpty && d.rationale.count > 80, "\(d.id)")
            #expect(d.summary.hasSuffix("."), "\(d.id): a summary is a sentence")
            #expect(!d.triggeringExamples.isEmpty && !d.nonTriggeringExamples.isEmpty, "\(d.id)")
            #expect(!d.tags.isEmpty, "\(d.id)")
            for option in d.options {
                #expect(option.key.range(of: "^[a-z][a-z0-9_]*$", options: .regularExpression) != nil)
            }
        }
    }

    @Test func everyRuleFileIsRegistered() throws {
        // One rule, one file: every file under Rules/ that declares a Rule type is in the registry.
        let rulesFolder = LintHarness.packageRoot.appendingPathComponent("Rules")
        var declared: [String] = []
        for url in LintHarness.swiftFiles(under: rulesFolder) {
            let text = try String(contentsOf: url, encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("public struct ") && line.contains(": Rule {") {
                declared.append(String(line.dropFirst("public struct ".count).prefix { $0 != ":" }))
            }
        }
        let registered = RuleRegistry.all.map { String(describing: $0) }
        #expect(declared.sorted() == registered.sorted())
    }

    @Test func readmeListsEveryRule() throws {
        let readme = try String(contentsOf: LintHarness.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        for id in RuleRegistry.ids { #expect(readme.contains("`\(id)`"), "README does not list \(id)") }
    }
}
