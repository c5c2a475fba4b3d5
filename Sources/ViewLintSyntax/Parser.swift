/// A resilient recursive-descent parser for the parts of Swift a SwiftUI linter needs.
///
/// It never fails: what it cannot use it wraps in an `unexpected` node and moves on, skipping
/// to a balanced delimiter or the next declaration. Every loop either consumes a token or
/// exits. Nesting deeper than `maxDepth` is skipped as an `opaque` node (balanced tokens,
/// no structure), so a file of 100,000 nested brackets costs linear time and bounded stack.
public enum Parser {
    /// Deep enough for any real code (SwiftUI views nest a few dozen levels), shallow enough
    /// that the recursion fits in a worker thread's stack.
    public static let maxDepth = 120

    public static func parse(_ file: TokenizedFile) -> SyntaxTree {
        file.source.bytes.withUnsafeBufferPointer { bytes in
            file.tokens.withUnsafeBufferPointer { tokens in
                // Parsed into the tree's own array, reserved for about a node per token, as view
                // code has (reserved for half as many, the array doubled once and held its old
                // and new storage together while a huge file was parsed). Copied out of storage
                // of their own at the end, the nodes were one large copy a file (51 M
                // instructions on the real apps); only a file with more nodes spills there now.
                var spilled: NodeBuffer?
                var nodes = [SyntaxNode](unsafeUninitializedCapacity: tokens.count + 4) { storage, initialized in
                    var parser = ParserState(tokens: tokens, bytes: bytes, storage: storage)
                    parser.parseSourceFile()
                    if parser.nodes.ownsStorage {
                        spilled = parser.nodes
                        initialized = 0
                    } else {
                        initialized = parser.nodes.count
                    }
                }
                if let buffer = spilled {
                    nodes = buffer.array()
                    buffer.deallocate()
                }
                nodes.releaseUnusedCapacity()
                return SyntaxTree(file: file, postOrderNodes: nodes)
            }
        }
    }

    public static func parse(_ source: SourceFile) -> SyntaxTree {
        parse(Lexer.tokenize(source))
    }
}

/// Where a node starts, taken before parsing it.
struct Marker {
    var node: Int
    var token: Int
}

/// The look-ahead functions the grammar asks at most tokens (`declKeywordIndex`, `atStop`,
/// `atGenericOpen`, ...) only read the state, yet are `mutating`: called from the grammar's
/// mutating functions, a non-mutating one got a copy of the whole state (`memcpy` of 136 bytes)
/// at every call, about 1.6 million copies on the real apps. Small ones are inlined instead.
struct ParserState {
    let tokens: UnsafeBufferPointer<Token>
    let bytes: UnsafeBufferPointer<UInt8>
    var pos = 0
    /// The nodes in post order. Until its parent is finished, a node's `nextSibling` holds where
    /// its subtree starts (`SyntaxTree.encodeSubtreeStart`): what `precede` wraps and `finish`
    /// links children by. A list of its own beside the nodes was a second append per node, a
    /// fifth of the parser's own instructions with the first.
    var nodes: NodeBuffer
    var depth = 0
    /// `>` characters of a `>>` token consumed by an inner generic clause that still close
    /// enclosing ones.
    var pendingGenericCloses = 0

    init(tokens: UnsafeBufferPointer<Token>, bytes: UnsafeBufferPointer<UInt8>,
         storage: UnsafeMutableBufferPointer<SyntaxNode>) {
        self.tokens = tokens
        self.bytes = bytes
        precondition(tokens.last?.kind == .endOfFile, "the lexer ends every file with an end-of-file token")
        eofIndex = tokens.count - 1
        nodes = NodeBuffer(storage: storage)
    }

    // MARK: Tokens

    /// The last token's index, `.endOfFile`'s (the lexer always ends a file with one): asked at
    /// every token consumed and looked at ahead, where `tokens.count - 1` was a load and a checked
    /// subtraction each time.
    let eofIndex: Int
    @inline(__always) var current: Token { tokens[pos] }
    @inline(__always) var kind: TokenKind { tokens[pos].kind }
    /// `k` is a small constant and `pos` at most `eofIndex`: the sum cannot overflow.
    @inline(__always) func peek(_ k: Int = 1) -> Token { tokens[min(pos &+ k, eofIndex)] }
    @inline(__always) func token(_ index: Int) -> Token { tokens[min(index, eofIndex)] }
    /// `peek()` where the caller has seen the current token is of a kind other than
    /// `.endOfFile`: such a token is not the last (see `advance`), so the one after it is read
    /// without `peek`'s bound (a load and a compare at each of the look-aheads the grammar asks
    /// at most arguments, labels and members).
    @inline(__always) var tokenAfterCurrent: Token {
        assert(tokens[pos].kind != .endOfFile, "no token after the end of file")
        return tokens[pos &+ 1]
    }
    @inline(__always) var atEOF: Bool { tokens[pos].kind == .endOfFile }

    @inline(__always) func at(_ k: TokenKind) -> Bool { tokens[pos].kind == k }
    /// A reserved keyword.
    @inline(__always) func at(_ word: Keyword) -> Bool {
        let t = tokens[pos]
        return t.kind == .keyword && t.keyword == word
    }
    /// A contextual keyword, which the lexer left as an identifier.
    @inline(__always) func atContextual(_ word: Keyword) -> Bool {
        let t = tokens[pos]
        return t.kind == .identifier && t.keyword == word
    }
    @inline(__always) func isKeyword(_ t: Token, _ word: Keyword) -> Bool { t.kind == .keyword && t.keyword == word }
    @inline(__always) func isContextual(_ t: Token, _ word: Keyword) -> Bool { t.kind == .identifier && t.keyword == word }

    /// Does the token spell `text` exactly (for operators such as `<`, `&`, `...`)?
    @inline(__always) func tokenIs(_ t: Token, _ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard t.textLength == count else { return false }
        let base = text.utf8Start
        var i = 0
        let start = Int(t.textStart)
        while i < count {
            if bytes[start + i] != base[i] { return false }
            i += 1
        }
        return true
    }

    func firstByte(_ t: Token) -> UInt8 { t.textEnd > t.textStart ? bytes[Int(t.textStart)] : 0 }

    @inline(__always) mutating func bump() {
        // Below `eofIndex`, so the increment cannot overflow.
        if pos < eofIndex { pos &+= 1 }
    }

    /// Steps past the current token, which the caller has seen is of a kind other than
    /// `.endOfFile`: such a token is not the last (`init` checks the last is the end of file), so
    /// there is one after it and no bound to test. Used where the grammar has just switched on the
    /// token's kind, at most of the tokens a file has.
    @inline(__always) mutating func advance() {
        assert(tokens[pos].kind != .endOfFile, "advance past the end of file")
        pos &+= 1
    }

    /// Inlined: called about once a statement, argument and parameter.
    @inline(__always) @discardableResult
    mutating func eat(_ k: TokenKind) -> Bool {
        guard tokens[pos].kind == k else { return false }
        // `k` is a constant where this is inlined, so the test folds.
        if k == .endOfFile { bump() } else { advance() }
        return true
    }

    @discardableResult
    mutating func eat(_ word: Keyword) -> Bool {
        if at(word) { bump(); return true }
        return false
    }

    @discardableResult
    mutating func eatContextual(_ word: Keyword) -> Bool {
        if atContextual(word) { bump(); return true }
        return false
    }

    // MARK: Nodes

    @inline(__always) func start() -> Marker { Marker(node: nodes.count, token: pos) }

    /// Appends the node and links its children: the nodes since `m` that no node finished since
    /// has taken, found from the last one back, one subtree start at a time. Linked here, where
    /// the node's start is at hand and its children were just written, rather than in a pass over
    /// the whole tree after the parse (28 instructions a node, 105 M on the real apps). Inlined:
    /// called, it was 52 instructions a node, the call and the checked conversions to `Int32`
    /// (a file is at most 2 GiB, so its token and node indices fit).
    @inline(__always) @discardableResult
    mutating func finish(_ m: Marker, _ kind: NodeKind) -> Int { finish(m, kind, endToken: pos) }

    @inline(__always) @discardableResult
    mutating func finish(_ m: Marker, _ kind: NodeKind, endToken: Int) -> Int {
        let index = nodes.count
        var child = index &- 1
        var next: Int32 = -1
        while child >= m.node {
            let childStart = SyntaxTree.decodeSubtreeStart(nodes[unchecked: child].nextSibling)
            nodes[unchecked: child].nextSibling = next
            next = Int32(truncatingIfNeeded: child)
            child = childStart &- 1
        }
        nodes.append(SyntaxNode(kind: kind, firstToken: Int32(truncatingIfNeeded: m.token),
                                endToken: Int32(truncatingIfNeeded: endToken), firstChild: next,
                                nextSibling: SyntaxTree.encodeSubtreeStart(m.node)))
        return index
    }

    /// A marker that starts where a finished node starts, to wrap it in a new parent.
    /// Only the node finished last is wrapped, so subtrees nest and `finish` links every node
    /// but the root once.
    @inline(__always) func precede(_ node: Int) -> Marker {
        assert(node == nodes.count - 1, "precede wraps the node finished last")
        // A node `finish` returned, so in range.
        let n = nodes[unchecked: node]
        return Marker(node: SyntaxTree.decodeSubtreeStart(n.nextSibling), token: Int(n.firstToken))
    }

    // MARK: Recovery

    /// Skips one token, or a whole bracketed group when at an opening bracket, iteratively.
    mutating func skipBalanced() {
        let k = kind
        guard k.isOpeningBracket else { bump(); return }
        var stack: [TokenKind] = [k]
        bump()
        while !atEOF && !stack.isEmpty {
            let c = kind
            if c.isOpeningBracket {
                stack.append(c)
            } else if c.isClosingBracket {
                // Close up to the matching opener; an unmatched closer closes the innermost.
                let opener: TokenKind = c == .rightParen ? .leftParen : c == .rightSquare ? .leftSquare : .leftBrace
                if let index = stack.lastIndex(of: opener) {
                    stack.removeSubrange(index...)
                } else {
                    stack.removeLast()
                }
            }
            bump()
        }
    }

    /// Wraps one token (or a bracketed group) that the grammar cannot use.
    mutating func skipUnexpected() {
        let m = start()
        if kind.isClosingBracket || atEOF { bump() } else { skipBalanced() }
        finish(m, .unexpected)
    }

    /// Past the depth limit: swallow the construct at hand without recursing.
    mutating func skipOpaque() {
        let m = start()
        skipBalanced()
        finish(m, .opaque)
    }

    /// Enters one level of nesting, or returns false (after skipping) when too deep.
    mutating func enter() -> Bool {
        if depth >= Parser.maxDepth {
            skipOpaque()
            return false
        }
        // Wrapping: the depth stays between 0 and `maxDepth`.
        depth &+= 1
        return true
    }

    mutating func leave() { depth &-= 1 }

    // MARK: Look-ahead helpers

    /// Index just past a bracketed group starting at `index` (or `index + 1` otherwise).
    func skipGroup(from index: Int) -> Int {
        var k = index
        let first = token(k).kind
        guard first.isOpeningBracket else { return min(k + 1, eofIndex) }
        var depth = 0
        while k < eofIndex {
            let c = tokens[k].kind
            if c.isOpeningBracket { depth += 1 } else if c.isClosingBracket { depth -= 1 }
            k += 1
            if depth == 0 { return k }
        }
        return eofIndex
    }
}

// MARK: - Source file

extension ParserState {
    // SourceFile = Shebang? (Decl | Statement)* EOF
    mutating func parseSourceFile() {
        let m = start()
        eat(.shebang)
        parseItems(.topLevel, stops: [])
        // Stray closing braces at top level end the loop above; keep going past them.
        while !atEOF {
            skipUnexpected()
            parseItems(.topLevel, stops: [])
        }
        // The root covers every token, end of file included, so its range is the whole file.
        let root = finish(m, .sourceFile, endToken: tokens.count)
        // Markers nest (each is taken at the end of the nodes or wraps the node finished last,
        // and is finished before any taken earlier), so every node but the root was linked as its
        // parent was finished: only the root's subtree start is left to clear, where a pass over
        // all nodes cleared any left (13 M instructions on the real apps).
        nodes[root].nextSibling = -1
        assert(nodes.allLinked, "a node left outside every parent")
    }

    enum ItemContext {
        case topLevel, members, statements, switchCases
    }

    struct Stops: OptionSet {
        let rawValue: UInt8
        /// `#elseif`, `#else`, `#endif`: the end of an `#if` clause.
        static let directive = Stops(rawValue: 1)
        /// `case`, `default`, `@unknown`: the end of a switch case's statements.
        static let caseLabel = Stops(rawValue: 2)
    }

    /// Mutating for speed only: see `ParserState`.
    mutating func atStop(_ stops: Stops) -> Bool {
        if stops.contains(.directive) && (at(.poundElseif) || at(.poundElse) || at(.poundEndif)) { return true }
        if stops.contains(.caseLabel) && (at(.case) || at(.default) || (at(.atSign) && isContextualWord(peek(), "unknown"))) {
            return true
        }
        return false
    }

    /// Items of a block up to `}`, a stop, or the end of the file.
    mutating func parseItems(_ context: ItemContext, stops: Stops) {
        while !atEOF {
            if atStop(stops) || at(.rightBrace) { return }
            if eat(.semicolon) { continue }
            let before = pos
            switch context {
            case .members: parseMember()
            case .topLevel, .statements: parseStatement()
            case .switchCases: parseSwitchCase()
            }
            if pos == before { skipUnexpected() }
        }
    }

    @inline(__always) func isContextualWord(_ t: Token, _ text: StaticString) -> Bool {
        t.kind == .identifier && tokenIs(t, text)
    }
}

/// The parser's nodes: in the storage of the tree's array, and when they outgrow it, in storage
/// of their own that grows by doubling. `finish` writes the sibling links of nodes finished
/// earlier, which an array written in batches (`BatchedArray`) would have had to look for in
/// the batch or the array, and a plain array would have checked unique on every write.
struct NodeBuffer {
    private var base: UnsafeMutablePointer<SyntaxNode>
    private var capacity: Int
    /// Kept in 32 bits (`grow` never lets the capacity pass `UInt32.max`): read as an `Int`, a
    /// count the compiler knows is not `Int.min`, so `finish` of a node started just before it
    /// (a name, a literal: no children) folds its children's loop away; with an `Int` count the
    /// loop's first test (`count - 1 >= count`, wrapping) stayed, an `Int.min` test a node.
    private var storedCount: UInt32 = 0
    @inline(__always) var count: Int { Int(storedCount) }
    /// Whether the nodes have outgrown the storage they were given (and `deallocate` frees theirs).
    private(set) var ownsStorage = false

    init(storage: UnsafeMutableBufferPointer<SyntaxNode>) {
        precondition(storage.count > 0, "a node buffer needs room for the root")
        base = storage.baseAddress.unsafelyUnwrapped
        capacity = storage.count
    }

    @inline(__always) subscript(index: Int) -> SyntaxNode {
        get {
            // One comparison for both bounds: a negative index is a huge unsigned one.
            precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "node index out of range")
            return base[index]
        }
        set {
            precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "node index out of range")
            base[index] = newValue
        }
    }

    /// `finish`'s reads and writes of the children it links, whose indices lie between its
    /// marker's node (a count of nodes, or the subtree start of a node not yet linked: never
    /// negative) and the last node: two bounds checks a child, 7 M instructions on the real apps.
    @inline(__always) subscript(unchecked index: Int) -> SyntaxNode {
        get { base[index] }
        set { base[index] = newValue }
    }

    @inline(__always) mutating func append(_ node: SyntaxNode) {
        if count == capacity { grow() }
        (base + count).initialize(to: node)
        storedCount &+= 1
    }

    @inline(never) private mutating func grow() {
        precondition(capacity * 2 <= Int(UInt32.max), "over four billion nodes")
        let larger = UnsafeMutablePointer<SyntaxNode>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        if ownsStorage { base.deallocate() }
        base = larger
        capacity *= 2
        ownsStorage = true
    }

    /// Whether no node still holds its subtree start (for assertions: a pass over all nodes).
    var allLinked: Bool {
        UnsafeBufferPointer(start: base, count: count).allSatisfy { $0.nextSibling >= -1 }
    }

    /// The nodes, in an array of their size.
    func array() -> [SyntaxNode] {
        var array: [SyntaxNode] = []
        array.reserveCapacity(count)
        array.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
        return array
    }

    /// Frees the storage of its own (see `ownsStorage`); the buffer is not used after.
    func deallocate() {
        base.deinitialize(count: count)
        base.deallocate()
    }
}
