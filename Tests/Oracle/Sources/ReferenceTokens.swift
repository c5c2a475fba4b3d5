/// The reference side: the token stream of the compiler's own lexer, SwiftParser's `Lexer`.
///
/// Why the lexer and not `Parser.parse(source:)` and `tokens(viewMode: .sourceAccurate)`:
/// the tree holds the parser's reinterpretations of the lexer's tokens, which a tokenizer
/// cannot and should not reproduce:
/// - `>>` in `Array<Array<Int>>` is split into two `>` tokens (viewlint's parser splits it too);
/// - keywords after `.` (`.default`, `x.init`) become identifiers, and contextual keywords
///   (`some`, `async`, `get`) become keywords only where the grammar has them;
/// - the indentation of a multi-line string moves from its segments into trivia;
/// - missing tokens are inserted for recovery.
/// The lexer's stream is what the parser consumes, before any of that; it is reached through
/// the `@_spi(Testing)` entry point the swift-syntax tests use, which ships in the toolchain's
/// host modules (an SPI, so a new toolchain may change its signature; this file is the only
/// place that would need adjusting). Its keyword classification (the words the lexer always reserves) is exactly
/// what viewlint's lexer decides, so identifier vs keyword is compared strictly.
@_spi(Testing) @_spi(RawSyntax) import SwiftParser
@_spi(RawSyntax) import SwiftSyntax

enum ReferenceLexer {
    /// The normalized tokens of `bytes` as SwiftParser's lexer sees them.
    static func tokens(_ bytes: [UInt8], exactKinds: Bool = false) -> [OracleToken] {
        bytes.withUnsafeBufferPointer { buffer -> [OracleToken] in
            guard let base = buffer.baseAddress else { return [] }
            func offset(_ text: SyntaxText) -> Int { text.baseAddress.map { $0 - base } ?? 0 }
            var tokens: [(token: OracleToken, isSegment: Bool)] = []
            var comments: [OracleToken] = []
            func collectComments(_ trivia: SyntaxText, _ position: TriviaPosition) {
                var start = offset(trivia)
                for piece in TriviaParser.parseTrivia(trivia, position: position) {
                    switch piece {
                    case .lineComment, .blockComment, .docLineComment, .docBlockComment:
                        comments.append(OracleToken(start: start, end: start + piece.byteLength, kind: .comment,
                                                    exactKind: exactKinds ? "comment" : ""))
                    default: break
                    }
                    start += piece.byteLength
                }
            }
            var tracker = LookaheadTracker()
            withUnsafeMutablePointer(to: &tracker) { tracker in
                for lexeme in Lexer.tokenize(buffer, from: 0, lookaheadTracker: tracker, experimentalFeatures: []) {
                    if !lexeme.leadingTriviaText.isEmpty { collectComments(lexeme.leadingTriviaText, .leading) }
                    if lexeme.rawTokenKind == .endOfFile { break }
                    let start = offset(lexeme.tokenText)
                    let token = OracleToken(start: start, end: start + lexeme.tokenText.count,
                                            kind: coarse(lexeme.rawTokenKind),
                                            exactKind: exactKinds ? "\(lexeme.rawTokenKind)" : "")
                    tokens.append((token, lexeme.rawTokenKind == .stringSegment))
                    if !lexeme.trailingTriviaText.isEmpty { collectComments(lexeme.trailingTriviaText, .trailing) }
                }
            }
            return .normalized(tokens: tokens, comments: comments)
        }
    }

    /// The coarse class of a lexer token kind. `leftAngle`, `rightAngle` and `ellipsis` are
    /// produced only by the parser, never by the lexer; they are mapped for completeness.
    static func coarse(_ kind: RawTokenKind) -> CoarseKind {
        switch kind {
        case .identifier, .dollarIdentifier, .wildcard: return .identifier
        case .keyword, .poundIf, .poundElseif, .poundElse, .poundEndif, .poundAvailable, .poundUnavailable,
             .poundSourceLocation:
            return .keyword
        case .integerLiteral: return .integer
        case .floatLiteral: return .float
        case .stringQuote, .multilineStringQuote, .singleQuote, .rawStringPoundDelimiter, .stringSegment: return .string
        case .regexSlash, .regexPoundDelimiter, .regexLiteralPattern: return .regex
        case .binaryOperator, .prefixOperator, .postfixOperator, .exclamationMark, .postfixQuestionMark,
             .infixQuestionMark, .prefixAmpersand, .leftAngle, .rightAngle, .ellipsis:
            return .operator
        case .leftParen, .rightParen, .leftBrace, .rightBrace, .leftSquare, .rightSquare, .period, .comma, .colon,
             .colonColon, .semicolon, .equal, .atSign, .pound, .arrow, .backtick, .backslash:
            return .punctuation
        case .shebang: return .comment
        case .unknown, .endOfFile: return .unknown
        @unknown default: return .unknown
        }
    }
}
