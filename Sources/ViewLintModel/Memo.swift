/// An answer asked for at most once (per file, per view, per declaration), and only once a
/// candidate gets far enough to need it: either not asked yet, or asked, with its answer (which
/// may itself be "none": `Memo<NameSet?>`). In the model, not the rules, so that the query
/// layer's own "look the owner up at the first member that needs it" uses it too. Inlinable:
/// the rules call it across the module boundary in their hot loops.
public enum Memo<Answer> {
    case notAsked
    case answered(Answer)

    /// The answer, asked of `ask` the first time only.
    @inlinable
    public mutating func answer(_ ask: () -> Answer) -> Answer {
        if case .answered(let answer) = self { return answer }
        let answer = ask()
        self = .answered(answer)
        return answer
    }
}
