import ViewLintCore
import ViewLintModel

/// ## What it does
/// Flags `ForEach(1...n)` and `List(1...n)` without an `id:`: the range initialisers take a
/// half-open `Range<Int>` only.
///
/// ## Why is this bad?
/// A closed range does not match the `Range<Int>` initialiser, and its `Int` elements are not
/// `Identifiable`, so the code fails to compile with a message about generic requirements that
/// does not point at the range.
///
/// ## Use instead
/// `ForEach(1..<n + 1)` (the same elements), or `ForEach(1...n, id: \.self)`.
public struct ForEachClosedRange: Rule {
    public static let description = RuleDescription(
        id: "foreach_closed_range",
        name: "ForEach over a closed range",
        summary: "A ForEach or List iterates a closed range without an id, which only the half-open range initialiser accepts.",
        rationale: """
            `ForEach` and `List` have an initialiser for constant integer ranges, `init(_ data: Range<Int>, \
            content:)`, and it takes a half-open range only. `ForEach(1...5) { ... }` matches neither it nor the \
            `Identifiable` initialiser (`Int` is not `Identifiable`), and the compiler's complaint names generic \
            requirements rather than the `...`. Write the same elements as a half-open range, \
            `ForEach(1..<6)` or `ForEach(1..<n + 1)`; the fix does that. Beware of `1..<5`, which drops the last \
            element.

            `ForEach(1...n, id: \\.self)` compiles and works (it uses the collection initialiser, which also \
            follows changes of `n`), so it is not reported.

            Not reported: closed ranges with an `id:`, ranges built elsewhere (`let r = 1...5`), and `stride`.
            """,
        severity: .warning,
        precision: .veryHigh,
        tags: ["correctness", "collections", "swiftui"],
        triggeringExamples: [
            RuleExample("""
                struct Stars: View {
                    var body: some View {
                        HStack {
                            ForEach(↓1...5) { index in
                                Image(systemName: "star")
                            }
                        }
                    }
                }
                """),
            RuleExample("""
                struct Pages: View {
                    let count: Int
                    var body: some View {
                        List(↓1...count) { page in Text("Page \\(page)") }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct Stars: View {
                    let count: Int
                    var body: some View {
                        ForEach(1..<6) { _ in Image(systemName: "star") }
                        ForEach(1...count, id: \\.self) { _ in Image(systemName: "star") }
                    }
                }
                """),
        ]
    )

    public init(options: RuleOptions) {}

    public func check(_ context: RuleContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        context.forEachPlacedView { placed in
            guard let name = placed.viewTypeName, name == "ForEach" || name == "List",
                  placed.view.baseArgument("id") == nil,
                  let data = placed.view.baseArguments.first, data.isUnlabeled,
                  case .range(_?, "...", let upper?) = data.shape else { return }
            diagnostics.append(Diagnostic(
                range: data.range,
                message: "'\(name)' over the closed range '\(data.text)' matches no initialiser (only half-open "
                    + "ranges are accepted without an id); write \(halfOpen(data, upper).map { "'\($0)'" } ?? "a half-open range") "
                    + "or add 'id: \\.self'",
                symbol: "\(placed.symbol):\(name)(\(data.text))",
                fixes: halfOpen(data, upper).map {
                    [Fix(summary: "use the half-open range '\($0)'", replacement: (data.range, $0))]
                } ?? []))
        }
        return diagnostics
    }

    /// `1..<6` for `1...5`, `0..<n + 1` for `0...n`: the same elements as a half-open range.
    func halfOpen(_ data: Argument, _ upper: ExprShape) -> String? {
        let bytes = Array(data.text.utf8)
        var dots: [Int] = []
        var i = 0
        while i + 2 < bytes.count {
            if bytes[i] == 0x2E && bytes[i + 1] == 0x2E && bytes[i + 2] == 0x2E {
                dots.append(i)
                i += 3
            } else {
                i += 1
            }
        }
        guard dots.count == 1 else { return nil }
        let low = trimmed(bytes[..<dots[0]])
        let high = trimmed(bytes[(dots[0] + 3)...])
        guard !low.isEmpty, !high.isEmpty else { return nil }
        if case .integer(let literal) = upper, let value = Int(literal) { return "\(low)..<\(value + 1)" }
        // `..<` binds looser than `+`, so `a..<n + 1` needs no parentheses; other operators might.
        if case .operators = upper { return "\(low)..<(\(high)) + 1" }
        return "\(low)..<\(high) + 1"
    }

    func trimmed(_ bytes: ArraySlice<UInt8>) -> String {
        var slice = bytes
        while slice.first == 0x20 { slice = slice.dropFirst() }
        while slice.last == 0x20 { slice = slice.dropLast() }
        return String(decoding: slice, as: UTF8.self)
    }
}
