/// An answer a rule asks for at most once (per file, per view), and only once a candidate gets
/// far enough to need it: either not asked yet, or asked, with its answer (which may itself be
/// "none": `Memo<NameSet?>`).
enum Memo<Answer> {
    case notAsked
    case answered(Answer)

    /// The answer, asked of `ask` the first time only.
    mutating func answer(_ ask: () -> Answer) -> Answer {
        if case .answered(let answer) = self { return answer }
        let answer = ask()
        self = .answered(answer)
        return answer
    }
}
