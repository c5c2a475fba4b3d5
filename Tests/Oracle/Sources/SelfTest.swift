/// `--self-test`: shows that the comparison can fail. On a snippet where the two lexers
/// agree, each kind of damage to viewlint's stream (a boundary moved, a kind changed, a
/// token lost, two tokens merged, a comment lost) must be reported, so a clean run of the
/// oracle means agreement rather than a comparison that sees nothing.
import ViewLintSyntax

enum SelfTest {
    static let snippet = """
        let s = "a\\(b + 1)c" // note
        let r = /x+/; let n = 0x1F + 2.5
        """

    /// Returns the problems found; empty when the comparison behaves.
    static func run() -> [String] {
        let bytes = Array(snippet.utf8)
        let ours = ViewLintLexer.tokens(SourceFile(path: "self-test", bytes: bytes))
        let reference = ReferenceLexer.tokens(bytes)
        var problems: [String] = []
        if !Comparison.disagreements(viewlint: ours, reference: reference).isEmpty {
            problems.append("the lexers disagree on the self-test snippet itself")
        }
        var damaged: [(String, [OracleToken])] = []
        var moved = ours
        moved[1].end -= 1
        damaged.append(("a boundary moved", moved))
        var rekinded = ours
        rekinded[0].kind = .identifier
        damaged.append(("a kind changed", rekinded))
        var lost = ours
        lost.remove(at: 2)
        damaged.append(("a token lost", lost))
        var merged = ours
        merged[0].end = merged[1].end
        merged.remove(at: 1)
        damaged.append(("two tokens merged", merged))
        damaged.append(("a comment lost", ours.filter { $0.kind != .comment }))
        for (damage, tokens) in damaged where Comparison.disagreements(viewlint: tokens, reference: reference).isEmpty {
            problems.append("\(damage) went unnoticed")
        }
        return problems
    }
}
