import Foundation
import Testing
import ViewLintCore
import ViewLintEngine
import ViewLintRules
import ViewLintSyntax

/// Before/after fixtures for fixes: `Fixtures/fix/<rule_id>/<Case>.before` is linted with every
/// rule and fixed; the result must equal `<Case>.after`, or the input itself when there is no
/// `.after` (a case where no fix may be offered). A folder of `.before` files is one project
/// (for fixes that edit several files). `// fix: unsafe` in a file applies unsafe fixes too;
/// `// fixture-deployment-target:` works as in the lint fixtures. The files are not `.swift`,
/// so that neither the lint fixtures nor `viewlint lint Fixtures` read them.
///
/// Every case is also fixed a second time, which must change nothing. With
/// `VIEWLINT_UPDATE_GOLDENS=1` the `.after` files are rewritten (review the diff).
struct FixFixture: CustomTestStringConvertible, Sendable {
    var name: String
    var befores: [URL]
    var testDescription: String { name }

    static func all() -> [FixFixture] {
        let root = LintHarness.fixturesDirectory.appendingPathComponent("fix")
        var result: [FixFixture] = []
        let fm = FileManager.default
        for rule in (try? fm.contentsOfDirectory(at: root, includingPropertiesForKeys: nil))?.sorted(by: { $0.path < $1.path }) ?? [] {
            for entry in (try? fm.contentsOfDirectory(at: rule, includingPropertiesForKeys: nil))?.sorted(by: { $0.path < $1.path }) ?? [] {
                if FixtureProject.isDirectory(entry) {
                    let files = ((try? fm.contentsOfDirectory(at: entry, includingPropertiesForKeys: nil)) ?? [])
                        .filter { $0.pathExtension == "before" }.sorted { $0.path < $1.path }
                    if !files.isEmpty { result.append(FixFixture(name: LintHarness.relativePath(entry), befores: files)) }
                } else if entry.pathExtension == "before" {
                    result.append(FixFixture(name: LintHarness.relativePath(entry), befores: [entry]))
                }
            }
        }
        return result
    }
}

@Suite("Fix fixtures")
struct FixFixtureTests {
    @Test("every fix fixture fixes to its .after file, and fixing again changes nothing", arguments: FixFixture.all())
    func fixture(_ fixture: FixFixture) throws {
        var inputs: [LintInput] = []
        var unsafe = false
        var target: DeploymentTarget? = nil
        for url in fixture.befores {
            let bytes = try [UInt8](Data(contentsOf: url))
            let path = LintHarness.relativePath(url.deletingPathExtension().appendingPathExtension("swift"))
            let source = SourceFile(path: path, bytes: bytes)
            let tokens = Lexer.tokenize(source)
            for comment in tokens.comments where String(decoding: bytes[comment], as: UTF8.self).contains("fix: unsafe") { unsafe = true }
            target = target ?? Expectation.deploymentTarget(tokens)
            inputs.append(LintInput(source: source))
        }
        for i in inputs.indices { inputs[i].deploymentTarget = target }
        let configuration = Configuration()
        let options = FixOptions(includeUnsafe: unsafe)
        let outcome = FixEngine.fix(inputs, rules: configuration.configuredRules(), knownRuleIDs: Set(RuleRegistry.ids),
                                    metaSeverities: configuration.metaSeverities(), options: options, parallel: false)
        #expect(outcome.isStable)
        #expect(outcome.rejected.isEmpty, "\(outcome.rejected.map { "\($0.finding.ruleID): \($0.reason)" })")
        var fixedInputs = inputs
        for (i, url) in fixture.befores.enumerated() {
            let fixed = outcome.files.first { $0.path == inputs[i].source.path }?.fixed ?? inputs[i].source.bytes
            let afterURL = url.deletingPathExtension().appendingPathExtension("after")
            if ProcessInfo.processInfo.environment["VIEWLINT_UPDATE_GOLDENS"] == "1" {
                if fixed != inputs[i].source.bytes {
                    try Data(fixed).write(to: afterURL)
                } else {
                    try? FileManager.default.removeItem(at: afterURL)
                }
            }
            let expected = (try? [UInt8](Data(contentsOf: afterURL))) ?? inputs[i].source.bytes
            #expect(String(decoding: fixed, as: UTF8.self) == String(decoding: expected, as: UTF8.self), "\(url.lastPathComponent)")
            fixedInputs[i].source = SourceFile(path: inputs[i].source.path, bytes: fixed)
        }
        let again = FixEngine.fix(fixedInputs, rules: configuration.configuredRules(), knownRuleIDs: Set(RuleRegistry.ids),
                                  metaSeverities: configuration.metaSeverities(), options: options, parallel: false)
        #expect(again.files.isEmpty, "a second --fix changed \(again.files.map(\.path)): \(again.applied.map(\.fix.summary))")
    }
}
