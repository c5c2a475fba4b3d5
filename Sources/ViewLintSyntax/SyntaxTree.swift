/// Kinds of syntax tree nodes. A node covers a contiguous range of tokens; tokens that carry
/// no structure of their own (keywords, punctuation) are simply inside their parent's range.
public enum NodeKind: UInt8, Sendable, CaseIterable {
    case sourceFile

    // Declarations
    case importDecl, structDecl, classDecl, actorDecl, enumDecl, protocolDecl, extensionDecl
    case variableDecl, patternBinding, typeAnnotation, initializerClause, accessorBlock, accessorDecl
    case functionDecl, initializerDecl, deinitializerDecl, subscriptDecl, typeAliasDecl, associatedTypeDecl
    case enumCaseDecl, enumCaseElement, operatorDecl, precedenceGroupDecl, macroDecl, macroExpansionDecl
    case ifConfigDecl, ifConfigClause, ifConfigCondition
    case attribute, attributeArguments, declModifier
    case genericParameterClause, genericWhereClause, inheritanceClause, memberBlock
    case parameterClause, parameter, returnClause, effectSpecifiers

    // Patterns
    case identifierPattern, tuplePattern, wildcardPattern, valueBindingPattern, isPattern

    // Statements
    case codeBlock, ifStmt, conditionList, conditionElement, optionalBinding, matchingPattern, availabilityCondition
    case guardStmt, switchStmt, switchCase, switchCaseLabel, forStmt, whileStmt, repeatStmt, doStmt, catchClause
    case returnStmt, throwStmt, deferStmt, breakStmt, continueStmt, fallthroughStmt, labeledStmt, otherStmt

    // Expressions
    case sequenceExpr, binaryOperator, assignmentOperator, ternaryOperator, asOperator, isOperator
    case prefixExpr, inoutExpr, tryExpr, awaitExpr
    case identifierExpr, memberAccessExpr, callExpr, argumentList, argument, labeledTrailingClosure
    case subscriptExpr, optionalChainExpr, forceUnwrapExpr, postfixOperatorExpr, genericArgumentClause, specializedExpr
    case closureExpr, closureSignature, closureParameter, captureList
    case literalExpr, stringLiteralExpr, interpolation, regexLiteralExpr
    case arrayExpr, dictionaryExpr, dictionaryElement, tupleExpr
    case keyPathExpr, macroExpansionExpr, postfixIfConfigExpr

    // Types
    case simpleType, memberType, arrayType, dictionaryType, tupleType, tupleTypeElement, functionType
    case optionalType, implicitlyUnwrappedType, attributedType, someOrAnyType, compositionType, metatypeType
    case packExpansionType

    // Recovery
    case unexpected
    /// Nesting past the parser's depth limit, skipped as balanced tokens without structure.
    case opaque
}

/// A node of the tree. Nodes are stored in post-order (children before their parent), which
/// lets the parser wrap an already-finished node in a new parent for free; the navigation
/// links are filled in once the parse is complete.
public struct SyntaxNode: Sendable {
    public var kind: NodeKind
    public var firstToken: Int32
    /// One past the last token.
    public var endToken: Int32
    /// Index of the first node of this node's subtree (itself if it has no children).
    public var subtreeStart: Int32
    public var parent: Int32 = -1
    public var firstChild: Int32 = -1
    public var nextSibling: Int32 = -1

    public var tokenRange: Range<Int> { Int(firstToken)..<Int(max(firstToken, endToken)) }
}

/// A parsed file: tokens plus a best-effort tree over them.
public struct SyntaxTree: Sendable {
    public let file: TokenizedFile
    public let nodes: [SyntaxNode]

    public var source: SourceFile { file.source }
    public var tokens: [Token] { file.tokens }
    /// The `sourceFile` node.
    public var root: Int { nodes.count - 1 }

    init(file: TokenizedFile, postOrderNodes: [SyntaxNode]) {
        var nodes = postOrderNodes
        // Link each node to its children by walking back from the node through its subtree,
        // one sibling at a time; every node is visited once as a child, so this is linear.
        for index in nodes.indices {
            let start = Int(nodes[index].subtreeStart)
            var child = index - 1
            var next: Int32 = -1
            while child >= start {
                nodes[child].parent = Int32(index)
                nodes[child].nextSibling = next
                next = Int32(child)
                child = Int(nodes[child].subtreeStart) - 1
            }
            nodes[index].firstChild = next
        }
        self.file = file
        self.nodes = nodes
    }

    @inline(__always) public subscript(_ node: Int) -> SyntaxNode { nodes[node] }
    @inline(__always) public func kind(_ node: Int) -> NodeKind { nodes[node].kind }

    /// The node's children, in source order.
    public func children(_ node: Int) -> ChildSequence { ChildSequence(nodes: nodes, first: Int(nodes[node].firstChild)) }

    public func firstChild(_ node: Int, _ kind: NodeKind) -> Int? {
        var c = Int(nodes[node].firstChild)
        while c >= 0 {
            if nodes[c].kind == kind { return c }
            c = Int(nodes[c].nextSibling)
        }
        return nil
    }

    public func parent(_ node: Int) -> Int? {
        let p = Int(nodes[node].parent)
        return p >= 0 ? p : nil
    }

    /// The node's tokens that are not inside any of its child nodes (a declaration's keyword
    /// and name, an operator's token), in order.
    public func ownTokens(_ node: Int) -> [Int] {
        var result: [Int] = []
        var t = Int(nodes[node].firstToken)
        let end = Int(nodes[node].endToken)
        var c = Int(nodes[node].firstChild)
        while t < end {
            if c >= 0 && Int(nodes[c].firstToken) <= t {
                t = max(t, Int(nodes[c].endToken))
                c = Int(nodes[c].nextSibling)
                continue
            }
            result.append(t)
            t += 1
        }
        return result
    }

    /// Source text of a token.
    public func text(token: Int) -> String {
        String(decoding: source.bytes[file.tokens[token].textRange], as: UTF8.self)
    }

    /// Source text of a node, from its first token's text to its last token's text.
    public func text(_ node: Int) -> String {
        let n = nodes[node]
        guard n.endToken > n.firstToken else { return "" }
        let start = Int(file.tokens[Int(n.firstToken)].textStart)
        let end = Int(file.tokens[Int(n.endToken) - 1].textEnd)
        return String(decoding: source.bytes[start..<max(start, end)], as: UTF8.self)
    }

    /// The node's text in a canonical spacing decided by token kinds alone (`f(a: 1, b)`,
    /// `x + 1`, `(() -> Void)?`), so two nodes have equal normalised text exactly when they
    /// differ only in whitespace and comments.
    public func normalizedText(_ node: Int) -> String {
        let n = nodes[node]
        var out: [UInt8] = []
        var t = Int(n.firstToken)
        var previous: (kind: TokenKind, angle: Bool)? = nil
        while t < Int(n.endToken) {
            let token = file.tokens[t]
            if token.kind == .endOfFile { break }
            let first = token.textEnd > token.textStart ? source.bytes[Int(token.textStart)] : 0
            // `<` and `>` are spelled tight: `Array<Int>` reads better than `Array < Int >`.
            let angle = token.isOperator && (first == 0x3C || first == 0x3E)
            if let previous, SyntaxTree.needsSpace(previous.kind, previous.angle, token.kind, angle) { out.append(0x20) }
            out.append(contentsOf: source.bytes[token.textRange])
            previous = (token.kind, angle)
            t += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func needsSpace(_ a: TokenKind, _ aAngle: Bool, _ b: TokenKind, _ bAngle: Bool) -> Bool {
        func isWord(_ k: TokenKind) -> Bool {
            switch k {
            case .identifier, .keyword, .dollarIdentifier, .wildcard, .integerLiteral, .floatLiteral: return true
            default: return false
            }
        }
        if b == .leftBrace || a == .leftBrace || b == .rightBrace { return true }
        if b == .rightParen || b == .rightSquare || b == .comma || b == .colon { return false }
        if a == .leftParen || a == .leftSquare { return false }
        if aAngle || bAngle { return false }
        if isWord(a) && isWord(b) { return true }
        if a == .colon || a == .comma { return true }
        func isSpaced(_ k: TokenKind) -> Bool {
            switch k {
            case .binaryOperator, .arrow, .infixQuestionMark, .equal: return true
            default: return false
            }
        }
        return isSpaced(a) || isSpaced(b)
    }

    /// Does token `t` spell exactly `text`? Compares bytes, allocates nothing.
    @inline(__always)
    public func tokenIs(_ t: Int, _ text: StaticString) -> Bool {
        let tok = file.tokens[t]
        let count = text.utf8CodeUnitCount
        guard tok.textLength == count else { return false }
        let base = text.utf8Start
        var i = 0
        let start = Int(tok.textStart)
        while i < count {
            if source.bytes[start + i] != base[i] { return false }
            i += 1
        }
        return true
    }

    /// Byte offset where the node's text starts and ends.
    public func byteRange(_ node: Int) -> Range<Int> {
        let n = nodes[node]
        guard n.endToken > n.firstToken else {
            let t = file.tokens[Int(min(n.firstToken, Int32(file.tokens.count - 1)))]
            return Int(t.textStart)..<Int(t.textStart)
        }
        return Int(file.tokens[Int(n.firstToken)].textStart)..<Int(file.tokens[Int(n.endToken) - 1].textEnd)
    }

    /// An indented outline of the tree, for tests and debugging.
    public func dump() -> String {
        var lines: [String] = []
        var stack: [(Int, Int)] = [(root, 0)]
        while let (node, depth) = stack.popLast() {
            let n = nodes[node]
            var line = String(repeating: "  ", count: depth) + "\(n.kind)"
            if n.firstChild < 0 && n.endToken > n.firstToken { line += " " + normalizedText(node) }
            lines.append(line)
            var kids: [Int] = []
            for c in children(node) { kids.append(c) }
            for c in kids.reversed() { stack.append((c, depth + 1)) }
        }
        return lines.joined(separator: "\n")
    }
}

public struct ChildSequence: Sequence, IteratorProtocol {
    let nodes: [SyntaxNode]
    var current: Int
    init(nodes: [SyntaxNode], first: Int) {
        self.nodes = nodes
        self.current = first
    }
    public mutating func next() -> Int? {
        guard current >= 0 else { return nil }
        let c = current
        current = Int(nodes[c].nextSibling)
        return c
    }
}
