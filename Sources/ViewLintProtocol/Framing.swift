/// The base protocol's framing: each message is a header block (`Content-Length: N`, optionally
/// `Content-Type`, each line ended by `\r\n`, the block by an empty line) followed by N bytes of
/// JSON.
///
/// The reader takes bytes as they arrive, in any chunks, and hands out whole frames. It never
/// gives up on the stream: a header block it cannot use is reported as malformed and skipped,
/// and reading resumes after it, so one broken message costs only itself.
public struct FrameReader: Sendable {
    public enum Frame: Sendable, Hashable {
        case message([UInt8])
        /// A header block that could not be used; the reader has skipped past it.
        case malformed(String)
    }

    /// A header block longer than this without its terminating empty line is not one.
    public static let maximumHeaderBytes = 8 * 1024
    /// Bodies larger than this are refused (the largest Swift file worth linting is far smaller).
    public static let maximumBodyBytes = 256 * 1024 * 1024

    private var buffer: [UInt8] = []
    private var start = 0
    /// The body length once a header block was read and its body is still arriving.
    private var pendingLength: Int?

    public init() {}

    public mutating func append(_ bytes: some Sequence<UInt8>) {
        // Drop consumed bytes now and then, so the buffer does not grow with the session.
        if start > 64 * 1024 && start * 2 > buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next complete frame, or nil until more bytes arrive. Every call either returns a frame
    /// (consuming its bytes) or nil, so a loop over it ends.
    public mutating func next() -> Frame? {
        if let length = pendingLength {
            guard buffer.count - start >= length else { return nil }
            let body = Array(buffer[start..<(start + length)])
            start += length
            pendingLength = nil
            return .message(body)
        }
        guard let end = headerEnd() else {
            if buffer.count - start > FrameReader.maximumHeaderBytes {
                // No header block ends within the limit: discard what there is and resynchronize
                // at the next `Content-Length`.
                let skipFrom = start + 1
                start = resynchronize(from: skipFrom) ?? buffer.count
                return .malformed("a header block longer than \(FrameReader.maximumHeaderBytes) bytes")
            }
            return nil
        }
        let header = buffer[start..<end.headerEnd]
        start = end.bodyStart
        switch FrameReader.contentLength(in: Array(header)) {
        case .failure(let message):
            return .malformed(message)
        case .success(let length):
            pendingLength = length
            return next()
        }
    }

    /// Where the header block starting at `start` ends (`\r\n\r\n`), if it has arrived.
    private func headerEnd() -> (headerEnd: Int, bodyStart: Int)? {
        var i = start
        let n = buffer.count
        while i + 3 < n {
            if buffer[i] == 0x0D && buffer[i + 1] == 0x0A && buffer[i + 2] == 0x0D && buffer[i + 3] == 0x0A {
                return (i, i + 4)
            }
            i += 1
        }
        return nil
    }

    /// The next offset at or after `from` where `Content-Length` starts, if any.
    private func resynchronize(from: Int) -> Int? {
        let word = Array("Content-Length".utf8)
        var i = from
        while i + word.count <= buffer.count {
            if buffer[i..<(i + word.count)].elementsEqual(word) { return i }
            i += 1
        }
        return nil
    }

    enum HeaderResult { case success(Int), failure(String) }

    static func contentLength(in header: [UInt8]) -> HeaderResult {
        var length: Int?
        for rawLine in header.split(separator: 0x0A, omittingEmptySubsequences: false) {
            var line = rawLine
            if line.last == 0x0D { line = line.dropLast() }
            if line.isEmpty { continue }
            guard let colon = line.firstIndex(of: 0x3A) else {
                return .failure("header line without ':' (\(String(decoding: line.prefix(80), as: UTF8.self)))")
            }
            let name = String(decoding: line[line.startIndex..<colon], as: UTF8.self).lowercased()
            let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingSpaces()
            if name == "content-length" {
                guard !value.isEmpty, value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), value.utf8.count <= 12,
                      let n = Int(value) else {
                    return .failure("Content-Length '\(value.prefix(40))' is not a byte count")
                }
                guard n <= maximumBodyBytes else { return .failure("Content-Length \(n) is over the limit of \(maximumBodyBytes) bytes") }
                length = n
            }
            // Content-Type and any other header are allowed and ignored: the body is UTF-8 JSON.
        }
        guard let length else { return .failure("a header block without Content-Length") }
        return .success(length)
    }

    /// `body` framed for the wire.
    public static func frame(_ body: [UInt8]) -> [UInt8] {
        Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }
}

extension String {
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return String(s)
    }
}
