/// Values by a key made of one or two names' ids (`FileNames.sharedSet`, `FileNames.shared`):
/// an open-addressing table with linear probing, never more than half full, whose keys are
/// placed by a multiply of their bits. A `Dictionary<UInt64, _>` hashed every key with the
/// standard hasher: about 400 instructions to add one of the 43,000 small sets the real apps
/// make, 150 to find one.
///
/// No key is `UInt64.max` (no name's id is `UInt32.max`, see `ValueChain.element`), the mark of
/// an empty slot.
struct IDPairTable<Value> {
    private var keys: [UInt64]
    private var values: [Value?]
    private var used = 0
    /// 64 minus log2 of the slots' count: a mixed key shifted right by it is a slot index.
    private var shift: UInt64

    /// `capacity` must be a power of two.
    init(capacity: Int = 64) {
        precondition(capacity > 1 && capacity & (capacity - 1) == 0, "a power of two")
        keys = Array(repeating: .max, count: capacity)
        values = Array(repeating: nil, count: capacity)
        shift = UInt64(64 - capacity.trailingZeroBitCount)
    }

    var count: Int { used }

    @inline(__always) private func home(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: ((key ^ key >> 29) &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// The value of `key`, or nil.
    @inline(__always) func find(_ key: UInt64) -> Value? {
        let mask = keys.count - 1
        var i = home(key)
        while true {
            let k = keys[i]
            if k == key { return values[i] }
            if k == .max { return nil }
            i = (i + 1) & mask
        }
    }

    /// Writes `value` as `key`'s, which the table does not hold.
    mutating func insert(_ key: UInt64, _ value: Value) {
        if (used + 1) * 2 > keys.count { grow() }
        let mask = keys.count - 1
        var i = home(key)
        while keys[i] != .max { i = (i + 1) & mask }
        keys[i] = key
        values[i] = value
        used += 1
    }

    @inline(never) private mutating func grow() {
        let oldKeys = keys
        let oldValues = values
        let room = keys.count * 2
        keys = Array(repeating: .max, count: room)
        values = Array(repeating: nil, count: room)
        shift -= 1
        used = 0
        for k in oldKeys.indices where oldKeys[k] != .max { insert(oldKeys[k], oldValues[k]!) }
    }
}
