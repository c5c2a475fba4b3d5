extension ParserState {
    // Type = Attribute* Specifier* ('some' | 'any' | '~')? Composition (Effects? '->' Type)?
    // Specifier = 'inout' | 'borrowing' | 'consuming' | 'sending' | '__owned' | '__shared'
    mutating func parseType() -> Int? {
        guard enter() else { return nodes.count - 1 }
        defer { leave() }
        let m = start()
        var wrapped = false
        var base: Int?
        let t = current
        if t.kind == .identifier && t.keyword == .none
            && !isContextualWord(t, "__owned") && !isContextualWord(t, "__shared") {
            // A plain name, as most types are (`String`, `Color`): no attribute, specifier,
            // `some`/`any`/`each`, `repeat` or `~` to look for.
            base = parseComposition()
        } else {
            while at(.atSign) {
                parseAttribute()
                wrapped = true
            }
            while (at(.inout) || atContextual(.borrowing) || atContextual(.consuming) || atContextual(.sending)
                   || isContextualWord(current, "__owned") || isContextualWord(current, "__shared"))
                && startsType(tokenAfterCurrent) {
                bump()
                wrapped = true
            }
            base = parseTypeAfterSpecifiers()
        }
        if let b = base, pendingGenericCloses == 0, atFunctionTypeArrow() {
            let fm = precede(b)
            parseEffects()
            bump()
            _ = parseType()
            base = finish(fm, .functionType)
        }
        if wrapped { return finish(m, .attributedType) }
        return base
    }

    /// `parseType` past its attributes and specifiers: `some`/`any`/`each`, `repeat` or `~`
    /// before a composition, or the composition alone.
    mutating func parseTypeAfterSpecifiers() -> Int? {
        if (atContextual(.some) || atContextual(.any) || atContextual(.each)) && startsType(tokenAfterCurrent) {
            let sm = start()
            bump()
            _ = parseComposition()
            return finish(sm, .someOrAnyType)
        } else if at(.repeat) && startsType(tokenAfterCurrent) {
            let sm = start()
            bump()
            _ = parseComposition()
            return finish(sm, .packExpansionType)
        } else if current.isOperator && tokenIs(current, "~") {
            let sm = start()
            bump()
            _ = parseComposition()
            return finish(sm, .someOrAnyType)
        } else {
            return parseComposition()
        }
    }

    /// Mutating for speed only: see `ParserState`.
    mutating func startsType(_ t: Token) -> Bool {
        switch t.kind {
        case .identifier, .leftParen, .leftSquare, .atSign, .wildcard: return true
        case .keyword: return t.keyword == .`Self` || t.keyword == .`Any` || t.keyword == .inout
        default: return t.isOperator && tokenIs(t, "~")
        }
    }

    /// After a type: `async`/`throws` effects, then `->`, makes it a function type's parameters.
    /// Inlined: most types are followed by neither an effect nor the arrow, answered here without
    /// the look-ahead's call.
    @inline(__always) mutating func atFunctionTypeArrow() -> Bool {
        let t = current
        return t.kind == .arrow || (isEffectWord(t) && atFunctionTypeArrowPastEffects())
    }

    /// `async`, `throws` or `rethrows`: an effect, before a function type's or closure's arrow.
    @inline(__always) func isEffectWord(_ t: Token) -> Bool {
        isContextual(t, .async) || isKeyword(t, .throws) || isKeyword(t, .rethrows)
    }

    /// `atFunctionTypeArrow` at an effect.
    /// Mutating for speed only: see `ParserState`.
    mutating func atFunctionTypeArrowPastEffects() -> Bool {
        var k = pos
        var steps = 0
        while steps < 6 {
            let t = token(k)
            if isEffectWord(t) {
                k += 1
                if isKeyword(t, .throws) && token(k).kind == .leftParen { k = skipGroup(from: k) }
            } else {
                break
            }
            steps += 1
        }
        return token(k).kind == .arrow
    }

    // Composition = PostfixType ('&' PostfixType)*
    mutating func parseComposition() -> Int? {
        guard let first = parsePostfixType() else { return nil }
        var base = first
        while current.isOperator && tokenIs(current, "&") && pendingGenericCloses == 0 {
            let m = precede(base)
            advance()
            _ = parsePostfixType()
            base = finish(m, .compositionType)
        }
        return base
    }

    // PostfixType = PrimaryType ('?' | '!' | '...' | '.Type' | '.Protocol' | '.' Name GenericArguments?)*
    // PrimaryType = Name GenericArguments? | '[' Type (':' Type)? ']' | '(' TupleTypeElements ')'
    mutating func parsePostfixType() -> Int? {
        let m = start()
        var base: Int
        let t = current
        switch t.kind {
        case .identifier, .wildcard, .dollarIdentifier:
            advance()
            if atGenericOpen() { parseGenericArgumentClause() }
            base = finish(m, .simpleType)
        case .keyword where t.keyword == .`Self` || t.keyword == .`Any`:
            advance()
            base = finish(m, .simpleType)
        case .leftSquare:
            advance()
            _ = parseType()
            var isDictionary = false
            if eat(.colon) {
                isDictionary = true
                _ = parseType()
            }
            eat(.rightSquare)
            base = finish(m, isDictionary ? .dictionaryType : .arrayType)
        case .leftParen:
            advance()
            while !atEOF && !at(.rightParen) {
                if current.kind.isClosingBracket || at(.leftBrace) { break }
                let before = pos
                let em = start()
                // Labels: `(name: T)`, `(_ name: T)`.
                if (current.kind == .identifier || current.kind == .wildcard || current.kind == .keyword)
                    && tokenAfterCurrent.kind == .colon {
                    advance()
                    advance()
                } else if (current.kind == .identifier || current.kind == .wildcard)
                    && (tokenAfterCurrent.kind == .identifier || tokenAfterCurrent.kind == .wildcard) && peek(2).kind == .colon {
                    advance()
                    advance()
                    advance()
                }
                _ = parseType()
                if current.isOperator && tokenIs(current, "...") { bump() }
                if at(.equal) {
                    // A default value in a closure type's parameter list is an error, but skip it.
                    bump()
                    _ = parseExpression(ExprContext())
                }
                finish(em, .tupleTypeElement)
                if pos == before { skipUnexpected() }
                if !eat(.comma) { break }
            }
            eat(.rightParen)
            base = finish(m, .tupleType)
        default:
            return nil
        }
        while pendingGenericCloses == 0 {
            let c = current
            if c.kind == .postfixQuestionMark {
                let pm = precede(base)
                advance()
                base = finish(pm, .optionalType)
            } else if c.kind == .exclamationMark {
                let pm = precede(base)
                advance()
                base = finish(pm, .implicitlyUnwrappedType)
            } else if (c.kind == .postfixOperator || c.kind == .binaryOperator) && tokenIs(c, "...") && c.kind == .postfixOperator {
                let pm = precede(base)
                advance()
                base = finish(pm, .packExpansionType)
            } else if c.kind == .period && !c.isAtStartOfLine
                && (tokenAfterCurrent.kind == .identifier || tokenAfterCurrent.kind == .keyword) {
                let pm = precede(base)
                advance()
                let name = current
                advance()
                if name.kind == .identifier && (name.keyword == .`Type` || name.keyword == .`Protocol`) {
                    base = finish(pm, .metatypeType)
                } else {
                    if atGenericOpen() { parseGenericArgumentClause() }
                    base = finish(pm, .memberType)
                }
            } else {
                break
            }
        }
        return base
    }
}
