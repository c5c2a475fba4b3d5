#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    /// The registered words the bytes spell (`MentionedWords`), found by the pass that finds
    /// the lines.
    public let mentioned: MentionedWords

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        (lineStarts, mentioned) = SourceFile.computeLineStartsAndWords(bytes)
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    public var lineCount: Int { lineStarts.count }

    /// Whether `word` occurs anywhere in the bytes, comments and strings included. A rule that
    /// flags a name spelled in the file (a modifier, a call, a type) asks this first: a file that
    /// never spells the name cannot hold a candidate, and one pass over the bytes costs less than
    /// walking the file's builders.
    public func mentions(_ word: StaticString) -> Bool { mentions(word, within: 0..<bytes.count) }

    /// Whether `word` occurs in the bytes at `offsets` (clamped to the file), without making a
    /// `String` of them to search.
    public func mentions(_ word: StaticString, within offsets: Range<Int>) -> Bool {
        mentions(UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount), within: offsets)
    }

    /// Where `word` first occurs in the bytes at `offsets` (clamped to the file), if it does.
    public func firstOccurrence(of word: StaticString, within offsets: Range<Int>) -> Int? {
        var first: Int? = nil
        forEachOccurrence(of: UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount), within: offsets) {
            first = $0
            return false
        }
        return first
    }

    /// `mentions` for a word known only at run time.
    public func mentions(_ word: String) -> Bool {
        var word = word
        return word.withUTF8 { mentions($0, within: 0..<bytes.count) }
    }

    func mentions(_ needle: UnsafeBufferPointer<UInt8>, within offsets: Range<Int>) -> Bool {
        guard !needle.isEmpty else { return true }
        var found = false
        forEachOccurrence(of: needle, within: offsets) { _ in
            found = true
            return false
        }
        return found
    }

    /// Calls `body` with the offset of each occurrence of `word` in the bytes (comments and
    /// strings included), in order, for as long as it returns true.
    public func forEachOccurrence(of word: StaticString, _ body: (Int) -> Bool) {
        forEachOccurrence(of: UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount),
                          within: 0..<bytes.count, body)
    }

    /// `forEachOccurrence(of:_:)` for a needle known only at run time, within `offsets` (clamped
    /// to the file): an occurrence must lie wholly inside them.
    public func forEachOccurrence(of needle: UnsafeBufferPointer<UInt8>, within offsets: Range<Int>, _ body: (Int) -> Bool) {
        Self.forEachOccurrence(of: needle, in: bytes, within: offsets, body)
    }

    /// Calls `body` with the offset of each occurrence of `word` in `bytes`, in order, for as long
    /// as it returns true: the search of `forEachOccurrence(of:_:)` for bytes not yet a file.
    public static func forEachOccurrence(of word: StaticString, in bytes: [UInt8], _ body: (Int) -> Bool) {
        forEachOccurrence(of: UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount),
                          in: bytes, within: 0..<bytes.count, body)
    }

    /// `forEachOccurrence(of:in:_:)` for a word known only at run time.
    public static func forEachOccurrence(of word: UnsafeBufferPointer<UInt8>, in bytes: [UInt8], _ body: (Int) -> Bool) {
        forEachOccurrence(of: word, in: bytes, within: 0..<bytes.count, body)
    }

    public static func forEachOccurrence(of needle: UnsafeBufferPointer<UInt8>, in bytes: [UInt8], within offsets: Range<Int>,
                                         _ body: (Int) -> Bool) {
        bytes.withUnsafeBufferPointer { forEachOccurrence(of: needle, in: $0, within: offsets, body) }
    }

    /// The one needle search: `forEachOccurrence(of:in:within:_:)` over bytes in place.
    static func forEachOccurrence(of needle: UnsafeBufferPointer<UInt8>, in file: UnsafeBufferPointer<UInt8>,
                                         within offsets: Range<Int>, _ body: (Int) -> Bool) {
        guard !needle.isEmpty else { return }
        let upper = min(max(offsets.upperBound, 0), file.count)
        let lower = min(max(offsets.lowerBound, 0), upper)
        // `memchr` looks for the needle's rarest byte, not its first: a lowercase first byte
        // (`onAppear`, `random`) stops it every few bytes of code, and each stop costs a compare.
        let pivot = rarestByteIndex(needle)
        let key = Int32(needle[pivot])
        // A candidate's first and last bytes are compared before the call to `memcmp`: most
        // places the pivot byte sits (an `F` of `ForEach` for `Formatter`) differ there.
        let last = needle.count - 1
        let firstByte = needle[0], lastByte = needle[last]
        guard upper - lower >= needle.count, let base = file.baseAddress else { return }
        // Candidates are where the pivot byte sits, `pivot` bytes after each possible start.
        var cursor = base + lower + pivot
        let end = base + (upper - needle.count + 1) + pivot
        while cursor < end, let found = memchr(cursor, key, end - cursor) {
            let at = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - pivot
            if at[0] == firstByte, at[last] == lastByte,
               UnsafeBufferPointer(start: at, count: needle.count).hasSameBytes(as: needle), !body(at - base) { return }
            cursor = at + pivot + 1
        }
    }

    /// The index of the needle's byte least frequent in Swift source, by a rough rank (capitals
    /// and rare letters low, spaces and common letters high); the first of equals, and the first
    /// capital as soon as one is met. Asked on every search, so a switch, not a table to load.
    static func rarestByteIndex(_ needle: UnsafeBufferPointer<UInt8>) -> Int {
        var best = 0
        var bestRank = UInt8.max
        for i in needle.indices {
            let rank = byteRank(needle[i])
            if rank < bestRank {
                best = i
                bestRank = rank
                if rank <= 5 { break }
            }
        }
        return best
    }

    /// English letter frequencies (per mille, roughly), close enough to identifiers' to order them.
    @inline(__always)
    static func byteRank(_ byte: UInt8) -> UInt8 {
        switch byte {
        case 0x41...0x5A: 5 // capitals
        case 0x71, 0x7A: 1 // q z
        case 0x6A, 0x78: 2 // j x
        case 0x6B: 8 // k
        case 0x30...0x39, 0x76: 10 // digits, v
        case 0x62: 15 // b
        case 0x70, 0x67, 0x79: 20 // p g y
        case 0x66, 0x6D, 0x77: 23 // f m w
        case 0x63, 0x75: 28 // c u
        case 0x6C: 40 // l
        case 0x64: 43 // d
        case 0x2E, 0x28, 0x29: 50 // . ( )
        case 0x72, 0x68: 60 // r h
        case 0x73, 0x6E: 65 // s n
        case 0x69, 0x6F: 72 // i o
        case 0x61: 82 // a
        case 0x74: 91 // t
        case 0x65: 127 // e
        case 0x20, 0x0A, 0x09: 255
        default: 15
        }
    }

    /// How many line feeds `bytes` holds, sixteen bytes at a time: each compare gives 0xFF per
    /// line feed, subtracted from per-byte counters that are summed before they can wrap (255
    /// rounds). The eight-byte word version counted its marks with `nonzeroBitCount`, which
    /// without a POPCNT instruction in the baseline x86-64 target was 31 instructions a word;
    /// this loop is six instructions for sixteen bytes.
    static func countLineFeeds(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let n = bytes.count
        let raw = UnsafeRawPointer(base)
        let lineFeeds = SIMD16<UInt8>(repeating: 0x0A)
        var breaks = 0
        var k = 0
        while k + 16 <= n {
            var counts = SIMD16<UInt8>(repeating: 0)
            let stop = min(n &- 15, k &+ 255 &* 16)
            while k < stop {
                let chunk = raw.loadUnaligned(fromByteOffset: k, as: SIMD16<UInt8>.self)
                counts &-= unsafeBitCast(chunk .== lineFeeds, to: SIMD16<UInt8>.self)
                k &+= 16
            }
            breaks &+= Int(SIMD16<UInt16>(truncatingIfNeeded: counts).wrappedSum())
        }
        while k < n {
            breaks &+= base[k] == 0x0A ? 1 : 0
            k &+= 1
        }
        return breaks
    }

    static func computeLineStarts(_ bytes: [UInt8]) -> [UInt32] { computeLineStartsAndWords(bytes).lineStarts }

    static func computeLineStartsAndWords(_ bytes: [UInt8]) -> (lineStarts: [UInt32], mentioned: MentionedWords) {
        bytes.withUnsafeBufferPointer { buf -> ([UInt32], MentionedWords) in
            guard let base = buf.baseAddress, !buf.isEmpty else { return ([0], MentionedWords()) }
            let n = buf.count
            // Almost every file breaks lines with LF alone: then the line feeds are found by the
            // scan for registered words, one pass over the bytes for both, into scratch room for
            // the most a file can hold, and the table is copied out sized exactly (a guess grown
            // by doubling held up to twice the table for every file until the run's end). The
            // scratch's pages past the lines found are never touched.
            if memchr(base, 0x0D, n) == nil {
                return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: n + 1) { scratch in
                    let starts = scratch.baseAddress.unsafelyUnwrapped
                    starts[0] = 0
                    let (words, filled) = MentionedWords.scan(buf, lineStarts: starts)
                    return (Array(UnsafeBufferPointer(start: starts, count: filled)), MentionedWords(bits: words))
                }
            }
            // CR, CRLF and LF mixed: a CRLF is one break, so the breaks are counted by the same
            // walk that then records them.
            func forEachLineStart(_ visit: (Int) -> Void) {
                var i = 0
                while i < n {
                    let b = buf[i]
                    if b == 0x0D, i + 1 < n, buf[i + 1] == 0x0A { i += 1 }
                    if b == 0x0A || b == 0x0D { visit(i + 1) }
                    i += 1
                }
            }
            var breaks = 0
            forEachLineStart { _ in breaks += 1 }
            var starts: [UInt32] = [0]
            starts.reserveCapacity(breaks + 1)
            forEachLineStart { starts.append(UInt32(truncatingIfNeeded: $0)) }
            return (starts, MentionedWords(bits: MentionedWords.scan(buf, lineStarts: nil).words))
        }
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

/// Columns counted from the start of a line up to `offset`, which is always where a decoded
/// scalar (or a replaced invalid sequence) ends.
///
/// Counted as `String(decoding:as:)` decodes the line (the finding's `lineText`, which the text
/// formatter indexes by `column`): each maximal invalid subsequence is one U+FFFD, one column and
/// one UTF-16 unit. Counting lead bytes instead put columns past the end of the line after
/// invalid bytes (0xF8...0xFF counted as two UTF-16 units, stray continuation bytes as none).
struct ColumnCounts {
    var offset: Int
    var scalars = 0
    var utf16 = 0

    /// Counts up to `target`; a sequence cut by `target` counts as one invalid sequence.
    mutating func advance(to target: Int, in bytes: [UInt8]) {
        advance(to: target, limit: target, in: bytes)
    }

    /// Counts whole sequences (which may end past `target`, never past `limit`) until `target`.
    mutating func advance(to target: Int, limit: Int, in bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in
            var i = offset
            while i < target {
                let (length, valid) = ColumnCounts.sequence(at: i, limit: limit, in: buffer)
                scalars += 1
                utf16 += valid && length == 4 ? 2 : 1
                i += length
            }
            offset = max(offset, i)
        }
    }

    /// The length of the UTF-8 sequence at `i`, or of its maximal invalid subpart (Unicode's
    /// "substitution of maximal subparts", which the standard library's decoder follows).
    @inline(__always)
    static func sequence(at i: Int, limit: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (length: Int, valid: Bool) {
        let lead = bytes[i]
        if lead < 0x80 { return (1, true) }
        let needed: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: needed = 1
        case 0xE0: needed = 2; low = 0xA0
        case 0xED: needed = 2; high = 0x9F
        case 0xE1...0xEF: needed = 2
        case 0xF0: needed = 3; low = 0x90
        case 0xF4: needed = 3; high = 0x8F
        case 0xF1...0xF3: needed = 3
        default: return (1, false)
        }
        var length = 1
        while length <= needed {
            let j = i + length
            guard j < limit else { return (length, false) }
            let b = bytes[j]
            guard b >= low && b <= high else { return (length, false) }
            low = 0x80
            high = 0xBF
            length += 1
        }
        return (length, true)
    }
}

/// Whether bytes are well-formed UTF-8, as Unicode defines it (no overlong forms, no
/// surrogates, nothing past U+10FFFF): exactly the bytes `String(decoding:as:)` keeps as they
/// are. For files read from their bytes with a string path kept for the rest (Xcode projects).
public enum UTF8Check {
    public static func isWellFormed(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let n = bytes.count
        var i = 0
        while i < n {
            // ASCII bytes 32 at a time, then eight: project files are mostly ASCII, and the loop's
            // test was most of the check's cost at eight.
            let raw = UnsafeRawPointer(base + i)
            if i + 32 <= n && (raw.loadUnaligned(as: UInt64.self) | raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                | raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self) | raw.loadUnaligned(fromByteOffset: 24, as: UInt64.self))
                & 0x8080_8080_8080_8080 == 0 {
                i += 32
                continue
            }
            if i + 8 <= n && raw.loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                i += 8
                continue
            }
            let (length, valid) = ColumnCounts.sequence(at: i, limit: n, in: bytes)
            if !valid { return false }
            i += length
        }
        return true
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
    /// The line of the last location found.
    private var lastLine = 1

    public init(_ file: SourceFile) { self.file = file }

    public mutating func location(ofOffset offset: Int) -> SourceLocation {
        let clamped = max(0, min(offset, file.bytes.count))
        let line = self.line(ofOffset: clamped)
        let lineStart = Int(file.lineStarts[line - 1])
        guard clamped - lineStart > LocationFinder.stride else {
            return SourceLocation(offset: clamped, line: line, lineStart: lineStart, file: file)
        }
        let checkpoints = self.checkpoints(line: line, lineStart: lineStart)
        // Checkpoint k sits at most 3 bytes past k strides (it ends a whole sequence).
        var k = max(0, min((clamped - checkpoints[0].offset) / LocationFinder.stride, checkpoints.count - 1))
        if k > 0 && checkpoints[k].offset > clamped { k -= 1 }
        var counts = checkpoints[k]
        counts.advance(to: clamped, in: file.bytes)
        return SourceLocation(offset: clamped, line: line, lineStart: lineStart, counts: counts)
    }

    /// `location(ofOffset: offset)`, for an offset at or after `start` (a location this finder
    /// gave): on `start`'s line and a few bytes on, the columns are counted on from `start`'s
    /// instead of from the line's start. That gives the same counts when `start` is where a
    /// sequence begins (not a continuation byte), since no sequence counted before it can then
    /// reach past it, whatever limit it is counted with; and past the byte-order mark.
    public mutating func location(ofOffset offset: Int, from start: SourceLocation) -> SourceLocation {
        let bytes = file.bytes
        let clamped = max(0, min(offset, bytes.count))
        let line = start.line
        let nextLineStart = line < file.lineStarts.count ? Int(file.lineStarts[line]) : bytes.count + 1
        guard clamped >= start.offset, clamped < nextLineStart, clamped - start.offset <= LocationFinder.stride,
              line > 1 || start.offset >= 3, start.offset >= 0, start.offset <= bytes.count,
              start.offset == bytes.count || bytes[start.offset] & 0xC0 != 0x80 else {
            return location(ofOffset: offset)
        }
        var counts = ColumnCounts(offset: start.offset, scalars: start.column - 1, utf16: start.utf16Column - 1)
        counts.advance(to: clamped, in: bytes)
        return SourceLocation(offset: clamped, line: line, lineStart: start.offset - (start.byteColumn - 1), counts: counts)
    }

    /// `file.line(ofOffset:)`, looked for first on the line of the last location and the next
    /// one: a file's findings come mostly in order, and a flagged range mostly ends on the line
    /// it starts on. The binary search over every line start took 20 steps on each of a huge
    /// file's 260,000 findings, twice.
    private mutating func line(ofOffset offset: Int) -> Int {
        let starts = file.lineStarts
        let target = UInt32(clamping: offset)
        for line in lastLine...lastLine + 1 where line <= starts.count && starts[line - 1] <= target {
            if line == starts.count || target < starts[line] {
                lastLine = line
                return line
            }
        }
        lastLine = file.line(ofOffset: offset)
        return lastLine
    }

    private mutating func checkpoints(line: Int, lineStart: Int) -> [ColumnCounts] {
        if let known = checkpointsByLine[line] { return known }
        let lineEnd = line < file.lineStarts.count ? Int(file.lineStarts[line]) : file.bytes.count
        var counts = ColumnCounts(offset: SourceLocation.firstCountedByte(lineStart: lineStart, file: file))
        var list = [counts]
        let first = counts.offset
        while first + list.count * LocationFinder.stride < lineEnd {
            counts.advance(to: first + list.count * LocationFinder.stride, limit: lineEnd, in: file.bytes)
            list.append(counts)
        }
        checkpointsByLine[line] = list
        return list
    }
}

extension SourceFile {
    /// The length of the UTF-8 sequence at `i` (at most up to `bytes.count`) and whether it is
    /// valid, as columns count it: an invalid sequence is its maximal subpart, one U+FFFD. The
    /// language server converts LSP's UTF-16 positions with it, so both count alike.
    @inline(__always)
    public static func utf8Sequence(at i: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (length: Int, valid: Bool) {
        ColumnCounts.sequence(at: i, limit: bytes.count, in: bytes)
    }
}
