#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ViewLintSyntax

/// A value of an old-style (OpenStep) property list, the format of `project.pbxproj`.
public indirect enum PlistValue: Sendable, Hashable {
    case string(String)
    case array([PlistValue])
    case dictionary([String: PlistValue])

    public var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }
    public var array: [PlistValue]? {
        if case .array(let a) = self { return a }
        return nil
    }
    public var dictionary: [String: PlistValue]? {
        if case .dictionary(let d) = self { return d }
        return nil
    }
    public subscript(_ key: String) -> PlistValue? { dictionary?[key] }
}

/// A parser for OpenStep property lists: `{ key = value; }`, `( a, b, )`, quoted and bare
/// strings, `/* */` and `//` comments. Recursion is bounded (project files nest a few levels;
/// past 64 is an error, not a stack overflow); errors name the line.
public enum OpenStepPlist {
    public struct ParseError: Error, CustomStringConvertible, Sendable {
        public var line: Int
        public var message: String
        public var description: String { "line \(line): \(message)" }
    }

    public static func parse(_ text: String) throws -> PlistValue {
        var text = text
        return try text.withUTF8 { bytes in
            var parser = PlistParser(bytes)
            return try parser.parseDocument()
        }
    }
}

/// The words of the OpenStep property list grammar: spaces and both comment styles, quoted
/// strings (with `\` escapes) and bare ones, read as byte ranges. Shared by the reader that
/// builds the whole tree (`PlistParser`) and the one that keeps only what deployment targets
/// need (`ProjectFileScanner`), so the two cannot disagree on where a value ends.
struct PlistLexer {
    /// A string's contents: inside the quotes for a quoted one.
    struct StringToken {
        var start: Int
        var end: Int
        /// Holds a backslash escape, so its bytes are not its text.
        var escaped: Bool
    }

    let bytes: UnsafeBufferPointer<UInt8>
    var i = 0
    /// The line `i` is on, for errors; a newline after a backslash in a quoted string is not
    /// counted (as it never was).
    var line = 1

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// Passes over spaces and comments. Asked before every word, mostly where there is nothing
    /// to pass (a key's `=` right after it) or one space (`isa = PBXBuildFile`, three of every
    /// four runs of spaces in the 14 apps' projects): those answers are given here, inline, and
    /// the loop runs out of line only at a line break, a tab, more spaces or a slash.
    @inline(__always)
    mutating func skipSpaceAndComments() {
        if i < bytes.count, bytes[i] > 0x20, bytes[i] != 0x2F { return }
        if i + 1 < bytes.count, bytes[i] == 0x20, bytes[i + 1] > 0x20, bytes[i + 1] != 0x2F {
            i += 1
            return
        }
        skipSpaceAndCommentsFound()
    }

    /// Reads through locals, stored back on return: as fields of the lexer, which the scanner
    /// holds inside its own mutable state, `i` and `line` were loaded and stored at every byte.
    @inline(never)
    mutating func skipSpaceAndCommentsFound() {
        guard let base = bytes.baseAddress else { return }
        let n = bytes.count
        var i = self.i, line = self.line
        defer {
            self.i = i
            self.line = line
        }
        while i < n {
            let b = base[i]
            if b == 0x0A { line += 1; i += 1; continue }
            if b == 0x20 || b == 0x09 || b == 0x0D { i += 1; continue }
            if b == 0x2F && i + 1 < n && base[i + 1] == 0x2A {
                // To the comment's `*/`, or to the last byte. Most comments are a few dozen bytes
                // (`/* Foo.swift in Sources */`): setting up SourceFile's needle search and line
                // count for each cost more than this loop (on the 14 apps' projects, +9.5 M
                // instructions against memchr for them, +2.8 M for the loop). Eight bytes at a
                // time, the bytes before the first `*` or line feed are passed at once: they
                // neither end the comment nor count a line.
                i += 2
                while i + 1 < n && !(base[i] == 0x2A && base[i + 1] == 0x2F) {
                    if i + 8 <= n {
                        let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                        let passed = (PlistLexer.marks(word, 0x2A) | PlistLexer.marks(word, 0x0A)).trailingZeroBitCount >> 3
                        if passed > 0 {
                            i += passed
                            continue
                        }
                    }
                    if base[i] == 0x0A { line += 1 }
                    i += 1
                }
                i = min(n, i + 2)
                continue
            }
            if b == 0x2F && i + 1 < n && base[i + 1] == 0x2F {
                while i < n && base[i] != 0x0A { i += 1 }
                continue
            }
            return
        }
    }

    /// Bit 7 of each byte of `word` that is `byte`: one that is zero after an exclusive or with
    /// it, which adding 0x7F to its low seven bits leaves with bit 7 clear, as the byte itself
    /// (no carry crosses bytes, so the marks are exact).
    @inline(__always)
    static func marks(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let other = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
        return ~(((other & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | other) & 0x8080_8080_8080_8080
    }

    /// Letters, digits, `_$/:.-` and every byte of a multi-byte character, as bits: bit `b` of
    /// `bareLow` for a byte `b` below 64, bit `b - 64` of `bareHigh` for one below 128. The
    /// test of a chain of ten ranges was half the cost of reading a project file.
    static let bareLow: UInt64 = 0x07FF_E010_0000_0000
    static let bareHigh: UInt64 = 0x07FF_FFFE_87FF_FFFE

    @inline(__always)
    static func isBare(_ b: UInt8) -> Bool {
        if b >= 0x80 { return true }
        return ((b < 64 ? bareLow : bareHigh) >> UInt64(b & 63)) & 1 != 0
    }

    // String = '"' (any byte but '"', or '\' any byte)* '"' | bare byte+
    /// After spaces and comments; nil at the end, at a byte that starts no string (`i` left on
    /// it), and for a quoted string never closed (`i` at the end). Through locals, as
    /// `skipSpaceAndComments`. Inline: a project file is mostly words, and the call and return
    /// of one cost as much as reading it.
    @inline(__always)
    mutating func scanString() -> StringToken? {
        skipSpaceAndComments()
        let n = bytes.count
        var i = self.i
        guard i < n, let base = bytes.baseAddress else { return nil }
        defer { self.i = i }
        if base[i] == 0x22 {
            i += 1
            let start = i
            var escaped = false
            var lines = 0
            while i < n {
                let b = base[i]
                if b == 0x22 { break }
                if b == 0x5C && i + 1 < n {
                    escaped = true
                    i += 1
                } else if b == 0x0A {
                    lines += 1
                }
                i += 1
            }
            line += lines
            guard i < n else { return nil }
            i += 1
            return StringToken(start: start, end: i - 1, escaped: escaped)
        }
        let start = i
        // Object ids are 24 letters and digits: eight at a time, then byte by byte.
        while i + 8 <= n && CharacterClasses.isAlphanumeric(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) { i += 8 }
        while i < n && PlistLexer.isBare(base[i]) { i += 1 }
        guard i > start else { return nil }
        return StringToken(start: start, end: i, escaped: false)
    }

    /// A token's text, its escapes resolved (`\n`, `\t`, and any other byte as itself).
    func decoded(_ token: StringToken) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(token.end - token.start)
        var j = token.start
        while j < token.end {
            if bytes[j] == 0x5C && j + 1 < token.end {
                j += 1
                switch bytes[j] {
                case 0x6E: out.append(0x0A)
                case 0x74: out.append(0x09)
                default: out.append(bytes[j])
                }
            } else {
                out.append(bytes[j])
            }
            j += 1
        }
        return out
    }

    func string(_ token: StringToken) -> String {
        if token.escaped { return String(decoding: decoded(token), as: UTF8.self) }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[token.start..<token.end]), as: UTF8.self)
    }
}

struct PlistParser {
    var lexer: PlistLexer

    init(_ bytes: UnsafeBufferPointer<UInt8>) { lexer = PlistLexer(bytes) }

    func error(_ message: String) -> OpenStepPlist.ParseError {
        OpenStepPlist.ParseError(line: lexer.line, message: message)
    }

    mutating func parseString() throws -> String {
        lexer.skipSpaceAndComments()
        guard lexer.i < lexer.bytes.count else { throw error("expected a value, found the end of the file") }
        let first = lexer.bytes[lexer.i]
        guard let token = lexer.scanString() else {
            if first == 0x22 { throw error("unterminated quoted string") }
            throw error("unexpected character '\(String(decoding: [first], as: UTF8.self))'")
        }
        return lexer.string(token)
    }

    static let maxDepth = 64

    mutating func parseDocument() throws -> PlistValue {
        let value = try parseValue(depth: 0)
        lexer.skipSpaceAndComments()
        guard lexer.i >= lexer.bytes.count else { throw error("unexpected text after the property list") }
        return value
    }

    // Value = String | '{' (String '=' Value ';')* '}' | '(' (Value (',' Value)* ','?)? ')'
    mutating func parseValue(depth: Int) throws -> PlistValue {
        guard depth < PlistParser.maxDepth else { throw error("property list nested too deeply") }
        lexer.skipSpaceAndComments()
        guard lexer.i < lexer.bytes.count else { throw error("expected a value, found the end of the file") }
        switch lexer.bytes[lexer.i] {
        case 0x7B:
            lexer.i += 1
            var dictionary: [String: PlistValue] = [:]
            while true {
                lexer.skipSpaceAndComments()
                guard lexer.i < lexer.bytes.count else { throw error("unterminated dictionary") }
                if lexer.bytes[lexer.i] == 0x7D { lexer.i += 1; return .dictionary(dictionary) }
                let key = try parseString()
                lexer.skipSpaceAndComments()
                guard lexer.i < lexer.bytes.count, lexer.bytes[lexer.i] == 0x3D else { throw error("expected '=' after key '\(key)'") }
                lexer.i += 1
                dictionary[key] = try parseValue(depth: depth + 1)
                lexer.skipSpaceAndComments()
                guard lexer.i < lexer.bytes.count, lexer.bytes[lexer.i] == 0x3B else { throw error("expected ';' after the value of '\(key)'") }
                lexer.i += 1
            }
        case 0x28:
            lexer.i += 1
            var array: [PlistValue] = []
            while true {
                lexer.skipSpaceAndComments()
                guard lexer.i < lexer.bytes.count else { throw error("unterminated list") }
                if lexer.bytes[lexer.i] == 0x29 { lexer.i += 1; return .array(array) }
                array.append(try parseValue(depth: depth + 1))
                lexer.skipSpaceAndComments()
                guard lexer.i < lexer.bytes.count else { throw error("unterminated list") }
                if lexer.bytes[lexer.i] == 0x2C { lexer.i += 1 } else if lexer.bytes[lexer.i] != 0x29 { throw error("expected ',' or ')' in a list") }
            }
        default:
            return .string(try parseString())
        }
    }
}
