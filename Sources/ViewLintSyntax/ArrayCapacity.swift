extension Array {
    /// Copies the array into storage of exactly its size when growing it by doubling left more
    /// than a megabyte unused. A huge file's tokens and nodes, grown by appending, took up to
    /// twice their size, and both live until the file's model is extracted: the peak of a run
    /// over one huge file. Small files are left alone (the copy would cost more than it frees).
    mutating func releaseUnusedCapacity() {
        guard (capacity - count) * MemoryLayout<Element>.stride > 1 << 20 else { return }
        self = withUnsafeBufferPointer { Array($0) }
    }
}
