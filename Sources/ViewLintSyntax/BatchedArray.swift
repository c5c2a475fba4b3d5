/// An array the lexer and the parser append to once per token and once per node: an element
/// goes to a small scratch buffer, and a full buffer goes to the array in one copy.
/// `Array.append` asked the runtime whether the array's storage was uniquely referenced and
/// checked its capacity on every call: in the parser, two appends per node were 78
/// instructions, a sixtieth of a run's. Batches keep the array itself the only storage that
/// grows, so a huge file's tokens and nodes take no second copy at any time.
///
/// The scratch buffer is the caller's (`withUnsafeTemporaryAllocation`), valid while the
/// value is used; `finish()` moves what it holds into the array.
struct BatchedArray<Element> {
    private(set) var array: [Element] = []
    /// Elements in the array, kept apart from it: `count` is asked for every node started.
    private var flushedCount = 0
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

    @inline(__always) var count: Int { flushedCount + pending }

    @inline(__always) mutating func append(_ element: Element) {
        if pending == scratchCapacity { flush() }
        (scratch + pending).initialize(to: element)
        // At most `scratchCapacity`: no overflow check.
        pending &+= 1
    }

    /// The element appended last, if any: in the batch, or, right after a flush, the array's last.
    @inline(__always) var last: Element? {
        if pending > 0 { return scratch[pending &- 1] }
        return array.last
    }

    /// Reads the array or the batch not yet moved into it; rare in the parser (wrapping a
    /// finished node, asking a literal's kind), so the branch costs little.
    @inline(__always) subscript(index: Int) -> Element {
        if index < flushedCount { return array[index] }
        // Past the batch is memory never written: trap there, as the array does past its end.
        precondition(index - flushedCount < pending, "index out of range")
        return scratch[index - flushedCount]
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
        flushedCount += pending
        pending = 0
    }

    /// The whole array, the batch included; the value is left empty.
    mutating func finish() -> [Element] {
        flush()
        flushedCount = 0
        var result: [Element] = []
        swap(&result, &array)
        return result
    }
}
