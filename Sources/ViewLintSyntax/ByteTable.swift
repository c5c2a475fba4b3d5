/// The 64 KiB tables that answer for two bytes, or a 16-bit hash, with one load: the lexer's
/// `LexByteClass.namePairs` and the word scan's `MentionedWordAnchors.quads`. Built once, read
/// through a pointer (an array costs a retain and release a read), never freed.
enum ByteTable {
    /// A table of `1 << 16` bytes, zero where `fill` writes nothing.
    static func sixteenBitKeyed(_ fill: (UnsafeMutablePointer<UInt8>) -> Void) -> UnsafePointer<UInt8> {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 1 << 16)
        table.initialize(repeating: 0, count: 1 << 16)
        fill(table)
        return UnsafePointer(table)
    }
}
