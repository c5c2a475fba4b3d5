/// Numbers written as ASCII digits straight into a byte buffer, for reports and fingerprints
/// that print many of them: no `String` per number.
public enum NumberBytes {
    /// `value` in lowercase hex: all 16 digits when `padded`, else without leading zeros (`0`
    /// for zero).
    public static func appendHex(_ value: UInt64, padded: Bool, to out: inout [UInt8]) {
        var shift = 60
        if !padded {
            while shift > 0 && (value >> UInt64(shift)) & 0xF == 0 { shift -= 4 }
        }
        while shift >= 0 {
            let digit = UInt8((value >> UInt64(shift)) & 0xF)
            out.append(digit < 10 ? 0x30 + digit : 0x57 + digit)
            shift -= 4
        }
    }

    /// `number` in decimal, with a leading `-` when negative.
    public static func appendDecimal(_ number: Int, to out: inout [UInt8]) {
        if number < 0 {
            out.append(contentsOf: String(number).utf8)
            return
        }
        // Digits written backwards into scratch room on the stack, then appended at once:
        // appending placeholder digits through `repeatElement` and overwriting them cost about
        // 200 instructions for a line number, twice per finding of every report.
        var scratch: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &scratch) { raw in
            let digits = raw.bindMemory(to: UInt8.self)
            var n = number
            var i = digits.count
            repeat {
                i -= 1
                digits[i] = 0x30 + UInt8(truncatingIfNeeded: n % 10)
                n /= 10
            } while n > 0
            out.append(contentsOf: UnsafeBufferPointer(rebasing: digits[i...]))
        }
    }
}
