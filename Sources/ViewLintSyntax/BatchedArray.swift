/// An array the lexer appends to once per token: an element goes to a small scratch buffer,
/// and a full buffer goes to the array in one copy. `Array.append` asked the runtime whether
/// the array's storage was uniquely referenced and checked its capacity on every call (in the
/// parser, which had one of these for its nodes before its `NodeBuffer`, two appends per node
/// were 78 instructions, a sixtieth of a run's). Batches keep the array itself the only
/// storage that grows, so a huge file's tokens take no second copy at any time.
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

    @inline(never) private mutating func flush() {
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
