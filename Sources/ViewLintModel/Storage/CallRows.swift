/// A file's call sites, side by side (see `CallSite`): one row each, where each call was a heap
/// block of its own. Written only while its file is extracted (by one thread), read-only
/// afterwards, hence `@unchecked Sendable`.
///
/// A chunk grows by doubling up to `chunkCapacity` rows, then the file starts a new one
/// (`ArgumentTable.callRows()`): one block for a huge file's calls would, when it doubled, hold
/// its old and new copies at once, at the peak of that file's run.
final class CallRows: @unchecked Sendable {
    static let chunkCapacity = 4096

    // Read by every call site's fields: no write can overlap those reads (see above).
    @exclusivity(unchecked) private(set) var base: UnsafeMutablePointer<CallSite.Fields>
    @exclusivity(unchecked) private(set) var count = 0
    @exclusivity(unchecked) private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        base = .allocate(capacity: self.capacity)
    }

    /// Rows for call sites made one by one (by hand, or changed after they were made).
    static func own(capacity: Int) -> CallRows { CallRows(capacity: capacity) }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    var isFull: Bool { count >= CallRows.chunkCapacity }

    /// Appends `fields` as a row and returns its index.
    func append(_ fields: consuming CallSite.Fields) -> Int {
        if count == capacity { resize(to: max(capacity + 1, min(CallRows.chunkCapacity, capacity * 2))) }
        (base + count).initialize(to: consume fields)
        count += 1
        return count - 1
    }

    /// Gives back the room no row uses when it is at least `minimum` rows.
    func trim(ifSpareAtLeast minimum: Int) {
        if capacity - count >= minimum { resize(to: max(1, count)) }
    }

    private func resize(to newCapacity: Int) {
        let moved = UnsafeMutablePointer<CallSite.Fields>.allocate(capacity: newCapacity)
        moved.moveInitialize(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = newCapacity
    }
}
