import Testing
@testable import ViewLintSyntax

/// `SourceFile.mentions` lets a rule return early on a file that cannot hold a candidate, so a
/// miss here would hide findings: it must find every occurrence, wherever it sits.
@Suite("Source file: mentions")
struct SourceFileMentionsTests {
    func file(_ text: String) -> SourceFile { SourceFile(path: "F.swift", text: text) }

    @Test func findsAWordAtTheStartTheMiddleAndTheEnd() {
        #expect(file("onAppear { }").mentions("onAppear"))
        #expect(file("Text(\"x\").onAppear { }").mentions("onAppear"))
        #expect(file("let x = 1 // .onAppear").mentions("onAppear"))
    }

    @Test func aPrefixOrAnOverlapIsNotAMatch() {
        #expect(!file("ForEac").mentions("ForEach"))
        #expect(!file("For Each").mentions("ForEach"))
        #expect(file("aaab").mentions("aab"))
        #expect(file("ForForEach").mentions("ForEach"))
    }

    @Test func shortAndEmptyFiles() {
        #expect(!file("").mentions("List"))
        #expect(!file("Lis").mentions("List"))
        #expect(file("List").mentions("List"))
        #expect(file("").mentions(""))
    }

    @Test func withinARangeOnlyThoseBytesCount() {
        let source = file("@FocusState.Binding var a\n@Binding var b")
        #expect(source.mentions("FocusState.", within: 0..<19))
        #expect(!source.mentions("FocusState.", within: 0..<11))  // the word cut short by the range
        #expect(!source.mentions("FocusState.", within: 2..<40))  // starts after the word does
        #expect(source.mentions("Binding", within: 26..<40))
        #expect(!source.mentions("Binding", within: 26..<30))
        #expect(source.mentions("Binding", within: -5..<1_000))  // clamped to the file
        #expect(!source.mentions("Binding", within: 50..<60))
    }

    @Test func aWordKnownOnlyAtRunTime() {
        let words = ["Date", "Formatter"]
        #expect(file("let f = DateFormatter()").mentions(words.joined()))
        #expect(!file("let f = DateFormat()").mentions(words.joined()))
        #expect(file("").mentions(String()))
    }

    @Test func theSearchKeysOnARareByteButReportsEveryStartInOrder() {
        // `xAx` is looked for by its `A`, `onAppear` by its `A`, `aab` by its `b`: what precedes
        // that byte must still match, and each start is reported once, in order.
        var starts: [Int] = []
        file("xAxAxAx").forEachOccurrence(of: "xAx") { starts.append($0); return true }
        #expect(starts == [0, 2, 4])
        #expect(file("Appear onAppear").mentions("onAppear"))
        #expect(!file("nAppear onAppea").mentions("onAppear"))
        #expect(file("aaab").mentions("aab"))
        let source = file("a.onAppear")
        #expect(source.mentions("onAppear", within: 2..<10))
        #expect(!source.mentions("onAppear", within: 3..<10))  // its `A` is in the range, its start is not
        #expect(!source.mentions("onAppear", within: 2..<9))
    }

    @Test func theFirstOccurrenceInARange() {
        let source = file("ForEach { if a {} } ForEach")
        #expect(source.firstOccurrence(of: "ForEach", within: 0..<27) == 0)
        #expect(source.firstOccurrence(of: "ForEach", within: 1..<27) == 20)
        #expect(source.firstOccurrence(of: "ForEach", within: 1..<26) == nil)
    }

    /// The scan's marks come from one instruction on x86-64 and from a multiply elsewhere
    /// (arm64): both must put byte `i`'s mark at bit `i`, for every pattern of marks.
    @Test func byteMarksAreTheSameWithAndWithoutTheByteMaskInstruction() {
        var generator = SystemRandomNumberGenerator()
        var patterns: [UInt32] = [0, 0xFFFF, 0x0001, 0x8000, 0x00FF, 0xFF00, 0x5555, 0xAAAA]
        for _ in 0..<2_000 { patterns.append(UInt32.random(in: 0...0xFFFF, using: &generator)) }
        for pattern in patterns {
            var marks = SIMDMask<SIMD16<Int8>>()
            for i in 0..<16 { marks[i] = pattern & (1 << UInt32(i)) != 0 }
            #expect(MentionedWords.bits(marks) == pattern)
            #expect(MentionedWords.bitsByMultiply(marks) == pattern)
        }
    }

    @Test func bytesAfterMultiByteTextAreSearched() {
        #expect(file("// é 🙂\n.environment(Model())").mentions("environment"))
    }

    /// The line table, against a plain walk of the bytes: the LF-only path and the mixed path
    /// must agree on where each line starts (a CRLF is one break, a lone CR is one).
    @Test func lineStartsForEveryLineEnding() {
        func walkedBytes(_ bytes: [UInt8]) -> [UInt32] {
            var starts: [UInt32] = [0]
            var i = 0
            while i < bytes.count {
                if bytes[i] == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
                if bytes[i] == 0x0A || bytes[i] == 0x0D { starts.append(UInt32(i + 1)) }
                i += 1
            }
            return starts
        }
        func walked(_ text: String) -> [UInt32] { walkedBytes(Array(text.utf8)) }
        for text in ["", "a", "\n", "a\nb", "a\nb\n", "\n\n\n", "a\r\nb", "a\rb\nc\r\nd", "\r", "\r\n",
                     "a\r\n\r\nb", "é\n🙂\nx", "\r\r\n\n", "a\r\nb\rc\nd"] {
            let lineStarts = file(text).lineStarts
            #expect(lineStarts == walked(text), "\(text.debugDescription)")
        }
        #expect(file("a\nb\nc").line(ofOffset: 2) == 2)
        #expect(file("a\r\nb").line(ofOffset: 3) == 2)
        // Line feeds found sixteen bytes at a time by the scan for registered words: every length
        // around its words and its sixty-four-byte steps, a feed at every position, beside the
        // bytes a borrow or carry between bytes would confuse with one.
        for length in Array(0..<40) + Array(60..<72) + Array(124..<136) {
            for at in 0..<max(length, 1) {
                for neighbour: UInt8 in [0x61, 0x0B, 0x09, 0x8A, 0x00, 0x7F, 0xFF, 0x0A] {
                    var bytes = [UInt8](repeating: neighbour, count: length)
                    if at < length { bytes[at] = 0x0A }
                    let lineStarts = SourceFile(path: "F.swift", bytes: bytes).lineStarts
                    #expect(lineStarts == walkedBytes(bytes), "\(bytes)")
                }
            }
        }
    }

    /// The word-at-a-time line feed count, against a count byte by byte: every length around
    /// the eight-byte words, line feeds at every position of a word, and the bytes a borrow or
    /// carry between bytes would confuse with one (0x0B and 0x09 beside it, 0x8A with its low
    /// bits, 0x00, 0x7F, 0xFF).
    @Test func lineFeedsCountedAWordAtATime() {
        let alphabet: [UInt8] = [0x0A, 0x0A, 0x0A, 0x0B, 0x09, 0x8A, 0x00, 0x7F, 0xFF, 0x61, 0x0D]
        var generator = SeededGenerator(seed: 10)
        for length in 0..<40 {
            for _ in 0..<50 {
                let bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
                let counted = bytes.withUnsafeBufferPointer { SourceFile.countLineFeeds($0) }
                #expect(counted == bytes.filter { $0 == 0x0A }.count, "\(bytes)")
            }
        }
        let feeds = [UInt8](repeating: 0x0A, count: 4099)
        #expect(feeds.withUnsafeBufferPointer { SourceFile.countLineFeeds($0) } == 4099)
    }

    /// `LocationFinder` starts from the line it found last: offsets in any order, on lines of
    /// every ending, past a long line's checkpoints and past the end, are where the file says.
    @Test func aLocationFinderAgreesWithTheFileInAnyOrder() {
        let long = String(repeating: "é", count: 1500)
        let source = file("a\r\nbb\rc\n\n\(long)x\n🙂y\r\n\nz")
        // Offsets where scalars start, as diagnostics' are.
        let offsets = (0...source.bytes.count + 2).filter { $0 >= source.bytes.count || source.bytes[$0] & 0xC0 != 0x80 }
        // Jumping by a prime stride visits them all, far apart and out of order.
        let scattered = offsets.indices.map { offsets[($0 * 7919) % offsets.count] }
        for order in [offsets, offsets.reversed(), scattered, offsets.filter { $0 % 7 == 3 }] {
            var finder = LocationFinder(source)
            for offset in order {
                #expect(finder.location(ofOffset: offset) == source.location(ofOffset: offset), "offset \(offset)")
            }
        }
    }

    /// The words every file's model finds in one scan (`MentionedWords`) must answer as
    /// `mentions` of their spelling does, wherever a word sits: at the start, at every offset
    /// of the scan's sixteen- and sixty-four-byte steps, in the last few bytes, next to multi-byte text, after
    /// a near miss that shares its anchoring capital.
    @Test func theOneScanAgreesWithMentionsForEveryRegisteredWord() {
        let spellings = MentionedWord.spellings.map { $0.description }
        var texts = ["", "A", "x", "é", "AnyVie", "nyView", "ForEac", "ListList", "onAppea", "nAppear",
                     "presentationMod", "Lis t", "// ÉAnyView", "NavigationLin NavigationView", "NSDataDetecto NSCache"]
        for spelling in spellings {
            for prefix in ["", "x", "é", "🙂"] + (2...69).map({ String(String(repeating: "1234567890", count: 7).prefix($0)) }) {
                for suffix in ["", "y", "1234567", "\n\u{00E9}", "\r\nx"] {
                    texts.append(prefix + spelling + suffix)
                    texts.append(prefix + String(spelling.dropLast()) + suffix)
                    texts.append(prefix + String(spelling.dropFirst()) + suffix)
                }
            }
        }
        // One byte changed anywhere: the compare reads a word's bytes in overlapping loads.
        for spelling in spellings {
            let bytes = Array(spelling.utf8)
            for k in bytes.indices {
                var changed = bytes
                changed[k] = 0x23
                texts.append("x" + String(decoding: changed, as: UTF8.self))
            }
        }
        texts.append(spellings.joined(separator: " "))
        texts.append(spellings.joined())
        expectTheScanAgrees(on: texts, words: spellings.indices.map { MentionedWord(index: $0) }, spellings: spellings) {
            source, spelling, _ in source.mentions(spelling)
        }
    }

    /// Expects the one scan (`MentionedWords(scanning:)`, and the scan that finds the lines as
    /// well) to find each of `words` (spelled `spellings`) in each of `texts` as `expected` says.
    func expectTheScanAgrees(on texts: [String], words: [MentionedWord], spellings: [String],
                             expected: (SourceFile, String, Int) -> Bool) {
        for text in texts {
            let source = file(text)
            let found = MentionedWords(scanning: source.bytes)
            for (k, word) in words.enumerated() {
                let answer = expected(source, spellings[k], k)
                #expect(found.contains(word) == answer, "\(spellings[k]) in \(text)")
                #expect(source.mentioned.contains(word) == answer, "\(spellings[k]) in \(text), found with the lines")
            }
        }
    }

    /// The words anchored on their last capital, those found only outside attributes, and those
    /// searched for on their own answer as a search of their bytes does (for the second, a
    /// search that skips an occurrence right after `@`), wherever they sit.
    @Test func theWordsNotAnchoredOnTheirFirstCapitalAgreeWithASearch() {
        let first = MentionedWord.spellings.count
        let wrappers = MentionedWord.wrapperSpellings.map { $0.description }
        let outside = MentionedWord.outsideAttributeSpellings.map { $0.description }
        let searched = MentionedWord.searchedSpellings.map { $0.description }
        let all = wrappers + outside + searched
        var texts = ["", "@", "@State var a", "Object", "@StateObject", "@StateObject var m", "x@Published",
                     "@ @Published", "Published", "@EnvironmentObjectStateObject", "@ObservedObject\nObservedObject",
                     "Equatable", "Equatabl", "equatabl", ".equatable()", "@@StateObject", "é@StateObject é"]
        for spelling in all {
            for prefix in ["", "@", "x", "é", "@é", "🙂@"] + (2...69).map({ String(String(repeating: "123456789@", count: 7).prefix($0)) }) {
                for suffix in ["", "y", "1234567", "\n\u{00E9}"] {
                    texts.append(prefix + spelling + suffix)
                    texts.append(prefix + String(spelling.dropLast()) + suffix)
                    texts.append(prefix + String(spelling.dropFirst()) + suffix)
                    texts.append(prefix + "@" + spelling + suffix + spelling)
                }
            }
        }
        texts.append(all.joined(separator: " @"))
        texts.append(all.joined())
        expectTheScanAgrees(on: texts, words: all.indices.map { MentionedWord(index: first + $0) }, spellings: all) { source, spelling, k in
            guard k >= wrappers.count && k < wrappers.count + outside.count else { return source.mentions(spelling) }
            var expected = false
            Array(spelling.utf8).withUnsafeBufferPointer { needle in
                SourceFile.forEachOccurrence(of: needle, in: source.bytes) { at in
                    expected = at == 0 || source.bytes[at - 1] != 0x40
                    return !expected
                }
            }
            return expected
        }
        #expect(MentionedWord.stateObject == MentionedWord(index: first) && MentionedWord.equatable == MentionedWord(index: first + all.count - 1))
        #expect(MentionedWord("StateObject") == nil && MentionedWord("equatable") == nil)
    }

    @Test func aListOfWordsAnswersForItsRegisteredWordsAndScansForTheOthers() {
        let list = MentionedWordList(["Formatter", "coder", "AnyView"])
        #expect(list.others == ["coder"])
        #expect(MentionedWord("AnyView") == .anyView && MentionedWord("anyView") == nil)
        #expect(MentionedWords(scanning: Array("let f = NumberFormatter()".utf8)).containsAny(of: list))
        #expect(!MentionedWords(scanning: Array("let d = JSONDecoder()".utf8)).containsAny(of: list))
    }
}
