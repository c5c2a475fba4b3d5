/// The neutral token both sides are mapped to before they are compared: a byte range of
/// token text (trivia excluded) and a coarse kind.
///
/// This file imports neither viewlint nor swift-syntax, so that the two sides, which both
/// define `Lexer`, `Keyword` and `Token`, never meet in one file.

/// The coarse classes always compared: what rules rely on when they ask what a token is.
/// Finer distinctions (prefix vs binary operator, `(` vs `{`) are compared with `--exact-kinds`.
enum CoarseKind: String {
    case identifier, keyword, integer, float, string, regex, `operator`, punctuation, comment, unknown
}

struct OracleToken: Equatable {
    var start: Int
    var end: Int
    var kind: CoarseKind
    /// With `--exact-kinds`, the token kind's own name, which both sides spell alike (viewlint
    /// named its kinds after swift-syntax's); empty otherwise, so that it never differs.
    var exactKind: String = ""

    /// The kind as a report shows it.
    var kindName: String { exactKind.isEmpty ? kind.rawValue : exactKind }
}

extension Array where Element == OracleToken {
    /// Applies the normalizations both sides share (see the README section "Tokenizer oracle"):
    /// - zero-length tokens are dropped (nothing to compare; the end of file is implicit);
    /// - string segments that touch are merged: swift-syntax's lexer ends a segment after
    ///   every newline of a multi-line string, viewlint keeps the text between two delimiters
    ///   as one segment. Both cover the same bytes, and where the literal's text is split is
    ///   no tokenization question (the parser re-splits it to strip indentation anyway).
    ///   Segments are `.string` tokens that are neither quotes nor `#`s; the caller marks
    ///   them with `isSegment`.
    /// - comments join the token stream, ordered by offset.
    static func normalized(tokens: [(token: OracleToken, isSegment: Bool)], comments: [OracleToken]) -> [OracleToken] {
        var result: [OracleToken] = []
        result.reserveCapacity(tokens.count + comments.count)
        var previousWasSegment = false
        var commentIndex = 0
        for (token, isSegment) in tokens where token.end > token.start {
            while commentIndex < comments.count && comments[commentIndex].start < token.start {
                result.append(comments[commentIndex])
                commentIndex += 1
                previousWasSegment = false
            }
            if isSegment && previousWasSegment && result[result.count - 1].end == token.start {
                result[result.count - 1].end = token.end
                continue
            }
            result.append(token)
            previousWasSegment = isSegment
        }
        result.append(contentsOf: comments[commentIndex...])
        return result
    }
}
