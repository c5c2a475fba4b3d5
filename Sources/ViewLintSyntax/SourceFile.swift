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
        var counts = ColumnCounts(offset: SourceLocation.firstCountedByte(lineStart: lineStart, file: file))
        counts.advance(to: offset, in: file.bytes)
        self.init(offset: offset, line: line, lineStart: lineStart, counts: counts)
    }

    init(offset: Int, line: Int, lineStart: Int, counts: ColumnCounts) {
        self.init(offset: offset, line: line, column: counts.scalars + 1,
                  byteColumn: offset - lineStart + 1, utf16Column: counts.utf16 + 1)
    }

    /// Where column counting starts on a line: its first byte, or after the byte-order mark.
    static func firstCountedByte(lineStart: Int, file: SourceFile) -> Int {
        let bytes = file.bytes
        if lineStart == 0, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { return 3 }
        return lineStart
    }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool { a.offset < b.offset }
}

/// Columns counted from the start of a line up to `offset`.
struct ColumnCounts {
    var offset: Int
    var scalars = 0
    var utf16 = 0

    mutating func advance(to target: Int, in bytes: [UInt8]) {
        var i = offset
        while i < target {
            let b = bytes[i]
            // Every byte that is not a UTF-8 continuation byte starts a scalar; invalid bytes
            // count as one column each, which is what editors that show replacement characters do.
            if b & 0xC0 != 0x80 {
                scalars += 1
                utf16 += b >= 0xF0 ? 2 : 1
            }
            i += 1
        }
        offset = max(offset, target)
    }
}

/// Locations of many offsets in one file, each in time independent of the length of its line.
///
/// A column is counted from the start of its line, so a file minified onto one 5 MB line with
/// thousands of findings would cost findings x line length. For a long line this counts the
/// line once, keeping the counts at every `stride` bytes, and each location then counts only
/// from the checkpoint before it. Not shared between threads: one per file being reported.
public struct LocationFinder {
    public let file: SourceFile
    private var checkpointsByLine: [Int: [ColumnCounts]] = [:]
    static let stride = 1024

    public init(_ file: SourceFile) { self.file = file }

    public mutating func location(ofOffset offset: Int) -> SourceLocation {
        let clamped = max(0, min(offset, file.bytes.count))
        let line = file.line(ofOffset: clamped)
        let lineStart = Int(file.lineStarts[line - 1])
        guard clamped - lineStart > LocationFinder.stride else {
            return SourceLocation(offset: clamped, line: line, lineStart: lineStart, file: file)
        }
        let checkpoints = self.checkpoints(line: line, lineStart: lineStart)
        let firstCounted = checkpoints[0].offset
        var counts = checkpoints[max(0, min((clamped - firstCounted) / LocationFinder.stride, checkpoints.count - 1))]
        if counts.offset > clamped { counts = checkpoints[0] }
        counts.advance(to: clamped, in: file.bytes)
        return SourceLocation(offset: clamped, line: line, lineStart: lineStart, counts: counts)
    }

    private mutating func checkpoints(line: Int, lineStart: Int) -> [ColumnCounts] {
        if let known = checkpointsByLine[line] { return known }
        let lineEnd = line < file.lineStarts.count ? Int(file.lineStarts[line]) : file.bytes.count
        var counts = ColumnCounts(offset: SourceLocation.firstCountedByte(lineStart: lineStart, file: file))
        var list = [counts]
        while counts.offset + LocationFinder.stride <= lineEnd {
            counts.advance(to: counts.offset + LocationFinder.stride, in: file.bytes)
            list.append(counts)
        }
        checkpointsByLine[line] = list
        return list
    }
}
