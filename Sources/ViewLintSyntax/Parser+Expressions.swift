/// Two flags in one byte: as two `Bool`s, every `parseExpression` began by unpacking them into
/// the contexts its inlined parts pass on (about 20 instructions a call, before any token).
struct ExprContext {
    private var flags: UInt8

    init(noTrailingClosure: Bool = false, pattern: Bool = false) {
        flags = (noTrailingClosure ? 1 : 0) | (pattern ? 2 : 0)
    }

    /// In `if`/`guard`/`while`/`for`/`switch` headers a `{` opens the body, not a trailing closure.
    var noTrailingClosure: Bool { flags & 1 != 0 }
    /// In `case` patterns: `let x`, `is T` and `.some(let y)` are patterns, and `=` ends them.
    var pattern: Bool { flags & 2 != 0 }
}

extension ParserState {
    // Expr = SequenceElement (BinaryOp SequenceElement | '=' SequenceElement
    //        | '?' Expr ':' SequenceElement | 'as' ('?' | '!')? Type | 'is' Type)*
    // Operators are kept flat, in source order: the linter never needs their precedence.
    mutating func parseExpression(_ ctx: ExprContext) -> Int? {
        guard enter() else { return nodes.count - 1 }
        defer { leave() }
        let m = start()
        // The first element, once there is one: not an optional, whose tag was one more value
        // to keep across the calls of every expression.
        var first = 0
        var operators = 0
        elements: while true {
            // The one place an expression parses an element, where `parseSequenceElement` is inlined.
            guard let element = parseSequenceElement(ctx) else {
                if operators == 0 { return nil }
                break elements
            }
            if operators == 0 { first = element }
            while true {
                let t = current
                switch t.kind {
                case .binaryOperator, .arrow, .equal:
                    if t.kind == .binaryOperator && leadingCloseAngles(t) > 0 && pendingGenericCloses > 0 { break elements }
                    if t.kind == .equal && ctx.pattern { break elements }
                    let om = start()
                    advance()
                    finish(om, t.kind == .equal ? .assignmentOperator : .binaryOperator)
                case .infixQuestionMark:
                    let om = start()
                    advance()
                    _ = parseExpression(ExprContext(noTrailingClosure: ctx.noTrailingClosure))
                    eat(.colon)
                    finish(om, .ternaryOperator)
                case .keyword where t.keyword == .as:
                    let om = start()
                    advance()
                    if at(.postfixQuestionMark) || at(.exclamationMark) { bump() }
                    _ = parseType()
                    finish(om, .asOperator)
                    operators += 1
                    continue
                case .keyword where t.keyword == .is:
                    let om = start()
                    advance()
                    _ = parseType()
                    finish(om, .isOperator)
                    operators += 1
                    continue
                default:
                    break elements
                }
                // An element follows a binary operator, `=`, `->` and the ternary's `:`.
                operators += 1
                continue elements
            }
        }
        return operators > 0 ? finish(m, .sequenceExpr) : first
    }

    // SequenceElement = 'try' ('?' | '!')? SequenceElement | 'await' SequenceElement
    //                 | PrefixOperator SequenceElement | '&' SequenceElement | Postfix
    /// Inlined into `parseExpression`'s one element and into `parseOperand`, the out-of-line
    /// copy a prefix's operand recurses through.
    @inline(__always)
    mutating func parseSequenceElement(_ ctx: ExprContext) -> Int? {
        let t = current
        switch t.kind {
        case .keyword where t.keyword == .try:
            let m = start()
            advance()
            if at(.postfixQuestionMark) || at(.exclamationMark) { bump() }
            _ = parseOperand(ctx)
            return finish(m, .tryExpr)
        case .identifier where (t.keyword == .await || t.keyword == .unsafe) && startsOperand(tokenAfterCurrent):
            let m = start()
            advance()
            _ = parseOperand(ctx)
            return finish(m, .awaitExpr)
        case .prefixOperator:
            let m = start()
            advance()
            _ = parseOperand(ctx)
            return finish(m, .prefixExpr)
        case .prefixAmpersand:
            let m = start()
            advance()
            _ = parseOperand(ctx)
            return finish(m, .inoutExpr)
        case .keyword where ctx.pattern && (t.keyword == .let || t.keyword == .var):
            let m = start()
            advance()
            _ = parseOperand(ctx)
            return finish(m, .valueBindingPattern)
        case .keyword where ctx.pattern && t.keyword == .is:
            let m = start()
            advance()
            _ = parseType()
            return finish(m, .isPattern)
        default:
            return parsePostfix(ctx)
        }
    }

    /// The operand of a prefix (`try`, `await`, `-`, `&`, a pattern's `let`): a sequence element,
    /// parsed out of line, since `parseSequenceElement` is inlined where it is called. Each
    /// operand is a level of nesting: `try try try …` nests as deep as the file is long, and only
    /// prefix operators were counted, so 300,000 `try`s overflowed the stack.
    @inline(never)
    mutating func parseOperand(_ ctx: ExprContext) -> Int? {
        guard enter() else { return nil }
        defer { leave() }
        return parseSequenceElement(ctx)
    }

    /// Can `t` start an operand (so that a preceding `await` is the keyword, not a name)?
    func startsOperand(_ t: Token) -> Bool {
        if t.isAtStartOfLine { return false }
        switch t.kind {
        case .identifier, .dollarIdentifier, .keyword, .integerLiteral, .floatLiteral, .stringQuote,
             .multilineStringQuote, .rawStringPoundDelimiter, .leftSquare, .backslash, .prefixOperator,
             .prefixAmpersand, .pound, .wildcard, .regexSlash, .regexPoundDelimiter:
            return true
        case .leftParen, .leftBrace, .period:
            return true
        default:
            return false
        }
    }

    // Postfix = Primary ('.' Name | Arguments TrailingClosures? | Subscript | TrailingClosures
    //           | '?' | '!' | PostfixOperator | GenericArguments | PostfixIfConfig)*
    /// Inlined into `parseSequenceElement`, its one caller, with `parsePrimary`, and so into
    /// `parseExpression`: a simple expression was four calls deep (expression, element, postfix,
    /// primary), each call saving and restoring registers and reloading the parser's state; it
    /// is one.
    @inline(__always)
    mutating func parsePostfix(_ ctx: ExprContext) -> Int? {
        guard var base = parsePrimary(ctx) else { return nil }
        while true {
            let t = current
            switch t.kind {
            case .period:
                let m = precede(base)
                advance()
                parseMemberName()
                base = finish(m, .memberAccessExpr)
            case .leftParen where !t.isAtStartOfLine:
                let m = precede(base)
                parseArgumentList(close: .rightParen, pattern: ctx.pattern)
                if at(.leftBrace) && isValidTrailingClosure(ctx) { parseTrailingClosures() }
                base = finish(m, .callExpr)
            case .leftSquare where !t.isAtStartOfLine:
                let m = precede(base)
                parseArgumentList(close: .rightSquare)
                if at(.leftBrace) && isValidTrailingClosure(ctx) { parseTrailingClosures() }
                base = finish(m, .subscriptExpr)
            case .leftBrace:
                guard isValidTrailingClosure(ctx), canTakeTrailingClosure(base) else { return base }
                let m = precede(base)
                parseTrailingClosures()
                base = finish(m, .callExpr)
            case .postfixQuestionMark:
                let m = precede(base)
                advance()
                base = finish(m, .optionalChainExpr)
            case .exclamationMark:
                let m = precede(base)
                advance()
                base = finish(m, .forceUnwrapExpr)
            case .postfixOperator:
                if leadingCloseAngles(t) > 0 && pendingGenericCloses > 0 { return base }
                let m = precede(base)
                advance()
                base = finish(m, .postfixOperatorExpr)
            case .binaryOperator, .prefixOperator:
                guard atGenericOpen(), !t.hasLeadingTrivia, canParseGenericArguments() else { return base }
                let m = precede(base)
                parseGenericArgumentClause()
                base = finish(m, .specializedExpr)
            case .poundIf:
                guard atPostfixIfConfig() else { return base }
                let m = precede(base)
                parseIfConfig(.postfix)
                base = finish(m, .postfixIfConfigExpr)
            default:
                return base
            }
        }
    }

    /// Literals cannot take trailing closures (`if x == 1 { }` must not eat the body).
    func canTakeTrailingClosure(_ node: Int) -> Bool {
        switch nodes[node].kind {
        case .literalExpr, .stringLiteralExpr, .regexLiteralExpr, .arrayExpr, .dictionaryExpr: return false
        default: return true
        }
    }

    // MemberName = Identifier | Keyword | IntegerLiteral (tuple element) | '$'Identifier
    mutating func parseMemberName() {
        switch current.kind {
        case .identifier, .keyword, .integerLiteral, .dollarIdentifier, .wildcard:
            advance()
        case .floatLiteral:
            // `t.0.1` after a period: the lexer already split it, but be lenient.
            advance()
        default:
            break
        }
    }

    /// Is the `{` at hand a trailing closure rather than a block (a body, accessors, cases)?
    /// Mutating for speed only: see `ParserState`.
    mutating func isValidTrailingClosure(_ ctx: ExprContext) -> Bool {
        guard at(.leftBrace) else { return false }
        if isAccessorStart(pos + 1) { return false }
        if isKeyword(tokenAfterCurrent, .case) { return false }
        if !ctx.noTrailingClosure { return true }
        // In a statement header only `for x in xs.filter { $0 > 1 } {` style recovery counts.
        if tokenAfterCurrent.isAtStartOfLine { return false }
        let after = token(skipGroup(from: pos))
        switch after.kind {
        case .leftBrace, .comma: return true
        case .keyword where after.keyword == .where: return true
        case .leftSquare, .leftParen, .period, .postfixQuestionMark, .infixQuestionMark, .exclamationMark, .colon,
             .equal, .postfixOperator, .binaryOperator:
            return !after.isAtStartOfLine
        case .keyword where after.keyword == .is || after.keyword == .as:
            return !after.isAtStartOfLine
        default:
            return false
        }
    }

    // TrailingClosures = Closure (Label ':' Closure)*
    mutating func parseTrailingClosures() {
        _ = parseClosure()
        while (current.kind == .identifier || current.kind == .wildcard || (current.kind == .keyword && !at(.default)))
            && tokenAfterCurrent.kind == .colon && peek(2).kind == .leftBrace && !at(.case) {
            let m = start()
            advance()
            advance()
            _ = parseClosure()
            finish(m, .labeledTrailingClosure)
        }
    }

    // Arguments = Open (Argument (',' Argument)*)? Close
    // Argument = (Label ':')? (Expr | Operator)
    /// Called at its opening bracket (every caller tests for it), so it steps past it unchecked.
    mutating func parseArgumentList(close: TokenKind, pattern: Bool = false) {
        let m = start()
        advance()
        guard enter() else { eat(close); finish(m, .argumentList); return }
        defer { leave() }
        while !atEOF && !at(close) {
            let c = current.kind
            if c.isClosingBracket { break }
            let before = pos
            let am = start()
            let t = current
            if (t.kind == .identifier || t.kind == .keyword || t.kind == .wildcard || t.kind == .dollarIdentifier)
                && tokenAfterCurrent.kind == .colon && !(t.kind == .keyword && isKeyword(t, .default)) {
                advance()
                advance()
            }
            if at(close) || at(.comma) {
                // A label alone, as in `#selector(f(_:))`.
            } else if current.isOperator && (tokenAfterCurrent.kind == .comma || tokenAfterCurrent.kind == close)
                && !at(.prefixAmpersand) {
                let om = start()
                advance()
                finish(om, .identifierExpr)
            } else if parseLoneOperand(before: close) || parseLoneImplicitMember(before: close)
                || parseLoneMemberAccess(before: close) {
                // A name, a literal, `.name` or `a.b` alone.
            } else if parseExpression(ExprContext(pattern: pattern)) == nil {
                skipUnexpected()
            }
            finish(am, .argument)
            if eat(.comma) { continue }
            if at(close) { break }
            // Something the grammar cannot place: skip it and try the next argument.
            if !atEOF && !current.kind.isClosingBracket && pos > before { skipUnexpected(); eat(.comma); continue }
            if pos == before { skipUnexpected() } else { break }
        }
        eat(close)
        finish(m, .argumentList)
    }

    /// The node of a primary that is one token (a name, `self`, `super`, `Any`, `init`, a number,
    /// `true`, `false`, `nil`), or nil for any other token.
    @inline(__always)
    func oneTokenPrimaryKind(_ t: Token) -> NodeKind? {
        switch t.kind {
        case .identifier, .dollarIdentifier, .wildcard: return .identifierExpr
        case .integerLiteral, .floatLiteral: return .literalExpr
        case .keyword:
            switch t.keyword {
            case .`self`, .`Self`, .super, .`Any`, .`init`: return .identifierExpr
            case .true, .false, .nil: return .literalExpr
            default: return nil
            }
        default: return nil
        }
    }

    /// An expression that is a one-token primary or a plain string literal before `,` or `close`
    /// (an argument or element such as `8`, `x`, `true`, `"Title"`; `return nil }`): its node, as
    /// `parseExpression` makes it (neither token continues an expression: no postfix, no
    /// operator), without the call, whose entry and exit cost more than the node. Not past the
    /// depth limit, where `parseExpression` makes an opaque node instead.
    @inline(__always)
    mutating func parseLoneOperand(before close: TokenKind) -> Bool {
        guard depth < Parser.maxDepth else { return false }
        let kind: NodeKind
        let end: Int
        if let primary = oneTokenPrimaryKind(current) {
            kind = primary
            end = pos &+ 1
        } else if let stringEnd = plainStringLiteralEnd() {
            kind = .stringLiteralExpr
            end = stringEnd
        } else {
            return false
        }
        // Past a one-token primary or a closing quote, neither the end of file: a token is there.
        let next = tokens[end].kind
        guard next == .comma || next == close else { return false }
        let m = start()
        pos = end
        finish(m, kind)
        return true
    }

    /// `parseLoneOperand` for an implicit member, `.name`, before `,` or `close` (an argument such
    /// as `.leading`, about 34,000 on the apps): its node, as `parsePrimary` makes it. Asked only
    /// in argument lists: inlined at all of `parseLoneOperand`'s callers, it cost more than it saved.
    @inline(__always)
    mutating func parseLoneImplicitMember(before close: TokenKind) -> Bool {
        guard depth < Parser.maxDepth && at(.period) && tokenAfterCurrent.kind == .identifier else { return false }
        // After the name, which is not the end of file: a token is there.
        let next = tokens[pos &+ 2].kind
        guard next == .comma || next == close else { return false }
        let m = start()
        advance()
        advance()
        finish(m, .memberAccessExpr)
        return true
    }

    /// `parseLoneOperand` for a one-token primary's member, `a.b`, before `,` or `close` (an
    /// argument such as `item.title`, about 37,000 on the apps): its two nodes, as `parsePostfix`
    /// makes them. Asked only in argument lists, after the others.
    @inline(__always)
    mutating func parseLoneMemberAccess(before close: TokenKind) -> Bool {
        guard depth < Parser.maxDepth, let primary = oneTokenPrimaryKind(current),
              tokenAfterCurrent.kind == .period else { return false }
        // Each read is past a token that is not the end of file: a token is there.
        guard tokens[pos &+ 2].kind == .identifier else { return false }
        let next = tokens[pos &+ 3].kind
        guard next == .comma || next == close else { return false }
        let m = start()
        advance()
        // Two statements: as `precede(finish(m, primary))`, `precede` was handed the state from
        // before `finish` (the receiver is read before the argument), whose nodes end one short.
        let base = finish(m, primary)
        let access = precede(base)
        advance()
        advance()
        finish(access, .memberAccessExpr)
        return true
    }

    /// Where the string literal at hand ends when it is plain: `"`, at most one segment, `"`
    /// (no interpolation, no raw delimiter: `"Title"`, `""`), the index past its closing quote,
    /// as `parseStringLiteral` would leave it; nil for any other token or literal. A closing
    /// quote is never the last token (that is the end of file), so the index is at most its.
    @inline(__always)
    func plainStringLiteralEnd() -> Int? {
        guard at(.stringQuote) else { return nil }
        // Each read is past a quote or a segment, neither the end of file: a token is there.
        var close = pos &+ 1
        if tokens[close].kind == .stringSegment { close &+= 1 }
        return tokens[close].kind == .stringQuote ? close &+ 1 : nil
    }

    // Primary = Name | Literal | String | Regex | Tuple | Array | Dictionary | Closure | KeyPath
    //         | '.' Name | MacroExpansion | If | Switch | Do | OperatorReference
    /// Inlined into `parsePostfix`, its one caller.
    @inline(__always)
    mutating func parsePrimary(_ ctx: ExprContext) -> Int? {
        let t = current
        if let kind = oneTokenPrimaryKind(t) {
            let m = start()
            advance()
            return finish(m, kind)
        }
        switch t.kind {
        case .keyword:
            switch t.keyword {
            case .if: return parseIf()
            case .switch: return parseSwitch()
            case .do where tokenAfterCurrent.kind == .leftBrace: return parseDo()
            default:
                return nil
            }
        case .stringQuote, .multilineStringQuote, .singleQuote, .rawStringPoundDelimiter:
            return parseStringLiteral()
        case .regexSlash, .regexPoundDelimiter:
            let m = start()
            while at(.regexSlash) || at(.regexPoundDelimiter) || at(.regexLiteralPattern) {
                bump()
                if at(.regexSlash) && tokens[pos - 1].kind == .regexLiteralPattern {
                    bump()
                    if at(.regexPoundDelimiter) { bump() }
                    break
                }
            }
            return finish(m, .regexLiteralExpr)
        case .leftParen:
            let m = start()
            parseArgumentList(close: .rightParen, pattern: ctx.pattern)
            return finish(m, .tupleExpr)
        case .leftSquare:
            return parseCollection()
        case .leftBrace:
            return parseClosure()
        case .backslash:
            return parseKeyPath()
        case .period:
            let m = start()
            advance()
            parseMemberName()
            return finish(m, .memberAccessExpr)
        case .pound:
            return parseMacroExpansion(.macroExpansionExpr)
        case .poundAvailable, .poundUnavailable:
            let m = start()
            advance()
            if at(.leftParen) { skipBalanced() }
            return finish(m, .availabilityCondition)
        case .binaryOperator, .postfixOperator:
            // An operator passed as a function (`reduce(0, +)`).
            let next = tokenAfterCurrent.kind
            guard next == .rightParen || next == .comma else { return nil }
            let m = start()
            advance()
            return finish(m, .identifierExpr)
        default:
            return nil
        }
    }

    // String = RawDelimiter? Quote (Segment | '\' RawDelimiter? Arguments)* Quote RawDelimiter?
    mutating func parseStringLiteral() -> Int {
        let m = start()
        let raw = eat(.rawStringPoundDelimiter)
        let quote = current.kind
        if quote == .stringQuote || quote == .multilineStringQuote || quote == .singleQuote { advance() }
        loop: while !atEOF {
            switch current.kind {
            case .stringSegment:
                advance()
            case .backslash:
                let im = start()
                advance()
                eat(.rawStringPoundDelimiter)
                if at(.leftParen) { parseArgumentList(close: .rightParen) }
                finish(im, .interpolation)
            case quote:
                advance()
                if raw { eat(.rawStringPoundDelimiter) }
                break loop
            default:
                break loop
            }
        }
        return finish(m, .stringLiteralExpr)
    }

    // Collection = '[' ']' | '[' ':' ']' | '[' Expr (',' Expr)* ']' | '[' Expr ':' Expr (',' ...)* ']'
    /// Called at its `[`, so it steps past it unchecked (see `advance`).
    mutating func parseCollection() -> Int {
        let m = start()
        advance()
        guard enter() else { eat(.rightSquare); return finish(m, .arrayExpr) }
        defer { leave() }
        var isDictionary = false
        if at(.colon) && peek().kind == .rightSquare {
            bump()
            bump()
            return finish(m, .dictionaryExpr)
        }
        while !atEOF && !at(.rightSquare) {
            if current.kind.isClosingBracket { break }
            let before = pos
            let em = start()
            if !parseLoneOperand(before: .rightSquare) && parseExpression(ExprContext()) == nil { skipUnexpected() }
            if eat(.colon) {
                isDictionary = true
                _ = parseExpression(ExprContext())
                finish(em, .dictionaryElement)
            }
            if eat(.comma) { continue }
            if at(.rightSquare) { break }
            if pos == before || !current.kind.isClosingBracket { skipUnexpected() }
            if pos == before { break }
        }
        eat(.rightSquare)
        return finish(m, isDictionary ? .dictionaryExpr : .arrayExpr)
    }

    // Closure = '{' ClosureSignature? Statement* '}'
    // ClosureSignature = Attribute* CaptureList? (ParameterClause | Name (',' Name)*)? Effects?
    //                    ('->' Type)? 'in'
    /// Called at its `{`, so it steps past it unchecked (see `advance`).
    mutating func parseClosure() -> Int {
        let m = start()
        advance()
        guard enter() else { eat(.rightBrace); return finish(m, .closureExpr) }
        defer { leave() }
        if let inIndex = closureSignatureEnd() {
            let sm = start()
            while at(.atSign) { parseAttribute() }
            if at(.leftSquare) {
                let cm = start()
                skipBalanced()
                finish(cm, .captureList)
            }
            if at(.leftParen) {
                parseClosureParameterClause()
            } else {
                while pos < inIndex && (current.kind == .identifier || current.kind == .wildcard) {
                    let pm = start()
                    advance()
                    finish(pm, .closureParameter)
                    if !eat(.comma) { break }
                }
            }
            parseEffects()
            if at(.arrow) { parseReturnClause() }
            while pos < inIndex { skipUnexpected() }
            eat(.in)
            finish(sm, .closureSignature)
        }
        parseItems(.statements, stops: [])
        eat(.rightBrace)
        return finish(m, .closureExpr)
    }

    /// `(a, b)`, `(a: Int, _ b: String)`: closure parameters, types optional.
    mutating func parseClosureParameterClause() {
        let m = start()
        bump()
        while !atEOF && !at(.rightParen) {
            if current.kind.isClosingBracket || at(.leftBrace) { break }
            let before = pos
            let pm = start()
            while at(.atSign) { parseAttribute() }
            var names = 0
            while names < 2 && (current.kind == .identifier || current.kind == .wildcard || current.kind == .keyword)
                && tokenAfterCurrent.kind != .period {
                advance()
                names += 1
                if at(.colon) || at(.comma) || at(.rightParen) { break }
            }
            if eat(.colon) { _ = parseType() }
            if pos == before { skipUnexpected() }
            finish(pm, .closureParameter)
            if !eat(.comma) { break }
        }
        eat(.rightParen)
        finish(m, .parameterClause)
    }

    /// Index of the `in` that ends a closure signature starting at the current token, if any.
    /// Mutating for speed only: see `ParserState`.
    mutating func closureSignatureEnd() -> Int? {
        var k = pos
        while token(k).kind == .atSign { k = skipAttribute(k) }
        if token(k).kind == .leftSquare { k = skipGroup(from: k) }
        if token(k).kind == .leftParen {
            k = skipGroup(from: k)
        } else {
            while token(k).kind == .identifier || token(k).kind == .wildcard {
                k += 1
                if token(k).kind == .comma { k += 1 } else { break }
            }
        }
        var steps = 0
        while steps < 8 {
            let t = token(k)
            if isEffectWord(t) {
                k += 1
                if token(k).kind == .leftParen && isKeyword(t, .throws) { k = skipGroup(from: k) }
            } else {
                break
            }
            steps += 1
        }
        if token(k).kind == .arrow {
            // The result type: balanced tokens up to `in`, bounded so a stray arrow costs little.
            k += 1
            var budget = 64
            while budget > 0 && !isKeyword(token(k), .in) {
                let kind = token(k).kind
                if kind == .leftBrace || kind == .rightBrace || kind == .endOfFile { return nil }
                k = kind.isOpeningBracket ? skipGroup(from: k) : k + 1
                budget -= 1
            }
        }
        return isKeyword(token(k), .in) ? k : nil
    }

    // KeyPath = '\' TypeName? ('.' Name | '?' | '!' | '[' Arguments ']')*
    mutating func parseKeyPath() -> Int {
        let m = start()
        bump()
        if (current.kind == .identifier || isKeyword(current, .`Self`)) && !current.hasLeadingTrivia {
            advance()
            if atGenericOpen() && canParseGenericArguments() { parseGenericArgumentClause() }
        }
        while true {
            if at(.period) && !current.hasLeadingTrivia {
                advance()
                parseMemberName()
            } else if at(.postfixQuestionMark) || at(.exclamationMark) {
                advance()
            } else if at(.leftSquare) && !current.hasLeadingTrivia {
                parseArgumentList(close: .rightSquare)
            } else {
                break
            }
        }
        return finish(m, .keyPathExpr)
    }

    // MARK: Generic arguments in expressions

    /// Looks ahead from a `<` to decide whether it opens generic arguments (`Array<Int>()`)
    /// rather than being a comparison, the way Swift does: the bracketed tokens must be able to
    /// form types, and the token after the closing `>` must be one that can follow a type.
    /// Mutating for speed only: see `ParserState`.
    mutating func canParseGenericArguments() -> Bool {
        var k = pos
        var depth = 0
        var budget = 128
        while budget > 0 {
            budget -= 1
            let t = token(k)
            switch t.kind {
            case .binaryOperator, .prefixOperator, .postfixOperator:
                if firstByte(t) == 0x3C && tokenIs(t, "<") {
                    depth += 1
                } else if leadingCloseAngles(t) > 0 {
                    depth -= leadingCloseAngles(t)
                    if depth <= 0 {
                        let next = token(k + 1)
                        if next.isAtStartOfLine { return true }
                        switch next.kind {
                        case .leftParen, .period, .rightParen, .rightSquare, .rightBrace, .comma, .semicolon, .colon,
                             .postfixQuestionMark, .exclamationMark, .endOfFile, .leftBrace:
                            return true
                        case .binaryOperator:
                            return tokenIs(next, "==") || tokenIs(next, "!=")
                        default:
                            return false
                        }
                    }
                } else if !(tokenIs(t, "&") || tokenIs(t, "...") || tokenIs(t, "~")) {
                    return false
                }
            case .identifier, .keyword, .wildcard, .period, .comma, .colon, .leftSquare, .rightSquare, .leftParen,
                 .rightParen, .arrow, .atSign, .postfixQuestionMark, .exclamationMark, .integerLiteral:
                if t.kind == .keyword && !(t.keyword == .`Self` || t.keyword == .`Any` || t.keyword == .throws
                                           || t.keyword == .inout) {
                    return false
                }
            default:
                return false
            }
            k += 1
        }
        return false
    }

    // GenericArguments = '<' Type (',' Type)* '>'
    mutating func parseGenericArgumentClause() {
        let m = start()
        bump()
        guard enter() else { finish(m, .genericArgumentClause); return }
        defer { leave() }
        while !atEOF {
            let closes = leadingCloseAngles(current)
            if closes > 0 {
                bump()
                pendingGenericCloses += closes - 1
                break
            }
            let before = pos
            _ = parseType()
            if pendingGenericCloses > 0 {
                pendingGenericCloses -= 1
                break
            }
            if eat(.comma) { continue }
            if leadingCloseAngles(current) > 0 { continue }
            if pos == before || at(.leftBrace) || at(.rightBrace) || current.kind.isClosingBracket { break }
        }
        finish(m, .genericArgumentClause)
    }
}
