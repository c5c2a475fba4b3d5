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

    /// The last reserved keyword; cases up to it are lexed as `.keyword`.
    public var isReserved: Bool { self != .none && rawValue <= Keyword.`while`.rawValue }

    public var text: String { Keyword.texts[Int(rawValue)] }

    static let texts: [String] = ["", "Any", "as", "associatedtype", "break", "case", "catch", "class", "continue", "default", "defer", "deinit", "do", "else", "enum", "extension", "fallthrough", "false", "fileprivate", "for", "func", "guard", "if", "import", "in", "init", "inout", "internal", "is", "let", "nil", "operator", "precedencegroup", "private", "protocol", "public", "repeat", "rethrows", "return", "self", "Self", "static", "struct", "subscript", "super", "switch", "throw", "throws", "true", "try", "typealias", "var", "where", "while", "actor", "any", "async", "await", "borrowing", "consume", "consuming", "convenience", "copy", "didSet", "discard", "distributed", "dynamic", "each", "final", "get", "indirect", "infix", "isolated", "lazy", "macro", "mutating", "nonisolated", "nonmutating", "open", "optional", "override", "package", "postfix", "precedence", "prefix", "Protocol", "required", "sending", "set", "some", "Type", "unowned", "unsafe", "weak", "willSet", "then", "yield", "_modify", "_read", "modify", "read", "associativity", "left", "right", "assignment", "higherThan", "lowerThan"]

    /// Looks up a keyword spelled by `bytes[start..<end]`; `.none` when it is none.
    @inline(__always)
    static func lookup(_ base: UnsafePointer<UInt8>, _ count: Int) -> Keyword {
        KeywordTable.shared.keyword(base, count)
    }
}

/// Buckets keywords by length and first byte so a lookup compares at most a few candidates.
///
/// Flat storage the process never frees, read through pointers: held as lists of lists of
/// byte lists, every lookup retained and released the bucket and each candidate's bytes (about
/// 25 instructions an identifier more). The lexer keeps a copy for the file (`LexCursor.keywords`),
/// so the shared one's lazy initialisation is not checked again for every identifier.
struct KeywordTable: @unchecked Sendable {
    static let maxLength = 16
    static let shared = KeywordTable()
    /// The candidates of bucket `length << 7 | first byte` are `starts[bucket]..<starts[bucket + 1]`.
    private let starts: UnsafeMutablePointer<UInt16>
    /// Each candidate's spelling: `maxLength` bytes from `spellings + candidate * maxLength`.
    private let spellings: UnsafeMutablePointer<UInt8>
    private let keywords: UnsafeMutablePointer<Keyword>

    private init() {
        let bucketCount = (KeywordTable.maxLength + 1) << 7
        var buckets = Array(repeating: [Keyword](), count: bucketCount)
        for keyword in Keyword.allCases where keyword != .none {
            let bytes = Array(keyword.text.utf8)
            buckets[bytes.count << 7 | Int(bytes[0] & 0x7F)].append(keyword)
        }
        let total = buckets.reduce(0) { $0 + $1.count }
        starts = .allocate(capacity: bucketCount + 1)
        spellings = .allocate(capacity: total * KeywordTable.maxLength)
        spellings.initialize(repeating: 0, count: total * KeywordTable.maxLength)
        keywords = .allocate(capacity: total)
        var next = 0
        for bucket in 0..<bucketCount {
            starts[bucket] = UInt16(next)
            for keyword in buckets[bucket] {
                for (k, byte) in keyword.text.utf8.enumerated() { spellings[next * KeywordTable.maxLength + k] = byte }
                keywords[next] = keyword
                next += 1
            }
        }
        starts[bucketCount] = UInt16(next)
    }

    /// The keyword spelled by the `count` bytes at `base`; `.none` when it is none.
    @inline(__always)
    func keyword(_ base: UnsafePointer<UInt8>, _ count: Int) -> Keyword {
        if count < 2 || count > KeywordTable.maxLength { return .none }
        return lookup(base, count)
    }

    /// The keyword spelled by the `count` bytes at `base` (2 to `maxLength` of them).
    @inline(__always)
    private func lookup(_ base: UnsafePointer<UInt8>, _ count: Int) -> Keyword {
        let first = base[0]
        if first >= 0x80 { return .none }
        let bucket = count << 7 | Int(first)
        var candidate = Int(starts[bucket])
        let end = Int(starts[bucket + 1])
        while candidate < end {
            let spelled = spellings + candidate * KeywordTable.maxLength
            var i = 1
            while i < count && spelled[i] == base[i] { i += 1 }
            if i == count { return keywords[candidate] }
            candidate += 1
        }
        return .none
    }
}
