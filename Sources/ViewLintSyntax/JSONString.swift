/// The one JSON string writer: reports (JSON, SARIF and the other formats), baselines and the
/// language server's messages all quote text through it. It lives in the lowest module so that
/// the formatters, the engine and the protocol share it.
public enum JSONString {
    /// `text` quoted. RFC 8259 escaping: quote, backslash and every control character are
    /// escaped; so are DEL, the C1 controls and U+2028/U+2029, so that a report shown in a
    /// terminal or embedded in JavaScript cannot carry a raw control sequence. Everything else
    /// stays UTF-8.
    ///
    /// A Swift string is valid UTF-8, so the escapes are found on bytes: C1 controls are
    /// `C2 80`...`C2 9F`, U+2028/U+2029 are `E2 80 A8`/`E2 80 A9`; plain runs are copied whole.
    public static func write(_ text: String, into out: inout [UInt8]) {
        out.append(0x22)
        var text = text
        text.withUTF8 { bytes in
            var plainStart = 0
            // Nearly every text a report quotes (keys, messages, paths, rule ids) is printable
            // ASCII without a quote or backslash: such a prefix is recognised eight bytes at a
            // time and copied with the rest in one append (the byte loop below took about ten
            // instructions a byte, a third of writing a SARIF report).
            var i = JSONString.plainASCIIPrefix(bytes)
            let n = bytes.count
            if i == n {
                out.append(contentsOf: bytes)
                return
            }
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

    /// How many leading bytes of `bytes` are printable ASCII other than `"` and `\\`: bytes that
    /// are copied as they are.
    @inline(__always)
    static func plainASCIIPrefix(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = UnsafeRawPointer(bytes.baseAddress) else { return 0 }
        let n = bytes.count
        var i = 0
        // A word is plain when no byte has its high bit set, none is below 0x20, none is 0x7F,
        // and none is `"` (0x22) or `\` (0x5C); each test sets a byte's high bit where it fails.
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        while i + 8 <= n {
            let w = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            // Bytes below 0x20 (for bytes without the high bit, `w - 0x20` borrows into it).
            let control = (w &- ones &* 0x20) & ~w
            // Bytes equal to 0x7F, 0x22 or 0x5C: the xor makes them zero.
            func zero(_ x: UInt64) -> UInt64 { (x &- ones) & ~x }
            let special = zero(w ^ (ones &* 0x7F)) | zero(w ^ (ones &* 0x22)) | zero(w ^ (ones &* 0x5C))
            if (w | control | special) & high != 0 { break }
            i += 8
        }
        while i < n {
            let b = bytes[i]
            if b < 0x20 || b >= 0x7F || b == 0x22 || b == 0x5C { break }
            i += 1
        }
        return i
    }

    /// `text` quoted, as a `String`.
    public static func quoted(_ text: String) -> String {
        var out: [UInt8] = []
        write(text, into: &out)
        return String(decoding: out, as: UTF8.self)
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
