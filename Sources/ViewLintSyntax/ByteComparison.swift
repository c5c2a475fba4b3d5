#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Byte comparisons of names, texts and needles by one `memcmp`: comparing the views element
/// by element, generically, cost tens of instructions a byte where the model interns names,
/// findings share their texts and a large folder's entries are sorted.
extension UnsafeBufferPointer where Element == UInt8 {
    /// Whether `other` holds the same bytes.
    @inlinable
    public func hasSameBytes(as other: UnsafeBufferPointer<UInt8>) -> Bool {
        count == other.count && (count == 0 || memcmp(baseAddress!, other.baseAddress!, count) == 0)
    }

    /// Whether these bytes sort before `other`'s; where one begins the other, the shorter first.
    @inlinable
    public func bytesPrecede(_ other: UnsafeBufferPointer<UInt8>) -> Bool {
        let common = Swift.min(count, other.count)
        let order = common == 0 ? 0 : memcmp(baseAddress!, other.baseAddress!, common)
        return order != 0 ? order < 0 : count < other.count
    }
}
