import ViewLintCore
import ViewLintSyntax

/// The Xcode/clang form: `path:line:column: severity: message [rule_id]`, one finding a line;
/// columns count characters. With `showSource` (on a terminal) the source line follows with a
/// caret under the flagged text, like modern compilers print; with `color`, severities and the
/// caret are coloured. Control characters from paths, messages and source never reach the
/// terminal: they are shown as `\u{1B}`-style escapes.
public struct TextFormatter: Sendable {
    public var color: Bool
    public var showSource: Bool

    public init(color: Bool = false, showSource: Bool? = nil) {
        self.color = color
        self.showSource = showSource ?? color
    }

    public func format(_ findings: [Finding]) -> String {
        ReportChunk.collect { write(findings, to: $0) }
    }

    /// The findings as UTF-8, written line by line into a buffer handed to `sink` a chunk at
    /// a time: no string is built per finding, and a file's sanitized path is made once for
    /// all its findings.
    public func write(_ findings: [Finding], to sink: ReportSink) {
        write(findings, in: findings.indices, to: sink)
    }

    /// `write(_:to:)` of `findings[range]` only: the lines of consecutive ranges, one after
    /// another, are those of the whole list (a line depends on its finding alone), so a caller
    /// can write ranges side by side.
    public func write(_ findings: [Finding], in range: Range<Int>, to sink: ReportSink) {
        var out: [UInt8] = []
        out.reserveCapacity(ReportChunk.size + 4096)
        write(findings, in: range, into: &out, drainingTo: sink, atLeast: ReportChunk.size)
        ReportChunk.drain(&out, to: sink, atLeast: 1)
    }

    /// The lines of `findings[range]` appended to `out`, whole: for a caller that holds them
    /// anyway (a piece of a report formatted side by side, about 66 KB), which through a sink
    /// had a chunk's buffer (1 MiB) reserved and the lines copied out of it.
    public func write(_ findings: [Finding], in range: Range<Int>, into out: inout [UInt8]) {
        // Never drained: no buffer holds `Int.max` bytes.
        write(findings, in: range, into: &out, drainingTo: { _ in }, atLeast: .max)
    }

    /// Appends the lines of `findings[range]` to `out`, handed to `sink` whenever it holds `chunk` bytes.
    private func write(_ findings: [Finding], in range: Range<Int>, into out: inout [UInt8], drainingTo sink: ReportSink,
                       atLeast chunk: Int) {
        var path: String? = nil
        var shownPath: [UInt8] = []
        // The last few messages that needed no escapes: a repeat is copied without its bytes
        // being scanned for control characters again, a third of writing a huge file's finding.
        var messages = RecentTexts()
        var tails = RecentTails()
        // By index, not `for finding in findings`: copying each finding out retained every
        // reference it holds (symbol, fixes, line text), each on a cold cache line for a report
        // of hundreds of thousands, and the line printed reads none of them.
        for i in range {
            if findings[i].path != path {
                path = findings[i].path
                shownPath = []
                TextFormatter.appendSanitized(findings[i].path, to: &shownPath)
            }
            writeLocation(findings, i, path: shownPath, into: &out)
            if let tail = tails.find(findings, i) {
                out.append(contentsOf: tail)
            } else {
                let start = out.count
                writeTail(findings, i, messages: &messages, into: &out)
                tails.remember(findings, i, Array(out[start...]))
            }
            out.append(0x0A)
            if showSource {
                out.append(contentsOf: sourceExcerpt(findings[i]).utf8)
            }
            ReportChunk.drain(&out, to: sink, atLeast: chunk)
        }
    }

    /// `path:line:column: severity: message [rule_id]` of `findings[i]`, with `path` already
    /// sanitized. Reads the fields it prints, through the index.
    func write(_ findings: [Finding], _ i: Int, path: [UInt8], messages: inout RecentTexts, into out: inout [UInt8]) {
        writeLocation(findings, i, path: path, into: &out)
        writeTail(findings, i, messages: &messages, into: &out)
    }

    /// What a line of `findings[i]` starts with, `path:line:column:`.
    func writeLocation(_ findings: [Finding], _ i: Int, path: [UInt8], into out: inout [UInt8]) {
        let start = findings[i].start
        if color { out.append(contentsOf: "\u{1B}[1m".utf8) }
        out.append(contentsOf: path)
        out.append(0x3A) // :
        NumberBytes.appendDecimal(start.line, to: &out)
        out.append(0x3A)
        NumberBytes.appendDecimal(start.column, to: &out)
        out.append(0x3A)
    }

    /// The rest of the line of `findings[i]`, ` severity: message [rule_id]`: the same bytes for
    /// every finding with its severity, message and rule.
    func writeTail(_ findings: [Finding], _ i: Int, messages: inout RecentTexts, into out: inout [UInt8]) {
        let severity = findings[i].severity
        if color { out.append(contentsOf: "\u{1B}[0m".utf8) }
        out.append(0x20)
        if color { out.append(contentsOf: TextFormatter.colorCode(severity).utf8) }
        TextFormatter.appendBytes(of: severity.rawValue, to: &out)
        if color { out.append(contentsOf: "\u{1B}[0m".utf8) }
        out.append(0x3A) // :
        out.append(0x20)
        let message = findings[i].message
        if messages.find(message) != nil {
            TextFormatter.appendBytes(of: message, to: &out)
        } else if TextFormatter.appendSanitized(message, to: &out) {
            messages.remember(message)
        }
        out.append(0x20)
        out.append(0x5B) // [
        TextFormatter.appendBytes(of: findings[i].ruleID, to: &out)
        out.append(0x5D) // ]
    }

    /// The tails (`writeTail`) last written, newest first, with what they were made of: most
    /// findings of a large report repeat one of a few messages, and a repeat is copied whole
    /// rather than written field by field.
    struct RecentTails {
        private var tails: [(severity: Severity, message: String, ruleID: String, bytes: [UInt8])] = []

        func find(_ findings: [Finding], _ i: Int) -> [UInt8]? {
            for k in tails.indices where tails[k].severity == findings[i].severity && tails[k].message == findings[i].message
                && tails[k].ruleID == findings[i].ruleID {
                return tails[k].bytes
            }
            return nil
        }

        mutating func remember(_ findings: [Finding], _ i: Int, _ bytes: [UInt8]) {
            if tails.count == 4 { tails.removeLast() }
            tails.insert((findings[i].severity, findings[i].message, findings[i].ruleID, bytes), at: 0)
        }
    }

    /// `text`'s bytes, copied whole from its storage (appending `text.utf8` went through the
    /// generic sequence path, 170 instructions for a few bytes, four times a finding).
    @inline(__always)
    static func appendBytes(of text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { out.append(contentsOf: $0) }
    }

    /// `text` as `sanitize` shows it. Printable ASCII, nearly all text, is recognised on its
    /// bytes and copied whole; returns whether it was.
    @discardableResult
    static func appendSanitized(_ text: String, to out: inout [UInt8]) -> Bool {
        var text = text
        let plain = text.withUTF8 { bytes -> Bool in
            guard !bytes.contains(where: { $0 < 0x20 || $0 >= 0x7F }) else { return false }
            out.append(contentsOf: bytes)
            return true
        }
        if !plain { out.append(contentsOf: sanitize(text).utf8) }
        return plain
    }

    /// The finding's source line and a caret under the flagged text (with tildes to its end on
    /// that line). The caret is placed by terminal cells, not characters: the line is shown
    /// sanitized and with tabs expanded, and CJK or emoji before the column take two cells.
    func sourceExcerpt(_ finding: Finding) -> String {
        let scalars = Array(finding.lineText.unicodeScalars)
        let first = finding.lineTextStartColumn
        let start = min(max(0, finding.start.column - first), scalars.count)
        let end = finding.end.line == finding.start.line ? min(max(start, finding.end.column - first), scalars.count) : scalars.count
        // A window of a long line says that it is one.
        let before = (first > 1 ? "…" : "") + TextFormatter.visible(scalars[..<start])
        let flagged = TextFormatter.visible(scalars[start..<end])
        let after = TextFormatter.visible(scalars[end...])
        let padding = String(repeating: " ", count: TextFormatter.displayWidth(before))
        let caretLine = "^" + String(repeating: "~", count: max(1, TextFormatter.displayWidth(flagged)) - 1)
        let caret = color ? "\u{1B}[32m\(caretLine)\u{1B}[0m" : caretLine
        return "    \(before)\(flagged)\(after)\n    \(padding)\(caret)\n"
    }

    /// Source text as it is shown: tabs as four spaces, control characters escaped.
    static func visible(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars)
        return sanitize(String(text).replacingTabs())
    }

    /// How many terminal cells `text` takes: wide (East Asian wide and fullwidth, emoji shown
    /// as emoji) scalars take two, combining marks, joiners and variation selectors none.
    static func displayWidth(_ text: String) -> Int {
        var width = 0
        for scalar in text.unicodeScalars { width += cellWidth(scalar) }
        return width
    }

    static func cellWidth(_ s: Unicode.Scalar) -> Int {
        let v = s.value
        switch s.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if (0xFE00...0xFE0F).contains(v) || (0xE0100...0xE01EF).contains(v) { return 0 }
        if s.properties.isEmojiPresentation { return 2 }
        if (0x1100...0x115F).contains(v) || (0x2E80...0x303E).contains(v) || (0x3041...0x33FF).contains(v)
            || (0x3400...0x4DBF).contains(v) || (0x4E00...0x9FFF).contains(v) || (0xA000...0xA4CF).contains(v)
            || (0xAC00...0xD7A3).contains(v) || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v)
            || (0xFF00...0xFF60).contains(v) || (0xFFE0...0xFFE6).contains(v) || (0x20000...0x3FFFD).contains(v) {
            return 2
        }
        return 1
    }

    static func colorCode(_ severity: Severity) -> String {
        switch severity {
        case .error: return "\u{1B}[1;31m"
        case .warning: return "\u{1B}[1;35m"
        case .note: return "\u{1B}[1;36m"
        }
    }

    /// Replaces C0 and C1 control characters (escape, carriage return, backspace, ...) and
    /// line/paragraph separators with visible escapes, so a file name or message can neither
    /// move the cursor nor break the one-finding-per-line format.
    public static func sanitize(_ text: String) -> String {
        var needs = false
        for scalar in text.unicodeScalars where isUnsafe(scalar) {
            needs = true
            break
        }
        if !needs { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out.append(contentsOf: "\\u{\(hex)}".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    static func isUnsafe(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        return v < 0x20 && v != 0x09 || v == 0x7F || (v >= 0x80 && v < 0xA0) || v == 0x2028 || v == 0x2029
            || (v >= 0x202A && v <= 0x202E) || (v >= 0x2066 && v <= 0x2069)
    }
}

extension String {
    func replacingTabs() -> String {
        guard contains("\t") else { return self }
        return split(separator: "\t", omittingEmptySubsequences: false).joined(separator: "    ")
    }
}
