import Testing
import ViewLintCore
import ViewLintModel
import ViewLintRules

/// The edits the state rules attach to their findings: applied to the source, they must give
/// the code the rule's documentation recommends, and be absent where they would not compile.
@Suite("State rule fixes")
struct StateFixTests {
    /// Lints `files` with one rule and applies every replacement its findings in the first file
    /// carry; returns the edited first file and the number of findings without a replacement.
    func applyFixes(_ rule: String, _ files: [String]) -> (text: String, findings: Int, withoutEdit: Int) {
        let named = files.enumerated().map { (path: "File\($0.offset).swift", text: $0.element) }
        let result = LintHarness.lint(named, only: [rule])
        let mine = result.findings.filter { $0.path == "File0.swift" }
        var edits: [(range: SourceRange, text: String)] = []
        var withoutEdit = 0
        for finding in mine {
            if let edit = finding.fixes.first?.replacement { edits.append(edit) } else { withoutEdit += 1 }
        }
        var bytes = Array(files[0].utf8)
        for edit in edits.sorted(by: { $0.range.start > $1.range.start }) {
            bytes.replaceSubrange(edit.range.start..<edit.range.end, with: Array(edit.text.utf8))
        }
        return (String(decoding: bytes, as: UTF8.self), mine.count, withoutEdit)
    }

    @Test("observed_object_default becomes a private @StateObject, keeping what sits between")
    func observedObjectDefault() {
        let result = applyFixes("observed_object_default", ["""
            struct A: View {
                @ObservedObject var model = Model()
                @ObservedObject
                // the loader
                public var loader = Loader()
                var body: some View { Text("") }
            }
            """])
        #expect(result.findings == 2)
        #expect(result.text == """
            struct A: View {
                @StateObject private var model = Model()
                @StateObject
                // the loader
                public var loader = Loader()
                var body: some View { Text("") }
            }
            """)
    }

    @Test("state_not_private inserts private, except where the result would not compile")
    func stateNotPrivate() {
        let result = applyFixes("state_not_private", ["""
            struct A: View {
                @State var isOn = false
                @State
                var count = 0
                @State var seeded: Int
                @State var passed = 1
                @State internal var spelled = 2
                var body: some View { Text("\\(isOn) \\(count) \\(seeded) \\(passed) \\(spelled)") }
            }
            """, """
            struct B: View {
                var body: some View { A(seeded: 1, passed: 2) }
            }
            """])
        #expect(result.findings == 5)
        #expect(result.withoutEdit == 3)
        #expect(result.text == """
            struct A: View {
                @State private var isOn = false
                @State
                private var count = 0
                @State var seeded: Int
                @State var passed = 1
                @State internal var spelled = 2
                var body: some View { Text("\\(isOn) \\(count) \\(seeded) \\(passed) \\(spelled)") }
            }
            """)
    }

    @Test("a #Preview's call counts as a call site that passes state")
    func previewCallSite() {
        let result = applyFixes("state_not_private", ["""
            struct A: View {
                @State var isOn = false
                var body: some View { Text("\\(isOn)") }
            }
            """, """
            #Preview { A(isOn: true) }
            """])
        #expect(result.findings == 1)
        #expect(result.withoutEdit == 1)
    }

    @Test("unowned_model owns the model with the wrapper its kind needs")
    func unownedModel() {
        let result = applyFixes("unowned_model", ["""
            @Observable final class Library { var books: [String] = [] }
            final class Timer: ObservableObject { @Published var tick = 0 }
            struct Shelf: View {
                let library = Library()
                var timer = Timer()
                private let reserve = Library()
                var body: some View { Text("\\(library.books) \\(timer.tick) \\(reserve.books)") }
            }
            """])
        #expect(result.findings == 3)
        #expect(result.withoutEdit == 1)
        #expect(result.text.contains("    @State private var library = Library()\n    @StateObject private var timer = Timer()\n    private let reserve"))
    }

    @Test("state_never_mutated reads a binding's type through ?, ! and Optional<...>, byte by byte, a non-ASCII name included")
    func neverMutatedAnnotatedTypes() {
        let result = LintHarness.lint([(path: "File0.swift", text: """
            final class Model {}
            struct NMTypes: View {
                @Binding var a: Int?
                @Binding var b: Optional<Int>
                @Binding var c: Optional<[Model]>!
                @Binding var d: [String: Model]?
                @Binding var e: Optional<Model>
                @Binding var f: Optional<Café>
                var body: some View { Text("\\(a) \\(b) \\(c) \\(d) \\(e) \\(f)") }
            }
            """)], only: ["state_never_mutated"])
        // Value types (`Model` is a class, `Café` unknown), chosen by the declaration each
        // finding is about, and each quoting its annotation as written.
        #expect(result.findings.map(\.symbol) == ["NMTypes.a", "NMTypes.b", "NMTypes.c", "NMTypes.d"])
        let annotations = ["a": "Int?", "b": "Optional<Int>", "c": "Optional<[Model]>!", "d": "[String: Model]?"]
        for finding in result.findings {
            let name = String(finding.symbol.dropFirst("NMTypes.".count))
            #expect(finding.message.contains("'let \(name): \(annotations[name] ?? "?")'"), "\(finding.message)")
        }
    }
}
