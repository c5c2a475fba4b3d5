extension ParserState {
    // MARK: Recognising declarations

    enum DeclContext { case members, statements }

    /// What a token can be where a declaration may start: one classification that the
    /// modifier and keyword tests and `declKeywordIndex`'s first-token answer all read, so the
    /// three cannot disagree.
    enum DeclRole {
        case none
        /// `@`, which starts an attribute.
        case attribute
        /// A modifier (`private`, `static`, `final`, ...): a contextual one only where a
        /// declaration follows it.
        case modifier
        /// A declaration keyword in every context (`var`, `func`, `struct`, ...).
        case keyword
        /// `class`: a declaration keyword, or a modifier when another declaration keyword follows.
        case classKeyword
        /// `init`, `deinit`, `subscript`, `case`: declaration keywords among members only.
        case memberKeyword
        /// `actor`, `macro`: declaration keywords when a name follows on the same line.
        case contextualKeyword
    }

    @inline(__always) func declRole(_ t: Token) -> DeclRole {
        switch t.kind {
        case .atSign:
            return .attribute
        case .keyword:
            switch t.keyword {
            case .public, .private, .fileprivate, .internal, .static:
                return .modifier
            case .import, .struct, .enum, .protocol, .extension, .var, .let, .func, .typealias, .associatedtype,
                 .operator, .precedencegroup:
                return .keyword
            case .class: return .classKeyword
            case .`init`, .deinit, .subscript, .case: return .memberKeyword
            default: return .none
            }
        case .identifier:
            switch t.keyword {
            case .open, .package, .final, .override, .mutating, .nonmutating, .lazy, .weak, .unowned, .dynamic,
                 .optional, .required, .convenience, .indirect, .nonisolated, .distributed, .prefix, .postfix,
                 .infix, .isolated, .consuming, .borrowing:
                return .modifier
            case .actor, .macro: return .contextualKeyword
            default: return .none
            }
        default:
            return .none
        }
    }

    func isModifierWord(_ t: Token) -> Bool { declRole(t) == .modifier }

    /// `(set)`, `(safe)`, `(unsafe)`, `(unowned)` after a modifier: the index after it, or `k`.
    @inline(__always) func skipModifierDetail(_ k: Int) -> Int {
        if token(k).kind == .leftParen, token(k + 1).kind == .identifier, token(k + 2).kind == .rightParen {
            let word = token(k + 1)
            if tokenIs(word, "set") || tokenIs(word, "safe") || tokenIs(word, "unsafe") || tokenIs(word, "unowned") {
                return k + 3
            }
        }
        return k
    }

    /// Index after an attribute that starts at `k` (an `@`).
    func skipAttribute(_ k: Int) -> Int {
        var k = k + 1
        if token(k).kind == .identifier || token(k).kind == .keyword { k += 1 }
        while token(k).kind == .period && (token(k + 1).kind == .identifier || token(k + 1).kind == .keyword) { k += 2 }
        if token(k).kind == .leftParen && !token(k).hasLeadingTrivia && !token(k - 1).hasTrailingTrivia {
            k = skipGroup(from: k)
        }
        return k
    }

    /// Mutating for speed only: see `ParserState`.
    mutating func isDeclKeyword(_ k: Int, _ context: DeclContext) -> Bool {
        let t = token(k)
        switch declRole(t) {
        case .keyword, .classKeyword:
            return true
        case .memberKeyword:
            return context == .members
        case .contextualKeyword:
            let next = token(k + 1)
            return (next.kind == .identifier || next.kind == .keyword) && !next.isAtStartOfLine
        case .none, .attribute, .modifier:
            return false
        }
    }

    /// If a declaration starts at `k`, the index of its keyword (past attributes and modifiers).
    /// Mutating for speed only: see `ParserState`.
    @inline(__always) mutating func declKeywordIndex(_ k: Int, _ context: DeclContext) -> Int? {
        // Only attributes and modifiers need the look-ahead: a first token that is neither is the
        // declaration's keyword or starts no declaration (a name, `.`, a literal, `return`,
        // `if`, `self`: most statements), answered here without the look-ahead's call.
        switch declRole(token(k)) {
        case .none: return nil
        case .keyword: return k
        case .memberKeyword: return context == .members ? k : nil
        case .attribute, .modifier, .classKeyword, .contextualKeyword: return declKeywordIndexLookingAhead(k, context)
        }
    }

    /// `declKeywordIndex` when the first token is an attribute, a modifier, `class`, `actor` or `macro`.
    mutating func declKeywordIndexLookingAhead(_ k: Int, _ context: DeclContext) -> Int? {
        var k = k
        var guardCount = 0
        while guardCount < 64 {
            guardCount += 1
            let t = token(k)
            if t.kind == .atSign {
                k = skipAttribute(k)
                continue
            }
            if isModifierWord(t) {
                let after = skipModifierDetail(k + 1)
                // A contextual word is a modifier only if a declaration follows it.
                if t.kind == .identifier {
                    let next = token(after)
                    if !(next.kind == .atSign || isModifierWord(next) || isDeclKeyword(after, context)
                        || isKeyword(next, .class)) {
                        return nil
                    }
                }
                k = after
                continue
            }
            if isKeyword(t, .class) {
                // `class func`, `class var`: a modifier when another declaration keyword follows.
                let next = token(k + 1)
                if isModifierWord(next) || (isDeclKeyword(k + 1, context) && !isKeyword(next, .class)) {
                    k += 1
                    continue
                }
            }
            break
        }
        return isDeclKeyword(k, context) ? k : nil
    }

    // MARK: Members

    // Member = IfConfig | MacroExpansion | Decl | <unexpected tokens>
    mutating func parseMember() {
        if at(.poundIf) { parseIfConfig(.members); return }
        if let keyword = declKeywordIndex(pos, .members) { parseDecl(keywordAt: keyword); return }
        if at(.pound) { parseMacroExpansion(.macroExpansionDecl); return }
        // Skip what is no member, up to the next line that starts one (or the block's end).
        let m = start()
        repeat {
            skipBalanced()
        } while !atEOF && !at(.rightBrace) && !at(.poundIf) && !at(.poundElse) && !at(.poundElseif) && !at(.poundEndif)
            && !(current.isAtStartOfLine && declKeywordIndex(pos, .members) != nil)
        finish(m, .unexpected)
    }

    // MemberBlock = '{' Member* '}'
    mutating func parseMemberBlock() {
        let m = start()
        guard eat(.leftBrace) else { finish(m, .memberBlock); return }
        if enter() {
            parseItems(.members, stops: [])
            leave()
        }
        eat(.rightBrace)
        finish(m, .memberBlock)
    }

    // Decl = Attribute* Modifier* (Import | Nominal | Extension | Variable | Function | Init | ...)
    /// `keywordIndex` is `declKeywordIndex(pos, context)`, which the caller asked to tell a
    /// declaration: asked again here, the attributes and modifiers were looked through twice.
    mutating func parseDecl(keywordAt keywordIndex: Int) {
        let m = start()
        while pos < keywordIndex && !atEOF {
            if at(.atSign) {
                parseAttribute()
            } else {
                let mm = start()
                advance()
                pos = max(pos, skipModifierDetail(pos))
                finish(mm, .declModifier)
            }
        }
        let t = current
        if t.kind == .identifier {
            if t.keyword == .actor { parseNominal(m, .actorDecl); return }
            if t.keyword == .macro { parseMacroDecl(m); return }
        }
        switch t.keyword {
        case .import: parseImport(m)
        case .struct: parseNominal(m, .structDecl)
        case .class: parseNominal(m, .classDecl)
        case .enum: parseNominal(m, .enumDecl)
        case .protocol: parseNominal(m, .protocolDecl)
        case .extension: parseExtension(m)
        case .var, .let: parseVariable(m)
        case .func: parseFunction(m)
        case .`init`: parseInitializer(m)
        case .deinit:
            bump()
            if at(.leftBrace) { parseCodeBlock() }
            finish(m, .deinitializerDecl)
        case .subscript: parseSubscript(m)
        case .typealias: parseTypeAlias(m)
        case .associatedtype: parseAssociatedType(m)
        case .case: parseEnumCase(m)
        case .operator: parseOperatorDecl(m)
        case .precedencegroup:
            bump()
            if current.kind == .identifier { bump() }
            if at(.leftBrace) { skipBalanced() }
            finish(m, .precedenceGroupDecl)
        default:
            skipUnexpected()
            finish(m, .unexpected)
        }
    }

    // Attribute = '@' Name ('.' Name)* GenericArguments? ('(' Arguments ')')?
    /// Called at its `@` (every caller tests for it), so it steps past it unchecked (see `advance`),
    /// and past each name it has seen.
    mutating func parseAttribute() {
        let m = start()
        advance()
        var nameIsUppercase = false
        if current.kind == .identifier || current.kind == .keyword {
            let b = firstByte(current)
            nameIsUppercase = b >= 0x41 && b <= 0x5A
            advance()
        }
        while at(.period) && (tokenAfterCurrent.kind == .identifier || tokenAfterCurrent.kind == .keyword) {
            advance()
            let b = firstByte(current)
            nameIsUppercase = b >= 0x41 && b <= 0x5A
            advance()
        }
        // Arguments follow the name directly: in `@Sendable (Int) -> Void` the parenthesis
        // starts a function type (Swift 6 rejects whitespace before an attribute's arguments).
        let adjacent = !current.hasLeadingTrivia && !token(pos - 1).hasTrailingTrivia
        if atGenericOpen() && adjacent { parseGenericArgumentClause() }
        if at(.leftParen) && adjacent {
            let am = start()
            // Custom attributes (property wrappers, result builders, macros) take expressions;
            // the built-in lowercase ones (`@available(iOS 17, *)`) have grammars of their own.
            if nameIsUppercase {
                parseArgumentList(close: .rightParen)
            } else {
                skipBalanced()
            }
            finish(am, .attributeArguments)
        }
        finish(m, .attribute)
    }

    // Import = 'import' ImportKind? Path
    mutating func parseImport(_ m: Marker) {
        bump()
        if current.kind == .keyword && !current.isAtStartOfLine && peek().kind != .period && peek().kind != .endOfFile
            && !peek().isAtStartOfLine {
            bump()
        }
        if !current.isAtStartOfLine && (current.kind == .identifier || current.kind == .keyword) { bump() }
        while at(.period) && !current.isAtStartOfLine {
            bump()
            if current.kind == .identifier || current.kind == .keyword || current.isOperator { bump() }
        }
        finish(m, .importDecl)
    }

    // Nominal = ('struct' | 'class' | 'actor' | 'enum' | 'protocol') Name GenericParameters?
    //           Inheritance? WhereClause? MemberBlock
    mutating func parseNominal(_ m: Marker, _ kind: NodeKind) {
        bump()
        if current.kind == .identifier { advance() }
        if atGenericOpen() { parseGenericParameterClause() }
        if at(.colon) { parseInheritance() }
        if at(.where) { parseWhereClause() }
        parseMemberBlock()
        finish(m, kind)
    }

    // Extension = 'extension' Type Inheritance? WhereClause? MemberBlock
    mutating func parseExtension(_ m: Marker) {
        bump()
        _ = parseType()
        if at(.colon) { parseInheritance() }
        if at(.where) { parseWhereClause() }
        parseMemberBlock()
        finish(m, .extensionDecl)
    }

    // Inheritance = ':' Type (',' Type)*
    /// Called at its `:` (every caller tests for it), so it steps past it unchecked (see `advance`).
    mutating func parseInheritance() {
        let m = start()
        advance()
        while !atEOF {
            let before = pos
            _ = parseType()
            if pos == before { break }
            if !eat(.comma) { break }
        }
        finish(m, .inheritanceClause)
    }

    /// Is the current token a `<` that opens generic parameters or arguments?
    /// Mutating for speed only: see `ParserState`.
    mutating func atGenericOpen() -> Bool {
        let t = current
        return t.isOperator && tokenIs(t, "<")
    }

    /// How many `>` a token starts with (`>`, `>>`, `>?`), 0 if it is no closing angle bracket.
    func leadingCloseAngles(_ t: Token) -> Int {
        guard t.isOperator else { return 0 }
        var count = 0
        var k = Int(t.textStart)
        while k < Int(t.textEnd) && bytes[k] == 0x3E { count += 1; k += 1 }
        return count
    }

    // GenericParameters = '<' (balanced tokens) '>'
    mutating func parseGenericParameterClause() {
        let m = start()
        var depth = 0
        while !atEOF && !at(.leftBrace) && !at(.rightBrace) {
            let t = current
            if t.isOperator && firstByte(t) == 0x3C {
                depth += 1
            } else {
                let closes = leadingCloseAngles(t)
                if closes > 0 {
                    depth -= closes
                    bump()
                    if depth <= 0 { break }
                    continue
                }
            }
            skipBalanced()
            if depth <= 0 { break }
        }
        finish(m, .genericParameterClause)
    }

    // WhereClause = 'where' Requirement (',' Requirement)*
    mutating func parseWhereClause() {
        let m = start()
        bump()
        while !atEOF && !at(.leftBrace) && !at(.rightBrace) && !at(.equal) {
            if current.isAtStartOfLine && declKeywordIndex(pos, .members) != nil { break }
            skipBalanced()
        }
        finish(m, .genericWhereClause)
    }

    // Variable = ('var' | 'let') PatternBinding (',' PatternBinding)*
    // PatternBinding = Pattern TypeAnnotation? ('=' Expr)? AccessorBlock?
    mutating func parseVariable(_ m: Marker) {
        bump()
        while !atEOF {
            let b = start()
            let before = pos
            parsePattern()
            if at(.colon) {
                let tm = start()
                advance()
                _ = parseType()
                finish(tm, .typeAnnotation)
            }
            if at(.equal) {
                let im = start()
                advance()
                _ = parseExpression(ExprContext())
                finish(im, .initializerClause)
            }
            if at(.leftBrace) { parseAccessorBlock() }
            finish(b, .patternBinding)
            if pos == before || !eat(.comma) { break }
        }
        finish(m, .variableDecl)
    }

    // Pattern = Identifier | '_' | '(' Pattern (',' Pattern)* ')'
    mutating func parsePattern() {
        let m = start()
        switch current.kind {
        case .identifier, .dollarIdentifier:
            advance()
            finish(m, .identifierPattern)
        case .wildcard:
            advance()
            finish(m, .wildcardPattern)
        case .keyword where !current.isAtStartOfLine && (tokenAfterCurrent.kind == .colon || tokenAfterCurrent.kind == .equal):
            // `var `default`` loses its backticks in sloppy code; keep the name.
            advance()
            finish(m, .identifierPattern)
        case .leftParen:
            advance()
            while !atEOF && !at(.rightParen) {
                let before = pos
                if at(.let) || at(.var) { advance() }
                if current.kind == .identifier && tokenAfterCurrent.kind == .colon { advance(); advance() }
                parsePattern()
                if pos == before { skipUnexpected() }
                if !eat(.comma) { break }
            }
            eat(.rightParen)
            finish(m, .tuplePattern)
        default:
            break
        }
    }

    /// Does an accessor (`get`, `set`, `willSet`, `didSet`, ...) start at `k`?
    /// Mutating for speed only: see `ParserState`.
    mutating func isAccessorStart(_ k: Int) -> Bool {
        var k = k
        while token(k).kind == .atSign { k = skipAttribute(k) }
        while isContextual(token(k), .mutating) || isContextual(token(k), .nonmutating)
            || isContextual(token(k), .consuming) || isContextual(token(k), .borrowing) {
            k += 1
        }
        let t = token(k)
        let isAccessorWord: Bool
        switch t.kind {
        case .identifier:
            switch t.keyword {
            case .get, .set, .willSet, .didSet, ._read, ._modify, .read, .modify: isAccessorWord = true
            default:
                isAccessorWord = tokenIs(t, "unsafeAddress") || tokenIs(t, "unsafeMutableAddress")
                    || tokenIs(t, "init")
            }
        case .keyword:
            isAccessorWord = t.keyword == .`init`
        default:
            isAccessorWord = false
        }
        guard isAccessorWord else { return false }
        let next = token(k + 1)
        switch next.kind {
        case .leftBrace, .rightBrace, .leftParen, .endOfFile: return true
        default:
            if next.isAtStartOfLine { return true }
            if isContextual(next, .async) || isKeyword(next, .throws) { return true }
            if next.kind == .identifier {
                switch next.keyword {
                case .get, .set, .mutating, .nonmutating: return true
                default: return false
                }
            }
            return false
        }
    }

    // AccessorBlock = '{' (Accessor* | Statement*) '}'
    // Accessor = Attribute* Modifier? AccessorKind ('(' Name ')')? Effects? CodeBlock?
    /// Called at its `{` (every caller tests for it), so it steps past it unchecked (see `advance`).
    mutating func parseAccessorBlock() {
        let m = start()
        advance()
        if !enter() { finish(m, .accessorBlock); return }
        defer { leave() }
        if isAccessorStart(pos) {
            while !atEOF && !at(.rightBrace) {
                let before = pos
                if at(.poundIf) {
                    parseIfConfig(.accessors)
                } else if isAccessorStart(pos) {
                    parseAccessor()
                } else {
                    skipUnexpected()
                }
                if pos == before { skipUnexpected() }
            }
        } else {
            let cm = start()
            parseItems(.statements, stops: [])
            finish(cm, .codeBlock)
        }
        eat(.rightBrace)
        finish(m, .accessorBlock)
    }

    mutating func parseAccessor() {
        let m = start()
        while at(.atSign) { parseAttribute() }
        while atContextual(.mutating) || atContextual(.nonmutating) || atContextual(.consuming) || atContextual(.borrowing) {
            let mm = start()
            bump()
            finish(mm, .declModifier)
        }
        bump()
        if at(.leftParen) { skipBalanced() }
        parseEffects()
        if at(.leftBrace) { parseCodeBlock() }
        finish(m, .accessorDecl)
    }

    // Effects = ('async' | 'reasync' | 'throws' ('(' Type ')')? | 'rethrows')*
    mutating func parseEffects() {
        let m = start()
        var any = false
        while !atEOF {
            if atContextual(.async) || isContextualWord(current, "reasync") || at(.rethrows) {
                bump()
                any = true
            } else if at(.throws) {
                bump()
                if at(.leftParen) && !current.isAtStartOfLine { skipBalanced() }
                any = true
            } else {
                break
            }
        }
        if any { finish(m, .effectSpecifiers) }
    }

    // Function = 'func' (Name | Operator) GenericParameters? ParameterClause Effects?
    //            ('->' Type)? WhereClause? CodeBlock?
    mutating func parseFunction(_ m: Marker) {
        bump()
        let t = current
        if t.kind == .identifier || t.isOperator || t.kind == .keyword && !t.isAtStartOfLine && tokenAfterCurrent.kind == .leftParen {
            advance()
        }
        if atGenericOpen() { parseGenericParameterClause() }
        if at(.leftParen) { parseParameterClause() }
        parseEffects()
        if at(.arrow) { parseReturnClause() }
        if at(.where) { parseWhereClause() }
        if at(.leftBrace) { parseCodeBlock() }
        finish(m, .functionDecl)
    }

    /// Called at its `->` (every caller tests for it), so it steps past it unchecked (see `advance`).
    mutating func parseReturnClause() {
        let m = start()
        advance()
        _ = parseType()
        finish(m, .returnClause)
    }

    // ParameterClause = '(' (Parameter (',' Parameter)*)? ')'
    // Parameter = Attribute* Label? Name ':' Type '...'? ('=' Expr)?
    /// Called at its `(` (every caller tests for it), so it steps past it unchecked (see `advance`).
    mutating func parseParameterClause() {
        let m = start()
        advance()
        if !enter() { finish(m, .parameterClause); return }
        defer { leave() }
        while !atEOF && !at(.rightParen) {
            if at(.rightBrace) || at(.leftBrace) { break }
            let pm = start()
            let before = pos
            while at(.atSign) { parseAttribute() }
            var names = 0
            while names < 2 && !atEOF && (current.kind == .identifier || current.kind == .wildcard
                                          || current.kind == .keyword || current.kind == .dollarIdentifier)
                && tokenAfterCurrent.kind != .comma && tokenAfterCurrent.kind != .rightParen
                && !(names == 0 && tokenAfterCurrent.kind == .period) {
                advance()
                names += 1
            }
            if eat(.colon) {
                _ = parseType()
                if current.isOperator && tokenIs(current, "...") { advance() }
                if at(.equal) {
                    advance()
                    _ = parseExpression(ExprContext())
                }
            } else if pos == before || names == 0 {
                // An unlabeled type, as in an enum case's associated values.
                _ = parseType()
            }
            if pos == before { skipUnexpected() }
            finish(pm, .parameter)
            if !eat(.comma) {
                if !at(.rightParen) && !atEOF && !at(.rightBrace) && !at(.leftBrace) { skipUnexpected() ; continue }
                break
            }
        }
        eat(.rightParen)
        finish(m, .parameterClause)
    }

    // Initializer = 'init' ('?' | '!')? GenericParameters? ParameterClause Effects? WhereClause? CodeBlock?
    mutating func parseInitializer(_ m: Marker) {
        bump()
        if at(.postfixQuestionMark) || at(.exclamationMark) || at(.infixQuestionMark) { bump() }
        if atGenericOpen() { parseGenericParameterClause() }
        if at(.leftParen) { parseParameterClause() }
        parseEffects()
        if at(.where) { parseWhereClause() }
        if at(.leftBrace) { parseCodeBlock() }
        finish(m, .initializerDecl)
    }

    // Subscript = 'subscript' GenericParameters? ParameterClause '->' Type WhereClause? AccessorBlock?
    mutating func parseSubscript(_ m: Marker) {
        bump()
        if atGenericOpen() { parseGenericParameterClause() }
        if at(.leftParen) { parseParameterClause() }
        if at(.arrow) { parseReturnClause() }
        if at(.where) { parseWhereClause() }
        if at(.leftBrace) { parseAccessorBlock() }
        finish(m, .subscriptDecl)
    }

    // TypeAlias = 'typealias' Name GenericParameters? '=' Type WhereClause?
    mutating func parseTypeAlias(_ m: Marker) {
        bump()
        if current.kind == .identifier { bump() }
        if atGenericOpen() { parseGenericParameterClause() }
        if eat(.equal) { _ = parseType() }
        if at(.where) { parseWhereClause() }
        finish(m, .typeAliasDecl)
    }

    // AssociatedType = 'associatedtype' Name Inheritance? ('=' Type)? WhereClause?
    mutating func parseAssociatedType(_ m: Marker) {
        bump()
        if current.kind == .identifier { bump() }
        if at(.colon) { parseInheritance() }
        if eat(.equal) { _ = parseType() }
        if at(.where) { parseWhereClause() }
        finish(m, .associatedTypeDecl)
    }

    // EnumCase = 'case' EnumCaseElement (',' EnumCaseElement)*
    // EnumCaseElement = Name ParameterClause? ('=' Expr)?
    mutating func parseEnumCase(_ m: Marker) {
        bump()
        while !atEOF {
            let em = start()
            let before = pos
            if current.kind == .identifier || current.kind == .keyword { advance() }
            if at(.leftParen) { parseParameterClause() }
            if eat(.equal) { _ = parseExpression(ExprContext()) }
            finish(em, .enumCaseElement)
            if pos == before || !eat(.comma) { break }
        }
        finish(m, .enumCaseDecl)
    }

    // Operator = ('prefix' | 'postfix' | 'infix')? 'operator' Operator (':' PrecedenceGroup)?
    mutating func parseOperatorDecl(_ m: Marker) {
        bump()
        while !atEOF && !current.isAtStartOfLine && !at(.rightBrace) && !at(.semicolon) {
            skipBalanced()
        }
        finish(m, .operatorDecl)
    }

    // Macro = 'macro' Name GenericParameters? ParameterClause ('->' Type)? ('=' Expr)?
    mutating func parseMacroDecl(_ m: Marker) {
        bump()
        if current.kind == .identifier { bump() }
        if atGenericOpen() { parseGenericParameterClause() }
        if at(.leftParen) { parseParameterClause() }
        if at(.arrow) { parseReturnClause() }
        if eat(.equal) { _ = parseExpression(ExprContext()) }
        if at(.where) { parseWhereClause() }
        finish(m, .macroDecl)
    }

    // MacroExpansion = '#' Name GenericArguments? ('(' Arguments ')')? TrailingClosures?
    @discardableResult
    mutating func parseMacroExpansion(_ kind: NodeKind) -> Int {
        let m = start()
        bump()
        if (current.kind == .identifier || current.kind == .keyword) && !current.hasLeadingTrivia { bump() }
        if atGenericOpen() && !current.hasLeadingTrivia && canParseGenericArguments() { parseGenericArgumentClause() }
        if at(.leftParen) && !current.isAtStartOfLine { parseArgumentList(close: .rightParen) }
        if at(.leftBrace) && isValidTrailingClosure(ExprContext()) { parseTrailingClosures() }
        return finish(m, kind)
    }

    // MARK: Conditional compilation

    enum IfConfigBody { case members, statements, switchCases, postfix, accessors }

    // IfConfig = '#if' Condition Body ('#elseif' Condition Body)* ('#else' Body)? '#endif'
    // Every branch is parsed: the linter cannot know which one a build selects.
    @discardableResult
    mutating func parseIfConfig(_ body: IfConfigBody) -> Int {
        let m = start()
        if !enter() { return nodes.count - 1 }
        defer { leave() }
        while at(.poundIf) || at(.poundElseif) || at(.poundElse) {
            let c = start()
            let isElse = at(.poundElse)
            bump()
            if !isElse {
                let cm = start()
                while !atEOF && !current.isAtStartOfLine { skipBalanced() }
                finish(cm, .ifConfigCondition)
            }
            switch body {
            case .members: parseItems(.members, stops: .directive)
            case .statements: parseItems(.statements, stops: .directive)
            case .switchCases: parseItems(.switchCases, stops: .directive)
            case .postfix:
                while !atEOF && (at(.period) || at(.poundIf)) {
                    let before = pos
                    // At a `.`, an operand (a sequence element) is a postfix expression:
                    // `parsePostfix` is inlined where it is called.
                    if at(.poundIf) { parseIfConfig(.postfix) } else { _ = parseOperand(ExprContext()) }
                    if pos == before { break }
                }
                while !atEOF && !at(.poundElseif) && !at(.poundElse) && !at(.poundEndif) && !at(.rightBrace) {
                    skipUnexpected()
                }
            case .accessors:
                while !atEOF && !at(.poundElseif) && !at(.poundElse) && !at(.poundEndif) && !at(.rightBrace) {
                    let before = pos
                    if at(.poundIf) { parseIfConfig(.accessors) } else if isAccessorStart(pos) { parseAccessor() } else { skipUnexpected() }
                    if pos == before { skipUnexpected() }
                }
            }
            finish(c, .ifConfigClause)
        }
        eat(.poundEndif)
        return finish(m, .ifConfigDecl)
    }

    /// Does an `#if` at the current token wrap postfix members (`#if os(iOS) .padding() #endif`)?
    func atPostfixIfConfig() -> Bool {
        guard at(.poundIf) else { return false }
        var k = pos + 1
        while k < eofIndex && !tokens[k].isAtStartOfLine { k += 1 }
        return tokens[k].kind == .period
    }
}
