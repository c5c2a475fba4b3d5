/// FNV-1a, 64 bits: a hash that is the same in every process and on every machine (Swift's
/// `Hasher` is seeded per process), so it can name things in files (SARIF fingerprints) and pick
/// a name's shard in the interner alike. It lives in the lowest module so that the model and the
/// formatters share one copy.
public enum FNV1a {
    public static let offset: UInt64 = 0xCBF2_9CE4_8422_2325
    public static let prime: UInt64 = 0x0000_0100_0000_01B3

    /// The hash of `bytes`, continued from `hash`, so parts hash as their concatenation would.
    @inlinable
    public static func hash(_ bytes: UnsafeBufferPointer<UInt8>, from hash: UInt64 = offset) -> UInt64 {
        var h = hash
        for b in bytes { h = (h ^ UInt64(b)) &* prime }
        return h
    }

    @inlinable
    public static func hash(_ text: String, from hash: UInt64 = offset) -> UInt64 {
        var h = hash
        for b in text.utf8 { h = (h ^ UInt64(b)) &* prime }
        return h
    }

    @inlinable
    public static func hash(byte: UInt8, from hash: UInt64) -> UInt64 {
        (hash ^ UInt64(byte)) &* prime
    }
}
