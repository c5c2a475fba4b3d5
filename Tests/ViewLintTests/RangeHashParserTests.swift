import Testing
@testable import ViewLintSyntax

/// `SyntaxTree.rangeHash` puts the hashes of whole strides of tokens together, made once each;
/// the summaries of long normalised texts carry it, so it must be the token-by-token hash of the
/// range whatever ranges were asked before.
@Suite("Range hashes")
struct RangeHashParserTests {
    func tokenByToken(_ tree: SyntaxTree, _ range: Range<Int>) -> UInt64 {
        tree.source.bytes.withUnsafeBufferPointer { bytes in
            var hash: UInt64 = 0
            for t in range { hash = hash &* SyntaxTree.hashBase &+ SyntaxTree.tokenHash(tree.tokens[t], bytes) }
            return hash
        }
    }

    @Test func everyRangeIsItsTokensHash() {
        var text = ""
        for i in 0..<30 { text += "VStack(spacing: \(i)) { Text(\"row \(i) of a longer line\").font(.body) } // \(i)\n" }
        let tree = Parser.parse(SourceFile(path: "t.swift", text: text))
        let count = tree.tokens.count
        #expect(count > 200)
        // Nested ranges first (strides made by the outer one, reused by the inner ones), then
        // ranges at and across stride boundaries, short ones, and the whole file.
        let ranges = [3..<count - 5, 16..<48, 17..<18, 15..<17, 31..<97, 0..<1, 0..<16, 5..<200,
                      count - 20..<count, 0..<count, 48..<48, 100..<163]
        for range in ranges {
            #expect(tree.rangeHash(range) == tokenByToken(tree, range), "\(range)")
        }
        // The same ranges again, every stride made by now.
        for range in ranges.reversed() {
            #expect(tree.rangeHash(range) == tokenByToken(tree, range), "\(range)")
        }
    }
}
