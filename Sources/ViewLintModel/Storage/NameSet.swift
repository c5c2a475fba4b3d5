import ViewLintSyntax

/// A set of names as the model stores it: interned ids, sorted and unique, in one array. A
/// member's sets are usually a handful of names, so membership is a binary search over a few
/// integers, a union is a merge, and an empty set allocates nothing.
///
/// Ask by id (`contains(_: NameID)`) in loops: `contains(_: String)` finds the id first (a hash
/// and a lock), and is for code that asks once. Iteration yields the names' spellings, in no
/// meaningful order.
public struct NameSet: Sendable, Equatable, Sequence, ExpressibleByArrayLiteral {
    public private(set) var ids: [NameID]

    public init() { ids = [] }

    /// Ids in any order, repeated or not.
    public init(_ unsorted: [NameID]) {
        var ids = unsorted
        ids.sort()
        NameSet.removeRepeats(&ids)
        // The model holds its sets for the whole run: the room a collector's array grew to, and
        // that of the repeats removed (a name read five times), is not kept.
        if ids.capacity - ids.count >= 4 { ids = ids.exactSizeCopy() }
        self.ids = ids
    }

    /// Ids already sorted and unique, in an array of their size.
    init(sortedUnique ids: [NameID]) { self.ids = ids }

    public init<S: Sequence>(names: S) where S.Element == String {
        self.init(names.map { NameID($0) })
    }

    /// `[]` is the empty set at once: the model's empty sets (`Member.writes` of most members)
    /// are written so, and mapping and sorting no names cost an allocation and a sort each.
    public init(arrayLiteral names: String...) {
        if names.isEmpty { self.init() } else { self.init(names: names) }
    }

    public var isEmpty: Bool { ids.isEmpty }
    public var count: Int { ids.count }

    public func contains(_ id: NameID) -> Bool {
        var low = 0
        var high = ids.count
        while low < high {
            let mid = (low + high) / 2
            if ids[mid] < id { low = mid + 1 } else { high = mid }
        }
        return low < ids.count && ids[low] == id
    }

    public func contains(_ id: NameID?) -> Bool { id.map(contains) ?? false }

    /// An empty set answers without looking the name up (which takes a shard's lock).
    public func contains(_ name: String) -> Bool { !ids.isEmpty && contains(NameID.existing(name)) }

    public func isDisjoint(with other: NameSet) -> Bool {
        var i = 0
        var j = 0
        while i < ids.count && j < other.ids.count {
            if ids[i] == other.ids[j] { return false }
            if ids[i] < other.ids[j] { i += 1 } else { j += 1 }
        }
        return true
    }

    public func union(_ other: NameSet) -> NameSet {
        if other.ids.isEmpty { return self }
        if ids.isEmpty { return other }
        var merged: [NameID] = []
        merged.reserveCapacity(ids.count + other.ids.count)
        var i = 0
        var j = 0
        while i < ids.count || j < other.ids.count {
            if j == other.ids.count || (i < ids.count && ids[i] < other.ids[j]) {
                merged.append(ids[i])
                i += 1
            } else {
                if i < ids.count && ids[i] == other.ids[j] { i += 1 }
                merged.append(other.ids[j])
                j += 1
            }
        }
        var set = NameSet()
        set.ids = merged
        return set
    }

    public mutating func formUnion(_ other: NameSet) { self = union(other) }

    public func subtracting(_ other: NameSet) -> NameSet {
        var set = NameSet()
        set.ids = ids.filter { !other.contains($0) }
        return set
    }

    public var names: [String] { ids.map(\.name) }

    public func makeIterator() -> IndexingIterator<[String]> { names.makeIterator() }

    private static func removeRepeats(_ ids: inout [NameID]) {
        guard ids.count > 1 else { return }
        var kept = 1
        for k in 1..<ids.count where ids[k] != ids[kept - 1] {
            ids[kept] = ids[k]
            kept += 1
        }
        ids.removeLast(ids.count - kept)
    }
}

/// Names gathered in any order while a member is walked, then sorted once into a `NameSet`:
/// appending an id costs no hashing.
///
/// The ids are written through a pointer to memory of the builder's own (`NameRoom`): in an
/// array, every write asked the runtime whether the storage was uniquely referenced (600,000
/// asks on the real apps, each a call), and sorting in place asked again through a closure.
/// A collector never copies its builders (`ReadCollector` is used in place); a copy would share
/// the room, and the owner it holds keeps that room allocated for as long as the copy lives.
struct NameSetBuilder {
    /// The ids gathered are `base[..<count]`; the ids beyond, up to `capacity`, are left from
    /// earlier members, room kept for the next: emptied by setting `count`, as most of a
    /// member's nine builders are emptied member after member (removing a handful of ids one by
    /// one cost about 60 instructions a builder, 200,000 times over the real apps). Nil, with
    /// no room, before the first id.
    private var base: UnsafeMutablePointer<NameID>? = nil
    /// The room kept (see `ReadCollector.giveLists`).
    private(set) var capacity = 0
    private(set) var count = 0
    /// Frees `base`'s memory with the last builder that holds it.
    private var owner: NameRoom? = nil

    @inline(__always)
    mutating func insert(_ id: NameID) {
        if count == capacity { grow() }
        base.unsafelyUnwrapped[count] = id
        count += 1
    }

    /// Doubles the room, from room for a member's usual handful at once (grown from one, the
    /// room was made again three or four times per set).
    @inline(never)
    private mutating func grow() {
        let room = max(8, capacity * 2)
        let grown = NameRoom(capacity: room)
        if let base { grown.base.update(from: base, count: count) }
        base = grown.base
        capacity = room
        owner = grown
    }

    var isEmpty: Bool { count == 0 }

    /// Empties the builder, keeping its room for the next member (`ReadCollector.reset`).
    @inline(__always)
    mutating func removeAll() { count = 0 }

    /// A `NameSet` of the ids gathered, sorted and made unique in the builder's own room, then
    /// copied once into an array of the set's size: sorting a copy, then copying again to drop
    /// the room of the repeats, allocated twice per set that read a name twice. A set of one or
    /// two names shares the storage of an equal set made before in any file
    /// (`FileNames.sharedSet`): most members' sets are that small, and each was a heap block of
    /// its own held for the whole run (about 3% of the 100,000 lines' peak); a larger one that
    /// of an equal set made last with `names` (`FileNames.sharedSet(ofSorted:)`).
    ///
    /// Two ids gathered are ordered by one comparison, with the room left as it is: through
    /// `sortUnique`, whose setup cost more than the sorting, they were about a seventh of the
    /// sets built on the real apps (36,000 of 248,000).
    mutating func build(sharingThrough names: FileNames) -> NameSet {
        guard let base, count > 0 else { return NameSet() }
        if count == 2 {
            let a = base[0]
            let b = base[1]
            if a == b { return NameSet(sortedUnique: names.sharedSet(a, nil)) }
            return NameSet(sortedUnique: a < b ? names.sharedSet(a, b) : names.sharedSet(b, a))
        }
        count = NameSetBuilder.sortUnique(UnsafeMutableBufferPointer(start: base, count: count))
        switch count {
        case 1: return NameSet(sortedUnique: names.sharedSet(base[0], nil))
        case 2: return NameSet(sortedUnique: names.sharedSet(base[0], base[1]))
        default: return NameSet(sortedUnique: names.sharedSet(ofSorted: UnsafeBufferPointer(start: base, count: count)))
        }
    }

    /// Up to this many ids gathered are sorted by insertion (see `sortUnique`); more by the
    /// general sort, whose cost grows more slowly with the number of ids.
    private static let insertionSortLimit = 256

    /// Sorts `buffer` (not empty) and drops its repeats; returns how many ids it keeps, at its
    /// start.
    private static func sortUnique(_ buffer: UnsafeMutableBufferPointer<NameID>) -> Int {
        guard buffer.count > 1 else { return buffer.count }
        var buffer = buffer
        if buffer.count <= NameSetBuilder.insertionSortLimit {
            // By insertion into the sorted unique prefix `buffer[..<kept]`, a repeat dropped
            // where it is found: most sets are a handful of ids, for which the general sort's
            // setup cost more than the sorting (about 240 instructions a set), and the larger
            // sets of a long body read the same names many times: sorted with their repeats
            // (the general sort is an insertion sort below 64 ids too), each repeat was
            // moved along the list (about 2,800 instructions a set, 8,100 sets on the real
            // apps). The slot written next, `kept`, is at most `i`: read already.
            // The place is found by halving below the prefix's last id, which is checked first
            // (a new name read in order, or the one just read again): walked back one by one,
            // a long body's repeats each compared with half of its names.
            var kept = 1
            for i in 1..<buffer.count {
                let id = buffer[i]
                let last = buffer[kept - 1]
                if id == last { continue }
                var j = kept
                if id < last {
                    var low = 0
                    var high = kept - 1
                    while low < high {
                        let mid = (low + high) >> 1
                        if buffer[mid] < id { low = mid + 1 } else { high = mid }
                    }
                    if buffer[low] == id { continue }
                    j = low
                }
                var k = kept
                while k > j {
                    buffer[k] = buffer[k - 1]
                    k -= 1
                }
                buffer[j] = id
                kept += 1
            }
            return kept
        }
        buffer.sort()
        var kept = 1
        for k in 1..<buffer.count where buffer[k] != buffer[kept - 1] {
            buffer[kept] = buffer[k]
            kept += 1
        }
        return kept
    }
}

/// The memory of a `NameSetBuilder`'s room, freed with the last builder that holds it.
private final class NameRoom {
    let base: UnsafeMutablePointer<NameID>

    init(capacity: Int) { base = .allocate(capacity: capacity) }

    deinit { base.deallocate() }
}
