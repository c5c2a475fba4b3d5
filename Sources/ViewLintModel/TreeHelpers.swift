import ViewLintSyntax

/// Helpers the model extractor uses to read the tree.
extension SyntaxTree {
    func sourceRange(_ node: Int) -> SourceRange {
        let r = byteRange(node)
        return SourceRange(start: r.lowerBound, end: r.upperBound)
    }

    func sourceRange(token t: Int) -> SourceRange {
        let tok = tokens[t]
        return SourceRange(start: Int(tok.textStart), end: Int(tok.textEnd))
    }

    /// An identifier's name without backticks.
    func identifierName(_ t: Int) -> String {
        SyntaxTree.string(source.bytes, identifierByteRange(t))
    }

    /// Where an identifier's name lies in the source, without backticks.
    /// Inlined: a call of its own for each of 2.3 million names on the real apps, the call's
    /// own instructions a third of its cost.
    @inline(__always)
    func identifierByteRange(_ t: Int) -> Range<Int> {
        let token = tokens[t]
        var start = Int(token.textStart)
        var end = Int(token.textEnd)
        if end - start >= 2 && source.bytes[start] == 0x60 && source.bytes[end - 1] == 0x60 {
            start += 1
            end -= 1
        }
        return start..<end
    }

    /// The id of the identifier token `t`'s name (without backticks) and the name's first byte
    /// (0 for an empty name), answered from the file's token cache (`FileNames.tokenNames`) for a
    /// token met before in the file: the shapes and the read collector ask for most names more
    /// than once.
    @inline(__always)
    func nameAndFirstByte(_ t: Int, names: FileNames) -> (id: NameID, first: UInt8) {
        let cache = names.tokenNames
        if let known = cache.entry(of: t) { return known }
        let range = identifierByteRange(t)
        let id = names.id(source.bytes, range)
        let first = range.isEmpty ? 0 : source.bytes[range.lowerBound]
        cache.remember(id, first: first, of: t)
        return (id, first)
    }

    /// `identifierName(t)`, as the name table spells the token's id: most names the shapes
    /// spell are the collector's reads, whose ids the token cache holds, and the table's string
    /// is read where one made from the bytes cost about 220 instructions (220,000 names on the
    /// real apps).
    @inline(__always)
    func identifierName(_ t: Int, names: FileNames) -> String {
        names.spelling(nameAndFirstByte(t, names: names).id)
    }

    /// The identifier's first character is an uppercase letter (a type's name, by convention).
    func identifierStartsUppercase(_ t: Int) -> Bool {
        let range = identifierByteRange(t)
        return identifierStartsUppercase(t, first: range.isEmpty ? 0 : source.bytes[range.lowerBound])
    }

    /// `identifierStartsUppercase(t)` told from the name's first byte, for a caller that has it
    /// already (`nameAndFirstByte`, 0 for an empty name): the bytes are not found again.
    @inline(__always)
    func identifierStartsUppercase(_ t: Int, first: UInt8) -> Bool {
        first < 0x80 ? first >= 0x41 && first <= 0x5A : identifierStartsUppercaseBeyondASCII(t)
    }

    /// Apart, not inlined: inlined, its scalar properties' type was looked up in the runtime on
    /// every call, ASCII or not (about 300,000 times on 100,000 lines).
    @inline(never)
    func identifierStartsUppercaseBeyondASCII(_ t: Int) -> Bool {
        identifierName(t).unicodeScalars.first?.properties.isUppercase ?? false
    }

    /// The node's first child, without building the list of children.
    @inline(__always)
    func firstChildNode(_ node: Int) -> Int? {
        let c = Int(nodes[node].firstChild)
        return c >= 0 ? c : nil
    }

    /// The node's only child; nil when it has none or more than one. Asked without a list of
    /// children: most blocks the extractor asks this of are one statement.
    func onlyChild(_ node: Int) -> Int? {
        let c = Int(nodes[node].firstChild)
        return c >= 0 && nodes[c].nextSibling < 0 ? c : nil
    }

    /// The node's last child that is not of kind `skipped` (nil for none), through the sibling
    /// links, without a list of children.
    func lastChild(_ node: Int, notOf skipped: NodeKind? = nil) -> Int? {
        var found: Int? = nil
        var c = Int(nodes[node].firstChild)
        while c >= 0 {
            if nodes[c].kind != skipped { found = c }
            c = Int(nodes[c].nextSibling)
        }
        return found
    }

    func childList(_ node: Int) -> [Int] {
        // Counted first, then filled at its size: grown by appending, most lists were
        // allocated two or three times.
        var count = 0
        var c = Int(nodes[node].firstChild)
        while c >= 0 {
            count += 1
            c = Int(nodes[c].nextSibling)
        }
        guard count > 0 else { return [] }
        var result: [Int] = []
        result.reserveCapacity(count)
        c = Int(nodes[node].firstChild)
        while c >= 0 {
            result.append(c)
            c = Int(nodes[c].nextSibling)
        }
        return result
    }

    /// The first of the node's own tokens (see `ownTokens`) that satisfies `predicate`.
    func firstOwnToken(_ node: Int, where predicate: (Int) -> Bool) -> Int? {
        var found: Int? = nil
        forEachOwnToken(node) { t in
            if predicate(t) { found = t }
            return found == nil
        }
        return found
    }

    /// The last of the node's own tokens that satisfies `predicate`.
    func lastOwnToken(_ node: Int, where predicate: (Int) -> Bool) -> Int? {
        var found: Int? = nil
        forEachOwnToken(node) { t in
            if predicate(t) { found = t }
            return true
        }
        return found
    }

    func isIdentifierToken(_ t: Int) -> Bool {
        let k = tokens[t].kind
        return k == .identifier || k == .dollarIdentifier || k == .wildcard
    }

    /// The member name of a `memberAccessExpr`: its last own token.
    func memberName(_ node: Int) -> (String, Int)? {
        guard let last = memberNameToken(node) else { return nil }
        return (identifierName(last), last)
    }

    /// The token of a member access's name: the node's last token (`a.b`, `.b`), which no
    /// child covers.
    func memberNameToken(_ node: Int) -> Int? {
        let n = nodes[node]
        guard n.endToken > n.firstToken else { return nil }
        let last = Int(n.endToken) - 1
        if tokens[last].kind == .period { return nil }
        var c = Int(n.firstChild)
        while c >= 0 {
            if Int(nodes[c].endToken) > last { return nil }
            c = Int(nodes[c].nextSibling)
        }
        return last
    }

    /// The label of an argument (`label: value`), found without listing the node's own tokens.
    /// Inlined: `arguments` asks it of each of 223,000 arguments on the real apps, where the
    /// optimiser had stopped inlining it once that walk was written through the links.
    @inline(__always)
    func argumentLabel(_ argument: Int) -> Int? {
        let n = nodes[argument]
        let first = Int(n.firstToken)
        guard Int(n.endToken) - first >= 2, tokens[first + 1].kind == .colon else { return nil }
        let child = Int(n.firstChild)
        if child >= 0 && Int(nodes[child].firstToken) <= first + 1 { return nil }
        return first
    }

    /// `a.b.c` for identifiers and member accesses, looking through generic specialisation.
    ///
    /// The chain is walked twice, from its last name down to its first: once to count its names
    /// (and tell a node that is no chain), then to write them from the end of a list made at its
    /// size. Built from the first name up, the one-name list was reallocated for each member
    /// appended to it (about 36,000 times on the real apps).
    /// With `names`, the names are the name table's spellings of their tokens' ids (see
    /// `identifierName(_:names:)`), for a caller whose walk asks those tokens' ids anyway.
    func nameChain(_ node: Int, names table: FileNames? = nil) -> [String]? {
        var count = 0
        var current = node
        // The walk down ends at the first name (`a`) or at an implicit member's dot (`.b`).
        counting: while true {
            switch kind(current) {
            case .identifierExpr:
                count += 1
                break counting
            case .memberAccessExpr:
                guard memberNameToken(current) != nil else { return nil }
                count += 1
                guard let base = firstChildNode(current) else {
                    // `.b` is `["", "b"]`.
                    count += 1
                    break counting
                }
                current = base
            case .specializedExpr:
                guard let inner = firstChildNode(current) else { return nil }
                current = inner
            default:
                return nil
            }
        }
        // Chains of one to three names (nearly all) as array literals, which the compiler
        // makes in place; the general list below costs a call of its unspecialised initialiser
        // and closure, about 660 instructions a chain.
        current = node
        switch count {
        case 1:
            return [nameChainStep(&current, table)]
        case 2:
            let second = nameChainStep(&current, table)
            return [nameChainStep(&current, table), second]
        case 3:
            let third = nameChainStep(&current, table)
            let second = nameChainStep(&current, table)
            return [nameChainStep(&current, table), second, third]
        default:
            break
        }
        return [String](unsafeUninitializedCapacity: count) { names, initialized in
            guard let base = names.baseAddress else { return }
            var next = count
            var current = node
            while next > 0 {
                next -= 1
                (base + next).initialize(to: nameChainStep(&current, table))
            }
            initialized = count
        }
    }

    /// The name token of the type a call of `callee` constructs, found in place: the last name of
    /// `callee`'s `nameChain`, or the one before it for `X.init`, when it starts uppercase; nil
    /// otherwise (the chain's empty name before an implicit member's dot included). Most callees
    /// are not a type's, and their chain's names were made as strings only to be turned down.
    func constructedTypeToken(_ callee: Int) -> Int? {
        var names = 0
        // -1 for the empty name before an implicit member's dot (`.init`).
        var lastName = -1
        var nameBefore = -1
        var current = callee
        // The walk of `nameChain`'s count, which tells a node that is no chain.
        walk: while true {
            let name: Int
            switch kind(current) {
            case .identifierExpr:
                name = Int(nodes[current].firstToken)
            case .memberAccessExpr:
                guard let token = memberNameToken(current) else { return nil }
                name = token
            case .specializedExpr:
                guard let inner = firstChildNode(current) else { return nil }
                current = inner
                continue walk
            default:
                return nil
            }
            if names == 0 { lastName = name } else if names == 1 { nameBefore = name }
            names += 1
            if kind(current) == .identifierExpr { break walk }
            guard let base = firstChildNode(current) else {
                names += 1
                break walk
            }
            current = base
        }
        var type = lastName
        if names > 1 && source.bytes[identifierByteRange(lastName)].elementsEqual("init".utf8) { type = nameBefore }
        guard type >= 0, identifierStartsUppercase(type) else { return nil }
        return type
    }

    /// The name of the chain at `current`, the last one not yet taken, walking `current` down to
    /// the name before it: the walk of `nameChain`'s count, which found the chain to end in a
    /// name or an implicit member. Past an implicit member's dot, `current` is -1 and the name
    /// is the empty one before the dot (`.b` is `["", "b"]`).
    @inline(__always)
    private func nameChainStep(_ current: inout Int, _ table: FileNames?) -> String {
        while current >= 0 {
            switch kind(current) {
            case .identifierExpr:
                return nameChainName(Int(nodes[current].firstToken), table)
            case .memberAccessExpr:
                let name = memberNameToken(current).map { nameChainName($0, table) } ?? ""
                current = firstChildNode(current) ?? -1
                return name
            default:
                // A specialisation (`Box<Int>`), which the count found to have its inner node.
                guard let inner = firstChildNode(current) else { return "" }
                current = inner
            }
        }
        return ""
    }

    @inline(__always)
    private func nameChainName(_ t: Int, _ table: FileNames?) -> String {
        guard let table else { return identifierName(t) }
        return identifierName(t, names: table)
    }

    // MARK: Expression shapes

    static let maxShapeDepth = 12

    /// The shape of the expression `node`; the lists of its calls' arguments are stored in
    /// `table`, shared with any other use of the same call (see `arguments`).
    func shape(_ node: Int, depth: Int = 0, in table: ArgumentTable) -> ExprShape {
        if depth > table.deepest { table.deepest = depth }
        if depth > SyntaxTree.maxShapeDepth { return .other(normalizedText(node)) }
        let d = depth + 1
        // Most shapes need only the first child: no list of children is made for them.
        let first = firstChildNode(node)
        switch kind(node) {
        case .identifierExpr:
            return .identifier(identifierName(Int(nodes[node].firstToken), names: table.names))
        case .literalExpr:
            let t = Int(nodes[node].firstToken)
            switch tokens[t].kind {
            case .integerLiteral: return .integer(text(token: t))
            case .floatLiteral: return .float(text(token: t))
            case .keyword:
                switch tokens[t].keyword {
                case .true: return .boolean(true)
                case .false: return .boolean(false)
                default: return .nilLiteral
                }
            default: return .other(text(token: t))
            }
        case .stringLiteralExpr:
            return .string(isConstant: !children(node).contains { kind($0) == .interpolation })
        case .memberAccessExpr:
            guard let nameToken = memberNameToken(node) else { return .other(normalizedText(node)) }
            // An implicit member (`.leading`) or a name's member (`item.title`): the shape made
            // for the same names before on this thread, whose box it shares (see
            // `FileNames.memberShape`). The base's shape is the one `shape` makes of a name.
            // A new shape's names are the name table's spellings of the ids the cache is asked
            // by: strings made from the bytes cost about 240 instructions each (80,000 on the
            // real apps), a spelling about 75.
            if let base = first {
                if d <= SyntaxTree.maxShapeDepth && kind(base) == .identifierExpr {
                    if d > table.deepest { table.deepest = d }
                    let names = table.names
                    let baseID = nameAndFirstByte(Int(nodes[base].firstToken), names: names).id
                    let nameID = nameAndFirstByte(nameToken, names: names).id
                    return names.memberShape(base: baseID, name: nameID) {
                        .member(base: .identifier(names.spelling(baseID)), name: names.spelling(nameID))
                    }
                }
                return .member(base: shape(base, depth: d, in: table), name: identifierName(nameToken, names: table.names))
            }
            let names = table.names
            let nameID = nameAndFirstByte(nameToken, names: names).id
            return names.memberShape(base: nil, name: nameID) { .member(base: nil, name: names.spelling(nameID)) }
        case .callExpr:
            guard let callee = first else { return .other(normalizedText(node)) }
            var args = ArgumentList()
            var closures = 0
            for c in children(node).dropFirst() {
                switch kind(c) {
                case .argumentList: args = arguments(c, depth: d, in: table)
                case .closureExpr, .labeledTrailingClosure: closures += 1
                default: break
                }
            }
            return .call(callee: shape(callee, depth: d, in: table), arguments: args, trailingClosures: closures)
        case .subscriptExpr:
            guard let base = first else { return .other(normalizedText(node)) }
            let args = firstChild(node, .argumentList).map { arguments($0, depth: d, in: table) } ?? ArgumentList()
            return .subscriptCall(base: shape(base, depth: d, in: table), arguments: args)
        case .sequenceExpr:
            return sequenceShape(node, depth: d, in: table)
        case .prefixExpr:
            let op = text(token: Int(nodes[node].firstToken))
            let operand = first.map { shape($0, depth: d, in: table) }
            if op == "..<" || op == "..." { return .range(lower: nil, op: op, upper: operand) }
            return .operators([op], operands: operand.map { [$0] } ?? [])
        case .postfixOperatorExpr:
            let op = text(token: Int(nodes[node].endToken) - 1)
            let operand = first.map { shape($0, depth: d, in: table) }
            if op == "..." { return .range(lower: operand, op: op, upper: nil) }
            return .operators([op], operands: operand.map { [$0] } ?? [])
        case .arrayExpr:
            return .array(children(node).map { shape($0, depth: d, in: table) })
        case .dictionaryExpr:
            return .dictionary
        case .keyPathExpr:
            return keyPathShape(node)
        case .closureExpr:
            return .closure
        case .tupleExpr:
            // A parenthesised expression is its content.
            // Asked through the sibling links, with no list of children or tokens made.
            if let list = first, kind(list) == .argumentList, let element = onlyChild(list),
               firstOwnToken(element, where: { _ in true }) == nil, let inner = firstChildNode(element) {
                return shape(inner, depth: d, in: table)
            }
            return .other(normalizedText(node))
        case .optionalChainExpr:
            return first.map { .optionalChain(shape($0, depth: d, in: table)) } ?? .other(normalizedText(node))
        case .forceUnwrapExpr:
            return first.map { .forceUnwrap(shape($0, depth: d, in: table)) } ?? .other(normalizedText(node))
        case .tryExpr, .awaitExpr:
            return first.map { .tryOrAwait(shape($0, depth: d, in: table)) } ?? .other(normalizedText(node))
        case .specializedExpr:
            return first.map { shape($0, depth: d, in: table) } ?? .other(normalizedText(node))
        default:
            return .other(normalizedText(node))
        }
    }

    /// The shape of the sequence expression `node`, read through its sibling links: a list of
    /// its children was made for every operator expression.
    func sequenceShape(_ node: Int, depth: Int, in table: ArgumentTable) -> ExprShape {
        var count = 0
        var ternary = -1
        var c = Int(nodes[node].firstChild)
        while c >= 0 {
            if ternary < 0 && kind(c) == .ternaryOperator { ternary = count }
            count += 1
            c = Int(nodes[c].nextSibling)
        }
        if ternary == 1 && count == 3 {
            // `condition ? then : else`: the operator node holds the `then` value.
            let condition = Int(nodes[node].firstChild)
            let op = Int(nodes[condition].nextSibling)
            let otherwise = Int(nodes[op].nextSibling)
            let then = firstChildNode(op).map { shape($0, depth: depth, in: table) } ?? .other("")
            return .ternary(condition: shape(condition, depth: depth, in: table), then: then,
                            else: shape(otherwise, depth: depth, in: table))
        }
        // Operators and operands alternate: both lists made at their size at once, where
        // appending reallocated the operands at the second.
        var ops: [String] = []
        var operands: [ExprShape] = []
        ops.reserveCapacity(count / 2)
        operands.reserveCapacity((count + 1) / 2)
        c = Int(nodes[node].firstChild)
        while c >= 0 {
            switch kind(c) {
            case .binaryOperator, .assignmentOperator: ops.append(normalizedText(c))
            case .ternaryOperator, .asOperator, .isOperator: return .other(normalizedText(node))
            default: operands.append(shape(c, depth: depth, in: table))
            }
            c = Int(nodes[c].nextSibling)
        }
        if ops.count == 1 && (ops[0] == "..<" || ops[0] == "...") && operands.count == 2 {
            return .range(lower: operands[0], op: ops[0], upper: operands[1])
        }
        return .operators(ops, operands: operands)
    }

    func keyPathShape(_ node: Int) -> ExprShape {
        var root: String? = nil
        var components: [String] = []
        var afterPeriod = false
        forEachOwnToken(node) { t in
            let tok = tokens[t]
            if tok.kind == .backslash { return true }
            if tok.kind == .period { afterPeriod = true; return true }
            if tok.kind == .identifier || tok.kind == .keyword || tok.kind == .integerLiteral {
                if afterPeriod {
                    components.append(identifierName(t))
                } else if components.isEmpty && root == nil {
                    root = identifierName(t)
                }
            }
            afterPeriod = false
            return true
        }
        return .keyPath(root: root, components: components)
    }

    /// `normalizedText` of code standing alone (a view's base, out of its file), its tokens
    /// lexed again: for the few texts asked for after the file's tree is gone.
    static func normalizedText(ofCode bytes: ArraySlice<UInt8>) -> String {
        let tree = Parser.parse(SourceFile(path: "", bytes: Array(bytes)))
        // Without the end of file, which the node's own tokens do not count.
        return tree.normalizedText(spanning: 0..<max(0, tree.tokens.count - 1))
    }

    /// `normalizedText(node)`, taken from `shape` (the node's) where the shape holds that very
    /// string: a name of one token without backticks, a number, or a text the shape could not
    /// model. Arguments and initial values are mostly these, and their text was made a second time.
    func normalizedText(_ node: Int, shape: ExprShape) -> String {
        let n = nodes[node]
        switch shape {
        case .identifier(let name):
            if n.endToken - n.firstToken == 1 && identifierByteRange(Int(n.firstToken)) == tokens[Int(n.firstToken)].textRange {
                return name
            }
        case .integer(let text), .float(let text):
            if n.endToken - n.firstToken == 1 && kind(node) == .literalExpr { return text }
        case .other(let text):
            // Every `.other` of the node's own kind is its normalised text, but for a literal
            // (its token's text) and the shapes of a parenthesised or specialised expression
            // (their inner expression's).
            switch kind(node) {
            case .literalExpr, .tupleExpr, .specializedExpr: break
            default: return text
            }
        default:
            break
        }
        return normalizedText(node)
    }

    /// The arguments of the argument-list node `list`, with their shapes built at `depth`.
    ///
    /// A list is built once and shared: a call site and the shape of an expression around the
    /// same call ask for it at different depths, and the lists are equal unless one of them
    /// reaches `maxShapeDepth`. So the table keeps, with each list, the depth it was built at
    /// and the deepest shape it reached, and gives it again only where the other depth would
    /// reach the same shapes.
    func arguments(_ list: Int, depth: Int = 0, in table: ArgumentTable) -> ArgumentList {
        // Only whether there is one: counting them all walked every list twice. Found through
        // the links in place, and the walk below starts there: `firstChild(_:_:)` was a call of
        // its own for each of 195,000 lists on the real apps, and the walk then began again.
        var first = Int(nodes[list].firstChild)
        while first >= 0 && nodes[first].kind != .argument { first = Int(nodes[first].nextSibling) }
        guard first >= 0 else { return ArgumentList() }
        if let built = table.list(of: list) {
            let deepest = built.deepest - built.depth + depth
            if built.depth == depth || (built.deepest <= SyntaxTree.maxShapeDepth && deepest <= SyntaxTree.maxShapeDepth) {
                if deepest > table.deepest { table.deepest = deepest }
                let level = built.list.level
                if level > table.highestHeldLevel { table.highestHeldLevel = level }
                return built.list
            }
        }
        let outerDeepest = table.deepest
        table.deepest = depth
        let outerHighestHeld = table.highestHeldLevel
        table.highestHeldLevel = -1
        let mark = table.mark
        var next = first
        while next >= 0 {
            let arg = next
            next = Int(nodes[arg].nextSibling)
            guard nodes[arg].kind == .argument, let expr = firstChildNode(arg) else { continue }
            let labelToken = argumentLabel(arg)
            // Whether the text is the source's, asked before the shape is built: an argument
            // inside an expression found so is its source's too, and is not walked again.
            let enclosing = table.sourceTextTokens
            let tokens = Int(nodes[expr].firstToken)..<Int(nodes[expr].endToken)
            let isSource = (!enclosing.isEmpty && enclosing.lowerBound <= tokens.lowerBound
                            && tokens.upperBound <= enclosing.upperBound) || normalizedTextIsSource(expr)
            if isSource { table.sourceTextTokens = tokens }
            let exprShape = shape(expr, depth: depth, in: table)
            table.sourceTextTokens = enclosing
            // The text before the argument, so that the shape's last use is the argument it moves
            // into: read after it, the shape was copied into the argument (a retain), then destroyed.
            let text: ArgumentText = isSource ? .source(source.bytes)
                : .normalized(table.names.sharedTextBox(normalizedText(expr, shape: exprShape)))
            table.append(Argument(labelID: labelToken.map { table.names.id(source.bytes, identifierByteRange($0)) },
                                  shape: consume exprShape, text: text, range: sourceRange(expr),
                                  labelRange: labelToken.map { sourceRange(token: $0) }))
        }
        let result = table.store(from: mark, of: list, depth: depth, level: table.highestHeldLevel + 1)
        if outerDeepest > table.deepest { table.deepest = outerDeepest }
        table.highestHeldLevel = max(outerHighestHeld, result.level)
        return result
    }
}
