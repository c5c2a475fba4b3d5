import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import ViewLintCore
import ViewLintFormatters
import ViewLintRules

/// The CI report formats (checkstyle, JUnit, Code Climate, Markdown, SonarQube): what each
/// consumer reads out of them, parsed back rather than compared as text. (The goldens pin the
/// exact bytes; .ci/run validates them with the consumers' own parsers and schemas.)
@Suite("Output formats: CI reporters")
struct CIFormatTests {
    static let nasty = "name 'a<b>&\"c\"' | `x` \u{1B}[31m\nline two ]]> <!-- -->"

    static func xml(_ text: String) throws -> XMLDocument {
        try XMLDocument(data: Data(text.utf8), options: [])
    }

    static func attributes(_ document: XMLDocument, _ xpath: String) throws -> [[String: String]] {
        try document.nodes(forXPath: xpath).compactMap { $0 as? XMLElement }.map { element in
            Dictionary((element.attributes ?? []).map { ($0.name ?? "", $0.stringValue ?? "") }, uniquingKeysWith: { a, _ in a })
        }
    }

    static func report(_ findings: [Finding], suppressed: [Finding] = []) -> Report {
        FormatterTests.report(findings, suppressed: suppressed)
    }

    @Test func checkstyleCarriesEveryFindingAndSurvivesHostileText() throws {
        let findings = [FormatterTests.finding(path: "Sources/A.swift", message: Self.nasty, line: 3, column: 9),
                        FormatterTests.finding(path: "Sources/A.swift", line: 7, column: 5),
                        FormatterTests.finding(path: "Sources/B c.swift", line: 1, column: 2)]
        let document = try Self.xml(CheckstyleFormatter().format(Self.report(findings)))
        let files = try Self.attributes(document, "/checkstyle/file")
        #expect(files.map { $0["name"] } == ["Sources/A.swift", "Sources/B c.swift"])
        let errors = try Self.attributes(document, "/checkstyle/file/error")
        #expect(errors.count == 3)
        #expect(errors.map { $0["line"] } == ["3", "7", "1"] && errors.map { $0["column"] } == ["9", "5", "2"])
        #expect(errors.allSatisfy { $0["severity"] == "warning" && $0["source"] == "viewlint.unused_stored_input" })
        // Markup survives as text; the escape character (not allowed in XML) is shown escaped.
        let message = try #require(errors.first?["message"])
        #expect(message.hasPrefix("name 'a<b>&\"c\"' | `x` \\u{1B}[31m\nline two ]]> <!-- -->"))
    }

    @Test func junitCountsMatchTheFailuresAndACleanRunIsOnePassingCase() throws {
        let findings = [FormatterTests.finding(path: "A.swift", message: Self.nasty, line: 3),
                        FormatterTests.finding(path: "A.swift", line: 9),
                        FormatterTests.finding(path: "B.swift", line: 4)]
        let document = try Self.xml(JUnitFormatter().format(Self.report(findings)))
        let root = try #require(try Self.attributes(document, "/testsuites").first)
        #expect(root["tests"] == "3" && root["failures"] == "3" && root["errors"] == "0")
        let suites = try Self.attributes(document, "/testsuites/testsuite")
        #expect(suites.map { $0["name"] } == ["A.swift", "B.swift"] && suites.map { $0["failures"] } == ["2", "1"])
        for suite in try document.nodes(forXPath: "/testsuites/testsuite") {
            let cases = try suite.nodes(forXPath: "testcase").count
            let failures = try suite.nodes(forXPath: "testcase/failure").count
            #expect(cases == failures && String(cases) == (suite as? XMLElement)?.attribute(forName: "tests")?.stringValue)
        }
        let failure = try #require(try document.nodes(forXPath: "//failure").first)
        #expect(failure.stringValue?.hasPrefix("A.swift:3:9: warning: name 'a<b>") == true)

        let clean = try Self.xml(JUnitFormatter().format(Self.report([])))
        #expect(try Self.attributes(clean, "/testsuites").first?["failures"] == "0")
        #expect(try clean.nodes(forXPath: "//testcase").count == 1 && clean.nodes(forXPath: "//failure").isEmpty)
    }

    /// GitLab matches Code Quality issues between the base and the merge request by
    /// fingerprint: moving code down a file must not make old findings look new.
    @Test func codeClimateFingerprintsSurviveLinesMovingAndMatchSARIF() throws {
        let source = """
            import SwiftUI
            struct Card: View {
                let title: String
                let unused: Int
                let spare: Int
                var body: some View { Text(title) }
            }
            """
        let moved = "// a new comment\n\n" + source.replacingOccurrences(of: "struct Card", with: "\n\nstruct Card")
        func issues(_ text: String) throws -> [[String: Any]] {
            let result = LintHarness.lint([(path: "Sources/Card.swift", text: text)])
            let json = CodeClimateFormatter().format(Self.report(result.findings))
            return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        }
        let before = try issues(source), after = try issues(moved)
        #expect(before.count == 2 && after.count == 2)
        let lines = { (issues: [[String: Any]]) in
            issues.map { (($0["location"] as? [String: Any])?["positions"] as? [String: Any]).flatMap { ($0["begin"] as? [String: Any])?["line"] as? Int } }
        }
        #expect(lines(before) != lines(after), "the test must move the findings")
        let fingerprints = before.compactMap { $0["fingerprint"] as? String }
        #expect(fingerprints.count == 2 && Set(fingerprints).count == 2)
        #expect(fingerprints == after.compactMap { $0["fingerprint"] as? String })
        // The same identity as SARIF's symbol fingerprint.
        let result = LintHarness.lint([(path: "Sources/Card.swift", text: source)])
        let sarif = SARIFFormatter().format(Self.report(result.findings))
        for fingerprint in fingerprints { #expect(sarif.contains("\"\(SARIFFormatter.symbolFingerprintKey)\": \"\(fingerprint)\"")) }
        for issue in before {
            #expect(issue["type"] as? String == "issue" && issue["check_name"] as? String == "unused_stored_input")
            #expect(issue["severity"] as? String == "minor" && issue["categories"] as? [String] == ["Performance"])
        }
    }

    /// A suppressed finding is not in Code Climate output, and does not renumber the others.
    @Test func codeClimateLeavesSuppressedFindingsOutWithoutRenumbering() throws {
        var suppressed = FormatterTests.finding(line: 3)
        suppressed.suppression = SuppressionInfo(justification: nil, line: 2)
        let kept = FormatterTests.finding(line: 8)
        let json = CodeClimateFormatter().format(Self.report([kept], suppressed: [suppressed]))
        let issues = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(issues.count == 1)
        #expect((issues.first?["fingerprint"] as? String)?.hasSuffix(":2") == true)
    }

    @Test func sonarQubeColumnsAreZeroBasedUTF16AndRulesAreDeclared() throws {
        let result = LintHarness.lint([(path: "Greeting.swift", text: FormatterTests.unicodeSource)])
        let finding = try #require(result.findings.first)
        let json = SonarQubeFormatter().format(Self.report(result.findings))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let rules = try #require(object["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == ["unused_stored_input"])
        #expect(rules.first?["engineId"] as? String == "viewlint" && rules.first?["cleanCodeAttribute"] as? String == "EFFICIENT")
        let issue = try #require((object["issues"] as? [[String: Any]])?.first)
        let location = try #require(issue["primaryLocation"] as? [String: Any])
        let range = try #require(location["textRange"] as? [String: Int])
        #expect(range["startLine"] == 3 && range["startColumn"] == finding.start.utf16Column - 1)
        #expect(range["endColumn"] == finding.end.utf16Column - 1)
        #expect(location["filePath"] as? String == "Greeting.swift")
    }

    @Test func markdownTablesKeepTheirShapeWhateverTheMessage() throws {
        let findings = [FormatterTests.finding(path: "Sources/A|B.swift", message: Self.nasty, line: 3),
                        FormatterTests.finding(path: "Sources/A|B.swift", line: 5),
                        FormatterTests.finding(path: "Sources/C.swift", line: 1)]
        let markdown = MarkdownFormatter().format(Self.report(findings))
        #expect(markdown.hasPrefix("## viewlint: 3 warnings in 2 files\n"))
        // Every table row has as many unescaped cell separators as its header.
        var columns: Int?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("|") else { columns = nil; continue }
            var count = 0
            var previous: Character = " "
            for character in line {
                if character == "|" && previous != "\\" { count += 1 }
                previous = character
            }
            if let columns { #expect(count == columns, "\(line)") } else { columns = count }
        }
        #expect(!markdown.contains("<!--") && !markdown.contains("\u{1B}"))
        #expect(markdown.contains("| `unused_stored_input` | 3 |"))
        #expect(MarkdownFormatter().format(Self.report([])).hasPrefix("## viewlint: no findings\n"))
    }
}
