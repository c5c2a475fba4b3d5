import ViewLintSyntax

/// The last few texts a writer of findings met, newest first. Findings repeat a handful of
/// messages and lines, so a repeat is among these few; comparing with them (`==` answers at once
/// where both are the same shared string) costs less than hashing the text or scanning its
/// bytes again. A hit stays where it is, not moved to the front: the oldest remembered text is the
/// one forgotten, however often it was found (callers remember only what they did not find).
public struct RecentTexts {
    @usableFromInline var texts: [String] = []
    @usableFromInline static var capacity: Int { 4 }

    @inlinable public init() {}

    /// The remembered text equal to `text`, if one is.
    @inlinable
    public func find(_ text: String) -> String? {
        for known in texts where known == text { return known }
        return nil
    }

    /// The remembered text whose bytes are `bytes[range]`, if one is: found without making a
    /// string of them.
    @inlinable
    public func find(_ range: Range<Int>, of bytes: [UInt8]) -> String? {
        for known in texts where known.utf8.count == range.count && RecentTexts.equal(known, bytes, range) {
            return known
        }
        return nil
    }

    @inlinable
    public mutating func remember(_ text: String) {
        if texts.count == RecentTexts.capacity { texts.removeLast() }
        texts.insert(text, at: 0)
    }

    /// Whether `text` is `bytes[range]`, read in place for a native string.
    @inlinable
    static func equal(_ text: String, _ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        let compared = text.utf8.withContiguousStorageIfAvailable { known in
            bytes.withUnsafeBufferPointer { all in known.hasSameBytes(as: UnsafeBufferPointer(rebasing: all[range])) }
        }
        return compared ?? text.utf8.elementsEqual(bytes[range])
    }
}
