/// The libFuzzer target: arbitrary bytes through the whole pipeline (tokenize, parse, model,
/// every rule, suppressions, every formatter), checking the invariants the rest of viewlint and
/// its users rely on. Any violation stops the process with `fatalError`, which libFuzzer records
/// as a crash and saves the input for. Built and run by `Tests/Fuzz/fuzz.sh`, never by SwiftPM:
/// it is not part of the package's products.
///
/// Each input is linted twice: as one file, and split in two files at the first line break at or
/// after its middle, so that code which joins facts across files (extensions, view types used
/// elsewhere) is fuzzed too. Bits of the input's length pick a deployment target and whether the
/// second file is only context, so every setting is reached without a header the mutator would
/// have to learn.
import ViewLintCore
import ViewLintEngine
import ViewLintFormatters
import ViewLintModel
import ViewLintRules
import ViewLintSyntax

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = size > 0 && data != nil ? Array(UnsafeBufferPointer(start: data, count: size)) : []
    let target = FuzzRun.deploymentTargets[bytes.count % FuzzRun.deploymentTargets.count]

    FuzzRun.check([SourceFile(path: "Sources/Fuzz/Whole.swift", bytes: bytes)], secondIsContext: false, target: target)

    var split = bytes.count / 2
    while split < bytes.count && bytes[split] != 0x0A { split += 1 }
    if split < bytes.count { split += 1 }
    FuzzRun.check([SourceFile(path: "Sources/Fuzz/First.swift", bytes: Array(bytes[..<split])),
                   SourceFile(path: "Sources/Fuzz/Second.swift", bytes: Array(bytes[split...]))],
                  secondIsContext: bytes.count % 2 == 1, target: target)
    return 0
}

enum FuzzRun {
    /// No target (every API assumed available), an old one and a current one: rules such as
    /// `observable_object` say different things under each.
    static let deploymentTargets: [DeploymentTarget?] = [
        nil,
        DeploymentTarget(platforms: ["ios": [16, 0], "macos": [13, 0]], source: "fuzz"),
        DeploymentTarget(platforms: ["ios": [17, 0]], source: "fuzz"),
    ]

    static let configuration = Configuration()
    static let rules = configuration.configuredRules()
    static let knownRuleIDs = Set(RuleRegistry.ids)
    static let metaSeverities = configuration.metaSeverities()
    /// The rules' metadata without most of their documentation: the help SARIF embeds does not
    /// depend on the input (the golden tests check it), and rendering it in full every run took
    /// two thirds of the time.
    static let descriptions = RuleRegistry.all.map { type -> RuleDescription in
        var description = type.description
        description.rationale = "Rationale."
        description.triggeringExamples = []
        description.nonTriggeringExamples = []
        description.knownLimits = []
        return description
    }

    static func check(_ sources: [SourceFile], secondIsContext: Bool, target: DeploymentTarget?) {
        for source in sources { checkSyntax(source) }

        let inputs = sources.enumerated().map { index, source in
            LintInput(source: source, isReported: !(secondIsContext && index == 1), deploymentTarget: target)
        }
        // Serial, so that a crash's stack is the rule's and runs are reproducible.
        let result = Linter.lint(inputs, rules: rules, knownRuleIDs: knownRuleIDs, metaSeverities: metaSeverities,
                                 parallel: false, lineHashes: true)
        let byPath = Dictionary(uniqueKeysWithValues: sources.map { ($0.path, $0) })
        for finding in result.findings { checkFinding(finding, byPath, suppressed: false) }
        for finding in result.suppressedFindings { checkFinding(finding, byPath, suppressed: true) }
        for note in result.notes {
            guard let source = byPath[note.path] else { fail("a note names an unknown file: \(note.formatted)") }
            if let line = note.line, !(1...source.lineCount).contains(line) {
                fail("note line \(line) outside 1...\(source.lineCount): \(note.formatted)")
            }
        }
        checkFormatters(result)
    }

    // MARK: Tokens and tree

    static func checkSyntax(_ source: SourceFile) {
        let count = source.bytes.count
        let file = Lexer.tokenize(source)
        let tokens = file.tokens
        guard let last = tokens.last, last.kind == .endOfFile else { fail("the token list does not end with endOfFile") }
        if file.reassembled() != source.bytes { fail("the tokens do not reassemble the file") }
        var expected: UInt32 = 0
        for (i, t) in tokens.enumerated() {
            guard expected <= t.textStart, t.textStart <= t.textEnd, t.textEnd <= t.trailingEnd,
                  Int(t.trailingEnd) <= count else {
                fail("token \(i) has ranges out of order or past the end: \(t)")
            }
            guard t.hasLeadingTrivia == (expected < t.textStart) else {
                fail("token \(i) says its leading trivia is \(t.hasLeadingTrivia ? "" : "not ")empty, but it is \(expected)..<\(t.textStart)")
            }
            if t.kind == .endOfFile && i != tokens.count - 1 { fail("endOfFile token \(i) before the end") }
            expected = t.trailingEnd
        }
        guard Int(expected) == count else { fail("the tokens end at \(expected) of \(count) bytes") }
        var previousEnd = 0
        for comment in file.comments {
            guard comment.lowerBound >= previousEnd, comment.upperBound <= count else {
                fail("comment \(comment) overlaps the previous one or leaves the file")
            }
            previousEnd = comment.upperBound
        }
        for note in file.notes where !(0...count).contains(note.offset) {
            fail("lexer note at \(note.offset) outside the file of \(count) bytes")
        }

        let tree = Parser.parse(file)
        guard !tree.nodes.isEmpty, tree[tree.root].kind == .sourceFile else { fail("the root is not a sourceFile node") }
        let tokenCount = Int32(tokens.count)
        var isChild = [Bool](repeating: false, count: tree.nodes.count)
        for (index, node) in tree.nodes.enumerated() {
            guard node.firstToken >= 0, node.firstToken <= node.endToken, node.endToken <= tokenCount else {
                fail("node \(index) (\(node.kind)) covers tokens \(node.firstToken)..<\(node.endToken) of \(tokenCount)")
            }
            for child in tree.children(index) {
                let inner = tree.nodes[child]
                guard !isChild[child], node.firstToken <= inner.firstToken, inner.endToken <= node.endToken else {
                    fail("node \(child) (\(inner.kind)) leaves its parent \(node.kind) or has two parents")
                }
                isChild[child] = true
            }
        }
        for index in tree.nodes.indices where !isChild[index] && index != tree.root {
            fail("node \(index) (\(tree.nodes[index].kind)) has no parent")
        }
        _ = FileModel.extract(from: tree)
    }

    // MARK: Findings

    static func checkFinding(_ f: Finding, _ byPath: [String: SourceFile], suppressed: Bool) {
        let what = "\(suppressed ? "suppressed " : "")finding \(f.ruleID) at \(f.path):\(f.start.line):\(f.start.column)"
        guard let source = byPath[f.path] else { fail("\(what) names an unknown file") }
        let count = source.bytes.count
        guard (0...count).contains(f.start.offset), (f.start.offset...count).contains(f.end.offset) else {
            fail("\(what): offsets \(f.start.offset)..<\(f.end.offset) outside the file of \(count) bytes")
        }
        for location in [f.start, f.end] {
            guard location == source.location(ofOffset: location.offset) else {
                fail("\(what): location \(location) disagrees with the file's own for offset \(location.offset)")
            }
            let line = source.lineRange(location.line)
            guard (1...source.lineCount).contains(location.line), location.byteColumn >= 1,
                  location.byteColumn <= line.count + 1, location.column <= location.byteColumn,
                  location.column <= location.utf16Column, location.utf16Column <= location.byteColumn else {
                fail("\(what): \(location) outside line \(location.line) (\(line))")
            }
            // Columns count what the line decodes to, as `lineText` holds it.
            let hasBOM = source.bytes.starts(with: [0xEF, 0xBB, 0xBF])
            let prefixStart = line.lowerBound == 0 && hasBOM && location.offset >= 3 ? 3 : line.lowerBound
            let prefix = String(decoding: source.bytes[prefixStart..<location.offset], as: UTF8.self)
            guard location.column == prefix.unicodeScalars.count + 1, location.utf16Column == prefix.utf16.count + 1 else {
                fail("\(what): \(location) does not count the \(prefix.unicodeScalars.count) scalars before it")
            }
        }
        guard f.end.line == f.start.line else { fail("\(what) ends on another line (\(f.end.line))") }
        // `lineText` is the whole line, or for a long line a window of it around the finding.
        let lineBytes = source.bytes[source.lineRange(f.start.line)]
        let wholeLine = String(decoding: lineBytes, as: UTF8.self)
        if f.lineTextStartColumn != 1 || f.lineText != wholeLine {
            guard lineBytes.count > Linter.maximumLineTextBytes, f.lineTextStartColumn <= f.start.column,
                  f.lineText.utf8.count < lineBytes.count else {
                fail("\(what): lineText is neither its line nor a window of a long line")
            }
            if String(validating: lineBytes, as: UTF8.self) != nil && !wholeLine.contains(f.lineText) {
                fail("\(what): the window of a long line is not part of the line")
            }
        }
        guard !f.message.isEmpty, !f.ruleID.isEmpty, knownRuleIDs.contains(f.ruleID) else {
            fail("\(what): empty message or unknown rule")
        }
        guard f.fingerprints[Finding.lineHashKey] != nil else { fail("\(what) has no line hash") }
        guard (f.suppression != nil) == suppressed else { fail("\(what): suppression info does not match its list") }
        for fix in f.fixes {
            for edit in fix.edits where edit.path == nil {
                guard edit.range.start >= 0, edit.range.start <= edit.range.end, edit.range.end <= count else {
                    fail("\(what): fix range \(edit.range) outside the file")
                }
            }
        }
    }

    // MARK: Formatters

    static func checkFormatters(_ result: LintResult) {
        let run = RunInfo(toolVersion: "0.0.0-fuzz", informationURI: "https://example.com/viewlint",
                          filesLinted: result.reportedFileCount, currentDirectory: "/repo/App",
                          repositoryRoot: "/repo", executionSuccessful: result.notes.isEmpty, notes: result.notes)
        let report = Report(findings: result.findings, suppressedFindings: result.suppressedFindings,
                            rules: descriptions, run: run)

        let plain = ReportFormat.text.render(report)
        checkLines(plain, format: "text", expectedLines: report.findings.count)
        checkLines(TextFormatter(color: false, showSource: true).format(report.findings), format: "text with source",
                   expectedLines: 3 * report.findings.count)
        _ = ReportFormat.text.render(report, color: true, showSource: true)
        checkLines(ReportFormat.github.render(report), format: "github", expectedLines: report.findings.count)
        for format in [ReportFormat.json, .sarif, .codeclimate, .sonarqube] {
            let text = format.render(report)
            if let problem = StrictJSON.problem(in: Array(text.utf8)) {
                fail("\(format.rawValue) output is not JSON: \(problem)\n\(text)")
            }
        }
        // XML cannot carry most control characters at all, and a summary must not move a cursor.
        for format in [ReportFormat.checkstyle, .junit, .markdown] {
            let text = format.render(report)
            if let scalar = text.unicodeScalars.first(where: { $0 != "\n" && isControl($0) }) {
                fail("\(format.rawValue) output holds the raw control character U+\(String(scalar.value, radix: 16)):\n\(text)")
            }
        }
    }

    /// One record per line, and nothing that could move a terminal's cursor or forge a line.
    static func checkLines(_ text: String, format: String, expectedLines: Int) {
        var lines = 0
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                lines += 1
            } else if isControl(scalar) {
                fail("\(format) output holds the raw control character U+\(String(scalar.value, radix: 16)):\n\(text)")
            }
        }
        guard lines == expectedLines, text.isEmpty || text.hasSuffix("\n") else {
            fail("\(format) output has \(lines) lines, expected \(expectedLines):\n\(text)")
        }
    }

    /// What must never reach a terminal or log raw (see `TextFormatter.sanitize`): C0 controls
    /// but tab, DEL, C1 controls, line and paragraph separators, and bidirectional overrides.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09: return false
        case 0x00..<0x20, 0x7F..<0xA0, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    static func fail(_ message: String) -> Never {
        fatalError("fuzz invariant violated: \(message)")
    }
}


/// A strict RFC 8259 checker: one value, no trailing commas, no raw control characters in
/// strings, only the standard escapes, numbers in JSON's grammar. Stricter than most parsers, so
/// that whatever passes here parses everywhere.
enum StrictJSON {
    static func problem(in bytes: [UInt8]) -> String? {
        var parser = Cursor(bytes: bytes)
        do {
            parser.skipSpace()
            try parser.value(depth: 0)
            parser.skipSpace()
            if parser.index != bytes.count { throw Problem(offset: parser.index, what: "text after the value") }
            return nil
        } catch let problem as Problem {
            return "\(problem.what) at byte \(problem.offset)"
        } catch {
            return "\(error)"
        }
    }

    struct Problem: Error {
        var offset: Int
        var what: String
    }

    struct Cursor {
        let bytes: [UInt8]
        var index = 0

        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        func problem(_ what: String) -> Problem { Problem(offset: index, what: what) }

        mutating func skipSpace() {
            while let b = current, b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { index += 1 }
        }

        mutating func expect(_ literal: String) throws {
            for b in literal.utf8 {
                guard current == b else { throw problem("expected '\(literal)'") }
                index += 1
            }
        }

        mutating func value(depth: Int) throws {
            guard depth < 512 else { throw problem("nesting too deep") }
            switch current {
            case UInt8(ascii: "{"):
                index += 1
                skipSpace()
                if current == UInt8(ascii: "}") { index += 1; return }
                while true {
                    skipSpace()
                    guard current == UInt8(ascii: "\"") else { throw problem("expected a member name") }
                    try string()
                    skipSpace()
                    try expect(":")
                    skipSpace()
                    try value(depth: depth + 1)
                    skipSpace()
                    if current == UInt8(ascii: ",") { index += 1; continue }
                    try expect("}")
                    return
                }
            case UInt8(ascii: "["):
                index += 1
                skipSpace()
                if current == UInt8(ascii: "]") { index += 1; return }
                while true {
                    skipSpace()
                    try value(depth: depth + 1)
                    skipSpace()
                    if current == UInt8(ascii: ",") { index += 1; continue }
                    try expect("]")
                    return
                }
            case UInt8(ascii: "\""): try string()
            case UInt8(ascii: "t"): try expect("true")
            case UInt8(ascii: "f"): try expect("false")
            case UInt8(ascii: "n"): try expect("null")
            case .some(let b) where b == UInt8(ascii: "-") || (0x30...0x39).contains(b): try number()
            default: throw problem("expected a value")
            }
        }

        mutating func string() throws {
            index += 1
            while let b = current {
                index += 1
                switch b {
                case UInt8(ascii: "\""): return
                case UInt8(ascii: "\\"):
                    guard let e = current else { throw problem("unterminated escape") }
                    index += 1
                    switch e {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                         UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                        break
                    case UInt8(ascii: "u"):
                        for _ in 0..<4 {
                            guard let h = current, isHexDigit(h) else { throw problem("bad \\u escape") }
                            index += 1
                        }
                    default: throw problem("unknown escape")
                    }
                case 0x00..<0x20: throw problem("raw control character in a string")
                default: break
                }
            }
            throw problem("unterminated string")
        }

        mutating func number() throws {
            if current == UInt8(ascii: "-") { index += 1 }
            guard let first = current, isDigit(first) else { throw problem("expected a digit") }
            index += 1
            if first != UInt8(ascii: "0") { while let d = current, isDigit(d) { index += 1 } }
            if current == UInt8(ascii: ".") {
                index += 1
                guard let d = current, isDigit(d) else { throw problem("expected a fraction digit") }
                while let d = current, isDigit(d) { index += 1 }
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                index += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
                guard let d = current, isDigit(d) else { throw problem("expected an exponent digit") }
                while let d = current, isDigit(d) { index += 1 }
            }
        }

        func isDigit(_ b: UInt8) -> Bool { (0x30...0x39).contains(b) }
        func isHexDigit(_ b: UInt8) -> Bool {
            isDigit(b) || (0x41...0x46).contains(b) || (0x61...0x66).contains(b)
        }
    }
}
