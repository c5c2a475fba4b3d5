import ViewLintEngine

/// `file:` URIs and paths, as LSP clients send and expect them. A document's URI is kept exactly
/// as the client sent it (clients differ in what they percent-encode) and only the path is
/// derived from it.
///
/// Foundation's `URL` did this before (it cost every `viewlint` process 2 MB and over a
/// millisecond of start to link); these answer as it did for every URI a client sends, and
/// differ on purpose where its answers came from the disk or the process rather than the URI:
/// a final `..` is taken away lexically (Foundation follows a symbolic link there, while
/// `/link/../x` it takes lexically), `/private/etc` stays itself, a relative `file:a` or
/// `file:~/a` names no file (not one below the server's current or home directory), and an
/// escape that decodes to invalid UTF-8, or a URI without a path, names no file (not "").
enum FileURI {
    /// The standardized path a `file:` URI names (the scheme in any case, any host ignored,
    /// escapes decoded, query and fragment left out); nil for another scheme or no absolute path.
    static func path(of uri: String) -> String? {
        let bytes = Array(uri.utf8)
        // The scheme, "file" in any case.
        guard bytes.count >= 5, bytes[4] == UInt8(ascii: ":"),
              zip(bytes, "file".utf8).allSatisfy({ byte, letter in byte | 0x20 == letter }) else { return nil }
        var start = 5
        if bytes[start...].starts(with: [UInt8(ascii: "/"), UInt8(ascii: "/")]) {
            // The authority (`localhost`, a host, or nothing) runs to the path.
            start += 2
            while start < bytes.count && !isPathEnd(bytes[start]) && bytes[start] != UInt8(ascii: "/") { start += 1 }
        }
        var end = start
        while end < bytes.count && !isPathEnd(bytes[end]) { end += 1 }
        guard start < end, bytes[start] == UInt8(ascii: "/") else { return nil }
        let decoded = percentDecoded(bytes[start..<end])
        let path = String(decoding: decoded, as: UTF8.self)
        // Invalid UTF-8 came out as replacement characters.
        guard path.utf8.elementsEqual(decoded) else { return nil }
        return PathName.normalize(path)
    }

    /// The `file:` URI of an absolute path: every byte but RFC 3986's path characters
    /// percent-encoded, as Foundation's `URL(fileURLWithPath:)` wrote them (it also added a "/"
    /// when the path named a directory on disk; the server asks only for files' URIs).
    static func uri(of path: String) -> String {
        var bytes = Array("file://".utf8)
        for byte in path.utf8 {
            if isPathCharacter(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hexDigits[Int(byte >> 4)])
                bytes.append(hexDigits[Int(byte & 0xF)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func isPathEnd(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") }

    /// RFC 3986's `pchar` and "/": unreserved, sub-delims, ":" and "@".
    private static func isPathCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: "-._~!$&'()*+,;=:@/".utf8.contains(byte)
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The bytes with each `%XX` decoded, except `%2F` and `%00` (a "/" or NUL inside a name
    /// cannot be a path's); with a "%" not followed by two hex digits, or a byte that must be
    /// encoded (a space, `é`), anywhere, the bytes as they are: such a path was never encoded
    /// (Foundation's answer too).
    private static func percentDecoded(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        guard bytes.allSatisfy({ isPathCharacter($0) || $0 == UInt8(ascii: "%") }) else { return Array(bytes) }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "%") else {
                decoded.append(byte)
                index += 1
                continue
            }
            guard index + 2 < bytes.endIndex, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) else { return Array(bytes) }
            let value = high << 4 | low
            if value == UInt8(ascii: "/") || value == 0 {
                decoded.append(contentsOf: bytes[index...(index + 2)])
            } else {
                decoded.append(value)
            }
            index += 3
        }
        return decoded
    }
}
