/// The bytes of one Swift file and the table of where its lines start.
///
/// Everything downstream (tokens, trees, the model, findings) speaks in byte offsets into
/// `bytes`; lines and columns are derived here, in one place, so that every output agrees.
/// A line ends at `\n`, `\r\n` or a lone `\r`, as the Swift compiler counts them.
public struct SourceFile: Sendable {
    /// The path as the caller named it; only used for display and sorting.
    public let path: String
    public let bytes: [UInt8]
    /// Offset of the first byte of each line; `lineStarts[0] == 0`.
    public let lineStarts: [UInt32]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        self.lineStarts = SourceFile.computeLineStarts(bytes)
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    public var lineCount: Int { lineStarts.count }

    static func computeLineStarts(_ bytes: [UInt8]) -> [UInt32] {
        var starts: [UInt32] = [0]
        starts.reserveCapacity(bytes.count / 32 + 1)
        bytes.withUnsafeBufferPointer { buf in
            let n = buf.count
            var i = 0
            while i < n {
                let b = buf[i]
                if b == 0x0A {
                    starts.append(UInt32(i + 1))
                } else if b == 0x0D {
                    if i + 1 < n && buf[i + 1] == 0x0A { i += 1 }
                    starts.append(UInt32(i + 1))
                }
                i += 1
            }
        }
        return starts
    }

    /// The 1-based line holding `offset` (an offset equal to the file size is on the last line).
    public func line(ofOffset offset: Int) -> Int {
        var lo = 0
        var hi = lineStarts.count - 1
        let target = UInt32(clamping: offset)
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= target { lo = mid } else { hi = mid - 1 }
        }
        return lo + 1
    }

    /// Byte range of a 1-based line, without its line terminator.
    public func lineRange(_ line: Int) -> Range<Int> {
        let index = max(0, min(line - 1, lineStarts.count - 1))
        let start = Int(lineStarts[index])
        var end = index + 1 < lineStarts.count ? Int(lineStarts[index + 1]) : bytes.count
        while end > start && (bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D) { end -= 1 }
        return start..<end
    }

    /// The location of a byte offset, with its column counted three ways.
    public func location(ofOffset offset: Int) -> SourceLocation {
        let clamped = max(0, min(offset, bytes.count))
        let line = self.line(ofOffset: clamped)
        let lineStart = Int(lineStarts[line - 1])
        return SourceLocation(offset: clamped, line: line, lineStart: lineStart, file: self)
    }
}

/// A position in a file. `column` counts Unicode scalars (what a reader sees for almost all
/// source text), `byteColumn` counts UTF-8 bytes, `utf16Column` counts UTF-16 code units
/// (what SARIF and LSP clients expect). All are 1-based. A byte-order mark at the start of
/// the file is not counted, since no editor shows it.
public struct SourceLocation: Sendable, Hashable, Comparable {
    public var offset: Int
    public var line: Int
    public var column: Int
    public var byteColumn: Int
    public var utf16Column: Int

    public init(offset: Int, line: Int, column: Int, byteColumn: Int, utf16Column: Int) {
        self.offset = offset
        self.line = line
        self.column = column
        self.byteColumn = byteColumn
        self.utf16Column = utf16Column
    }

    init(offset: Int, line: Int, lineStart: Int, file: SourceFile) {
        var scalars = 0
        var utf16 = 0
        var i = lineStart
        if lineStart == 0, file.bytes.count >= 3, file.bytes[0] == 0xEF, file.bytes[1] == 0xBB, file.bytes[2] == 0xBF,
           offset >= 3 {
            i = 3
        }
        // Decoded as `String(decoding:as:)` decodes the line (the finding's `lineText`, which the
        // text formatter indexes by `column`): each maximal invalid sequence is one U+FFFD, one
        // column and one UTF-16 unit. Counting lead bytes instead put columns past the end of the
        // line after invalid bytes (0xF8...0xFF counted as two UTF-16 units, stray continuation
        // bytes as none).
        if i < offset {
            var iterator = file.bytes[i..<offset].makeIterator()
            var decoder = UTF8()
            decoding: while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar):
                    scalars += 1
                    utf16 += scalar.value > 0xFFFF ? 2 : 1
                case .error:
                    scalars += 1
                    utf16 += 1
                case .emptyInput:
                    break decoding
                }
            }
        }
        self.init(offset: offset, line: line, column: scalars + 1,
                  byteColumn: offset - lineStart + 1, utf16Column: utf16 + 1)
    }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool { a.offset < b.offset }
}
