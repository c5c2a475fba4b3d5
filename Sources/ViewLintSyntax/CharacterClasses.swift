/// Character classes of the Swift lexical grammar ("Lexical Structure" in The Swift
/// Programming Language), on Unicode scalar values, plus a validating UTF-8 decoder.
public enum CharacterClasses {
    /// Scalars that may continue an identifier beyond ASCII (the reference's identifier-head
    /// ranges plus the combining marks that identifier-character adds).
    private static let identifierRanges: [ClosedRange<UInt32>] = [
        0xA8...0xA8, 0xAA...0xAA, 0xAD...0xAD, 0xAF...0xAF, 0xB2...0xB5, 0xB7...0xBA, 0xBC...0xBE,
        0xC0...0xD6, 0xD8...0xF6, 0xF8...0xFF, 0x100...0x167F, 0x1681...0x180D, 0x180F...0x1FFF,
        0x200B...0x200D, 0x202A...0x202E, 0x203F...0x2040, 0x2054...0x2054, 0x2060...0x206F,
        0x2070...0x218F, 0x2460...0x24FF, 0x2776...0x2793, 0x2C00...0x2DFF, 0x2E80...0x2FFF,
        0x3004...0x3007, 0x3021...0x302F, 0x3031...0x303F, 0x3040...0xD7FF, 0xF900...0xFD3D,
        0xFD40...0xFDCF, 0xFDF0...0xFE44, 0xFE47...0xFFF8,
        0x10000...0x1FFFD, 0x20000...0x2FFFD, 0x30000...0x3FFFD, 0x40000...0x4FFFD, 0x50000...0x5FFFD,
        0x60000...0x6FFFD, 0x70000...0x7FFFD, 0x80000...0x8FFFD, 0x90000...0x9FFFD, 0xA0000...0xAFFFD,
        0xB0000...0xBFFFD, 0xC0000...0xCFFFD, 0xD0000...0xDFFFD, 0xE0000...0xEFFFD,
    ]

    /// Combining marks: allowed inside an identifier but not at its start.
    private static let combiningRanges: [ClosedRange<UInt32>] = [
        0x300...0x36F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F,
    ]

    /// Operator-head beyond ASCII: math, symbols, arrows, dingbats, box drawing.
    private static let operatorRanges: [ClosedRange<UInt32>] = [
        0xA1...0xA7, 0xA9...0xA9, 0xAB...0xAC, 0xAE...0xAE, 0xB0...0xB1, 0xB6...0xB6, 0xBB...0xBB,
        0xBF...0xBF, 0xD7...0xD7, 0xF7...0xF7, 0x2016...0x2017, 0x2020...0x2027, 0x2030...0x203E,
        0x2041...0x2053, 0x2055...0x205E, 0x2190...0x23FF, 0x2500...0x2775, 0x2794...0x2BFF,
        0x2E00...0x2E7F, 0x3001...0x3003, 0x3008...0x3030,
    ]

    /// Operator-character adds combining marks and variation selectors.
    private static let operatorContinuationRanges: [ClosedRange<UInt32>] = [
        0x300...0x36F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE00...0xFE0F, 0xFE20...0xFE2F, 0xE0100...0xE01EF,
    ]

    @inline(__always)
    private static func contains(_ ranges: [ClosedRange<UInt32>], _ c: UInt32) -> Bool {
        var lo = 0
        var hi = ranges.count - 1
        while lo <= hi {
            let mid = (lo + hi) >> 1
            let r = ranges[mid]
            if c < r.lowerBound { hi = mid - 1 } else if c > r.upperBound { lo = mid + 1 } else { return true }
        }
        return false
    }

    @inlinable
    public static func isASCIIIdentifierStart(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || b == 0x5F
    }

    @inlinable
    public static func isASCIIIdentifierContinue(_ b: UInt8) -> Bool {
        // One bit per byte below 0x80, in two words, in place of five range comparisons: asked
        // for every byte of every name the lexer reads.
        // `$` (bit 36) and `0`-`9` (bits 48-57) below 0x40; `A`-`Z` (bits 1-26), `_` (bit 31)
        // and `a`-`z` (bits 33-58) from 0x40.
        let low: UInt64 = 0x03FF_0010_0000_0000
        let high: UInt64 = 0x07FF_FFFE_87FF_FFFE
        if b < 0x40 { return (low >> UInt64(b)) & 1 != 0 }
        return b < 0x80 && (high >> UInt64(b &- 0x40)) & 1 != 0
    }

    /// Whether all eight bytes of `word` are ASCII letters or digits: a run of them is passed
    /// eight bytes at a time where none needs a look of its own (a project file's object ids, a
    /// type's name). A byte below 0x80 is at least `lo` when adding `0x80 - lo` sets its bit 7,
    /// and above `hi` when adding `0x7F - hi` does; setting bit 5 folds capitals onto small
    /// letters (and no other byte into them).
    @inlinable
    public static func isAlphanumeric(_ word: UInt64) -> Bool {
        let high: UInt64 = 0x8080_8080_8080_8080
        guard word & high == 0 else { return false }
        let folded = word | 0x2020_2020_2020_2020
        let letters = (folded &+ 0x1F1F_1F1F_1F1F_1F1F) & ~(folded &+ 0x0505_0505_0505_0505)
        let digits = (word &+ 0x5050_5050_5050_5050) & ~(word &+ 0x4646_4646_4646_4646)
        return (letters | digits) & high == high
    }

    /// ASCII letters, digits and `_`: a name's bytes in ASCII text, `$` aside.
    @inlinable
    public static func isASCIIWordByte(_ b: UInt8) -> Bool {
        isASCIIIdentifierStart(b) || (b >= 0x30 && b <= 0x39)
    }

    /// A byte of a name in source text scanned byte by byte: ASCII letters, digits, `_`, and every
    /// byte of a multi-byte character (Swift allows most of Unicode in identifiers; counting all of
    /// it as name text only merges words, it never splits one).
    @inlinable
    public static func isNameByte(_ b: UInt8) -> Bool {
        isASCIIWordByte(b) || b >= 0x80
    }

    /// ASCII letters and every byte of a multi-byte character: a byte that may start a type's name.
    @inlinable
    public static func isNameLetterByte(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || b >= 0x80
    }

    @inline(__always)
    static func isASCIIOperator(_ b: UInt8) -> Bool {
        switch b {
        case 0x2F, 0x3D, 0x2D, 0x2B, 0x2A, 0x25, 0x3C, 0x3E, 0x21, 0x26, 0x7C, 0x5E, 0x7E, 0x2E, 0x3F: return true
        default: return false
        }
    }

    static func isIdentifierContinue(_ c: UInt32) -> Bool {
        if c < 0x80 { return isASCIIIdentifierContinue(UInt8(c)) }
        return contains(identifierRanges, c)
    }

    static func isIdentifierStart(_ c: UInt32) -> Bool {
        if c < 0x80 { return isASCIIIdentifierStart(UInt8(c)) }
        return contains(identifierRanges, c) && !contains(combiningRanges, c)
    }

    static func isOperatorStart(_ c: UInt32) -> Bool {
        if c < 0x80 { return isASCIIOperator(UInt8(c)) }
        return contains(operatorRanges, c)
    }

    static func isOperatorContinue(_ c: UInt32) -> Bool {
        isOperatorStart(c) || contains(operatorContinuationRanges, c)
    }

    /// Decodes the scalar at `i`. Returns its value and byte length, or `nil` with the number of
    /// bytes that form the invalid sequence (at least one) so the caller always makes progress.
    @inline(__always)
    static func decode(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> (scalar: UInt32?, length: Int) {
        let b0 = p[i]
        if b0 < 0x80 { return (UInt32(b0), 1) }
        let need: Int
        var value: UInt32
        switch b0 {
        case 0xC2...0xDF: need = 1; value = UInt32(b0 & 0x1F)
        case 0xE0...0xEF: need = 2; value = UInt32(b0 & 0x0F)
        case 0xF0...0xF4: need = 3; value = UInt32(b0 & 0x07)
        default: return (nil, invalidRunLength(p, i))
        }
        var k = 1
        while k <= need {
            if i + k >= p.count { return (nil, invalidRunLength(p, i)) }
            let b = p[i + k]
            if b & 0xC0 != 0x80 { return (nil, invalidRunLength(p, i)) }
            value = (value << 6) | UInt32(b & 0x3F)
            k += 1
        }
        // Reject overlong encodings, surrogates and values past U+10FFFF.
        let minimum: UInt32 = need == 1 ? 0x80 : need == 2 ? 0x800 : 0x10000
        if value < minimum || (value >= 0xD800 && value <= 0xDFFF) || value > 0x10FFFF {
            return (nil, invalidRunLength(p, i))
        }
        return (value, need + 1)
    }

    /// An invalid sequence runs from `i` to the next byte that could start a scalar.
    private static func invalidRunLength(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int {
        var j = i + 1
        while j < p.count && p[j] & 0xC0 == 0x80 { j += 1 }
        return j - i
    }
}
