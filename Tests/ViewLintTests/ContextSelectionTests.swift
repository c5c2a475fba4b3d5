import Foundation
import Testing
import ViewLintCore
import ViewLintEngine
import ViewLintSyntax

/// Linting a few files with `ContextSelection`'s context must give exactly the findings that
/// linting the whole project gives for them.
@Suite("Project context for named files")
struct ContextSelectionTests {
    // MARK: The declared-name scan

    @Test func declaredNamesFindEveryKindOfDeclaration() {
        let text = """
            struct A {}
            final class B: A {}
            enum C { case x }
            protocol D {}
            actor E {}
            typealias F = Int
            extension Outer.Inner where T == U {}
            extension /* odd but legal */ G {}
            struct `H` {}
            @MainActor public final class I {}
            class func notAType() {}
            struct J<T>: View {}

            """
        #expect(Set(ContextSelection.declaredNames(in: Array(text.utf8)))
                == ["A", "B", "C", "D", "E", "F", "Outer", "Inner", "G", "H", "I", "J"])
    }

    @Test func privateTypesAreLeftOutButPrivateExtensionsCount() {
        let text = """
            private struct Row {}
            fileprivate final class Cache {}
            private extension Card { var x: Int { 1 } }
            private(set) var count = 0
            struct Visible {}
            // keep this private
            struct AfterComment {}
            let s = "private"; struct AfterString {}
            /* private */ struct AfterBlock {}
            private
            struct NextLine {}

            """
        #expect(Set(ContextSelection.declaredNames(in: Array(text.utf8)))
                == ["Card", "Visible", "AfterComment", "AfterString", "AfterBlock", "NextLine"])
    }

    /// Comment markers inside strings must not hide what follows them.
    @Test func nothingIsSkippedAfterCommentMarkersInStrings() {
        let text = """
            let url = "https://example.com"; struct AfterURL {}
            let open = "/*"
            struct AfterOpen {}
            let s = "extension // x"; struct AfterKeyword {}

            """
        #expect(Set(ContextSelection.declaredNames(in: Array(text.utf8))).isSuperset(of: ["AfterURL", "AfterOpen", "AfterKeyword"]))
    }

    /// Whole-line comments are skipped; other comments can only add names.
    @Test func keywordsInCommentsOnlyAddNames() {
        let text = #"""
            // An extension of a view declared in another file.
              /// A struct that holds
            /* class Phantom */
            let x = 1 // trailing: enum Trailing
            let s = """
            // struct InString
            """
            struct Real {}

            """#
        #expect(Set(ContextSelection.declaredNames(in: Array(text.utf8))) == ["Phantom", "Trailing", "Real"])
    }

    @Test func referencedNamesAreTheCodesWordsOnly() {
        let file = SourceFile(path: "A.swift", text: """
            // An extension of a view
            struct A: `Type` { let b: Module.B; var c = "text \\(d)" }

            """)
        #expect(ContextSelection.referencedNames(in: file) == ["struct", "A", "Type", "let", "b", "Module", "B", "var", "c", "d"])
    }

    /// A file with an availability check is context for every file (it may tell the OS the project
    /// runs on); the scan reads bytes, so a mention anywhere counts, and a word alone does not.
    @Test func availabilityChecksAreFoundInAnyFile() {
        for text in ["if #available(iOS 16, *) {}", "guard #unavailable(iOS 17) else {}", "// #available", "#unavailable"] {
            #expect(ContextSelection.checksAvailability(Array(text.utf8)), "\(text)")
        }
        for text in ["let available = 1", "#if available", "#un", "#", "", "isAvailable(#availabl"] {
            #expect(!ContextSelection.checksAvailability(Array(text.utf8)), "\(text)")
        }
    }

    @Test func anyBytesScanWithoutTrouble() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("struct class extension private / * ` . {}\n\"A_é".utf8) + [0, 0xFF, 0xC3]
        for _ in 0..<200 {
            let bytes = (0..<Int.random(in: 0..<300, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            _ = ContextSelection.declaredNames(in: bytes)
            _ = ContextSelection.identifiers(in: bytes)
            _ = ContextSelection.checksAvailability(bytes)
        }
    }

    // MARK: Same findings as the whole project

    /// Lints `files[reported]` with the selected context and with every file, and returns both
    /// results' findings for the reported file, and the context chosen. `whole`, when given, is
    /// the run over every file, done once by a caller that compares many files.
    func compare(_ files: [SourceFile], reported index: Int, whole: LintResult? = nil) -> (context: [Finding], whole: [Finding], chosen: [String]) {
        let others = files.indices.filter { $0 != index }
        let candidates = others.map { ContextSelection.Candidate(path: files[$0].path, bytes: files[$0].bytes) }
        let chosen = ContextSelection.select(reported: [files[index]], candidates: candidates)
        let contextInputs = [LintInput(source: files[index])]
            + chosen.map { LintInput(source: candidates[$0].source, isReported: false) }
        let withContext = LintHarness.lint(inputs: contextInputs)
        let whole = whole ?? LintHarness.lint(inputs: files.map { LintInput(source: $0) })
        let mine = { (f: Finding) in f.path == files[index].path }
        return (withContext.findings + withContext.suppressedFindings,
                whole.findings.filter(mine) + whole.suppressedFindings.filter(mine),
                chosen.map { candidates[$0].path })
    }

    static func key(_ f: Finding) -> String { "\(f.path):\(f.start.line):\(f.start.column):\(f.ruleID):\(f.severity):\(f.message)" }

    static func same(_ a: [Finding], _ b: [Finding]) -> Bool { a.map(key).sorted() == b.map(key).sorted() }

    /// The findings only one of the two runs has, one per line, for failure messages.
    static func difference(_ context: [Finding], _ whole: [Finding]) -> String {
        let a = Set(context.map(key)), b = Set(whole.map(key))
        return (a.subtracting(b).sorted().map { "  only with context: " + $0 }
            + b.subtracting(a).sorted().map { "  only in the whole project: " + $0 }).joined(separator: "\n")
    }

    /// Every fixture file linted against all fixtures at once: a project full of same-named
    /// types, extensions and suppressions, where any fact the context misses shows up.
    @Test func everyFixtureAgainstAllFixtures() throws {
        let files = try FixtureProject.all().flatMap(\.files).map { url in
            SourceFile(path: LintHarness.relativePath(url), bytes: try [UInt8](Data(contentsOf: url)))
        }
        #expect(files.count > 10)
        // The whole project is linted once; each file is then linted with its own context.
        let whole = LintHarness.lint(inputs: files.map { LintInput(source: $0) })
        for index in files.indices {
            let (context, wholeFindings, _) = compare(files, reported: index, whole: whole)
            #expect(Self.same(context, wholeFindings),
                    "\(files[index].path): context gave \(context.count), whole project \(wholeFindings.count)\n\(Self.difference(context, wholeFindings))")
        }
    }

    /// The cross-file facts rules use, each in its own file, plus decoys that must stay out.
    static let project: [SourceFile] = [
        ("Views/Card.swift", """
            import SwiftUI
            struct Card: Tile {
                let title: String
                let subtitle: String
                let badge: Int
                let unused: Int
                var body: some View { Text(title) }
            }

            """),
        ("Views/Card+Details.swift", """
            import SwiftUI
            private extension Card {
                var details: some View { Text(subtitle) }
            }

            """),
        ("Protocols/Tile.swift", "import SwiftUI\nprotocol Tile: Badged {}\n"),
        ("Protocols/Badged.swift", "import SwiftUI\nprotocol Badged: View {\n    var badge: Int { get }\n}\n"),
        ("Models/Model.swift", """
            import SwiftUI
            class Model: BaseModel {
                var name = ""
            }
            struct Profile: View {
                @ObservedObject var model: Model
                let spare: Int
                var body: some View { Text(model.name) }
            }

            """),
        ("Models/BaseModel.swift", "import Combine\nclass BaseModel: ObservableObject {}\n"),
        ("Views/Picker.swift", """
            import SwiftUI
            struct Picker: UIViewRepresentable {
                let color: Int
                let ignored: Int
                func makeUIView(context: Context) -> UIView { UIView() }
                func updateUIView(_ view: UIView, context: Context) {}
            }

            """),
        ("Views/Picker+Coordinator.swift", """
            extension Picker {
                final class Coordinator {
                    var parent: Picker
                    init(parent: Picker) { self.parent = parent }
                    func apply() { _ = parent.color }
                }
            }

            """),
        ("Views/Compared.swift", """
            import SwiftUI
            struct Compared: View {
                let version: Int
                let payload: Int
                var body: some View { Text("") }
            }

            """),
        ("Views/Compared+Equatable.swift", """
            extension Compared: Equatable {
                static func == (lhs: Self, rhs: Self) -> Bool { lhs.version == rhs.version }
            }

            """),
        ("Decoys/RowA.swift", "import SwiftUI\nprivate struct Row: View {\n    let card: Int\n    var body: some View { Text(\"\") }\n}\n"),
        ("Decoys/RowB.swift", "import SwiftUI\nprivate struct Row: View {\n    let title: Int\n    var body: some View { Text(\"\") }\n}\n"),
        ("Decoys/Unrelated.swift", "import SwiftUI\nstruct Unrelated: View {\n    let x: Int\n    var body: some View { Text(\"\") }\n}\n"),
    ].map { SourceFile(path: $0.0, text: $0.1) }

    @Test func crossFileFactsMatchTheWholeProject() {
        let files = Self.project
        for index in files.indices {
            let (context, whole, _) = compare(files, reported: index)
            #expect(Self.same(context, whole), "\(files[index].path)")
        }
        // The answers depend on those facts: the context is not trivially empty.
        let card = compare(files, reported: 0)
        #expect(card.whole.map(\.message) == ["stored input 'unused' is never read; SwiftUI still compares it on every parent update, so remove it from the view's inputs"])
        #expect(Set(card.chosen) == ["Views/Card+Details.swift", "Protocols/Tile.swift", "Protocols/Badged.swift"])
        let profile = compare(files, reported: 4)
        #expect(profile.whole.count == 1 && profile.context.count == 1)
        #expect(compare(files, reported: 6).chosen == ["Views/Picker+Coordinator.swift"])
        #expect(compare(files, reported: 8).chosen == ["Views/Compared+Equatable.swift"])
    }

    @Test func privateTypesAndUnrelatedFilesStayOut() {
        let files = Self.project
        for index in files.indices {
            let chosen = compare(files, reported: index).chosen
            #expect(!chosen.contains { $0.hasPrefix("Decoys/") }, "\(files[index].path) chose \(chosen)")
        }
    }
}
