import ViewLintCore
import ViewLintModel
import ViewLintSyntax

/// An in-source suppression comment:
///
///     // viewlint:disable rule_id [rule_id ...] [- reason]      until `// viewlint:enable rule_id`
///     // viewlint:enable rule_id [rule_id ...]
///     // viewlint:disable-next-line rule_id [...]               the next line of code
///     // viewlint:disable-line rule_id [...]                    (trailing, on the line it silences)
///     // viewlint:disable-file rule_id [...]
///
/// `all` stands for every rule. Only `//` comments are read (the lexer hands us their ranges),
/// so the same text inside a string literal, or in commented-out code in a block comment, is
/// never a suppression. Ids may be separated by spaces or commas; ` - ` starts the reason, and
/// a second `//` starts a remark that is not part of the directive.
public struct SuppressionDirective: Sendable, Hashable {
    public enum Kind: String, Sendable, CaseIterable {
        case disable, enable, disableNextLine = "disable-next-line", disableLine = "disable-line",
             disableFile = "disable-file"
    }
    public var kind: Kind
    public var ruleIDs: [String]
    public var reason: String?
    /// The comment's line, and the byte range of each rule id (for reporting unused ones).
    public var line: Int
    /// The line a `disable-next-line` applies to: the next line that is not only a comment, so
    /// directives can be stacked above the code they silence. For other kinds, `line`.
    public var targetLine: Int
    public var idRanges: [SourceRange]
    public var commentRange: SourceRange

    /// Bytes, compared with every `//` comment's start: walking a string's UTF-8 view for each
    /// cost about 90 instructions a comment (63,809 on the 14 apps).
    public static let prefix: StaticString = "viewlint:"

    /// A comment that starts like a directive but names no kind viewlint knows
    /// (`// viewlint:disable-nextline x`): reported, since it silences nothing.
    public struct Unrecognized: Sendable, Hashable {
        public var word: String
        public var range: SourceRange
        public var line: Int
        public var suggestion: String?
    }

    /// Finds the directives in a file's comments. Directives that name no rule are returned with
    /// an empty id list so they can be reported.
    public static func parse(_ file: FileModel) -> [SuppressionDirective] {
        scan(file, source: file.source).directives
    }

    /// `source` is `file.source`, which the caller has already read: the model hands it out as
    /// a fresh value, each of its references retained.
    public static func scan(_ file: FileModel, source: SourceFile) -> (directives: [SuppressionDirective], unrecognized: [Unrecognized]) {
        var result: [SuppressionDirective] = []
        var unrecognized: [Unrecognized] = []
        let bytes = source.bytes
        for comment in file.comments {
            // `//` comments only: a block comment can hold commented-out code that mentions one.
            guard comment.count > 2, bytes[comment.lowerBound + 1] == 0x2F else { continue }
            var i = comment.lowerBound + 2
            while i < comment.upperBound && (bytes[i] == 0x2F || bytes[i] == 0x20 || bytes[i] == 0x09) { i += 1 }
            guard startsWith(bytes, i, comment.upperBound, prefix) else { continue }
            i += prefix.utf8CodeUnitCount
            var wordStart = i
            while i < comment.upperBound && bytes[i] != 0x20 && bytes[i] != 0x09 { i += 1 }
            let word = String(decoding: bytes[wordStart..<i], as: UTF8.self)
            let line = source.line(ofOffset: comment.lowerBound)
            guard let kind = Kind(rawValue: word) else {
                // `// viewlint: prose` is a remark, not a directive; `// viewlint:disble x` is a typo.
                if !word.isEmpty {
                    let kinds = Kind.allCases.map(\.rawValue)
                    let suggestion = Linter.closestRuleID(to: word, in: Set(kinds))
                        ?? kinds.first { word.hasPrefix($0) || $0.hasPrefix(word) }
                    unrecognized.append(Unrecognized(word: word, range: SourceRange(start: wordStart, end: i), line: line,
                                                     suggestion: suggestion))
                }
                continue
            }
            var ids: [String] = []
            var ranges: [SourceRange] = []
            var reason: String? = nil
            while i < comment.upperBound {
                while i < comment.upperBound && (bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x2C) { i += 1 }
                if i >= comment.upperBound { break }
                // A second `//` starts a remark about the directive, not more rule ids.
                if bytes[i] == 0x2F && i + 1 < comment.upperBound && bytes[i + 1] == 0x2F { break }
                if bytes[i] == 0x2D && (i + 1 == comment.upperBound || bytes[i + 1] == 0x20 || bytes[i + 1] == 0x09) {
                    // `- reason`: the rest of the comment (up to a `//` remark) explains the suppression.
                    var end = i + 1
                    while end < comment.upperBound && !(bytes[end] == 0x2F && end + 1 < comment.upperBound
                                                        && bytes[end + 1] == 0x2F && bytes[end - 1] == 0x20) { end += 1 }
                    let text = String(decoding: bytes[(i + 1)..<end], as: UTF8.self).trimmingCharacters()
                    reason = text.isEmpty ? nil : text
                    break
                }
                wordStart = i
                while i < comment.upperBound && bytes[i] != 0x20 && bytes[i] != 0x09 && bytes[i] != 0x2C { i += 1 }
                ids.append(String(decoding: bytes[wordStart..<i], as: UTF8.self))
                ranges.append(SourceRange(start: wordStart, end: i))
            }
            var target = line
            if kind == .disableNextLine {
                target = line + 1
                while target <= source.lineCount && isCommentOnly(target, file) { target += 1 }
            }
            result.append(SuppressionDirective(kind: kind, ruleIDs: ids, reason: reason, line: line, targetLine: target,
                                               idRanges: ranges,
                                               commentRange: SourceRange(start: comment.lowerBound, end: comment.upperBound)))
        }
        return (result, unrecognized)
    }

    /// Is the line's text, apart from whitespace, covered by comments?
    static func isCommentOnly(_ line: Int, _ file: FileModel) -> Bool {
        let range = file.source.lineRange(line)
        let bytes = file.source.bytes
        var i = range.lowerBound
        var sawComment = false
        while i < range.upperBound {
            let b = bytes[i]
            if b == 0x20 || b == 0x09 {
                i += 1
                continue
            }
            guard let comment = comment(containing: i, in: file.comments) else { return false }
            sawComment = true
            i = comment.upperBound
        }
        // A blank line is not a comment line: `disable-next-line` does not reach across it.
        return sawComment
    }

    static func comment(containing offset: Int, in comments: [Range<Int>]) -> Range<Int>? {
        var lo = 0
        var hi = comments.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if comments[mid].upperBound <= offset { lo = mid + 1 } else { hi = mid }
        }
        return lo < comments.count && comments[lo].contains(offset) ? comments[lo] : nil
    }

    private static func startsWith(_ bytes: [UInt8], _ i: Int, _ end: Int, _ text: StaticString) -> Bool {
        text.withUTF8Buffer { text in
            guard end - i >= text.count else { return false }
            for k in text.indices where bytes[i + k] != text[k] { return false }
            return true
        }
    }
}

/// The suppressions of one file, resolved into line ranges per rule id, with use counts.
///
/// Directives apply in file order: `disable x` opens a region for `x` that `enable x` closes
/// (on its own line, inclusive); `enable all` closes every open region; `enable x` inside a
/// `disable all` region stops `all` from covering `x` from the next line on. A region still
/// open at the end of the file runs to its end.
struct SuppressionMap {
    struct Region {
        var ruleID: String
        var lines: ClosedRange<Int>
        var directive: Int
        var idIndex: Int
        var used = false
        /// For an `all` region: rules re-enabled inside it, from the line they stop being covered.
        var exceptions: [String: Int] = [:]

        func covers(_ rule: String, line: Int) -> Bool {
            guard lines.contains(line) else { return false }
            if ruleID == rule { return true }
            guard ruleID == "all" else { return false }
            if let from = exceptions[rule], line >= from { return false }
            return true
        }
    }

    var directives: [SuppressionDirective]
    var regions: [Region] = []

    init(_ directives: [SuppressionDirective], lineCount: Int) {
        self.directives = directives
        // Most files have none: no tables to make, nothing to sort.
        if directives.isEmpty { return }
        var open: [String: (line: Int, directive: Int, idIndex: Int)] = [:]
        var allExceptions: [String: Int] = [:]
        let lastLine = max(1, lineCount)
        func close(_ id: String, at line: Int) {
            guard let start = open.removeValue(forKey: id) else { return }
            regions.append(Region(ruleID: id, lines: start.line...max(start.line, line), directive: start.directive,
                                  idIndex: start.idIndex, exceptions: id == "all" ? allExceptions : [:]))
            if id == "all" { allExceptions = [:] }
        }
        for (d, directive) in directives.enumerated() {
            for (k, id) in directive.ruleIDs.enumerated() {
                switch directive.kind {
                case .disable:
                    if id == "all" && open["all"] != nil && !allExceptions.isEmpty {
                        // `disable all` again after some `enable x`: cover those rules again.
                        close("all", at: directive.line - 1)
                    }
                    // A second `disable x` while `x` is off opens nothing, and is reported unused.
                    if open[id] == nil { open[id] = (directive.line, d, k) }
                case .enable:
                    if id == "all" {
                        for other in open.keys.sorted() { close(other, at: directive.line) }
                    } else {
                        close(id, at: directive.line)
                        if open["all"] != nil && allExceptions[id] == nil { allExceptions[id] = directive.line + 1 }
                    }
                case .disableNextLine:
                    let target = directive.targetLine
                    regions.append(Region(ruleID: id, lines: target...target, directive: d, idIndex: k))
                case .disableLine:
                    regions.append(Region(ruleID: id, lines: directive.line...directive.line, directive: d, idIndex: k))
                case .disableFile:
                    regions.append(Region(ruleID: id, lines: 1...lastLine, directive: d, idIndex: k))
                }
            }
        }
        for id in open.keys.sorted() { close(id, at: max(lastLine, open[id]!.line)) }
        regions.sort { ($0.directive, $0.idIndex) < ($1.directive, $1.idIndex) }
    }

    /// Marks and returns the directive that silences `ruleID` on `line`, if any. Regions of the
    /// directive `excluding` do not count (a directive cannot silence the report about itself).
    mutating func suppress(_ ruleID: String, line: Int, excluding: Int? = nil) -> SuppressionDirective? {
        var found: SuppressionDirective? = nil
        for index in regions.indices where regions[index].directive != excluding && regions[index].covers(ruleID, line: line) {
            regions[index].used = true
            if found == nil { found = directives[regions[index].directive] }
        }
        return found
    }

    func isUsed(directive: Int, idIndex: Int) -> Bool {
        regions.contains { $0.directive == directive && $0.idIndex == idIndex && $0.used }
    }
}

extension String {
    func trimmingCharacters() -> String {
        var s = Substring(self)
        while let c = s.first, c == " " || c == "\t" { s = s.dropFirst() }
        while let c = s.last, c == " " || c == "\t" || c == "\r" { s = s.dropLast() }
        return String(s)
    }
}

extension SuppressionDirective {
    /// The fix for an id that silences nothing: remove the id from the list, or the whole
    /// comment when it is the only one (with its line, when the comment is alone on it). A
    /// `disable` ... `enable` pair is left to the reader: removing one half would change what
    /// the other does. Safe: a suppression that silences nothing changes no finding.
    public func removal(ofID k: Int, in source: SourceFile) -> Fix {
        let id = k < ruleIDs.count ? ruleIDs[k] : "the rule"
        let summary = ruleIDs.count > 1 ? "remove '\(id)' from the suppression" : "remove the suppression"
        guard kind != .disable && kind != .enable, k < idRanges.count, idRanges.count == ruleIDs.count else {
            return Fix(summary: summary)
        }
        if ruleIDs.count > 1 {
            // The id and the separator before it (after it, for the first).
            let range = k > 0 ? SourceRange(start: idRanges[k - 1].end, end: idRanges[k].end)
                : SourceRange(start: idRanges[0].start, end: idRanges[1].start)
            return Fix(summary: summary, edits: [.delete(range)])
        }
        if let lines = EditRanges.removableLines(commentRange, in: source, allowTrailingComment: false) {
            return Fix(summary: summary, edits: [.delete(lines)])
        }
        // After code on its line: the comment and the blanks before it.
        var start = commentRange.start
        while start > 0 && (source.bytes[start - 1] == 0x20 || source.bytes[start - 1] == 0x09) { start -= 1 }
        return Fix(summary: summary, edits: [.delete(SourceRange(start: start, end: commentRange.end))])
    }
}
