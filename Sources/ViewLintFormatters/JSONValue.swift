/// A JSON value whose objects keep their keys in the order they were built, so reports read in a
/// sensible order (`ruleId` before `message`, `$schema` first) and are byte-for-byte stable.
public enum JSONValue: Sendable, Equatable {
    case object([(String, JSONValue)])
    case array([JSONValue])
    case string(String)
    case int(Int)
    case bool(Bool)
    case null

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        case (.array(let x), .array(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.int(let x), .int(let y)): return x == y
        case (.bool(let x), .bool(let y)): return x == y
        case (.null, .null): return true
        default: return false
        }
    }

    /// Pretty-printed with two-space indentation and a final newline.
    public func rendered() -> String {
        var out = ""
        write(into: &out, indent: 0)
        out += "\n"
        return out
    }

    func write(into out: inout String, indent: Int) {
        switch self {
        case .object(let members):
            if members.isEmpty {
                out += "{}"
                return
            }
            out += "{\n"
            for (i, (key, value)) in members.enumerated() {
                out += String(repeating: "  ", count: indent + 1)
                JSONValue.writeString(key, into: &out)
                out += ": "
                value.write(into: &out, indent: indent + 1)
                out += i + 1 < members.count ? ",\n" : "\n"
            }
            out += String(repeating: "  ", count: indent) + "}"
        case .array(let elements):
            if elements.isEmpty {
                out += "[]"
                return
            }
            out += "[\n"
            for (i, element) in elements.enumerated() {
                out += String(repeating: "  ", count: indent + 1)
                element.write(into: &out, indent: indent + 1)
                out += i + 1 < elements.count ? ",\n" : "\n"
            }
            out += String(repeating: "  ", count: indent) + "]"
        case .string(let text):
            JSONValue.writeString(text, into: &out)
        case .int(let number):
            out += String(number)
        case .bool(let flag):
            out += flag ? "true" : "false"
        case .null:
            out += "null"
        }
    }

    /// RFC 8259 escaping: quote, backslash and every control character are escaped; so are DEL,
    /// the C1 controls and U+2028/U+2029, so that a report shown in a terminal or embedded in
    /// JavaScript cannot carry a raw control sequence. Everything else stays UTF-8.
    ///
    /// Plain runs are appended as `Substring`s: `out.unicodeScalars.append(contentsOf:)` grows
    /// the string to exactly the new size every time, copying all of `out`, which made a report
    /// quadratic in its size (seconds for a few thousand findings).
    static func writeString(_ text: String, into out: inout String) {
        out += "\""
        var plainStart = text.unicodeScalars.startIndex
        let scalars = text.unicodeScalars
        var i = scalars.startIndex
        while i < scalars.endIndex {
            let scalar = scalars[i]
            let escape = escaped(scalar)
            if let escape {
                out += Substring(scalars[plainStart..<i])
                out += escape
                plainStart = scalars.index(after: i)
            }
            i = scalars.index(after: i)
        }
        out += Substring(scalars[plainStart..<scalars.endIndex])
        out += "\""
    }

    static func escaped(_ scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x22: return "\\\""
        case 0x5C: return "\\\\"
        case 0x0A: return "\\n"
        case 0x0D: return "\\r"
        case 0x09: return "\\t"
        case 0x08: return "\\b"
        case 0x0C: return "\\f"
        case 0x00..<0x20, 0x7F..<0xA0, 0x2028, 0x2029:
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default:
            return nil
        }
    }
}
