#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

/// A word rules ask of many files ("does this file spell `AnyView`?") to skip most of them
/// cheaply. Each such ask was a byte scan of its own, about thirty per file on real projects;
/// the registered words are all found in one scan per file instead (`MentionedWords`), and an
/// ask is then a bit test. A word is registered here when its spelling holds a capital letter
/// with at least three bytes after it: the scan stops only at capitals (a few bytes in a
/// hundred) and looks words up by the four bytes from there, which the word's first capital
/// anchors. A word without one (`random`, `Tab`) stays a scan of its own
/// (`SourceFile.mentions`).
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
    /// What `EquatableView` and `.environmentObject(...)` spell.
    public static let equatableView = MentionedWord(index: 28)
    public static let environmentObjectModifier = MentionedWord(index: 29)
    /// The wrappers that hold an `ObservableObject` (`wrapperSpellings`).
    public static let stateObject = MentionedWord(index: 30)
    public static let observedObject = MentionedWord(index: 31)
    public static let environmentObject = MentionedWord(index: 32)
    /// Those and `Published` spelled other than right after `@` (`StateObject(...)`,
    /// `ObservedObject<Model>`, `Published<Int>`; `outsideAttributeSpellings`).
    public static let stateObjectOutsideAttribute = MentionedWord(index: 33)
    public static let observedObjectOutsideAttribute = MentionedWord(index: 34)
    public static let environmentObjectOutsideAttribute = MentionedWord(index: 35)
    public static let publishedOutsideAttribute = MentionedWord(index: 36)
    /// `equatable` (the modifier `.equatable()`), which has no capital to anchor it: searched
    /// for on its own (`searchedSpellings`).
    public static let equatable = MentionedWord(index: 37)

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
        // The containers and calls the navigation and picker rules start from: a file that spells
        // none has no member walked by them.
        "NavigationStack", "NavigationSplitView", "Picker", "navigationDestination",
        // What project-wide facts ask of every file, answered without reading the file's bytes
        // once it is extracted (closure_input's views wrapped in `EquatableView`, the
        // Observation scan's injections).
        "EquatableView", "environmentObject",
    ]

    /// The wrappers' names, indexed after `spellings`, then the same and `Published` found only
    /// where the byte before them is not `@` (or they start the file), a wrapper spelled as a
    /// type or a call, not as an attribute. These are anchored on their last capital, not their
    /// first: `State` and `Environment` start an attribute on most lines of a view, `Object`
    /// is far rarer.
    static let wrapperSpellings: [StaticString] = ["StateObject", "ObservedObject", "EnvironmentObject"]
    static let outsideAttributeSpellings: [StaticString] = wrapperSpellings + ["Published"]

    /// Words without a capital to anchor them, indexed after `outsideAttributeSpellings`: each
    /// is searched for on its own (`SourceFile.forEachOccurrence`) after the scan.
    static let searchedSpellings: [StaticString] = ["equatable"]

    /// The registered word spelled `spelling`, if there is one.
    public init?(_ spelling: String) {
        guard let index = Self.spellings.firstIndex(where: { $0.description == spelling }) else { return nil }
        self.index = index
    }

    init(index: Int) { self.index = index }

    /// The scan's tables (`MentionedWordAnchors`), built once.
    static let anchors = MentionedWordAnchors(spellings, anchoredOnLastCapital: wrapperSpellings + outsideAttributeSpellings,
                                              outsideAttributes: outsideAttributeSpellings.count)

    /// The bits of `searchedSpellings`' words that `file` spells.
    static func searchedWords(in file: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var found: UInt64 = 0
        let first = spellings.count + wrapperSpellings.count + outsideAttributeSpellings.count
        for (k, word) in searchedSpellings.enumerated() {
            SourceFile.forEachOccurrence(of: UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount),
                                         in: file, within: 0..<file.count) { _ in
                found |= 1 << UInt64(first + k)
                return false
            }
        }
        return found
    }
}

/// Where the scan for registered words stops and what it compares there. Flat storage the
/// process never frees, read through pointers: arrays (of tuples, of `StaticString`s) cost a
/// retain and release, and a generic comparison a call, at each capital that passed `quads`.
struct MentionedWordAnchors: @unchecked Sendable {
    /// For the four bytes from a capital letter, by their `slot`: the index in `quadWords` of
    /// the words whose first capital and the three bytes after it hash there, 0 for none. At
    /// most capitals (`Text`, `Color`, `State`) the scan compares no word, and where it does it
    /// compares only the words of that slot. Anchored on the capital and the byte after it, the
    /// words were compared at 243,000 capitals of the apps (`Decoder` at every `Design`,
    /// `Encoder` at every `Entity`); on four bytes, at 59,000, half of them `Action` and `Model`.
    let quads: UnsafePointer<UInt8>
    /// Bit `word` of each entry: the words of one slot; entry 0 is empty.
    let quadWords: UnsafePointer<UInt64>
    /// By word: where its anchoring capital is in it, its length, and its spelling copied into
    /// storage of a multiple of eight bytes, so that it is compared a word's load at a time.
    let offsets: UnsafePointer<Int>
    let spellings: UnsafePointer<UnsafePointer<UInt8>>
    let counts: UnsafePointer<Int>
    /// The bits of the words not found right after `@` (`MentionedWord.outsideAttributeSpellings`).
    let outsideAttributes: UInt64

    /// `spellings` anchored on their first capital, then `anchoredOnLastCapital`, the last
    /// `outsideAttributes` of which are not found right after `@`.
    init(_ plain: [StaticString], anchoredOnLastCapital late: [StaticString], outsideAttributes: Int) {
        let spellings = plain + late
        precondition(spellings.count + MentionedWord.searchedSpellings.count <= 64, "one bit per registered word")
        // Only the slots some word anchors on: a table of every pair of bytes, and a dictionary
        // look-up for each, were ten million instructions at the first file of every run.
        var wordsBySlot: [Int: UInt64] = [:]
        let offsets = UnsafeMutablePointer<Int>.allocate(capacity: spellings.count)
        let starts = UnsafeMutablePointer<UnsafePointer<UInt8>>.allocate(capacity: spellings.count)
        let counts = UnsafeMutablePointer<Int>.allocate(capacity: spellings.count)
        for (word, spelling) in spellings.enumerated() {
            let bytes = UnsafeBufferPointer(start: spelling.utf8Start, count: spelling.utf8CodeUnitCount)
            let isCapital = { (byte: UInt8) in byte >= 0x41 && byte <= 0x5A }
            let anchor = word < plain.count ? bytes.firstIndex(where: isCapital)
                : bytes.indices.dropLast(3).last { isCapital(bytes[$0]) }
            guard let offset = anchor, offset + 4 <= bytes.count else {
                preconditionFailure("a registered word needs a capital letter and three bytes after it to anchor it: \(spelling)")
            }
            let quad = UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped + offset).loadUnaligned(as: UInt32.self)
            wordsBySlot[Self.slot(UInt32(littleEndian: quad)), default: 0] |= 1 << UInt64(word)
            let padded = UnsafeMutablePointer<UInt8>.allocate(capacity: (bytes.count + 7) & ~7)
            padded.initialize(repeating: 0, count: (bytes.count + 7) & ~7)
            for k in bytes.indices { padded[k] = bytes[k] }
            (offsets + word).initialize(to: offset)
            (starts + word).initialize(to: UnsafePointer(padded))
            (counts + word).initialize(to: bytes.count)
        }
        // One entry per distinct set of words: a handful, however many slots share them.
        var indexOfWords: [UInt64: UInt8] = [0: 0]
        var quadWords: [UInt64] = [0]
        let quads = ByteTable.sixteenBitKeyed()
        for (slot, words) in wordsBySlot {
            if let index = indexOfWords[words] { quads[slot] = index; continue }
            precondition(quadWords.count < 256, "a byte indexes the sets of words")
            indexOfWords[words] = UInt8(quadWords.count)
            quads[slot] = UInt8(quadWords.count)
            quadWords.append(words)
        }
        self.quads = UnsafePointer(quads)
        let table = UnsafeMutablePointer<UInt64>.allocate(capacity: quadWords.count)
        table.initialize(from: quadWords, count: quadWords.count)
        self.quadWords = UnsafePointer(table)
        self.offsets = UnsafePointer(offsets)
        self.spellings = UnsafePointer(starts)
        self.counts = UnsafePointer(counts)
        self.outsideAttributes = (spellings.count - outsideAttributes..<spellings.count).reduce(0) { $0 | 1 << UInt64($1) }
    }

    /// Where four bytes (the first in the low byte) are in `quads`: a multiplicative hash,
    /// two instructions; two quads in one slot only share a compare.
    @inline(__always)
    static func slot(_ quad: UInt32) -> Int { Int((quad &* 0x9E37_79B1) &>> 16) }

    /// The words anchored on the capital at `at`, where four bytes can be read, not in `found`.
    @inline(__always)
    func candidates(at: UnsafePointer<UInt8>, notIn found: UInt64) -> UInt64 {
        let words = quads[Self.slot(UInt32(littleEndian: UnsafeRawPointer(at).loadUnaligned(as: UInt32.self)))]
        // Most capitals anchor nothing: they cost one load, not two.
        return words == 0 ? 0 : quadWords[Int(words)] & ~found
    }

    /// `found` with the bits of `candidates` (words anchored on the capital at `at`, not yet
    /// found) that are spelled there. Eight bytes are compared at a time, the last load of a
    /// word overlapping the one before it, so no load reaches past the word in the file.
    @inline(never)
    func compare(at: Int, candidates: UInt64, in file: UnsafeBufferPointer<UInt8>, found: UInt64) -> UInt64 {
        let base = UnsafeRawPointer(file.baseAddress.unsafelyUnwrapped)
        var found = found
        var candidates = candidates
        while candidates != 0 {
            let word = candidates.trailingZeroBitCount
            candidates &= candidates &- 1
            let start = at - offsets[word]
            let count = counts[word]
            guard start >= 0 && start + count <= file.count else { continue }
            let spelling = UnsafeRawPointer(spellings[word])
            var equal: Bool
            if count >= 8 {
                equal = true
                var k = 0
                while k + 8 < count && equal {
                    equal = base.loadUnaligned(fromByteOffset: start + k, as: UInt64.self)
                        == spelling.loadUnaligned(fromByteOffset: k, as: UInt64.self)
                    k += 8
                }
                equal = equal && base.loadUnaligned(fromByteOffset: start + count - 8, as: UInt64.self)
                    == spelling.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            } else if count >= 4 {
                equal = base.loadUnaligned(fromByteOffset: start, as: UInt32.self)
                    == spelling.loadUnaligned(fromByteOffset: 0, as: UInt32.self)
                    && base.loadUnaligned(fromByteOffset: start + count - 4, as: UInt32.self)
                    == spelling.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            } else {
                var k = 0
                while k < count && base.load(fromByteOffset: start + k, as: UInt8.self)
                    == spelling.load(fromByteOffset: k, as: UInt8.self) { k += 1 }
                equal = k == count
            }
            // A word found only outside attributes is not found right after `@`.
            if equal && (outsideAttributes &>> UInt64(word)) & 1 != 0 && start > 0 {
                equal = base.load(fromByteOffset: start - 1, as: UInt8.self) != 0x40
            }
            if equal { found |= 1 << UInt64(word) }
        }
        return found
    }
}

/// Which registered words (`MentionedWord`) a file's bytes hold, comments and strings included:
/// for each, the same answer as `SourceFile.mentions` of its spelling (for a word found only
/// outside attributes, of its spelling at a place not right after `@`).
public struct MentionedWords: Sendable {
    private var bits: UInt64 = 0

    public init() {}

    public func contains(_ word: MentionedWord) -> Bool { bits & (1 << UInt64(word.index)) != 0 }

    /// Whether the bytes hold any registered word of `list` (its others are the caller's to scan).
    public func containsAny(of list: MentionedWordList) -> Bool { bits & list.registered != 0 }

    init(bits: UInt64) { self.bits = bits }

    /// Finds every registered word in `bytes` in one pass (`scan`).
    public init(scanning bytes: [UInt8]) {
        bits = bytes.withUnsafeBufferPointer { MentionedWords.scan($0, lineStarts: nil).words }
    }

    /// Finds every registered word in `file` in one pass, and, given `lineStarts`, writes there
    /// from index 1 where the line after each line feed starts (room for one a byte): a file
    /// without carriage returns has its line table made by the same pass (`SourceFile`), where
    /// a pass of its own called `memchr` once a line. Returns the words' bits and the index
    /// past the last start written (1 without `lineStarts`).
    ///
    /// Sixteen bytes are tested at a time (`byteMarks`), four such chunks a step where 67 bytes
    /// remain: only at a capital that some word anchors on, followed by the three bytes that
    /// follow it in that word (`quads`), are the words of that slot not yet found compared
    /// (`MentionedWordAnchors.compare`, out of line: a capital is one byte in seventeen, a
    /// compare far rarer, and the loop keeps its registers for the scan).
    @inline(__always)
    static func scan(_ file: UnsafeBufferPointer<UInt8>, lineStarts: UnsafeMutablePointer<UInt32>?)
        -> (words: UInt64, filled: Int) {
        let anchors = MentionedWord.anchors
        var found: UInt64 = 0
        var filled = 1
        guard let base = file.baseAddress else { return (0, filled) }
        let n = file.count
        var k = 0
        // While a capital's four bytes can be read inside the bytes (a capital at `k + 15`
        // reads up to `k + 18`). Sixty-four bytes a step where they can be read, the four
        // chunks' marks joined, so the loop's and the walks' tests are paid once for all (at
        // thirty-two bytes a step they were a third of the scan's instructions).
        let raw = UnsafeRawPointer(base)
        while k &+ 19 <= n {
            var feeds: UInt64, capitals: UInt64
            var step = 16
            if k &+ 67 <= n {
                (feeds, capitals) = (0, 0)
                for chunk in 0..<4 {
                    let (chunkFeeds, chunkCapitals) = byteMarks(raw, at: k &+ 16 &* chunk)
                    feeds |= UInt64(chunkFeeds) &<< UInt64(16 &* chunk)
                    capitals |= UInt64(chunkCapitals) &<< UInt64(16 &* chunk)
                }
                step = 64
            } else {
                let (chunkFeeds, chunkCapitals) = byteMarks(raw, at: k)
                (feeds, capitals) = (UInt64(chunkFeeds), UInt64(chunkCapitals))
            }
            if let starts = lineStarts {
                while feeds != 0 {
                    starts[filled] = UInt32(truncatingIfNeeded: k &+ feeds.trailingZeroBitCount &+ 1)
                    filled &+= 1
                    feeds &= feeds &- 1
                }
            }
            while capitals != 0 {
                let at = k &+ capitals.trailingZeroBitCount
                capitals &= capitals &- 1
                let candidates = anchors.candidates(at: base + at, notIn: found)
                if candidates != 0 { found = anchors.compare(at: at, candidates: candidates, in: file, found: found) }
            }
            k &+= step
        }
        // The last bytes, one at a time.
        while k < n {
            if base[k] == 0x0A, let starts = lineStarts {
                starts[filled] = UInt32(truncatingIfNeeded: k + 1)
                filled += 1
            }
            // No word fits in the last three bytes: each has three after its first capital.
            if base[k] >= 0x41 && base[k] <= 0x5A && k + 4 <= n {
                let candidates = anchors.candidates(at: base + k, notIn: found)
                if candidates != 0 { found = anchors.compare(at: k, candidates: candidates, in: file, found: found) }
            }
            k += 1
        }
        return (found | MentionedWord.searchedWords(in: file), filled)
    }

    /// Bit `i` set where byte `i` of the sixteen at `offset` is a line feed, and where it is a
    /// capital letter (`b - 0x41 < 26`, unsigned). One vector compare each, gathered to bits by
    /// the byte-mask instruction where there is one: kept as marks in bytes, each 8-byte half
    /// was extracted, tested and walked on its own (the scan's own cost 98.3 → 71.7 M on the
    /// apps).
    @inline(__always)
    static func byteMarks(_ raw: UnsafeRawPointer, at offset: Int) -> (feeds: UInt32, capitals: UInt32) {
        let chunk = raw.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)
        let feeds = chunk .== SIMD16<UInt8>(repeating: 0x0A)
        let capitals = (chunk &- SIMD16<UInt8>(repeating: 0x41)) .< SIMD16<UInt8>(repeating: 26)
        return (bits(feeds), bits(capitals))
    }

    /// The top bit of each byte of a mask, byte `i` to bit `i`.
    @inline(__always)
    static func bits(_ mask: SIMDMask<SIMD16<Int8>>) -> UInt32 {
        #if arch(x86_64)
        return UInt32(truncatingIfNeeded: _mm_movemask_epi8(unsafeBitCast(mask, to: SIMD2<Int64>.self)))
        #else
        return bitsByMultiply(mask)
        #endif
    }

    /// `bits` where there is no byte-mask instruction (arm64, where most users run this). Built
    /// on every architecture so that the tests hold it to the instruction on x86-64.
    @inline(__always)
    static func bitsByMultiply(_ mask: SIMDMask<SIMD16<Int8>>) -> UInt32 {
        // The multiply moves the top bit of byte `i` to bit `56 + i`, with no two bits meeting.
        let halves = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
        let low = ((halves[0] & 0x8080_8080_8080_8080) &* 0x0002_0408_1020_4081) &>> 56
        let high = ((halves[1] & 0x8080_8080_8080_8080) &* 0x0002_0408_1020_4081) &>> 56
        return UInt32(truncatingIfNeeded: low | high &<< 8)
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
