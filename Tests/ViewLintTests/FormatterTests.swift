import Foundation
import Testing
import ViewLintCore
import ViewLintEngine
import ViewLintFormatters
import ViewLintModel
import ViewLintRules
import ViewLintSyntax
@testable import ViewLintCLI

/// The report of linting every fixture project, with run facts fixed so that the output is the
/// same on every machine: what the golden files hold.
enum FixtureReport {
    /// A checkout path no report may contain (SARIF names files relative to it).
    static let checkout = "/home/runner/work/private-checkout"

    static func make() throws -> Report {
        var findings: [Finding] = []
        var suppressed: [Finding] = []
        var notes: [InputNote] = []
        var linted = 0
        for project in FixtureProject.all() {
            let inputs = try project.files.map { url in
                LintInput(source: SourceFile(path: LintHarness.relativePath(url), bytes: try [UInt8](Data(contentsOf: url))))
            }
            let result = LintHarness.lint(inputs: inputs)
            findings += result.findings
            suppressed += result.suppressedFindings
            notes += result.notes
            linted += result.reportedFileCount
        }
        return Report(findings: findings.sorted(by: Finding.ordered), suppressedFindings: suppressed.sorted(by: Finding.ordered),
                      rules: RuleRegistry.all.map { $0.description },
                      run: run(filesLinted: linted, notes: notes))
    }

    static func run(filesLinted: Int = 1, notes: [InputNote] = [], currentDirectory: String = checkout,
                    repositoryRoot: String? = checkout) -> RunInfo {
        RunInfo(toolVersion: "0.0.0-test", informationURI: "https://example.invalid/viewlint", filesLinted: filesLinted,
                currentDirectory: currentDirectory, repositoryRoot: repositoryRoot, executionSuccessful: true, notes: notes)
    }
}

/// Golden files: the rendered fixture report in every format, checked in under `Goldens/`.
/// A change in output fails the test with a diff-friendly message; run the tests with
/// `VIEWLINT_UPDATE_GOLDENS=1` to rewrite the goldens, then review them with `git diff`.
@Suite("Output formats: goldens")
struct GoldenTests {
    static let directory = LintHarness.packageRoot.appendingPathComponent("Tests/ViewLintTests/Goldens")

    static func check(_ actual: String, _ name: String) throws {
        let url = directory.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["VIEWLINT_UPDATE_GOLDENS"] == "1" {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url, options: .atomic)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("missing golden \(name); run the tests with VIEWLINT_UPDATE_GOLDENS=1 to create it")
            return
        }
        if expected != actual {
            let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
            let line = (0..<min(e.count, a.count)).first { e[$0] != a[$0] } ?? min(e.count, a.count)
            let want = line < e.count ? String(e[line]) : "<end of file>"
            let got = line < a.count ? String(a[line]) : "<end of file>"
            Issue.record("""
                \(name) differs from its golden at line \(line + 1):
                  golden: \(want)
                  actual: \(got)
                If the change is intended, run the tests with VIEWLINT_UPDATE_GOLDENS=1 and review the diff.
                """)
        }
    }

    @Test func text() throws {
        try Self.check(ReportFormat.text.render(try FixtureReport.make()), "fixtures.txt")
    }

    @Test func textWithSourceAndCarets() throws {
        try Self.check(ReportFormat.text.render(try FixtureReport.make(), showSource: true), "fixtures.source.txt")
    }

    @Test func json() throws {
        try Self.check(ReportFormat.json.render(try FixtureReport.make()), "fixtures.json")
    }

    @Test func sarif() throws {
        try Self.check(ReportFormat.sarif.render(try FixtureReport.make()), "fixtures.sarif")
    }

    @Test func github() throws {
        try Self.check(ReportFormat.github.render(try FixtureReport.make()), "fixtures.github.txt")
    }

    @Test func checkstyle() throws {
        try Self.check(ReportFormat.checkstyle.render(try FixtureReport.make()), "fixtures.checkstyle.xml")
    }

    @Test func junit() throws {
        try Self.check(ReportFormat.junit.render(try FixtureReport.make()), "fixtures.junit.xml")
    }

    @Test func codeclimate() throws {
        try Self.check(ReportFormat.codeclimate.render(try FixtureReport.make()), "fixtures.codeclimate.json")
    }

    @Test func markdown() throws {
        try Self.check(ReportFormat.markdown.render(try FixtureReport.make()), "fixtures.md")
    }

    @Test func sonarqube() throws {
        try Self.check(ReportFormat.sonarqube.render(try FixtureReport.make()), "fixtures.sonarqube.json")
    }

    /// Every format has a golden, so a new one cannot ship without one.
    @Test func everyFormatHasAGolden() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path)
        for format in ReportFormat.allCases {
            #expect(names.contains { $0.hasPrefix("fixtures.") && ($0.contains(".\(format.rawValue).") || $0 == Self.goldenName(format)) },
                    "no golden for --format \(format.rawValue)")
        }
    }

    static func goldenName(_ format: ReportFormat) -> String {
        switch format {
        case .text: return "fixtures.txt"
        case .json: return "fixtures.json"
        case .sarif: return "fixtures.sarif"
        case .github: return "fixtures.github.txt"
        case .markdown: return "fixtures.md"
        default: return "fixtures.\(format.rawValue)"
        }
    }
}

@Suite("Output formats")
struct FormatterTests {
    static func parse(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// A finding written by hand, for escaping cases no rule produces.
    static func finding(path: String = "Sources/A.swift", message: String = "stored input 'x' is never read",
                        lineText: String = "    let x: Int", line: Int = 3, column: Int = 9, length: Int = 1,
                        fixes: [Fix] = []) -> Finding {
        let start = SourceLocation(offset: 0, line: line, column: column, byteColumn: column, utf16Column: column)
        let end = SourceLocation(offset: length, line: line, column: column + length, byteColumn: column + length,
                                 utf16Column: column + length)
        return Finding(ruleID: "unused_stored_input", severity: .warning, message: message, path: path, start: start,
                       end: end, symbol: "A.x", fixes: fixes, lineText: lineText)
    }

    static func report(_ findings: [Finding], suppressed: [Finding] = [], run: RunInfo = FixtureReport.run()) -> Report {
        Report(findings: findings, suppressedFindings: suppressed, rules: RuleRegistry.all.map { $0.description }, run: run)
    }

    /// A parallel run formats a text report in pieces on all cores (`ReportWriter.writeText`):
    /// its bytes are those of one pass, across pieces, rounds and files, with repeated and
    /// escaped messages.
    @Test func textInPiecesIsTheWholeText() {
        let count = ReportWriter.textPiece * ReportWriter.textPiecesPerRound + 700
        let findings = (0..<count).map { i in
            Self.finding(path: "Sources/File\(i / 300).swift", message: "stored input 'input\(i % 7)' is never read\u{7}",
                         line: i + 1)
        }
        let formatter = TextFormatter()
        var pieces: [UInt8] = []
        ReportWriter.writeText(findings, formatter) { pieces.append(contentsOf: $0) }
        #expect(String(decoding: pieces, as: UTF8.self) == formatter.format(findings))
    }

    /// JSON strings were once appended with `unicodeScalars.append(contentsOf:)`, which copies
    /// the whole output every time: 5,000 findings took 131 s in a debug build (quadratic, so
    /// 3,000 would take some 45 s).
    /// Linear, they take a few hundredths of a second; the bound only has to tell the two apart
    /// on a busy machine.
    @Test func largeReportsRenderInLinearTime() throws {
        let findings = (0..<3_000).map { i in
            Self.finding(path: "Sources/File\(i % 50).swift", message: "stored input 'input\(i)' is never read",
                         line: i + 1)
        }
        let report = Self.report(findings)
        let elapsed = ContinuousClock().measure {
            #expect(ReportFormat.sarif.render(report).utf8.count > 3_000 * 500)
            #expect(ReportFormat.json.render(report).utf8.count > 3_000 * 200)
        }
        #expect(elapsed < .seconds(15), "rendering 3,000 findings took \(elapsed)")
    }

    /// Large reports are streamed in chunks (`ReportSink`): the chunks, joined, are exactly the
    /// report `render` returns, and none is held much past the chunk size.
    @Test func streamedReportsAreTheRenderedReportInBoundedChunks() throws {
        let findings = (0..<15_000).map { i in
            Self.finding(path: "Sources/File\(i / 100).swift", message: "stored input 'input\(i)' is never read", line: i + 1)
        }
        let report = Self.report(findings)
        for format in [ReportFormat.text, .json, .sarif] {
            var chunks: [[UInt8]] = []
            format.write(report, to: { chunks.append($0) })
            #expect(chunks.count > 1, "\(format)")
            #expect(chunks.allSatisfy { $0.count < ReportChunk.size + 64 * 1024 }, "\(format)")
            #expect(String(decoding: chunks.joined(), as: UTF8.self) == format.render(report), "\(format)")
        }
    }

    /// `JSONWriter` streams the same bytes `JSONValue.rendered()` prints, empty containers,
    /// nesting and escapes included.
    @Test func jsonWriterPrintsWhatValuesRender() {
        let value = JSONValue.object([
            ("empty", .object([])), ("none", .array([])), ("n", .int(-42)), ("big", .int(1_234_567_890)),
            ("list", .array([.int(0), .string("a\u{1B}\"b"), .null, .bool(true), .object([("k", .array([.bool(false)]))])])),
        ])
        var writer = JSONWriter()
        writer.value(value)
        #expect(writer.finish() == value.rendered())
        #expect(JSONValue.array([]).rendered() == "[]\n")
    }

    /// Output order sorts keys, not findings: it must equal a stable sort by `Finding.ordered`,
    /// paths compared by bytes, ties kept in list order.
    @Test func outputOrderIsTheStableOrderOfFindings() {
        var generator = SystemRandomNumberGenerator()
        let paths = ["B.swift", "a.swift", "Sources/Z.swift", "Sources/é.swift", "A.swift"]
        var findings: [Finding] = []
        for i in 0..<400 {
            var f = Self.finding(path: paths[Int.random(in: 0..<paths.count, using: &generator)],
                                 message: ["m1", "m0"][i % 2], line: Int.random(in: 1...6, using: &generator),
                                 column: Int.random(in: 1...3, using: &generator))
            f.symbol = "S\(i)"
            if i % 3 == 0 { f.ruleID = "nested_button" }
            findings.append(f)
        }
        let expected = findings.indices.sorted { a, b in
            Finding.ordered(findings[a], findings[b]) || (!Finding.ordered(findings[b], findings[a]) && a < b)
        }
        #expect(Finding.outputOrder(findings) == expected)
        #expect(Finding.outputOrder(Array(findings[..<150]), Array(findings[150...])) == expected)
        var sorted = findings
        Finding.sortForOutput(&sorted)
        #expect(sorted.map(\.symbol) == expected.map { findings[$0].symbol })
    }

    // MARK: Unicode

    static let unicodeSource = """
        import SwiftUI
        struct Greeting: View {
            /* 😀 中文 */ let unused: Int
            let title: String
            var body: some View { Text(title) }
        }
        """

    @Test func columnsAfterEmojiAndCJKAreRightInEveryFormat() throws {
        let result = LintHarness.lint([(path: "Greeting.swift", text: Self.unicodeSource)])
        let finding = try #require(result.findings.first)
        #expect(result.findings.count == 1)
        // `    /* ` is 7 characters, then 😀 (1 character, 2 UTF-16 units, 4 bytes), a space,
        // 中文 (2 characters, 2 units, 6 bytes) and ` */ let ` (8): `unused` is the 20th character.
        #expect(finding.start.line == 3)
        #expect(finding.start.column == 20 && finding.end.column == 26)
        #expect(finding.start.byteColumn == 27 && finding.end.byteColumn == 33)
        #expect(finding.start.utf16Column == 21 && finding.end.utf16Column == 27)

        let report = Self.report(result.findings)
        #expect(ReportFormat.text.render(report).hasPrefix("Greeting.swift:3:20: warning: "))

        let sarif = try Self.parse(ReportFormat.sarif.render(report))
        let run = try #require((sarif["runs"] as? [[String: Any]])?.first)
        #expect(run["columnKind"] as? String == "utf16CodeUnits")
        let sarifResult = try #require((run["results"] as? [[String: Any]])?.first)
        let location = try #require((sarifResult["locations"] as? [[String: Any]])?.first)
        let region = try #require((location["physicalLocation"] as? [String: Any])?["region"] as? [String: Int])
        #expect(region == ["startLine": 3, "startColumn": 21, "endLine": 3, "endColumn": 27])

        let json = try Self.parse(ReportFormat.json.render(report))
        let jsonFinding = try #require((json["findings"] as? [[String: Any]])?.first)
        #expect(jsonFinding["column"] as? Int == 20 && jsonFinding["endColumn"] as? Int == 26)

        #expect(ReportFormat.github.render(report).contains(",line=3,col=20,endLine=3,endColumn=26,"))

        // On a terminal the caret sits under `unused`: the emoji and each CJK character take two cells.
        let excerpt = ReportFormat.text.render(report, showSource: true).split(separator: "\n").map(String.init)
        #expect(excerpt.count == 3)
        #expect(excerpt[1] == "        /* 😀 中文 */ let unused: Int")
        #expect(excerpt[2] == "    " + String(repeating: " ", count: 22) + "^~~~~~")
    }

    // MARK: Text

    @Test func textNeverEchoesControlCharacters() {
        let f = Self.finding(path: "Sources/\u{1B}[31mEvil\u{7}.swift", message: "name 'a\u{1B}]0;title\u{7}' is\r\nnever read",
                             lineText: "    let x: Int // \u{1B}[2J\u{202E}gnp.exe", column: 9)
        for color in [false, true] {
            let out = TextFormatter(color: color, showSource: true).format([f])
            // Colour codes are ours; anything else that is a control character must be escaped.
            let withoutOurCodes = out.replacingOccurrences(of: "\u{1B}[1m", with: "").replacingOccurrences(of: "\u{1B}[0m", with: "")
                .replacingOccurrences(of: "\u{1B}[1;35m", with: "").replacingOccurrences(of: "\u{1B}[32m", with: "")
            #expect(!withoutOurCodes.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0.value == 0x7F || $0 == "\u{202E}" })
            #expect(out.contains("Sources/\\u{1B}[31mEvil\\u{7}.swift:3:9:"))
            #expect(out.contains("\\u{D}\\u{A}never read"))
            #expect(out.contains("// \\u{1B}[2J\\u{202E}gnp.exe"))
            #expect(out.split(separator: "\n").count == 3, "one line for the finding, one for the source, one for the caret")
        }
    }

    @Test func colourOnlyWhenAsked() {
        let f = Self.finding()
        let plain = TextFormatter(color: false, showSource: false).format([f])
        #expect(plain == "Sources/A.swift:3:9: warning: stored input 'x' is never read [unused_stored_input]\n")
        let colored = TextFormatter(color: true, showSource: true).format([f])
        #expect(colored.contains("\u{1B}[1;35mwarning\u{1B}[0m"))
        #expect(colored.hasSuffix("    let x: Int\n            \u{1B}[32m^\u{1B}[0m\n"))
    }

    @Test func tabsAreExpandedTheSameWayInTheLineAndUnderIt() {
        let f = Self.finding(lineText: "\tlet\tx: Int", column: 6, length: 1)
        let out = TextFormatter(color: false, showSource: true).format([f]).split(separator: "\n").map(String.init)
        #expect(out[1] == "        let    x: Int")
        #expect(out[2] == "    " + String(repeating: " ", count: 11) + "^")
    }

    // MARK: JSON

    @Test func jsonEscapesEveryControlCharacterAndRoundTrips() throws {
        let nasty = "quote \" backslash \\ slash / newline \n cr \r tab \t bell \u{7} del \u{7F} c1 \u{85} ls \u{2028} emoji 😀 中文"
        let rendered = JSONValue.string(nasty).rendered()
        #expect(rendered == #""quote \" backslash \\ slash / newline \n cr \r tab \t bell \u0007 del \u007F c1 \u0085 ls \u2028 emoji 😀 中文""# + "\n")
        let report = Self.report([Self.finding(path: "Sources/We\"ird\n.swift", message: nasty)])
        let json = try Self.parse(ReportFormat.json.render(report))
        let finding = try #require((json["findings"] as? [[String: Any]])?.first)
        #expect(finding["message"] as? String == nasty)
        #expect(finding["path"] as? String == "Sources/We\"ird\n.swift")
    }

    @Test func jsonSchemaFieldsAndFixes() throws {
        let fix = Fix(summary: "remove 'x'", replacement: (range: SourceRange(start: 10, end: 25), text: ""))
        let report = Self.report([Self.finding(fixes: [fix, Fix(summary: "or read it")])], run: FixtureReport.run(filesLinted: 7))
        let json = try Self.parse(ReportFormat.json.render(report))
        #expect(json["schemaVersion"] as? Int == 1)
        #expect((json["tool"] as? [String: String]) == ["name": "viewlint", "version": "0.0.0-test"])
        #expect(json["filesLinted"] as? Int == 7)
        let finding = try #require((json["findings"] as? [[String: Any]])?.first)
        #expect(Set(finding.keys) == ["rule", "severity", "message", "path", "line", "column", "endLine", "endColumn",
                                      "symbol", "fix"])
        let fixes = try #require(finding["fix"] as? [[String: Any]])
        #expect(fixes.count == 2)
        #expect(fixes[0]["summary"] as? String == "remove 'x'")
        let replacement = try #require(fixes[0]["replacement"] as? [String: Any])
        #expect(replacement["byteOffset"] as? Int == 10 && replacement["byteLength"] as? Int == 15)
        #expect(replacement["text"] as? String == "" && replacement.count == 3)
        #expect(fixes[1]["replacement"] == nil)
        // No fix, no `fix` key.
        let plain = try Self.parse(ReportFormat.json.render(Self.report([Self.finding()])))
        #expect((plain["findings"] as? [[String: Any]])?.first?["fix"] == nil)
    }

    // MARK: GitHub

    @Test func githubEscapesPropertiesAndData() {
        #expect(GitHubFormatter.escapeData("100% done\r\nnext: a, b") == "100%25 done%0D%0Anext: a, b")
        #expect(GitHubFormatter.escapeProperty("a:b,c%d\ne") == "a%3Ab%2Cc%25d%0Ae")
        #expect(GitHubFormatter.escapeData("bell\u{7}esc\u{1B}[2J") == "bell\\u{7}esc\\u{1B}[2J")
        let f = Self.finding(path: "Sources/Odd: a,b%.swift", message: "50% of 'x'\nis: unread, sadly")
        let out = ReportFormat.github.render(Self.report([f]))
        #expect(out == "::warning file=Sources/Odd%3A a%2Cb%25.swift,line=3,col=9,endLine=3,endColumn=10,title=viewlint (unused_stored_input)::50%25 of 'x'%0Ais: unread, sadly\n")
    }

    @Test func githubSeverityCommandsAndRepositoryPaths() {
        var error = Self.finding(path: "A.swift")
        error.severity = .error
        var note = Self.finding(path: "B.swift")
        note.severity = .note
        let run = FixtureReport.run(currentDirectory: "/repo/App", repositoryRoot: "/repo")
        let lines = ReportFormat.github.render(Self.report([error, note], run: run)).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("::error file=App/A.swift,line=3,"))
        #expect(lines[1].hasPrefix("::notice file=App/B.swift,line=3,"))
    }

    // MARK: SARIF

    @Test func repositoryPathsAreRelativeAndNeverAbsolute() {
        let run = FixtureReport.run(currentDirectory: "/r/sub", repositoryRoot: "/r")
        #expect(run.repositoryPath("A.swift") == "sub/A.swift")
        #expect(run.repositoryPath("./x/../B.swift") == "sub/B.swift")
        #expect(run.repositoryPath("../other/C.swift") == "other/C.swift")
        #expect(run.repositoryPath("/r/sub/D.swift") == "sub/D.swift")
        #expect(run.repositoryPath("/tmp/E.swift") == "../tmp/E.swift")
        let outside = FixtureReport.run(currentDirectory: "/home/me/project", repositoryRoot: nil)
        #expect(outside.repositoryPath("Sources/F.swift") == "Sources/F.swift")
        #expect(SARIFFormatter.uri("My View/Ä#1%:.swift") == "My%20View/%C3%84%231%25%3A.swift")
        // The shortcut for paths that are already normal agrees with the general resolution.
        let root = FixtureReport.run(currentDirectory: "/r", repositoryRoot: "/r")
        for path in ["A.swift", "a/b.swift", ".hidden/x.swift", "a/.../b", "a..b/c", "./A.swift", "a/./b", "a/../b",
                     "../b", "a//b", "a/", "..", ".", "/r/a.swift", "x/..", "x/."] {
            // The same directory spelled so that the shortcut cannot apply.
            let general = FixtureReport.run(currentDirectory: "/r/sub/..", repositoryRoot: "/r")
            #expect(root.repositoryPath(path) == general.repositoryPath(path), "\(path)")
        }
    }

    @Test func suppressedFindingsStayWithTheirJustification() throws {
        var silenced = Self.finding(path: "Sources/B.swift")
        silenced.suppression = SuppressionInfo(justification: "kept for the next release", line: 2)
        var bare = Self.finding(path: "Sources/C.swift")
        bare.suppression = SuppressionInfo(justification: nil, line: 2)
        let sarif = try Self.parse(ReportFormat.sarif.render(Self.report([Self.finding()], suppressed: [silenced, bare])))
        let results = try #require(((sarif["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
        #expect(results.count == 3)
        #expect(results[0]["suppressions"] == nil)
        #expect((results[1]["suppressions"] as? [[String: String]]) == [["kind": "inSource", "justification": "kept for the next release"]])
        #expect((results[2]["suppressions"] as? [[String: String]]) == [["kind": "inSource"]])
        // Text, JSON and GitHub output leave suppressed findings out.
        let report = Self.report([], suppressed: [silenced])
        #expect(ReportFormat.text.render(report).isEmpty && ReportFormat.github.render(report).isEmpty)
        #expect((try Self.parse(ReportFormat.json.render(report))["findings"] as? [Any])?.isEmpty == true)
    }

    @Test func symbolFingerprintSurvivesLineMovesAndTellsRepeatsApart() throws {
        func fingerprints(_ findings: [Finding]) throws -> [String] {
            let sarif = try Self.parse(ReportFormat.sarif.render(Self.report(findings)))
            let results = try #require(((sarif["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
            return results.compactMap { ($0["partialFingerprints"] as? [String: String])?[SARIFFormatter.symbolFingerprintKey] }
        }
        let here = try fingerprints([Self.finding(line: 3)])
        let moved = try fingerprints([Self.finding(line: 40)])
        let otherFile = try fingerprints([Self.finding(path: "Sources/B.swift", line: 3)])
        #expect(here.count == 1 && here == moved && here != otherFile)
        let twice = try fingerprints([Self.finding(line: 3), Self.finding(line: 9)])
        #expect(twice.count == 2 && twice[0] != twice[1] && twice[0] == here[0])
    }

    @Test func emptyRunIsStillACompleteLog() throws {
        let sarif = try Self.parse(ReportFormat.sarif.render(Self.report([], run: FixtureReport.run(filesLinted: 0))))
        let runs = try #require(sarif["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        #expect((runs[0]["results"] as? [Any])?.isEmpty == true)
        let rules = ((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [Any]
        #expect(rules?.count == RuleRegistry.all.count)
        #expect(((runs[0]["invocations"] as? [[String: Any]])?.first?["executionSuccessful"]) as? Bool == true)
        let json = try Self.parse(ReportFormat.json.render(Self.report([], run: FixtureReport.run(filesLinted: 0))))
        #expect((json["findings"] as? [Any])?.isEmpty == true && json["filesLinted"] as? Int == 0)
    }

    @Test func unreadableInputsMakeTheRunUnsuccessfulAndBecomeNotifications() throws {
        var run = FixtureReport.run()
        run.executionSuccessful = false
        run.notes = [InputNote(level: .error, path: "Locked.swift", line: nil, message: "permission denied")]
        let sarif = try Self.parse(ReportFormat.sarif.render(Self.report([], run: run)))
        let invocation = try #require(((sarif["runs"] as? [[String: Any]])?.first?["invocations"] as? [[String: Any]])?.first)
        #expect(invocation["executionSuccessful"] as? Bool == false)
        let notification = try #require((invocation["toolExecutionNotifications"] as? [[String: Any]])?.first)
        #expect(notification["level"] as? String == "error")
        #expect((notification["message"] as? [String: String])?["text"] == "permission denied")
    }

    /// What GitHub code scanning needs beyond the schema, checked on the whole fixture report:
    /// relative URIs with no trace of the machine's paths, fingerprints, and complete rule metadata.
    @Test func sarifMeetsCodeScanningRequirements() throws {
        let text = ReportFormat.sarif.render(try FixtureReport.make())
        #expect(!text.contains("private-checkout"), "an absolute path of the machine leaked into the report")
        let sarif = try Self.parse(text)
        #expect(sarif["version"] as? String == "2.1.0")
        #expect((sarif["$schema"] as? String)?.hasPrefix("https://") == true)
        let runs = try #require(sarif["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let run = runs[0]
        #expect(run["columnKind"] as? String == "utf16CodeUnits")
        #expect((run["originalUriBaseIds"] as? [String: Any])?[SARIFFormatter.baseID] != nil)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "viewlint")
        #expect(driver["version"] as? String == "0.0.0-test" && driver["semanticVersion"] as? String == "0.0.0-test")
        #expect((driver["informationUri"] as? String)?.hasPrefix("https://") == true)

        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == RuleRegistry.ids)
        for rule in rules {
            let id = rule["id"] as? String ?? "?"
            #expect((rule["name"] as? String)?.isEmpty == false && rule["name"] as? String != id, "\(id)")
            for key in ["shortDescription", "fullDescription"] {
                #expect(((rule[key] as? [String: String])?["text"])?.isEmpty == false, "\(id) \(key)")
            }
            let help = rule["help"] as? [String: String]
            #expect(help?["text"]?.isEmpty == false && help?["markdown"]?.contains("```swift") == true, "\(id)")
            #expect(["error", "warning", "note"].contains((rule["defaultConfiguration"] as? [String: String])?["level"] ?? ""), "\(id)")
            let properties = rule["properties"] as? [String: Any]
            #expect((properties?["tags"] as? [String])?.isEmpty == false, "\(id)")
            #expect(["very-high", "high", "medium", "low"].contains(properties?["precision"] as? String ?? ""), "\(id)")
        }

        let results = try #require(run["results"] as? [[String: Any]])
        #expect(!results.isEmpty)
        let lineHash = try Regex("^[0-9a-f]{1,16}:[1-9][0-9]*$")
        for result in results {
            let ruleID = try #require(result["ruleId"] as? String)
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == ruleID)
            #expect(["error", "warning", "note"].contains(result["level"] as? String ?? ""))
            #expect(((result["message"] as? [String: String])?["text"])?.isEmpty == false)
            let locations = try #require(result["locations"] as? [[String: Any]])
            #expect(locations.count == 1)
            let physical = try #require(locations[0]["physicalLocation"] as? [String: Any])
            let artifact = try #require(physical["artifactLocation"] as? [String: String])
            let uri = try #require(artifact["uri"])
            #expect(artifact["uriBaseId"] == SARIFFormatter.baseID)
            #expect(!uri.hasPrefix("/") && !uri.contains(":") && !uri.hasPrefix("..") && uri.hasPrefix("Fixtures/"), "\(uri)")
            let region = try #require(physical["region"] as? [String: Int])
            let (startLine, startColumn) = (region["startLine"] ?? 0, region["startColumn"] ?? 0)
            let (endLine, endColumn) = (region["endLine"] ?? 0, region["endColumn"] ?? 0)
            #expect(startLine >= 1 && startColumn >= 1 && (endLine, endColumn) >= (startLine, startColumn), "\(uri) \(region)")
            let fingerprints = try #require(result["partialFingerprints"] as? [String: String])
            #expect(fingerprints[Finding.lineHashKey].map { $0.wholeMatch(of: lineHash) != nil } == true, "\(uri)")
            #expect(fingerprints[SARIFFormatter.symbolFingerprintKey] != nil)
        }
        // The fixtures hold suppressed findings; they stay in the log, marked.
        #expect(results.contains { ($0["suppressions"] as? [[String: Any]])?.first?["kind"] as? String == "inSource" })
    }

    /// The line hashes in the report are those of the files at the URIs it names.
    @Test func sarifLineHashesMatchTheFilesTheyName() throws {
        let sarif = try Self.parse(ReportFormat.sarif.render(try FixtureReport.make()))
        let results = try #require(((sarif["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
        for result in results {
            let physical = try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            let uri = try #require((physical["artifactLocation"] as? [String: String])?["uri"]?.removingPercentEncoding)
            let line = try #require((physical["region"] as? [String: Int])?["startLine"])
            let bytes = try [UInt8](Data(contentsOf: LintHarness.packageRoot.appendingPathComponent(uri)))
            #expect((result["partialFingerprints"] as? [String: String])?[Finding.lineHashKey] == LineHash.all(bytes)[line - 1])
        }
    }
    /// The writers' memory of recent texts: a text is found by its bytes only where they are
    /// equal, the fifth remembered text evicts the oldest (a hit does not keep it), and a string
    /// without contiguous UTF-8 (bridged on Darwin) is compared byte by byte all the same.
    @Test func recentTextsFindEqualBytesAndForgetTheOldest() {
        let bytes = Array("xx Text needs a label café yy".utf8)
        let label = "Text needs a label café"
        let start = 3, end = 3 + label.utf8.count
        var recent = RecentTexts()
        #expect(recent.find(start..<end, of: bytes) == nil)
        recent.remember(label)
        #expect(recent.find(start..<end, of: bytes) == label)
        #expect(recent.find(label) == label)
        // Same length, other bytes; and a prefix of the text.
        #expect(recent.find(start + 1..<end + 1, of: bytes) == nil)
        #expect(recent.find(start..<end - 1, of: bytes) == nil)
        for other in ["a", "b", "c"] { recent.remember(other) }
        // Found just before the fourth newer text: still forgotten, as the oldest.
        #expect(recent.find(label) == label)
        recent.remember("d")
        #expect(recent.find(label) == nil && recent.find(start..<end, of: bytes) == nil)
        #expect(["a", "b", "c", "d"].allSatisfy { recent.find($0) == $0 })
        #if canImport(ObjectiveC)
        // Made from UTF-16 code units, so it bridges lazily, without contiguous UTF-8 (Linux has
        // no such strings: Foundation copies into a native one).
        let units = Array(label.utf16)
        let bridged = NSString(characters: units, length: units.count) as String
        recent.remember(bridged)
        #expect(recent.find(start..<end, of: bytes) == label)
        #expect(recent.find(start..<end - 1, of: bytes) == nil)
        #endif
    }
}
