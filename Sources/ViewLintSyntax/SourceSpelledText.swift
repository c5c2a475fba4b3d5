extension SyntaxTree {
    /// Whether `normalizedText(spanning: range)` is the source's bytes from the first token's
    /// text to the last one's, as they stand: then a model that keeps the file's bytes can make
    /// the string when a rule asks for it (a modifier's arguments, `(.title)`), rather than for
    /// every call as it is extracted. Told by the gaps `normalizedText(tokens:)` checks, with no
    /// string made; false for an empty range and for a range a summary stands for.
    public func normalizedTextIsSource(spanning range: Range<Int>) -> Bool {
        let first = range.lowerBound
        let count = range.count
        guard count > 0, first >= 0, count <= SyntaxTree.normalizedTokenLimit, first + count <= file.tokens.count,
              file.tokens[first + count - 1].kind != .endOfFile else { return false }
        guard count > 1 else { return true }
        return file.tokens.withUnsafeBufferPointer { tokens in
            source.bytes.withUnsafeBufferPointer { bytes in
                let kinds = SyntaxTree.kindCount
                return SyntaxTree.spaceRules.withUnsafeBufferPointer { rules in
                    var previous = tokens[first]
                    var previousAngle = isAngle(previous, bytes)
                    for t in first + 1..<first + count {
                        let token = tokens[t]
                        let (differs, _, angle) = gap(previous, previousAngle, token, bytes, rules, kinds)
                        if differs { return false }
                        previous = token
                        previousAngle = angle
                    }
                    return true
                }
            }
        }
    }
}
