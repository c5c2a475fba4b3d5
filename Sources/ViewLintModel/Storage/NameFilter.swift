/// A filter over a set of names: two bits per name, both taken from one multiply of its first
/// two, middle and last two bytes and its length, so that most names not in the set are rejected
/// without hashing them. A set bit proves nothing: the set is asked next.
///
/// One bit of the first byte, last byte and length let `Bool`, `Int` and `CGFloat` through the
/// filter of the 14 apps' views (ASCII names reach a quarter of the bits): the project model's
/// reads through values hashed 29,100 names, now 9,000. One bit of the mixed key still let all of
/// `String` through there.
public struct NameFilter: Sendable {
    @usableFromInline internal var bits = [UInt64](repeating: 0, count: 1024)

    public init<Names: Sequence<String>>(_ names: Names) {
        for name in names {
            let (a, b) = Self.positions(Self.key(name, afterLastDot: false))
            bits[a >> 6] |= 1 << UInt64(a & 63)
            bits[b >> 6] |= 1 << UInt64(b & 63)
        }
    }

    /// The key of `name` (of its part after the last dot, if asked), read from its bytes in
    /// place: iterating or slicing a string's UTF-8 view cost more than the hash it saves.
    @inlinable
    internal static func key(_ name: String, afterLastDot: Bool) -> UInt64 {
        name.withBytes { bytes in
            var start = 0
            if afterLastDot {
                var i = bytes.count
                while i > 0 && bytes[i - 1] != 0x2E { i -= 1 }
                start = i
            }
            return key(UnsafeBufferPointer(rebasing: bytes[start...]))
        }
    }

    @inlinable
    internal static func key(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let n = bytes.count
        guard n > 0 else { return 0 }
        let ends = UInt64(bytes[0]) | UInt64(bytes[min(1, n - 1)]) << 8 | UInt64(bytes[n >> 1]) << 16
            | UInt64(bytes[max(n - 2, 0)]) << 24 | UInt64(bytes[n - 1]) << 32
        return (ends | UInt64(truncatingIfNeeded: n) << 40) &* 0x9E37_79B9_7F4A_7C15
    }

    /// The two bits of a key: its top 16 bits, which the multiply mixes best, and the 16 below.
    @inlinable
    internal static func positions(_ key: UInt64) -> (Int, Int) {
        (Int(truncatingIfNeeded: key >> 48), Int(truncatingIfNeeded: key >> 32) & 0xFFFF)
    }

    @inlinable
    internal func has(_ key: UInt64) -> Bool {
        let (a, b) = Self.positions(key)
        return bits[a >> 6] & (1 << UInt64(a & 63)) != 0 && bits[b >> 6] & (1 << UInt64(b & 63)) != 0
    }

    @inlinable
    public func mayContain(_ name: String) -> Bool { has(Self.key(name, afterLastDot: false)) }

    /// `mayContain` of a name's bytes where they lie (a part of a longer text), no string made.
    @inlinable
    public func mayContain(bytes: UnsafeBufferPointer<UInt8>) -> Bool { has(Self.key(bytes)) }

    /// `mayContain` for a name that may be spelled outside ASCII, which is let through: the set
    /// takes canonically equivalent spellings as equal, where the filter reads bytes (two ASCII
    /// spellings are equivalent only when they are the same bytes).
    @inlinable
    public func mayContain(anySpelling name: String) -> Bool {
        name.withBytes { bytes in
            var any: UInt8 = 0
            for b in bytes { any |= b }
            return any >= 0x80 || has(Self.key(bytes))
        }
    }

    /// May the set hold the simple name of `name`, after its last dot (as
    /// `ProjectModel.mayResolve(_:among:)` asks)?
    @inlinable
    public func mayContain(simpleNameOf name: String) -> Bool { has(Self.key(name, afterLastDot: true)) }
}

/// A fixed set of names that rules ask of every view or modifier (`Layout.stacks`, a rule's
/// controls): most names asked are in none, so the question is answered from the name's bytes,
/// read once in place, without hashing and without touching the heap. Four words reject most
/// names (a bit per first byte, last byte and length of the names, and one per pair of first
/// byte and length); what passes is compared byte for byte with the names of its length.
///
/// Names are equal when their UTF-8 bytes are, as the source spells them: identifiers are not
/// Unicode-normalised (a `Set<String>` would take a canonically equivalent spelling as equal).
public struct NameList: Sendable, ExpressibleByArrayLiteral {
    @usableFromInline internal let firstBytes: UInt64
    @usableFromInline internal let lastBytes: UInt64
    @usableFromInline internal let lengths: UInt64
    @usableFromInline internal let firstBytesByLength: UInt64
    /// Every name's bytes, shortest names first, one after another; the names of length `n`
    /// start at `byLength[n]` and end where those of length `n + 1` start.
    @usableFromInline internal let spellings: [UInt8]
    @usableFromInline internal let byLength: [Int]

    public init<Names: Sequence<String>>(_ names: Names) {
        var firstBytes: UInt64 = 0, lastBytes: UInt64 = 0, lengths: UInt64 = 0, firstBytesByLength: UInt64 = 0
        let sorted = Set(names).map { Array($0.utf8) }.sorted { $0.count < $1.count }
        var spellings: [UInt8] = []
        var byLength: [Int] = [0]
        for bytes in sorted {
            while byLength.count <= bytes.count { byLength.append(spellings.count) }
            if let first = bytes.first, let last = bytes.last {
                firstBytes |= Self.bit(first)
                lastBytes |= Self.bit(last)
                firstBytesByLength |= Self.bit(first, length: bytes.count)
            }
            lengths |= Self.bit(length: bytes.count)
            spellings += bytes
        }
        byLength.append(spellings.count)
        self.firstBytes = firstBytes
        self.lastBytes = lastBytes
        self.lengths = lengths
        self.firstBytesByLength = firstBytesByLength
        self.spellings = spellings
        self.byLength = byLength
    }

    public init(arrayLiteral names: String...) { self.init(names) }

    /// The names, shortest first, spelled again from their bytes: for the rare question that
    /// lists them rather than asks about one.
    public var names: [String] {
        var names: [String] = lengths & Self.bit(length: 0) != 0 ? [""] : []
        for length in byLength.indices.dropFirst().dropLast() {
            for start in stride(from: byLength[length], to: byLength[length + 1], by: length) {
                names.append(String(decoding: spellings[start..<start + length], as: UTF8.self))
            }
        }
        return names
    }

    // Identifiers start and end with letters, digits, `_` or `$`: their low six bits tell nearly
    // all of them apart (upper and lower case differ in bit 5).
    @inlinable static func bit(_ byte: UInt8) -> UInt64 { 1 << UInt64(byte & 63) }
    @inlinable static func bit(length: Int) -> UInt64 { 1 << UInt64(min(length, 63)) }
    @inlinable static func bit(_ first: UInt8, length: Int) -> UInt64 {
        1 << ((UInt64(first) &* 5 &+ UInt64(truncatingIfNeeded: length)) & 63)
    }

    @inlinable
    public func contains(_ name: String) -> Bool {
        name.withBytes { bytes in
            guard let first = bytes.first, let last = bytes.last else { return lengths & Self.bit(length: 0) != 0 }
            let count = bytes.count
            guard firstBytes & Self.bit(first) != 0, lastBytes & Self.bit(last) != 0,
                  lengths & Self.bit(length: count) != 0,
                  firstBytesByLength & Self.bit(first, length: count) != 0 else { return false }
            return spells(bytes)
        }
    }

    /// Is `bytes` (not empty) one of the names, byte for byte? Asked of the few names that pass
    /// the filter, and compared only with the names of their length.
    @usableFromInline
    internal func spells(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        guard count > 0 && count + 1 < byLength.count else { return false }
        return spellings.withUnsafeBytes { all in
            let asked = UnsafeRawBufferPointer(bytes)
            var start = byLength[count]
            let end = byLength[count + 1]
            while start < end {
                if Self.equal(all, at: start, asked, count: count) { return true }
                start += count
            }
            return false
        }
    }

    /// Are the `count` bytes of `a` at `offset` those of `b`? Compared in words, the last word
    /// overlapping the one before it: byte by byte, a name that matched cost about 60
    /// instructions, and most names are shorter than eight bytes.
    private static func equal(_ a: UnsafeRawBufferPointer, at offset: Int, _ b: UnsafeRawBufferPointer, count: Int) -> Bool {
        if count >= 8 {
            var i = 0
            while i + 8 < count {
                guard a.loadUnaligned(fromByteOffset: offset + i, as: UInt64.self)
                    == b.loadUnaligned(fromByteOffset: i, as: UInt64.self) else { return false }
                i += 8
            }
            return a.loadUnaligned(fromByteOffset: offset + count - 8, as: UInt64.self)
                == b.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        }
        if count >= 4 {
            return a.loadUnaligned(fromByteOffset: offset, as: UInt32.self) == b.loadUnaligned(fromByteOffset: 0, as: UInt32.self)
                && a.loadUnaligned(fromByteOffset: offset + count - 4, as: UInt32.self)
                == b.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
        }
        for i in 0..<count where a[offset + i] != b[i] { return false }
        return true
    }
}

extension String {
    /// The string's UTF-8 bytes, read in place: a native string (small ones included) lends its
    /// storage; any other is copied once. Cheaper than `utf8.first`, `utf8.last` and
    /// `utf8.count` read one by one, each an index computation of its own.
    @inlinable
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return copy.withUTF8(body)
    }
}
