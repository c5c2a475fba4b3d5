import ViewLintSyntax

/// GitHub code scanning's `primaryLocationLineHash`: the fingerprint GitHub's upload action
/// computes for a result whose SARIF lacks one, and compares with one that is present (warning
/// when they differ). Producing the identical value keeps alerts from being duplicated or
/// reopened when lines above a finding move.
///
/// The algorithm, as the upload action defines it: decode the file as UTF-8 (invalid bytes
/// become U+FFFD) and walk its UTF-16 code units, dropping spaces and tabs, turning `\r` and
/// `\r\n` into `\n`, and appending 65535 as an end-of-file mark. A line's hash is the polynomial
/// hash (base 37, wrapping at 64 bits) of the 100 units that start at the line's first kept
/// unit, with zeros past the end. It is written as unsigned lowercase hex without leading zeros,
/// followed by `:n` where n counts how many lines so far (this one included) had the same hash.
///
/// A rolling window computes every line's hash in one linear pass.
public enum LineHash {
    static let windowSize = 100
    static let base: UInt64 = 37
    static let endOfFile: UInt16 = 65535

    /// 37^100 mod 2^64: the weight of the unit that leaves the window.
    static let leavingWeight: UInt64 = {
        var value: UInt64 = 1
        for _ in 0..<windowSize { value = value &* base }
        return value
    }()

    /// A line's value: the hash and how many lines so far (this one included) had it.
    /// Kept as numbers, and written as `hash:n` text only where a report prints it.
    public struct Value: Sendable, Hashable {
        public var hash: UInt64
        public var occurrence: UInt32

        public init(hash: UInt64, occurrence: Int) {
            self.hash = hash
            self.occurrence = UInt32(truncatingIfNeeded: occurrence)
        }

        /// `hash:n`: the hash as unsigned lowercase hex without leading zeros, then the count.
        public var text: String {
            var bytes: [UInt8] = []
            write(into: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }

        public func write(into out: inout [UInt8]) {
            NumberBytes.appendHex(hash, padded: false, to: &out)
            out.append(0x3A) // :
            NumberBytes.appendDecimal(Int(occurrence), to: &out)
        }
    }

    /// The `hash:n` value of every line, index 0 for line 1. A file with a final line
    /// terminator has an empty last line, which gets a hash too, as the upload action does.
    public static func all(_ bytes: [UInt8]) -> [String] {
        var result: [String] = []
        compute(bytes, through: Int.max) { line, hash, count in
            if line == result.count + 1 { result.append(Value(hash: hash, occurrence: count).text) }
            return true
        }
        return result
    }

    /// The values of the given 1-based lines only (lines past the end are absent). The walk
    /// stops once the last wanted line is hashed, and only wanted lines are formatted.
    public static func lines(_ wanted: Set<Int>, of bytes: [UInt8]) -> [Int: String] {
        let sorted = wanted.sorted()
        var result: [Int: String] = [:]
        for (line, value) in zip(sorted, values(sorted: sorted, of: bytes)) { result[line] = value?.text }
        return result
    }

    /// The values of `wanted`, 1-based lines in ascending order without repeats, in its order
    /// (nil past the end). No set or dictionary: a file can have a finding on every other line.
    public static func values(sorted wanted: [Int], of bytes: [UInt8]) -> [Value?] {
        var result = [Value?](repeating: nil, count: wanted.count)
        guard let last = wanted.last else { return result }
        var next = 0
        compute(bytes, through: last) { line, hash, count in
            while next < wanted.count && wanted[next] < line { next += 1 }
            if next < wanted.count && wanted[next] == line { result[next] = Value(hash: hash, occurrence: count) }
            return line < last
        }
        return result
    }

    /// Calls `emit(line, hash, count)` for each line, in line order, until it returns false or
    /// `lastLine` was emitted. Works on the bytes directly: ASCII is the UTF-16 unit itself, other
    /// scalars are decoded (invalid sequences become U+FFFD, as JavaScript's decoder does) and
    /// split into units.
    static func compute(_ bytes: [UInt8], through lastLine: Int, _ emit: (Int, UInt64, Int) -> Bool) {
        // No more lines than line breaks plus one, nor than are asked for: as many distinct
        // hashes at most. The breaks are counted only when every line is asked for (sizing by
        // bytes made a table for 30 times the lines).
        var lines = lastLine
        if lines > bytes.count {
            lines = 1
            for b in bytes { lines &+= b == 0x0A || b == 0x0D ? 1 : 0 }
        }
        var state = Rolling(expectedLines: lines)
        defer { state.release() }
        bytes.withUnsafeBufferPointer { state.run($0, emit) }
        if state.done { return }
        state.process(endOfFile, emit)
        for _ in 0..<windowSize {
            if state.done { return }
            if state.lineAt[state.index] != 0 { state.output(emit) }
            state.push(0)
        }
    }

    /// The rolling window's state, kept in one struct so the per-unit work is straight-line code.
    /// The window and its line marks are fixed-size buffers (an array checked its uniqueness at
    /// every write), and the counts an open-addressing table of hashes (`Dictionary` hashed
    /// every line's hash again with SipHash): the pass runs over every byte of a file with
    /// findings, 13 MB for one huge file.
    struct Rolling {
        var window = UnsafeMutablePointer<UInt16>.allocate(capacity: windowSize)
        /// The line that starts at each window slot, or 0 where none does.
        var lineAt = UnsafeMutablePointer<Int>.allocate(capacity: windowSize)
        var hash: UInt64 = 0
        var index = 0
        var lineNumber = 0
        var atLineStart = true
        var previousWasCR = false
        var counts: HashCounts
        var done = false

        init(expectedLines: Int) {
            counts = HashCounts(expectedKeys: expectedLines)
            window.initialize(repeating: 0, count: windowSize)
            lineAt.initialize(repeating: 0, count: windowSize)
        }

        func release() {
            window.deallocate()
            lineAt.deallocate()
            counts.release()
        }

        /// Every unit of `p`, until `done`. A method, so the state is not a variable the
        /// caller's closure captures (each access to that went through its box).
        mutating func run(_ p: UnsafeBufferPointer<UInt8>, _ emit: (Int, UInt64, Int) -> Bool) {
            var i = 0
            let n = p.count
            while i < n && !done {
                let b = p[i]
                if b < 0x80 {
                    process(UInt16(b), emit)
                    i += 1
                    continue
                }
                let (scalar, length) = decode(p, i)
                i += length
                if scalar >= 0x10000 {
                    let v = scalar - 0x10000
                    process(UInt16(0xD800 + (v >> 10)), emit)
                    process(UInt16(0xDC00 + (v & 0x3FF)), emit)
                } else {
                    process(UInt16(scalar), emit)
                }
            }
        }

        @inline(__always)
        mutating func output(_ emit: (Int, UInt64, Int) -> Bool) {
            let count = counts.increment(hash)
            if !emit(lineAt[index], hash, count) { done = true }
            lineAt[index] = 0
        }

        @inline(__always)
        mutating func push(_ unit: UInt16) {
            let leaving = window[index]
            window[index] = unit
            hash = (base &* hash) &+ UInt64(unit) &- (leavingWeight &* UInt64(leaving))
            index = index + 1 == windowSize ? 0 : index + 1
        }

        @inline(__always)
        mutating func process(_ raw: UInt16, _ emit: (Int, UInt64, Int) -> Bool) {
            var unit = raw
            if unit == 0x20 || unit == 0x09 || (previousWasCR && unit == 0x0A) {
                previousWasCR = false
                return
            }
            if unit == 0x0D {
                unit = 0x0A
                previousWasCR = true
            } else {
                previousWasCR = false
            }
            // The slot about to be overwritten held a line's first unit 100 units ago: that
            // line's window is complete.
            if lineAt[index] != 0 { output(emit) }
            if atLineStart {
                atLineStart = false
                lineNumber += 1
                lineAt[index] = lineNumber
            }
            if unit == 0x0A { atLineStart = true }
            push(unit)
        }
    }

    /// How many times each hash was seen: linear probing over a power-of-two table of
    /// (hash, count) slots, a count of 0 marking an empty slot, grown at three quarters full.
    /// Sized at once for the lines to be hashed: grown by doubling from a small table, one huge
    /// file's table (16 bytes a slot, at most half full) and the one it grew from were the
    /// largest thing alive next to its findings, at the peak of its run.
    struct HashCounts {
        private var keys: UnsafeMutablePointer<UInt64>
        private var values: UnsafeMutablePointer<UInt32>
        private var mask: Int
        private var used = 0

        init(expectedKeys: Int) {
            var capacity = 1024
            while capacity * 3 / 4 < expectedKeys { capacity *= 2 }
            keys = .allocate(capacity: capacity)
            values = .allocate(capacity: capacity)
            values.initialize(repeating: 0, count: capacity)
            mask = capacity - 1
        }

        func release() {
            keys.deallocate()
            values.deallocate()
        }

        @inline(__always)
        private static func slot(_ key: UInt64, _ mask: Int) -> Int {
            // Fibonacci hashing spreads the rolling hash's low bits, which repeat for similar lines.
            Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
        }

        /// Counts one more `key` and returns its count so far.
        @inline(__always)
        mutating func increment(_ key: UInt64) -> Int {
            var i = HashCounts.slot(key, mask)
            while values[i] != 0 {
                if keys[i] == key {
                    // A count is at most the file's lines, fewer than 2^32 (offsets are 32-bit).
                    values[i] += 1
                    return Int(values[i])
                }
                i = (i + 1) & mask
            }
            keys[i] = key
            values[i] = 1
            used += 1
            if used * 4 > mask * 3 { grow() }
            return 1
        }

        private mutating func grow() {
            let oldKeys = keys, oldValues = values, oldCapacity = mask + 1
            let capacity = oldCapacity * 2
            keys = .allocate(capacity: capacity)
            values = .allocate(capacity: capacity)
            values.initialize(repeating: 0, count: capacity)
            mask = capacity - 1
            for j in 0..<oldCapacity where oldValues[j] != 0 {
                var i = HashCounts.slot(oldKeys[j], mask)
                while values[i] != 0 { i = (i + 1) & mask }
                keys[i] = oldKeys[j]
                values[i] = oldValues[j]
            }
            oldKeys.deallocate()
            oldValues.deallocate()
        }
    }

    /// One scalar at `i`, or U+FFFD for a maximal invalid subpart (one replacement per
    /// ill-formed sequence, as the WHATWG decoder JavaScript uses emits).
    static func decode(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> (UInt32, Int) {
        let b0 = p[i]
        let n = p.count
        func continuation(_ k: Int) -> UInt8? { k < n && p[k] & 0xC0 == 0x80 ? p[k] : nil }
        switch b0 {
        case 0xC2...0xDF:
            guard let b1 = continuation(i + 1) else { return (0xFFFD, 1) }
            return (UInt32(b0 & 0x1F) << 6 | UInt32(b1 & 0x3F), 2)
        case 0xE0...0xEF:
            guard let b1 = continuation(i + 1) else { return (0xFFFD, 1) }
            // Overlongs (E0 80..9F) and surrogates (ED A0..BF) are invalid at the second byte.
            if (b0 == 0xE0 && b1 < 0xA0) || (b0 == 0xED && b1 > 0x9F) { return (0xFFFD, 1) }
            guard let b2 = continuation(i + 2) else { return (0xFFFD, 2) }
            return (UInt32(b0 & 0x0F) << 12 | UInt32(b1 & 0x3F) << 6 | UInt32(b2 & 0x3F), 3)
        case 0xF0...0xF4:
            guard let b1 = continuation(i + 1) else { return (0xFFFD, 1) }
            if (b0 == 0xF0 && b1 < 0x90) || (b0 == 0xF4 && b1 > 0x8F) { return (0xFFFD, 1) }
            guard let b2 = continuation(i + 2) else { return (0xFFFD, 2) }
            guard let b3 = continuation(i + 3) else { return (0xFFFD, 3) }
            return (UInt32(b0 & 0x07) << 18 | UInt32(b1 & 0x3F) << 12 | UInt32(b2 & 0x3F) << 6 | UInt32(b3 & 0x3F), 4)
        default:
            return (0xFFFD, 1)
        }
    }
}
