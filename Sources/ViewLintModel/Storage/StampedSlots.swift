/// A slot of `StampedSlots`: plain integers, so the storage is freed without destroying any.
protocol StampedSlot {
    /// The generation the slot was written in; a slot of an older one is empty.
    var generation: UInt32 { get set }
    /// The mixed hash of the slot's key, which places it again when the table grows.
    var placement: UInt64 { get }
    /// A slot never written (generation 0).
    static var unwritten: Self { get }
}

/// The storage of an open-addressing table the read collector empties once per member, many
/// thousand times a file: each slot carries the generation it was written in, so emptying is
/// counting the generation one up, not clearing the slots. Probing is linear from a home slot
/// taken from the top bits of a slot's placement; the table is never more than half full and
/// slots are never removed, so every probe ends at an empty slot. The tables built on it keep
/// only their slot's layout, key and probe (`ScopeTable`, `ChainTable` in ReadCollector.swift).
///
/// A value holding raw storage: its owner (a class) calls `deallocate()` in its `deinit`.
struct StampedSlots<Slot: StampedSlot> {
    private(set) var base: UnsafeMutablePointer<Slot>
    /// A power of two.
    private(set) var capacity: Int
    /// 64 minus log2 of `capacity`: a placement shifted right by it is a slot index.
    private var shift: UInt64
    private(set) var generation: UInt32 = 1
    /// Slots of the current generation.
    private(set) var used = 0

    /// `capacity` must be a power of two.
    init(capacity: Int) {
        precondition(capacity > 1 && capacity & (capacity - 1) == 0, "a power of two")
        self.capacity = capacity
        shift = UInt64(64 - capacity.trailingZeroBitCount)
        base = .allocate(capacity: capacity)
        base.initialize(repeating: .unwritten, count: capacity)
    }

    func deallocate() { base.deallocate() }

    /// Empties the table.
    mutating func reset() {
        guard used > 0 else { return }
        used = 0
        if generation == .max {
            // Once in four billion resets: the old generations' marks are cleared for real.
            for i in 0..<capacity { base[i].generation = 0 }
            generation = 1
        } else {
            generation += 1
        }
    }

    /// The slot a key of `placement` is looked for from; then `next` until a slot is not live.
    @inline(__always) func home(_ placement: UInt64) -> Int { Int(truncatingIfNeeded: placement >> shift) }
    @inline(__always) func next(_ slot: Int) -> Int { (slot + 1) & (capacity - 1) }
    @inline(__always) func isLive(_ slot: Int) -> Bool { base[slot].generation == generation }

    /// Writes `slot` (stamped with the current generation) into `index`, the empty slot its
    /// key's probe ended at, and returns where it now is: when the write would fill more than
    /// half the table, the table doubles first and the probe is made again in the new room.
    mutating func occupy(_ index: Int, with slot: Slot) -> Int {
        var slot = slot
        slot.generation = generation
        var index = index
        if (used + 1) * 2 > capacity {
            grow()
            index = home(slot.placement)
            while isLive(index) { index = next(index) }
        }
        base[index] = slot
        used += 1
        return index
    }

    /// Doubles the room, moving the current generation's slots.
    @inline(never) private mutating func grow() {
        let old = base
        let oldCapacity = capacity
        capacity *= 2
        shift -= 1
        base = .allocate(capacity: capacity)
        base.initialize(repeating: .unwritten, count: capacity)
        for k in 0..<oldCapacity where old[k].generation == generation {
            var i = home(old[k].placement)
            while isLive(i) { i = next(i) }
            base[i] = old[k]
        }
        old.deallocate()
    }
}
