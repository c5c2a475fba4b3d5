/// An array the lexer appends to once per token: it writes each element into a small scratch
/// buffer (`nextSlot`), and a full buffer goes to the array in one copy. `Array.append` asked the runtime whether
/// the array's storage was uniquely referenced and checked its capacity on every call (in the
/// parser, which had one of these for its nodes before its `NodeBuffer`, two appends per node
/// were 78 instructions, a sixtieth of a run's). Batches keep the array itself the only
/// storage that grows, so a huge file's tokens take no second copy at any time.
///
/// The scratch buffer is the caller's (`withUnsafeTemporaryAllocation`), valid while the
/// value is used; `finish()` moves what it holds into the array.
struct BatchedArray<Element> {
    private(set) var array: [Element] = []
    private let scratch: UnsafeMutablePointer<Element>
    private let scratchCapacity: Int
    private var pending = 0

    /// The batch size that the callers allocate their scratch buffers with.
    static var batchSize: Int { 128 }

    init(scratch: UnsafeMutableBufferPointer<Element>, reserving capacity: Int) {
        precondition(scratch.count > 0, "a batched array needs a scratch buffer")
        self.scratch = scratch.baseAddress.unsafelyUnwrapped
        scratchCapacity = scratch.count
        array.reserveCapacity(capacity)
    }

    /// The element appended last, if any: in the batch, or, right after a flush, the array's last.
    @inline(__always) var last: Element? {
        if pending > 0 { return scratch[pending &- 1] }
        return array.last
    }

    /// Where the next element goes, and the end of the batch: a loop that appends once a round
    /// and calls out of line on some rounds (`LexCursor.run`) keeps them in locals, where
    /// `append` reloaded `pending` and the buffer from memory after every call (16
    /// instructions a token in the lexer). Elements written from `nextSlot` count once
    /// `appended(upTo:)` is told where the writes ended; `flush` them when the batch is full.
    @inline(__always) var nextSlot: UnsafeMutablePointer<Element> { scratch + pending }
    @inline(__always) var batchEnd: UnsafeMutablePointer<Element> { scratch + scratchCapacity }
    @inline(__always) mutating func appended(upTo slot: UnsafeMutablePointer<Element>) {
        pending = scratch.distance(to: slot)
    }

    @inline(never) mutating func flush() {
        array.append(contentsOf: UnsafeBufferPointer(start: scratch, count: pending))
        scratch.deinitialize(count: pending)
        pending = 0
    }

    /// The whole array, the batch included; the value is left empty.
    mutating func finish() -> [Element] {
        flush()
        var result: [Element] = []
        swap(&result, &array)
        return result
    }
}
