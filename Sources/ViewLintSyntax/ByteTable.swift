/// The 64 KiB tables that answer for two bytes, or a 16-bit hash, with one load: the lexer's
/// `LexByteClass.namePairs` and the word scan's `MentionedWordAnchors.quads`. Built once, read
/// through a pointer (an array costs a retain and release a read), never freed.
enum ByteTable {
    /// A zeroed table of `1 << 16` bytes for the caller to fill. The caller fills it in its own
    /// loop: a fill closure cost 0.3 M instructions a process in calls.
    static func sixteenBitKeyed() -> UnsafeMutablePointer<UInt8> {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 1 << 16)
        table.initialize(repeating: 0, count: 1 << 16)
        return table
    }
}
