/// Values by a key made of one or two names' ids (`FileNames.sharedSet`, `FileNames.shared`):
/// an open-addressing table with linear probing, never more than three quarters full, whose
/// keys are placed by a multiply of their bits. A `Dictionary<UInt64, _>` hashed every key with
/// the standard hasher: about 400 instructions to add one of the 43,000 small sets the real apps
/// make, 150 to find one.
///
/// A class with storage of its own: growing moves each value into the new storage and frees the
/// old without destroying anything. Kept in arrays of optionals, growing copied every value (a
/// retain each) and then released the old arrays (a release each), 32 M instructions over the
/// 194 grows of the real apps' run, more than the table saved on its finds.
///
/// No key is `UInt64.max` (no name's id is `UInt32.max`, see `ValueChain.element`), the mark of
/// an empty slot; the value of a slot is initialized exactly when its key is not.
final class IDPairTable<Value> {
    @exclusivity(unchecked) private var keys: UnsafeMutablePointer<UInt64>
    @exclusivity(unchecked) private var values: UnsafeMutablePointer<Value>
    @exclusivity(unchecked) private var slots: Int
    @exclusivity(unchecked) private(set) var count = 0
    /// 64 minus log2 of `slots`: a mixed key shifted right by it is a slot index.
    @exclusivity(unchecked) private var shift: UInt64

    /// `capacity` must be a power of two. 256 slots by default: each of the 16 shards' tables
    /// holds a few thousand sets on the real apps, and from 64 slots each grew six or seven times.
    init(capacity: Int = 256) {
        precondition(capacity > 1 && capacity & (capacity - 1) == 0, "a power of two")
        slots = capacity
        keys = .allocate(capacity: capacity)
        keys.initialize(repeating: .max, count: capacity)
        values = .allocate(capacity: capacity)
        shift = UInt64(64 - capacity.trailingZeroBitCount)
    }

    deinit {
        for i in 0..<slots where keys[i] != .max { (values + i).deinitialize(count: 1) }
        keys.deallocate()
        values.deallocate()
    }

    @inline(__always) private func home(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: ((key ^ key >> 29) &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// The value of `key`, or nil.
    @inline(__always) func find(_ key: UInt64) -> Value? {
        let mask = slots - 1
        var i = home(key)
        while true {
            let k = keys[i]
            if k == key { return values[i] }
            if k == .max { return nil }
            i = (i + 1) & mask
        }
    }

    /// Writes `value` as `key`'s, which the table does not hold.
    func insert(_ key: UInt64, _ value: Value) {
        // At three quarters full, as `Dictionary` is: at half full the table took twice the
        // memory of the dictionary it replaced.
        if (count + 1) * 4 > slots * 3 { grow() }
        let i = emptySlot(for: key)
        keys[i] = key
        (values + i).initialize(to: value)
        count += 1
    }

    /// The slot `key`'s probe ends at: the first empty one from its home.
    @inline(__always) private func emptySlot(for key: UInt64) -> Int {
        let mask = slots - 1
        var i = home(key)
        while keys[i] != .max { i = (i + 1) & mask }
        return i
    }

    /// Doubles the slots, moving every value (no retain or release).
    @inline(never) private func grow() {
        let oldKeys = keys
        let oldValues = values
        let oldSlots = slots
        slots = oldSlots * 2
        shift -= 1
        keys = .allocate(capacity: slots)
        keys.initialize(repeating: .max, count: slots)
        values = .allocate(capacity: slots)
        for k in 0..<oldSlots where oldKeys[k] != .max {
            let i = emptySlot(for: oldKeys[k])
            keys[i] = oldKeys[k]
            (values + i).moveInitialize(from: oldValues + k, count: 1)
        }
        oldKeys.deallocate()
        oldValues.deallocate()
    }
}
