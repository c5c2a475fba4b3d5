/// GitHub code scanning's `primaryLocationLineHash`: the fingerprint GitHub's upload action
/// computes for a result whose SARIF lacks one, and compares with one that is present (warning
/// when they differ). Producing the identical value keeps alerts from being duplicated or
/// reopened when lines above a finding move.
///
/// The algorithm, as the upload action defines it: decode the file as UTF-8 (invalid bytes
/// become U+FFFD) and walk its UTF-16 code units, dropping spaces and tabs, turning `\r` and
/// `\r\n` into `\n`, and appending 65535 as an end-of-file mark. A line's hash is the polynomial
/// hash (base 37, wrapping at 64 bits) of the 100 units that start at the line's first kept
/// unit, with zeros past the end. It is written as unsigned lowercase hex without leading zeros,
/// followed by `:n` where n counts how many lines so far (this one included) had the same hash.
///
/// A rolling window computes every line's hash in one linear pass.
public enum LineHash {
    static let windowSize = 100
    static let base: UInt64 = 37
    static let endOfFile: UInt16 = 65535

    /// 37^100 mod 2^64: the weight of the unit that leaves the window.
    static let leavingWeight: UInt64 = {
        var value: UInt64 = 1
        for _ in 0..<windowSize { value = value &* base }
        return value
    }()

    /// The `hash:n` value of every line, index 0 for line 1. A file with a final line
    /// terminator has an empty last line, which gets a hash too, as the upload action does.
    public static func all(_ bytes: [UInt8]) -> [String] {
        var result: [String] = []
        compute(bytes) { line, value in
            if line == result.count + 1 { result.append(value) }
        }
        return result
    }

    /// The values of the given 1-based lines only (lines past the end are absent).
    public static func lines(_ wanted: Set<Int>, of bytes: [UInt8]) -> [Int: String] {
        var result: [Int: String] = [:]
        guard !wanted.isEmpty else { return result }
        compute(bytes) { line, value in
            if wanted.contains(line) { result[line] = value }
        }
        return result
    }

    /// Calls `emit(line, value)` for each line, in line order.
    static func compute(_ bytes: [UInt8], _ emit: (Int, String) -> Void) {
        var window = [UInt16](repeating: 0, count: windowSize)
        // The line that starts at each window slot, or 0 where none does.
        var lineAt = [Int](repeating: 0, count: windowSize)
        var hash: UInt64 = 0
        var index = 0
        var lineNumber = 0
        var atLineStart = true
        var previousWasCR = false
        var counts: [UInt64: Int] = [:]

        func output() {
            counts[hash, default: 0] += 1
            emit(lineAt[index], String(hash, radix: 16) + ":" + String(counts[hash]!))
            lineAt[index] = 0
        }

        func push(_ unit: UInt16) {
            let leaving = window[index]
            window[index] = unit
            hash = (base &* hash) &+ UInt64(unit) &- (leavingWeight &* UInt64(leaving))
            index = (index + 1) % windowSize
        }

        func process(_ raw: UInt16) {
            var unit = raw
            if unit == 0x20 || unit == 0x09 || (previousWasCR && unit == 0x0A) {
                previousWasCR = false
                return
            }
            if unit == 0x0D {
                unit = 0x0A
                previousWasCR = true
            } else {
                previousWasCR = false
            }
            // The slot about to be overwritten held a line's first unit 100 units ago: that
            // line's window is complete.
            if lineAt[index] != 0 { output() }
            if atLineStart {
                atLineStart = false
                lineNumber += 1
                lineAt[index] = lineNumber
            }
            if unit == 0x0A { atLineStart = true }
            push(unit)
        }

        for unit in String(decoding: bytes, as: UTF8.self).utf16 { process(unit) }
        process(endOfFile)
        for _ in 0..<windowSize {
            if lineAt[index] != 0 { output() }
            push(0)
        }
    }
}
