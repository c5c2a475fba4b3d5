/// A strict reader for the subset of YAML that `.lint.yml` is written in.
///
/// Supported, and nothing else:
///
/// - block maps (`key: value`, nested by indentation with spaces) and block lists (`- item`),
///   including a list at its key's own indentation and the compact forms `- key: value` and `- - x`;
/// - flow lists (`[a, "b", [c]]`), which may span lines;
/// - plain scalars, single-quoted scalars (`'it''s'`) and double-quoted scalars with the usual
///   escapes (`\"`, `\\`, `\n`, `\t`, `\uXXXX`, ...), each on one line;
/// - comments (`#` at the start of a line or after a space), blank lines, one leading `---`.
///
/// Anything else (anchors, aliases, tags, flow maps, block scalars, multi-line plain values,
/// several documents, tabs in indentation, duplicate keys) is an error with its line and column,
/// never a guess. Scalars stay text: whether `17.0` is a version, a number or a string is for
/// the reader of the value to decide, which keeps `1.10` from turning into `1.1`.
///
/// The parser is total and bounded: it works line by line on the bytes, every loop consumes a
/// line or a byte, and nesting deeper than `maxDepth` is an error rather than deep recursion.
public struct YAMLNode: Sendable, Hashable {
    public enum Value: Sendable, Hashable {
        /// `key:` with nothing after it, `-` alone, or an empty document.
        case null
        /// The scalar's text after unquoting; `quoted` tells `"true"` from `true`.
        case scalar(String, quoted: Bool)
        case list([YAMLNode])
        case map([YAMLEntry])
    }

    public var value: Value
    public var position: TextPosition

    public init(_ value: Value, at position: TextPosition) {
        self.value = value
        self.position = position
    }

    /// What the node is, for messages (`a list`, `a map`, `the text 'x'`).
    public var kindDescription: String {
        switch value {
        case .null: return "nothing"
        case .scalar(let text, _): return "'\(text)'"
        case .list: return "a list"
        case .map: return "a map"
        }
    }
}

public struct YAMLEntry: Sendable, Hashable {
    public var key: String
    public var keyPosition: TextPosition
    public var value: YAMLNode

    public init(key: String, keyPosition: TextPosition, value: YAMLNode) {
        self.key = key
        self.keyPosition = keyPosition
        self.value = value
    }
}

/// A 1-based line and column in a text file; columns count characters (Unicode scalars).
public struct TextPosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }

    public static func < (a: TextPosition, b: TextPosition) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }
}

public struct YAMLError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public var position: TextPosition

    public init(_ message: String, at position: TextPosition) {
        self.message = message
        self.position = position
    }

    public var description: String { "\(position): \(message)" }
}

public enum YAML {
    /// Nesting (of blocks and flow lists together) beyond this is an error.
    public static let maxDepth = 64

    public static func parse(_ text: String) throws(YAMLError) -> YAMLNode {
        try parse(Array(text.utf8))
    }

    public static func parse(_ bytes: [UInt8]) throws(YAMLError) -> YAMLNode {
        var parser = try YAMLParser(bytes)
        return try parser.parseDocument()
    }
}

struct YAMLParser {
    struct Line {
        /// Offset of the line's first byte (after a byte-order mark on line 1).
        var start: Int
        /// Offset just past the line's last byte, before its terminator.
        var end: Int
        /// Leading spaces.
        var indent: Int
        /// Empty, only whitespace, or only a comment.
        var isBlank: Bool
        var contentStart: Int { start + indent }
    }

    let bytes: [UInt8]
    var lines: [Line] = []
    /// The next line to look at once the node being parsed is complete.
    var cursor = 0

    static let space: UInt8 = 0x20, tab: UInt8 = 0x09, hash: UInt8 = 0x23, colon: UInt8 = 0x3A,
               dash: UInt8 = 0x2D, comma: UInt8 = 0x2C, openSquare: UInt8 = 0x5B, closeSquare: UInt8 = 0x5D,
               openBrace: UInt8 = 0x7B, closeBrace: UInt8 = 0x7D, singleQuote: UInt8 = 0x27,
               doubleQuote: UInt8 = 0x22, backslash: UInt8 = 0x5C

    init(_ bytes: [UInt8]) throws(YAMLError) {
        self.bytes = bytes
        var start = 0
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { start = 3 }
        try YAMLParser.validateEncoding(bytes, from: start, lineOf: { offset in
            // Only used for the error position, so counting lines again is fine.
            var line = 1
            var i = 0
            while i < offset {
                if bytes[i] == 0x0A || (bytes[i] == 0x0D && (i + 1 >= bytes.count || bytes[i + 1] != 0x0A)) { line += 1 }
                i += 1
            }
            var lineStart = offset
            while lineStart > 0 && bytes[lineStart - 1] != 0x0A && bytes[lineStart - 1] != 0x0D { lineStart -= 1 }
            return (line, lineStart)
        })
        var i = start
        while true {
            var end = i
            while end < bytes.count && bytes[end] != 0x0A && bytes[end] != 0x0D { end += 1 }
            lines.append(YAMLParser.makeLine(bytes, start: i, end: end))
            if end >= bytes.count { break }
            i = end + 1
            if bytes[end] == 0x0D && i < bytes.count && bytes[i] == 0x0A { i += 1 }
            if i >= bytes.count { break }
        }
        for (index, line) in lines.enumerated() where !line.isBlank {
            // YAML forbids tabs in indentation: a tab's width is anyone's guess.
            let next = line.contentStart
            if next < line.end && bytes[next] == YAMLParser.tab {
                throw YAMLError("tab in indentation; indent with spaces", at: position(index, next))
            }
        }
    }

    static func makeLine(_ bytes: [UInt8], start: Int, end: Int) -> Line {
        var indent = 0
        while start + indent < end && bytes[start + indent] == space { indent += 1 }
        var k = start + indent
        while k < end && (bytes[k] == space || bytes[k] == tab) { k += 1 }
        let blank = k == end || bytes[k] == hash
        return Line(start: start, end: end, indent: indent, isBlank: blank)
    }

    /// Rejects invalid UTF-8 and NUL bytes, which no configuration file holds on purpose.
    static func validateEncoding(_ bytes: [UInt8], from start: Int,
                                 lineOf: ([UInt8].Index) -> (line: Int, lineStart: Int)) throws(YAMLError) {
        var i = start
        while i < bytes.count {
            let b = bytes[i]
            if b == 0 {
                let (line, lineStart) = lineOf(i)
                throw YAMLError("NUL byte; a configuration file is text",
                                at: TextPosition(line: line, column: columnCount(bytes, lineStart, i) + 1))
            }
            if b < 0x80 { i += 1; continue }
            var length = 0
            var minimum: UInt32 = 0
            var scalar: UInt32 = 0
            if b & 0xE0 == 0xC0 { length = 2; minimum = 0x80; scalar = UInt32(b & 0x1F) }
            else if b & 0xF0 == 0xE0 { length = 3; minimum = 0x800; scalar = UInt32(b & 0x0F) }
            else if b & 0xF8 == 0xF0 { length = 4; minimum = 0x10000; scalar = UInt32(b & 0x07) }
            var valid = length > 0 && i + length <= bytes.count
            if valid {
                for k in 1..<length {
                    let c = bytes[i + k]
                    if c & 0xC0 != 0x80 { valid = false; break }
                    scalar = scalar << 6 | UInt32(c & 0x3F)
                }
            }
            if valid && (scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar)) { valid = false }
            if !valid {
                let (line, lineStart) = lineOf(i)
                throw YAMLError("invalid UTF-8; save the file as UTF-8",
                                at: TextPosition(line: line, column: columnCount(bytes, lineStart, i) + 1))
            }
            i += length
        }
    }

    static func columnCount(_ bytes: [UInt8], _ from: Int, _ to: Int) -> Int {
        var n = 0
        var i = from
        while i < to {
            if bytes[i] & 0xC0 != 0x80 { n += 1 }
            i += 1
        }
        return n
    }

    /// The last position computed, so that positions along one long line cost linear time in
    /// total rather than quadratic (a flow list of many items on one line).
    final class ColumnCache {
        var line = -1
        var offset = 0
        var column = 0
    }
    let columnCache = ColumnCache()

    func position(_ line: Int, _ offset: Int) -> TextPosition {
        var from = lines[line].start
        var column = 0
        if columnCache.line == line && columnCache.offset <= offset {
            from = columnCache.offset
            column = columnCache.column
        }
        column += YAMLParser.columnCount(bytes, from, offset)
        columnCache.line = line
        columnCache.offset = offset
        columnCache.column = column
        return TextPosition(line: line + 1, column: column + 1)
    }

    func fail(_ message: String, _ line: Int, _ offset: Int) -> YAMLError {
        YAMLError(message, at: position(line, offset))
    }

    // MARK: Lines

    func isSpace(_ b: UInt8) -> Bool { b == YAMLParser.space || b == YAMLParser.tab }

    func skipSpaces(_ line: Int, _ offset: Int) -> Int {
        var k = offset
        while k < lines[line].end && isSpace(bytes[k]) { k += 1 }
        return k
    }

    /// At `offset` (after skipping spaces) the line ends, or a comment starts.
    func restIsEmpty(_ line: Int, _ offset: Int) -> Bool {
        let k = skipSpaces(line, offset)
        return k == lines[line].end || (bytes[k] == YAMLParser.hash && (k == lines[line].start || isSpace(bytes[k - 1])))
    }

    /// The first line at or after `from` that holds something other than a comment.
    func nextContentLine(_ from: Int) -> Int? {
        var i = from
        while i < lines.count {
            if !lines[i].isBlank { return i }
            i += 1
        }
        return nil
    }

    func startsSequenceItem(_ line: Int, _ offset: Int) -> Bool {
        offset < lines[line].end && bytes[offset] == YAMLParser.dash
            && (offset + 1 == lines[line].end || isSpace(bytes[offset + 1]))
    }

    func isDocumentMarker(_ line: Int, _ text: String) -> Bool {
        let l = lines[line]
        guard l.indent == 0 else { return false }
        let marker = Array(text.utf8)
        guard l.end - l.start >= 3, Array(bytes[l.start..<(l.start + 3)]) == marker else { return false }
        return restIsEmpty(line, l.start + 3)
    }

    // MARK: Document

    // document := ["---"] block-node? ; nothing else but comments
    mutating func parseDocument() throws(YAMLError) -> YAMLNode {
        guard var first = nextContentLine(0) else { return YAMLNode(.null, at: TextPosition(line: 1, column: 1)) }
        try checkNotDirective(first)
        if isDocumentMarker(first, "---") {
            guard let next = nextContentLine(first + 1) else {
                return YAMLNode(.null, at: TextPosition(line: first + 1, column: 1))
            }
            first = next
        }
        try checkNotDirective(first)
        let rootIndent = lines[first].indent
        let root = try parseBlockNode(first, lines[first].contentStart, depth: 0)
        if let extra = nextContentLine(cursor) {
            let l = lines[extra]
            if isDocumentMarker(extra, "---") || isDocumentMarker(extra, "...") {
                throw fail("several documents in one file are not supported; keep one", extra, l.contentStart)
            }
            if l.indent < rootIndent {
                throw fail("unexpected indentation: this line is indented less than the document's first line (line \(first + 1))",
                           extra, l.contentStart)
            }
            throw fail("unexpected content after the document's top-level \(root.value.isList ? "list" : "value")",
                       extra, l.contentStart)
        }
        return root
    }

    func checkNotDirective(_ line: Int) throws(YAMLError) {
        let l = lines[line]
        if l.indent == 0 && bytes[l.start] == 0x25 {
            throw fail("directives ('%') are not supported", line, l.start)
        }
    }

    // block-node := block-list | block-map | inline-value
    mutating func parseBlockNode(_ line: Int, _ offset: Int, depth: Int) throws(YAMLError) -> YAMLNode {
        if depth > YAML.maxDepth {
            throw fail("nesting deeper than \(YAML.maxDepth) levels is not supported", line, offset)
        }
        try checkNotDocumentMarker(line)
        if startsSequenceItem(line, offset) { return try parseList(line, offset, depth: depth) }
        if mappingColon(line, offset) != nil { return try parseMap(line, offset, depth: depth) }
        let (node, endLine) = try parseInlineValue(line, offset, depth: depth)
        cursor = endLine + 1
        try checkNoContinuation(after: endLine, parentIndent: lines[line].indent - 1, valueLine: line)
        return node
    }

    /// A scalar that is the whole of a block (a document that is just `text`, or a list item's
    /// value on the next line) must not continue on the following lines.
    func checkNoContinuation(after line: Int, parentIndent: Int, valueLine: Int) throws(YAMLError) {
        if let next = nextContentLine(line + 1), lines[next].indent > parentIndent,
           lines[next].indent >= lines[valueLine].indent, !startsSequenceItem(next, lines[next].contentStart),
           mappingColon(next, lines[next].contentStart) == nil {
            throw fail("a value must fit on one line (multi-line values are not supported); quote it on one line",
                       next, lines[next].contentStart)
        }
    }

    // block-list := ("-" (inline-value | block-node on the same line | block-node on the lines below | nothing))+
    mutating func parseList(_ firstLine: Int, _ firstOffset: Int, depth: Int) throws(YAMLError) -> YAMLNode {
        let indent = firstOffset - lines[firstLine].start
        var items: [YAMLNode] = []
        var line = firstLine
        var offset = firstOffset
        let start = position(firstLine, firstOffset)
        while true {
            let afterDash = skipSpaces(line, offset + 1)
            if restIsEmpty(line, offset + 1) {
                if let next = nextContentLine(line + 1), lines[next].indent > indent {
                    items.append(try parseBlockNode(next, lines[next].contentStart, depth: depth + 1))
                } else {
                    items.append(YAMLNode(.null, at: position(line, offset)))
                    cursor = line + 1
                }
            } else {
                items.append(try parseBlockNode(line, afterDash, depth: depth + 1))
            }
            guard let next = nextContentLine(cursor) else { break }
            try checkNotDocumentMarker(next)
            let nextIndent = lines[next].indent
            if nextIndent < indent { break }
            if nextIndent > indent {
                throw unexpectedIndentation(next, expected: indent)
            }
            guard startsSequenceItem(next, lines[next].contentStart) else { break }
            line = next
            offset = lines[next].contentStart
        }
        return YAMLNode(.list(items), at: start)
    }

    // block-map := (key ":" (inline-value | block-node on the lines below | nothing))+
    mutating func parseMap(_ firstLine: Int, _ firstOffset: Int, depth: Int) throws(YAMLError) -> YAMLNode {
        let indent = firstOffset - lines[firstLine].start
        var entries: [YAMLEntry] = []
        var seen: [String: TextPosition] = [:]
        var line = firstLine
        var offset = firstOffset
        let start = position(firstLine, firstOffset)
        while true {
            guard let colon = mappingColon(line, offset) else {
                if startsSequenceItem(line, offset) {
                    throw fail("a list item where a key was expected; a map's entries cannot be mixed with list items",
                               line, offset)
                }
                throw fail("expected 'key: value'", line, offset)
            }
            let keyPosition = position(line, offset)
            let key = try parseKey(line, offset, colon)
            if let first = seen[key] {
                throw fail("duplicate key '\(key)' (first at line \(first.line))", line, offset)
            }
            seen[key] = keyPosition
            let value: YAMLNode
            if restIsEmpty(line, colon + 1) {
                if let next = nextContentLine(line + 1), lines[next].indent > indent {
                    value = try parseBlockNode(next, lines[next].contentStart, depth: depth + 1)
                } else if let next = nextContentLine(line + 1), lines[next].indent == indent,
                          startsSequenceItem(next, lines[next].contentStart) {
                    // A list may sit at its key's own indentation.
                    value = try parseList(next, lines[next].contentStart, depth: depth + 1)
                } else {
                    value = YAMLNode(.null, at: position(line, colon + 1))
                    cursor = line + 1
                }
            } else {
                let valueStart = skipSpaces(line, colon + 1)
                if startsSequenceItem(line, valueStart) {
                    throw fail("a list cannot start on its key's line; put each '- item' on its own line below '\(key):'",
                               line, valueStart)
                }
                if bytes[valueStart] != YAMLParser.openSquare, mappingColon(line, valueStart) != nil {
                    throw fail("a map cannot start on its key's line; put its keys on their own lines below '\(key):', or quote the value",
                               line, valueStart)
                }
                if depth + 1 > YAML.maxDepth {
                    throw fail("nesting deeper than \(YAML.maxDepth) levels is not supported", line, valueStart)
                }
                let (node, endLine) = try parseInlineValue(line, valueStart, depth: depth + 1)
                value = node
                cursor = endLine + 1
                if let next = nextContentLine(cursor), lines[next].indent > indent {
                    throw fail("unexpected indentation: the value of '\(key)' is on line \(line + 1), and a value must fit on one line (multi-line values are not supported)",
                               next, lines[next].contentStart)
                }
            }
            entries.append(YAMLEntry(key: key, keyPosition: keyPosition, value: value))
            guard let next = nextContentLine(cursor) else { break }
            try checkNotDocumentMarker(next)
            let nextIndent = lines[next].indent
            if nextIndent < indent { break }
            if nextIndent > indent {
                throw unexpectedIndentation(next, expected: indent)
            }
            line = next
            offset = lines[next].contentStart
        }
        return YAMLNode(.map(entries), at: start)
    }

    func checkNotDocumentMarker(_ line: Int) throws(YAMLError) {
        if isDocumentMarker(line, "---") || isDocumentMarker(line, "...") {
            throw fail("several documents in one file are not supported; keep one", line, lines[line].start)
        }
    }

    func unexpectedIndentation(_ line: Int, expected: Int) -> YAMLError {
        fail("unexpected indentation: this line is indented by \(lines[line].indent) spaces, but the entries around it by \(expected)",
             line, lines[line].contentStart)
    }

    /// If the text at `offset` is `key:` (followed by a space, a comment or the end of the line),
    /// the offset of that colon.
    func mappingColon(_ line: Int, _ offset: Int) -> Int? {
        let end = lines[line].end
        guard offset < end else { return nil }
        let first = bytes[offset]
        if first == YAMLParser.openSquare || first == YAMLParser.openBrace { return nil }
        var k = offset
        if first == YAMLParser.doubleQuote || first == YAMLParser.singleQuote {
            guard let close = closingQuote(line, offset) else { return nil }
            k = skipSpaces(line, close + 1)
            if k < end && bytes[k] == YAMLParser.colon && (k + 1 == end || isSpace(bytes[k + 1])) { return k }
            return nil
        }
        while k < end {
            let b = bytes[k]
            if b == YAMLParser.hash && k > offset && isSpace(bytes[k - 1]) { return nil }
            if b == YAMLParser.colon && (k + 1 == end || isSpace(bytes[k + 1])) { return k }
            k += 1
        }
        return nil
    }

    /// The offset of the quote that closes the quoted scalar opening at `offset`, on its line.
    func closingQuote(_ line: Int, _ offset: Int) -> Int? {
        let quote = bytes[offset]
        let end = lines[line].end
        var k = offset + 1
        while k < end {
            let b = bytes[k]
            if quote == YAMLParser.doubleQuote && b == YAMLParser.backslash {
                k += 2
                continue
            }
            if b == quote {
                if quote == YAMLParser.singleQuote && k + 1 < end && bytes[k + 1] == YAMLParser.singleQuote {
                    k += 2
                    continue
                }
                return k
            }
            k += 1
        }
        return nil
    }

    // key := quoted-scalar | plain-scalar (up to the ':')
    func parseKey(_ line: Int, _ offset: Int, _ colon: Int) throws(YAMLError) -> String {
        let first = bytes[offset]
        if first == YAMLParser.doubleQuote || first == YAMLParser.singleQuote {
            let (text, _) = try parseQuoted(line, offset)
            return text
        }
        if offset == colon { throw fail("missing key before ':'", line, offset) }
        try checkPlainStart(line, offset, flow: false)
        var end = colon
        while end > offset && isSpace(bytes[end - 1]) { end -= 1 }
        return String(decoding: bytes[offset..<end], as: UTF8.self)
    }

    // inline-value := flow-list | quoted-scalar | plain-scalar ; then only a comment
    /// Returns the value and the line it ends on (a flow list may span lines).
    mutating func parseInlineValue(_ line: Int, _ offset: Int, depth: Int) throws(YAMLError) -> (YAMLNode, Int) {
        let first = bytes[offset]
        var endLine = line
        var after: Int
        let node: YAMLNode
        if first == YAMLParser.openSquare {
            var l = line
            var k = offset
            node = try parseFlowList(&l, &k, depth: depth)
            endLine = l
            after = k
        } else if first == YAMLParser.doubleQuote || first == YAMLParser.singleQuote {
            let (text, close) = try parseQuoted(line, offset)
            node = YAMLNode(.scalar(text, quoted: true), at: position(line, offset))
            after = close + 1
        } else {
            try checkPlainStart(line, offset, flow: false)
            let end = lines[line].end
            var k = offset
            while k < end && !(k > offset && bytes[k] == YAMLParser.hash && isSpace(bytes[k - 1])) { k += 1 }
            var textEnd = k
            while textEnd > offset && isSpace(bytes[textEnd - 1]) { textEnd -= 1 }
            node = YAMLNode(.scalar(String(decoding: bytes[offset..<textEnd], as: UTF8.self), quoted: false),
                            at: position(line, offset))
            after = textEnd
        }
        let k = skipSpaces(endLine, after)
        if k < lines[endLine].end {
            if bytes[k] == YAMLParser.hash {
                if k == after { throw fail("a comment needs a space before '#'", endLine, k) }
            } else {
                throw fail("unexpected text after the value; quote the whole value if it is one string", endLine, k)
            }
        }
        return (node, endLine)
    }

    /// Characters that cannot start a plain scalar, each with the reason.
    func checkPlainStart(_ line: Int, _ offset: Int, flow: Bool) throws(YAMLError) {
        let b = bytes[offset]
        let next: UInt8? = offset + 1 < lines[line].end ? bytes[offset + 1] : nil
        let message: String?
        switch b {
        case 0x26: message = "anchors ('&') are not supported; repeat the value instead"
        case 0x2A: message = "aliases ('*') are not supported; repeat the value instead (quote it if it is a glob pattern)"
        case 0x21: message = "tags ('!') are not supported"
        case 0x7C, 0x3E: message = "block scalars ('|' and '>') are not supported; write the value on one line, quoted if needed"
        case YAMLParser.openBrace: message = "flow maps ('{ }') are not supported; write a block map, one 'key: value' per line"
        case YAMLParser.closeBrace, YAMLParser.closeSquare, YAMLParser.comma:
            message = "unexpected '\(Character(Unicode.Scalar(b)))'"
        case 0x25, YAMLParser.hash, 0x40, 0x60: message = "'\(Character(Unicode.Scalar(b)))' cannot start a value; quote the value"
        case 0x3F where next == nil || isSpace(next!):
            message = "complex keys ('? ') are not supported"
        case YAMLParser.dash where flow && (next == nil || isSpace(next!)):
            message = "a '- item' list cannot appear inside '[ ]'; separate items with commas"
        default: message = nil
        }
        if let message { throw fail(message, line, offset) }
    }

    // quoted-scalar := "'" ([^'] | "''")* "'" | '"' ([^"\\] | escape)* '"'   (on one line)
    func parseQuoted(_ line: Int, _ offset: Int) throws(YAMLError) -> (String, Int) {
        let quote = bytes[offset]
        guard let close = closingQuote(line, offset) else {
            throw fail("unterminated quoted string; a quoted value must end on the line it starts", line, offset)
        }
        var out: [UInt8] = []
        out.reserveCapacity(close - offset)
        var k = offset + 1
        while k < close {
            let b = bytes[k]
            if quote == YAMLParser.singleQuote {
                out.append(b)
                k += b == YAMLParser.singleQuote ? 2 : 1
                continue
            }
            if b != YAMLParser.backslash {
                out.append(b)
                k += 1
                continue
            }
            let e = bytes[k + 1]
            var simple: UInt8? = nil
            switch e {
            case 0x5C: simple = 0x5C
            case 0x22: simple = 0x22
            case 0x2F: simple = 0x2F
            case 0x6E: simple = 0x0A          // \n
            case 0x74, YAMLParser.tab: simple = 0x09 // \t
            case 0x72: simple = 0x0D          // \r
            case 0x30: simple = 0x00          // \0
            case 0x61: simple = 0x07          // \a
            case 0x62: simple = 0x08          // \b
            case 0x65: simple = 0x1B          // \e
            case 0x66: simple = 0x0C          // \f
            case 0x76: simple = 0x0B          // \v
            case YAMLParser.space: simple = 0x20
            default: break
            }
            if let simple {
                out.append(simple)
                k += 2
                continue
            }
            let digits: Int
            switch e {
            case 0x78: digits = 2  // \xXX
            case 0x75: digits = 4  // \uXXXX
            case 0x55: digits = 8  // \UXXXXXXXX
            default:
                throw fail("unknown escape '\\\(Character(Unicode.Scalar(e)))' in a double-quoted string; write '\\\\' for a backslash, or use single quotes",
                           line, k)
            }
            guard k + 2 + digits <= close,
                  let value = UInt32(String(decoding: bytes[(k + 2)..<(k + 2 + digits)], as: UTF8.self), radix: 16),
                  let scalar = Unicode.Scalar(value) else {
                throw fail("escape '\\\(Character(Unicode.Scalar(e)))' needs \(digits) hexadecimal digits of a valid character",
                           line, k)
            }
            out.append(contentsOf: Array(String(Character(scalar)).utf8))
            k += 2 + digits
        }
        return (String(decoding: out, as: UTF8.self), close)
    }

    // flow-list := "[" (flow-item ("," flow-item)* ","?)? "]"
    // flow-item := flow-list | quoted-scalar | plain-scalar (no ',', '[', ']', '{', '}' or ': ')
    mutating func parseFlowList(_ line: inout Int, _ offset: inout Int, depth: Int) throws(YAMLError) -> YAMLNode {
        if depth > YAML.maxDepth {
            throw fail("nesting deeper than \(YAML.maxDepth) levels is not supported", line, offset)
        }
        let openLine = line
        let openOffset = offset
        let start = position(line, offset)
        var items: [YAMLNode] = []
        offset += 1
        try skipFlowSpace(&line, &offset, openLine: openLine, openOffset: openOffset)
        if bytes[offset] == YAMLParser.closeSquare {
            offset += 1
            return YAMLNode(.list([]), at: start)
        }
        while true {
            let b = bytes[offset]
            if b == YAMLParser.comma {
                throw fail("empty item in a list", line, offset)
            }
            if b == YAMLParser.openSquare {
                items.append(try parseFlowList(&line, &offset, depth: depth + 1))
            } else if b == YAMLParser.doubleQuote || b == YAMLParser.singleQuote {
                let (text, close) = try parseQuoted(line, offset)
                items.append(YAMLNode(.scalar(text, quoted: true), at: position(line, offset)))
                offset = close + 1
            } else {
                try checkPlainStart(line, offset, flow: true)
                let itemStart = offset
                let end = lines[line].end
                while offset < end {
                    let c = bytes[offset]
                    if c == YAMLParser.comma || c == YAMLParser.closeSquare || c == YAMLParser.openSquare
                        || c == YAMLParser.openBrace || c == YAMLParser.closeBrace { break }
                    if c == YAMLParser.hash && isSpace(bytes[offset - 1]) { break }
                    if c == YAMLParser.colon && (offset + 1 == end || isSpace(bytes[offset + 1])) {
                        throw fail("maps inside '[ ]' are not supported", line, offset)
                    }
                    offset += 1
                }
                var textEnd = offset
                while textEnd > itemStart && isSpace(bytes[textEnd - 1]) { textEnd -= 1 }
                items.append(YAMLNode(.scalar(String(decoding: bytes[itemStart..<textEnd], as: UTF8.self), quoted: false),
                                      at: position(line, itemStart)))
            }
            try skipFlowSpace(&line, &offset, openLine: openLine, openOffset: openOffset)
            let c = bytes[offset]
            if c == YAMLParser.closeSquare {
                offset += 1
                return YAMLNode(.list(items), at: start)
            }
            guard c == YAMLParser.comma else {
                if c == YAMLParser.openBrace || c == YAMLParser.closeBrace {
                    throw fail("flow maps ('{ }') are not supported; write a block map, one 'key: value' per line", line, offset)
                }
                throw fail("expected ',' or ']' in a list", line, offset)
            }
            offset += 1
            try skipFlowSpace(&line, &offset, openLine: openLine, openOffset: openOffset)
            if bytes[offset] == YAMLParser.closeSquare {
                offset += 1
                return YAMLNode(.list(items), at: start)
            }
        }
    }

    /// Skips spaces, comments and line breaks inside `[ ]`, stopping at the next token.
    func skipFlowSpace(_ line: inout Int, _ offset: inout Int, openLine: Int, openOffset: Int) throws(YAMLError) {
        while true {
            offset = skipSpaces(line, offset)
            let end = lines[line].end
            if offset < end && !(bytes[offset] == YAMLParser.hash && (offset == lines[line].start || isSpace(bytes[offset - 1]))) {
                return
            }
            guard line + 1 < lines.count else {
                throw fail("'[' is never closed; end the list with ']'", openLine, openOffset)
            }
            line += 1
            offset = lines[line].start
            // Inside `[ ]`, lines belong to the list only if indented more than the line that
            // opened it (a lone `]` may line up with it): anything else means a missing `]`.
            let l = lines[line]
            if !l.isBlank && l.indent <= lines[openLine].indent && bytes[l.contentStart] != YAMLParser.closeSquare {
                throw fail("'[' is never closed; end the list with ']'", openLine, openOffset)
            }
        }
    }
}

extension YAMLNode.Value {
    var isList: Bool {
        if case .list = self { return true }
        return false
    }
}
