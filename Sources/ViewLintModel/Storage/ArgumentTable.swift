/// The arguments of one call (`Text("a")`, `.frame(width: 10)`, `@AppStorage("key")`): a slice
/// of its file's argument storage, not an array of its own.
///
/// The model holds every argument of every call for the whole run. As arrays, each list paid an
/// array header and a heap block of its own (about 48 bytes on top of 72 per argument, and most
/// lists hold one or two), and a call was stored twice: once as the call site a member's reads
/// record, and again inside the shape of any expression containing it (`Row(item: Item(id: 1))`,
/// a modifier's argument). The extractor now stores each file's arguments side by side in a few
/// chunks, and both the call site and the shape refer to the same slice (`ArgumentTable`).
///
/// A list holds its chunk, and a chunk holds the lists inside its arguments' shapes: if a chunk
/// held a list of its own, it would hold itself and never be freed (the first table did, and
/// leaked every file's arguments). So each chunk has a level, one above the highest level of
/// the lists its arguments hold (0 for none), and a list is stored in a chunk of its own level:
/// a chunk holds only chunks of lower levels, so no chunk can hold itself through any path.
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
        return chunk.unsafelyUnwrapped.base[Int(start) &+ position]
    }

    /// The index of the first argument without a label, read in place: `firstIndex(where:)`
    /// copied each argument out (a retain and a release of its text and shape) to ask.
    @inlinable public var firstUnlabeledIndex: Int? {
        guard let chunk else { return nil }
        let base = chunk.base + Int(start)
        for i in 0..<Int(length) where base[i].isUnlabeled { return i }
        return nil
    }

    /// The index of the first argument labelled `label`, each label read in place.
    public func index(labeled label: String) -> Int? {
        guard let chunk else { return nil }
        let base = chunk.base + Int(start)
        for i in 0..<Int(length) where !base[i].isUnlabeled && base[i].label == label { return i }
        return nil
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

    /// The level of the chunk holding the list, -1 for the empty list (see `ArgumentChunk.level`).
    var level: Int { chunk.map { Int($0.level) } ?? -1 }
}

/// Where a file's argument lists live, side by side. Written only while its file is extracted
/// (by one thread), read-only afterwards, hence `@unchecked Sendable`.
///
/// Raw storage rather than an array: a list's arguments are moved in from the table's stack
/// (`ArgumentTable.store`), which an array cannot take without a retain and a release of each
/// argument's strings and shape, and trimmed by a move too (`ArgumentTable.finish`): with
/// arrays, these copies were 1.7% of a run's instructions (callgrind).
@usableFromInline
final class ArgumentChunk: @unchecked Sendable {
    // Read through `ArgumentList`'s inlinable subscript by every rule that looks at an
    // argument: no write can overlap those reads, so the runtime's exclusivity check on each
    // would guard nothing.
    @usableFromInline @exclusivity(unchecked) var base: UnsafeMutablePointer<Argument>
    @exclusivity(unchecked) private(set) var count = 0
    @exclusivity(unchecked) private(set) var capacity: Int
    /// One above the highest level of the lists its arguments' shapes hold, 0 if they hold
    /// none: every list a chunk holds is in a chunk of a lower level, never in itself.
    let level: Int32

    init(capacity: Int, level: Int) {
        self.capacity = capacity
        self.level = Int32(truncatingIfNeeded: level)
        base = .allocate(capacity: capacity)
    }

    convenience init(_ arguments: [Argument]) {
        let level = arguments.withUnsafeBufferPointer { ArgumentChunk.level(of: $0) }
        self.init(capacity: arguments.count, level: level)
        arguments.withUnsafeBufferPointer { if let first = $0.baseAddress { base.initialize(from: first, count: $0.count) } }
        count = arguments.count
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// The level a chunk needs to hold `arguments`: one above the highest level of the lists
    /// in their shapes. The shapes are read down to their lists, not into them (a list's level
    /// already counts what it holds), so each part of a shape is read by one list's store.
    static func level(of arguments: UnsafeBufferPointer<Argument>) -> Int {
        var highest = -1
        // By index, each shape read in place: `for argument in arguments` copied every argument
        // (a retain and a release of its strings and shape) to read one field.
        // A leaf (a name, a literal, most arguments) is told by its case in place: passed to
        // `highestLevel`, each shape was copied out first (a retain and a release).
        for i in arguments.indices {
            switch arguments[i].shape {
            case .identifier, .integer, .float, .string, .boolean, .nilLiteral, .dictionary, .keyPath, .closure, .other:
                continue
            default:
                highest = max(highest, highestLevel(in: arguments[i].shape))
            }
        }
        return highest + 1
    }

    /// The highest level of the lists in `shape`, -1 if it holds none. Recursion as deep as the
    /// shape, which `SyntaxTree.maxShapeDepth` bounds.
    static func highestLevel(in shape: ExprShape) -> Int {
        switch shape {
        case .identifier, .integer, .float, .string, .boolean, .nilLiteral, .dictionary, .keyPath, .closure, .other:
            return -1
        case .member(let base, _):
            return base.map { highestLevel(in: $0) } ?? -1
        case .call(let callee, let arguments, _):
            return max(arguments.level, highestLevel(in: callee))
        case .subscriptCall(let base, let arguments):
            return max(arguments.level, highestLevel(in: base))
        case .range(let lower, _, let upper):
            return max(lower.map { highestLevel(in: $0) } ?? -1, upper.map { highestLevel(in: $0) } ?? -1)
        case .array(let elements):
            return elements.reduce(-1) { max($0, highestLevel(in: $1)) }
        case .operators(_, let operands):
            return operands.reduce(-1) { max($0, highestLevel(in: $1)) }
        case .ternary(let condition, let then, let otherwise):
            return max(highestLevel(in: condition), highestLevel(in: then), highestLevel(in: otherwise))
        case .optionalChain(let inner), .forceUnwrap(let inner), .tryOrAwait(let inner):
            return highestLevel(in: inner)
        }
    }

    /// Moves `length` arguments from `source` to the end, which has room for them.
    func moveAppend(from source: UnsafeMutablePointer<Argument>, count length: Int) {
        (base + count).moveInitialize(from: source, count: length)
        count += length
    }

    /// Gives back the room no argument uses when it is at least `minimum` arguments: a chunk no
    /// list will be appended to would otherwise keep it for the rest of the run.
    func trim(ifSpareAtLeast minimum: Int) {
        if capacity - count >= minimum { resize(to: count) }
    }

    /// Moves the arguments to storage of `capacity` (at least `count`).
    func resize(to capacity: Int) {
        let moved = UnsafeMutablePointer<Argument>.allocate(capacity: capacity)
        moved.moveInitialize(from: base, count: count)
        base.deallocate()
        base = moved
        self.capacity = capacity
    }
}

/// Stores a file's argument lists while it is extracted, and remembers the list made of each
/// argument-list node, so that a call site and the shape of an expression around the same call
/// share one list (see `ArgumentList`). One per file, used by one thread.
final class ArgumentTable {
    /// A chunk grows by doubling up to this many arguments, then a new one starts: one block
    /// for a whole huge file would, when it doubled, hold its old and new copies at once, at
    /// the peak of that file's run.
    static let chunkCapacity = 4096
    /// Above this many chunks, the list of them is not kept for the thread's next file.
    static let keptChunks = 1024

    // One thread, one file: no access can overlap another, so the runtime's exclusivity checks
    // (`deepest` is written by every shape) would guard nothing, and cost 1% of a run.
    /// The file's chunks: kept here so that the node table can name a list's chunk by its
    /// index, which costs no reference count (see `Entry`).
    @exclusivity(unchecked) private var chunks: [ArgumentChunk] = []
    /// For each level, the index in `chunks` of the chunk of that level filling (-1 for none).
    @exclusivity(unchecked) private var filling: [Int32] = []
    /// The arguments of the lists being built, innermost last: a list's arguments are made one
    /// by one, and each may build lists of its own (`Text(String(format: "%d", n))`) before it
    /// is complete. Raw, so that `store` can move them out (see `ArgumentChunk`).
    @exclusivity(unchecked) private var scratch: UnsafeMutablePointer<Argument>
    @exclusivity(unchecked) private var scratchCount = 0
    @exclusivity(unchecked) private var scratchCapacity = 16
    /// The list built for each argument-list node (see `NodeIndex`), lent by the thread's names
    /// for this file's extraction.
    @exclusivity(unchecked) private var index = NodeIndex()
    /// The deepest shape depth reached by the shapes being built (see `SyntaxTree.shape`).
    @exclusivity(unchecked) var deepest = 0
    /// The highest level of the lists the arguments being built hold (-1 for none), kept as
    /// they are built (see `SyntaxTree.arguments`): read back from the finished arguments'
    /// shapes, it cost every list a walk of its shapes. Only ever too high, never too low
    /// (a list built and then dropped still counts), and too high costs a chunk of a higher
    /// level, never a chunk that holds itself.
    @exclusivity(unchecked) var highestHeldLevel = -1
    /// The tokens of an expression whose normalised text was found to be its source's as it
    /// stands (`normalizedTextIsSource`), while the shapes inside it are built (see
    /// `SyntaxTree.arguments`); empty for none. Every expression inside it is its source's
    /// text too (its gaps are some of the outer one's), so its arguments are not checked again.
    @exclusivity(unchecked) var sourceTextTokens: Range<Int> = 0..<0

    /// The list built for each argument-list node, with the depth its shapes were built at and
    /// the deepest shape it reached (see `SyntaxTree.arguments`), in an open-addressed table by
    /// node: a `Dictionary` hashed each node with SipHash, a quarter of the table's cost.
    ///
    /// Kept from file to file with the thread's names (`FileNames.spareArgumentNodes`): made
    /// for each file, the table was grown from empty, four or five times a file. A slot holds
    /// its file's generation beside the node, so a slot of an earlier file reads as free and
    /// nothing is cleared between files.
    ///
    /// Raw storage, freed by its holder (`deallocate`): every write to an array of the table
    /// checked the array's uniqueness, two per list stored.
    struct NodeIndex {
        /// `generation << 32 | node + 1` in slot `i`, whose entry is `entries[i]`; a slot of
        /// another generation is free.
        private(set) var keys: UnsafeMutablePointer<UInt64>? = nil
        private(set) var entries: UnsafeMutablePointer<Entry>? = nil
        /// The number of slots: 0, or a power of two.
        private(set) var slotCount = 0
        /// The slots of this generation.
        var stored = 0
        var generation: UInt64 = 0
        /// Larger tables (a huge file's) are not kept: the next, smaller files would hold its memory.
        static let keptSlots = 1 << 16

        /// Storage of `slotCount` free slots, in place of the old (freed; its entries are
        /// copied by the caller first, see `ArgumentTable.grow`).
        mutating func allocate(slotCount count: Int) {
            let newKeys = UnsafeMutablePointer<UInt64>.allocate(capacity: count)
            newKeys.initialize(repeating: 0, count: count)
            let newEntries = UnsafeMutablePointer<Entry>.allocate(capacity: count)
            newEntries.initialize(repeating: .free, count: count)
            keys = newKeys
            entries = newEntries
            slotCount = count
        }

        /// Frees the storage (plain integers: nothing to destroy), leaving no slots.
        mutating func deallocate() {
            keys?.deallocate()
            entries?.deallocate()
            keys = nil
            entries = nil
            slotCount = 0
            stored = 0
        }
    }

    /// A list with its chunk named by index into `chunks` (-1 for none): plain integers, which
    /// the table stores, copies when it grows and drops with no retain or release (a tuple with
    /// the list itself was also copied and destroyed through the runtime's generic metadata).
    struct Entry {
        var chunk: Int32
        var start: Int32
        var length: Int32
        var depth: Int32
        var deepest: Int32
        static let free = Entry(chunk: -1, start: 0, length: 0, depth: 0, deepest: 0)
    }

    /// The file's names, which give the arguments' labels their ids.
    let names: FileNames

    /// The chunk of the file's call sites being filled (see `CallRows`), nil before the first.
    @exclusivity(unchecked) private var filledCallRows: CallRows?

    /// A chunk of the file's call storage with room for a row.
    func callRows() -> CallRows {
        if let rows = filledCallRows, !rows.isFull { return rows }
        let rows = CallRows(capacity: 16)
        filledCallRows = rows
        return rows
    }

    init(names: FileNames) {
        self.names = names
        scratch = .allocate(capacity: scratchCapacity)
        swap(&index, &names.spareArgumentNodes)
        swap(&chunks, &names.spareArgumentChunks)
        swap(&filling, &names.spareArgumentFilling)
        index.generation = (index.generation + 1) & 0xFFFF_FFFF
        if index.generation == 0 {
            // Wrapped: slots of the generation now reused would read as this file's.
            index.deallocate()
            index.generation = 1
        }
        index.stored = 0
    }

    deinit {
        scratch.deinitialize(count: scratchCount)
        scratch.deallocate()
        index.deallocate()
    }

    /// Where the next list's arguments start: append each with `append`, then call `store`.
    var mark: Int { scratchCount }

    // Inlined: called, the caller copied each argument it had just made (a retain of its
    // label, shape and text) and destroyed the original, about 220 instructions an argument.
    @inline(__always)
    func append(_ argument: consuming Argument) {
        if scratchCount == scratchCapacity { growScratch() }
        // Moved in: without `consume`, the argument was copied (its strings and shape retained)
        // and the parameter then destroyed.
        (scratch + scratchCount).initialize(to: consume argument)
        scratchCount += 1
    }

    @inline(never)
    private func growScratch() {
        let grown = UnsafeMutablePointer<Argument>.allocate(capacity: scratchCapacity * 2)
        grown.moveInitialize(from: scratch, count: scratchCount)
        scratch.deallocate()
        scratch = grown
        scratchCapacity *= 2
    }

    /// The arguments appended since `mark`, moved into the file's storage as the list of the
    /// argument-list node `node`, whose shapes were built at `depth` and reached `deepest`.
    /// `level` is the level their chunk needs (`ArgumentChunk.level(of:)`, or higher).
    func store(from mark: Int, of node: Int, depth: Int, level: Int) -> ArgumentList {
        let length = scratchCount - mark
        var entry = Entry(chunk: -1, start: 0, length: 0, depth: Int32(truncatingIfNeeded: depth),
                          deepest: Int32(truncatingIfNeeded: deepest))
        var list = ArgumentList()
        if length > 0 {
            // The caller's running level may be too high, never too low: a chunk that held a
            // list of its own level could hold itself.
            assert(level >= ArgumentChunk.level(of: UnsafeBufferPointer(start: scratch + mark, count: length)),
                   "an argument list's chunk level below the levels of the lists it holds")
            while filling.count <= level { filling.append(-1) }
            let chunk: ArgumentChunk
            let current = Int(filling[level])
            if current >= 0, chunks[current].count + length <= ArgumentTable.chunkCapacity {
                chunk = chunks[current]
                if chunk.count + length > chunk.capacity {
                    chunk.resize(to: min(ArgumentTable.chunkCapacity, max(chunk.count + length, chunk.capacity * 2)))
                }
            } else {
                // The chunk replaced takes no more lists: its spare room goes back now, not at
                // `finish()`, which trims only the chunks still filling. Only when that room is
                // large: a small chunk's few spare slots are not worth a new block and a copy.
                // (Measured: 0.3 MB less at the 1M corpus's 381 MB peak, `--jobs 1`.)
                if current >= 0 { chunks[current].trim(ifSpareAtLeast: ArgumentTable.chunkCapacity / 8) }
                chunk = ArgumentChunk(capacity: max(length, 16), level: level)
                filling[level] = Int32(truncatingIfNeeded: chunks.count)
                chunks.append(chunk)
            }
            entry.chunk = filling[level]
            entry.start = Int32(truncatingIfNeeded: chunk.count)
            entry.length = Int32(truncatingIfNeeded: length)
            list = ArgumentList(chunk: chunk, start: chunk.count, length: length)
            chunk.moveAppend(from: scratch + mark, count: length)
            scratchCount = mark
        }
        remember(entry, of: node)
        return list
    }

    /// The slot of `key` (see `NodeIndex.keys`), or the free slot where it would go.
    private func slot(of key: UInt64) -> Int {
        let keys = index.keys.unsafelyUnwrapped
        let mask = index.slotCount - 1
        let generation = index.generation
        var i = Int(truncatingIfNeeded: ((key & 0xFFFF_FFFF) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
        while true {
            let found = keys[i]
            if found == key || found >> 32 != generation { return i }
            i = (i + 1) & mask
        }
    }

    private func key(of node: Int) -> UInt64 {
        index.generation << 32 | UInt64(UInt32(truncatingIfNeeded: node + 1))
    }

    /// The list stored for `node`, with the depth its shapes were built at and the deepest
    /// they reached.
    func list(of node: Int) -> (list: ArgumentList, depth: Int, deepest: Int)? {
        guard index.stored > 0 else { return nil }
        let key = key(of: node)
        let i = slot(of: key)
        guard index.keys.unsafelyUnwrapped[i] == key else { return nil }
        let entry = index.entries.unsafelyUnwrapped[i]
        let list = entry.chunk < 0 ? ArgumentList()
            : ArgumentList(chunk: chunks[Int(entry.chunk)], start: Int(entry.start), length: Int(entry.length))
        return (list, Int(entry.depth), Int(entry.deepest))
    }

    private func remember(_ entry: Entry, of node: Int) {
        if (index.stored + 1) * 2 > index.slotCount { grow() }
        let key = key(of: node)
        let i = slot(of: key)
        let keys = index.keys.unsafelyUnwrapped
        if keys[i] != key { index.stored += 1 }
        keys[i] = key
        index.entries.unsafelyUnwrapped[i] = entry
    }

    /// Doubles the slots, moving this generation's entries; the others are dropped.
    private func grow() {
        let oldKeys = index.keys
        let oldEntries = index.entries
        let oldCount = index.slotCount
        index.allocate(slotCount: max(64, oldCount * 2))
        if let oldKeys, let oldEntries {
            let keys = index.keys.unsafelyUnwrapped
            let entries = index.entries.unsafelyUnwrapped
            for i in 0..<oldCount where oldKeys[i] >> 32 == index.generation {
                let j = slot(of: oldKeys[i])
                keys[j] = oldKeys[i]
                entries[j] = oldEntries[i]
            }
            oldKeys.deallocate()
            oldEntries.deallocate()
        }
    }

    /// Called once the file is extracted: the chunks still filling give back the room they grew to.
    func finish() {
        for index in filling where index >= 0 {
            chunks[Int(index)].trim(ifSpareAtLeast: 4)
        }
        filledCallRows?.trim(ifSpareAtLeast: 4)
        filledCallRows = nil
        // Emptied with their room for the thread's next file, where each file grew both lists
        // from nothing (about 22,000 growths on the real apps); not a huge file's.
        chunks.removeAll(keepingCapacity: true)
        filling.removeAll(keepingCapacity: true)
        if chunks.capacity <= ArgumentTable.keptChunks {
            swap(&chunks, &names.spareArgumentChunks)
            swap(&filling, &names.spareArgumentFilling)
        }
        if index.slotCount <= NodeIndex.keptSlots { swap(&index, &names.spareArgumentNodes) }
        index.deallocate()
    }
}
