#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ViewLintSyntax

/// An interned identifier: every name the model records (reads, writes, calls, locals) is a
/// 32-bit id, given once per process by `NameTable.shared`, so a set of names is a sorted array of
/// integers and comparing two names compares two integers. The spelling comes back
/// (`NameTable.shared.name(of:)`) only for messages.
///
/// Ids are process-wide, not per file: files extracted on different threads, and a file the
/// language server re-extracts after an edit, share them without any remapping. The order of ids
/// depends on which thread interned a name first, so nothing may depend on it but membership.
public struct NameID: Hashable, Comparable, Sendable {
    public let raw: UInt32

    init(raw: UInt32) { self.raw = raw }

    /// The id of `name`, interning it if it is new.
    public init(_ name: String) { self = NameTable.shared.intern(name) }

    /// The id of `name` if some model recorded it; nil means no name set can contain it.
    public static func existing(_ name: String) -> NameID? { NameTable.shared.existing(name) }

    /// The spelling; empty for an id no name was given (see `NameTable.name(of:)`).
    public var name: String { NameTable.shared.name(of: self) }

    public static func < (a: NameID, b: NameID) -> Bool { a.raw < b.raw }
}

/// The process's table of names: a concurrent table in sixteen shards, each a table by bytes and
/// an array of spellings behind its own lock, the shard chosen by a hash of the name's bytes.
///
/// Measured against per-file tables mapped to project ids when the project model is built (see
/// README, Performance): extraction does not call this table per identifier, but through each
/// file's `FileNames`, which hashes the identifier's bytes in the source and takes a shard's
/// lock only for the first occurrence of a name in the file; so on two cores the locks are
/// rarely contended, and there is no remapping step, serial or not, before the project model.
///
/// Names are never freed one by one: a process that lints once ends with them. The language
/// server, which re-extracts files on every keystroke for hours, empties the table instead
/// (`reset`) when it holds far more names than its live models use, and rebuilds its models.
public final class NameTable: @unchecked Sendable {
    public static let shared = NameTable(order: NameOrder.fromEnvironment())

    /// Interned first, in this order, by every table and again by `reset`, so their ids never
    /// change: a static set of ids (`KnownNames.mutatingMethodIDs`) may hold these names, and
    /// only these.
    static let pinnedNames: [String] = KnownNames.receiverTrackedMembers.union(KnownNames.mutatingMethods).sorted()

    private let shardBits: UInt32
    /// `1 << shardBits` less one. Stored: as a computed property it was a call of its own from
    /// the spellings the shapes read (400,000 on the real apps, about 12 instructions each).
    private let shardMask: Int

    private final class Shard {
        // Taken `inout` by every lock and unlock: checked, each was two calls into the runtime's
        // exclusivity tracking (about 40 M instructions on the real apps, mostly a name's first
        // lookup on a thread), which tracks one thread's accesses and so never saw another's.
        @exclusivity(unchecked) var mutex = pthread_mutex_t()
        /// How many of `names` are pinned names (`pinnedNames`), which `order` never renumbers.
        @exclusivity(unchecked) var pinned: UInt32 = 0
        // Only touched under `mutex`.
        @exclusivity(unchecked) var ids = SpellingIndex()
        @exclusivity(unchecked) var names = Spellings()
        /// Lists of one or two names by their ids (see `sharedList`), in the shard of the first.
        @exclusivity(unchecked) var lists = IDPairTable<[String]>()
        /// Name sets of one or two ids by their ids (see `sharedSet`), in the shard of the first.
        @exclusivity(unchecked) var sets = IDPairTable<[NameID]>()
        init() { pthread_mutex_init(&mutex, nil) }
        deinit {
            names.free()
            ids.free()
            pthread_mutex_destroy(&mutex)
        }
    }

    private let shards: [Shard]
    private let unretainedShards: [Unmanaged<Shard>]
    /// Each shard's spellings as `spelling(ofGiven:)` reads them, by shard: their blocks never
    /// move while the table lives, so the spellings are read without reaching the shard. Through
    /// the shard, each read was a closure's call of its own (520,000 on the real apps, about 30
    /// instructions each beside the spelling's).
    private let spellingReaders: UnsafeMutablePointer<Spellings.Reader>
    /// Files' name caches (`FileNames`) between extractions, with the table's generation: the
    /// names a thread met in one file are mostly those of the next (`Text`, `padding`, the
    /// project's types), and a cache kept from file to file asks the shards for each name once
    /// per thread instead of once per file. Bumped by `reset`, which voids every cached id; above
    /// 0 it also says a reset ran (see `sharedList`). `reset` writes it while no other thread
    /// uses the table, so reading it without the lock is safe.
    /// Each cache is kept with the thread that used it, which takes it again: handed to whichever
    /// thread asked next, one cache went back and forth between two cores file after file, its
    /// count and its hash table moving with it.
    @exclusivity(unchecked) private var spareNamesMutex = pthread_mutex_t()
    @exclusivity(unchecked) private var spareNames: [(names: FileNames, thread: pthread_t)] = []
    @exclusivity(unchecked) private var generation = 0

    /// How ids are numbered: `.natural` but in tests of determinism (see `NameOrder`).
    private let order: NameOrder

    /// Texts kept by number, each once per owner (`Member.initializerText(in:)`): a number is 4 bytes
    /// of the owner where the string was 16, and most texts are an owner's own (a property's
    /// initial value), so interning them (a hash, a lookup and a copy of the bytes each) cost
    /// more than it shared. Appended under `textsMutex`, read without it, as spellings are.
    @exclusivity(unchecked) private var textsMutex = pthread_mutex_t()
    @exclusivity(unchecked) private var texts = Spellings()

    /// A table of its own, in `1 << shardBits` shards; the model uses `shared` (the benchmark
    /// compares designs with others). `order` other than `.natural` is for tests of
    /// determinism only (see `NameOrder`).
    public init(shardBits: UInt32 = 4, order: NameOrder = .natural) {
        self.shardBits = shardBits
        shardMask = (1 << Int(shardBits)) - 1
        self.order = order.fitted(indexBits: 32 - shardBits)
        shards = (0..<(1 << Int(shardBits))).map { _ in Shard() }
        unretainedShards = shards.map { Unmanaged.passUnretained($0) }
        spellingReaders = .allocate(capacity: shards.count)
        spellingReaders.initialize(from: shards.map(\.names.reader), count: shards.count)
        pthread_mutex_init(&spareNamesMutex, nil)
        pthread_mutex_init(&textsMutex, nil)
        internPinnedNames()
    }

    /// Interns `pinnedNames`, which keep their natural ids in every `order`: the static sets of
    /// their ids are looked up by id as an array index (`ReadCollector.membership`).
    private func internPinnedNames() {
        for name in NameTable.pinnedNames { _ = intern(name) }
        for shard in shards {
            pthread_mutex_lock(&shard.mutex)
            shard.pinned = UInt32(shard.names.count)
            pthread_mutex_unlock(&shard.mutex)
        }
    }

    deinit {
        spellingReaders.deallocate()
        pthread_mutex_destroy(&spareNamesMutex)
        texts.free()
        pthread_mutex_destroy(&textsMutex)
    }

    /// Keeps `text` and returns its number, for `keptText(_:)`.
    func keep(text: String) -> UInt32 {
        pthread_mutex_lock(&textsMutex)
        defer { pthread_mutex_unlock(&textsMutex) }
        let number = UInt32(truncatingIfNeeded: texts.count)
        texts.append(text)
        return number
    }

    /// The text `keep(text:)` numbered `number` (since the last `reset`).
    func keptText(_ number: UInt32) -> String { texts[Int(number)] }

    /// Runs `body` with a name cache for one file's extraction on this thread: one kept from an
    /// earlier extraction (see `spareNames`) if any, else a new one; only `body` uses it, and it
    /// is kept again once `body` returns, so no path can lose it.
    func withFileNames<Result>(_ body: (FileNames) -> Result) -> Result {
        let me = pthread_self()
        pthread_mutex_lock(&spareNamesMutex)
        let own = spareNames.lastIndex { pthread_equal($0.thread, me) != 0 }
        let spare = own.map { spareNames.remove(at: $0).names } ?? spareNames.popLast()?.names
        let current = generation
        pthread_mutex_unlock(&spareNamesMutex)
        let names = spare ?? FileNames(table: self, generation: current)
        defer { keep(names, thread: me) }
        return body(names)
    }

    /// Keeps `names` for the next file's extraction, unless the table was reset meanwhile or the
    /// cache grew large (its spellings' 32-bit offsets add up from file to file).
    private func keep(_ names: FileNames, thread: pthread_t) {
        guard names.isWorthKeeping else { return }
        pthread_mutex_lock(&spareNamesMutex)
        if names.generation == generation { spareNames.append((names, thread)) }
        pthread_mutex_unlock(&spareNamesMutex)
    }

    /// Frees the name caches kept for the next file's extraction (`spareNames`), once every file
    /// of a lint is made: no extraction is left to use them, and kept they were held beside the
    /// model through the rules, a thread's names of the whole project in slots of 24 bytes at
    /// most half full. An extraction after this (the language server's) makes a new one.
    public func dropSpareFileNames() {
        pthread_mutex_lock(&spareNamesMutex)
        let dropped = spareNames
        spareNames = []
        pthread_mutex_unlock(&spareNamesMutex)
        // Freed here, outside the lock.
        withExtendedLifetime(dropped) {}
    }

    /// How many names the table holds.
    public var count: Int {
        var total = 0
        for shard in shards {
            pthread_mutex_lock(&shard.mutex)
            total += shard.names.count
            pthread_mutex_unlock(&shard.mutex)
        }
        return total
    }

    /// Forgets every name but the pinned ones, which keep their ids. Every other id handed out
    /// before is void: the caller must hold no model, name set or id made before, and no other
    /// thread may use the table meanwhile (the language server resets between lints, after
    /// dropping its models, in a process of its own).
    public func reset() {
        pthread_mutex_lock(&spareNamesMutex)
        spareNames = []
        generation += 1
        pthread_mutex_unlock(&spareNamesMutex)
        for shard in shards {
            pthread_mutex_lock(&shard.mutex)
            shard.ids.free()
            shard.ids = SpellingIndex()
            shard.names.removeAll()
            shard.lists = IDPairTable()
            shard.sets = IDPairTable()
            shard.pinned = 0
            pthread_mutex_unlock(&shard.mutex)
        }
        pthread_mutex_lock(&textsMutex)
        texts.removeAll()
        pthread_mutex_unlock(&textsMutex)
        internPinnedNames()
    }

    // A name's shard is its hash's bits 40 and up (`intern`); it is also the id's low bits, so
    // `name(of:)` finds it from the id.

    /// The id of the name spelled by `name`'s UTF-8 bytes: names are told apart byte for byte,
    /// as the files' caches (`FileNames`) tell them, not by `String`'s canonical equivalence.
    public func intern(_ name: String) -> NameID {
        var bytes = name
        return bytes.withUTF8 { intern($0, hash: FileNames.hash($0)) { name } }
    }

    /// The id of the name `bytes` spell, which must be valid UTF-8 (a spelling's own bytes), with
    /// their `FileNames.hash`; `spell` makes the spelling only for a name new to the table. Looked
    /// up by the bytes where they lie: a `String`-keyed dictionary hashed every name twice (find,
    /// then insert) with `String`'s hasher, several hundred instructions each, on 100,000 names
    /// the real apps intern.
    func intern(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64, spell: () -> String) -> NameID {
        let s = Int(truncatingIfNeeded: hash >> 40) & shardMask
        return withShard(s) { shard in
            pthread_mutex_lock(&shard.mutex)
            defer { pthread_mutex_unlock(&shard.mutex) }
            let found = shard.ids.find(bytes, hash: hash)
            if let index = found.index { return id(shard: s, index: index, pinned: shard.pinned) }
            let index = UInt32(truncatingIfNeeded: shard.names.count)
            shard.names.append(spell())
            shard.ids.insert(bytes, hash: hash, at: found.slot)
            return id(shard: s, index: index, pinned: shard.pinned)
        }
    }

    public func existing(_ name: String) -> NameID? {
        var name = name
        return name.withUTF8 { bytes in
            let hash = FileNames.hash(bytes)
            let s = Int(truncatingIfNeeded: hash >> 40) & shardMask
            return withShard(s) { shard in
                pthread_mutex_lock(&shard.mutex)
                defer { pthread_mutex_unlock(&shard.mutex) }
                return shard.ids.find(bytes, hash: hash).index.map { id(shard: s, index: $0, pinned: shard.pinned) }
            }
        }
    }

    /// The spelling of `id`; empty for an id this table never gave (`ValueChain.element`, or
    /// an id kept across a reset), which would otherwise index past the shard's names.
    public func name(of id: NameID) -> String {
        withShard(Int(id.raw) & shardMask) { shard in
            pthread_mutex_lock(&shard.mutex)
            defer { pthread_mutex_unlock(&shard.mutex) }
            guard let index = index(of: id, pinned: shard.pinned), index < shard.names.count else { return "" }
            return shard.names[index]
        }
    }

    /// The spelling of `id`, which this table gave (never `ValueChain.element`, nor an id from
    /// before a `reset`), read without the shard's lock: a spelling never moves once stored
    /// (see `Spellings`), and whoever holds the id got it after it was stored. What lets the
    /// model keep a member's name and an argument's label as an id alone, 16 and 12 bytes
    /// less in each of the many it holds for the whole run.
    func spelling(ofGiven id: NameID) -> String {
        // Natural order first, without the optional: every `Member.name` comes here. `pinned`
        // is written once, before any id is given.
        if order.isNatural { return spellingReaders[Int(id.raw) & shardMask][Int(id.raw >> shardBits)] }
        return withShard(Int(id.raw) & shardMask) { shard in
            index(of: id, pinned: shard.pinned).map { shard.names[$0] } ?? ""
        }
    }

    /// The list of one or two names given before by any file, whose storage it then shares, or
    /// the one `spell` makes; `key` is the names' ids (`FileNames.shared`). `spell` runs under
    /// the shard's lock, so it must not intern a name.
    ///
    /// Rules on every thread copy these lists all the time (`["Text"]` is in most files), so
    /// their storage is marked never freed (`Immortal`), which spares each copy an atomic write
    /// of a count both cores share. A process that lints once never frees them anyway; the
    /// language server, which empties the table now and then (`reset`), keeps the lists made
    /// before its first reset and marks none after it, so the memory this holds is bounded.
    func sharedList(_ key: UInt64, _ spell: () -> [String]) -> [String] {
        withShard(Int(truncatingIfNeeded: key >> 32) & shardMask) { shard in
            pthread_mutex_lock(&shard.mutex)
            defer { pthread_mutex_unlock(&shard.mutex) }
            if let list = shard.lists.find(key) { return list }
            let names = spell()
            // Only the process-wide table's: a table of its own (the benchmark's, a test's) is
            // freed with its lists.
            if generation == 0 && self === NameTable.shared { Immortal.keepStorage(of: names) }
            shard.lists.insert(key, names)
            return names
        }
    }

    /// The storage of a name set of one or two ids given before by any file, or the one `make`
    /// makes; `key` is the ids' (`FileNames.sharedSet`). Kept as `sharedList` keeps its lists,
    /// and for the same reasons: most members' sets are one or two names a project repeats
    /// (`item`, `title`), and each was a heap block of its own for the whole run.
    /// `sharedList`'s body again, for another table: one generic function reaching the table
    /// through a key path cost 6.6 M instructions on the 100,026 generated lines (inlined) and
    /// 21.7 M (not inlined), as the extractor asks this for nearly every member.
    func sharedSet(_ key: UInt64, _ make: () -> [NameID]) -> [NameID] {
        withShard(Int(truncatingIfNeeded: key >> 32) & shardMask) { shard in
            pthread_mutex_lock(&shard.mutex)
            defer { pthread_mutex_unlock(&shard.mutex) }
            if let set = shard.sets.find(key) { return set }
            let ids = make()
            if generation == 0 && self === NameTable.shared { Immortal.keepStorage(of: ids) }
            shard.sets.insert(key, ids)
            return ids
        }
    }

    /// `body` on shard `s`, which it reads without retaining: the extractors on every thread
    /// go through the shards for each file's names, and each retain and release of a shard
    /// wrote a count both cores share (`shards` keeps them alive).
    private func withShard<Result>(_ s: Int, _ body: (Shard) -> Result) -> Result {
        unretainedShards[s]._withUnsafeGuaranteedRef(body)
    }

    /// The index in its shard of the name `id` stands for: its number, unless a test order
    /// renumbered it (`NameOrder`); nil for a number no index gets.
    private func index(of id: NameID, pinned: UInt32) -> Int? {
        let number = id.raw >> shardBits
        if order.isNatural { return Int(number) }
        return order.index(ofNumber: number, pinned: pinned, shard: id.raw & UInt32(shardMask)).map { Int($0) }
    }

    private func id(shard: Int, index: UInt32, pinned: UInt32) -> NameID {
        let number = order.isNatural ? index : order.number(ofIndex: index, pinned: pinned, shard: UInt32(shard))
        return NameID(raw: number << shardBits | UInt32(shard))
    }
}

/// The order a `NameTable` numbers its names in, which no output may depend on (see `NameID`):
/// `.natural` numbers a shard's names in the order they were first interned, which on several
/// threads is the order of a race. The others renumber every name but the pinned ones, so that
/// a test can lint the same files with ids in another order and compare the findings: any
/// difference is an order of ids leaking into output (a set's first name, names listed in id
/// order, a tie broken by id). The process's table takes its order from the environment
/// variable `VIEWLINT_DEBUG_NAME_ORDER` (see `fromEnvironment`; docs/determinism.md).
///
/// Renumbering is a bijection on a shard's indexes, computed when a name is interned or spelled,
/// never on the extractor's per-identifier path (`FileNames` caches ids); natural order skips it
/// with one test of a constant.
public struct NameOrder: Sendable, Equatable {
    enum Kind: Sendable, Equatable { case natural, reverse, shuffle }
    let kind: Kind
    let seed: UInt32
    /// Bits of a shard's index in an id (`32 - shardBits`), set by the table (`fitted`).
    private(set) var indexBits: UInt32 = 28

    /// Ids in the order names were interned (the default).
    public static let natural = NameOrder(kind: .natural, seed: 0)
    /// Names interned later get smaller ids.
    public static let reverse = NameOrder(kind: .reverse, seed: 0)
    /// Ids in an order picked by `seed`, unrelated to the order names were interned.
    public static func shuffle(seed: UInt32) -> NameOrder { NameOrder(kind: .shuffle, seed: seed) }

    var isNatural: Bool { kind == .natural }

    /// The order `VIEWLINT_DEBUG_NAME_ORDER` asks for: `reverse`, `shuffle` or `shuffle:SEED`
    /// (a decimal number); unset, empty or anything else is `.natural`.
    public static func fromEnvironment() -> NameOrder {
        guard let value = getenv("VIEWLINT_DEBUG_NAME_ORDER") else { return .natural }
        return parse(String(cString: value)) ?? .natural
    }

    /// `reverse`, `shuffle` or `shuffle:SEED`; nil for anything else.
    public static func parse(_ text: String) -> NameOrder? {
        switch parseTestOrder(text) {
        case .reverse?: return .reverse
        case .shuffle(let seed)?: return UInt32(exactly: seed).map { .shuffle(seed: $0) }
        case nil: return nil
        }
    }

    /// A test order as the debug variables spell it (`VIEWLINT_DEBUG_NAME_ORDER`, and the file
    /// order's): `reverse`, `shuffle` (seed 1) or `shuffle:SEED` (a decimal number).
    public enum TestOrder: Equatable, Sendable { case reverse, shuffle(seed: UInt64) }

    public static func parseTestOrder(_ text: String) -> TestOrder? {
        if text == "reverse" { return .reverse }
        if text == "shuffle" { return .shuffle(seed: 1) }
        if text.hasPrefix("shuffle:"), let seed = UInt64(text.dropFirst("shuffle:".count)) { return .shuffle(seed: seed) }
        return nil
    }

    func fitted(indexBits: UInt32) -> NameOrder {
        var order = self
        order.indexBits = indexBits
        return order
    }

    // A shard's index space (`indexBits` bits) is split: pinned names keep their indexes, at the
    // bottom; `reverse` counts down from the top (all ones is left out, as it would make
    // `NameID(raw: .max)`, `ValueChain.element`, a name's id); `shuffle` maps the unpinned
    // indexes onto the quarter from half of the space upwards. Either leaves room for 2^26
    // unpinned names per shard (2^30 in all), far more than any run interns.
    private var top: UInt32 { (UInt32(1) << indexBits) &- 2 }
    private var shuffledBits: UInt32 { indexBits - 2 }
    private var shuffledMask: UInt32 { (UInt32(1) << shuffledBits) &- 1 }
    private var shuffledBase: UInt32 { UInt32(1) << (indexBits - 1) }
    private static let multiplier: UInt32 = 0x2C1B_3C6D
    private static let multiplierInverse: UInt32 = {
        // Newton's iteration: each step doubles the low bits that are right.
        var inverse = multiplier
        for _ in 0..<5 { inverse = inverse &* (2 &- multiplier &* inverse) }
        return inverse
    }()

    /// The seed of `shard`'s shuffle: each shard's own, so that names of different shards
    /// interned at the same index (whose natural ids are ordered by shard) are shuffled too.
    private func seed(ofShard shard: UInt32) -> UInt32 { (seed &+ shard &* 0x9E37_79B9) & shuffledMask }

    /// The number an id of `shard` carries for the shard's `index`.
    func number(ofIndex index: UInt32, pinned: UInt32, shard: UInt32) -> UInt32 {
        guard index >= pinned else { return index }
        let unpinned = index - pinned
        switch kind {
        case .natural:
            return index
        case .reverse:
            return top - unpinned
        case .shuffle:
            var x = (unpinned & shuffledMask) ^ seed(ofShard: shard)
            x = (x &* NameOrder.multiplier) & shuffledMask
            x ^= x >> (shuffledBits / 2 + 1)
            x = (x &* NameOrder.multiplier) & shuffledMask
            return shuffledBase | x
        }
    }

    /// The index of `shard` whose id carries `number`; nil for a number no index gets.
    func index(ofNumber number: UInt32, pinned: UInt32, shard: UInt32) -> UInt32? {
        guard number >= pinned else { return number }
        switch kind {
        case .natural:
            return number
        case .reverse:
            guard number <= top, top - number <= UInt32.max - pinned else { return nil }
            return pinned + (top - number)
        case .shuffle:
            guard number & ~shuffledMask == shuffledBase else { return nil }
            var x = ((number & shuffledMask) &* NameOrder.multiplierInverse) & shuffledMask
            x ^= x >> (shuffledBits / 2 + 1)
            x = (x &* NameOrder.multiplierInverse) & shuffledMask
            return pinned + (x ^ seed(ofShard: shard))
        }
    }
}

/// A shard's spellings by index, in blocks that are never moved or freed while the table
/// lives (`reset` aside), so that a spelling can be read without the shard's lock while
/// another thread appends (`NameTable.spelling(ofGiven:)`); an array would move them as it
/// grows. Block `k` holds `firstBlock << k` spellings, so a few blocks hold any number of them
/// and an index finds its block from its leading zero bits.
struct Spellings {
    private static let firstBlockBits = 8
    /// Enough blocks for every index a 32-bit id can carry.
    private static let blockCount = 33
    private let blocks: UnsafeMutablePointer<UnsafeMutablePointer<String>?>
    private(set) var count = 0

    init() {
        blocks = .allocate(capacity: Spellings.blockCount)
        blocks.initialize(repeating: nil, count: Spellings.blockCount)
    }

    @inline(__always)
    private static func place(_ index: Int) -> (block: Int, offset: Int) {
        let q = UInt64(truncatingIfNeeded: index >> firstBlockBits) &+ 1
        let block = 63 - q.leadingZeroBitCount
        return (block, index - (((1 << block) - 1) << firstBlockBits))
    }

    /// Called under the shard's lock.
    mutating func append(_ name: String) {
        let (block, offset) = Spellings.place(count)
        if offset == 0 { blocks[block] = .allocate(capacity: 1 << (block + Spellings.firstBlockBits)) }
        (blocks[block].unsafelyUnwrapped + offset).initialize(to: name)
        count += 1
    }

    /// `index` is below `count` as the reader last saw it (see `NameTable.spelling(ofGiven:)`).
    subscript(index: Int) -> String { reader[index] }

    /// Reads spellings by index, from the block table alone (which stays where it is while the
    /// spellings live), so that a copy reads what is appended after it was made.
    struct Reader {
        fileprivate let blocks: UnsafeMutablePointer<UnsafeMutablePointer<String>?>

        @inline(__always) subscript(index: Int) -> String {
            let (block, offset) = Spellings.place(index)
            return blocks[block].unsafelyUnwrapped[offset]
        }
    }

    var reader: Reader { Reader(blocks: blocks) }

    /// Frees every spelling (`NameTable.reset`, and the shard's `deinit`).
    mutating func removeAll() {
        var left = count
        for block in 0..<Spellings.blockCount {
            guard let storage = blocks[block] else { continue }
            let size = 1 << (block + Spellings.firstBlockBits)
            storage.deinitialize(count: min(left, size))
            left -= min(left, size)
            storage.deallocate()
            blocks[block] = nil
        }
        count = 0
    }

    /// Frees the block table too (the shard's `deinit`).
    mutating func free() {
        removeAll()
        blocks.deinitialize(count: Spellings.blockCount)
        blocks.deallocate()
    }
}

/// A shard's names by their bytes (`NameTable.intern`): an open-addressing table of the names'
/// indexes, with each name's hash and bytes kept beside it, so that a lookup hashes nothing
/// more and a growth rehashes nothing. Touched only under the shard's lock. Raw storage the
/// shard frees (`free`), as `Spellings`: in arrays, a name's insertion (its hash, its bytes,
/// their end and its slot) paid each array's uniqueness and capacity checks and the generic
/// `append(contentsOf:)`, about 230 instructions, for each of the 84,000 names of the real apps.
struct SpellingIndex {
    /// A name's index plus one; 0 for an empty slot. A power of two, at most half full.
    private var slots: UnsafeMutablePointer<UInt32>
    private var slotMask: Int
    /// Each name's hash, by index.
    private var hashes: UnsafeMutablePointer<UInt64>
    /// Where each name's bytes start in `bytes`, by index, and one past the last name's end.
    private var starts: UnsafeMutablePointer<UInt32>
    private var count = 0
    /// The names `hashes` (and `starts`, less one) have room for.
    private var room: Int
    private var bytes: UnsafeMutablePointer<UInt8>
    private var byteCount = 0
    private var byteRoom: Int

    init() {
        slotMask = 63
        slots = .allocate(capacity: slotMask + 1)
        slots.initialize(repeating: 0, count: slotMask + 1)
        room = 32
        hashes = .allocate(capacity: room)
        starts = .allocate(capacity: room + 1)
        starts.initialize(to: 0)
        byteRoom = 512
        bytes = .allocate(capacity: byteRoom)
    }

    /// The index of the name `name` spells, if the table holds it, else the slot to insert it at.
    func find(_ name: UnsafeBufferPointer<UInt8>, hash: UInt64) -> (index: UInt32?, slot: Int) {
        var i = Int(truncatingIfNeeded: hash) & slotMask
        while true {
            let entry = slots[i]
            if entry == 0 { return (nil, i) }
            let index = Int(entry - 1)
            if hashes[index] == hash {
                let start = Int(starts[index]), end = Int(starts[index + 1])
                if end - start == name.count && spells(start, name) { return (UInt32(index), i) }
            }
            i = (i + 1) & slotMask
        }
    }

    private func spells(_ start: Int, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = name.baseAddress else { return true }
        return FileNames.equal(UnsafeRawPointer(bytes + start), UnsafeRawPointer(base), name.count)
    }

    /// Adds `name` as the next index, at `slot` (`find`'s, with nothing inserted since).
    mutating func insert(_ name: UnsafeBufferPointer<UInt8>, hash: UInt64, at slot: Int) {
        if count == room { growEntries() }
        if byteCount + name.count > byteRoom { growBytes(toHold: name.count) }
        if let base = name.baseAddress { (bytes + byteCount).initialize(from: base, count: name.count) }
        byteCount += name.count
        (hashes + count).initialize(to: hash)
        (starts + count + 1).initialize(to: UInt32(truncatingIfNeeded: byteCount))
        count += 1
        slots[slot] = UInt32(truncatingIfNeeded: count)
        if count * 2 > slotMask + 1 { growSlots() }
    }

    private mutating func growEntries() {
        let grown = room * 2
        let grownHashes = UnsafeMutablePointer<UInt64>.allocate(capacity: grown)
        grownHashes.moveInitialize(from: hashes, count: count)
        hashes.deallocate()
        hashes = grownHashes
        let grownStarts = UnsafeMutablePointer<UInt32>.allocate(capacity: grown + 1)
        grownStarts.moveInitialize(from: starts, count: count + 1)
        starts.deallocate()
        starts = grownStarts
        room = grown
    }

    private mutating func growBytes(toHold more: Int) {
        let grown = max(byteRoom * 2, byteCount + more)
        let grownBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        grownBytes.moveInitialize(from: bytes, count: byteCount)
        bytes.deallocate()
        bytes = grownBytes
        byteRoom = grown
    }

    private mutating func growSlots() {
        let grownCount = (slotMask + 1) * 2
        let grown = UnsafeMutablePointer<UInt32>.allocate(capacity: grownCount)
        grown.initialize(repeating: 0, count: grownCount)
        let mask = grownCount - 1
        for index in 0..<count {
            var i = Int(truncatingIfNeeded: hashes[index]) & mask
            while grown[i] != 0 { i = (i + 1) & mask }
            grown[i] = UInt32(truncatingIfNeeded: index + 1)
        }
        slots.deallocate()
        slots = grown
        slotMask = mask
    }

    /// Frees the storage (`NameTable.reset`, and the shard's `deinit`); the index is not used
    /// again.
    func free() {
        slots.deallocate()
        hashes.deallocate()
        starts.deallocate()
        bytes.deallocate()
    }
}

/// One file's names as the extractor meets them: an open-addressing table keyed by the name's
/// bytes (hashed where they lie in the source, no `String` made), in front of `NameTable`. Only a
/// name's first occurrence builds a `String` and takes a shard's lock. Used by one thread at a
/// time, for one file's extraction, which the table lends it to (`NameTable.withFileNames`), so
/// the names it holds carry over to the thread's next file.
public final class FileNames {
    private struct Slot {
        var hash: UInt64
        var start: UInt32
        /// The name's length in bytes plus one; 0 for an empty slot.
        var countPlusOne: UInt32
        var id: NameID

        static let empty = Slot(hash: 0, start: 0, countPlusOne: 0, id: NameID(raw: 0))
    }

    // One thread, one file: no access can overlap another, so the runtime's exclusivity checks
    // (on every identifier the extractor meets) would guard nothing.
    // The slots and the spellings are raw storage the cache owns (freed in `deinit`): asked for
    // nearly every identifier the extractor meets (1.7 million times over the real apps), a
    // lookup through arrays of optional slots and of bytes paid their bounds, optional and
    // uniqueness checks, about half of its 125 instructions.
    @exclusivity(unchecked) private var slots: UnsafeMutablePointer<Slot>
    /// The slots' count, a power of two, less one.
    @exclusivity(unchecked) private var slotMask: Int
    @exclusivity(unchecked) private var used = 0
    /// The spellings of the names in `slots`, one after another.
    @exclusivity(unchecked) private var spellings: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var spellingCount = 0
    @exclusivity(unchecked) private var spellingRoom: Int
    /// Lists of one or two names met in this file, cached by their ids' key in a direct-mapped
    /// table: the process's shared ones (`NameTable.sharedList`), asked without a lock or a
    /// dictionary's hashing after a list's first use in the file (a call's callee, every call).
    /// A thousand slots: with 64, a quarter of the asks for a call's callee and nearly half of
    /// those for a member's small sets missed, each miss a lock and a dictionary's hashing.
    /// Keys and lists apart (`UInt64.max` for an empty slot, no key is), so that a key is
    /// compared without copying (and retaining) its list.
    @exclusivity(unchecked) private var listKeys: [UInt64] = Array(repeating: .max, count: FileNames.smallListSlots)
    @exclusivity(unchecked) private var lists: [[String]] = Array(repeating: [], count: FileNames.smallListSlots)
    /// Name sets of one or two ids met in this file, cached as `lists` are (see `sharedSet`).
    @exclusivity(unchecked) private var setKeys: [UInt64] = Array(repeating: .max, count: FileNames.smallSetSlots)
    @exclusivity(unchecked) private var sets: [[NameID]] = Array(repeating: [], count: FileNames.smallSetSlots)
    /// The slots of `lists` and of `sets`, a power of two, and the shift that takes a 64-bit
    /// hash's top bits to a slot. Sets are asked for more often and have more keys than lists
    /// (every member's sets, every one-name chain): at 1,024 slots four asks in ten missed on
    /// the real apps, each miss a lock and a dictionary's hashing in the shared table.
    private static let smallListSlots = 1024, smallListShift: UInt64 = 54
    private static let smallSetSlots = 4096, smallSetShift: UInt64 = 52
    /// The read collector's lists, with their room, between this thread's extractions (see
    /// `ReadCollector.SpareLists`).
    @exclusivity(unchecked) var spareCollectorLists = ReadCollector.SpareLists()
    /// The argument table's node index, with its room, between this thread's extractions
    /// (see `ArgumentTable.NodeIndex`).
    @exclusivity(unchecked) var spareArgumentNodes = ArgumentTable.NodeIndex()
    /// The argument table's lists of chunks and of the chunks filling, empty, with their room,
    /// between this thread's extractions (see `ArgumentTable.finish`).
    @exclusivity(unchecked) var spareArgumentChunks: [ArgumentChunk] = []
    @exclusivity(unchecked) var spareArgumentFilling: [Int32] = []
    /// The names of the identifier tokens met last in the file being extracted, shared by the
    /// shapes of its arguments and values and its read collector (see `TokenNameCache`).
    let tokenNames = TokenNameCache()
    /// Member-access shapes of a name (`.leading`) or of a name's member (`item.title`) made by
    /// the extractions holding this cache (one thread at a time, no lock), by their names' ids,
    /// in a direct-mapped table (see `memberShape`): keys and shapes apart, so that a key is
    /// compared without copying (and retaining) its shape. Made on the first ask: a cache made
    /// only to intern names never asks.
    @exclusivity(unchecked) private var memberShapeKeys: [UInt64] = []
    @exclusivity(unchecked) private var memberShapes: [ExprShape] = []
    /// Each table's slots, a power of two, and the shift that takes a 64-bit hash's top bits
    /// to a slot (64 minus the slots' log2). Member shapes have as many slots as the texts: a
    /// miss makes a new shape (a box) and spells its names, and at 1,024 slots the member
    /// pairs of a thread's files took each other's slots by turns.
    private static let memberShapeSlots = 4096, memberShapeShift: UInt64 = 52
    private static let largerSetSlots = 1024, largerSetShift: UInt64 = 54
    /// Name sets of three or more ids made by the extractions holding this cache, by a hash of
    /// their ids, in a direct-mapped table (see `sharedSet(ofSorted:)`); made on the first ask,
    /// as the shapes'.
    @exclusivity(unchecked) private var largerSetKeys: [UInt64] = []
    @exclusivity(unchecked) private var largerSets: [[NameID]] = []
    /// Normalised texts made by the extractions holding this cache, by their hash, in a
    /// direct-mapped table (see `sharedText`); made on the first ask.
    @exclusivity(unchecked) private var sharedTextKeys: [UInt64] = []
    @exclusivity(unchecked) private var sharedTexts: [SharedText] = []
    private static let sharedTextSlots = 4096, sharedTextShift: UInt64 = 52
    private let table: NameTable
    /// The table's generation this cache was made in (`NameTable.keep`).
    let generation: Int

    public convenience init(table: NameTable = .shared) {
        self.init(table: table, generation: -1)
    }

    init(table: NameTable, generation: Int) {
        self.table = table
        self.generation = generation
        slotMask = FileNames.firstSlots - 1
        slots = .allocate(capacity: FileNames.firstSlots)
        slots.initialize(repeating: .empty, count: FileNames.firstSlots)
        spellingRoom = 1024
        spellings = .allocate(capacity: spellingRoom)
    }

    /// 16,384 slots (384 KiB) to start: a thread's cache passes 8,192 names within its first
    /// files on the real apps, and grew to this from 256 slots by six rehashes of every name
    /// (31 growths there, now 9). A cache is made once per thread, and again only when it
    /// outgrows `isWorthKeeping`.
    private static let firstSlots = 16_384

    /// The ids of the names every file's extraction compares with (`ModelExtractor`,
    /// `ReadCollector`), found once per cache: looked up again for each file, they cost
    /// 5.9 M instructions on the real apps.
    struct FixedNames {
        let body, initializer, deinitializer, subscriptName, empty, selfName: NameID
    }

    private(set) lazy var fixed = FixedNames(
        body: id("body"), initializer: id("init"), deinitializer: id("deinit"),
        subscriptName: id("subscript"), empty: id(""), selfName: id("self"))

    // Slots and bytes are plain values: their storage is freed without destroying any.
    deinit {
        slots.deallocate()
        spellings.deallocate()
        spareArgumentNodes.deallocate()
    }

    /// Small enough to keep for the next file (`NameTable.keep`): up to 131,072 names (6 MiB of
    /// slots), far below the 4 GiB its 32-bit spelling offsets could address; a larger cache is
    /// dropped and the next file starts a new one. Caches are freed once every file is made
    /// (`NameTable.dropSpareFileNames`), so one this size is never held beside the whole model.
    /// At 32,768 names, the 88,000 names of the real apps filled a thread's cache three times,
    /// each time grown from 16,384 slots again and each name of the next files interned again
    /// (about 9.5 M instructions).
    var isWorthKeeping: Bool { spellingCount < 1 << 22 && slotMask < 1 << 18 }

    /// A hash of a name's bytes, eight at a time (FNV-1a's byte at a time was most of the
    /// cost of looking a name up), with its high bits folded down: slots are picked by the low
    /// bits, shards by the high ones (`NameTable.intern`).
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let base = bytes.baseAddress else { return 0x9E37_79B9_7F4A_7C15 }
        let raw = UnsafeRawPointer(base)
        var h = UInt64(truncatingIfNeeded: bytes.count) &* 0x9E37_79B9_7F4A_7C15
        var offset = 0
        while offset + 8 <= bytes.count {
            h = (h ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            h ^= h >> 32
            offset += 8
        }
        if offset < bytes.count {
            // The last bytes in at most two loads, which may overlap bytes hashed already: with
            // the length in the hash, they still tell any two names of that length apart.
            let count = bytes.count
            let tail: UInt64
            if count >= 8 {
                tail = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            } else if count >= 4 {
                tail = UInt64(raw.loadUnaligned(as: UInt32.self))
                    | UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)) << 32
            } else if count >= 2 {
                tail = UInt64(raw.loadUnaligned(as: UInt16.self))
                    | UInt64(raw.loadUnaligned(fromByteOffset: count - 2, as: UInt16.self)) << 16
            } else {
                tail = UInt64(base[0])
            }
            h = (h ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        }
        h ^= h >> 33
        h = h &* 0xFF51_AFD7_ED55_8CCD
        return h ^ (h >> 29)
    }

    public func id(_ bytes: UnsafeBufferPointer<UInt8>) -> NameID {
        let h = FileNames.hash(bytes)
        let countPlusOne = UInt32(truncatingIfNeeded: bytes.count &+ 1)
        var i = Int(truncatingIfNeeded: h) & slotMask
        while true {
            let slot = slots[i]
            if slot.countPlusOne == 0 { break }
            if slot.hash == h && slot.countPlusOne == countPlusOne && spells(slot, bytes) { return slot.id }
            i = (i + 1) & slotMask
        }
        return add(bytes, hash: h, at: i)
    }

    /// Interns the name `bytes` spell, new to this cache, and writes it into slot `i`, the empty
    /// slot its lookup ended at.
    @inline(never)
    private func add(_ bytes: UnsafeBufferPointer<UInt8>, hash h: UInt64, at i: Int) -> NameID {
        // Bytes that are not valid UTF-8 are interned as the repaired spelling's, which is what
        // names them; ASCII (nearly every name) is its own spelling, made without validating
        // it as UTF-8 (`SyntaxTree.string`: 88,000 new names on the real apps).
        let id = bytes.contains(where: { $0 >= 0x80 })
            ? table.intern(String(decoding: bytes, as: UTF8.self))
            : table.intern(bytes, hash: h) { SyntaxTree.string(bytes) }
        if spellingCount + bytes.count > spellingRoom {
            let room = max(spellingRoom * 2, spellingCount + bytes.count)
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: room)
            grown.update(from: spellings, count: spellingCount)
            spellings.deallocate()
            spellings = grown
            spellingRoom = room
        }
        if let base = bytes.baseAddress { (spellings + spellingCount).update(from: base, count: bytes.count) }
        slots[i] = Slot(hash: h, start: UInt32(truncatingIfNeeded: spellingCount),
                        countPlusOne: UInt32(truncatingIfNeeded: bytes.count &+ 1), id: id)
        spellingCount += bytes.count
        used += 1
        if used * 2 > slotMask + 1 { grow() }
        return id
    }

    func id(_ name: String) -> NameID {
        var name = name
        return name.withUTF8 { id($0) }
    }

    /// The spelling of `id`, a name this cache gave (`NameTable.spelling(ofGiven:)`: read
    /// without a lock).
    @inline(__always) func spelling(_ id: NameID) -> String {
        table.spelling(ofGiven: id)
    }

    /// The name spelled by `bytes[range]`.
    func id(_ bytes: [UInt8], _ range: Range<Int>) -> NameID {
        bytes.withUnsafeBufferPointer { id(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// `names`, or an equal list of one or two names made before in any file, whose storage it
    /// then shares: a call's callee chain (`["Text"]`) and a member's modifiers (`["private"]`)
    /// repeat throughout a project, and the model holds every one for the whole run.
    func shared(_ names: [String]) -> [String] {
        guard names.count == 1 || names.count == 2 else { return names }
        return shared(id(names[0]), names.count == 2 ? id(names[1]) : nil) { names }
    }

    /// The shared list of the names `first` and `second` (see `shared(_:)`), asked by their ids:
    /// `spell` makes the strings only when no file made the list before.
    func shared(_ first: NameID, _ second: NameID?, spell: () -> [String]) -> [String] {
        let key = UInt64(first.raw) << 32 | (second.map { UInt64($0.raw) } ?? UInt64(UInt32.max))
        let slot = Int(truncatingIfNeeded: ((key ^ key >> 32) &* 0x9E37_79B9_7F4A_7C15) >> FileNames.smallListShift)
        if listKeys[slot] == key { return lists[slot] }
        let list = table.sharedList(key, spell)
        listKeys[slot] = key
        lists[slot] = list
        return list
    }

    /// The storage of the name set `[first]`, or `[first, second]` with `first < second`, shared
    /// with every equal set made before in any file (`NameTable.sharedSet`). A value chain's two
    /// different members (`ReadCollector.recordValueChain`) are asked for in their order, which
    /// may be `first > second`: the key tells the two orders apart, and the list's order is the
    /// order asked, so an equal chain or set shares it and no other does.
    func sharedSet(_ first: NameID, _ second: NameID?) -> [NameID] {
        // A set of one id is keyed with it twice: a set of two holds two different ids.
        let key = UInt64(first.raw) << 32 | UInt64((second ?? first).raw)
        let slot = Int(truncatingIfNeeded: ((key ^ key >> 32) &* 0x9E37_79B9_7F4A_7C15) >> FileNames.smallSetShift)
        if setKeys[slot] == key { return sets[slot] }
        let set = table.sharedSet(key) { second.map { [first, $0] } ?? [first] }
        setKeys[slot] = key
        sets[slot] = set
        return set
    }

    /// `text`, or an equal text made before with this cache with the same hash, whose storage it
    /// then shares: the normalised texts of views' bases, modifiers' and calls' arguments
    /// (`RoundedRectangle(cornerRadius: 12)`, `.frame(maxWidth: .infinity)`) repeat from file to
    /// file, and each was a heap block of its own, held for the whole run. A text of up to 15
    /// bytes is held inline by the string, with nothing to share.
    func sharedText(_ text: String) -> String {
        guard text.utf8.count > 15 else { return text }
        return sharedTextBox(text).text
    }

    /// `text` in a box (an argument's text, see `ArgumentText`), or the box of an equal text
    /// made before with this cache with the same hash: texts of any length, as each box is a
    /// heap block.
    func sharedTextBox(_ text: String) -> SharedText {
        var text = text
        let h = text.withUTF8 { FileNames.hash($0) }
        let slot = Int(truncatingIfNeeded: h >> FileNames.sharedTextShift)
        if sharedTextKeys.isEmpty {
            sharedTextKeys = Array(repeating: 0, count: FileNames.sharedTextSlots)
            sharedTexts = Array(repeating: FileNames.emptyText, count: FileNames.sharedTextSlots)
        }
        if sharedTextKeys[slot] == h {
            // Byte for byte: `==` would take a canonically equivalent spelling for the same.
            let cached = sharedTexts[slot]
            var cachedText = cached.text
            let same = cachedText.withUTF8 { a in
                text.withUTF8 { b in
                    a.count == b.count && (a.count == 0 || FileNames.equal(UnsafeRawPointer(a.baseAddress!), UnsafeRawPointer(b.baseAddress!), a.count))
                }
            }
            if same { return cached }
        }
        let box = SharedText(text)
        sharedTextKeys[slot] = h
        sharedTexts[slot] = box
        return box
    }

    private static let emptyText = SharedText("")

    /// `ids` (sorted and unique, more than two) in an array of their size, or the storage of the
    /// equal set made last with this cache with the same hash: members of different files read
    /// the same names (`title`, `items`, `isLoading`), and each set was a heap block of its own,
    /// held for the whole run. The cache is used by one thread at a time, so no lock (the sets of one
    /// or two names are shared process-wide through the table, `sharedSet`).
    func sharedSet(ofSorted ids: UnsafeBufferPointer<NameID>) -> [NameID] {
        var h = UInt64(truncatingIfNeeded: ids.count) &* 0x9E37_79B9_7F4A_7C15
        for id in ids {
            h = (h ^ UInt64(id.raw)) &* 0xFF51_AFD7_ED55_8CCD
            h ^= h >> 32
        }
        let slot = Int(truncatingIfNeeded: h >> FileNames.largerSetShift)
        if largerSetKeys.isEmpty {
            largerSetKeys = Array(repeating: 0, count: FileNames.largerSetSlots)
            largerSets = Array(repeating: [], count: FileNames.largerSetSlots)
        }
        if largerSetKeys[slot] == h && FileNames.sameIDs(largerSets[slot], ids) { return largerSets[slot] }
        // A copy of exactly the set's size: the model holds it for the whole run. Copied as a
        // collection, in one allocation and one copy of the bytes: reserved, then appended, each
        // set went through the array's growth and append (about 400 instructions a set, 61,700
        // sets on the real apps); `init(unsafeUninitializedCapacity:)` allocated through an
        // unspecialised call (about 680).
        let made = [NameID](ids)
        largerSetKeys[slot] = h
        largerSets[slot] = made
        return made
    }

    /// Whether `set` holds the ids of `ids`, compared as memory: the generic `elementsEqual`
    /// cost about 250 instructions a comparison.
    @inline(__always) private static func sameIDs(_ set: [NameID], _ ids: UnsafeBufferPointer<NameID>) -> Bool {
        guard set.count == ids.count else { return false }
        return set.withUnsafeBytes { a in
            let b = UnsafeRawBufferPointer(ids)
            return memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0
        }
    }

    /// The shape `.member(base: .identifier(base), name: name)`, or `.member(base: nil, name:
    /// name)` without a base, as `make` makes it, shared with the equal shape made last in any
    /// of this cache's files: the model holds every argument's and initializer's shape for the
    /// whole run, and each member access was a heap box of its own (19,500 of them, 1.25 MB, in
    /// 100,000 generated lines, most of them the same few implicit members and `item.title`s;
    /// 5,000 boxes are left).
    /// A shape is a value, never changed once made, so sharing its box changes nothing else.
    func memberShape(base: NameID?, name: NameID, make: () -> ExprShape) -> ExprShape {
        // No name's id is `UInt32.max` (`ValueChain.element`), so no key is `.max`, the empty slot's.
        let key = UInt64(name.raw) << 32 | UInt64(base?.raw ?? .max)
        let slot = Int(truncatingIfNeeded: ((key ^ key >> 29) &* 0x9E37_79B9_7F4A_7C15) >> FileNames.memberShapeShift)
        if memberShapeKeys.isEmpty {
            memberShapeKeys = Array(repeating: .max, count: FileNames.memberShapeSlots)
            memberShapes = Array(repeating: .nilLiteral, count: FileNames.memberShapeSlots)
        }
        if memberShapeKeys[slot] == key { return memberShapes[slot] }
        let shape = make()
        memberShapeKeys[slot] = key
        memberShapes[slot] = shape
        return shape
    }

    @inline(__always)
    private func spells(_ slot: Slot, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        return FileNames.equal(UnsafeRawPointer(spellings + Int(slot.start)), UnsafeRawPointer(base), bytes.count)
    }

    /// `memcmp(a, b, count) == 0`, in at most two loads for a name of up to 16 bytes (most of
    /// them), which may overlap but never reach past `count`: the call to `memcmp` cost more
    /// than the comparison, once per name the file reads.
    @inline(__always)
    static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ count: Int) -> Bool {
        if count >= 8 {
            var offset = 0
            while offset + 8 <= count {
                if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self) {
                    return false
                }
                offset += 8
            }
            return offset == count
                || a.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) == b.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        }
        if count >= 4 {
            return a.loadUnaligned(as: UInt32.self) == b.loadUnaligned(as: UInt32.self)
                && a.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self) == b.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
        }
        if count >= 2 {
            return a.loadUnaligned(as: UInt16.self) == b.loadUnaligned(as: UInt16.self)
                && a.loadUnaligned(fromByteOffset: count - 2, as: UInt16.self) == b.loadUnaligned(fromByteOffset: count - 2, as: UInt16.self)
        }
        return count == 0 || a.load(as: UInt8.self) == b.load(as: UInt8.self)
    }

    private func grow() {
        let old = slots
        let oldCount = slotMask + 1
        let count = oldCount * 2
        slots = .allocate(capacity: count)
        slots.initialize(repeating: .empty, count: count)
        slotMask = count - 1
        for k in 0..<oldCount where old[k].countPlusOne != 0 {
            var i = Int(truncatingIfNeeded: old[k].hash) & slotMask
            while slots[i].countPlusOne != 0 { i = (i + 1) & slotMask }
            slots[i] = old[k]
        }
        old.deallocate()
    }
}

/// The ids of the identifier tokens met last in a file, in a direct-mapped table by token index:
/// the read collector asks for the same token's name several times (a member access's name as
/// a read, again for its chain, again for each longer chain around it; a receiver's name for
/// its member reads, again when its own node is visited), and the shapes of arguments and
/// values ask for the names the collector then reads again; each ask hashed the name's bytes
/// and probed `FileNames`. Entries carry the file they were written for (`file`), so a new file
/// starts empty by counting one up (`FileModel.extract`, where a file's extraction begins).
final class TokenNameCache {
    struct Entry {
        var file: UInt32
        var token: UInt32
        var id: NameID
        /// The name's first byte (see `SyntaxTree.nameAndFirstByte`).
        var first: UInt8
    }

    private static let slots = 1024
    @exclusivity(unchecked) private var base: UnsafeMutablePointer<Entry>
    @exclusivity(unchecked) private var file: UInt32 = 1

    init() {
        base = .allocate(capacity: TokenNameCache.slots)
        base.initialize(repeating: Entry(file: 0, token: 0, id: NameID(raw: 0), first: 0), count: TokenNameCache.slots)
    }

    // Entries are plain integers: the storage is freed without destroying any.
    deinit { base.deallocate() }

    /// Forgets every token, for the next file.
    func startFile() {
        if file == .max {
            for i in 0..<TokenNameCache.slots { base[i].file = 0 }
            file = 1
        } else {
            file += 1
        }
    }

    @inline(__always) func entry(of token: Int) -> (id: NameID, first: UInt8)? {
        let entry = base[token & (TokenNameCache.slots - 1)]
        return entry.file == file && entry.token == UInt32(truncatingIfNeeded: token) ? (entry.id, entry.first) : nil
    }

    @inline(__always) func remember(_ id: NameID, first: UInt8, of token: Int) {
        base[token & (TokenNameCache.slots - 1)] = Entry(file: file, token: UInt32(truncatingIfNeeded: token), id: id, first: first)
    }
}
