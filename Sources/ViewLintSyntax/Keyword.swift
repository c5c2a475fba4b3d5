/// Words the parser recognises. The first group (through `while`) is what the Swift lexer
/// always reserves; the rest are contextual keywords, lexed as identifiers and interpreted by
/// the parser where the grammar gives them meaning.
// Generated once from the Swift reference's keyword lists; edit by hand when Swift adds one.
public enum Keyword: UInt8, Sendable, CaseIterable {
    case none = 0
    case `Any`
    case `as`
    case `associatedtype`
    case `break`
    case `case`
    case `catch`
    case `class`
    case `continue`
    case `default`
    case `defer`
    case `deinit`
    case `do`
    case `else`
    case `enum`
    case `extension`
    case `fallthrough`
    case `false`
    case `fileprivate`
    case `for`
    case `func`
    case `guard`
    case `if`
    case `import`
    case `in`
    case `init`
    case `inout`
    case `internal`
    case `is`
    case `let`
    case `nil`
    case `operator`
    case `precedencegroup`
    case `private`
    case `protocol`
    case `public`
    case `repeat`
    case `rethrows`
    case `return`
    case `self`
    case `Self`
    case `static`
    case `struct`
    case `subscript`
    case `super`
    case `switch`
    case `throw`
    case `throws`
    case `true`
    case `try`
    case `typealias`
    case `var`
    case `where`
    case `while`
    case actor
    case `any`
    case async
    case await
    case borrowing
    case consume
    case consuming
    case convenience
    case copy
    case didSet
    case discard
    case distributed
    case dynamic
    case each
    case final
    case get
    case indirect
    case infix
    case isolated
    case lazy
    case macro
    case mutating
    case nonisolated
    case nonmutating
    case open
    case optional
    case override
    case package
    case postfix
    case precedence
    case prefix
    case `Protocol`
    case required
    case sending
    case set
    case `some`
    case `Type`
    case unowned
    case unsafe
    case weak
    case willSet
    case then
    case yield
    case _modify
    case _read
    case modify
    case read
    case associativity
    case left
    case right
    case assignment
    case higherThan
    case lowerThan

    /// The last reserved keyword; cases up to it are lexed as `.keyword`. (`.none`, 0, wraps
    /// to 255 when one is taken.)
    public var isReserved: Bool { rawValue &- 1 < Keyword.`while`.rawValue }

    public var text: String { Keyword.texts[Int(rawValue)] }

    static let texts: [String] = ["", "Any", "as", "associatedtype", "break", "case", "catch", "class", "continue", "default", "defer", "deinit", "do", "else", "enum", "extension", "fallthrough", "false", "fileprivate", "for", "func", "guard", "if", "import", "in", "init", "inout", "internal", "is", "let", "nil", "operator", "precedencegroup", "private", "protocol", "public", "repeat", "rethrows", "return", "self", "Self", "static", "struct", "subscript", "super", "switch", "throw", "throws", "true", "try", "typealias", "var", "where", "while", "actor", "any", "async", "await", "borrowing", "consume", "consuming", "convenience", "copy", "didSet", "discard", "distributed", "dynamic", "each", "final", "get", "indirect", "infix", "isolated", "lazy", "macro", "mutating", "nonisolated", "nonmutating", "open", "optional", "override", "package", "postfix", "precedence", "prefix", "Protocol", "required", "sending", "set", "some", "Type", "unowned", "unsafe", "weak", "willSet", "then", "yield", "_modify", "_read", "modify", "read", "associativity", "left", "right", "assignment", "higherThan", "lowerThan"]

    /// Looks up a keyword spelled by `bytes[start..<end]`; `.none` when it is none.
    @inline(__always)
    static func lookup(_ base: UnsafePointer<UInt8>, _ count: Int) -> Keyword {
        KeywordTable.shared.keyword(base, count)
    }
}

/// Finds a keyword by its spelling's bytes read as two little-endian words (the first eight
/// bytes and the next eight, each cut to the spelling's length), with a perfect hash: one slot
/// read and two words compared an identifier, where candidates bucketed by length and first byte
/// were compared byte by byte (30 instructions an identifier on real apps).
///
/// Flat storage the process never frees, read through pointers. The lexer keeps a copy for the
/// file (`LexCursor.keywords`), so the shared one's lazy initialisation is not checked again for
/// every identifier.
struct KeywordTable: @unchecked Sendable {
    static let maxLength = 16
    static let shared = KeywordTable()
    /// 4,096 slots for about a hundred keywords: a multiplier that puts each in a slot of its own
    /// is found within a few tries.
    static let slotBits = 12
    /// Each slot's keyword (its raw value), or 0 (`Keyword.none`, whose words match no name).
    private let slots: UnsafeMutablePointer<UInt8>
    /// Each keyword's words, by raw value.
    private let firstWords: UnsafeMutablePointer<UInt64>
    private let secondWords: UnsafeMutablePointer<UInt64>
    private let multiplier: UInt64
    /// `masks[c]` keeps the low `c` bytes of a word (`c` from 0 to 8).
    let masks: UnsafePointer<UInt64>
    /// For each first byte and length (`candidateIndex`), bit `b & 63` is set when a keyword of
    /// that length may start so and end with byte `b`: on the apps, three names in four have no
    /// such keyword and skip the words' loads and the hash. Distinct bytes may share a place (a
    /// digit and a lowercase letter), which lets a few more names through, never fewer. The last
    /// byte is the bit, not part of the index, since a shift takes its low six bits as they are
    /// (the first and last byte as the index took fourteen instructions a name).
    private let candidates: UnsafeMutablePointer<UInt64>

    private init() {
        let masks = UnsafeMutablePointer<UInt64>.allocate(capacity: 9)
        for c in 0...8 { (masks + c).initialize(to: c == 8 ? ~0 : (1 << UInt64(8 * c)) - 1) }
        self.masks = UnsafePointer(masks)
        let count = Keyword.allCases.count
        firstWords = .allocate(capacity: count)
        secondWords = .allocate(capacity: count)
        firstWords.initialize(repeating: 0, count: count)
        secondWords.initialize(repeating: 0, count: count)
        for keyword in Keyword.allCases where keyword != .none {
            let bytes = Array(keyword.text.utf8)
            precondition(bytes.count <= KeywordTable.maxLength, "a keyword longer than the table's words")
            let words = bytes.withUnsafeBufferPointer { KeywordTable.words($0.baseAddress.unsafelyUnwrapped, $0.count) }
            firstWords[Int(keyword.rawValue)] = words.first
            secondWords[Int(keyword.rawValue)] = words.second
        }
        candidates = .allocate(capacity: 64 * KeywordTable.maxLength)
        candidates.initialize(repeating: 0, count: 64 * KeywordTable.maxLength)
        for keyword in Keyword.allCases where keyword != .none {
            let bytes = Array(keyword.text.utf8)
            candidates[KeywordTable.candidateIndex(first: bytes[0], count: bytes.count)] |= 1 &<< UInt64(bytes[bytes.count - 1])
        }
        let slotCount = 1 << KeywordTable.slotBits
        slots = .allocate(capacity: slotCount)
        // Odd multipliers from a fixed sequence (splitmix64), so every process finds the same.
        var state: UInt64 = 0x1234_5678_9ABC_DEF0
        while true {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            let candidate = (z ^ (z >> 31)) | 1
            slots.initialize(repeating: 0, count: slotCount)
            var collided = false
            for raw in 1..<count {
                let slot = KeywordTable.slot(firstWords[raw], secondWords[raw], candidate)
                if slots[slot] != 0 { collided = true; break }
                slots[slot] = UInt8(raw)
            }
            if !collided {
                multiplier = candidate
                return
            }
        }
    }

    /// Where the candidates of `count` bytes (1 to `maxLength`) starting with `first` are.
    @inline(__always)
    static func candidateIndex(first: UInt8, count: Int) -> Int {
        Int(first & 0x3F) | (count &- 1) &<< 6
    }

    /// Whether a keyword may have `count` bytes (1 to `maxLength`), starting with `first` and
    /// ending with `last`; false only where none does.
    @inline(__always)
    func mayBeKeyword(first: UInt8, last: UInt8, count: Int) -> Bool {
        // `&<<` and `&>>` take the shift's low six bits: `last & 63`.
        (candidates[KeywordTable.candidateIndex(first: first, count: count)] &>> UInt64(last)) & 1 != 0
    }

    @inline(__always)
    static func slot(_ first: UInt64, _ second: UInt64, _ multiplier: UInt64) -> Int {
        Int(truncatingIfNeeded: ((first ^ (second &* 0x9E37_79B9_7F4A_7C15)) &* multiplier) &>> UInt64(64 - slotBits))
    }

    /// The words of the `count` bytes at `base` (at most `maxLength`), read a byte at a time:
    /// for keywords, and for a name within sixteen bytes of the end of its file.
    static func words(_ base: UnsafePointer<UInt8>, _ count: Int) -> (first: UInt64, second: UInt64) {
        var first: UInt64 = 0, second: UInt64 = 0
        for k in 0..<min(count, 8) { first |= UInt64(base[k]) << UInt64(8 * k) }
        if count > 8 { for k in 8..<count { second |= UInt64(base[k]) << UInt64(8 * (k - 8)) } }
        return (first, second)
    }

    /// The keyword whose words are `first` and `second`; `.none` when it is none. A name's bytes
    /// are never 0, so words of different lengths never match.
    @inline(__always)
    func keyword(first: UInt64, second: UInt64) -> Keyword {
        let raw = Int(slots[KeywordTable.slot(first, second, multiplier)])
        guard firstWords[raw] == first && secondWords[raw] == second else { return .none }
        // A keyword's raw value is its tag: the cases count from 0 in order.
        return unsafeBitCast(UInt8(truncatingIfNeeded: raw), to: Keyword.self)
    }

    /// The keyword spelled by the `count` bytes at `base`; `.none` when it is none.
    func keyword(_ base: UnsafePointer<UInt8>, _ count: Int) -> Keyword {
        if count < 1 || count > KeywordTable.maxLength { return .none }
        let words = KeywordTable.words(base, count)
        return keyword(first: words.first, second: words.second)
    }
}
