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
        var parser = PlistParser(Array(text.utf8))
        return try parser.parseDocument()
    }
}

struct PlistParser {
    let bytes: [UInt8]
    var i = 0
    var line = 1

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func error(_ message: String) -> OpenStepPlist.ParseError {
        OpenStepPlist.ParseError(line: line, message: message)
    }

    mutating func skipSpaceAndComments() {
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x0A { line += 1; i += 1; continue }
            if b == 0x20 || b == 0x09 || b == 0x0D { i += 1; continue }
            if b == 0x2F && i + 1 < bytes.count && bytes[i + 1] == 0x2A {
                i += 2
                while i + 1 < bytes.count && !(bytes[i] == 0x2A && bytes[i + 1] == 0x2F) {
                    if bytes[i] == 0x0A { line += 1 }
                    i += 1
                }
                i = min(bytes.count, i + 2)
                continue
            }
            if b == 0x2F && i + 1 < bytes.count && bytes[i + 1] == 0x2F {
                while i < bytes.count && bytes[i] != 0x0A { i += 1 }
                continue
            }
            return
        }
    }

    static func isBare(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
            || b == 0x5F || b == 0x24 || b == 0x2F || b == 0x3A || b == 0x2E || b == 0x2D || b >= 0x80
    }

    mutating func parseString() throws -> String {
        skipSpaceAndComments()
        guard i < bytes.count else { throw error("expected a value, found the end of the file") }
        if bytes[i] == 0x22 {
            i += 1
            var out: [UInt8] = []
            while i < bytes.count && bytes[i] != 0x22 {
                if bytes[i] == 0x5C && i + 1 < bytes.count {
                    i += 1
                    switch bytes[i] {
                    case 0x6E: out.append(0x0A)
                    case 0x74: out.append(0x09)
                    default: out.append(bytes[i])
                    }
                } else {
                    if bytes[i] == 0x0A { line += 1 }
                    out.append(bytes[i])
                }
                i += 1
            }
            guard i < bytes.count else { throw error("unterminated quoted string") }
            i += 1
            return String(decoding: out, as: UTF8.self)
        }
        let start = i
        while i < bytes.count && PlistParser.isBare(bytes[i]) { i += 1 }
        guard i > start else { throw error("unexpected character '\(String(decoding: [bytes[i]], as: UTF8.self))'") }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    static let maxDepth = 64

    mutating func parseDocument() throws -> PlistValue {
        let value = try parseValue(depth: 0)
        skipSpaceAndComments()
        guard i >= bytes.count else { throw error("unexpected text after the property list") }
        return value
    }

    // Value = String | '{' (String '=' Value ';')* '}' | '(' (Value (',' Value)* ','?)? ')'
    mutating func parseValue(depth: Int) throws -> PlistValue {
        guard depth < PlistParser.maxDepth else { throw error("property list nested too deeply") }
        skipSpaceAndComments()
        guard i < bytes.count else { throw error("expected a value, found the end of the file") }
        switch bytes[i] {
        case 0x7B:
            i += 1
            var dictionary: [String: PlistValue] = [:]
            while true {
                skipSpaceAndComments()
                guard i < bytes.count else { throw error("unterminated dictionary") }
                if bytes[i] == 0x7D { i += 1; return .dictionary(dictionary) }
                let key = try parseString()
                skipSpaceAndComments()
                guard i < bytes.count, bytes[i] == 0x3D else { throw error("expected '=' after key '\(key)'") }
                i += 1
                dictionary[key] = try parseValue(depth: depth + 1)
                skipSpaceAndComments()
                guard i < bytes.count, bytes[i] == 0x3B else { throw error("expected ';' after the value of '\(key)'") }
                i += 1
            }
        case 0x28:
            i += 1
            var array: [PlistValue] = []
            while true {
                skipSpaceAndComments()
                guard i < bytes.count else { throw error("unterminated list") }
                if bytes[i] == 0x29 { i += 1; return .array(array) }
                array.append(try parseValue(depth: depth + 1))
                skipSpaceAndComments()
                guard i < bytes.count else { throw error("unterminated list") }
                if bytes[i] == 0x2C { i += 1 } else if bytes[i] != 0x29 { throw error("expected ',' or ')' in a list") }
            }
        default:
            return .string(try parseString())
        }
    }
}
