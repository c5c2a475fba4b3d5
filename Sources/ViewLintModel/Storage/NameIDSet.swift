/// A set of name ids in one open-addressing table, for a set asked far more often than it is
/// made (a filter every chain of the project is checked against): a multiply, a shift and a
/// probe or two, where a `NameSet` searches by halves and a `Set` runs `Hasher`. Built once,
/// then only read. A bit per id would be cheaper still, but the test orders of the name table
/// spread ids over the whole 32-bit range (`NameOrder`).
public struct NameIDSet: Sendable {
    /// Raw ids; `empty` (`ValueChain.element`'s raw value, no name's id) marks a free slot.
    private var slots: [UInt32]
    private var shift: UInt32
    public private(set) var count = 0
    private static let empty = UInt32.max

    public init() {
        slots = [UInt32](repeating: NameIDSet.empty, count: 16)
        shift = 32 - 4
    }

    private func start(_ raw: UInt32) -> Int { Int((raw &* 0x9E37_79B1) >> shift) }

    public mutating func insert(_ id: NameID) {
        guard id.raw != NameIDSet.empty else { return }
        let mask = slots.count - 1
        var s = start(id.raw)
        while slots[s] != NameIDSet.empty {
            if slots[s] == id.raw { return }
            s = (s + 1) & mask
        }
        slots[s] = id.raw
        count += 1
        // Kept at most half full, so a miss ends within a probe or two.
        if count * 2 > slots.count { grow() }
    }

    private mutating func grow() {
        let old = slots
        slots = [UInt32](repeating: NameIDSet.empty, count: old.count * 2)
        shift -= 1
        let mask = slots.count - 1
        for raw in old where raw != NameIDSet.empty {
            var s = start(raw)
            while slots[s] != NameIDSet.empty { s = (s + 1) & mask }
            slots[s] = raw
        }
    }

    public func contains(_ id: NameID) -> Bool {
        guard id.raw != NameIDSet.empty else { return false }
        return slots.withUnsafeBufferPointer { slots in
            let mask = slots.count - 1
            var s = start(id.raw)
            while true {
                let raw = slots[s]
                if raw == id.raw { return true }
                if raw == NameIDSet.empty { return false }
                s = (s + 1) & mask
            }
        }
    }
}
