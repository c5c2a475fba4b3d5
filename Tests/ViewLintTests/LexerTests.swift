import Testing
import ViewLintSyntax

@Suite("Lexer")
struct LexerTests {
    /// `kind text` for each token but the end of file.
    func lex(_ source: String) -> [String] {
        let file = Lexer.tokenize(SourceFile(path: "t.swift", text: source))
        #expect(file.reassembled() == Array(source.utf8), "round trip of \(source.debugDescription)")
        return file.tokens.indices.dropLast().map { "\(file.tokens[$0].kind) \(file.text($0))" }
    }

    /// A token and a syntax node are held per token of every file while its model is built (a
    /// huge file's peak): 16 and 20 bytes, from 24 and 28. A field added back shows here first.
    @Test func tokensAndNodesKeepTheirSize() {
        #expect(MemoryLayout<Token>.stride == 16)
        #expect(MemoryLayout<SyntaxNode>.stride == 20)
    }

    /// The lexer makes a one-byte token's kind from a table of raw values by bit cast, which
    /// holds only while every kind's raw value is its tag (no case given a raw value of its own).
    @Test func tokenKindsAreTheirRawValues() {
        for kind in TokenKind.allCases {
            #expect(unsafeBitCast(kind.rawValue, to: TokenKind.self) == kind, "\(kind)")
        }
    }

    /// Keywords are found by a hash on a name's bytes read as words: sixteen bytes at once away
    /// from the end of the file, byte by byte near it. Every keyword is found both ways, a name
    /// one byte longer or shorter only when it spells another keyword, and the table makes a
    /// keyword from its raw value by bit cast.
    @Test func everyKeywordIsFoundNearAndFarFromTheEnd() {
        for keyword in Keyword.allCases where keyword != .none {
            #expect(unsafeBitCast(keyword.rawValue, to: Keyword.self) == keyword, "\(keyword)")
            let text = keyword.text
            for name in [text, text + "x", String(text.dropLast())] {
                for source in [name, name + " + padding_far_from_the_end"] {
                    let file = Lexer.tokenize(SourceFile(path: "t.swift", text: source))
                    let spelled = Keyword.allCases.first { $0 != .none && $0.text == name } ?? Keyword.none
                    #expect(file.tokens[0].keyword == spelled, "\(source.debugDescription)")
                }
            }
        }
    }

    @Test func identifiersAndKeywords() {
        #expect(lex("let café = `class` + $0 + $name + _x + _") == [
            "keyword let", "identifier café", "equal =", "identifier `class`", "binaryOperator +",
            "dollarIdentifier $0", "binaryOperator +", "identifier $name", "binaryOperator +", "identifier _x",
            "binaryOperator +", "wildcard _",
        ])
        // Contextual keywords stay identifiers but remember the word they spell.
        let file = Lexer.tokenize(SourceFile(path: "t", text: "var body: some View"))
        #expect(file.tokens[3].kind == .identifier && file.tokens[3].keyword == .some)
        #expect(lex("`with spaces` 🐶") == ["identifier `with spaces`", "identifier 🐶"])
        // A lone `$` is a dollar identifier in swift-syntax; `$_` and `$a$b` are identifiers.
        #expect(lex("$ + $_ + $a$b + $12") == [
            "dollarIdentifier $", "binaryOperator +", "identifier $_", "binaryOperator +", "identifier $a$b",
            "binaryOperator +", "dollarIdentifier $12",
        ])
    }

    @Test func numbers() {
        #expect(lex("0x1F 0o17 0b1010 1_000_000 3.14 1e-9 0x1p-3 0xff.description 1.foo x.0.1") == [
            "integerLiteral 0x1F", "integerLiteral 0o17", "integerLiteral 0b1010", "integerLiteral 1_000_000",
            "floatLiteral 3.14", "floatLiteral 1e-9", "floatLiteral 0x1p-3", "integerLiteral 0xff", "period .",
            "identifier description", "integerLiteral 1", "period .", "identifier foo", "identifier x", "period .",
            "integerLiteral 0", "period .", "integerLiteral 1",
        ])
    }

    @Test func strings() {
        #expect(lex(#""a\(b)c""#) == [
            "stringQuote \"", "stringSegment a", "backslash \\", "leftParen (", "identifier b", "rightParen )",
            "stringSegment c", "stringQuote \"",
        ])
        // Interpolations nest, with strings, closures and parentheses inside.
        #expect(lex(#""\(f("x\(y)", { ($0) }))""#) == [
            "stringQuote \"", "backslash \\", "leftParen (", "identifier f", "leftParen (", "stringQuote \"",
            "stringSegment x", "backslash \\", "leftParen (", "identifier y", "rightParen )", "stringQuote \"",
            "comma ,", "leftBrace {", "leftParen (", "dollarIdentifier $0", "rightParen )", "rightBrace }",
            "rightParen )", "rightParen )", "stringQuote \"",
        ])
        #expect(lex(##"#"raw \(x) "quoted" \#(y)"#"##) == [
            "rawStringPoundDelimiter #", "stringQuote \"", "stringSegment raw \\(x) \"quoted\" ", "backslash \\",
            "rawStringPoundDelimiter #", "leftParen (", "identifier y", "rightParen )", "stringQuote \"",
            "rawStringPoundDelimiter #",
        ])
        #expect(lex("\"\"\"\n  line \\(x)\n  \"\"\"") == [
            "multilineStringQuote \"\"\"", "stringSegment   line ", "backslash \\", "leftParen (", "identifier x",
            "rightParen )", "stringSegment \n  ", "multilineStringQuote \"\"\"",
        ])
        #expect(lex(#""escaped \" quote""#) == ["stringQuote \"", "stringSegment escaped \\\" quote", "stringQuote \""])
    }

    /// A string's plain text and a comment's end are found sixteen bytes at a time, the last
    /// bytes of the file one at a time: every byte that ends a run, at every place in a step and
    /// at the file's end, ends it there.
    @Test func stringTextAndCommentsEndAtEveryPlaceInAStep() {
        for length in 0...40 {
            let text = String(repeating: "a", count: length)
            for tail in ["", " + x", " + padding_past_sixteen_bytes_from_the_end"] {
                #expect(Array(lex("s = \"\(text)\"\(tail)").prefix(5)) == [
                    "identifier s", "equal =", "stringQuote \"",
                    length == 0 ? "stringQuote \"" : "stringSegment \(text)",
                    length == 0 ? (tail.isEmpty ? nil : "binaryOperator +") : "stringQuote \"",
                ].compactMap { $0 })
                for stop in ["\\n", "\\(x)", "'", "\u{E9}", "\\\"", "\u{0}"] {
                    for at in Set([0, length / 2, length]) {
                        var inner = text
                        inner.insert(contentsOf: stop, at: inner.index(inner.startIndex, offsetBy: at))
                        let source = "s = \"\(inner)\"\(tail)"
                        let file = Lexer.tokenize(SourceFile(path: "t", text: source))
                        #expect(file.reassembled() == Array(source.utf8))
                        // The literal is one segment but for an interpolation's pieces, and closes.
                        let kinds = file.tokens.map(\.kind)
                        #expect(kinds.filter { $0 == .stringQuote }.count == 2, "\(source.debugDescription)")
                        if stop != "\\(x)" {
                            #expect(kinds.prefix(6) == [.identifier, .equal, .stringQuote, .stringSegment, .stringQuote,
                                                        tail.isEmpty ? .endOfFile : .binaryOperator],
                                    "\(source.debugDescription)")
                            #expect(file.text(3) == inner, "\(source.debugDescription)")
                        }
                    }
                }
                for end in ["\n", "\r\n", "\r", ""] {
                    let source = "a //\(text)\(end)b\(tail)"
                    // Without a line break the comment runs to the end of the file.
                    let commentEnd = end.isEmpty ? source.utf8.count : 4 + length
                    #expect(Lexer.tokenize(SourceFile(path: "t", text: source)).comments == [2..<commentEnd],
                            "\(source.debugDescription)")
                    let block = "a /*\(text)*/b\(tail)"
                    #expect(Lexer.tokenize(SourceFile(path: "t", text: block)).comments == [2..<(6 + length)],
                            "\(block.debugDescription)")
                }
            }
        }
    }

    @Test func lineContinuationInMultilineStringIsTrivia() {
        // Like swift-syntax: `\`, optional spaces and the newline end the segment before them
        // and belong to no token's text; at the start of a segment they are leading trivia.
        let source = "\"\"\"\n  a \\  \n  \\(x)\\\n  b\n  \"\"\"\n#\"\"\"\n  c \\#\r\n  \"\"\"#"
        #expect(lex(source) == [
            "multilineStringQuote \"\"\"", "stringSegment   a ", "stringSegment   ", "backslash \\", "leftParen (",
            "identifier x", "rightParen )", "stringSegment   b\n  ", "multilineStringQuote \"\"\"",
            "rawStringPoundDelimiter #", "multilineStringQuote \"\"\"", "stringSegment   c ",
            "stringSegment   ", "multilineStringQuote \"\"\"", "rawStringPoundDelimiter #",
        ])
        let file = Lexer.tokenize(SourceFile(path: "t", text: source))
        #expect(file.text(1) == "  a " && Array(file.source.bytes[file.tokens[1].trailingTriviaRange]) == Array("\\  \n".utf8))
        // In a raw string a `\` without the `#` is text, at the end of a line too.
        #expect(lex("#\"\"\"\n  d \\\n  \"\"\"#") == [
            "rawStringPoundDelimiter #", "multilineStringQuote \"\"\"", "stringSegment   d \\\n  ",
            "multilineStringQuote \"\"\"", "rawStringPoundDelimiter #",
        ])
    }

    @Test func rawStringDelimiterWithOnePoundTooMany() {
        // swift-syntax reads `\##(` in a `#"` string as the interpolation the writer meant (and
        // reports the extra `#`); two too many are text.
        #expect(lex("#\"\\##(x) \\###(y)\"#") == [
            "rawStringPoundDelimiter #", "stringQuote \"", "backslash \\", "rawStringPoundDelimiter ##", "leftParen (",
            "identifier x", "rightParen )", "stringSegment  \\###(y)", "stringQuote \"", "rawStringPoundDelimiter #",
        ])
    }

    @Test func conflictMarkersAreTrivia() {
        // From a line starting `<<<<<<< ` to the end of the line starting `>>>>>>> `, as swift-syntax.
        let source = "let a = 1\n<<<<<<< HEAD\nlet b = 2\n=======\nlet b = 3\n>>>>>>> topic\nlet c = 4"
        #expect(lex(source) == [
            "keyword let", "identifier a", "equal =", "integerLiteral 1", "keyword let", "identifier c", "equal =",
            "integerLiteral 4",
        ])
        let file = Lexer.tokenize(SourceFile(path: "t", text: source))
        #expect(file.notes.map(\.kind) == [.conflictMarker])
        // Perforce's `>>>> ` ... `<<<<` takes the line after its end marker too.
        #expect(lex(">>>> ORIGINAL\nx\n<<<<\ngone\nkept") == ["identifier kept"])
        // Without an end marker, or not at the start of a line, the `<`s are an operator.
        #expect(lex("<<<<<<< a\nb") == ["binaryOperator <<<<<<<", "identifier a", "identifier b"])
        #expect(lex("x <<<<<<< y") == ["identifier x", "binaryOperator <<<<<<<", "identifier y"])
    }

    @Test func regexLiterals() {
        #expect(lex("let r = /a+b/") == [
            "keyword let", "identifier r", "equal =", "regexSlash /", "regexLiteralPattern a+b", "regexSlash /",
        ])
        #expect(lex("x = #/a/b/#") == [
            "identifier x", "equal =", "regexPoundDelimiter #", "regexSlash /", "regexLiteralPattern a/b",
            "regexSlash /", "regexPoundDelimiter #",
        ])
        // Division is not a regex.
        #expect(lex("a / b / c") == [
            "identifier a", "binaryOperator /", "identifier b", "binaryOperator /", "identifier c",
        ])
    }

    @Test func commentsAreTrivia() {
        let file = Lexer.tokenize(SourceFile(path: "t", text: "a /* x /* nested */ y */ b // end\n/// doc\nc"))
        #expect(file.tokens.map(\.kind) == [.identifier, .identifier, .identifier, .endOfFile])
        #expect(file.comments.count == 3)
    }

    @Test func operatorsAndPunctuation() {
        #expect(lex("a?.b! ?? c ... d..<e -> f &g x ? y : z") == [
            "identifier a", "postfixQuestionMark ?", "period .", "identifier b", "exclamationMark !",
            "binaryOperator ??", "identifier c", "binaryOperator ...", "identifier d", "binaryOperator ..<",
            "identifier e", "arrow ->", "identifier f", "prefixAmpersand &", "identifier g", "identifier x",
            "infixQuestionMark ?", "identifier y", "colon :", "identifier z",
        ])
        #expect(lex("!flag") == ["prefixOperator !", "identifier flag"])
        #expect(lex("infix operator <*>") == ["identifier infix", "keyword operator", "binaryOperator <*>"])
    }

    @Test func attributesAndDirectives() {
        #expect(lex("@Environment(\\.dismiss) #if DEBUG #Preview #selector(f) #endif") == [
            "atSign @", "identifier Environment", "leftParen (", "backslash \\", "period .", "identifier dismiss",
            "rightParen )", "poundIf #if", "identifier DEBUG", "pound #", "identifier Preview", "pound #",
            "identifier selector", "leftParen (", "identifier f", "rightParen )", "poundEndif #endif",
        ])
    }

    @Test func shebangBomAndLineEndings() {
        #expect(lex("#!/usr/bin/swift\nprint(1)") == [
            "shebang #!/usr/bin/swift", "identifier print", "leftParen (", "integerLiteral 1", "rightParen )",
        ])
        let bom = "\u{FEFF}let x = 1"
        #expect(lex(bom) == ["keyword let", "identifier x", "equal =", "integerLiteral 1"])
        // Where the lines start is `lineStartsForEveryLineEnding`'s (SourceFileMentionsTests);
        // this checks that the lexer marks each token that starts one.
        let file = Lexer.tokenize(SourceFile(path: "t", text: "a\r\nb\rc\nd"))
        let starts = file.tokens.dropLast().map(\.isAtStartOfLine)
        #expect(starts == [true, true, true, true])
    }

    @Test func positions() {
        let file = Lexer.tokenize(SourceFile(path: "t", text: "struct A {\n  let 名前 = 1; let b = 2\n}"))
        let names = file.tokens.indices.filter { file.tokens[$0].kind == .identifier }
        let locations = names.map { file.source.location(ofOffset: Int(file.tokens[$0].textStart)) }
        #expect(locations.map(\.line) == [1, 2, 2])
        #expect(locations.map(\.column) == [8, 7, 19])
        #expect(locations.map(\.byteColumn) == [8, 7, 23])
        #expect(locations.map(\.utf16Column) == [8, 7, 19])
    }

    /// Found by the fuzzer: columns counted lead bytes, so a stray continuation byte took no
    /// column and a 0xFE took two UTF-16 units, putting columns past the end of the line. Each
    /// maximal invalid sequence is one U+FFFD, as `String(decoding:as:)` shows the line.
    @Test func invalidBytesCountAsOneReplacementCharacter() {
        let cases: [(bytes: [UInt8], column: Int, utf16Column: Int)] = [
            ([0xB4], 2, 2), ([0xFE, 0xFF], 3, 3), ([0xF0, 0x9F], 2, 2), ([0xF0, 0x9F, 0x98, 0x80], 2, 3),
            ([0xC3, 0xA9, 0x80], 3, 3),
        ]
        for c in cases {
            let source = SourceFile(path: "t", bytes: c.bytes + Array("x".utf8))
            let location = source.location(ofOffset: c.bytes.count)
            let shown = String(decoding: c.bytes, as: UTF8.self)
            #expect(location.column == c.column && location.utf16Column == c.utf16Column, "\(c.bytes)")
            #expect(location.column == shown.unicodeScalars.count + 1 && location.utf16Column == shown.utf16.count + 1)
            #expect(location.byteColumn == c.bytes.count + 1)
        }
    }

    @Test func malformedInputNeverStops() {
        let inputs: [[UInt8]] = [
            [], [0xEF, 0xBB, 0xBF], Array("\"unterminated".utf8), Array("#\"raw".utf8), Array("\"\"\"\nmulti".utf8),
            Array("/* open".utf8), Array("\"\\(open".utf8), [0xFF, 0xFE, 0x00, 0x41, 0xC3], Array("a\u{0}b".utf8),
            Array("`unclosed\n".utf8), Array("/".utf8), Array("#".utf8), Array("\\".utf8), Array("0x".utf8),
            Array("1e".utf8), Array("#/unterminated".utf8), Array("x = /a\n".utf8),
        ]
        for bytes in inputs {
            let file = Lexer.tokenize(SourceFile(path: "t", bytes: bytes))
            #expect(file.reassembled() == bytes)
            #expect(file.tokens.last?.kind == .endOfFile)
        }
    }

    @Test func generatedInputsRoundTrip() {
        // A deterministic generator of token soup: every byte sequence must round-trip.
        var state: UInt64 = 0x9E3779B97F4A7C15
        func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
        let pieces = ["\"", "\\(", ")", "(", "#", "/", "*", "\n", " ", "{", "}", "x", "1", ".", "`", "'", "\"\"\"",
                      "é", "🧪", "\r", "$", "@", "<", ">", "?", "!", "//", "/*", "*/", "\\", "\u{0}"]
        for _ in 0..<400 {
            var text = ""
            for _ in 0..<(Int(next() % 60)) { text += pieces[Int(next() % UInt64(pieces.count))] }
            let bytes = Array(text.utf8)
            let file = Lexer.tokenize(SourceFile(path: "g", bytes: bytes))
            #expect(file.reassembled() == bytes, "\(text.debugDescription)")
            _ = Parser.parse(file)
        }
    }
}
