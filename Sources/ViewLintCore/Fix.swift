import ViewLintModel
import ViewLintSyntax

/// A suggested change that resolves a finding: in words (`summary`) and, when it is mechanical,
/// as byte edits that `viewlint lint --fix` applies.
///
/// A fix is `safe` when the result compiles and behaves the same wherever the rule can tell;
/// `unsafe` when it may not (a migration across files, a change of semantics the rule cannot
/// prove harmless): those apply only with `--unsafe-fixes`. Each rule documents which of its
/// fixes are unsafe and why. A fix without edits is advice: it is reported, never applied.
public struct Fix: Sendable, Hashable {
    public enum Safety: String, Sendable, Hashable { case safe, unsafe }

    public var summary: String {
        get { summaryText.text }
        set { summaryText = FilledText(newValue) }
    }
    /// The summary as stored: most rules write it whole, and one that makes a fix per declaration
    /// keeps its template and the names it quotes, joined only when a report prints it.
    public var summaryText: FilledText
    public var safety: Safety
    /// Non-overlapping edits, all applied together or not at all. Offsets are into the files as
    /// the rule saw them.
    public var edits: [TextEdit]
    /// Why the rule offers no mechanical fix here although it has one for other findings
    /// (`--fix` prints it, so users learn what to change by hand).
    public var refusal: String?

    public init(summary: String, safety: Safety = .safe, edits: [TextEdit] = []) {
        self.init(summary: FilledText(summary), safety: safety, edits: edits)
    }

    public init(summary: FilledText, safety: Safety = .safe, edits: [TextEdit] = []) {
        self.summaryText = summary
        self.safety = safety
        self.edits = edits
    }

    /// Advice only, saying why the mechanical fix is not offered.
    public static func notOffered(_ summary: String, because reason: String) -> Fix {
        var fix = Fix(summary: summary)
        fix.refusal = reason
        return fix
    }

    /// One replacement in the finding's own file.
    public init(summary: String, replacement: (range: SourceRange, text: String)?) {
        self.init(summary: summary, edits: replacement.map { [TextEdit(range: $0.range, text: $0.text)] } ?? [])
    }

    /// The edit, when the fix is one replacement in the finding's own file.
    public var replacement: (range: SourceRange, text: String)? {
        guard edits.count == 1, edits[0].path == nil else { return nil }
        return (edits[0].range, edits[0].text)
    }

    /// Can `--fix` apply it?
    public var isMechanical: Bool { !edits.isEmpty }
}

/// A finding's fixes as stored. Most findings have none, or one that is advice alone (safe, no
/// edits): that one is kept inline as its summary, and only other lists take an array. Findings
/// are held until their report is written, and one huge file's findings each held an array of
/// one fix (112 bytes of heap) for advice that text and SARIF output never print.
public struct FixList: Sendable, Hashable {
    private var advice: FilledText?
    private var list: [Fix]

    public init(_ fixes: [Fix] = []) {
        if fixes.count == 1, fixes[0].edits.isEmpty, fixes[0].refusal == nil, fixes[0].safety == .safe {
            advice = fixes[0].summaryText
            list = []
        } else {
            advice = nil
            list = fixes
        }
    }

    /// Only advice: what `init(_:)` keeps of a lone safe fix without edits, with no array made
    /// and freed on the way (one per finding of a rule whose every fix is advice).
    public init(advice: FilledText) {
        self.advice = advice
        list = []
    }

    public var fixes: [Fix] { advice.map { [Fix(summary: $0)] } ?? list }
    public var isEmpty: Bool { advice == nil && list.isEmpty }
    /// The fixes with edits: never the inline advice, so reading them makes no array for it.
    public var mechanical: [Fix] { advice == nil ? list.filter(\.isMechanical) : [] }
}

/// Text made of a template's fixed parts with up to two strings filled in between them, joined
/// only when it is read. Findings are held until their report is written, and a rule that flags
/// each of a huge file's declarations made as many strings that differ only in the names they
/// quote, which text and SARIF output never read (`unused_stored_input`'s took 43 MB of the 496
/// MB peak of one file of 130,000 views).
public struct FilledText: Sendable, Hashable, CustomStringConvertible {
    /// The fixed parts: one more than the strings filled in between them.
    public final class Template: Sendable {
        let parts: [String]
        public init(_ parts: String...) {
            precondition(parts.count == 2 || parts.count == 3, "a template fills in one or two strings")
            self.parts = parts
        }
    }

    /// Nil for text stored whole, in `first`.
    private let template: Template?
    private let first: String
    private let second: String

    public init(_ text: String) {
        template = nil
        first = text
        second = ""
    }

    /// `template`'s parts with `first` and (for a template of three parts) `second` between them.
    public init(_ template: Template, _ first: String, _ second: String = "") {
        self.template = template
        self.first = first
        self.second = second
    }

    public var text: String {
        guard let parts = template?.parts else { return first }
        var text = parts[0]
        text.reserveCapacity(parts.reduce(first.utf8.count + second.utf8.count) { $0 + $1.utf8.count })
        text += first
        text += parts[1]
        if parts.count == 3 {
            text += second
            text += parts[2]
        }
        return text
    }

    public var description: String { text }

    public static func == (a: FilledText, b: FilledText) -> Bool {
        if a.template === b.template && a.first == b.first && a.second == b.second { return true }
        return a.text == b.text
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}

/// Replace the bytes of `range` with `text` (an insertion when the range is empty, a deletion
/// when the text is).
public struct TextEdit: Sendable, Hashable {
    /// The file, as its `SourceFile.path` names it; nil for the finding's own file. Only
    /// project-wide fixes (a migration) edit other files.
    public var path: String?
    public var range: SourceRange
    public var text: String

    public init(path: String? = nil, range: SourceRange, text: String) {
        self.path = path
        self.range = range
        self.text = text
    }

    public static func insert(_ text: String, at offset: Int, path: String? = nil) -> TextEdit {
        TextEdit(path: path, range: SourceRange(start: offset, end: offset), text: text)
    }

    public static func delete(_ range: SourceRange, path: String? = nil) -> TextEdit {
        TextEdit(path: path, range: range, text: "")
    }

    /// Do two edits of one file touch the same bytes? Two insertions at one offset do too: the
    /// order of their texts would be a guess.
    public func overlaps(_ other: TextEdit) -> Bool {
        if range.start == other.range.start { return true }
        return range.start < other.range.end && other.range.start < range.end
    }

    /// `bytes` with `edits` applied; nil when an edit lies outside the file, splits a UTF-8
    /// sequence, or overlaps another.
    public static func apply(_ edits: [TextEdit], to bytes: [UInt8]) -> [UInt8]? {
        let sorted = edits.sorted { $0.range < $1.range }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + sorted.reduce(0) { $0 + $1.text.utf8.count })
        var position = 0
        for (i, edit) in sorted.enumerated() {
            guard edit.range.start >= position, edit.range.end <= bytes.count,
                  isBoundary(edit.range.start, bytes), isBoundary(edit.range.end, bytes) else { return nil }
            if i > 0 && sorted[i - 1].range.start == edit.range.start { return nil }
            result.append(contentsOf: bytes[position..<edit.range.start])
            result.append(contentsOf: edit.text.utf8)
            position = edit.range.end
        }
        result.append(contentsOf: bytes[position...])
        return result
    }

    static func isBoundary(_ offset: Int, _ bytes: [UInt8]) -> Bool {
        offset == bytes.count || bytes[offset] & 0xC0 != 0x80
    }
}

/// Ranges for edits that keep the formatting around them: whole lines when the code is alone
/// on them, the spaces that separate a word from the next one.
public enum EditRanges {
    static func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }
    static func isNewline(_ b: UInt8) -> Bool { b == 0x0A || b == 0x0D }

    /// `range` widened to whole lines (with the line break after them) when only blanks share
    /// those lines with it; nil when other code does. A comment after the code on its last line
    /// goes with it: it is about that code.
    public static func wholeLines(_ range: SourceRange, in source: SourceFile, allowTrailingComment: Bool = true) -> SourceRange? {
        let bytes = source.bytes
        var start = range.start
        while start > 0 && isBlank(bytes[start - 1]) { start -= 1 }
        guard start == 0 || isNewline(bytes[start - 1]) else { return nil }
        var end = range.end
        while end < bytes.count && isBlank(bytes[end]) { end += 1 }
        if allowTrailingComment, end + 1 < bytes.count, bytes[end] == 0x2F, bytes[end + 1] == 0x2F {
            while end < bytes.count && !isNewline(bytes[end]) { end += 1 }
        }
        guard end == bytes.count || isNewline(bytes[end]) else { return nil }
        if end < bytes.count {
            if bytes[end] == 0x0D && end + 1 < bytes.count && bytes[end + 1] == 0x0A { end += 2 } else { end += 1 }
        }
        return SourceRange(start: start, end: end)
    }

    /// `wholeLines`, also taking one blank line after them when the lines before are blank or
    /// open a block: removing a declaration then leaves no doubled or leading blank line.
    public static func removableLines(_ range: SourceRange, in source: SourceFile, allowTrailingComment: Bool = true) -> SourceRange? {
        guard var lines = wholeLines(range, in: source, allowTrailingComment: allowTrailingComment) else { return nil }
        let bytes = source.bytes
        var next = lines.end
        while next < bytes.count && isBlank(bytes[next]) { next += 1 }
        guard next < bytes.count, isNewline(bytes[next]) else { return lines }
        // The last byte before the removed lines that is neither blank nor their own line break.
        var p = lines.start - 1
        if p >= 0 && bytes[p] == 0x0A { p -= 1 }
        if p >= 0 && bytes[p] == 0x0D { p -= 1 }
        while p >= 0 && isBlank(bytes[p]) { p -= 1 }
        let previousIsBlankOrOpens = p < 0 || isNewline(bytes[p]) || bytes[p] == 0x7B
        if previousIsBlankOrOpens {
            if bytes[next] == 0x0D && next + 1 < bytes.count && bytes[next + 1] == 0x0A { next += 1 }
            lines.end = next + 1
        }
        return lines
    }

    /// `range` with the blanks after it, so that removing a word (`@Published `) leaves one
    /// space where there were two; the blanks before it instead when it ends a line.
    public static func withSeparatingBlanks(_ range: SourceRange, in source: SourceFile) -> SourceRange {
        let bytes = source.bytes
        var end = range.end
        while end < bytes.count && isBlank(bytes[end]) { end += 1 }
        if end < bytes.count && !isNewline(bytes[end]) { return SourceRange(start: range.start, end: end) }
        var start = range.start
        while start > 0 && isBlank(bytes[start - 1]) { start -= 1 }
        return SourceRange(start: start, end: range.end)
    }

    /// The blanks that start the line holding `offset`.
    public static func indentation(ofLineAt offset: Int, in source: SourceFile) -> String {
        let line = source.lineRange(source.line(ofOffset: offset))
        var end = line.lowerBound
        while end < line.upperBound && isBlank(source.bytes[end]) { end += 1 }
        return String(decoding: source.bytes[line.lowerBound..<end], as: UTF8.self)
    }
}
