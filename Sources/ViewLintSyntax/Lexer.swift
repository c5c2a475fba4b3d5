/// The result of lexing one file: its tokens (the last is always `.endOfFile`), the byte
/// ranges of its comments, and notes about anything malformed.
public struct TokenizedFile: Sendable {
    public let source: SourceFile
    public let tokens: [Token]
    /// Byte ranges of every comment, in order. Suppression and expectation comments are read
    /// from here, so that nothing inside a string literal can ever be mistaken for one.
    public let comments: [Range<Int>]
    public let notes: [LexerNote]

    /// The text of token `index`.
    public func text(_ index: Int) -> String {
        let t = tokens[index]
        return String(decoding: source.bytes[t.textRange], as: UTF8.self)
    }

    /// Reassembles the file from its tokens; equal to `source.bytes` by construction.
    public func reassembled() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(source.bytes.count)
        for i in tokens.indices { out.append(contentsOf: source.bytes[fullRange(i)]) }
        return out
    }

    /// Where token `index`'s leading trivia starts: where the token before it ends.
    public func leadingStart(_ index: Int) -> Int {
        index == 0 ? 0 : Int(tokens[index - 1].trailingEnd)
    }

    /// Token `index`'s leading trivia, text and trailing trivia.
    public func fullRange(_ index: Int) -> Range<Int> {
        leadingStart(index)..<Int(tokens[index].trailingEnd)
    }
}

/// A hand-written Swift lexer on UTF-8 bytes: one pass, linear time, total.
///
/// Its token boundaries follow the Swift compiler's lexer (swift-syntax). String literals and
/// regex literals are lexed with an explicit mode stack rather than recursion, so any depth
/// of interpolation costs heap, never stack. Bytes that cannot start a token (invalid UTF-8,
/// NUL, stray control characters) become trivia with a note, as the compiler treats them.
public enum Lexer {
    public static func tokenize(_ source: SourceFile) -> TokenizedFile {
        source.bytes.withUnsafeBufferPointer { buffer in
            source.lineStarts.withUnsafeBufferPointer { lineStarts in
                withUnsafeTemporaryAllocation(of: Token.self, capacity: BatchedArray<Token>.batchSize) { scratch in
                    var cursor = LexCursor(buffer, lineStarts: lineStarts, scratch: scratch)
                    cursor.run()
                    return cursor.finish(source)
                }
            }
        }
    }
}

extension LexCursor {
    /// The file's tokens held in storage of about their size.
    mutating func finish(_ source: SourceFile) -> TokenizedFile {
        tokens = batch.finish()
        tokens.releaseUnusedCapacity()
        return TokenizedFile(source: source, tokens: tokens, comments: comments, notes: notes)
    }
}

enum StringKind: UInt8 { case singleLine, multiLine, singleQuote }

/// What the lexer expects next; the bottom of the stack is implicit normal lexing.
enum LexMode {
    case preferRegex
    case afterRawStringDelimiter(pounds: Int)
    case inString(StringKind, pounds: Int)
    case afterString(StringKind, raw: Bool)
    case afterClosingQuote
    case interpolationStart(StringKind)
    case interpolation(StringKind, parens: Int)
    case regex(RegexPieces)
}

/// The pieces of a regex literal found by one look-ahead scan, emitted one token at a time.
struct RegexPieces {
    var kinds: [TokenKind] = []
    var ends: [Int] = []
    var next = 0
}

private enum Byte {
    static let tab: UInt8 = 0x09, lf: UInt8 = 0x0A, vt: UInt8 = 0x0B, ff: UInt8 = 0x0C, cr: UInt8 = 0x0D
    static let space: UInt8 = 0x20, bang: UInt8 = 0x21, quote: UInt8 = 0x22, pound: UInt8 = 0x23
    static let dollar: UInt8 = 0x24, apostrophe: UInt8 = 0x27, lparen: UInt8 = 0x28, rparen: UInt8 = 0x29
    static let star: UInt8 = 0x2A, plus: UInt8 = 0x2B, comma: UInt8 = 0x2C, minus: UInt8 = 0x2D
    static let dot: UInt8 = 0x2E, slash: UInt8 = 0x2F, zero: UInt8 = 0x30, nine: UInt8 = 0x39
    static let colon: UInt8 = 0x3A, semicolon: UInt8 = 0x3B, less: UInt8 = 0x3C, equal: UInt8 = 0x3D
    static let greater: UInt8 = 0x3E, question: UInt8 = 0x3F, at: UInt8 = 0x40, lsquare: UInt8 = 0x5B
    static let backslash: UInt8 = 0x5C, rsquare: UInt8 = 0x5D, underscore: UInt8 = 0x5F
    static let backtick: UInt8 = 0x60, lbrace: UInt8 = 0x7B, rbrace: UInt8 = 0x7D, ampersand: UInt8 = 0x26
}

/// Classes of bytes for the lexer's hot loops: one table look-up where a byte was compared
/// with several ranges. Built once; the process never frees it.
enum LexByteClass {
    /// ASCII letters, digits, `_` and `$`: the ASCII bytes that continue a name.
    static let identifierContinue: UInt8 = 1
    /// Whitespace, control characters, `/`, `<`, `>` and every byte from 0x7F: bytes that may
    /// start trivia (a comment, a conflict marker, a byte order mark, a non-ASCII space).
    /// Printable ASCII but `/`, `<` and `>` always starts a token.
    static let mayStartTrivia: UInt8 = 2
    /// ASCII operator characters and every byte from 0x80: bytes that may continue an operator.
    static let mayContinueOperator: UInt8 = 4
    /// ASCII bytes a string segment takes as text without a second look: all but `\`, the
    /// quotes, line breaks and NUL (and no byte from 0x80, whose UTF-8 is checked).
    static let plainStringText: UInt8 = 8

    /// The byte classes (`classes`, 256 bytes), the first bytes' tokens (`firstByteTokens`, 256)
    /// and the name pairs (`namePairs`, 64 KiB) in one block at fixed offsets, so that the names
    /// loop holds one pointer for the three tables (see `LexInput`). Built once; never freed.
    nonisolated(unsafe) static let tables: UnsafePointer<UInt8> = {
        let tables = ByteTable.zeroed(count: namePairsOffset + (1 << 16))
        for b in 0..<256 {
            let byte = UInt8(b)
            var classes: UInt8 = 0
            if CharacterClasses.isASCIIIdentifierContinue(byte) { classes |= identifierContinue }
            if byte <= Byte.space || byte == Byte.slash || byte == Byte.less || byte == Byte.greater || byte >= 0x7F {
                classes |= mayStartTrivia
            }
            if CharacterClasses.isASCIIOperator(byte) || byte >= 0x80 { classes |= mayContinueOperator }
            if byte < 0x80 && byte != 0 && byte != Byte.backslash && byte != Byte.quote && byte != Byte.apostrophe
                && byte != Byte.lf && byte != Byte.cr {
                classes |= plainStringText
            }
            tables[b] = classes
        }
        fillFirstByteTokens(tables + firstByteTokensOffset)
        let pairs = tables + namePairsOffset
        for pair in 0..<(1 << 16) {
            let first = tables[pair & 0xFF] & identifierContinue != 0
            let second = tables[pair >> 8] & identifierContinue != 0
            pairs[pair] = first ? (second ? 2 : 1) : 0
        }
        return UnsafePointer(tables)
    }()
    static let firstByteTokensOffset = 256
    /// The name pairs: for two bytes read as one little-endian 16-bit load (the first in the low
    /// byte), how many of them, from the first, continue a name (`identifierContinue`): 2, 1 or 0.
    /// A name's bytes are taken two to a look-up (`asciiNameEnd`), where one a look-up cost three
    /// instructions a byte.
    static let namePairsOffset = 512

    /// What the first byte of a token outside strings says (`lexNamesAndPunctuation`): `startsName` for
    /// an ASCII letter or `_`, the kind's raw value for a byte that is always a token of its
    /// own (brackets, `,`, `;`, `@`, `\`), 0 for every byte `lexNormal` must look at further.
    /// Half the tokens are names and a fifth such bytes: they skip `lexNormal`'s switch.
    static let startsName: UInt8 = 0xFF
    /// `.` and `:`, a token of their own unless the next byte says otherwise (`..<`, `::`): one
    /// in eight tokens, answered there rather than through `lexNormal` and `lexOperator`. Their
    /// kind's raw value with `mayBeLonger` set, so that the kind of every one-byte token is its
    /// entry without that bit, where picking the kind of the three cases took ten instructions.
    static let startsPeriod: UInt8 = mayBeLonger | TokenKind.period.rawValue
    static let startsColon: UInt8 = mayBeLonger | TokenKind.colon.rawValue
    /// `=`, a token of its own before a byte that does not continue an operator, as `.` is
    /// (`lexOperator`'s single-byte case): about one token in forty, which went through `lexNormal`.
    static let startsEqual: UInt8 = mayBeLonger | TokenKind.equal.rawValue
    /// Set in the entries above; every kind's raw value is below it.
    static let mayBeLonger: UInt8 = 0x80
    /// Fills the 256 zeroed bytes at `table` with the first bytes' tokens (see `tables`).
    private static func fillFirstByteTokens(_ table: UnsafeMutablePointer<UInt8>) {
        for b in 0..<256 where CharacterClasses.isASCIIIdentifierStart(UInt8(b)) { table[b] = startsName }
        table[Int(Byte.dot)] = startsPeriod
        table[Int(Byte.colon)] = startsColon
        table[Int(Byte.equal)] = startsEqual
        let single: [(UInt8, TokenKind)] = [
            (Byte.at, .atSign), (Byte.lbrace, .leftBrace), (Byte.lsquare, .leftSquare), (Byte.lparen, .leftParen),
            (Byte.rbrace, .rightBrace), (Byte.rsquare, .rightSquare), (Byte.rparen, .rightParen), (Byte.comma, .comma),
            (Byte.semicolon, .semicolon), (Byte.backslash, .backslash),
        ]
        for (byte, kind) in single { table[Int(byte)] = kind.rawValue }
        precondition(TokenKind.allCases.count <= Int(mayBeLonger), "a kind's raw value must leave room for the marks")
    }
}

/// The file's bytes and the byte tables, as one plain value, and the searches that read nothing
/// else. The names loop (`lexNamesAndPunctuation`) reads them through a local copy: a token
/// written through the slot pointer might be `self` for all the compiler knows, so it loaded the
/// bytes' address, their count and three tables from `self` again after every token. And a
/// search out of line (`plainStringTextEnd`) takes these few words, where as the cursor's method
/// it was handed a copy of the whole cursor (thirty words), which `run` made for it.
struct LexInput {
    let p: UnsafeBufferPointer<UInt8>
    let n: Int
    /// `LexByteClass.tables`.
    let tables = LexByteClass.tables

    /// The byte classes (see `LexByteClass`), the first bytes' tokens and the name pairs.
    @inline(__always) var classes: UnsafePointer<UInt8> { tables }
    @inline(__always) var firstByteTokens: UnsafePointer<UInt8> { tables + LexByteClass.firstByteTokensOffset }
    @inline(__always) var namePairs: UnsafePointer<UInt8> { tables + LexByteClass.namePairsOffset }
}

/// The lexer's tests and searches of the bytes alone: the names loop asks them of its copy.
extension LexInput {
    /// Whether the byte at `k` (`first`, its `firstByteTokens` entry) starts a name or a token of
    /// one byte (a bracket, `,`, `;`, `@`, `\`, a `.` or `:` that `isSingleToken` finds alone).
    @inline(__always)
    func startsNameOrPunctuation(_ first: UInt8, at k: Int) -> Bool {
        first == LexByteClass.startsName
            || (first != 0 && (first < LexByteClass.mayBeLonger || isSingleToken(first, at: k)))
    }

    /// Whether the `.` or `:` at `k` (`first`, its `firstByteTokens` entry) is a token of one byte:
    /// a `.` that no operator byte follows (`lexOperator`'s single-byte case), a `:` before no `:`.
    @inline(__always)
    func isSingleToken(_ first: UInt8, at k: Int) -> Bool {
        let next = k &+ 1
        if next >= n { return true }
        let b = p[next]
        if first == LexByteClass.startsColon { return b != Byte.colon }
        return classes[Int(b)] & LexByteClass.mayContinueOperator == 0
    }

    /// Where the text after the trivia at `k` starts when that trivia is empty or one space, or
    /// nil when it is more, or the file ends.
    @inline(__always)
    func shortTriviaEnd(from k: Int) -> Int? {
        guard k < n else { return nil }
        guard mayStartTrivia(p[k]) else { return k }
        if p[k] == Byte.space && k &+ 1 < n && !mayStartTrivia(p[k &+ 1]) { return k &+ 1 }
        return nil
    }

    /// Can trivia start with byte `b` (see `LexByteClass.mayStartTrivia`)?
    @inline(__always)
    func mayStartTrivia(_ b: UInt8) -> Bool {
        classes[Int(b)] & LexByteClass.mayStartTrivia != 0
    }

    /// Eight bytes from `k` (at most `n - 8`), the first in the low byte.
    @inline(__always)
    func word(at k: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(p.baseAddress.unsafelyUnwrapped + k).loadUnaligned(as: UInt64.self))
    }

    /// Where the run of ASCII name bytes from `start` ends.
    @inline(__always)
    func asciiNameEnd(from start: Int) -> Int {
        // ASCII names, nearly all of them, two bytes to a table look-up (`namePairs`), eight
        // bytes to a bounds check, the index in a local until the name ends. (Eight bytes at a
        // time, tested with additions, cost more: a name is nine bytes on average, and the test
        // twenty instructions a word.)
        let bytes = UnsafeRawPointer(p.baseAddress.unsafelyUnwrapped), pairs = namePairs, n = n
        let eightBefore = n &- 8
        var end = start
        scan: do {
            while end <= eightBefore {
                var taken = pairs[Int(UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: end, as: UInt16.self)))]
                if taken != 2 { end &+= Int(taken); break scan }
                taken = pairs[Int(UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: end &+ 2, as: UInt16.self)))]
                if taken != 2 { end &+= 2 &+ Int(taken); break scan }
                taken = pairs[Int(UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: end &+ 4, as: UInt16.self)))]
                if taken != 2 { end &+= 4 &+ Int(taken); break scan }
                taken = pairs[Int(UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: end &+ 6, as: UInt16.self)))]
                if taken != 2 { end &+= 6 &+ Int(taken); break scan }
                end &+= 8
            }
            let classes = classes, nameByte = LexByteClass.identifierContinue
            while end < n && classes[Int(bytes.load(fromByteOffset: end, as: UInt8.self))] & nameByte != 0 { end &+= 1 }
        }
        return end
    }

    /// The kind and keyword of the ASCII name of `count` bytes at `start`. The table is the
    /// caller's copy of `keywords`: a loop that copied the field for every name spent twelve
    /// instructions a name on the copy.
    @inline(__always)
    func nameKind(start: Int, count: Int, keywords: KeywordTable) -> (TokenKind, Keyword) {
        if count == 1 && p[start] == Byte.underscore { return (.wildcard, .none) }
        let keyword: Keyword
        if count > KeywordTable.maxLength
            || !keywords.mayBeKeyword(first: p[start], last: p[start &+ count &- 1], count: count) {
            keyword = .none
        } else if start &+ 16 <= n {
            // The name's bytes as the table's two words: the sixteen bytes from its start, each
            // word cut to the name's length.
            let masks = keywords.masks
            let first = word(at: start) & masks[count < 8 ? count : 8]
            let second = word(at: start &+ 8) & masks[count > 8 ? count &- 8 : 0]
            keyword = keywords.keyword(first: first, second: second)
        } else {
            // A name is never empty, so the buffer has an address.
            keyword = keywords.keyword(p.baseAddress.unsafelyUnwrapped + start, count)
        }
        return (keyword.isReserved ? .keyword : .identifier, keyword)
    }

    /// Where the closing quote is of the string literal opening at `k` when it is plain: `"`,
    /// text that needs no look in `lexStringSegment` (ASCII, no escape, interpolation or line
    /// break) and `"`, as most of the apps' strings are; nil for any other byte or literal.
    /// Asked only where a run of `lexNamesAndPunctuation` ended; inlined there, for three runs
    /// in four end at a byte other than `"`, and the scan is out of line.
    @inline(__always)
    func plainStringClose(at k: Int) -> Int? {
        guard k < n && p[k] == Byte.quote else { return nil }
        let close = plainStringTextEnd(from: k &+ 1)
        guard close < n && p[close] == Byte.quote else { return nil }
        // `"""` opens a multi-line string (`lexStringQuote`).
        if close == k &+ 1 && close &+ 1 < n && p[close &+ 1] == Byte.quote { return nil }
        return close
    }

    /// Where the run of spaces from `start` ends: eight bytes at a time, the run's end found in
    /// the word, then byte by byte in the file's last bytes.
    @inline(__always)
    func spaceRunEnd(from start: Int) -> Int {
        let n = n
        var k = start
        while k &+ 8 <= n {
            let others = word(at: k) ^ 0x2020_2020_2020_2020
            if others != 0 { return k &+ others.trailingZeroBitCount &>> 3 }
            k &+= 8
        }
        while k < n && p[k] == Byte.space { k &+= 1 }
        return k
    }

    /// Sixteen bytes from `k` (at most `n - 16`), the first in lane 0.
    @inline(__always)
    func chunk(at k: Int) -> SIMD16<UInt8> {
        UnsafeRawPointer(p.baseAddress.unsafelyUnwrapped + k).loadUnaligned(as: SIMD16<UInt8>.self)
    }

    /// Where the first byte that is `a` or `b` at or after `start` is, or `n`, sixteen bytes at
    /// a time (two compares and a byte mask; eight at a time with word arithmetic was sixteen
    /// instructions a step): the end of a line comment (CR, LF; doc comments are long lines),
    /// the next byte a block comment's body must look at (`*`, `/`).
    @inline(__always)
    func firstOf(_ a: UInt8, _ b: UInt8, from start: Int) -> Int {
        let spreadA = SIMD16<UInt8>(repeating: a), spreadB = SIMD16<UInt8>(repeating: b)
        var k = start
        while k &+ 16 <= n {
            let bytes = chunk(at: k)
            let found = MentionedWords.bits((bytes .== spreadA) .| (bytes .== spreadB))
            if found != 0 { return k &+ found.trailingZeroBitCount }
            k &+= 16
        }
        while k < n && p[k] != a && p[k] != b { k += 1 }
        return k
    }

    /// Where the run of plain string text (`LexByteClass.plainStringText`: ASCII but `\`, the
    /// quotes, line breaks and NUL) from `start` ends, sixteen bytes at a time (a table look-up
    /// a byte was six instructions a byte). Out of line: a plain literal asks it once, a
    /// segment once a run.
    @inline(never)
    func plainStringTextEnd(from start: Int) -> Int {
        var k = start
        while k &+ 16 <= n {
            let bytes = chunk(at: k)
            let escapeOrQuote: SIMDMask<SIMD16<Int8>> = (bytes .== SIMD16(repeating: Byte.backslash))
                .| (bytes .== SIMD16(repeating: Byte.quote)) .| (bytes .== SIMD16(repeating: Byte.apostrophe))
            let lineBreakOrNUL: SIMDMask<SIMD16<Int8>> = (bytes .== SIMD16(repeating: Byte.lf))
                .| (bytes .== SIMD16(repeating: Byte.cr)) .| (bytes .== SIMD16(repeating: 0))
            let found = MentionedWords.bits(escapeOrQuote .| lineBreakOrNUL .| (bytes .>= SIMD16(repeating: 0x80)))
            if found != 0 { return k &+ found.trailingZeroBitCount }
            k &+= 16
        }
        while k < n && classes[Int(p[k])] & LexByteClass.plainStringText != 0 { k &+= 1 }
        return k
    }
}

struct LexCursor {
    let input: LexInput
    /// The file's bytes and their count, and the byte classes (`input`'s).
    @inline(__always) var p: UnsafeBufferPointer<UInt8> { input.p }
    @inline(__always) var n: Int { input.n }
    @inline(__always) var classes: UnsafePointer<UInt8> { input.classes }
    var i = 0
    var modes: [LexMode] = []
    /// The tokens as lexed (see `BatchedArray`), moved to `tokens` when the file is done.
    var batch: BatchedArray<Token>
    var tokens: [Token] = []
    var comments: [Range<Int>] = []
    var notes: [LexerNote] = []
    /// Trailing-trivia override for the token being lexed (the newline after an opening `"""`).
    var trailingNewlineAfterText = false
    /// Where the text of a string segment really starts and ends when a line continuation
    /// (`\` and a newline in a multi-line string) sits at its edge: swift-syntax makes the
    /// continuation trivia, not segment text, and so does this lexer.
    var segmentTextStart: Int? = nil
    var segmentTextEnd: Int? = nil
    /// The keyword spelled by the identifier or keyword lexed last, set by every path that lexes
    /// one (`.none` where the text cannot spell a keyword: `$name`, `` `name` ``, `<#name#>`,
    /// anything not ASCII), so that `run` never looks the bytes up again.
    var identifierKeyword = Keyword.none
    /// Where a search for the end of a conflict marker found none; a later search would scan
    /// a part of the same suffix, so it can fail at once (keeps many open markers linear).
    var unterminatedGitConflictFrom = Int.max
    var unterminatedPerforceConflictFrom = Int.max
    /// The shared keyword table, taken once for the file (see `KeywordTable`).
    let keywords = KeywordTable.shared
    /// The file's `SourceFile.lineStarts`. A token starts a line when a line starts after the
    /// previous token's last text byte, at or before its own text: `run` marks it as it appends
    /// the token, where a second pass over all tokens merged them with this table.
    let lineStarts: UnsafeBufferPointer<UInt32>
    /// Set when trivia held a conflict marker or a byte the stuck guard skipped: such text may
    /// spell `//` without being a comment, so the next token's comment flag is read from its
    /// leading trivia's bytes, as `hasComment` always did, rather than from the comments found.
    var triviaNeedsCommentScan = false

    init(_ p: UnsafeBufferPointer<UInt8>, lineStarts: UnsafeBufferPointer<UInt32>,
         scratch: UnsafeMutableBufferPointer<Token>) {
        // Tokens hold offsets as `UInt32`; the CLI reads no file over 2 GiB.
        precondition(p.count <= Int(UInt32.max), "a source file of 4 GiB or more")
        input = LexInput(p: p, n: p.count)
        self.lineStarts = lineStarts
        batch = BatchedArray(scratch: scratch, reserving: p.count / 5 + 2)
    }

    @inline(__always) func at(_ k: Int) -> UInt8 { k < n ? p[k] : 0 }
    @inline(__always) func isNewline(_ b: UInt8) -> Bool { b == Byte.lf || b == Byte.cr }
    @inline(__always) func isDigit(_ b: UInt8) -> Bool { b >= Byte.zero && b <= Byte.nine }
    @inline(__always) func isHexDigit(_ b: UInt8) -> Bool {
        isDigit(b) || (b >= 0x61 && b <= 0x66) || (b >= 0x41 && b <= 0x46)
    }

    mutating func note(_ kind: LexerNote.Kind, _ offset: Int) {
        notes.append(LexerNote(kind: kind, offset: offset))
    }

    // MARK: Driver

    mutating func run() {
        var leadStart = 0
        var stuck = 0
        // The first line start past the previous token's last text byte (the first token starts
        // a line), and its index in `lineStarts`; `Int.max` past the last line.
        var nextLine = 0
        var nextLineStart = 0
        // Whether `i` is known to be at a byte that starts no trivia (so `i < n`): the trailing
        // trivia skipped after a name or a one-byte token stopped there, and the next token's
        // leading trivia is empty without a second look at the byte.
        var atText = false
        // The token store, in locals (see `BatchedArray.nextSlot`): `batch` is told where it ends
        // before every call that reads the previous token (`lexNormal`, `lexText`) and when full.
        var slot = batch.nextSlot
        let slotsEnd = batch.batchEnd
        while true {
            var textStart: Int
            let textEnd: Int
            let kind: TokenKind
            // Whether the leading trivia holds a comment (see `commentStarts(atOrAfter:)`): asked
            // where trivia was skipped before the text, not counted for every token.
            var commentInLead = false
            if modes.isEmpty {
                // Outside strings, interpolations and regexes (most tokens): `lexText(nil)`,
                // without a mode copied out of the stack and destroyed again, and without the
                // string segments' moved edges, which only `lexStringSegment` sets.
                // Names and one-byte tokens, and the trivia before them, first.
                atText = lexNamesAndPunctuation(atText: atText, leadStart: &leadStart, slot: &slot, slotsEnd: slotsEnd,
                                                nextLine: &nextLine, nextLineStart: &nextLineStart)
                textStart = i
                if leadStart < textStart { commentInLead = commentStarts(atOrAfter: leadStart) }
                if let close = input.plainStringClose(at: textStart) {
                    // A plain literal's opening quote and text, as the string modes store them
                    // (neither has trailing trivia; the text neither has leading trivia nor
                    // starts a line); its closing quote is this token. Three rounds of the
                    // modes, asked here and not in `lexNamesAndPunctuation`, whose loop grew.
                    var flags = leadingFlags(leadStart: leadStart, textStart: textStart, commentInLead: commentInLead)
                    if passLineStarts(textStart: textStart, pastLast: textStart &+ 1, &nextLine, &nextLineStart) {
                        flags.insert(.atStartOfLine)
                    }
                    let text = UInt32(truncatingIfNeeded: textStart &+ 1)
                    store(Token(kind: .stringQuote, keyword: .none, flags: flags,
                                textStart: UInt32(truncatingIfNeeded: textStart), textEnd: text, trailingEnd: text),
                          slot: &slot, slotsEnd: slotsEnd)
                    let segmentEnd = UInt32(truncatingIfNeeded: close)
                    if segmentEnd > text {
                        store(Token(kind: .stringSegment, keyword: .none, flags: [], textStart: text,
                                    textEnd: segmentEnd, trailingEnd: segmentEnd),
                              slot: &slot, slotsEnd: slotsEnd)
                    }
                    textStart = close
                    leadStart = close
                    commentInLead = false
                    i = close &+ 1
                    kind = .stringQuote
                } else {
                    batch.appended(upTo: slot)
                    kind = lexNormal(preferRegex: false)
                }
                textEnd = i
                atText = false
                if modes.isEmpty {
                    skipTrivia(newlines: false)
                } else {
                    skipTrailingTrivia(textStart: textStart)
                }
                stuck = 0
            } else {
                batch.appended(upTo: slot)
                let mode = modes.last
                switch mode {
                case nil, .preferRegex?: skipTrivia(newlines: true)
                case .interpolation(let kind, _)?: skipTrivia(newlines: kind == .multiLine)
                default: break
                }
                textStart = i
                // Before `lexText`, which may move the text's start past a line continuation.
                if leadStart < textStart { commentInLead = commentStarts(atOrAfter: leadStart) }
                guard let lexed = lexText(mode) else {
                    // A mode change without text. Every such change pops or replaces a mode, so a
                    // run of them is short; the guard turns a bug into one skipped byte, not a hang.
                    stuck += 1
                    if stuck > 16 && i == textStart {
                        modes.removeAll()
                        if i < n { i += 1 }
                        triviaNeedsCommentScan = true
                        stuck = 0
                    }
                    continue
                }
                kind = lexed
                stuck = 0
                if let start = segmentTextStart {
                    textStart = start
                    segmentTextStart = nil
                }
                textEnd = segmentTextEnd ?? i
                if segmentTextEnd != nil {
                    // `i` is already past the continuation, which is this token's trailing trivia.
                    segmentTextEnd = nil
                    if !modes.isEmpty, case .inString(let k, _)? = modes.last, k != .multiLine, isNewline(at(i)) {
                        note(.unterminatedString, textStart)
                        modes.removeLast()
                    }
                } else {
                    skipTrailingTrivia(textStart: textStart)
                }
            }
            // Every path that lexes an identifier or keyword sets `identifierKeyword`, and it is
            // cleared after each token that has one, so no other token finds one set.
            let keyword = identifierKeyword
            var flags = leadingFlags(leadStart: leadStart, textStart: textStart, commentInLead: commentInLead)
            if passLineStarts(textStart: textStart, pastLast: max(textEnd, textStart &+ 1), &nextLine, &nextLineStart) {
                flags.insert(.atStartOfLine)
            }
            store(Token(kind: kind, keyword: keyword, flags: flags,
                        textStart: UInt32(truncatingIfNeeded: textStart),
                        textEnd: UInt32(truncatingIfNeeded: textEnd),
                        trailingEnd: UInt32(truncatingIfNeeded: i)),
                  slot: &slot, slotsEnd: slotsEnd)
            if keyword != .none { identifierKeyword = .none }
            leadStart = i
            if kind == .endOfFile { break }
        }
        batch.appended(upTo: slot)
        for mode in modes {
            if case .interpolation = mode { note(.unterminatedInterpolation, n) }
        }
    }

    /// The flags a token's leading trivia, from `leadStart` to its text at `textStart`, gives it.
    @inline(__always)
    mutating func leadingFlags(leadStart: Int, textStart: Int, commentInLead: Bool) -> TokenFlags {
        var flags: TokenFlags = []
        if leadStart < textStart {
            flags = .hasLeadingTrivia
            if commentInLead {
                flags.insert(.hasCommentBefore)
            } else if triviaNeedsCommentScan && LexCursor.hasComment(p, in: leadStart, textStart) {
                flags.insert(.hasCommentBefore)
            }
        }
        // Set only by rare trivia: cleared where set, not stored for every token.
        if triviaNeedsCommentScan { triviaNeedsCommentScan = false }
        return flags
    }

    /// Whether the token whose text starts at `textStart` starts a line, given the first line
    /// start past the previous token's last byte (`nextLineStart`, at `nextLine`), which is moved
    /// past the token's last byte (`pastLast`, an empty token's start). A line starting before
    /// that either starts at or before the text (the token starts a line) or inside it (a
    /// multi-line string segment). Most tokens do neither: one compare, where the flag's test and
    /// the walk's each had their own.
    @inline(__always)
    func passLineStarts(textStart: Int, pastLast: Int, _ nextLine: inout Int, _ nextLineStart: inout Int) -> Bool {
        guard nextLineStart < pastLast else { return false }
        let startsLine = textStart >= nextLineStart
        repeat {
            nextLine &+= 1
            nextLineStart = nextLine < lineStarts.count ? Int(lineStarts[nextLine]) : Int.max
        } while nextLineStart < pastLast
        return startsLine
    }

    /// Writes `token` to the store's next slot (see `run`). Offsets fit (checked once in `init`).
    /// The token is also what the next one reads as the previous (`prevKind`, `prevKeyword`).
    @inline(__always)
    mutating func store(_ token: Token, slot: inout UnsafeMutablePointer<Token>, slotsEnd: UnsafeMutablePointer<Token>) {
        if slot == slotsEnd {
            batch.appended(upTo: slot)
            batch.flush()
            slot = batch.nextSlot
        }
        slot.initialize(to: token)
        slot += 1
    }

    /// Skips the trivia at `i` (none when `atText`) and lexes and stores the name or one-byte token
    /// after it, and every such token after that, with the trivia between them: three tokens in
    /// four. Stops at a token of another kind or the end of the file, with `i` at its text and
    /// `leadStart` where its leading trivia starts; returns whether that trivia is empty and was
    /// taken by the token before (see `run`'s `atText`).
    ///
    /// A token that follows a name or a one-byte token on its line with at most one space between
    /// them (the space is the first one's trailing trivia) has no flags and starts no line, and
    /// no mode is open, so this loop keeps the index, the slot and little else in registers, where
    /// `run` kept the line table, the leading trivia and the mode stack live around every token.
    /// Out of line for that: a run of tokens a call, nine on average.
    @inline(never)
    mutating func lexNamesAndPunctuation(atText atTextBefore: Bool, leadStart: inout Int,
                                         slot slotOut: inout UnsafeMutablePointer<Token>,
                                         slotsEnd: UnsafeMutablePointer<Token>,
                                         nextLine: inout Int, nextLineStart: inout Int) -> Bool {
        // Locals, not the caller's: a token written through the slot might otherwise be the slot
        // itself, and the slot was loaded and stored again for every token.
        var slot = slotOut
        var lead = leadStart
        defer {
            slotOut = slot
            leadStart = lead
        }
        var k = i
        var atText = atTextBefore
        // Copies (see `LexInput`): no token store can change them.
        let input = input, keywords = keywords
        while true {
            let first: UInt8
            var flags: TokenFlags = []
            if atText {
                first = input.firstByteTokens[Int(input.p[k])]
                if !input.startsNameOrPunctuation(first, at: k) { break }
            } else {
                i = k
                skipTrivia(newlines: true)
                k = i
                first = k < input.n ? input.firstByteTokens[Int(input.p[k])] : 0
                if !input.startsNameOrPunctuation(first, at: k) { break }
                flags = leadingFlags(leadStart: lead, textStart: k, commentInLead: lead < k && commentStarts(atOrAfter: lead))
                // A name or a one-byte token holds no line break, so whether it starts a line is
                // known before it is lexed, as for an empty token.
                if passLineStarts(textStart: k, pastLast: k &+ 1, &nextLine, &nextLineStart) {
                    flags.insert(.atStartOfLine)
                }
            }
            let textStart = k
            var keyword = Keyword.none
            let kind: TokenKind
            if first == LexByteClass.startsName {
                let asciiEnd = input.asciiNameEnd(from: k)
                if asciiEnd < input.n && input.p[asciiEnd] >= 0x80 {
                    kind = lexIdentifierPastASCII(start: k, asciiEnd: asciiEnd)
                    keyword = identifierKeyword
                    identifierKeyword = .none
                    k = i
                } else {
                    // An ASCII name is never empty: its first byte is a letter or `_`.
                    (kind, keyword) = input.nameKind(start: k, count: asciiEnd &- k, keywords: keywords)
                    k = asciiEnd
                }
            } else {
                k &+= 1
                // A kind's raw value is its tag (`TokenKind` numbers its cases from 0, which
                // `LexerTests.tokenKindsAreTheirRawValues` holds): `init(rawValue:)`'s range
                // check cost 13 M on the apps.
                kind = unsafeBitCast(first & ~LexByteClass.mayBeLonger, to: TokenKind.self)
            }
            let textEnd = k
            // A name or a one-byte token opens no mode: its trailing trivia is plain.
            if let textAfter = input.shortTriviaEnd(from: k) {
                k = textAfter
                atText = true
            } else {
                i = k
                skipLongTrivia(newlines: false)
                k = i
                atText = false
                // Trailing trivia that needs the comment scan (a conflict marker after a NUL) sets
                // it for this token, as it did when the flags were found after the trivia.
                if triviaNeedsCommentScan {
                    if flags.contains(.hasLeadingTrivia) && LexCursor.hasComment(p, in: lead, textStart) {
                        flags.insert(.hasCommentBefore)
                    }
                    triviaNeedsCommentScan = false
                }
            }
            store(Token(kind: kind, keyword: keyword, flags: flags,
                        textStart: UInt32(truncatingIfNeeded: textStart),
                        textEnd: UInt32(truncatingIfNeeded: textEnd),
                        trailingEnd: UInt32(truncatingIfNeeded: k)),
                  slot: &slot, slotsEnd: slotsEnd)
            lead = k
        }
        i = k
        return atText
    }

    /// Whether a comment starts at or after `start`, the start of a token's leading trivia, among
    /// those found so far. Comments are appended in order, only while trivia is skipped, and `i`
    /// never moves back: one found since the trivia started starts at or after it, and one found
    /// before ended at or before it. So this is whether the trivia skipped since `start` found
    /// one, as counting the comments before and after it tells, without reading the count for
    /// every token.
    @inline(__always)
    func commentStarts(atOrAfter start: Int) -> Bool {
        guard let last = comments.last else { return false }
        return last.lowerBound >= start
    }

    /// The token lexed last, which some tokens' kinds depend on (a `/` after it, a `?`, a `.`
    /// before a number); nil before the first. Read from the tokens, where two fields were stored
    /// for every token.
    var prevKind: TokenKind? { batch.last?.kind }
    /// The keyword of the token lexed last; read only where `prevKind == .keyword`.
    var prevKeyword: Keyword { batch.last?.keyword ?? .none }

    /// Skips a token's trailing trivia when a mode is open or the token opened one, and ends a
    /// single-line string the line ends.
    mutating func skipTrailingTrivia(textStart: Int) {
        if trailingNewlineAfterText {
            // Set only by an opening `"""`, and cleared here, not before every token.
            trailingNewlineAfterText = false
            if at(i) == Byte.cr { i += 1 }
            if at(i) == Byte.lf { i += 1 }
        } else if modes.isEmpty {
            skipTrivia(newlines: false)
        } else {
            switch modes.last {
            case nil, .preferRegex?, .interpolation?: skipTrivia(newlines: false)
            default: break
            }
        }
        if !modes.isEmpty, case .inString(let k, _)? = modes.last, k != .multiLine, isNewline(at(i)) {
            note(.unterminatedString, textStart)
            modes.removeLast()
        }
    }

    /// Lexes the text of one token in `mode`, or returns nil after a mode change with no text.
    mutating func lexText(_ mode: LexMode?) -> TokenKind? {
        switch mode {
        case nil:
            return lexNormal(preferRegex: false)
        case .preferRegex?:
            modes.removeLast()
            return lexNormal(preferRegex: true)
        case .afterRawStringDelimiter(let pounds)?:
            let b = at(i)
            if b == Byte.quote || b == Byte.apostrophe { return lexStringQuote(closing: nil, pounds: pounds) }
            if i >= n { return .endOfFile }
            modes.removeLast()
            return nil
        case .inString(let kind, let pounds)?:
            return lexStringSegment(kind, pounds: pounds)
        case .afterString(let kind, _)?:
            let b = at(i)
            if b == Byte.quote || b == Byte.apostrophe { return lexStringQuote(closing: kind, pounds: 0) }
            if i >= n { return .endOfFile }
            modes.removeLast()
            return nil
        case .afterClosingQuote?:
            modes.removeLast()
            if at(i) == Byte.pound {
                while at(i) == Byte.pound { i += 1 }
                return .rawStringPoundDelimiter
            }
            return i >= n ? .endOfFile : nil
        case .interpolationStart(let kind)?:
            switch at(i) {
            case Byte.backslash: i += 1; return .backslash
            case Byte.pound:
                while at(i) == Byte.pound { i += 1 }
                return .rawStringPoundDelimiter
            case Byte.lparen:
                i += 1
                modes[modes.count - 1] = .interpolation(kind, parens: 0)
                return .leftParen
            default:
                if i >= n { return .endOfFile }
                modes.removeLast()
                return nil
            }
        case .interpolation(let kind, let parens)?:
            let b = at(i)
            if b == Byte.lparen {
                i += 1
                modes[modes.count - 1] = .interpolation(kind, parens: parens + 1)
                return .leftParen
            }
            if b == Byte.rparen {
                i += 1
                if parens == 0 { modes.removeLast() } else { modes[modes.count - 1] = .interpolation(kind, parens: parens - 1) }
                return .rightParen
            }
            if isNewline(b) && kind != .multiLine {
                // A single-line string cannot continue on the next line: end the
                // interpolation and the string here, and lex the newline as trivia.
                note(.unterminatedInterpolation, i)
                modes.removeLast()
                if case .inString? = modes.last { modes.removeLast() }
                note(.unterminatedString, i)
                return nil
            }
            return lexNormal(preferRegex: false)
        case .regex(var pieces)?:
            let kind = pieces.kinds[pieces.next]
            i = pieces.ends[pieces.next]
            pieces.next += 1
            if pieces.next == pieces.kinds.count { modes.removeLast() } else { modes[modes.count - 1] = .regex(pieces) }
            return kind
        }
    }

    // MARK: Trivia

    /// Skips the trivia at `i`. Most calls find none (a token followed by punctuation) or one
    /// space before the next token: those are answered here, inlined into `run`, without a call,
    /// and return true, for `i` is then at a byte that starts no trivia; the others return false.
    @inline(__always) @discardableResult
    mutating func skipTrivia(newlines: Bool) -> Bool {
        if let textAfter = input.shortTriviaEnd(from: i) {
            i = textAfter
            return true
        }
        skipLongTrivia(newlines: newlines)
        return false
    }

    /// `skipTrivia` for trivia that `shortTriviaEnd` did not end.
    @inline(__always)
    mutating func skipLongTrivia(newlines: Bool) {
        guard i < n else { return }
        // A token's trailing trivia ends at the newline that ends its line (half of the calls
        // that get here): `newlines` is a constant where this is inlined.
        if !newlines && p[i] == Byte.lf { return }
        if newlines && p[i] == Byte.lf {
            // A line feed, the next line's indentation and a token (most of the calls that get
            // here, at 110 instructions each through `skipTriviaBytes`). Skipping line feeds and
            // spaces first changes nothing the general loop finds: it takes them without a note.
            skipLineFeedsAndSpaces()
            if i >= n || !input.mayStartTrivia(p[i]) { return }
        }
        skipTriviaBytes(newlines: newlines)
    }

    /// Skips line feeds, each with the spaces after it, eight spaces at a time.
    @inline(__always)
    mutating func skipLineFeedsAndSpaces() {
        let n = n
        var k = i
        while k < n && p[k] == Byte.lf { k = input.spaceRunEnd(from: k &+ 1) }
        i = k
    }

    mutating func skipTriviaBytes(newlines: Bool) {
        while i < n {
            let b = p[i]
            switch b {
            case Byte.space, Byte.tab, Byte.vt, Byte.ff:
                // Indentation: the run of spaces after it.
                i = input.spaceRunEnd(from: i + 1)
            case Byte.lf, Byte.cr:
                if !newlines { return }
                i += 1
            case Byte.slash:
                let next = at(i + 1)
                if next == Byte.slash {
                    let start = i
                    i = input.firstOf(Byte.lf, Byte.cr, from: i + 2)
                    comments.append(start..<i)
                } else if next == Byte.star {
                    skipBlockComment()
                } else {
                    return
                }
            case 0:
                note(.nulCharacter, i)
                i += 1
            case 0xEF where at(i + 1) == 0xBB && at(i + 2) == 0xBF:
                i += 3
            case Byte.less, Byte.greater:
                guard let end = conflictMarkerEnd(at: i) else { return }
                note(.conflictMarker, i)
                i = end
                triviaNeedsCommentScan = true
            default:
                if b < 0x80 {
                    // Other ASCII control characters are not Swift; everything printable starts a token.
                    if b < Byte.space || b == 0x7F {
                        note(.invalidCharacter, i)
                        i += 1
                        continue
                    }
                    return
                }
                let (scalar, length) = CharacterClasses.decode(p, i)
                guard let c = scalar else {
                    note(.invalidUTF8, i)
                    i += length
                    continue
                }
                if CharacterClasses.isIdentifierContinue(c) || CharacterClasses.isOperatorStart(c)
                    || c == 0x201C || c == 0x201D {
                    return
                }
                if c != 0xA0 { note(.invalidCharacter, i) }
                i += length
            }
        }
    }

    /// A version control conflict that starts a line, from `<<<<<<< ` to the end of the line
    /// that starts with `>>>>>>> ` (or Perforce's `>>>> ` to `<<<<`, newline, and the line
    /// after), is trivia, as swift-syntax has it. Returns its end, or nil when this is no
    /// conflict (then the `<`s are an operator).
    mutating func conflictMarkerEnd(at start: Int) -> Int? {
        guard start == 0 || isNewline(p[start - 1]) || p[start - 1] == 0 else { return nil }
        /// `count` times `byte` then `next`, at `k`.
        func spells(_ k: Int, _ byte: UInt8, _ count: Int, _ next: UInt8) -> Bool {
            var c = 0
            while c < count {
                if at(k + c) != byte { return false }
                c += 1
            }
            return at(k + count) == next
        }
        let isGit = spells(start, Byte.less, 7, Byte.space)
        guard isGit || spells(start, Byte.greater, 4, Byte.space) else { return nil }
        let (closing, count, next): (UInt8, Int, UInt8) = isGit ? (Byte.greater, 7, Byte.space) : (Byte.less, 4, Byte.lf)
        if start >= (isGit ? unterminatedGitConflictFrom : unterminatedPerforceConflictFrom) { return nil }
        var k = start + count + 1
        while k < n {
            if p[k] == closing && isNewline(p[k - 1]) && spells(k, closing, count, next) {
                var end = k + count + 1
                while end < n && !isNewline(p[end]) { end += 1 }
                return end
            }
            k += 1
        }
        if isGit { unterminatedGitConflictFrom = start } else { unterminatedPerforceConflictFrom = start }
        return nil
    }

    /// `/* ... */`, nesting like Swift's.
    mutating func skipBlockComment() {
        let start = i
        i += 2
        var depth = 1
        while i < n {
            i = input.firstOf(Byte.star, Byte.slash, from: i)
            if i >= n { break }
            let b = p[i]
            if b == Byte.star && at(i + 1) == Byte.slash {
                i += 2
                depth -= 1
                if depth == 0 { comments.append(start..<i); return }
            } else if b == Byte.slash && at(i + 1) == Byte.star {
                i += 2
                depth += 1
            } else {
                i += 1
            }
        }
        note(.unterminatedBlockComment, start)
        comments.append(start..<i)
    }

    // MARK: Normal tokens

    mutating func lexNormal(preferRegex: Bool) -> TokenKind {
        if i >= n { return .endOfFile }
        let b = p[i]
        switch b {
        case Byte.at: i += 1; return .atSign
        case Byte.lbrace: i += 1; return .leftBrace
        case Byte.lsquare: i += 1; return .leftSquare
        case Byte.lparen: i += 1; return .leftParen
        case Byte.rbrace: i += 1; return .rightBrace
        case Byte.rsquare: i += 1; return .rightSquare
        case Byte.rparen: i += 1; return .rightParen
        case Byte.comma: i += 1; return .comma
        case Byte.semicolon: i += 1; return .semicolon
        case Byte.backslash: i += 1; return .backslash
        case Byte.colon:
            i += 1
            if at(i) == Byte.colon { i += 1; return .colonColon }
            return .colon
        case Byte.pound:
            return lexPound()
        case Byte.bang, Byte.question:
            if isLeftBound(i) {
                if prevKind == .keyword && prevKeyword == .try { modes.append(.preferRegex) }
                i += 1
                return b == Byte.bang ? .exclamationMark : .postfixQuestionMark
            }
            return lexOperator(preferRegex: preferRegex)
        case Byte.less:
            if at(i + 1) == Byte.pound, lexPlaceholder() {
                identifierKeyword = .none
                return .identifier
            }
            return lexOperator(preferRegex: preferRegex)
        case Byte.dollar:
            identifierKeyword = .none
            return lexDollar()
        case Byte.quote, Byte.apostrophe:
            return lexStringQuote(closing: nil, pounds: 0)
        case Byte.backtick:
            identifierKeyword = .none
            return lexBacktick()
        default:
            if CharacterClasses.isASCIIIdentifierStart(b) { return lexIdentifier() }
            if isDigit(b) { return lexNumber() }
            if CharacterClasses.isASCIIOperator(b) { return lexOperator(preferRegex: preferRegex) }
            if b < 0x80 { i += 1; return .unknown }
            let (scalar, length) = CharacterClasses.decode(p, i)
            guard let c = scalar else { i += length; return .unknown }
            if CharacterClasses.isIdentifierStart(c) { return lexIdentifier() }
            if CharacterClasses.isOperatorStart(c) { return lexOperator(preferRegex: preferRegex) }
            if CharacterClasses.isIdentifierContinue(c) {
                // A combining mark cannot start an identifier; keep the run as one for recovery.
                _ = lexIdentifier()
                identifierKeyword = .none
                return .identifier
            }
            if c == 0x201C {
                i += length
                lexCurlyQuotedString()
                identifierKeyword = .none
                return .identifier
            }
            i += length
            return .unknown
        }
    }

    /// `[A-Za-z_][A-Za-z0-9_$]*` plus the Unicode identifier characters.
    ///
    /// Inlined where a name starts (`run`, `lexNormal`): the ASCII name and its keyword are found
    /// here, and a name that goes on past ASCII is finished out of line
    /// (`lexIdentifierPastASCII`), so that this keeps few registers and costs no call.
    @inline(__always)
    mutating func lexIdentifier() -> TokenKind {
        let start = i
        let end = input.asciiNameEnd(from: start)
        // A name that goes on past ASCII, and a combining mark that starts a token (`lexNormal`).
        if end < n && p[end] >= 0x80 { return lexIdentifierPastASCII(start: start, asciiEnd: end) }
        i = end
        // An ASCII name is never empty: its first byte is a letter or `_`.
        return classifyName(start: start, count: end &- start)
    }

    /// The kind of the ASCII name of `count` bytes at `start`, its keyword in `identifierKeyword`.
    @inline(__always)
    mutating func classifyName(start: Int, count: Int) -> TokenKind {
        let kind: TokenKind
        (kind, identifierKeyword) = input.nameKind(start: start, count: count, keywords: keywords)
        return kind
    }

    /// `lexIdentifier` for a name whose ASCII start (perhaps empty) ends at `asciiEnd`, before a
    /// byte from 0x80.
    @inline(never)
    mutating func lexIdentifierPastASCII(start: Int, asciiEnd: Int) -> TokenKind {
        i = asciiEnd
        _ = skipIdentifierContinuation()
        // The byte at `asciiEnd` is from 0x80: the name has one (and is no keyword) exactly when
        // the continuation took it.
        let allASCII = i == asciiEnd
        if i == start {
            // Only reachable for a combining mark at the start of a token.
            let (_, length) = CharacterClasses.decode(p, i)
            i += length
            identifierKeyword = .none
            return .identifier
        }
        // Bytes outside ASCII are in no keyword.
        if !allASCII {
            identifierKeyword = .none
            return .identifier
        }
        return classifyName(start: start, count: i - start)
    }

    /// `$0` is a closure parameter and `$name` (a projected value) an identifier. A lone `$` is a
    /// dollar identifier, as swift-syntax lexes it (the oracle's `--exact-kinds` found the difference).
    mutating func lexDollar() -> TokenKind {
        i += 1
        var allDigits = true
        let start = i
        while i < n {
            let b = p[i]
            if isDigit(b) { i += 1; continue }
            if b < 0x80 {
                if CharacterClasses.isASCIIIdentifierContinue(b) { allDigits = false; i += 1; continue }
                break
            }
            let (scalar, length) = CharacterClasses.decode(p, i)
            guard let c = scalar, CharacterClasses.isIdentifierContinue(c) else { break }
            allDigits = false
            i += length
        }
        if i == start { return .dollarIdentifier }
        return allDigits ? .dollarIdentifier : .identifier
    }

    /// `` `name` `` (any characters up to a backtick on the same line, for raw identifiers).
    mutating func lexBacktick() -> TokenKind {
        let start = i
        var k = i + 1
        while k < n && p[k] != Byte.backtick && !isNewline(p[k]) { k += 1 }
        if k < n && p[k] == Byte.backtick {
            i = k + 1
            return .identifier
        }
        i = start + 1
        return .backtick
    }

    /// `<#placeholder#>`, an editor placeholder, lexed as an identifier.
    mutating func lexPlaceholder() -> Bool {
        var k = i + 2
        while k < n {
            let b = p[k]
            if b == Byte.lf { return false }
            if b == Byte.less && at(k + 1) == Byte.pound { return false }
            if b == Byte.pound && at(k + 1) == Byte.greater {
                i = k + 2
                return true
            }
            k += 1
        }
        return false
    }

    /// After a U+201C opening curly quote: take the rest of a plausible string on this line.
    mutating func lexCurlyQuotedString() {
        var k = i
        while k < n {
            let b = p[k]
            if isNewline(b) { return }
            if b == Byte.backslash {
                if at(k + 1) == Byte.lparen { return }
                k += 2
                continue
            }
            if b == Byte.quote { i = k + 1; return }
            if b == 0xE2 && at(k + 1) == 0x80 && at(k + 2) == 0x9D { i = k + 3; return }
            k += 1
        }
    }

    /// `#` starts a shebang, a raw string, a `#/regex/#`, a directive such as `#if`, or is a
    /// lone `#` before a macro name (`#Preview`, `#selector`).
    mutating func lexPound() -> TokenKind {
        if i == 0 && at(1) == Byte.bang {
            while i < n && !isNewline(p[i]) { i += 1 }
            return .shebang
        }
        var k = i
        while at(k) == Byte.pound { k += 1 }
        let pounds = k - i
        if at(k) == Byte.quote {
            i = k
            modes.append(.afterRawStringDelimiter(pounds: pounds))
            return .rawStringPoundDelimiter
        }
        if at(k) == Byte.slash, let pieces = scanRegex(at: i, mustBeRegex: true) {
            return beginRegex(pieces)
        }
        var end = i + 1
        while end < n && ((p[end] >= 0x61 && p[end] <= 0x7A) || (p[end] >= 0x41 && p[end] <= 0x5A)) { end += 1 }
        // The letters compared as bytes: a `String` made of them and compared with each
        // directive's was about 500 instructions a `#` (`#Preview`, `#if`) on the apps.
        let letters = UnsafeBufferPointer(rebasing: p[(i + 1)..<end])
        func spell(_ directive: StaticString) -> Bool {
            letters.hasSameBytes(as: UnsafeBufferPointer(start: directive.utf8Start, count: directive.utf8CodeUnitCount))
        }
        let kind: TokenKind?
        if spell("if") { kind = .poundIf }
        else if spell("elseif") { kind = .poundElseif }
        else if spell("else") { kind = .poundElse }
        else if spell("endif") { kind = .poundEndif }
        else if spell("available") { kind = .poundAvailable }
        else if spell("unavailable") { kind = .poundUnavailable }
        else if spell("sourceLocation") { kind = .poundSourceLocation }
        else { kind = nil }
        if let kind {
            i = end
            return kind
        }
        i += 1
        return .pound
    }

    // MARK: Numbers

    mutating func skipIdentifierContinuation() -> Bool {
        let start = i
        while i < n {
            let b = p[i]
            if b < 0x80 {
                if CharacterClasses.isASCIIIdentifierContinue(b) { i += 1; continue }
                break
            }
            let (scalar, length) = CharacterClasses.decode(p, i)
            guard let c = scalar, CharacterClasses.isIdentifierContinue(c) else { break }
            i += length
        }
        return i > start
    }

    /// Integer and float literals: decimal, `0x` (with hex floats), `0o`, `0b`, `_` separators,
    /// exponents. Letters glued to a number stay in the token, marked malformed, as Swift does.
    mutating func lexNumber() -> TokenKind {
        let start = i
        // Digits (and `_`) before a byte that continues neither a number nor a name (`0`, `16)`):
        // nearly every number, an integer as the general path below finds it (which reads a
        // prefix, a fraction or an exponent only where a name byte or a `.` follows the digits).
        var end = start &+ 1
        while end < n && (isDigit(p[end]) || p[end] == Byte.underscore) { end &+= 1 }
        if end == n || (p[end] < 0x80 && p[end] != Byte.dot && classes[Int(p[end])] & LexByteClass.identifierContinue == 0) {
            i = end
            return .integerLiteral
        }
        let b1 = at(i + 1)
        if p[i] == Byte.zero && b1 == 0x78 { return lexHexNumber() }
        if p[i] == Byte.zero && (b1 == 0x6F || b1 == 0x62) {
            let isOctal = b1 == 0x6F
            i += 2
            while i < n {
                let b = p[i]
                let ok = isOctal ? (b >= 0x30 && b <= 0x37) : (b == 0x30 || b == 0x31)
                if ok || (b == Byte.underscore && i > start + 2) { i += 1 } else { break }
            }
            if skipIdentifierContinuation() { note(.malformedNumber, start) }
            return .integerLiteral
        }
        while i < n && (isDigit(p[i]) || p[i] == Byte.underscore) { i += 1 }
        let b = at(i)
        if b == Byte.dot {
            // `1.foo` is a member access and `x.0.1` a tuple access, not floats.
            if !isDigit(at(i + 1)) || prevKind == .period { return .integerLiteral }
        } else if b != 0x65 && b != 0x45 {
            if skipIdentifierContinuation() { note(.malformedNumber, start) }
            return .integerLiteral
        }
        if at(i) == Byte.dot {
            i += 1
            while i < n && (isDigit(p[i]) || p[i] == Byte.underscore) { i += 1 }
        }
        if at(i) == 0x65 || at(i) == 0x45 {
            i += 1
            if at(i) == Byte.minus || at(i) == Byte.plus { i += 1 }
            if !isDigit(at(i)) {
                _ = skipIdentifierContinuation()
                note(.malformedNumber, start)
                return .floatLiteral
            }
            while i < n && (isDigit(p[i]) || p[i] == Byte.underscore) { i += 1 }
        }
        if skipIdentifierContinuation() { note(.malformedNumber, start) }
        return .floatLiteral
    }

    mutating func lexHexNumber() -> TokenKind {
        let start = i
        i += 2
        guard isHexDigit(at(i)) else {
            if skipIdentifierContinuation() {}
            note(.malformedNumber, start)
            return .integerLiteral
        }
        while i < n && (isHexDigit(p[i]) || p[i] == Byte.underscore) { i += 1 }
        var b = at(i)
        if b != Byte.dot && b != 0x70 && b != 0x50 {
            if skipIdentifierContinuation() { note(.malformedNumber, start) }
            return .integerLiteral
        }
        var dot: Int? = nil
        if b == Byte.dot {
            dot = i
            if !isHexDigit(at(i + 1)) { return .integerLiteral }
            i += 1
            while i < n && (isHexDigit(p[i]) || p[i] == Byte.underscore) { i += 1 }
            b = at(i)
            if b != 0x70 && b != 0x50 {
                // `0xff.description`: an integer followed by a member access.
                i = dot!
                return .integerLiteral
            }
        }
        i += 1 // p or P
        var signed = false
        if at(i) == Byte.plus || at(i) == Byte.minus { i += 1; signed = true }
        if !isDigit(at(i)) {
            if let dot, !isDigit(at(dot + 1)), !signed {
                i = dot
                return .integerLiteral
            }
            _ = skipIdentifierContinuation()
            note(.malformedNumber, start)
            return .floatLiteral
        }
        while i < n && (isDigit(p[i]) || p[i] == Byte.underscore) { i += 1 }
        if skipIdentifierContinuation() { note(.malformedNumber, start) }
        return .floatLiteral
    }

    // MARK: Operators

    // The operator helpers are static on the bytes: called as methods from the mutating lexer,
    // they were handed a copy of the whole cursor (a `memcpy` for each of 737k operators).
    @inline(__always) func isLeftBound(_ start: Int) -> Bool { LexCursor.isLeftBound(p, start) }

    static func isLeftBound(_ p: UnsafeBufferPointer<UInt8>, _ start: Int) -> Bool {
        if start == 0 { return false }
        switch p[start - 1] {
        case Byte.space, Byte.cr, Byte.lf, Byte.tab, Byte.lparen, Byte.lsquare, Byte.lbrace,
             Byte.comma, Byte.semicolon, Byte.colon, 0:
            return false
        case Byte.slash:
            return !(start >= 2 && p[start - 2] == Byte.star)
        case 0xA0:
            return !(start >= 2 && p[start - 2] == 0xC2)
        default:
            return true
        }
    }

    @inline(__always) func isRightBound(_ end: Int, leftBound: Bool) -> Bool {
        LexCursor.isRightBound(p, end, leftBound: leftBound)
    }

    static func isRightBound(_ p: UnsafeBufferPointer<UInt8>, _ end: Int, leftBound: Bool) -> Bool {
        let n = p.count
        if end >= n { return false }
        switch p[end] {
        case Byte.space, Byte.cr, Byte.lf, Byte.tab, Byte.rparen, Byte.rsquare, Byte.rbrace,
             Byte.comma, Byte.semicolon, Byte.colon, 0:
            return false
        case Byte.dot:
            return !leftBound
        case Byte.slash:
            let next = end + 1 < n ? p[end + 1] : 0
            return !(next == Byte.slash || next == Byte.star)
        case 0xC2:
            return end + 1 >= n || p[end + 1] != 0xA0
        default:
            return true
        }
    }

    mutating func lexOperator(preferRegex: Bool) -> TokenKind {
        let start = i
        // One ASCII operator character before a byte that cannot continue it (`.` of a member,
        // `=` between spaces; two operators in three): no loop, no `/` to look for a regex or
        // a comment in, the kind from the single byte.
        let first = p[start]
        if first != Byte.slash && first < 0x80 && CharacterClasses.isASCIIOperator(first) {
            if start + 1 == n || classes[Int(p[start + 1])] & LexByteClass.mayContinueOperator == 0 {
                i = start + 1
                if first == Byte.dot { return .period }
                if first == Byte.equal { return .equal }
                return classifyOperator(start, i)
            }
            // Two ASCII operator characters before a byte that cannot continue them (`->`, `==`,
            // `??`, `&&`: most of the rest), as the loop below takes them: no `/` (a regex or a
            // comment may start there) and no `.` after another character (it ends the operator).
            let second = p[start + 1]
            if second < 0x80 && second != Byte.slash && (second != Byte.dot || first == Byte.dot)
                && (start + 2 == n || classes[Int(p[start + 2])] & LexByteClass.mayContinueOperator == 0) {
                i = start + 2
                return classifyOperator(start, i)
            }
        }
        let startsWithDot = p[i] == Byte.dot
        while i < n {
            let b = p[i]
            if b < 0x80 {
                if b == Byte.dot && !startsWithDot && i > start { break }
                if CharacterClasses.isASCIIOperator(b) { i += 1; continue }
                break
            }
            let (scalar, length) = CharacterClasses.decode(p, i)
            guard let c = scalar else { break }
            if i == start ? !CharacterClasses.isOperatorStart(c) : !CharacterClasses.isOperatorContinue(c) { break }
            i += length
        }
        if i == start { i += 1; return .unknown }
        var end = i

        // A `/` in the operator may open a regex literal (`x = /abc/`, `!/a/.test`).
        var k = start
        while k < end {
            if p[k] == Byte.slash {
                if let pieces = scanOperatorAsRegex(slash: k, opStart: start, opEnd: end, preferRegex: preferRegex) {
                    if k > start {
                        i = k
                        modes.append(.regex(pieces))
                        return classifyOperator(start, k)
                    }
                    i = start
                    return beginRegex(pieces)
                }
                break
            }
            k += 1
        }
        // `//` or `/*` inside an operator starts a comment.
        if end - start > 2 {
            var q = start + 1
            while q < end {
                if p[q] == Byte.slash && (at(q + 1) == Byte.slash || at(q + 1) == Byte.star) {
                    end = q
                    break
                }
                q += 1
            }
        }
        i = end
        return classifyOperator(start, end)
    }

    @inline(__always) func classifyOperator(_ start: Int, _ end: Int) -> TokenKind {
        LexCursor.classifyOperator(p, start, end)
    }

    static func classifyOperator(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> TokenKind {
        let left = isLeftBound(p, start)
        let right = isRightBound(p, end, leftBound: left)
        let length = end - start
        if length == 1 {
            switch p[start] {
            case Byte.equal: return .equal
            case Byte.ampersand where !(left == right || left): return .prefixAmpersand
            case Byte.dot: return .period
            case Byte.question: return left ? .postfixQuestionMark : .infixQuestionMark
            default: break
            }
        } else if length == 2 {
            if p[start] == Byte.minus && p[start + 1] == Byte.greater { return .arrow }
            if p[start] == Byte.star && p[start + 1] == Byte.slash { return .unknown }
        } else {
            var q = start
            while q + 1 < end {
                if p[q] == Byte.star && p[q + 1] == Byte.slash { return .unknown }
                q += 1
            }
        }
        if left == right { return .binaryOperator }
        return left ? .postfixOperator : .prefixOperator
    }

    // MARK: Regex literals

    /// Whether the previous token leaves the lexer expecting an expression, where a `/`
    /// opens a regex literal rather than being a division.
    func isInRegexPosition() -> Bool {
        guard let prev = prevKind else { return true }
        switch prev {
        case .leftBrace, .leftParen, .leftSquare, .prefixOperator, .prefixAmpersand, .binaryOperator, .equal,
             .semicolon, .comma, .colon, .infixQuestionMark, .poundIf, .poundElse, .poundElseif, .poundEndif,
             .unknown:
            return true
        case .keyword:
            switch prevKeyword {
            case .true, .false, .`Any`, .nil, .`self`, .`Self`, .super: return false
            default: return true
            }
        default:
            return false
        }
    }

    func scanOperatorAsRegex(slash: Int, opStart: Int, opEnd: Int, preferRegex: Bool) -> RegexPieces? {
        let left = isLeftBound(opStart)
        let right = isRightBound(opEnd, leftBound: left)
        if left { return nil }
        if prevKind == .keyword && (prevKeyword == .func || prevKeyword == .operator) { return nil }
        var mustBeRegex = false
        if left == right {
            if preferRegex { mustBeRegex = true }
            if !mustBeRegex && !isInRegexPosition() { return nil }
            switch prevKind {
            case .leftParen?, .leftSquare?, .comma?, .colon?, .colonColon?: break
            default: mustBeRegex = true
            }
        }
        return scanRegex(at: slash, mustBeRegex: mustBeRegex)
    }

    mutating func beginRegex(_ pieces: RegexPieces) -> TokenKind {
        var pieces = pieces
        let kind = pieces.kinds[0]
        i = pieces.ends[0]
        pieces.next = 1
        if pieces.kinds.count > 1 { modes.append(.regex(pieces)) }
        return kind
    }

    /// Scans `#*/pattern/#*` starting at `start` without consuming anything. Returns nil when
    /// this is not a regex (the heuristics Swift uses for bare `/.../`), and for an unterminated
    /// literal unless `mustBeRegex`.
    func scanRegex(at start: Int, mustBeRegex: Bool) -> RegexPieces? {
        var c = start
        while at(c) == Byte.pound { c += 1 }
        let pounds = c - start
        guard at(c) == Byte.slash else { return nil }
        c += 1
        let patternStart = c
        if pounds == 0 {
            let next = at(c)
            if next == Byte.space || next == Byte.tab {
                if !mustBeRegex { return nil }
            } else if next == Byte.star || next == Byte.slash {
                return nil
            }
            if start > 0 && p[start - 1] == Byte.star { return nil }
        }
        var firstNewline: Int? = nil
        if pounds > 0 {
            var s = c
            while at(s) == Byte.space || at(s) == Byte.tab { s += 1 }
            if s < n && isNewline(p[s]) { firstNewline = s; c = s }
        }
        var groupDepth = 0
        var classDepth = 0
        var lastSpace = -1
        var closed = false
        var closeEnd = 0
        var closePounds = 0
        scan: while true {
            // Closing delimiter?
            if at(c) == Byte.slash {
                var e = c + 1
                var count = 0
                if pounds > 0 { while at(e) == Byte.pound { e += 1; count += 1 } }
                if count >= pounds {
                    if count == 0 {
                        let after = at(c + 1)
                        if after == Byte.star || after == Byte.slash {
                            if !mustBeRegex { return nil }
                            break scan
                        }
                        if lastSpace >= 0 && lastSpace + 1 == c && !mustBeRegex { return nil }
                    }
                    closed = true
                    closeEnd = c + 1
                    closePounds = count
                    break scan
                }
            }
            if c >= n {
                if let firstNewline { c = firstNewline }
                if !mustBeRegex { return nil }
                break scan
            }
            var b = p[c]
            var escaped = false
            if b == Byte.backslash {
                c += 1
                if c >= n { continue }
                b = p[c]
                escaped = true
            }
            if isNewline(b) {
                if firstNewline == nil {
                    if !mustBeRegex { return nil }
                    break scan
                }
                c += 1
                continue
            }
            if !escaped {
                switch b {
                case Byte.lparen where classDepth == 0: groupDepth += 1
                case Byte.rparen where classDepth == 0:
                    if groupDepth == 0 {
                        if !mustBeRegex { return nil }
                    } else {
                        groupDepth -= 1
                    }
                case Byte.lsquare: classDepth += 1
                case Byte.rsquare: if classDepth > 0 { classDepth -= 1 }
                case Byte.space, Byte.tab: lastSpace = c
                default: break
                }
            }
            if b < 0x80 { c += 1 } else { c += CharacterClasses.decode(p, c).length }
        }
        var pieces = RegexPieces()
        if pounds > 0 { pieces.kinds.append(.regexPoundDelimiter); pieces.ends.append(start + pounds) }
        pieces.kinds.append(.regexSlash); pieces.ends.append(patternStart)
        let patternEnd = closed ? closeEnd - 1 : c
        if patternEnd > patternStart { pieces.kinds.append(.regexLiteralPattern); pieces.ends.append(patternEnd) }
        if closed {
            pieces.kinds.append(.regexSlash); pieces.ends.append(closeEnd)
            if closePounds > 0 { pieces.kinds.append(.regexPoundDelimiter); pieces.ends.append(closeEnd + closePounds) }
        }
        return pieces
    }

    // MARK: Strings

    /// An opening or closing quote. `closing` is the kind of the literal being closed.
    mutating func lexStringQuote(closing: StringKind?, pounds: Int) -> TokenKind {
        let fromRawDelimiter: Bool
        if case .afterRawStringDelimiter? = modes.last { fromRawDelimiter = true } else { fromRawDelimiter = false }
        if p[i] == Byte.apostrophe {
            i += 1
            transitionAfterQuote(kind: .singleQuote, closing: closing, pounds: pounds, fromRaw: fromRawDelimiter)
            return .singleQuote
        }
        i += 1
        var kind = StringKind.singleLine
        if closing != .singleLine && at(i) == Byte.quote && at(i + 1) == Byte.quote {
            kind = .multiLine
            if closing == nil && pounds > 0 {
                // `#"""#` and `#"""abc"#` are single-line strings that start with quotes.
                var k = i + 2
                var count = 0
                while at(k) == Byte.pound && count < pounds { k += 1; count += 1 }
                if count == pounds {
                    kind = .singleLine
                } else {
                    k = i + 2
                    while k < n && !isNewline(p[k]) {
                        if p[k] == Byte.quote {
                            var e = k + 1
                            var c = 0
                            while at(e) == Byte.pound && c < pounds { e += 1; c += 1 }
                            if c == pounds { kind = .singleLine; break }
                        }
                        k += 1
                    }
                }
            }
        }
        if kind == .multiLine {
            i += 2
            if closing == nil && isNewline(at(i)) { trailingNewlineAfterText = true }
        }
        transitionAfterQuote(kind: kind, closing: closing, pounds: pounds, fromRaw: fromRawDelimiter)
        return kind == .multiLine ? .multilineStringQuote : .stringQuote
    }

    mutating func transitionAfterQuote(kind: StringKind, closing: StringKind?, pounds: Int, fromRaw: Bool) {
        if closing != nil {
            if case .afterString(_, let raw)? = modes.last, raw {
                modes[modes.count - 1] = .afterClosingQuote
            } else {
                modes.removeLast()
            }
        } else if fromRaw {
            modes[modes.count - 1] = .inString(kind, pounds: pounds)
        } else {
            modes.append(.inString(kind, pounds: 0))
        }
    }

    @inline(__always)
    func poundsFollow(_ k: Int, _ pounds: Int) -> Bool {
        var c = 0
        while c < pounds {
            if at(k + c) != Byte.pound { return false }
            c += 1
        }
        return true
    }

    /// The literal text of a string up to its closing quote, an interpolation, or (for a
    /// single-line string) the end of the line. Returns nil when that text is empty.
    mutating func lexStringSegment(_ kind: StringKind, pounds: Int) -> TokenKind? {
        var start = i
        func end(_ cursor: inout LexCursor) -> TokenKind? {
            if cursor.i > start { return .stringSegment }
            // No text: a continuation skipped at the start is the next token's leading trivia.
            cursor.segmentTextStart = nil
            return nil
        }
        while true {
            // Runs of plain text, most of a segment, sixteen bytes at a time: each byte went
            // through the switch below and stored `i`.
            i = input.plainStringTextEnd(from: i)
            if i >= n {
                note(.unterminatedString, start)
                modes[modes.count - 1] = .afterString(kind, raw: pounds > 0)
                return end(&self)
            }
            let b = p[i]
            switch b {
            case Byte.backslash:
                guard poundsFollow(i + 1, pounds) else { i += 1; continue }
                var afterPounds = i + 1 + pounds
                // One `#` too many still counts (`\##(` in a `#"` string), as in swift-syntax,
                // which reads it as the delimiter the writer meant and reports it.
                if pounds > 0 && at(afterPounds) == Byte.pound { afterPounds += 1 }
                let next = at(afterPounds)
                if next == Byte.lparen {
                    modes.append(.interpolationStart(kind))
                    return end(&self)
                }
                if kind == .multiLine {
                    var k = afterPounds
                    while at(k) == Byte.space || at(k) == Byte.tab { k += 1 }
                    if isNewline(at(k)) {
                        // A line continuation (`\`, spaces, newline) is trivia, as in swift-syntax:
                        // it ends the segment before it, or moves the start of one that has no
                        // text yet past it (so it becomes the next token's leading trivia).
                        let backslash = i
                        i = k + (at(k) == Byte.cr && at(k + 1) == Byte.lf ? 2 : 1)
                        if backslash > start {
                            segmentTextEnd = backslash
                            return .stringSegment
                        }
                        start = i
                        segmentTextStart = i
                        continue
                    }
                }
                if isNewline(next) || afterPounds >= n {
                    i = afterPounds
                    continue
                }
                // An escape: `\n`, `\"`, `\\`, `\u{...}`; skipping one byte is enough since no
                // escape character is a delimiter we would otherwise misread.
                i = afterPounds + 1
            case Byte.lf, Byte.cr:
                if kind == .multiLine {
                    i += 1
                    continue
                }
                note(.unterminatedString, start)
                modes.removeLast()
                return end(&self)
            case Byte.quote:
                if kind == .singleQuote { i += 1; continue }
                if kind == .multiLine {
                    if at(i + 1) == Byte.quote && at(i + 2) == Byte.quote && poundsFollow(i + 3, pounds) {
                        modes[modes.count - 1] = .afterString(kind, raw: pounds > 0)
                        return end(&self)
                    }
                    i += 1
                    continue
                }
                if poundsFollow(i + 1, pounds) {
                    modes[modes.count - 1] = .afterString(kind, raw: pounds > 0)
                    return end(&self)
                }
                i += 1
            case Byte.apostrophe:
                if kind == .singleQuote {
                    modes[modes.count - 1] = .afterString(kind, raw: pounds > 0)
                    return end(&self)
                }
                i += 1
            case 0:
                note(.nulCharacter, i)
                i += 1
            default:
                if b >= 0x80 {
                    let (scalar, length) = CharacterClasses.decode(p, i)
                    if scalar == nil { note(.invalidUTF8, i) }
                    i += length
                } else {
                    i += 1
                }
            }
        }
    }

    // MARK: Comments

    /// Whether `p[start..<end]` spells `//` or `/*` anywhere.
    static func hasComment(_ p: UnsafeBufferPointer<UInt8>, in start: Int, _ end: Int) -> Bool {
        var k = start
        let e = end
        while k + 1 < e {
            if p[k] == Byte.slash && (p[k + 1] == Byte.slash || p[k + 1] == Byte.star) { return true }
            k += 1
        }
        return false
    }
}
