extension Array {
    /// A copy with room for exactly its elements: what a model or a file keeps for the whole
    /// run should not keep the room an array grew to while it was built. Reserved and appended,
    /// not made by `Array(unsafeUninitializedCapacity:)` or from a buffer pointer: those calls
    /// are not specialised, and looked the array's type up in the runtime's metadata cache on
    /// every copy. Inlinable so that the model's calls are specialised too.
    @inlinable
    public func exactSizeCopy() -> [Element] {
        // Empty: the shared empty array. Room reserved for no element was still an allocation
        // (a view without wrapped properties made one per view of the file).
        if isEmpty { return [] }
        var exact: [Element] = []
        exact.reserveCapacity(count)
        exact.append(contentsOf: self)
        return exact
    }

    /// Copies the array into storage of exactly its size when growing it by doubling left more
    /// than a megabyte unused. A huge file's tokens and nodes, grown by appending, took up to
    /// twice their size, and both live until the file's model is extracted: the peak of a run
    /// over one huge file. Small files are left alone (the copy would cost more than it frees).
    mutating func releaseUnusedCapacity() {
        guard (capacity - count) * MemoryLayout<Element>.stride > 1 << 20 else { return }
        self = exactSizeCopy()
    }
}
