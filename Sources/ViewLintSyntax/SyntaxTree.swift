#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Kinds of syntax tree nodes. A node covers a contiguous range of tokens; tokens that carry
/// no structure of their own (keywords, punctuation) are simply inside their parent's range.
public enum NodeKind: UInt8, Sendable, CaseIterable, BitwiseCopyable {
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
///
/// 20 bytes: where each node's subtree starts is the parser's (it links the children once, from
/// a list it then drops), and no node links back to its parent (nothing walked up the tree). A
/// huge file's nodes live until its model is extracted, at the peak of its run.
public struct SyntaxNode: Sendable {
    public var kind: NodeKind
    public var firstToken: Int32
    /// One past the last token.
    public var endToken: Int32
    public var firstChild: Int32 = -1
    public var nextSibling: Int32 = -1

    public var tokenRange: Range<Int> { Int(firstToken)..<Int(max(firstToken, endToken)) }
}

/// A parsed file: tokens plus a best-effort tree over them.
public struct SyntaxTree: Sendable {
    public let file: TokenizedFile
    public let nodes: [SyntaxNode]
    /// Hashes of long token ranges, for the summaries of long normalised texts (see `rangeHash`).
    let rangeHashes: RangeHashes
    static let hashStride = 16

    // The accessors the model's extraction calls per node and per token are inlinable: across
    // the module boundary each was a call, with the array retained and released around it.
    @inlinable public var source: SourceFile { file.source }
    @inlinable public var tokens: [Token] { file.tokens }
    /// The `sourceFile` node.
    public var root: Int { nodes.count - 1 }

    /// - Parameter postOrderNodes: the parser's nodes, linked.
    init(file: TokenizedFile, postOrderNodes nodes: [SyntaxNode]) {
        self.file = file
        self.nodes = nodes
        self.rangeHashes = RangeHashes(tokenCount: file.tokens.count)
    }

    /// A subtree's start as the parser stores it in the node's `nextSibling` until the node's
    /// parent links it: below -1, so that a node no parent links (the root) is told from a linked one.
    /// Wrapping, as `ParserState.finish`'s other conversions are (a node index fits in 32 bits):
    /// the checked subtraction and conversion were seven instructions of every node finished.
    @inline(__always) static func encodeSubtreeStart(_ start: Int) -> Int32 { Int32(truncatingIfNeeded: -2 &- start) }
    @inline(__always) static func decodeSubtreeStart(_ stored: Int32) -> Int { -2 &- Int(stored) }

    static let hashBase: UInt64 = 0x100000001B3
    /// `hashBase` to the power `hashStride` (wrapping): what a hash is multiplied by to append
    /// the hash of one stride of tokens.
    static let hashBaseToStride: UInt64 = {
        var power: UInt64 = 1
        for _ in 0..<hashStride { power = power &* hashBase }
        return power
    }()

    /// The token's own hash: its kind, then its bytes eight at a time.
    @inline(__always)
    static func tokenHash(_ t: Token, _ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0x9E3779B97F4A7C15 &* (UInt64(t.kind.rawValue) &+ 1)
        var k = Int(t.textStart)
        let end = Int(t.textEnd)
        while k + 8 <= end {
            // The eight bytes as one little-endian word, in one load.
            let word = UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + k).loadUnaligned(as: UInt64.self))
            h = (h ^ word) &* 0xBF58476D1CE4E5B9
            h ^= h >> 31
            k += 8
        }
        while k < end {
            h = (h ^ UInt64(bytes[k])) &* 0x94D049BB133111EB
            k += 1
        }
        h ^= h >> 29
        return h
    }

    /// A hash of the kinds and texts of tokens `range` (trivia excluded): equal for two ranges
    /// that differ only in whitespace and comments. Polynomial in the tokens' own hashes
    /// (`hash = hash * hashBase + tokenHash`, token by token), so that a range's hash is its
    /// strides' hashes put together (`RangeHashes`).
    ///
    /// Only the summaries of texts over `normalizedTokenLimit` tokens ask, about one for each
    /// container view and modifier with content, and these nest: a file's body, its stacks and
    /// their rows each cover the tokens of the ones inside. Hashed token by token, the ranges
    /// came to about as many tokens as the file has before a table of prefix hashes was made, a
    /// second pass over every token (74 M instructions on the real apps); now each stride of
    /// `hashStride` tokens is hashed once, when a range first covers it, and the ends of a range
    /// token by token.
    public func rangeHash(_ range: Range<Int>) -> UInt64 {
        rangeHashes.hash(range, tree: self)
    }

    @inlinable public subscript(_ node: Int) -> SyntaxNode { nodes[node] }
    @inlinable public func kind(_ node: Int) -> NodeKind { nodes[node].kind }

    /// The node's children, in source order. Valid while the tree is.
    ///
    /// Read through a pointer to the nodes' storage, which the sequence does not hold: a copy
    /// of the array was retained and released at every walk over a node's children, which inside
    /// a mutating method (the model's extraction) the compiler kept. `nodes` is never changed
    /// after `init`, so its storage stays where it is while any copy of the tree holds it.
    ///
    /// So the caller must keep the tree alive until the loop ends. Swift may end a local's
    /// lifetime at its last use: a tree made in the same function and not used inside the loop
    /// needs `withExtendedLifetime(tree) { ... }`. Every caller today holds the tree in a stored
    /// property or a parameter, or reads it inside the loop.
    @inlinable
    public func children(_ node: Int) -> ChildSequence {
        let first = Int(nodes[node].firstChild)
        return nodes.withUnsafeBufferPointer { ChildSequence(nodes: $0.baseAddress.unsafelyUnwrapped, first: first) }
    }

    @inlinable
    public func firstChild(_ node: Int, _ kind: NodeKind) -> Int? {
        var c = Int(nodes[node].firstChild)
        while c >= 0 {
            if nodes[c].kind == kind { return c }
            c = Int(nodes[c].nextSibling)
        }
        return nil
    }

    /// The node's tokens that are not inside any of its child nodes (a declaration's keyword
    /// and name, an operator's token), in order.
    public func ownTokens(_ node: Int) -> [Int] {
        var result: [Int] = []
        forEachOwnToken(node) { t in
            result.append(t)
            return true
        }
        return result
    }

    /// Calls `visit` with each of `ownTokens(node)`, in order, until it returns false, without
    /// listing them (an array per declaration or attribute the model reads a name from).
    @inlinable
    public func forEachOwnToken(_ node: Int, _ visit: (Int) -> Bool) {
        var t = Int(nodes[node].firstToken)
        let end = Int(nodes[node].endToken)
        var c = Int(nodes[node].firstChild)
        while t < end {
            if c >= 0 && Int(nodes[c].firstToken) <= t {
                t = max(t, Int(nodes[c].endToken))
                c = Int(nodes[c].nextSibling)
                continue
            }
            if !visit(t) { return }
            t += 1
        }
    }

    /// Source text of a token.
    public func text(token: Int) -> String {
        SyntaxTree.string(source.bytes, file.tokens[token].textRange)
    }

    /// Source text of a node, from its first token's text to its last token's text.
    public func text(_ node: Int) -> String {
        let n = nodes[node]
        guard n.endToken > n.firstToken else { return "" }
        let start = Int(file.tokens[Int(n.firstToken)].textStart)
        let end = Int(file.tokens[Int(n.endToken) - 1].textEnd)
        return SyntaxTree.string(source.bytes, start..<max(start, end))
    }

    /// The string `bytes` spell (invalid UTF-8 repaired, as `String(decoding:as:)` does).
    /// Nearly every text the model makes from source is a name or a short expression of up to
    /// 15 ASCII bytes, which a string holds inline: made through `unsafeUninitializedCapacity`,
    /// such a string is its bytes copied and checked for ASCII, where `String(decoding:)`
    /// validated them as UTF-8 byte by byte first (about 170 instructions against 110 a
    /// string, on the million the model makes from the real apps).
    @inline(__always)
    public static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let count = bytes.count
        guard count <= 15, count > 0, let base = bytes.baseAddress else { return String(decoding: bytes, as: UTF8.self) }
        var high: UInt8 = 0
        for k in 0..<count { high |= base[k] }
        guard high < 0x80 else { return String(decoding: bytes, as: UTF8.self) }
        return String(unsafeUninitializedCapacity: count) { out in
            out.baseAddress.unsafelyUnwrapped.initialize(from: base, count: count)
            return count
        }
    }

    /// `string` of `bytes[range]`.
    @inline(__always)
    public static func string(_ bytes: [UInt8], _ range: Range<Int>) -> String {
        bytes.withUnsafeBufferPointer { string(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// The node's text in a canonical spacing decided by token kinds alone (`f(a: 1, b)`,
    /// `x + 1`, `(() -> Void)?`), so two nodes have equal normalised text exactly when they
    /// differ only in whitespace and comments.
    public func normalizedText(_ node: Int) -> String {
        let n = nodes[node]
        // A node of one token (a name, a literal, an operator, most type annotations and
        // arguments) is that token's text: made without the general pass, which the model
        // runs for every argument, type and view base.
        if n.endToken - n.firstToken == 1 {
            let token = file.tokens[Int(n.firstToken)]
            if token.kind != .endOfFile {
                return SyntaxTree.string(source.bytes, Int(token.textStart)..<Int(token.textEnd))
            }
        }
        return normalizedText(spanning: Int(n.firstToken)..<Int(n.endToken))
    }

    /// Whether `normalizedText(node)` is the node's source text (`byteRange(node)`) as it
    /// stands: true of most code, written in the canonical spacing already, whose text a caller
    /// that keeps the bytes can then make when it is asked for rather than now. Told by the
    /// same gaps `normalizedText(tokens:)` checks, with no string made.
    ///
    /// Inlinable, and a node of one token (a third of the asks: names, numbers) answered here:
    /// across the module boundary every ask was two calls, about 50 instructions before the
    /// first gap.
    @inlinable
    public func normalizedTextIsSource(_ node: Int) -> Bool {
        let n = nodes[node]
        let first = Int(n.firstToken)
        let count = Int(n.endToken) &- first
        guard count > 0 else { return true }
        if count == 1 { return first >= 0 && first < tokens.count && tokens[first].kind != .endOfFile }
        return normalizedTextIsSource(spanning: first..<first &+ count)
    }

    /// Whether `normalizedText(spanning: range)` is the source's bytes from the first token's
    /// text to the last one's, as they stand (a modifier's arguments, `(.title)`, spelled when a
    /// rule asks); false for an empty range and for a range a summary stands for.
    public func normalizedTextIsSource(spanning range: Range<Int>) -> Bool {
        let first = range.lowerBound
        let count = range.count
        // `count` is at most the limit and `first` at most the tokens' count, so no sum here
        // overflows: the overflow and range checks of a `for` were a tenth of each ask.
        guard count > 0, first >= 0, count <= SyntaxTree.normalizedTokenLimit, first <= file.tokens.count &- count,
              file.tokens[first &+ count &- 1].kind != .endOfFile else { return false }
        guard count > 1 else { return true }
        return file.tokens.withUnsafeBufferPointer { tokens in
            source.bytes.withUnsafeBufferPointer { bytes in
                var previous = tokens[first]
                var t = first &+ 1
                let end = first &+ count
                repeat {
                    let token = tokens[t]
                    if gap(previous, token, bytes).differs { return false }
                    previous = token
                    t &+= 1
                } while t < end
                return true
            }
        }
    }

    /// `normalizedText` of a range of tokens (several sibling nodes, say).
    public func normalizedText(spanning range: Range<Int>) -> String {
        if range.count > SyntaxTree.normalizedTokenLimit {
            // Long code (a container with its content) is summarised by its first tokens and a
            // hash of all of them: still equal exactly when the code is, but built in constant
            // time however deeply containers nest.
            // Made at once in storage of its size, the mark and the hash's digits written after
            // the head's bytes: the head, the hash's string and the summary appended from them
            // were three strings (about 2,600 instructions a summary), and the model keeps these
            // texts for the whole run (room grown by appending was about 0.5% of the heap's peak
            // at 100,000 lines).
            return normalizedText(tokens: range.lowerBound..<range.lowerBound + SyntaxTree.normalizedHeadTokens,
                                  hashSuffix: rangeHash(range))
        }
        return normalizedText(tokens: range)
    }

    /// Nodes longer than this many tokens get a summarised normalised text.
    public static let normalizedTokenLimit = 48
    static let normalizedHeadTokens = 24
    static let summaryMark = " …#"
    static let summaryMarkBytes = Array(summaryMark.utf8)

    /// Writes `value` in base 36 (digits `0`-`9` then `a`-`z`, as `String(value, radix: 36)`
    /// spells it) at `out`, which has room for 13 bytes; returns how many it wrote.
    static func writeBase36(_ value: UInt64, to out: UnsafeMutablePointer<UInt8>) -> Int {
        var count = 1
        var rest = value / 36
        while rest > 0 {
            count += 1
            rest /= 36
        }
        var v = value
        var k = count
        repeat {
            k -= 1
            let digit = UInt8(truncatingIfNeeded: v % 36)
            out[k] = digit < 10 ? 0x30 + digit : 0x61 + digit - 10
            v /= 36
        } while k > 0
        return count
    }

    /// `normalizedText` of the tokens of `range`; with `hashSuffix`, the summary of a longer
    /// range whose head they are: `summaryMark` and the hash in base 36 follow the text.
    func normalizedText(tokens range: Range<Int>, hashSuffix: UInt64? = nil) -> String {
        // Most code is written in the canonical spacing already, but for its line breaks: the
        // text is the source's bytes but at the gaps that differ. So the gaps are checked first,
        // and a text whose every gap is right is made from the source at once (no scratch copy);
        // otherwise the runs between wrong gaps are copied whole, not byte by byte (the bytes
        // were copied one at a time, a third of the instructions of every argument's text).
        return file.tokens.withUnsafeBufferPointer { tokens in
            // Only the file's last token is `.endOfFile` (it has no text).
            var last = min(range.upperBound, tokens.count)
            if last > 0 && tokens[last - 1].kind == .endOfFile { last -= 1 }
            let first = range.lowerBound
            guard last > first else { return hashSuffix.map { SyntaxTree.summaryMark + String($0, radix: 36) } ?? "" }
            let start = Int(tokens[first].textStart)
            let end = Int(tokens[last - 1].textEnd)
            return source.bytes.withUnsafeBufferPointer { bytes in
                var previous = tokens[first]
                // The first token after a gap that differs from the normalised spacing.
                var t = first + 1
                while t < last {
                    let token = tokens[t]
                    if gap(previous, token, bytes).differs { break }
                    previous = token
                    t += 1
                }
                if t == last && hashSuffix == nil {
                    return SyntaxTree.string(UnsafeBufferPointer(rebasing: bytes[start..<max(start, end)]))
                }
                // An upper bound: the bytes from the first token's text to the last one's,
                // and a space between each two tokens (and the mark and a 64-bit hash's
                // at most 13 digits).
                let capacity = end - start + (last - first) + (hashSuffix == nil ? 0 : SyntaxTree.summaryMarkBytes.count + 13)
                return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { out in
                    guard let outBase = out.baseAddress, let byteBase = bytes.baseAddress else { return "" }
                    var k = 0
                    // The run of source bytes not yet copied: from `runStart` to the end of
                    // `previous`.
                    var runStart = start
                    while t < last {
                        let token = tokens[t]
                        let (differs, space) = gap(previous, token, bytes)
                        if differs {
                            let length = Int(previous.textEnd) - runStart
                            if length > 0 {
                                (outBase + k).initialize(from: byteBase + runStart, count: length)
                                k += length
                            }
                            if space {
                                outBase[k] = 0x20
                                k += 1
                            }
                            runStart = Int(token.textStart)
                        }
                        previous = token
                        t += 1
                    }
                    let length = Int(previous.textEnd) - runStart
                    if length > 0 {
                        (outBase + k).initialize(from: byteBase + runStart, count: length)
                        k += length
                    }
                    if let hash = hashSuffix {
                        for byte in SyntaxTree.summaryMarkBytes {
                            outBase[k] = byte
                            k += 1
                        }
                        k += SyntaxTree.writeBase36(hash, to: outBase + k)
                    }
                    return SyntaxTree.string(UnsafeBufferPointer(rebasing: out[..<k]))
                }
            }
        }
    }

    /// The gap between two tokens against its normalised spelling (one space or none): whether
    /// the source spells it otherwise, and whether it takes a space. The tokens are asked
    /// whether they are angle brackets only for the pairs of kinds whose spacing an angle
    /// changes (rule 2): asked of every token, that was a fifth of the pass.
    @inline(__always)
    func gap(_ previous: Token, _ token: Token, _ bytes: UnsafeBufferPointer<UInt8>) -> (differs: Bool, space: Bool) {
        let rule = rangeHashes.spaceRules.rule(previous.kind, token.kind)
        let space = rule == 1 || (rule == 2 && !isAngle(previous, bytes) && !isAngle(token, bytes))
        let gapStart = Int(previous.textEnd)
        let width = Int(token.textStart) - gapStart
        let differs = space ? (width != 1 || bytes[gapStart] != 0x20) : width != 0
        return (differs, space)
    }

    /// `<` and `>` are spelled tight: `Array<Int>` reads better than `Array < Int >`.
    @inline(__always)
    func isAngle(_ token: Token, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // The byte first: most tokens are no angle, and it is cheaper to ask than the kind.
        guard token.textEnd > token.textStart else { return false }
        let first = bytes[Int(token.textStart)]
        return (first == 0x3C || first == 0x3E) && token.isOperator
    }

    /// `needsSpace` for every two token kinds: 0 for no space, 1 for a space, 2 for a space
    /// unless either token is an angle. Asked for every token of every normalised text, where
    /// the chain of comparisons cost more than a load.
    struct SpaceRules: @unchecked Sendable {
        /// A row of 64 kinds (`TokenKind` has fewer): a shift finds the row, where a row of
        /// `allCases.count` kinds took a multiply.
        static let rowShift = 6
        /// A `ByteTable`: built once, read through a pointer, never freed.
        let table: UnsafePointer<UInt8>

        static let shared: SpaceRules = {
            let kinds = TokenKind.allCases
            precondition(kinds.count <= 1 << rowShift, "a token kind past the space rules' row")
            let table = ByteTable.zeroed(count: kinds.count << rowShift)
            for a in kinds {
                for b in kinds where SyntaxTree.needsSpace(a, false, b, false) {
                    table[Int(a.rawValue) << rowShift | Int(b.rawValue)] = SyntaxTree.needsSpace(a, true, b, true) ? 1 : 2
                }
            }
            return SpaceRules(table: table)
        }()

        @inline(__always)
        func rule(_ a: TokenKind, _ b: TokenKind) -> UInt8 {
            table[Int(a.rawValue) &<< SpaceRules.rowShift | Int(b.rawValue)]
        }
    }

    // Inlined: asked for every token of every normalised text.
    @inline(__always)
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

/// A node's children through their sibling links, read in the tree's storage without holding
/// it (see `SyntaxTree.children`): the links are the parser's, each a node of the same tree.
public struct ChildSequence: Sequence, IteratorProtocol {
    @usableFromInline let nodes: UnsafePointer<SyntaxNode>
    @usableFromInline var current: Int
    @inlinable
    init(nodes: UnsafePointer<SyntaxNode>, first: Int) {
        self.nodes = nodes
        self.current = first
    }
    @inlinable
    public mutating func next() -> Int? {
        guard current >= 0 else { return nil }
        let c = current
        current = Int(nodes[c].nextSibling)
        return c
    }
}

/// The hashes of a file's strides of tokens (stride `j`: tokens `j * hashStride ..< (j + 1) *
/// hashStride`, hashed from zero), each made the first time a range covers the whole stride:
/// one 8-byte entry and one bit per stride, made at the file's first summary. A tree may be
/// read by more than one thread, so the table is filled under a lock.
final class RangeHashes: @unchecked Sendable {
    /// In the object, as the project's other locks: passing it to pthreads by address is an
    /// access the runtime would check on every ask.
    @exclusivity(unchecked) private var mutex = pthread_mutex_t()
    /// Only touched under `mutex`.
    @exclusivity(unchecked) private var strides: [UInt64] = []
    /// Bit `j % 64` of word `j / 64`: whether `strides[j]` is made. Only touched under `mutex`.
    @exclusivity(unchecked) private var made: [UInt64] = []
    private let strideCount: Int
    /// `SyntaxTree.SpaceRules.shared`, for the tree's gap checks: read as a static, every check
    /// paid the lazy global's `swift_once` (about 15 instructions an ask, 300,000 asks on the
    /// apps). Held in this object, which each tree has: a field of the tree's own made it
    /// larger and cost the model's extraction 5 M instructions more than the once saved.
    let spaceRules = SyntaxTree.SpaceRules.shared

    init(tokenCount: Int) {
        strideCount = tokenCount / SyntaxTree.hashStride
        pthread_mutex_init(&mutex, nil)
    }

    deinit { pthread_mutex_destroy(&mutex) }

    /// `SyntaxTree.rangeHash(range)`: the tokens before the range's first whole stride and
    /// after its last one hashed one by one, the whole strides' hashes put in between.
    func hash(_ range: Range<Int>, tree: SyntaxTree) -> UInt64 {
        let stride = SyntaxTree.hashStride
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        if strides.isEmpty && strideCount > 0 {
            strides = [UInt64](repeating: 0, count: strideCount)
            made = [UInt64](repeating: 0, count: (strideCount + 63) / 64)
        }
        return tree.source.bytes.withUnsafeBufferPointer { bytes in
            tree.file.tokens.withUnsafeBufferPointer { tokens in
                strides.withUnsafeMutableBufferPointer { strides in
                    made.withUnsafeMutableBufferPointer { made in
                        var hash: UInt64 = 0
                        var i = range.lowerBound
                        let end = range.upperBound
                        let head = min(end, (i + stride - 1) / stride * stride)
                        while i < head {
                            hash = hash &* SyntaxTree.hashBase &+ SyntaxTree.tokenHash(tokens[i], bytes)
                            i += 1
                        }
                        while i + stride <= end {
                            let j = i / stride
                            if made[j >> 6] & (1 << UInt64(j & 63)) == 0 {
                                var part: UInt64 = 0
                                for t in i..<i + stride {
                                    part = part &* SyntaxTree.hashBase &+ SyntaxTree.tokenHash(tokens[t], bytes)
                                }
                                strides[j] = part
                                made[j >> 6] |= 1 << UInt64(j & 63)
                            }
                            hash = hash &* SyntaxTree.hashBaseToStride &+ strides[j]
                            i += stride
                        }
                        while i < end {
                            hash = hash &* SyntaxTree.hashBase &+ SyntaxTree.tokenHash(tokens[i], bytes)
                            i += 1
                        }
                        return hash
                    }
                }
            }
        }
    }
}
