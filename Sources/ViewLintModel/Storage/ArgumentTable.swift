/// The arguments of one call (`Text("a")`, `.frame(width: 10)`, `@AppStorage("key")`): a slice
/// of its file's argument storage, not an array of its own.
///
/// The model holds every argument of every call for the whole run. As arrays, each list paid an
/// array header and a heap block of its own (about 48 bytes on top of 72 per argument, and most
/// lists hold one or two), and a call was stored twice: once as the call site a member's reads
/// record, and again inside the shape of any expression containing it (`Row(item: Item(id: 1))`,
/// a modifier's argument). The extractor now stores each file's arguments side by side in a few
/// chunks, and both the call site and the shape refer to the same slice (`ArgumentTable`).
public struct ArgumentList: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral {
    /// Nil for the empty list, which then costs no retain when copied.
    @usableFromInline let chunk: ArgumentChunk?
    @usableFromInline let start: Int32
    @usableFromInline let length: Int32

    @usableFromInline init(chunk: ArgumentChunk, start: Int, length: Int) {
        self.chunk = chunk
        self.start = Int32(truncatingIfNeeded: start)
        self.length = Int32(truncatingIfNeeded: length)
    }

    public init() {
        chunk = nil
        start = 0
        length = 0
    }

    /// A list in storage of its own (tests, and values rules build).
    public init(_ arguments: [Argument]) {
        if arguments.isEmpty {
            self.init()
        } else {
            self.init(chunk: ArgumentChunk(arguments), start: 0, length: arguments.count)
        }
    }

    public init(arrayLiteral elements: Argument...) { self.init(elements) }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { Int(length) }
    @inlinable public var count: Int { Int(length) }
    @inlinable public var isEmpty: Bool { length == 0 }

    @inlinable public subscript(position: Int) -> Argument {
        precondition(position >= 0 && position < Int(length), "argument index out of range")
        return chunk.unsafelyUnwrapped.arguments[Int(start) &+ position]
    }

    public static func == (lhs: ArgumentList, rhs: ArgumentList) -> Bool {
        guard lhs.length == rhs.length else { return false }
        if lhs.chunk === rhs.chunk && lhs.start == rhs.start { return true }
        return lhs.elementsEqual(rhs)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(length)
        for argument in self { argument.hash(into: &hasher) }
    }
}

/// Where a file's argument lists live, side by side. Written only while its file is extracted
/// (by one thread), read-only afterwards, hence `@unchecked Sendable`.
@usableFromInline
final class ArgumentChunk: @unchecked Sendable {
    // Read through `ArgumentList`'s inlinable subscript by every rule that looks at an
    // argument: no write can overlap those reads, so the runtime's exclusivity check on each
    // would guard nothing.
    @usableFromInline @exclusivity(unchecked) var arguments: [Argument]
    init(_ arguments: [Argument]) { self.arguments = arguments }
}

/// Stores a file's argument lists while it is extracted, and remembers the list made of each
/// argument-list node, so that a call site and the shape of an expression around the same call
/// share one list (see `ArgumentList`). One per file, used by one thread.
final class ArgumentTable {
    /// A chunk grows by doubling up to this many arguments, then a new one starts: one array
    /// for a whole huge file would, when it doubled, hold its old and new copies at once, at
    /// the peak of that file's run.
    static let chunkCapacity = 4096

    // One thread, one file: no access can overlap another, so the runtime's exclusivity checks
    // (`deepest` is written by every shape) would guard nothing, and cost 1% of a run.
    @exclusivity(unchecked) private var current: ArgumentChunk? = nil
    /// The arguments of the lists being built, innermost last: a list's arguments are made one
    /// by one, and each may build lists of its own (`Text(String(format: "%d", n))`) before it
    /// is complete.
    @exclusivity(unchecked) private var scratch: [Argument] = []
    /// The list built for each argument-list node, with the depth its shapes were built at and
    /// the deepest shape it reached (see `SyntaxTree.arguments`), in an open-addressed table by
    /// node: a `Dictionary` hashed each node with SipHash, a quarter of the table's cost.
    @exclusivity(unchecked) private var nodes: [Int32] = []
    @exclusivity(unchecked) private var entries: [(list: ArgumentList, depth: Int32, deepest: Int32)] = []
    /// The deepest shape depth reached by the shapes being built (see `SyntaxTree.shape`).
    @exclusivity(unchecked) var deepest = 0

    init() {}

    /// Where the next list's arguments start: append each with `append`, then call `store`.
    var mark: Int { scratch.count }

    func append(_ argument: Argument) { scratch.append(argument) }

    /// The arguments appended since `mark`, moved into the file's storage as one list.
    func store(from mark: Int) -> ArgumentList {
        let length = scratch.count - mark
        guard length > 0 else { return ArgumentList() }
        let chunk: ArgumentChunk
        if let current, current.arguments.count + length <= ArgumentTable.chunkCapacity {
            chunk = current
        } else {
            chunk = ArgumentChunk([])
            current = chunk
        }
        let start = chunk.arguments.count
        chunk.arguments.append(contentsOf: scratch[mark...])
        scratch.removeSubrange(mark...)
        return ArgumentList(chunk: chunk, start: start, length: length)
    }

    /// `nodes` holds node + 1 (0 marks a free slot) in slot `i`, whose entry is `entries[i]`.
    private func slot(of node: Int) -> Int {
        let mask = nodes.count - 1
        var i = Int(truncatingIfNeeded: (UInt64(truncatingIfNeeded: node) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
        while nodes[i] != 0 && nodes[i] != Int32(truncatingIfNeeded: node + 1) { i = (i + 1) & mask }
        return i
    }

    func list(of node: Int) -> (list: ArgumentList, depth: Int32, deepest: Int32)? {
        guard !nodes.isEmpty else { return nil }
        let i = slot(of: node)
        return nodes[i] == 0 ? nil : entries[i]
    }

    func remember(_ list: ArgumentList, of node: Int, depth: Int, deepest: Int) {
        if (stored + 1) * 2 > nodes.count { grow() }
        let i = slot(of: node)
        if nodes[i] == 0 { stored += 1 }
        nodes[i] = Int32(truncatingIfNeeded: node + 1)
        entries[i] = (list, Int32(truncatingIfNeeded: depth), Int32(truncatingIfNeeded: deepest))
    }

    @exclusivity(unchecked) private var stored = 0

    private func grow() {
        let oldNodes = nodes
        let oldEntries = entries
        let capacity = max(64, oldNodes.count * 2)
        nodes = Array(repeating: 0, count: capacity)
        entries = Array(repeating: (ArgumentList(), 0, 0), count: capacity)
        for i in oldNodes.indices where oldNodes[i] != 0 {
            let j = slot(of: Int(oldNodes[i]) - 1)
            nodes[j] = oldNodes[i]
            entries[j] = oldEntries[i]
        }
    }

    /// Called once the file is extracted: the last chunk gives back the room it grew to.
    func finish() {
        if let current, current.arguments.capacity - current.arguments.count >= 4 {
            var exact: [Argument] = []
            exact.reserveCapacity(current.arguments.count)
            exact.append(contentsOf: current.arguments)
            current.arguments = exact
        }
        nodes = []
        entries = []
        stored = 0
        scratch = []
    }
}
