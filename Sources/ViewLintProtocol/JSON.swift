import ViewLintSyntax

/// A JSON value, as JSON-RPC messages carry them.
///
/// Objects are dictionaries: LSP never gives meaning to key order, and lookups by key are what
/// a server does with them. Serialization sorts keys, so output is deterministic and testable.
/// Numbers are doubles, which hold every integer LSP uses (ids, versions, positions) exactly.
public enum JSON: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    public subscript(key: String) -> JSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    public var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The value as an integer, if it is a number without a fraction that an `Int` holds.
    public var int: Int? {
        guard case .number(let d) = self, d.rounded() == d, abs(d) <= 9_007_199_254_740_992 else { return nil }
        return Int(d)
    }

    public var bool: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    public var array: [JSON]? {
        if case .array(let a) = self { return a }
        return nil
    }

    public var object: [String: JSON]? {
        if case .object(let o) = self { return o }
        return nil
    }

    public static func int(_ value: Int) -> JSON { .number(Double(value)) }

    // MARK: Writing

    /// The value as compact UTF-8 JSON text.
    public func serialized() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(into: &out)
        return out
    }

    public var text: String { String(decoding: serialized(), as: UTF8.self) }

    func write(into out: inout [UInt8]) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let d):
            if !d.isFinite {
                out.append(contentsOf: "null".utf8)
            } else if d.rounded() == d && abs(d) < 1e15 {
                out.append(contentsOf: String(Int64(d)).utf8)
            } else {
                out.append(contentsOf: "\(d)".utf8)
            }
        case .string(let s): JSONString.write(s, into: &out)
        case .array(let items):
            out.append(0x5B)
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(0x2C) }
                item.write(into: &out)
            }
            out.append(0x5D)
        case .object(let members):
            out.append(0x7B)
            for (i, key) in members.keys.sorted().enumerated() {
                if i > 0 { out.append(0x2C) }
                JSONString.write(key, into: &out)
                out.append(0x3A)
                members[key]!.write(into: &out)
            }
            out.append(0x7D)
        }
    }

    // MARK: Reading

    public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
        public var message: String
        public var offset: Int
        public var description: String { "\(message) at byte \(offset)" }
    }

    /// Nesting deeper than this is refused: LSP messages nest a handful of levels, and a bound
    /// keeps the recursive reader's stack bounded on hostile input.
    public static let maximumDepth = 256

    /// Parses one JSON text (RFC 8259). Total: any bytes give a value or an error. Invalid UTF-8
    /// in a string is an error (JSON text must be UTF-8); a lone surrogate escape (`"\ud800"`),
    /// which some clients send for broken text, becomes U+FFFD.
    public static func parse(_ bytes: [UInt8]) throws(ParseError) -> JSON {
        var reader = Reader(bytes: bytes)
        reader.skipSpace()
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        if reader.i != bytes.count { throw ParseError(message: "unexpected text after the JSON value", offset: reader.i) }
        return value
    }

    public static func parse(_ text: String) throws(ParseError) -> JSON { try parse(Array(text.utf8)) }

    struct Reader {
        let bytes: [UInt8]
        var i = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func skipSpace() {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
        }

        func fail(_ message: String) -> ParseError { ParseError(message: message, offset: i) }

        mutating func value(depth: Int) throws(ParseError) -> JSON {
            guard depth < JSON.maximumDepth else { throw fail("JSON nested more than \(JSON.maximumDepth) levels") }
            guard i < bytes.count else { throw fail("unexpected end of JSON") }
            switch bytes[i] {
            case 0x7B: return try object(depth: depth)
            case 0x5B: return try array(depth: depth)
            case 0x22: return .string(try string())
            case 0x74: try literal("true"); return .bool(true)
            case 0x66: try literal("false"); return .bool(false)
            case 0x6E: try literal("null"); return .null
            case 0x2D, 0x30...0x39: return try number()
            default: throw fail("unexpected character in JSON")
            }
        }

        mutating func literal(_ word: String) throws(ParseError) {
            for b in word.utf8 {
                guard i < bytes.count, bytes[i] == b else { throw fail("invalid literal, expected '\(word)'") }
                i += 1
            }
        }

        mutating func number() throws(ParseError) -> JSON {
            let start = i
            if bytes[i] == 0x2D { i += 1 }
            func digits(_ r: inout Reader) -> Int {
                let s = r.i
                while r.i < r.bytes.count, r.bytes[r.i] >= 0x30 && r.bytes[r.i] <= 0x39 { r.i += 1 }
                return r.i - s
            }
            let intStart = i
            let intDigits = digits(&self)
            guard intDigits > 0 else { throw fail("invalid number") }
            if intDigits > 1 && bytes[intStart] == 0x30 { throw fail("a number may not start with 0") }
            if i < bytes.count, bytes[i] == 0x2E {
                i += 1
                guard digits(&self) > 0 else { throw fail("invalid number: no digits after '.'") }
            }
            if i < bytes.count, bytes[i] == 0x65 || bytes[i] == 0x45 {
                i += 1
                if i < bytes.count, bytes[i] == 0x2B || bytes[i] == 0x2D { i += 1 }
                guard digits(&self) > 0 else { throw fail("invalid number: no digits in the exponent") }
            }
            guard let d = Double(String(decoding: bytes[start..<i], as: UTF8.self)) else { throw fail("invalid number") }
            return .number(d)
        }

        mutating func hex4() throws(ParseError) -> UInt32 {
            var v: UInt32 = 0
            for _ in 0..<4 {
                guard i < bytes.count else { throw fail("unexpected end of a \\u escape") }
                let b = bytes[i]
                let d: UInt32
                switch b {
                case 0x30...0x39: d = UInt32(b - 0x30)
                case 0x41...0x46: d = UInt32(b - 0x41 + 10)
                case 0x61...0x66: d = UInt32(b - 0x61 + 10)
                default: throw fail("invalid \\u escape")
                }
                v = v * 16 + d
                i += 1
            }
            return v
        }

        mutating func string() throws(ParseError) -> String {
            i += 1
            var out: [UInt8] = []
            while true {
                guard i < bytes.count else { throw fail("unterminated string") }
                let b = bytes[i]
                if b == 0x22 {
                    i += 1
                    break
                }
                if b < 0x20 { throw fail("control character in a string") }
                if b == 0x5C {
                    i += 1
                    guard i < bytes.count else { throw fail("unterminated escape") }
                    let e = bytes[i]
                    i += 1
                    switch e {
                    case 0x22, 0x5C, 0x2F: out.append(e)
                    case 0x62: out.append(0x08)
                    case 0x66: out.append(0x0C)
                    case 0x6E: out.append(0x0A)
                    case 0x72: out.append(0x0D)
                    case 0x74: out.append(0x09)
                    case 0x75:
                        var scalar = try hex4()
                        if scalar >= 0xD800 && scalar < 0xDC00 {
                            // A high surrogate pairs with a following low one; alone it is U+FFFD.
                            let save = i
                            if i + 1 < bytes.count, bytes[i] == 0x5C, bytes[i + 1] == 0x75 {
                                i += 2
                                let low = try hex4()
                                if low >= 0xDC00 && low < 0xE000 {
                                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                                } else {
                                    scalar = 0xFFFD
                                    i = save
                                }
                            } else {
                                scalar = 0xFFFD
                            }
                        } else if scalar >= 0xDC00 && scalar < 0xE000 {
                            scalar = 0xFFFD
                        }
                        out.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar)!)).utf8))
                    default: throw fail("invalid escape")
                    }
                    continue
                }
                if b < 0x80 {
                    out.append(b)
                    i += 1
                    continue
                }
                let (length, valid) = bytes.withUnsafeBufferPointer { SourceFile.utf8Sequence(at: i, in: $0) }
                guard valid else { throw fail("invalid UTF-8 in a string") }
                out.append(contentsOf: bytes[i..<(i + length)])
                i += length
            }
            return String(decoding: out, as: UTF8.self)
        }

        mutating func array(depth: Int) throws(ParseError) -> JSON {
            i += 1
            var items: [JSON] = []
            skipSpace()
            if i < bytes.count, bytes[i] == 0x5D {
                i += 1
                return .array(items)
            }
            while true {
                skipSpace()
                items.append(try value(depth: depth + 1))
                skipSpace()
                guard i < bytes.count else { throw fail("unterminated array") }
                if bytes[i] == 0x2C {
                    i += 1
                    continue
                }
                if bytes[i] == 0x5D {
                    i += 1
                    return .array(items)
                }
                throw fail("expected ',' or ']' in an array")
            }
        }

        mutating func object(depth: Int) throws(ParseError) -> JSON {
            i += 1
            var members: [String: JSON] = [:]
            skipSpace()
            if i < bytes.count, bytes[i] == 0x7D {
                i += 1
                return .object(members)
            }
            while true {
                skipSpace()
                guard i < bytes.count, bytes[i] == 0x22 else { throw fail("expected a string key in an object") }
                let key = try string()
                skipSpace()
                guard i < bytes.count, bytes[i] == 0x3A else { throw fail("expected ':' after an object key") }
                i += 1
                skipSpace()
                members[key] = try value(depth: depth + 1)
                skipSpace()
                guard i < bytes.count else { throw fail("unterminated object") }
                if bytes[i] == 0x2C {
                    i += 1
                    continue
                }
                if bytes[i] == 0x7D {
                    i += 1
                    return .object(members)
                }
                throw fail("expected ',' or '}' in an object")
            }
        }
    }
}

extension JSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSON)...) {
        var members: [String: JSON] = [:]
        for (k, v) in elements { members[k] = v }
        self = .object(members)
    }
    public init(nilLiteral: ()) { self = .null }
}
