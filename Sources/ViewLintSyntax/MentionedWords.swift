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
    public static let uuid = MentionedWord(index: 9)
    public static let wrapper = MentionedWord(index: 10)

    /// The registered words, by index: those named above, and the words of the lists rules ask
    /// about (`KnownNames.collectionViewWords`, expensive types' spellings, deprecated names),
    /// found by `init?(_:)`.
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

    /// Whether a capital letter and the byte after it, as one little-endian 16-bit load, start
    /// the anchor of some word (its first capital and the byte that follows it in the word; any
    /// byte for a word that ends in its capital): at most capitals (`Text`, `Color`, `State`)
    /// the scan compares no word.
    static let pairs: [UInt8] = {
        var pairs = [UInt8](repeating: 0, count: 65536)
        for spelling in spellings {
            let bytes = UnsafeBufferPointer(start: spelling.utf8Start, count: spelling.utf8CodeUnitCount)
            guard let offset = bytes.firstIndex(where: { $0 >= 0x41 && $0 <= 0x5A }) else {
                preconditionFailure("a registered word needs a capital letter to anchor it: \(spelling)")
            }
            if offset + 1 < bytes.count { pairs[Int(bytes[offset]) | Int(bytes[offset + 1]) << 8] = 1 }
            else { for next in 0..<256 { pairs[Int(bytes[offset]) | next << 8] = 1 } }
        }
        return pairs
    }()

    /// Each word's first capital letter, where the scan anchors it: `(offset in the word, word
    /// index)`, ordered by letter, and where each letter's entries start (`starts[letter - A]`).
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
    /// some word anchors on, followed by the byte that follows it in that word (`pairs`), are the
    /// words not yet found compared. One loop with no inner function: a function capturing the
    /// found words cost a runtime exclusivity check per capital, and capitals are one byte in ten.
    public init(scanning bytes: [UInt8]) {
        let anchors = MentionedWord.anchors
        let spellings = MentionedWord.spellings
        precondition(spellings.count <= 64, "one bit per registered word")
        let all: UInt64 = spellings.count == 64 ? ~0 : (1 << UInt64(spellings.count)) - 1
        var found: UInt64 = 0
        bytes.withUnsafeBufferPointer { file in
            anchors.entries.withUnsafeBufferPointer { entries in
            anchors.starts.withUnsafeBufferPointer { starts in
            spellings.withUnsafeBufferPointer { spellings in
            MentionedWord.pairs.withUnsafeBufferPointer { pairs in
                guard let base = file.baseAddress else { return }
                let n = file.count
                // Which letters still anchor a word not yet found.
                var lettersWanted: UInt32 = 0
                for letter in 0..<26 where starts[letter] < starts[letter + 1] { lettersWanted |= 1 << UInt32(letter) }
                var k = 0
                var capitals: UInt64 = 0
                while true {
                    let at: Int
                    if capitals != 0 {
                        at = k - 8 + capitals.trailingZeroBitCount / 8
                        capitals &= capitals &- 1
                    } else if k + 8 <= n {
                        let word = UnsafeRawPointer(base + k).loadUnaligned(as: UInt64.self)
                        let low = word & 0x7F7F_7F7F_7F7F_7F7F
                        capitals = (low &+ 0x3F3F_3F3F_3F3F_3F3F) & ~(low &+ 0x2525_2525_2525_2525) & ~word
                            & 0x8080_8080_8080_8080
                        k += 8
                        continue
                    } else if k < n {
                        // The last few bytes, one at a time.
                        k += 1
                        guard base[k - 1] >= 0x41 && base[k - 1] <= 0x5A else { continue }
                        at = k - 1
                        // `capitals` stays 0, and `at = k - 8 + ...` is not used past this point.
                    } else {
                        break
                    }
                    if at + 1 < n && pairs[Int(UInt16(littleEndian: UnsafeRawPointer(base + at).loadUnaligned(as: UInt16.self)))] == 0 { continue }
                    let letter = Int(base[at]) &- 0x41
                    var missing = false
                    for e in starts[letter]..<starts[letter + 1] {
                        let entry = entries[e]
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
                    if !missing {
                        lettersWanted &= ~(1 << UInt32(letter))
                        if lettersWanted == 0 { break }
                    }
                }
            }
            }
            }
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
