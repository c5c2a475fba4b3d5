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
        if count < 2 || count > KeywordTable.maxLength { return .none }
        return KeywordTable.shared.lookup(base, count)
    }
}

/// Buckets keywords by length and first byte so a lookup compares at most a few candidates.
final class KeywordTable: Sendable {
    static let maxLength = 16
    static let shared = KeywordTable()
    private let buckets: [[(bytes: [UInt8], keyword: Keyword)]]

    private init() {
        var buckets = Array(repeating: [(bytes: [UInt8], keyword: Keyword)](), count: (KeywordTable.maxLength + 1) * 128)
        for keyword in Keyword.allCases where keyword != .none {
            let bytes = Array(keyword.text.utf8)
            buckets[bytes.count * 128 + Int(bytes[0] & 0x7F)].append((bytes, keyword))
        }
        self.buckets = buckets
    }

    @inline(__always)
    func lookup(_ base: UnsafePointer<UInt8>, _ count: Int) -> Keyword {
        let first = base[0]
        if first >= 0x80 { return .none }
        let bucket = buckets[count * 128 + Int(first)]
        outer: for candidate in bucket {
            var i = 1
            while i < count {
                if candidate.bytes[i] != base[i] { continue outer }
                i += 1
            }
            return candidate.keyword
        }
        return .none
    }
}
