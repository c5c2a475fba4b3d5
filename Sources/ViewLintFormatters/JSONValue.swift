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
        // Bytes, not String appends: a report of 260,000 findings is a few hundred megabytes of
        // small appends, and a byte buffer makes each one a copy without bridging or growth checks.
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        write(into: &out, indent: 0)
        out.append(0x0A)
        return String(decoding: out, as: UTF8.self)
    }

    func write(into out: inout [UInt8], indent: Int) {
        switch self {
        case .object(let members):
            if members.isEmpty {
                out.append(contentsOf: "{}".utf8)
                return
            }
            out.append(contentsOf: "{\n".utf8)
            for (i, (key, value)) in members.enumerated() {
                JSONValue.writeIndent(indent + 1, into: &out)
                JSONValue.writeString(key, into: &out)
                out.append(0x3A) // :
                out.append(0x20)
                value.write(into: &out, indent: indent + 1)
                if i + 1 < members.count { out.append(0x2C) }
                out.append(0x0A)
            }
            JSONValue.writeIndent(indent, into: &out)
            out.append(0x7D) // }
        case .array(let elements):
            if elements.isEmpty {
                out.append(contentsOf: "[]".utf8)
                return
            }
            out.append(contentsOf: "[\n".utf8)
            for (i, element) in elements.enumerated() {
                JSONValue.writeIndent(indent + 1, into: &out)
                element.write(into: &out, indent: indent + 1)
                if i + 1 < elements.count { out.append(0x2C) }
                out.append(0x0A)
            }
            JSONValue.writeIndent(indent, into: &out)
            out.append(0x5D) // ]
        case .string(let text):
            JSONValue.writeString(text, into: &out)
        case .int(let number):
            out.append(contentsOf: String(number).utf8)
        case .bool(let flag):
            out.append(contentsOf: (flag ? "true" : "false").utf8)
        case .null:
            out.append(contentsOf: "null".utf8)
        }
    }

    static func writeIndent(_ level: Int, into out: inout [UInt8]) {
        for _ in 0..<(2 * level) { out.append(0x20) }
    }

    /// RFC 8259 escaping: quote, backslash and every control character are escaped; so are DEL,
    /// the C1 controls and U+2028/U+2029, so that a report shown in a terminal or embedded in
    /// JavaScript cannot carry a raw control sequence. Everything else stays UTF-8.
    ///
    /// A Swift string is valid UTF-8, so the escapes are found on bytes: C1 controls are
    /// `C2 80`...`C2 9F`, U+2028/U+2029 are `E2 80 A8`/`E2 80 A9`; plain runs are copied whole.
    static func writeString(_ text: String, into out: inout [UInt8]) {
        out.append(0x22)
        var text = text
        text.withUTF8 { bytes in
            var plainStart = 0
            var i = 0
            let n = bytes.count
            while i < n {
                let b = bytes[i]
                var scalar: UInt32? = nil
                var length = 1
                if b == 0x22 || b == 0x5C || b < 0x20 || b == 0x7F {
                    scalar = UInt32(b)
                } else if b == 0xC2, i + 1 < n, bytes[i + 1] >= 0x80, bytes[i + 1] <= 0x9F {
                    scalar = UInt32(bytes[i + 1])
                    length = 2
                } else if b == 0xE2, i + 2 < n, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9 {
                    scalar = bytes[i + 2] == 0xA8 ? 0x2028 : 0x2029
                    length = 3
                }
                if let scalar {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plainStart..<i]))
                    out.append(contentsOf: escaped(Unicode.Scalar(scalar)!)!.utf8)
                    i += length
                    plainStart = i
                } else {
                    i += 1
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plainStart..<n]))
        }
        out.append(0x22)
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
