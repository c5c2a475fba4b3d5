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
    /// What every hosting type's name spells (`GraphNames.hostingTypes`).
    public static let hosting = MentionedWord(index: 23)

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
        // GraphNames.hostingTypes
        "Hosting",
    ]

    /// The registered word spelled `spelling`, if there is one.
    public init?(_ spelling: String) {
        guard let index = Self.spellings.firstIndex(where: { $0.description == spelling }) else { return nil }
        self.index = index
    }

    init(index: Int) { self.index = index }

    /// The scan's tables (`MentionedWordAnchors`), built once.
    static let anchors = MentionedWordAnchors(spellings)
}

/// Where the scan for registered words stops and what it compares there. Flat storage the
/// process never frees, read through pointers: arrays (of tuples, of `StaticString`s) cost a
/// retain and release, and a generic comparison a call, at each capital that passed `pairs`.
struct MentionedWordAnchors: @unchecked Sendable {
    /// Whether a capital letter and the byte after it, as one little-endian 16-bit load, start
    /// the anchor of some word (its first capital and the byte that follows it in the word; any
    /// byte for a word that ends in its capital): at most capitals (`Text`, `Color`, `State`)
    /// the scan compares no word.
    let pairs: UnsafePointer<UInt8>
    /// The words each capital letter anchors (bit `word` of `words[letter - A]`).
    let words: UnsafePointer<UInt64>
    /// By word: where its first capital is in it, and its spelling.
    let offsets: UnsafePointer<Int>
    let spellings: UnsafePointer<UnsafePointer<UInt8>>
    let counts: UnsafePointer<Int>
    /// Every registered word's bit.
    let all: UInt64

    init(_ spellings: [StaticString]) {
        precondition(spellings.count <= 64, "one bit per registered word")
        let pairs = UnsafeMutablePointer<UInt8>.allocate(capacity: 65536)
        pairs.initialize(repeating: 0, count: 65536)
        let words = UnsafeMutablePointer<UInt64>.allocate(capacity: 26)
        words.initialize(repeating: 0, count: 26)
        let offsets = UnsafeMutablePointer<Int>.allocate(capacity: spellings.count)
        let starts = UnsafeMutablePointer<UnsafePointer<UInt8>>.allocate(capacity: spellings.count)
        let counts = UnsafeMutablePointer<Int>.allocate(capacity: spellings.count)
        for (word, spelling) in spellings.enumerated() {
            let bytes = UnsafeBufferPointer(start: spelling.utf8Start, count: spelling.utf8CodeUnitCount)
            guard let offset = bytes.firstIndex(where: { $0 >= 0x41 && $0 <= 0x5A }) else {
                preconditionFailure("a registered word needs a capital letter to anchor it: \(spelling)")
            }
            if offset + 1 < bytes.count { pairs[Int(bytes[offset]) | Int(bytes[offset + 1]) << 8] = 1 }
            else { for next in 0..<256 { pairs[Int(bytes[offset]) | next << 8] = 1 } }
            words[Int(bytes[offset]) - 0x41] |= 1 << UInt64(word)
            (offsets + word).initialize(to: offset)
            (starts + word).initialize(to: spelling.utf8Start)
            (counts + word).initialize(to: bytes.count)
        }
        self.pairs = UnsafePointer(pairs)
        self.words = UnsafePointer(words)
        self.offsets = UnsafePointer(offsets)
        self.spellings = UnsafePointer(starts)
        self.counts = UnsafePointer(counts)
        all = spellings.count == 64 ? ~0 : (1 << UInt64(spellings.count)) - 1
    }

    /// `found` with the bits of the words not yet found that anchor on the capital at `at`
    /// and are spelled there.
    @inline(never)
    func compare(at: Int, in file: UnsafeBufferPointer<UInt8>, found: UInt64) -> UInt64 {
        let base = file.baseAddress.unsafelyUnwrapped
        var found = found
        var candidates = words[Int(base[at]) &- 0x41] & ~found
        while candidates != 0 {
            let word = candidates.trailingZeroBitCount
            candidates &= candidates &- 1
            let start = at - offsets[word]
            let count = counts[word]
            guard start >= 0 && start + count <= file.count else { continue }
            let spelling = spellings[word]
            var k = 0
            while k < count && base[start + k] == spelling[k] { k += 1 }
            if k == count { found |= 1 << UInt64(word) }
        }
        return found
    }
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
    /// some word anchors on, followed by the byte that follows it in that word (`pairs`), and
    /// that anchors a word not yet found, are words compared (`MentionedWordAnchors.compare`,
    /// out of line: a capital is one byte in nine, a compare far rarer, and the loop keeps its
    /// registers for the scan).
    public init(scanning bytes: [UInt8]) {
        let anchors = MentionedWord.anchors
        let pairs = anchors.pairs, words = anchors.words, all = anchors.all
        var found: UInt64 = 0
        bytes.withUnsafeBufferPointer { file in
            guard let base = file.baseAddress else { return }
            let n = file.count
            var k = 0
            // Words while a capital's pair can be read inside the bytes: a capital at `k + 7`
            // reads `k + 8`, so the word's end stays below `n`.
            scan: while k + 9 <= n {
                let word = UnsafeRawPointer(base + k).loadUnaligned(as: UInt64.self)
                let low = word & 0x7F7F_7F7F_7F7F_7F7F
                var capitals = (low &+ 0x3F3F_3F3F_3F3F_3F3F) & ~(low &+ 0x2525_2525_2525_2525) & ~word
                    & 0x8080_8080_8080_8080
                while capitals != 0 {
                    let at = k &+ capitals.trailingZeroBitCount &>> 3
                    capitals &= capitals &- 1
                    let pair = UInt16(littleEndian: UnsafeRawPointer(base + at).loadUnaligned(as: UInt16.self))
                    if pairs[Int(pair)] != 0 && words[Int(pair & 0xFF) &- 0x41] & ~found != 0 {
                        found = anchors.compare(at: at, in: file, found: found)
                        if found == all { break scan }
                    }
                }
                k += 8
            }
            // The last bytes, one at a time.
            while k < n && found != all {
                if base[k] >= 0x41 && base[k] <= 0x5A
                    && (k + 1 == n || pairs[Int(base[k]) | Int(base[k + 1]) << 8] != 0) {
                    found = anchors.compare(at: k, in: file, found: found)
                }
                k += 1
            }
        }
        bits = found
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
