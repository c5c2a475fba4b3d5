/// Tables built once and read through a pointer (an array costs a retain and release a read),
/// never freed: the 64 KiB tables that answer for two bytes, or a 16-bit hash, with one load
/// (the lexer's name pairs in `LexByteClass.tables`, the word scan's
/// `MentionedWordAnchors.quads`), and the syntax tree's space rules by pair of token kinds
/// (`SyntaxTree.SpaceRules`).
enum ByteTable {
    /// A zeroed table of `count` bytes for the caller to fill. The caller fills it in its own
    /// loop: a fill closure cost 0.3 M instructions a process in calls.
    static func zeroed(count: Int) -> UnsafeMutablePointer<UInt8> {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
        table.initialize(repeating: 0, count: count)
        return table
    }

    /// A zeroed table of `1 << 16` bytes, keyed by two bytes or a 16-bit hash.
    static func sixteenBitKeyed() -> UnsafeMutablePointer<UInt8> {
        zeroed(count: 1 << 16)
    }
}
