extension ParserState {
    // Statement = IfConfig | Decl | If | Guard | Switch | For | While | Repeat | Do | Return | Throw
    //           | Defer | Break | Continue | Fallthrough | Labeled | Expr
    mutating func parseStatement() {
        if at(.poundIf) { parseIfConfig(.statements); return }
        if let keyword = declKeywordIndex(pos, .statements) { parseDecl(keywordAt: keyword); return }
        let t = current
        if t.kind == .keyword {
            switch t.keyword {
            case .if: parseIf(); return
            case .guard: parseGuard(); return
            case .switch: parseSwitch(); return
            case .for: parseFor(); return
            case .while: parseWhile(); return
            case .repeat where tokenAfterCurrent.kind == .leftBrace: parseRepeat(); return
            case .do: parseDo(); return
            case .return, .throw:
                let m = start()
                bump()
                if !atStatementEnd() && !parseLoneOperand(before: .rightBrace) { _ = parseExpression(ExprContext()) }
                finish(m, t.keyword == .return ? .returnStmt : .throwStmt)
                return
            case .defer:
                let m = start()
                bump()
                parseCodeBlock()
                finish(m, .deferStmt)
                return
            case .break, .continue:
                let m = start()
                bump()
                if current.kind == .identifier && !current.isAtStartOfLine { bump() }
                finish(m, t.keyword == .break ? .breakStmt : .continueStmt)
                return
            case .fallthrough:
                let m = start()
                bump()
                finish(m, .fallthroughStmt)
                return
            default:
                break
            }
        }
        if t.kind == .identifier && tokenAfterCurrent.kind == .colon {
            let after = peek(2)
            if after.kind == .keyword {
                switch after.keyword {
                case .for, .while, .repeat, .do, .if, .switch:
                    let m = start()
                    bump()
                    bump()
                    parseStatement()
                    finish(m, .labeledStmt)
                    return
                default: break
                }
            }
        }
        if (isContextual(t, .yield) || isContextualWord(t, "discard") || isContextualWord(t, "then"))
            && !peek().isAtStartOfLine && peek().kind != .period && peek().kind != .leftParen
            && peek().kind != .equal && !peek().isOperator {
            let m = start()
            bump()
            _ = parseExpression(ExprContext())
            finish(m, .otherStmt)
            return
        }
        _ = parseExpression(ExprContext())
    }

    func atStatementEnd() -> Bool {
        let t = current
        switch t.kind {
        case .rightBrace, .semicolon, .endOfFile, .poundElse, .poundElseif, .poundEndif: return true
        case .keyword where t.keyword == .case || t.keyword == .default: return true
        default: return t.isAtStartOfLine
        }
    }

    // CodeBlock = '{' Statement* '}'
    mutating func parseCodeBlock() {
        let m = start()
        guard eat(.leftBrace) else { finish(m, .codeBlock); return }
        if enter() {
            parseItems(.statements, stops: [])
            leave()
        }
        eat(.rightBrace)
        finish(m, .codeBlock)
    }

    // If = 'if' ConditionList CodeBlock ('else' (If | CodeBlock))?
    @discardableResult
    mutating func parseIf() -> Int {
        let m = start()
        guard enter() else { return nodes.count - 1 }
        defer { leave() }
        bump()
        parseConditionList()
        parseCodeBlock()
        if eat(.else) {
            if at(.if) { parseIf() } else { parseCodeBlock() }
        }
        return finish(m, .ifStmt)
    }

    // ConditionList = Condition (',' Condition)*
    // Condition = Expr | ('let' | 'var') Pattern TypeAnnotation? ('=' Expr)?
    //           | 'case' Pattern '=' Expr | ('#available' | '#unavailable') '(' ... ')'
    mutating func parseConditionList() {
        let m = start()
        let condition = ExprContext(noTrailingClosure: true)
        while !atEOF && !at(.leftBrace) {
            let before = pos
            let c = start()
            if at(.let) || at(.var) || atContextual(.borrowing) && tokenAfterCurrent.kind == .identifier {
                advance()
                parsePattern()
                if at(.colon) {
                    let tm = start()
                    advance()
                    _ = parseType()
                    finish(tm, .typeAnnotation)
                }
                if eat(.equal) { _ = parseExpression(condition) }
                finish(c, .optionalBinding)
            } else if at(.case) {
                advance()
                _ = parseExpression(ExprContext(noTrailingClosure: true, pattern: true))
                if at(.colon) {
                    let tm = start()
                    bump()
                    _ = parseType()
                    finish(tm, .typeAnnotation)
                }
                if eat(.equal) { _ = parseExpression(condition) }
                finish(c, .matchingPattern)
            } else if at(.poundAvailable) || at(.poundUnavailable) {
                bump()
                if at(.leftParen) { skipBalanced() }
                finish(c, .availabilityCondition)
            } else {
                _ = parseExpression(condition)
            }
            if pos == before { break }
            if !eat(.comma) { break }
        }
        finish(m, .conditionList)
    }

    // Guard = 'guard' ConditionList 'else' CodeBlock
    mutating func parseGuard() {
        let m = start()
        bump()
        parseConditionList()
        eat(.else)
        parseCodeBlock()
        finish(m, .guardStmt)
    }

    // Switch = 'switch' Expr '{' SwitchCase* '}'
    @discardableResult
    mutating func parseSwitch() -> Int {
        let m = start()
        guard enter() else { return nodes.count - 1 }
        defer { leave() }
        bump()
        _ = parseExpression(ExprContext(noTrailingClosure: true))
        if eat(.leftBrace) {
            parseItems(.switchCases, stops: [])
            eat(.rightBrace)
        }
        return finish(m, .switchStmt)
    }

    // SwitchCase = Attribute* ('case' Pattern ('where' Expr)? (',' ...)* | 'default') ':' Statement*
    mutating func parseSwitchCase() {
        if at(.poundIf) { parseIfConfig(.switchCases); return }
        let m = start()
        while at(.atSign) { parseAttribute() }
        if at(.case) {
            let lm = start()
            advance()
            while !atEOF && !at(.colon) {
                let before = pos
                // A name, a literal or `.name` alone (`case .leading:`, about 18,000 on the apps)
                // is its node without the expression call; neither is a pattern's `let` or `is`.
                if !parseLoneOperand(before: .colon) && !parseLoneImplicitMember(before: .colon) {
                    _ = parseExpression(ExprContext(noTrailingClosure: false, pattern: true))
                }
                if at(.where) {
                    bump()
                    _ = parseExpression(ExprContext(noTrailingClosure: false))
                }
                if pos == before || !eat(.comma) { break }
            }
            eat(.colon)
            finish(lm, .switchCaseLabel)
        } else if at(.default) {
            let lm = start()
            bump()
            eat(.colon)
            finish(lm, .switchCaseLabel)
        }
        parseItems(.statements, stops: .caseLabel)
        finish(m, .switchCase)
    }

    // For = 'for' 'try'? 'await'? 'case'? Pattern TypeAnnotation? 'in' Expr ('where' Expr)? CodeBlock
    mutating func parseFor() {
        let m = start()
        bump()
        eat(.try)
        eatContextual(.await)
        if eat(.case) {
            _ = parseExpression(ExprContext(noTrailingClosure: true, pattern: true))
        } else {
            if at(.let) || at(.var) { bump() }
            parsePattern()
        }
        if at(.colon) {
            let tm = start()
            bump()
            _ = parseType()
            finish(tm, .typeAnnotation)
        }
        eat(.in)
        _ = parseExpression(ExprContext(noTrailingClosure: true))
        if eat(.where) { _ = parseExpression(ExprContext(noTrailingClosure: true)) }
        parseCodeBlock()
        finish(m, .forStmt)
    }

    // While = 'while' ConditionList CodeBlock
    mutating func parseWhile() {
        let m = start()
        bump()
        parseConditionList()
        parseCodeBlock()
        finish(m, .whileStmt)
    }

    // Repeat = 'repeat' CodeBlock 'while' Expr
    mutating func parseRepeat() {
        let m = start()
        bump()
        parseCodeBlock()
        if eat(.while) { _ = parseExpression(ExprContext()) }
        finish(m, .repeatStmt)
    }

    // Do = 'do' ('throws' ('(' Type ')')?)? CodeBlock CatchClause*
    // CatchClause = 'catch' (Pattern ('where' Expr)? (',' ...)*)? CodeBlock
    @discardableResult
    mutating func parseDo() -> Int {
        let m = start()
        bump()
        if eat(.throws), at(.leftParen) { skipBalanced() }
        parseCodeBlock()
        while at(.catch) {
            let c = start()
            bump()
            while !atEOF && !at(.leftBrace) {
                let before = pos
                _ = parseExpression(ExprContext(noTrailingClosure: true, pattern: true))
                if eat(.where) { _ = parseExpression(ExprContext(noTrailingClosure: true)) }
                if pos == before || !eat(.comma) { break }
            }
            parseCodeBlock()
            finish(c, .catchClause)
        }
        return finish(m, .doStmt)
    }
}
