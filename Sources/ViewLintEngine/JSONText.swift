/// A small JSON reader for the files viewlint reads back (baselines), so a
/// damaged file (a merge conflict, a hand edit) gets an error with its line and column. Total:
/// any bytes in, a value or an error out; nesting is bounded.
enum JSONText {
    enum Value {
        case null
        case bool(Bool)
        case number(String)
        case string(String)
        case array([Item])
        case object([Member])

        var kindDescription: String {
            switch self {
            case .null: return "null"
            case .bool: return "a boolean"
            case .number: return "a number"
            case .string: return "a string"
            case .array: return "an array"
            case .object: return "an object"
            }
        }
    }

    struct Item {
        var value: Value
        var position: TextPosition
    }

    struct Member {
        var key: String
        var keyPosition: TextPosition
        var value: Value
        var position: TextPosition
    }

    struct Error: Swift.Error, Equatable {
        var message: String
        var position: TextPosition
    }

    static let maxDepth = 64

    static func parse(_ bytes: [UInt8]) throws(JSONText.Error) -> (Value, TextPosition) {
        var reader = Reader(bytes: bytes)
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            reader.offset = 3
            reader.lineStart = 3
        }
        reader.skipSpace()
        let position = reader.position()
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        if reader.offset < bytes.count { throw reader.fail("unexpected text after the JSON value") }
        return (value, position)
    }

    struct Reader {
        let bytes: [UInt8]
        var offset = 0
        var line = 1
        var lineStart = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        func position() -> TextPosition {
            TextPosition(line: line, column: YAMLParser.columnCount(bytes, lineStart, offset) + 1)
        }

        func fail(_ message: String) -> JSONText.Error { JSONText.Error(message: message, position: position()) }

        mutating func skipSpace() {
            while offset < bytes.count {
                let b = bytes[offset]
                if b == 0x0A {
                    line += 1
                    lineStart = offset + 1
                } else if b != 0x20 && b != 0x09 && b != 0x0D {
                    return
                }
                offset += 1
            }
        }

        mutating func value(depth: Int) throws(JSONText.Error) -> Value {
            guard depth <= JSONText.maxDepth else { throw fail("nesting deeper than \(JSONText.maxDepth) levels") }
            guard offset < bytes.count else { throw fail("unexpected end of file; the JSON is incomplete") }
            switch bytes[offset] {
            case 0x7B: return try object(depth: depth)
            case 0x5B: return try array(depth: depth)
            case 0x22: return .string(try string())
            case 0x74: try word("true"); return .bool(true)
            case 0x66: try word("false"); return .bool(false)
            case 0x6E: try word("null"); return .null
            case 0x2D, 0x30...0x39: return .number(try number())
            case 0x3C, 0x3D, 0x3E:
                throw fail("unexpected '\(Character(Unicode.Scalar(bytes[offset])))'; is this a merge conflict marker?")
            default:
                throw fail("unexpected '\(Character(Unicode.Scalar(bytes[offset])))'; expected a JSON value")
            }
        }

        mutating func word(_ text: String) throws(JSONText.Error) {
            for b in text.utf8 {
                guard offset < bytes.count, bytes[offset] == b else { throw fail("expected '\(text)'") }
                offset += 1
            }
        }

        mutating func number() throws(JSONText.Error) -> String {
            let start = offset
            if bytes[offset] == 0x2D { offset += 1 }
            var digits = 0
            while offset < bytes.count, (0x30...0x39).contains(bytes[offset]) { offset += 1; digits += 1 }
            if offset < bytes.count && bytes[offset] == 0x2E {
                offset += 1
                while offset < bytes.count, (0x30...0x39).contains(bytes[offset]) { offset += 1 }
            }
            if offset < bytes.count && (bytes[offset] == 0x65 || bytes[offset] == 0x45) {
                offset += 1
                if offset < bytes.count && (bytes[offset] == 0x2B || bytes[offset] == 0x2D) { offset += 1 }
                while offset < bytes.count, (0x30...0x39).contains(bytes[offset]) { offset += 1 }
            }
            guard digits > 0 else { throw fail("malformed number") }
            return String(decoding: bytes[start..<offset], as: UTF8.self)
        }

        mutating func string() throws(JSONText.Error) -> String {
            let open = position()
            offset += 1
            var out: [UInt8] = []
            while offset < bytes.count {
                let b = bytes[offset]
                if b == 0x22 {
                    offset += 1
                    return String(decoding: out, as: UTF8.self)
                }
                if b == 0x0A || b == 0x0D || b < 0x20 {
                    throw JSONText.Error(message: "unterminated string", position: open)
                }
                if b != 0x5C {
                    out.append(b)
                    offset += 1
                    continue
                }
                offset += 1
                guard offset < bytes.count else { break }
                let e = bytes[offset]
                offset += 1
                switch e {
                case 0x22: out.append(0x22)
                case 0x5C: out.append(0x5C)
                case 0x2F: out.append(0x2F)
                case 0x62: out.append(0x08)
                case 0x66: out.append(0x0C)
                case 0x6E: out.append(0x0A)
                case 0x72: out.append(0x0D)
                case 0x74: out.append(0x09)
                case 0x75:
                    guard var code = hex4() else { throw fail("'\\u' needs four hexadecimal digits") }
                    if (0xD800...0xDBFF).contains(code), offset + 1 < bytes.count, bytes[offset] == 0x5C,
                       bytes[offset + 1] == 0x75 {
                        offset += 2
                        guard let low = hex4(), (0xDC00...0xDFFF).contains(low) else {
                            throw fail("unpaired UTF-16 surrogate")
                        }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw fail("unpaired UTF-16 surrogate") }
                    out.append(contentsOf: Array(String(Character(scalar)).utf8))
                default:
                    offset -= 2
                    throw fail("unknown escape in a string")
                }
            }
            throw JSONText.Error(message: "unterminated string", position: open)
        }

        mutating func hex4() -> UInt32? {
            guard offset + 4 <= bytes.count,
                  let v = UInt32(String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self), radix: 16) else { return nil }
            offset += 4
            return v
        }

        mutating func array(depth: Int) throws(JSONText.Error) -> Value {
            offset += 1
            var items: [Item] = []
            skipSpace()
            if offset < bytes.count && bytes[offset] == 0x5D {
                offset += 1
                return .array(items)
            }
            while true {
                skipSpace()
                let p = position()
                items.append(Item(value: try value(depth: depth + 1), position: p))
                skipSpace()
                guard offset < bytes.count else { throw fail("unexpected end of file; an array is not closed") }
                if bytes[offset] == 0x5D {
                    offset += 1
                    return .array(items)
                }
                guard bytes[offset] == 0x2C else { throw fail("expected ',' or ']'") }
                offset += 1
            }
        }

        mutating func object(depth: Int) throws(JSONText.Error) -> Value {
            offset += 1
            var members: [Member] = []
            skipSpace()
            if offset < bytes.count && bytes[offset] == 0x7D {
                offset += 1
                return .object(members)
            }
            while true {
                skipSpace()
                guard offset < bytes.count else { throw fail("unexpected end of file; an object is not closed") }
                guard bytes[offset] == 0x22 else { throw fail("expected a quoted key") }
                let keyPosition = position()
                let key = try string()
                skipSpace()
                guard offset < bytes.count, bytes[offset] == 0x3A else { throw fail("expected ':' after the key") }
                offset += 1
                skipSpace()
                let p = position()
                members.append(Member(key: key, keyPosition: keyPosition, value: try value(depth: depth + 1), position: p))
                skipSpace()
                guard offset < bytes.count else { throw fail("unexpected end of file; an object is not closed") }
                if bytes[offset] == 0x7D {
                    offset += 1
                    return .object(members)
                }
                guard bytes[offset] == 0x2C else { throw fail("expected ',' or '}'") }
                offset += 1
            }
        }
    }
}
