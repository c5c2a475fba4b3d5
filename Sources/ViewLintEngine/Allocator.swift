#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The allocator settings the command line runs with, set by every executable that lints
/// (`viewlint` and `viewlint-bench`), so that the benchmark's in-process runs measure the
/// allocator the shipped command uses.
public enum Allocator {
    /// Blocks from this size up are mapped on their own and unmapped when freed.
    static let mapThresholdBytes: Int32 = 1 << 20
    /// `M_MMAP_THRESHOLD` in glibc's `malloc.h`, which Glibc's module map leaves out.
    static let mmapThresholdParameter: Int32 = -3

    /// Fixes glibc's mmap threshold at `mapThresholdBytes`. Call it first thing in `main`,
    /// before any large block is allocated. Does nothing on other C libraries.
    ///
    /// By default glibc raises the threshold to the size of each mapped block freed (up to
    /// 32 MB), so after a huge file's token arrays were grown and freed, arrays of several
    /// megabytes came from the heap and stayed resident after they were freed: 25 MB more at
    /// the peak of a 13 MB file.
    public static func useFixedMapThreshold() {
        #if canImport(Glibc)
        // Looked up, as `mallopt` is declared in `malloc.h`.
        if let mallopt = dlsym(nil, "mallopt") {
            _ = unsafeBitCast(mallopt, to: (@convention(c) (Int32, Int32) -> Int32).self)(
                mmapThresholdParameter, mapThresholdBytes)
        }
        #endif
    }

    /// Hands the pages of freed heap blocks back to the system (glibc's `malloc_trim`), after
    /// a large structure of small blocks is freed: large blocks are mapped on their own, so
    /// without it the freed pages would stay resident next to the next large array, and
    /// freeing would not lower the peak. Does nothing on other C libraries.
    public static func returnFreedMemory() {
        #if canImport(Glibc)
        // Looked up, as `malloc_trim` is declared in `malloc.h`.
        if let trim = dlsym(nil, "malloc_trim") {
            _ = unsafeBitCast(trim, to: (@convention(c) (Int) -> Int32).self)(0)
        }
        #endif
    }
}
