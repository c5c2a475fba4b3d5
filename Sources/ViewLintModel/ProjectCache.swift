#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Project-wide facts a rule computes once and then consults for every file (which classes'
/// publishers are used, which types a property may hold). Rules check files in parallel and
/// hold no state, so the project model keeps these for them, computed on first use.
///
/// Each fact is computed once: a thread that asks for a fact another thread is computing waits
/// for that value rather than computing it again (on two cores the threads tend to reach the
/// same fact at the same moment, and computing it twice doubled its cost for nothing). The lock
/// is never held while computing, so a fact may itself ask for another; facts are pure functions
/// of the model, so their dependencies have no cycles and waiting cannot deadlock.
final class ProjectCache: @unchecked Sendable {
    /// A computed value as stored, its type erased without a generic class: `fact` is called
    /// unspecialized from the rules' module, where a `Box<T>` would be looked up in the
    /// runtime's table of generic types on every ask (a lock-free table, but one whose reader
    /// count both threads increment, so its cache line moved from core to core). The value
    /// lives at `pointer` and is read as the `T` whose identity `type` holds; an entry that
    /// exists is a computed value, so a fact whose value is nil (`T` optional) is told apart
    /// from one not computed yet.
    final class Stored {
        let type: ObjectIdentifier
        let pointer: UnsafeMutableRawPointer
        private let destroy: (UnsafeMutableRawPointer) -> Void

        init<T>(_ value: T) {
            type = ObjectIdentifier(T.self)
            let typed = UnsafeMutablePointer<T>.allocate(capacity: 1)
            typed.initialize(to: value)
            pointer = UnsafeMutableRawPointer(typed)
            destroy = { raw in
                let typed = raw.assumingMemoryBound(to: T.self)
                typed.deinitialize(count: 1)
                typed.deallocate()
            }
        }

        deinit { destroy(pointer) }
    }

    // Both tables are only touched under `mutex`, so the runtime's exclusivity checks on them
    // would only repeat what the lock guarantees; the lock and its condition are passed to
    // pthreads by address on every ask, which the runtime would record as an access too.
    @exclusivity(unchecked) private var mutex = pthread_mutex_t()
    @exclusivity(unchecked) private var computed = pthread_cond_t()
    /// Kept unretained, so that asking retains no entry both threads share; `owned` keeps
    /// them alive.
    @exclusivity(unchecked) private var values = FactEntries()
    @exclusivity(unchecked) private var owned: [Stored] = []
    /// Facts being computed, with the thread computing each.
    @exclusivity(unchecked) private var computing: [String: pthread_t] = [:]

    init() {
        pthread_mutex_init(&mutex, nil)
        pthread_cond_init(&computed, nil)
    }

    deinit {
        pthread_cond_destroy(&computed)
        pthread_mutex_destroy(&mutex)
    }

    func value<T: Sendable>(_ key: String, _ make: () -> T) -> T {
        entry(key, make).value
    }

    func value<T: Sendable>(_ key: StaticString, _ make: () -> T) -> T {
        entry(key, make).value
    }

    /// `entry(_:_:)` of a literal key, found by its text's address: only until its entry
    /// exists does an ask spell the key as a `String` and hash it.
    func entry<T: Sendable>(_ key: StaticString, _ make: () -> T) -> (value: T, entry: Unmanaged<Stored>?) {
        pthread_mutex_lock(&mutex)
        if let existing = values.find(key), existing._withUnsafeGuaranteedRef({ $0.type }) == ObjectIdentifier(T.self) {
            let value = existing._withUnsafeGuaranteedRef { $0.pointer }.assumingMemoryBound(to: T.self).pointee
            pthread_mutex_unlock(&mutex)
            return (value, existing)
        }
        pthread_mutex_unlock(&mutex)
        // Not made yet (or made by another thread meanwhile, or of another type): by name, which
        // waits for a thread making it. The next ask records the address (`FactEntries.find`).
        return entry(key.description, make)
    }

    /// The fact's value, and the entry that holds it (nil when a value of another type is
    /// stored under the key), which lives as long as the cache: a thread's `LaneFacts` keeps it
    /// to answer again without the lock.
    func entry<T: Sendable>(_ key: String, _ make: () -> T) -> (value: T, entry: Unmanaged<Stored>?) {
        let me = pthread_self()
        var owns = false
        pthread_mutex_lock(&mutex)
        while true {
            if let existing = values.find(key) {
                // No `T?` is made on this path: unspecialized, its type too would be looked up.
                let type = existing._withUnsafeGuaranteedRef { $0.type }
                guard type == ObjectIdentifier(T.self) else {
                    pthread_mutex_unlock(&mutex)
                    // A value of another type under the same key (a misuse) is computed, not shared.
                    return (make(), nil)
                }
                let value = existing._withUnsafeGuaranteedRef { $0.pointer }.assumingMemoryBound(to: T.self).pointee
                pthread_mutex_unlock(&mutex)
                return (value, existing)
            }
            guard let owner = computing[key], pthread_equal(owner, me) == 0 else { break }
            pthread_cond_wait(&computed, &mutex)
        }
        if computing[key] == nil {
            computing[key] = me
            owns = true
        }
        pthread_mutex_unlock(&mutex)
        var made = make()
        var entry: Unmanaged<Stored>?
        pthread_mutex_lock(&mutex)
        if let existing = values.find(key) {
            if existing._withUnsafeGuaranteedRef({ $0.type }) == ObjectIdentifier(T.self) {
                made = existing._withUnsafeGuaranteedRef { $0.pointer }.assumingMemoryBound(to: T.self).pointee
                entry = existing
            }
        } else {
            let stored = Stored(made)
            owned.append(stored)
            let kept = Unmanaged.passUnretained(stored)
            entry = kept
            values.insert(key, kept)
        }
        if owns {
            computing[key] = nil
            pthread_cond_broadcast(&computed)
        }
        pthread_mutex_unlock(&mutex)
        return (made, entry)
    }
}

/// The facts one thread (a lane of a parallel run) has asked for, in front of the shared
/// `ProjectCache`: rules ask for facts constantly (for every file, many times per rule), and
/// each ask took the shared cache's lock, whose cache line, like the counts the lookup wrote,
/// then moved between the cores. Asked again by the same thread, a fact is read here without
/// a lock. Any other thread (one that reads a model copy another thread made) goes to the
/// shared cache, so this table is only ever touched by its owner.
final class LaneFacts: @unchecked Sendable {
    private let owner = pthread_self()
    private let shared: ProjectCache
    /// Where `remembered(_:_:)` answers any other thread (see `ProjectModel.laneRemembered`).
    private let sharedDerived: ProjectCache
    // Touched by the owning thread only (see `owns`), never across a call that could reenter.
    @exclusivity(unchecked) private var known = FactEntries()
    /// Values made from a shared fact by this thread (the merged value of a per-file fact),
    /// kept by `remembered(_:_:)`.
    @exclusivity(unchecked) private var derived = FactEntries()
    @exclusivity(unchecked) private var owned: [ProjectCache.Stored] = []

    /// The lane reads the model's own types (`ProjectModel.laneCopy(separateTypes: false)`), so
    /// what it derives is what any other thread derives: it shares `sharedDerived`'s values
    /// rather than making its own (the scoped types the model made while it was built).
    private let sharesDerived: Bool

    init(shared: ProjectCache, derived: ProjectCache, sharesDerived: Bool = false) {
        self.shared = shared
        sharedDerived = derived
        self.sharesDerived = sharesDerived
    }

    private var owns: Bool { pthread_equal(pthread_self(), owner) != 0 }

    func value<T: Sendable>(_ key: String, _ make: () -> T) -> T {
        guard owns else { return shared.value(key, make) }
        if let entry = LaneFacts.holding(T.self, known.find(key)) { return LaneFacts.read(entry) }
        let (value, entry) = shared.entry(key, make)
        if let entry { known.insert(key, entry) }
        return value
    }

    /// `value(_:_:)` of a literal key, found by its text's address rather than hashed.
    func value<T: Sendable>(_ key: StaticString, _ make: () -> T) -> T {
        guard owns else { return shared.value(key, make) }
        if let entry = LaneFacts.holding(T.self, known.find(key)) { return LaneFacts.read(entry) }
        let (value, entry) = shared.entry(key, make)
        if let entry { known.insert(key, entry) }
        return value
    }

    /// `make()`'s value, made once by the owning thread and kept: for a value derived from a
    /// shared fact that is the same whichever thread derives it (a per-file fact's merged value,
    /// read from its parts' object under that object's lock), or made of the lane's own objects
    /// (`ProjectModel.scopedTypes`). Any other thread shares one value, made once, in `derived`.
    /// Keys are literals, found by their text's address rather than hashed.
    func remembered<T: Sendable>(_ key: StaticString, _ make: () -> T) -> T {
        guard owns else { return sharedDerived.value(key, make) }
        if let entry = LaneFacts.holding(T.self, derived.find(key)) { return LaneFacts.read(entry) }
        if sharesDerived {
            let (value, entry) = sharedDerived.entry(key, make)
            if let entry { derived.insert(key, entry) }
            return value
        }
        let value = make()
        derived.insert(key, keep(value))
        return value
    }

    /// `value` stored for as long as the lane lives.
    private func keep<T: Sendable>(_ value: T) -> Unmanaged<ProjectCache.Stored> {
        let stored = ProjectCache.Stored(value)
        owned.append(stored)
        return Unmanaged.passUnretained(stored)
    }

    // No `T?` is made on these paths: unspecialized (rules call facts from another module),
    // its type would be looked up in the runtime's table on every ask (see `ProjectCache.Stored`).
    private static func holding<T>(_ type: T.Type, _ entry: Unmanaged<ProjectCache.Stored>?) -> Unmanaged<ProjectCache.Stored>? {
        guard let entry, entry._withUnsafeGuaranteedRef({ $0.type }) == ObjectIdentifier(T.self) else { return nil }
        return entry
    }

    private static func read<T>(_ entry: Unmanaged<ProjectCache.Stored>) -> T {
        entry._withUnsafeGuaranteedRef { $0.pointer }.assumingMemoryBound(to: T.self).pointee
    }
}

/// Fact entries by key, found by a literal key's address where the caller has one: the one
/// table `ProjectCache` and `LaneFacts` keep their entries in.
struct FactEntries {
    private var byName: [String: Unmanaged<ProjectCache.Stored>] = [:]
    /// The same entries by the address of a literal key's text (see `EntriesByAddress`).
    private var byAddress = EntriesByAddress()

    func find(_ key: String) -> Unmanaged<ProjectCache.Stored>? { byName[key] }

    /// A literal key's entry, by its text's address; else by its text, then recording the
    /// address, so that a call site spells and hashes its key only until the entry exists.
    mutating func find(_ key: StaticString) -> Unmanaged<ProjectCache.Stored>? {
        guard let address = EntriesByAddress.address(of: key) else { return byName[key.description] }
        if let entry = byAddress.find(address) { return entry }
        guard let entry = byName[key.description] else { return nil }
        byAddress.insert(address, entry)
        return entry
    }

    mutating func insert(_ key: String, _ entry: Unmanaged<ProjectCache.Stored>) {
        byName[key] = entry
    }

    /// By the key's text, and by its address when it has one.
    mutating func insert(_ key: StaticString, _ entry: Unmanaged<ProjectCache.Stored>) {
        byName[key.description] = entry
        if let address = EntriesByAddress.address(of: key) { byAddress.insert(address, entry) }
    }
}

/// Fact entries by the address of their key's text. A fact's key is a literal at its call site
/// (`fact("viewGraph.placements")`), whose text sits at one address for the whole run, so an
/// ask finds its entry by a multiply and a compare; a `String` key was hashed whole on every
/// ask, and rules ask for facts for every file, many times per rule. An address is only ever
/// recorded for an entry also kept under the key's text, so two call sites that spell one
/// key (two addresses) share one fact. A `[UInt: Entry]` dictionary in its place cost 143
/// instructions a find against 17 here (callgrind, forty keys), most of them hashing the address.
struct EntriesByAddress {
    /// Open addressing, linear probing; 0 marks an empty slot (no text lives at address 0).
    private var addresses: [UInt]
    private var entries: [Unmanaged<ProjectCache.Stored>?]
    private var used = 0
    private var shift: UInt

    init() {
        // A run asks for a few dozen literal keys: 128 slots hold them without growing.
        addresses = Array(repeating: 0, count: 128)
        entries = Array(repeating: nil, count: 128)
        shift = UInt(UInt.bitWidth - 7)
    }

    /// The address of a literal's text; nil for a literal of one Unicode scalar, which has none.
    static func address(of key: StaticString) -> UInt? {
        key.hasPointerRepresentation ? UInt(bitPattern: key.utf8Start) : nil
    }

    private func home(_ address: UInt) -> Int {
        // Fibonacci hashing: texts sit at nearby addresses, and the multiply spreads their low bits.
        Int(truncatingIfNeeded: (address &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    func find(_ address: UInt) -> Unmanaged<ProjectCache.Stored>? {
        let mask = addresses.count - 1
        var slot = home(address)
        while true {
            let held = addresses[slot]
            if held == address { return entries[slot] }
            if held == 0 { return nil }
            slot = (slot + 1) & mask
        }
    }

    mutating func insert(_ address: UInt, _ entry: Unmanaged<ProjectCache.Stored>) {
        if (used + 1) * 2 > addresses.count { grow() }
        let mask = addresses.count - 1
        var slot = home(address)
        while addresses[slot] != 0 && addresses[slot] != address { slot = (slot + 1) & mask }
        if addresses[slot] == 0 { used += 1 }
        addresses[slot] = address
        entries[slot] = entry
    }

    private mutating func grow() {
        let oldAddresses = addresses, oldEntries = entries
        addresses = Array(repeating: 0, count: oldAddresses.count * 2)
        entries = Array(repeating: nil, count: oldAddresses.count * 2)
        shift -= 1
        used = 0
        for slot in oldAddresses.indices where oldAddresses[slot] != 0 {
            if let entry = oldEntries[slot] { insert(oldAddresses[slot], entry) }
        }
    }
}

/// One fact per merged type (the names a type's members read, its protocol requirements),
/// in a slot per type indexed by `TypeInfo.id`: asking costs an array index under a lock, where
/// a `ProjectCache` key would build a string from the type's key, hash it and cast the value.
///
/// Unlike `ProjectCache`, a thread that finds the slot empty computes the value without waiting
/// for another thread computing the same type's: these facts are small (one type's members), so
/// computing one twice costs less than a wait, and the first value stored is the one returned.
final class PerTypeFact<Value: Sendable>: @unchecked Sendable {
    /// Passed to pthreads by address on every ask: unchecked, as the tables it guards.
    @exclusivity(unchecked) private var mutex = pthread_mutex_t()
    /// Only touched under `mutex`.
    @exclusivity(unchecked) private var values: [Value?]
    /// The slots' count, read without the lock (reading `values` itself would race with a write).
    private let count: Int
    /// For a lane's table (see `init(laneOf:)`): the table every thread shares, and the thread
    /// that made this one, the only one that reads `values` here, without the lock.
    private let shared: PerTypeFact<Value>?
    private let owner: pthread_t?
    /// The fact's row in the benchmark's table (see `FactTiming`).
    private let name: String

    init(_ name: String, count: Int) {
        values = []
        self.count = count
        self.name = name
        shared = nil
        owner = nil
        pthread_mutex_init(&mutex, nil)
    }

    /// A table in front of `shared` for the calling thread (a lane of a parallel run, see
    /// `ProjectModel.laneCopy`): a value it has seen is read here, with no lock. Every ask of
    /// the shared table locked one mutex and retained one object that both cores wrote, so
    /// each ask moved their cache lines from core to core; now that happens once per type.
    init(laneOf shared: PerTypeFact<Value>) {
        values = []
        count = shared.count
        name = shared.name
        self.shared = shared
        owner = pthread_self()
        pthread_mutex_init(&mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(&mutex)
    }

    func value(_ id: Int, _ make: () -> Value) -> Value {
        // A type of another model (a caller mixing models) has no slot here.
        guard id >= 0 && id < count else { return make() }
        if let shared {
            // Any thread but the owner asks the shared table.
            guard let owner, pthread_equal(owner, pthread_self()) != 0 else { return shared.value(id, make) }
            if !values.isEmpty, let known = values[id] { return known }
            let value = shared.value(id, make)
            slotsForWriting()
            values[id] = value
            return value
        }
        pthread_mutex_lock(&mutex)
        if !values.isEmpty, let existing = values[id] {
            pthread_mutex_unlock(&mutex)
            return existing
        }
        pthread_mutex_unlock(&mutex)
        let made = FactTiming.isOn ? FactTiming.measure(name, make) : make()
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        if !values.isEmpty, let existing = values[id] { return existing }
        slotsForWriting()
        values[id] = made
        return made
    }

    /// The slots are made at the first value written, not with the table: a fact no rule of the
    /// run asks costs no memory. Each table (and each lane's) is a slot per type, and on one
    /// file of 130,000 views the tables made up front were megabytes each.
    private func slotsForWriting() {
        if values.isEmpty { values = Array(repeating: nil, count: count) }
    }

    /// The value this table itself holds for `id`, without asking the shared one: for tests,
    /// which otherwise could not tell a lane that keeps nothing from one that keeps its values.
    /// On a lane's table, only its owner may ask.
    func heldHere(_ id: Int) -> Value? {
        guard id >= 0 && id < count else { return nil }
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return values.isEmpty ? nil : values[id]
    }
}

/// The per-type facts the project model keeps, one slot per merged type.
final class TypeFacts: Sendable {
    let namesRead: PerTypeFact<NameSet>
    let directNamesRead: PerTypeFact<NameSet>
    let hasCustomEquality: PerTypeFact<Bool>
    let protocolRequirementNames: PerTypeFact<Set<String>>
    let builderMembers: PerTypeFact<[String: Member]>
    /// The view graph's facts of a project container (`ProjectModel.graphContainerBits`).
    let graphContainer: PerTypeFact<UInt8>
    /// The environment a view needs, and which of those needs it reads while rendering
    /// (`ProjectModel.environmentFact`): values of the rules' own types, kept type-erased in a
    /// box, so that a slot is a word where an existential took 40 bytes.
    let environmentNeeds: PerTypeFact<ErasedFact>
    let renderingReads: PerTypeFact<ErasedFact>
    /// The instances a view owns (`ProjectModel.environmentFact`, `.ownedInstances`).
    let ownedInstances: PerTypeFact<ErasedFact>

    init(count: Int) {
        namesRead = PerTypeFact("type.namesRead", count: count)
        directNamesRead = PerTypeFact("type.directNamesRead", count: count)
        hasCustomEquality = PerTypeFact("type.hasCustomEquality", count: count)
        protocolRequirementNames = PerTypeFact("type.protocolRequirementNames", count: count)
        builderMembers = PerTypeFact("type.builderMembers", count: count)
        graphContainer = PerTypeFact("type.graphContainer", count: count)
        environmentNeeds = PerTypeFact("type.environmentNeeds", count: count)
        renderingReads = PerTypeFact("type.renderingReads", count: count)
        ownedInstances = PerTypeFact("type.ownedInstances", count: count)
    }

    /// Tables in front of `shared`'s for the calling thread (see `PerTypeFact.init(laneOf:)`).
    init(laneOf shared: TypeFacts) {
        namesRead = PerTypeFact(laneOf: shared.namesRead)
        directNamesRead = PerTypeFact(laneOf: shared.directNamesRead)
        hasCustomEquality = PerTypeFact(laneOf: shared.hasCustomEquality)
        protocolRequirementNames = PerTypeFact(laneOf: shared.protocolRequirementNames)
        builderMembers = PerTypeFact(laneOf: shared.builderMembers)
        graphContainer = PerTypeFact(laneOf: shared.graphContainer)
        environmentNeeds = PerTypeFact(laneOf: shared.environmentNeeds)
        renderingReads = PerTypeFact(laneOf: shared.renderingReads)
        ownedInstances = PerTypeFact(laneOf: shared.ownedInstances)
    }
}

/// A per-type fact's value of a type the model does not know (the rules' own), boxed.
final class ErasedFact: Sendable {
    let value: any Sendable
    init(_ value: any Sendable) { self.value = value }
}
