/// A word rules ask of many files ("does this file spell `AnyView`?") to skip most of them
/// cheaply. Each such ask was a byte scan of its own, about thirty per file on real projects;
/// the registered words are all found in one scan per file instead (`MentionedWords`), and an
/// ask is then a bit test. A word is registered here when its spelling holds a capital letter:
/// the scan stops only at capitals (a few bytes in a hundred), which the word's first capital
/// anchors. A word with none (`random`) stays a scan of its own (`SourceFile.mentions`).
public struct MentionedWord: Sendable, Hashable {
    /// The word's bit in `MentionedWords`, and its index in `spellings`.
    let index: Int

    public static let anyView = MentionedWord(index: 0)
    public static let changes = MentionedWord(index: 1)
    public static let date = MentionedWord(index: 2)
    public static let forEach = MentionedWord(index: 3)
    public static let list = MentionedWord(index: 4)
    public static let observableObject = MentionedWord(index: 5)
    public static let onAppear = MentionedWord(index: 6)
    public static let outlineGroup = MentionedWord(index: 7)
    public static let table = MentionedWord(index: 8)
    public static let uuid = MentionedWord(index: 9)
    public static let wrapper = MentionedWord(index: 10)

    /// The registered words, by index: the named ones above, then the words the rules' own
    /// lists hold (expensive types' spellings, deprecated names), found by `init?(_:)`.
    static let spellings: [StaticString] = [
        "AnyView", "Changes", "Date", "ForEach", "List", "ObservableObject", "onAppear", "OutlineGroup", "Table",
        "UUID", "Wrapper",
        // FormatterInBody.spellings
        "Formatter", "CIContext", "Decoder", "Encoder", "NSCache", "NSDataDetector", "NSRegularExpression",
        // Deprecation.typeAndKeyNames
        "presentationMode", "ActionSheet", "Alert", "NavigationLink", "NavigationView",
    ]

    /// The registered word spelled `spelling`, if there is one.
    public init?(_ spelling: String) {
        guard let index = Self.spellings.firstIndex(where: { $0.description == spelling }) else { return nil }
        self.index = index
    }

    init(index: Int) { self.index = index }

    /// Each word's first capital letter, where the scan anchors it: `(letter - A, offset in the
    /// word, word index)`, ordered by letter, and where each letter's entries start.
    static let anchors: (entries: [(offset: Int, word: Int)], starts: [Int]) = {
        var byLetter = [[(offset: Int, word: Int)]](repeating: [], count: 26)
        for (word, spelling) in spellings.enumerated() {
            let bytes = UnsafeBufferPointer(start: spelling.utf8Start, count: spelling.utf8CodeUnitCount)
            guard let offset = bytes.firstIndex(where: { $0 >= 0x41 && $0 <= 0x5A }) else {
                preconditionFailure("a registered word needs a capital letter to anchor it: \(spelling)")
            }
            byLetter[Int(bytes[offset]) - 0x41].append((offset, word))
        }
        var entries: [(offset: Int, word: Int)] = []
        var starts: [Int] = []
        for letter in byLetter {
            starts.append(entries.count)
            entries.append(contentsOf: letter)
        }
        starts.append(entries.count)
        return (entries, starts)
    }()
}

/// Which registered words (`MentionedWord`) a file's bytes hold, comments and strings included:
/// for each, the same answer as `SourceFile.mentions` of its spelling.
public struct MentionedWords: Sendable {
    private var bits: UInt64 = 0

    public init() {}

    public func contains(_ word: MentionedWord) -> Bool { bits & (1 << UInt64(word.index)) != 0 }

    /// Whether the bytes hold any registered word of `list` (its others are the caller's to scan).
    public func containsAny(of list: MentionedWordList) -> Bool { bits & list.registered != 0 }

    /// Finds every registered word in `bytes` in one pass. Eight bytes are tested at a time for
    /// a capital letter (with bit 7 cleared first, a byte in 0x41...0x5A is one that adding 0x3F
    /// lifts to bit 7 and adding 0x25 does not; no carry crosses bytes); only at a capital that
    /// some word not yet found anchors on are that word's bytes compared.
    public init(scanning bytes: [UInt8]) {
        let anchors = MentionedWord.anchors
        let spellings = MentionedWord.spellings
        precondition(spellings.count <= 64, "one bit per registered word")
        let all: UInt64 = spellings.count == 64 ? ~0 : (1 << UInt64(spellings.count)) - 1
        // Which letters still anchor a word not yet found.
        var lettersWanted: UInt32 = 0
        for letter in 0..<26 where anchors.starts[letter] < anchors.starts[letter + 1] { lettersWanted |= 1 << UInt32(letter) }
        var found: UInt64 = 0
        bytes.withUnsafeBufferPointer { file in
            guard let base = file.baseAddress else { return }
            let n = file.count
            func visit(_ at: Int) {
                let letter = Int(base[at]) &- 0x41
                guard lettersWanted & (1 << UInt32(letter)) != 0 else { return }
                var missing = false
                for entry in anchors.entries[anchors.starts[letter]..<anchors.starts[letter + 1]] {
                    let bit: UInt64 = 1 << UInt64(entry.word)
                    guard found & bit == 0 else { continue }
                    let spelling = spellings[entry.word]
                    let start = at - entry.offset
                    let count = spelling.utf8CodeUnitCount
                    if start >= 0, start + count <= n,
                       UnsafeBufferPointer(start: base + start, count: count)
                           .elementsEqual(UnsafeBufferPointer(start: spelling.utf8Start, count: count)) {
                        found |= bit
                    } else {
                        missing = true
                    }
                }
                if !missing { lettersWanted &= ~(1 << UInt32(letter)) }
            }
            var k = 0
            while k + 8 <= n {
                let word = UnsafeRawPointer(base + k).loadUnaligned(as: UInt64.self)
                let low = word & 0x7F7F_7F7F_7F7F_7F7F
                var capitals = (low &+ 0x3F3F_3F3F_3F3F_3F3F) & ~(low &+ 0x2525_2525_2525_2525) & ~word
                    & 0x8080_8080_8080_8080
                while capitals != 0 {
                    visit(k + capitals.trailingZeroBitCount / 8)
                    capitals &= capitals &- 1
                }
                if lettersWanted == 0 { return }
                k += 8
            }
            while k < n {
                if base[k] >= 0x41 && base[k] <= 0x5A { visit(k) }
                k += 1
            }
        }
        bits = found & all
    }
}

/// A rule's list of words, any of which a candidate file spells (`FormatterInBody.spellings`):
/// the registered ones as a mask over `MentionedWords`, the others kept to scan for.
public struct MentionedWordList: Sendable {
    let registered: UInt64
    /// The words not registered, in the list's order.
    public let others: [String]

    public init(_ spellings: [String]) {
        var registered: UInt64 = 0
        var others: [String] = []
        for spelling in spellings {
            if let word = MentionedWord(spelling) { registered |= 1 << UInt64(word.index) } else { others.append(spelling) }
        }
        self.registered = registered
        self.others = others
    }
}
