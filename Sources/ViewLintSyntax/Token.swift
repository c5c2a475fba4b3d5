/// What a token is. The set and the boundaries follow the Swift compiler's own lexer
/// (swift-syntax), so that the differential oracle can compare the two token for token:
/// a string literal is its quotes, segments and interpolation pieces; a regex literal is its
/// delimiters and pattern; `?`, `!` and `&` get their own kinds by how they are bound.
public enum TokenKind: UInt8, Sendable, CaseIterable {
    case endOfFile
    case identifier           // `name`, `` `class` ``, `$name`, `<#placeholder#>`
    case dollarIdentifier     // `$0`, and a lone `$`
    case keyword              // a word the lexer always reserves (see `Keyword.isReserved`)
    case wildcard             // `_`
    case integerLiteral
    case floatLiteral
    case stringQuote          // `"`
    case multilineStringQuote // `"""`
    case singleQuote          // `'`
    case rawStringPoundDelimiter // the `#`s around a raw string or in `\#(`
    case stringSegment        // literal text between quotes and interpolations
    case regexSlash
    case regexPoundDelimiter
    case regexLiteralPattern
    case leftParen, rightParen, leftBrace, rightBrace, leftSquare, rightSquare
    case period, comma, colon, colonColon, semicolon, equal, atSign, pound, arrow, backtick, backslash
    case exclamationMark      // postfix `!`
    case postfixQuestionMark  // postfix `?`
    case infixQuestionMark    // the `?` of a ternary
    case prefixAmpersand      // `&` of an inout argument
    case binaryOperator, prefixOperator, postfixOperator
    case poundIf, poundElseif, poundElse, poundEndif, poundAvailable, poundUnavailable, poundSourceLocation
    case shebang
    case unknown              // text that is no Swift token (a stray `*/`, curly quotes)

    /// The coarse classes the oracle and the tests compare.
    public var coarse: CoarseKind {
        switch self {
        case .endOfFile: return .endOfFile
        case .identifier, .dollarIdentifier, .wildcard: return .identifier
        case .keyword, .poundIf, .poundElseif, .poundElse, .poundEndif, .poundAvailable, .poundUnavailable,
             .poundSourceLocation:
            return .keyword
        case .integerLiteral: return .integer
        case .floatLiteral: return .float
        case .stringQuote, .multilineStringQuote, .singleQuote, .rawStringPoundDelimiter, .stringSegment:
            return .string
        case .regexSlash, .regexPoundDelimiter, .regexLiteralPattern: return .regex
        case .binaryOperator, .prefixOperator, .postfixOperator, .exclamationMark, .postfixQuestionMark,
             .infixQuestionMark, .prefixAmpersand:
            return .operator
        case .leftParen, .rightParen, .leftBrace, .rightBrace, .leftSquare, .rightSquare, .period, .comma, .colon,
             .colonColon, .semicolon, .equal, .atSign, .pound, .arrow, .backtick, .backslash:
            return .punctuation
        case .shebang: return .comment
        case .unknown: return .unknown
        }
    }

    /// Inlined: the parser asks it of most types it parses (`~`), where it was a call.
    @inline(__always) public var isOperator: Bool { coarse == .operator }
    /// Can this token be a name in a declaration or expression (`x`, `_`, `$0`)?
    public var isIdentifierLike: Bool { self == .identifier || self == .dollarIdentifier || self == .wildcard }
    public var isOpeningBracket: Bool { self == .leftParen || self == .leftBrace || self == .leftSquare }
    public var isClosingBracket: Bool { self == .rightParen || self == .rightBrace || self == .rightSquare }
    public var isPoundDirective: Bool {
        self == .poundIf || self == .poundElseif || self == .poundElse || self == .poundEndif
    }
}

public enum CoarseKind: String, Sendable {
    case identifier, keyword, integer, float, string, regex, `operator`, punctuation, comment, unknown, endOfFile
}

public struct TokenFlags: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// A newline precedes the token (in its leading trivia or the previous token's trailing trivia).
    public static let atStartOfLine = TokenFlags(rawValue: 1)
    /// The leading trivia holds a comment (the parser never needs this; suppressions do).
    public static let hasCommentBefore = TokenFlags(rawValue: 2)
    /// The lexer noted a problem inside this token (unterminated literal, invalid digit).
    public static let malformed = TokenFlags(rawValue: 4)
    /// Whitespace or a comment directly before the text (the leading trivia is not empty).
    public static let hasLeadingTrivia = TokenFlags(rawValue: 8)
}

/// One token: its kind and three adjacent byte ranges. Leading trivia is everything before the
/// text since the previous token; trailing trivia is the spaces and comments after the text up
/// to (not including) the next newline. The ranges of consecutive tokens touch, so
/// concatenating them reproduces the file byte for byte.
public struct Token: Sendable, Hashable {
    public var kind: TokenKind
    /// For `.keyword` tokens the keyword; for identifiers the contextual keyword they spell, if any.
    public var keyword: Keyword
    public var flags: TokenFlags
    // Where the leading trivia starts is the previous token's `trailingEnd` (0 for the first
    // token; see `TokenizedFile.leadingStart`), and a token's line is the source's line of
    // `textStart`: neither is stored. A huge file's tokens live until its model is extracted,
    // at the peak of its run, and each token was 24 bytes with them, 16 without.
    public var textStart: UInt32
    public var textEnd: UInt32
    public var trailingEnd: UInt32

    public init(kind: TokenKind, keyword: Keyword = .none, flags: TokenFlags = [], textStart: UInt32, textEnd: UInt32,
                trailingEnd: UInt32) {
        self.kind = kind
        self.keyword = keyword
        self.flags = flags
        self.textStart = textStart
        self.textEnd = textEnd
        self.trailingEnd = trailingEnd
    }

    public var textRange: Range<Int> { Int(textStart)..<Int(textEnd) }
    public var trailingTriviaRange: Range<Int> { Int(textEnd)..<Int(trailingEnd) }
    public var textLength: Int { Int(textEnd - textStart) }
    public var isAtStartOfLine: Bool { flags.contains(.atStartOfLine) }
    @inline(__always) public var isOperator: Bool { kind.isOperator }
    /// Whitespace or a comment directly before the text.
    public var hasLeadingTrivia: Bool { flags.contains(.hasLeadingTrivia) }
    public var hasTrailingTrivia: Bool { trailingEnd != textEnd }

    /// `kind == .keyword || kind == .identifier`, spelling `word`.
    @inline(__always)
    public func isWord(_ word: Keyword) -> Bool {
        keyword == word && (kind == .keyword || kind == .identifier)
    }
}

/// A problem the lexer noticed. The lexer never stops; notes only explain what it did.
public struct LexerNote: Sendable, Hashable {
    public enum Kind: String, Sendable {
        case invalidUTF8 = "invalid UTF-8"
        case nulCharacter = "NUL character"
        case invalidCharacter = "character that cannot appear in Swift source"
        case unterminatedString = "unterminated string literal"
        case unterminatedBlockComment = "unterminated block comment"
        case unterminatedRegex = "unterminated regex literal"
        case unterminatedInterpolation = "unterminated string interpolation"
        case malformedNumber = "malformed number literal"
        case conflictMarker = "version control conflict marker"

        /// The lexer took following code into a literal or comment that never closed, or
        /// skipped it as one side of a merge conflict.
        public var swallowsCode: Bool {
            switch self {
            case .unterminatedString, .unterminatedBlockComment, .unterminatedRegex, .unterminatedInterpolation,
                 .conflictMarker:
                return true
            case .invalidUTF8, .nulCharacter, .invalidCharacter, .malformedNumber: return false
            }
        }
    }
    public var kind: Kind
    public var offset: Int
}
