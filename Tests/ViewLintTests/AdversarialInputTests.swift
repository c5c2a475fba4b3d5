import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import ViewLintCLI
import ViewLintCore
import ViewLintEngine
import ViewLintModel
@testable import ViewLintFormatters
import ViewLintRules
import ViewLintSyntax

/// Inputs chosen to break a linter: huge, deep, malformed, hostile to the file system.
///
/// Each goes through the whole pipeline (lexer, parser, model, every rule, every formatter)
/// and must finish without a crash, keep its tokens lossless, and still find what a finding
/// before or after the damage says is there. Inputs that could hide quadratic work are run at
/// two sizes, and the larger must not cost much more than its share: thread CPU time, so other
/// tests running beside it do not count.
@Suite struct AdversarialInputTests {
    /// A view with one unused stored input, `spare<i>`: one finding per copy.
    static func view(_ i: Int) -> String {
        "struct Row\(i): View {\n    let title: String\n    let spare\(i): Int\n    var body: some View { Text(title) }\n}\n"
    }

    /// Lints `files` as one project with every rule, renders every format, and checks what must
    /// hold for any input.
    @discardableResult
    static func lintEverything(_ files: [(path: String, bytes: [UInt8])]) -> LintResult {
        var inputs: [LintInput] = []
        for file in files { inputs.append(LintInput(source: SourceFile(path: file.path, bytes: file.bytes))) }
        for input in inputs where Lexer.tokenize(input.source).reassembled() != input.source.bytes {
            Issue.record("tokens of \(input.source.path) are not lossless")
        }
        let result = LintHarness.lint(inputs: inputs)
        var sizes: [String: (bytes: Int, lines: Int)] = [:]
        for input in inputs { sizes[input.source.path] = (input.source.bytes.count, input.source.lineCount) }
        for finding in result.findings {
            let size = sizes[finding.path] ?? (-1, -1)
            if !(finding.start.offset <= finding.end.offset && finding.end.offset <= size.bytes
                 && finding.start.line >= 1 && finding.start.line <= size.lines) {
                Issue.record("finding outside its file: \(finding.path):\(finding.start.line)")
            }
        }
        let run = RunInfo(toolVersion: "0.0.0-test", informationURI: "https://example.invalid/viewlint",
                          filesLinted: inputs.count, currentDirectory: "/project", repositoryRoot: "/project",
                          notes: result.notes)
        let report = Report(findings: result.findings, suppressedFindings: result.suppressedFindings,
                            rules: RuleRegistry.all.map { $0.description }, run: run)
        let text = TextFormatter(showSource: true).format(result.findings)
        if text.unicodeScalars.contains(where: { $0.value < 0x20 && $0.value != 0x0A }) {
            Issue.record("raw control characters in text output")
        }
        if !isJSON(JSONFormatter().format(report)) { Issue.record("JSON output does not parse") }
        if !isJSON(SARIFFormatter().format(report)) { Issue.record("SARIF output does not parse") }
        _ = GitHubFormatter().format(report)
        if !isJSON(CodeClimateFormatter().format(report)) { Issue.record("Code Climate output does not parse") }
        if !isJSON(SonarQubeFormatter().format(report)) { Issue.record("SonarQube output does not parse") }
        for xml in [CheckstyleFormatter().format(report), JUnitFormatter().format(report)]
        where (try? XMLDocument(data: Data(xml.utf8), options: [])) == nil {
            Issue.record("XML output does not parse: \(xml.prefix(300))")
        }
        _ = MarkdownFormatter().format(report)
        return result
    }

    static func isJSON(_ text: String) -> Bool {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) != nil
    }

    static func threadSeconds(_ body: () -> Void) -> Double {
        var best = Double.infinity
        for _ in 0..<2 {
            var t0 = timespec()
            var t1 = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0)
            body()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t1)
            best = min(best, Double(t1.tv_sec - t0.tv_sec) + Double(t1.tv_nsec - t0.tv_nsec) / 1e9)
        }
        return best
    }

    /// Lints `make(n)` and `make(8 * n)`; linear work costs about 8 times as much, quadratic 64.
    static func expectLinear(_ what: String, base n: Int, _ make: (Int) -> [UInt8]) {
        let small = make(n)
        let large = make(8 * n)
        let smallSeconds = threadSeconds { lintEverything([("Small.swift", small)]) }
        let largeSeconds = threadSeconds { lintEverything([("Large.swift", large)]) }
        // A floor, so that timer resolution on a tiny input cannot fake a steep ratio.
        let ratio = largeSeconds / max(smallSeconds, 0.002)
        #expect(ratio < 24, "\(what): 8x the input took \(ratio)x the time (\(smallSeconds) s, then \(largeSeconds) s)")
    }

    // MARK: - Empty, BOM, line endings

    /// Invalid UTF-8 inside a view whose builder closure `closure_input` offers to make a view:
    /// the fix tokenized the declaration's text decoded to a `String`, where each invalid byte
    /// is a three-byte replacement character, and indexed the file's bytes with those offsets
    /// past its end (found by the fuzzer). The finding and its fix must survive the bytes.
    @Test func invalidUTF8InsideAViewWhoseBuilderFixIsOffered() {
        var bytes = Array("import SwiftUI\n\nstruct Card<Content: View>: View {\n    // ".utf8)
        bytes += [UInt8](repeating: 0xC5, count: 40)
        bytes += Array(("\n    @ViewBuilder let content: () -> Content\n    var body: some View { content() }\n}\n\n"
            + "struct Host: View {\n    var body: some View { Card { Text(\"x\") } }\n}\n").utf8)
        let result = Self.lintEverything([("Card.swift", bytes)])
        let finding = result.findings.first { $0.ruleID == "closure_input" }
        #expect(finding?.start.line == 5)
        #expect(finding?.fixes.first?.edits.isEmpty == false)
    }

    @Test func emptyFileAndLoneBOM() {
        #expect(Self.lintEverything([("Empty.swift", [])]).findings.isEmpty)
        #expect(Self.lintEverything([("BOM.swift", [0xEF, 0xBB, 0xBF])]).findings.isEmpty)
        let afterBOM = Self.lintEverything([("View.swift", [0xEF, 0xBB, 0xBF] + Array(Self.view(1).utf8))])
        #expect(afterBOM.findings.map { "\($0.start.line):\($0.start.column)" } == ["3:9"])
    }

    @Test(arguments: ["\r\n", "\r"])
    func foreignLineEndingsCountLinesAsTheCompilerDoes(ending: String) {
        let text = "import SwiftUI" + ending + (Self.view(1) + Self.view(2)).replacingOccurrences(of: "\n", with: ending)
        let result = Self.lintEverything([("Endings.swift", Array(text.utf8))])
        #expect(result.findings.map { "\($0.start.line):\($0.start.column)" } == ["4:9", "9:9"])
        #expect(result.findings.allSatisfy { !$0.lineText.contains("\r") })
    }

    // MARK: - Size

    @Test func twentyMegabyteFile() {
        var text = "import SwiftUI\n"
        var views = 0
        while text.utf8.count < 20_000_000 {
            text += Self.view(views)
            text += "/// A row of the list, with a long comment as real code has. " + String(repeating: "Lorem ipsum ", count: 4) + "\n"
            views += 1
        }
        let result = Self.lintEverything([("Big.swift", Array(text.utf8))])
        #expect(result.findings.count == views)
        #expect(result.findings.last?.symbol.hasSuffix("spare\(views - 1)") == true)
    }

    @Test func fiveMegabyteLine() {
        // Minified code: every declaration on one line, findings far out on it.
        var line = "import SwiftUI;"
        var views = 0
        while line.utf8.count < 5_000_000 {
            line += "struct Row\(views): View { let title: String; let spare\(views): Int; var body: some View { Text(title) } };"
            views += 1
        }
        let result = Self.lintEverything([("Line.swift", Array((line + "\n").utf8))])
        #expect(result.findings.count == views)
        let last = result.findings.last
        let expectedColumn = line.utf8.count - " Int; var body: some View { Text(title) } };".utf8.count - "spare\(views - 1):".utf8.count + 1
        #expect(last?.start.line == 1 && last?.start.column == expectedColumn)
        // Each finding shows a window of the line, not all five megabytes of it.
        #expect(result.findings.allSatisfy { $0.lineText.utf8.count < 1_000 })
        let excerpt = TextFormatter(showSource: true).sourceExcerpt(last!)
        let lines = excerpt.split(separator: "\n")
        let caretIndent = lines[1].prefix { $0 == " " }.count
        let flaggedIndex = lines[0].distance(from: lines[0].startIndex, to: lines[0].range(of: "spare\(views - 1)")!.lowerBound)
        #expect(caretIndent == flaggedIndex, "the caret is not under the flagged name:\n\(excerpt)")
    }

    @Test func oneLongLineCostsLinearTime() {
        Self.expectLinear("one long line", base: 120) { views in
            var line = "import SwiftUI;"
            for i in 0..<views {
                line += "struct Row\(i): View { let title: String; let spare\(i): Int; var body: some View { Text(title) } };"
            }
            return Array(line.utf8)
        }
    }

    /// A property whose value reads itself through `self` (code the compiler rejects, or a file
    /// cut mid-edit, which the fuzzer found): resolving the type of `self.locale` followed the
    /// property's value back to itself with a fresh depth each time, until the stack ran out.
    @Test func propertyWhoseValueReadsItselfEnds() {
        let text = """
            struct Loop: View {
                let locale = self.locale.identifier
                var body: some View {
                    let current = self.locale
                    Text(current.name)
                }
            }
            """
        let result = Self.lintEverything([("Loop.swift", Array(text.utf8))])
        #expect(result.reportedFileCount == 1)
    }

    @Test func fiftyThousandDeclarations() {
        var types = "import SwiftUI\n"
        for i in 0..<50_000 { types += i % 10 == 0 ? Self.view(i) : "let constant\(i) = \(i)\n" }
        #expect(Self.lintEverything([("Types.swift", Array(types.utf8))]).findings.count == 5_000)

        // One view with 50,000 stored inputs, every other one read.
        var members = "struct Wide: View {\n"
        for i in 0..<50_000 { members += "    let input\(i): Int\n" }
        members += "    var body: some View {\n        VStack {\n"
        for i in stride(from: 0, to: 50_000, by: 2) { members += "            Text(\"\\(input\(i))\")\n" }
        members += "        }\n    }\n}\n"
        #expect(Self.lintEverything([("Wide.swift", Array(members.utf8))]).findings.count == 25_000)
    }

    @Test func manyDeclarationsCostLinearTime() {
        Self.expectLinear("declarations in one file", base: 300) { n in
            var text = ""
            for i in 0..<n { text += i % 3 == 0 ? Self.view(i) : "let constant\(i) = \(i)\n" }
            return Array(text.utf8)
        }
        Self.expectLinear("stored inputs of one view", base: 300) { n in
            var text = "struct Wide: View {\n"
            for i in 0..<n { text += "    let input\(i): Int\n" }
            text += "    var body: some View {\n        VStack {\n"
            for i in stride(from: 0, to: n, by: 2) { text += "            Text(\"\\(input\(i))\")\n" }
            return Array((text + "        }\n    }\n}\n").utf8)
        }
        // Each member is appended to its type as it is extracted: an append that copied the
        // type's member list (a setter instead of an in-place write) made this quadratic.
        Self.expectLinear("members of one type", base: 3_000) { n in
            var text = "struct Wide {\n"
            for i in 0..<n { text += "    let member\(i) = \(i)\n" }
            return Array((text + "}\n").utf8)
        }
        // Parameters are shadowed once each: compared pairwise, thousands of them were quadratic.
        Self.expectLinear("parameters of one closure", base: 3_000) { n in
            var text = "struct Many: View {\n    var body: some View {\n        Button(\"go\") { "
            for i in 0..<n { text += i == 0 ? "p\(i)" : ", p\(i)" }
            return Array((text + " in print(p0) }\n    }\n}\n").utf8)
        }
        Self.expectLinear("parameters of one function", base: 3_000) { n in
            var text = "struct Many {\n    func run("
            for i in 0..<n { text += i == 0 ? "_ p\(i): Int" : ", _ p\(i): Int" }
            return Array((text + ") { print(p0) }\n}\n").utf8)
        }
    }

    // MARK: - Depth

    /// 100,000 levels of each bracket, and of string interpolation, inside a view's body; the
    /// parser gives up on the depth, not on the file: the input declared after it is still found.
    @Test(arguments: [("(", ")"), ("[", "]"), ("{", "}"), ("\"\\(", ")\"")])
    func hundredThousandLevelsOfNesting(open: String, close: String) {
        let depth = 100_000
        let text = "struct Deep: View {\n    var body: some View {\n        Text(\"\")\n        let v = "
            + String(repeating: open, count: depth) + "x" + String(repeating: close, count: depth)
            + "\n    }\n    let spare: Int\n}\n"
        let result = Self.lintEverything([("Deep.swift", Array(text.utf8))])
        #expect(result.findings.map { "\($0.ruleID) \($0.start.line)" } == ["unused_stored_input 6"])
    }

    /// 100,000 prefixes in a row, each the operand of the one before: the parser counts them as
    /// nesting, as it does brackets, and gives up on the depth, not on the file.
    @Test(arguments: ["try ", "try? ", "try! ", "await "])
    func hundredThousandPrefixesInARow(prefix: String) {
        let text = "struct Deep: View {\n    var body: some View {\n        Text(\"\")\n        let v = "
            + String(repeating: prefix, count: 100_000) + "x"
            + "\n    }\n    let spare: Int\n}\n"
        let result = Self.lintEverything([("Deep.swift", Array(text.utf8))])
        #expect(result.findings.map { "\($0.ruleID) \($0.start.line)" } == ["unused_stored_input 6"])
    }

    /// One `#if` with thousands of `#elseif`s: each clause's preceding conditions were an array
    /// of their own, quadratic in time and memory (16,000 clauses took 2 GB).
    @Test func elseIfClausesCostLinearTime() {
        Self.expectLinear("#elseif clauses", base: 2_000) { n in
            Array(("#if A\n" + String(repeating: "#elseif B\n", count: n) + "#endif\n" + Self.view(1)).utf8)
        }
    }

    @Test func nestingCostsLinearTime() {
        Self.expectLinear("nesting", base: 5_000) { depth in
            Array(("let v = " + String(repeating: "(\"\\(", count: depth) + "x" + String(repeating: ")\")", count: depth)).utf8)
        }
    }

    // MARK: - Unterminated at the end of the file

    /// The note names the line where the unterminated text starts.
    @Test(arguments: [
        ("\"unterminated", 6, "unterminated string literal"),
        ("#\"raw \\#(x", 6, "unterminated string"),
        ("\"\"\"\n    multi-line", 7, "unterminated string literal"),
        ("/* block /* nested */", 6, "unterminated block comment"),
        ("\"text \\(value", 6, "unterminated string interpolation"),
    ])
    func unterminatedAtEndOfFile(tail: String, line: Int, note: String) {
        let text = Self.view(1) + "let trailing = " + tail
        let result = Self.lintEverything([("Open.swift", Array(text.utf8))])
        #expect(result.findings.map { "\($0.ruleID) \($0.start.line)" } == ["unused_stored_input 3"])
        let notes = result.notes.filter { $0.level == .note }
        #expect(notes.count == 1 && notes.first?.line == line && notes.first?.message.hasPrefix(note) == true,
                "\(result.notes)")
    }

    // MARK: - Bytes that are not Swift

    @Test func invalidUTF8AndNULBytes() {
        for bad: [UInt8] in [[0xFF, 0xFE], [0xC3], [0xED, 0xA0, 0x80], [0x00], [0xF4, 0x90, 0x80, 0x80]] {
            let bytes = Array(Self.view(1).utf8) + Array("let s = \"".utf8) + bad + Array("\"\n".utf8) + Array(Self.view(2).utf8)
            let result = Self.lintEverything([("Bad.swift", bytes)])
            #expect(result.findings.map(\.start.line) == [3, 9], "\(bad)")
            #expect(result.notes.contains { $0.level == .warning && $0.line == 6 }, "\(bad): \(result.notes)")
        }
    }

    @Test func randomBinary() {
        var state: UInt64 = 0x2545F4914F6CDD1D
        let bytes = (0..<200_000).map { _ -> UInt8 in
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return UInt8(truncatingIfNeeded: state)
        }
        Self.lintEverything([("Binary.swift", bytes), ("Row.swift", Array(Self.view(1).utf8))])
    }

    // MARK: - The file system (the real binary)

    @Test func binaryFileAndDirectoryNamedSwift() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: dir.appendingPathComponent("Binary.swift"))
        try Data("let ok = 1\na\u{0}b\n".utf8).write(to: dir.appendingPathComponent("NUL.swift"))
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("Folder.swift/Inner.swift"),
                                                withIntermediateDirectories: true)
        try CLIRunner.write(Self.view(1), to: dir.appendingPathComponent("Folder.swift/Row.swift"))
        let out = try CLIRunner.run([], in: dir)
        #expect(out.status == 1 || out.status == 0, "\(out.stderr)")
        #expect(out.stderr.contains("Binary.swift: warning: file looks binary"))
        #expect(out.stderr.contains("NUL.swift: warning: file looks binary"))
        #expect(out.stdout.contains("Folder.swift/Row.swift:3:9: warning:"), "\(out.stdout)")
        #expect(out.stderr.contains("(1 file linted"), "\(out.stderr)")
    }

    @Test func symbolicLinkLoopsEndAndEachFileIsLintedOnce() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fm = FileManager.default
        try CLIRunner.write(Self.view(1), to: dir.appendingPathComponent("Sources/Row.swift"))
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("Sources/Loop").path, withDestinationPath: "..")
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("Sources/Self.swift").path, withDestinationPath: "Self.swift")
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("Sources/Alias.swift").path, withDestinationPath: "Row.swift")
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("Mirror").path, withDestinationPath: "Sources")
        let out = try CLIRunner.run(["lint", "."], in: dir)
        #expect(out.stdout.split(separator: "\n").count == 1, "\(out.stdout)")
        #expect(out.stderr.contains("(1 file linted"), "\(out.stderr)")
        // Named directly, the looping link is an error that names it; the run goes on.
        let named = try CLIRunner.run(["lint", "Sources/Self.swift", "Sources/Row.swift"], in: dir)
        #expect(named.status == 2)
        #expect(named.stderr.contains("viewlint: error: Sources/Self.swift: "), "\(named.stderr)")
        #expect(named.stdout.contains("Sources/Row.swift:3:9: warning:"))
    }

    @Test func unreadableFileIsAnErrorAndTheRunContinues() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try CLIRunner.write(Self.view(1), to: dir.appendingPathComponent("Readable.swift"))
        let locked = dir.appendingPathComponent("Locked.swift")
        try CLIRunner.write(Self.view(2), to: locked)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: locked.path)
        let out: CLIRunner.Output
        if geteuid() == 0 {
            // Root reads anything; run the binary as nobody, from a copy nobody can reach.
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir.path)
            let copy = dir.appendingPathComponent("viewlint-bin")
            try CLIRunner.copyExecutable(to: copy)
            out = try CLIRunner.run(["--reuid=65534", "--regid=65534", "--clear-groups", copy.path, "lint", "."], in: dir,
                                    executable: URL(fileURLWithPath: "/usr/bin/setpriv"))
        } else {
            out = try CLIRunner.run(["lint", "."], in: dir)
        }
        #expect(out.status == 2, "\(out.stderr)")
        #expect(out.stderr.contains("viewlint: error: Locked.swift: permission denied"), "\(out.stderr)")
        #expect(out.stdout.contains("Readable.swift:3:9: warning:"), "\(out.stdout)")
    }

    @Test func fileOverTwoGibibytesIsAnErrorAndTheRunContinues() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try CLIRunner.write(Self.view(1), to: dir.appendingPathComponent("Small.swift"))
        // Sparse: the size is set, no bytes are written. Offsets past 2 GiB do not fit the
        // model's 32-bit signed ranges, so the file must be refused, not read.
        let huge = dir.appendingPathComponent("Huge.swift")
        try CLIRunner.write("", to: huge)
        #expect(truncate(huge.path, off_t(Int32.max) + 1) == 0)
        let out = try CLIRunner.run(["lint", "--no-config", "."], in: dir)
        #expect(out.status == 2, "\(out.stderr)")
        #expect(out.stderr.contains("viewlint: error: Huge.swift: larger than 2 GiB, the most viewlint reads"), "\(out.stderr)")
        #expect(out.stdout.contains("Small.swift:3:9: warning:"), "\(out.stdout)")
    }

    /// A directory large enough that its entries are `stat`ed on every core is walked as one
    /// thread walks it: the same files in the same order, a file linked twice found once, a
    /// dangling link and a file of another kind left out. On one core the "parallel" walk is the
    /// serial one (Dispatch runs every iteration on the caller), so there it proves nothing and
    /// is skipped rather than passed.
    @Test(.enabled(if: ProjectModel.processorCount > 1, "one core walks serially either way"))
    func largeDirectoryWalkedInParallelFindsWhatASerialWalkFinds() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let count = FileDiscovery.entriesForParallelStatus + 36
        for k in 0..<count { try CLIRunner.write(Self.view(k), to: dir.appendingPathComponent("V\(k).swift")) }
        try CLIRunner.write("notes", to: dir.appendingPathComponent("Notes.txt"))
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("Nested"), withIntermediateDirectories: true)
        try CLIRunner.write(Self.view(0), to: dir.appendingPathComponent("Nested/Inner.swift"))
        #expect(symlink(dir.appendingPathComponent("V1.swift").path, dir.appendingPathComponent("Again.swift").path) == 0)
        #expect(symlink(dir.appendingPathComponent("Gone.swift").path, dir.appendingPathComponent("Dangling.swift").path) == 0)
        var request = LintSetup.Request()
        request.noConfig = true
        guard case .success(let setup) = LintSetup.make(request) else {
            Issue.record("no setup")
            return
        }
        var serialCollected = LintCommand.Collected(), parallelCollected = LintCommand.Collected()
        let serial = LintCommand.discover([dir.path], setup: setup, parallel: false, into: &serialCollected)
        let parallel = LintCommand.discover([dir.path], setup: setup, parallel: true, into: &parallelCollected)
        #expect(parallel == serial)
        // The link sorts first, so it is the one found; its target is then left out.
        #expect(serial.count == count + 1)
        #expect(serial.first.map { URL(fileURLWithPath: $0.path).lastPathComponent } == "Again.swift")
        #expect(!serial.contains { $0.path.hasSuffix("/V1.swift") })
        #expect(serial.last.map { URL(fileURLWithPath: $0.path).lastPathComponent } == "Inner.swift")
    }

    @Test func fileThatVanishesAfterTheWalkIsAnErrorAndTheRunContinues() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try CLIRunner.write(Self.view(1), to: dir.appendingPathComponent("Stays.swift"))
        try CLIRunner.write(Self.view(2), to: dir.appendingPathComponent("Goes.swift"))
        var request = LintSetup.Request()
        request.noConfig = true
        guard case .success(let setup) = LintSetup.make(request) else {
            Issue.record("no setup")
            return
        }
        var collected = LintCommand.Collected()
        let found = LintCommand.discover([dir.path], setup: setup, into: &collected)
        #expect(found.map { URL(fileURLWithPath: $0.path).lastPathComponent } == ["Goes.swift", "Stays.swift"])
        try FileManager.default.removeItem(at: dir.appendingPathComponent("Goes.swift"))
        LintCommand.read(found, parallel: true, setup: setup, into: &collected)
        #expect(collected.inputs.map { URL(fileURLWithPath: $0.displayPath).lastPathComponent } == ["Stays.swift"])
        #expect(collected.inputErrors.map(\.path) == [dir.appendingPathComponent("Goes.swift").path])
        #expect(collected.inputErrors.first?.message == "no such file or directory")
    }
}
