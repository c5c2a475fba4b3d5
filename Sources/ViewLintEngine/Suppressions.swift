import ViewLintCore
import ViewLintModel
import ViewLintSyntax

/// An in-source suppression comment:
///
///     // viewlint:disable rule_id [rule_id ...] [- reason]      until `// viewlint:enable rule_id`
///     // viewlint:enable rule_id [rule_id ...]
///     // viewlint:disable-next-line rule_id [...]
///     // viewlint:disable-line rule_id [...]                     (trailing, on the line it silences)
///     // viewlint:disable-file rule_id [...]
///
/// `all` stands for every rule. Only comments are read (the lexer hands us their ranges), so
/// the same text inside a string literal is never a suppression.
public struct SuppressionDirective: Sendable, Hashable {
    public enum Kind: String, Sendable { case disable, enable, disableNextLine = "disable-next-line",
                                          disableLine = "disable-line", disableFile = "disable-file" }
    public var kind: Kind
    public var ruleIDs: [String]
    public var reason: String?
    /// The comment's line, and the byte range of each rule id (for reporting unused ones).
    public var line: Int
    public var idRanges: [SourceRange]
    public var commentRange: SourceRange

    public static let prefix = "viewlint:"

    /// Finds the directives in a file's comments. Malformed ones (no rule ids) are returned with
    /// an empty id list so they can be reported.
    public static func parse(_ file: FileModel) -> [SuppressionDirective] {
        var result: [SuppressionDirective] = []
        let bytes = file.source.bytes
        for comment in file.comments {
            // `//` comments only: a block comment can hold commented-out code that mentions one.
            guard comment.count > 2, bytes[comment.lowerBound + 1] == 0x2F else { continue }
            var i = comment.lowerBound + 2
            while i < comment.upperBound && (bytes[i] == 0x2F || bytes[i] == 0x20 || bytes[i] == 0x09) { i += 1 }
            guard startsWith(bytes, i, comment.upperBound, prefix) else { continue }
            i += prefix.utf8.count
            var wordStart = i
            while i < comment.upperBound && bytes[i] != 0x20 && bytes[i] != 0x09 { i += 1 }
            let word = String(decoding: bytes[wordStart..<i], as: UTF8.self)
            guard let kind = Kind(rawValue: word) else { continue }
            var ids: [String] = []
            var ranges: [SourceRange] = []
            var reason: String? = nil
            while i < comment.upperBound {
                while i < comment.upperBound && (bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x2C) { i += 1 }
                if i >= comment.upperBound { break }
                // A second `//` starts a remark about the directive, not more rule ids.
                if bytes[i] == 0x2F && i + 1 < comment.upperBound && bytes[i + 1] == 0x2F { break }
                if bytes[i] == 0x2D && (i + 1 == comment.upperBound || bytes[i + 1] == 0x20) {
                    // `- reason`: the rest of the comment explains the suppression.
                    let text = String(decoding: bytes[(i + 1)..<comment.upperBound], as: UTF8.self)
                    reason = text.trimmingCharacters()
                    break
                }
                wordStart = i
                while i < comment.upperBound && bytes[i] != 0x20 && bytes[i] != 0x09 && bytes[i] != 0x2C { i += 1 }
                ids.append(String(decoding: bytes[wordStart..<i], as: UTF8.self))
                ranges.append(SourceRange(start: wordStart, end: i))
            }
            let line = file.source.line(ofOffset: comment.lowerBound)
            result.append(SuppressionDirective(kind: kind, ruleIDs: ids, reason: reason, line: line, idRanges: ranges,
                                               commentRange: SourceRange(start: comment.lowerBound, end: comment.upperBound)))
        }
        return result
    }

    private static func startsWith(_ bytes: [UInt8], _ i: Int, _ end: Int, _ text: String) -> Bool {
        var k = i
        for b in text.utf8 {
            if k >= end || bytes[k] != b { return false }
            k += 1
        }
        return true
    }
}

/// The suppressions of one file, resolved into line ranges per rule id, with use counts.
struct SuppressionMap {
    struct Region {
        var ruleID: String
        var lines: ClosedRange<Int>
        var directive: Int
        var idIndex: Int
        var used = false
    }

    var directives: [SuppressionDirective]
    var regions: [Region] = []

    init(_ directives: [SuppressionDirective], lineCount: Int) {
        self.directives = directives
        var open: [String: (line: Int, directive: Int, idIndex: Int)] = [:]
        let lastLine = max(1, lineCount)
        for (d, directive) in directives.enumerated() {
            for (k, id) in directive.ruleIDs.enumerated() {
                switch directive.kind {
                case .disable:
                    if open[id] == nil { open[id] = (directive.line, d, k) }
                case .enable:
                    if let start = open.removeValue(forKey: id) {
                        regions.append(Region(ruleID: id, lines: start.line...directive.line, directive: start.directive,
                                              idIndex: start.idIndex))
                    }
                case .disableNextLine:
                    let next = min(directive.line + 1, lastLine)
                    regions.append(Region(ruleID: id, lines: next...next, directive: d, idIndex: k))
                case .disableLine:
                    regions.append(Region(ruleID: id, lines: directive.line...directive.line, directive: d, idIndex: k))
                case .disableFile:
                    regions.append(Region(ruleID: id, lines: 1...lastLine, directive: d, idIndex: k))
                }
            }
        }
        for (id, start) in open {
            regions.append(Region(ruleID: id, lines: start.line...lastLine, directive: start.directive, idIndex: start.idIndex))
        }
        regions.sort { ($0.directive, $0.idIndex) < ($1.directive, $1.idIndex) }
    }

    /// Marks and returns the directive that silences `ruleID` on `line`, if any.
    mutating func suppress(_ ruleID: String, line: Int) -> SuppressionDirective? {
        var found: SuppressionDirective? = nil
        for index in regions.indices where regions[index].lines.contains(line)
            && (regions[index].ruleID == ruleID || regions[index].ruleID == "all") {
            regions[index].used = true
            if found == nil { found = directives[regions[index].directive] }
        }
        return found
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
