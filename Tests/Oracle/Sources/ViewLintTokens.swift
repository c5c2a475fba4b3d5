/// The side under test: viewlint's lexer, mapped to the oracle's neutral tokens through the
/// coarse classes viewlint itself defines (`TokenKind.coarse`).
import ViewLintSyntax

enum ViewLintLexer {
    static func tokens(_ file: SourceFile, exactKinds: Bool = false) -> [OracleToken] {
        let tokenized = ViewLintSyntax.Lexer.tokenize(file)
        var tokens: [(token: OracleToken, isSegment: Bool)] = []
        tokens.reserveCapacity(tokenized.tokens.count)
        for token in tokenized.tokens where token.kind != .endOfFile {
            tokens.append((OracleToken(start: Int(token.textStart), end: Int(token.textEnd), kind: coarse(token.kind),
                                       exactKind: exactKinds ? "\(token.kind)" : ""),
                           token.kind == .stringSegment))
        }
        let comments = tokenized.comments.map {
            OracleToken(start: $0.lowerBound, end: $0.upperBound, kind: .comment, exactKind: exactKinds ? "comment" : "")
        }
        return .normalized(tokens: tokens, comments: comments)
    }

    static func coarse(_ kind: TokenKind) -> CoarseKind {
        switch kind.coarse {
        case .identifier: return .identifier
        case .keyword: return .keyword
        case .integer: return .integer
        case .float: return .float
        case .string: return .string
        case .regex: return .regex
        case .operator: return .operator
        case .punctuation: return .punctuation
        case .comment: return .comment
        case .unknown, .endOfFile: return .unknown
        }
    }
}
