import ViewLintSyntax

/// How sound a file's syntax is, as far as the tokenizer and parser can tell: what a fix must
/// not make worse. It is not a compiler: a fix that keeps the count can still break the build,
/// which is why rules only mark a fix `safe` when they know it does not.
public struct SyntaxHealth: Sendable, Hashable {
    /// The tokens reassemble the bytes exactly (the lexer lost nothing).
    public var roundTrips: Bool
    /// Recovery nodes of the parser, lexer notes (unterminated literals, invalid characters),
    /// and brackets that close nothing or are never closed.
    public var problems: Int

    public static func measure(_ source: SourceFile) -> SyntaxHealth {
        let tokens = Lexer.tokenize(source)
        let roundTrips = tokens.reassembled() == source.bytes
        let tree = Parser.parse(tokens)
        var problems = tokens.notes.count
        for node in tree.nodes where node.kind == .unexpected { problems += 1 }
        var open: [TokenKind] = []
        for token in tokens.tokens {
            if token.kind.isOpeningBracket {
                open.append(token.kind)
            } else if token.kind.isClosingBracket {
                if let last = open.last, matches(last, token.kind) {
                    open.removeLast()
                } else {
                    problems += 1
                }
            }
        }
        problems += open.count
        return SyntaxHealth(roundTrips: roundTrips, problems: problems)
    }

    static func matches(_ open: TokenKind, _ close: TokenKind) -> Bool {
        switch (open, close) {
        case (.leftParen, .rightParen), (.leftBrace, .rightBrace), (.leftSquare, .rightSquare): return true
        default: return false
        }
    }

    /// Why a file with this health cannot replace one with `before`, or nil when it can.
    public func regression(from before: SyntaxHealth) -> String? {
        if !roundTrips { return "the changed file no longer round-trips through the tokenizer" }
        if problems > before.problems {
            return "the changed file has \(problems - before.problems) more syntax problem\(problems - before.problems == 1 ? "" : "s") than before"
        }
        return nil
    }
}
