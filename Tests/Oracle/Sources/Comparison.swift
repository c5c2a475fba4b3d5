/// Lines up the two token streams and reports where they part.
///
/// Equal tokens (same start, end and coarse kind) are skipped in step. At the first
/// difference the comparison takes the smallest group of tokens from each side that ends at
/// the same place, reports it as one disagreement, and carries on after it, so one
/// misplaced boundary is one line of output rather than a cascade.
struct Disagreement {
    var offset: Int
    var viewlint: [OracleToken]
    var reference: [OracleToken]
}

enum Comparison {
    static func disagreements(viewlint: [OracleToken], reference: [OracleToken]) -> [Disagreement] {
        var result: [Disagreement] = []
        var a = 0
        var b = 0
        while a < viewlint.count || b < reference.count {
            if a < viewlint.count && b < reference.count && viewlint[a] == reference[b] {
                a += 1
                b += 1
                continue
            }
            // Start the group with whichever side's next token comes first (both if they start together).
            var group = Disagreement(offset: 0, viewlint: [], reference: [])
            let nextA = a < viewlint.count ? viewlint[a].start : Int.max
            let nextB = b < reference.count ? reference[b].start : Int.max
            if nextA <= nextB { group.viewlint.append(viewlint[a]); a += 1 }
            if nextB <= nextA { group.reference.append(reference[b]); b += 1 }
            // Then take in every token on either side that overlaps what the group covers.
            while true {
                let limit = max(group.viewlint.last?.end ?? 0, group.reference.last?.end ?? 0)
                var grew = false
                while a < viewlint.count && viewlint[a].start < limit { group.viewlint.append(viewlint[a]); a += 1; grew = true }
                while b < reference.count && reference[b].start < limit { group.reference.append(reference[b]); b += 1; grew = true }
                if !grew { break }
            }
            group.offset = min(group.viewlint.first?.start ?? Int.max, group.reference.first?.start ?? Int.max)
            result.append(group)
        }
        return result
    }

    /// `viewlint operator '>>' vs swiftparser operator '>' + operator '>'`.
    static func describe(_ d: Disagreement, bytes: [UInt8]) -> String {
        func side(_ tokens: [OracleToken]) -> String {
            if tokens.isEmpty { return "nothing" }
            return tokens.map { "\($0.kindName) '\(excerpt(bytes, $0.start, $0.end))'" }.joined(separator: " + ")
        }
        return "viewlint \(side(d.viewlint)) vs swiftparser \(side(d.reference))"
    }

    /// The token's text on one line, escaped and shortened so that a report stays readable.
    static func excerpt(_ bytes: [UInt8], _ start: Int, _ end: Int) -> String {
        let limit = 60
        let text = String(decoding: bytes[start..<min(end, start + limit)], as: UTF8.self)
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case "'": escaped += "\\'"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return end - start > limit ? escaped + "…" : escaped
    }
}
