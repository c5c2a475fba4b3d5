/// Objects that live until the process ends, marked so in their reference counts: retaining
/// or releasing such an object then only reads its count, never writes it.
///
/// That matters for objects every thread copies constantly (a list of names most files share,
/// `["Text"]`): each write of a shared count is an atomic operation that moves the count's cache
/// line from one core to the other, and on two cores those moves were a large part of the CPU the
/// second core added (see README, Two cores). An object marked so is never freed, so only what
/// would live to the end of the run anyway may be.
enum Immortal {
    /// Whether `keepStorage(of:)` marks objects. The mark is a private entry point of the Swift
    /// runtime (there since 5.9; checked with 6.3), so it is used only with the compilers that
    /// `runtimeMark`'s bound admits, each of which ships its runtime: with a newer one nothing is
    /// marked (copies write the count again, nothing breaks) until
    /// `ModelTests.immortalStorageIsNotCounted` passes with it and the bound is moved. That test
    /// fails on Linux when the bound leaves the compiler out, or when the mark no longer spares
    /// copies their writes.
    static var marks: Bool { runtimeMark != nil }

    /// Marks the storage of `array` (not its elements) as never freed. An empty array's storage
    /// is the runtime's, already so. Otherwise, where nothing marks, the counts stay as they
    /// are: the caller holds the array as long as it needs it, and copies then merely write the
    /// shared count.
    static func keepStorage<Element>(of array: [Element]) {
        guard let mark = runtimeMark, !array.isEmpty else { return }
        let storage = unsafeBitCast(array, to: UnsafeMutableRawPointer.self)
        // Retained twice first, never released: the runtime's own never-freed objects carry two
        // extra counts under the mark, and a release skips the write only while one is left
        // (marked with none, the first release cleared the mark). Unmarked, the object merely
        // lives to the end, as meant.
        _ = Unmanaged<AnyObject>.fromOpaque(storage).retain().retain()
        mark(storage)
    }

    /// Marks the storage of `dictionary` (not its keys or values) as never freed, as
    /// `keepStorage(of:)` does an array's. An empty dictionary's storage is the runtime's.
    static func keepStorage<Key, Value>(of dictionary: [Key: Value]) {
        guard let mark = runtimeMark, !dictionary.isEmpty else { return }
        let storage = unsafeBitCast(dictionary, to: UnsafeMutableRawPointer.self)
        _ = Unmanaged<AnyObject>.fromOpaque(storage).retain().retain()
        mark(storage)
    }

    /// Marks `object` as never freed, as `keepStorage(of:)` does an array's storage.
    static func keep(_ object: AnyObject) {
        guard let mark = runtimeMark else { return }
        let reference = Unmanaged.passUnretained(object)
        _ = reference.retain().retain()
        mark(reference.toOpaque())
    }
}

// The one place the compiler bound is written. Only on Linux: elsewhere an array's storage
// reference may carry tag bits, for bridging, so it is not taken apart.
#if os(Linux) && compiler(>=6.0) && compiler(<6.4)
/// The runtime's own marking, what it uses for statically allocated objects. Linked by name,
/// not looked up with `dlsym`: a binary built with `--static-swift-stdlib` (the released one)
/// exports no runtime symbols, so a lookup found nothing there and the marking was silently off.
@_silgen_name("_swift_stdlib_immortalize")
private func markNeverFreed(_ object: UnsafeMutableRawPointer)
private let runtimeMark: (@Sendable (UnsafeMutableRawPointer) -> Void)? = markNeverFreed
#else
private let runtimeMark: (@Sendable (UnsafeMutableRawPointer) -> Void)? = nil
#endif
