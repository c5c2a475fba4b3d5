import Foundation
import Testing
@testable import ViewLintCLI
import ViewLintCore
import ViewLintEngine
import ViewLintModel
import ViewLintRules
import ViewLintSyntax

/// A rule for engine tests: flags every occurrence of `find` and offers to replace it with
/// `replace` (in `path`, another file, when set).
struct TextReplaceRule: Rule {
    static let description = RuleDescription(
        id: "test_replace", name: "Test replace", summary: "Flags a text.", rationale: "For tests.",
        severity: .warning, tags: [], triggeringExamples: [], nonTriggeringExamples: [])
    let find: String
    let replace: String
    let safety: Fix.Safety
    let path: String?

    init(options: RuleOptions) {
        find = options.string("find") ?? "x"
        replace = options.string("replace") ?? ""
        safety = options.string("safety") == "unsafe" ? .unsafe : .safe
        path = options.string("path")
    }

    init(_ find: String, _ replace: String, safety: Fix.Safety = .safe, path: String? = nil) {
        var values: [String: OptionValue] = ["find": .string(find), "replace": .string(replace),
                                             "safety": .string(safety.rawValue)]
        if let path { values["path"] = .string(path) }
        self.init(options: RuleOptions(values))
    }

    func check(_ context: RuleContext) -> [Diagnostic] {
        // An insertion into another file is done once it is there.
        if let path, let target = context.project.files.first(where: { $0.path == path }),
           target.source.bytes.starts(with: Array(replace.utf8)) { return [] }
        let bytes = context.file.source.bytes
        let needle = Array(find.utf8)
        var result: [Diagnostic] = []
        var i = 0
        while !needle.isEmpty && i + needle.count <= bytes.count {
            if Array(bytes[i..<(i + needle.count)]) == needle {
                let range = SourceRange(start: i, end: i + needle.count)
                let edit = path.map { TextEdit(path: $0, range: SourceRange(start: 0, end: 0), text: replace) }
                    ?? TextEdit(range: range, text: replace)
                result.append(Diagnostic(range: range, message: "found '\(find)'", symbol: "\(find)@\(i)",
                                         fixes: [Fix(summary: "replace '\(find)' with '\(replace)'", safety: safety, edits: [edit])]))
                i += needle.count
            } else {
                i += 1
            }
        }
        return result
    }
}

@Suite("Fix engine")
struct FixEngineTests {
    static func run(_ files: [(String, String)], _ rules: [TextReplaceRule], options: FixOptions = FixOptions(),
                    reported: Set<String>? = nil) -> FixOutcome {
        let inputs = files.map { LintInput(source: SourceFile(path: $0.0, text: $0.1), isReported: reported?.contains($0.0) ?? true) }
        return FixEngine.fix(inputs, rules: rules.map { ConfiguredRule(rule: $0, severity: .warning) },
                             knownRuleIDs: ["test_replace"], options: options, parallel: false)
    }

    static func text(_ outcome: FixOutcome, _ path: String) -> String? {
        outcome.files.first { $0.path == path }.map { String(decoding: $0.fixed, as: UTF8.self) }
    }

    @Test func appliesEveryFixAndReLints() {
        let outcome = Self.run([("A.swift", "let a = old + old\nlet b = old\n")], [TextReplaceRule("old", "new")])
        #expect(Self.text(outcome, "A.swift") == "let a = new + new\nlet b = new\n")
        #expect(outcome.applied.count == 3)
        #expect(outcome.result.findings.isEmpty)
        #expect(outcome.initialResult.findings.count == 3)
        #expect(outcome.isStable)
    }

    @Test func overlappingFixesWaitForTheNextRound() {
        // `ab` and `bc` overlap in `abc`: the first wins, the second is recomputed on the
        // changed file, where it no longer applies.
        let outcome = Self.run([("A.swift", "let abc = 1\n")], [TextReplaceRule("ab", "x"), TextReplaceRule("bc", "y")])
        #expect(Self.text(outcome, "A.swift") == "let xc = 1\n")
        #expect(outcome.applied.map(\.fix.summary) == ["replace 'ab' with 'x'"])
        // Two fixes that can both apply, one after the other: `aa` -> `a` twice.
        let chained = Self.run([("B.swift", "let aaa = 1\n")], [TextReplaceRule("aa", "a")])
        #expect(Self.text(chained, "B.swift") == "let a = 1\n")
        #expect(chained.rounds == 2)
    }

    @Test func aFixThatBreaksTheSyntaxIsRolledBackAndTheOthersStay() {
        let outcome = Self.run([("A.swift", "let keep = 1\nlet old = 2\n")],
                               [TextReplaceRule("keep", "{"), TextReplaceRule("old", "new")])
        #expect(Self.text(outcome, "A.swift") == "let keep = 1\nlet new = 2\n")
        #expect(outcome.rejected.count == 1)
        #expect(outcome.rejected.first?.reason.hasPrefix("rolled back: the changed file has ") == true)
        // The refused fix's finding is still reported.
        #expect(outcome.result.findings.map(\.message) == ["found 'keep'"])
    }

    @Test func anUnterminatedStringIsRolledBack() {
        let outcome = Self.run([("A.swift", "let s = \"a\"\n")], [TextReplaceRule("\"a\"", "\"a")])
        #expect(outcome.files.isEmpty)
        #expect(outcome.rejected.count == 1)
    }

    @Test func fixingTwiceChangesNothingTheSecondTime() {
        let first = Self.run([("A.swift", "let old = old\n")], [TextReplaceRule("old", "new")])
        let fixed = try! #require(Self.text(first, "A.swift"))
        let second = Self.run([("A.swift", fixed)], [TextReplaceRule("old", "new")])
        #expect(second.files.isEmpty && second.applied.isEmpty)
    }

    @Test func fixesThatUndoEachOtherStopAfterTheLastRound() {
        let outcome = Self.run([("A.swift", "let one = 1\n")], [TextReplaceRule("one", "two"), TextReplaceRule("two", "one")],
                               options: FixOptions(maximumRounds: 5))
        #expect(!outcome.isStable)
        #expect(outcome.rounds == 5)
        #expect(outcome.applied.count == 5)
    }

    @Test func unsafeFixesNeedToBeAskedFor() {
        let rule = TextReplaceRule("old", "new", safety: .unsafe)
        let safeOnly = Self.run([("A.swift", "let old = 1\n")], [rule])
        #expect(safeOnly.files.isEmpty)
        #expect(safeOnly.unsafeFixesLeft == 1)
        let unsafe = Self.run([("A.swift", "let old = 1\n")], [rule], options: FixOptions(includeUnsafe: true))
        #expect(Self.text(unsafe, "A.swift") == "let new = 1\n")
        #expect(unsafe.unsafeFixesLeft == 0)
    }

    @Test func editsInOtherFilesApplyOnlyToReportedOnes() {
        // The fix for a finding in A edits B (as a project-wide migration does).
        let rule = TextReplaceRule("old", "// moved\n", path: "B.swift")
        let both = Self.run([("A.swift", "let old = 1\n"), ("B.swift", "let b = 2\n")], [rule])
        #expect(Self.text(both, "B.swift") == "// moved\nlet b = 2\n")
        #expect(Self.text(both, "A.swift") == nil)
        let contextOnly = Self.run([("A.swift", "let old = 1\n"), ("B.swift", "let b = 2\n")], [rule], reported: ["A.swift"])
        #expect(contextOnly.files.isEmpty)
        #expect(contextOnly.rejected.first?.reason == "it would edit 'B.swift', which this run does not fix")
    }

    @Test func editsApplyOnlyWhenTheyAreWellFormed() {
        let bytes = Array("héllo".utf8)
        // Inside the two bytes of `é`.
        #expect(TextEdit.apply([TextEdit(range: SourceRange(start: 2, end: 2), text: "x")], to: bytes) == nil)
        #expect(TextEdit.apply([TextEdit(range: SourceRange(start: 4, end: 9), text: "")], to: bytes) == nil)
        #expect(TextEdit.apply([.insert("a", at: 1), .insert("b", at: 1)], to: bytes) == nil)
        #expect(TextEdit.apply([.delete(SourceRange(start: 0, end: 1)), .insert("H", at: 1)], to: bytes).map { String(decoding: $0, as: UTF8.self) } == "Héllo")
    }
}

@Suite("Fix I/O", .serialized)
struct FixRunTests {
    func inputs(_ dir: URL, _ files: [String: String]) throws -> [LintInput] {
        try files.sorted { $0.key < $1.key }.map { name, text in
            let path = dir.appendingPathComponent(name).path
            try CLIRunner.write(text, to: URL(fileURLWithPath: path))
            return LintInput(source: SourceFile(path: path, text: text))
        }
    }

    static let unusedEnvironment = """
        import SwiftUI
        struct Header: View {
            @Environment(\\.dismiss) private var dismiss
            let title: String
            var body: some View { Text(title) }
        }

        """

    @Test func writesFixedFilesAndLeavesFilesChangedOnDiskAlone() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var inputs = try inputs(dir, ["A.swift": Self.unusedEnvironment, "B.swift": Self.unusedEnvironment.replacingOccurrences(of: "Header", with: "Footer")])
        // B changes on disk after it was read: its fix must not overwrite the new content.
        let edited = "// edited meanwhile\n"
        try edited.write(toFile: inputs[1].source.path, atomically: true, encoding: .utf8)
        var configuration = Configuration()
        configuration.onlyRules = ["unused_environment"]
        let outcome = FixRun.run(inputs, configuration: configuration, mode: FixRun.Mode(diffOnly: false, includeUnsafe: false),
                                 parallel: false)
        let a = try String(contentsOfFile: inputs[0].source.path, encoding: .utf8)
        #expect(!a.contains("dismiss") && a.contains("let title: String"))
        #expect(try String(contentsOfFile: inputs[1].source.path, encoding: .utf8) == edited)
        // B's finding is reported as it stands on disk-as-read, A's is gone.
        #expect(outcome.result.findings.map(\.path) == [inputs[1].displayPath])
        #expect(!outcome.failed)
        // No temporary file is left behind.
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(left == ["A.swift", "B.swift"])
        inputs.removeAll()
    }

    @Test func diffWritesNothing() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let inputs = try inputs(dir, ["A.swift": Self.unusedEnvironment])
        let outcome = FixRun.run(inputs, configuration: Configuration(), mode: FixRun.Mode(diffOnly: true, includeUnsafe: false),
                                 parallel: false)
        #expect(outcome.wouldChange)
        #expect(try String(contentsOfFile: inputs[0].source.path, encoding: .utf8) == Self.unusedEnvironment)
    }
}

@Suite("Unified diff")
struct UnifiedDiffTests {
    func lines(_ n: Int) -> [String] { (1...n).map { "line \($0)" } }

    @Test func hunksHaveThreeLinesOfContextAndMergeWhenClose() {
        var new = lines(20)
        new[4] = "changed 5"
        new.remove(at: 17)
        let diff = UnifiedDiff.diff(Array((lines(20).joined(separator: "\n") + "\n").utf8),
                                    Array((new.joined(separator: "\n") + "\n").utf8), oldPath: "a/F", newPath: "b/F")
        #expect(diff == """
            --- a/F
            +++ b/F
            @@ -2,7 +2,7 @@
             line 2
             line 3
             line 4
            -line 5
            +changed 5
             line 6
             line 7
             line 8
            @@ -15,6 +15,5 @@
             line 15
             line 16
             line 17
            -line 18
             line 19
             line 20

            """)
    }

    @Test func identicalFilesHaveNoDiff() {
        #expect(UnifiedDiff.diff(Array("a\n".utf8), Array("a\n".utf8), oldPath: "a", newPath: "b").isEmpty)
    }

    /// Applying the hunks to the old file gives the new one, for random edits.
    @Test func patchesReproduceTheNewFile() {
        var seed: UInt64 = 0x9E3779B97F4A7C15
        func next(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(n))
        }
        for _ in 0..<200 {
            let old = (0..<next(30)).map { _ in "l\(next(6))" }
            var new = old
            for _ in 0..<next(5) {
                switch next(3) {
                case 0 where !new.isEmpty: new.remove(at: next(new.count))
                case 1: new.insert("n\(next(4))", at: next(new.count + 1))
                default: if !new.isEmpty { new[next(new.count)] = "c\(next(3))" }
                }
            }
            let a = old.map { $0 + "\n" }.joined()
            let b = new.map { $0 + "\n" }.joined()
            let diff = UnifiedDiff.diff(Array(a.utf8), Array(b.utf8), oldPath: "a", newPath: "b")
            #expect(apply(diff, to: old) == new, "\(old) -> \(new)\n\(diff)")
        }
    }

    func apply(_ diff: String, to old: [String]) -> [String] {
        var result: [String] = []
        var position = 0
        for line in diff.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("@@") {
                let oldStart = Int(line.dropFirst(4).prefix { $0.isNumber })!
                let oldCount = line.split(separator: " ")[1].contains(",") ? Int(line.split(separator: " ")[1].split(separator: ",")[1])! : 1
                let start = oldCount == 0 ? oldStart : oldStart - 1
                result += old[position..<start]
                position = start
            } else if line.hasPrefix(" ") {
                result.append(String(line.dropFirst())); position += 1
            } else if line.hasPrefix("-") && !line.hasPrefix("---") {
                position += 1
            } else if line.hasPrefix("+") && !line.hasPrefix("+++") {
                result.append(String(line.dropFirst()))
            }
        }
        return result + old[position...]
    }
}

@Suite("Observation migration")
struct ObservationMigrationTests {
    func summaries(_ text: String, target: DeploymentTarget? = nil) -> [String: String] {
        let result = LintHarness.lint([("A.swift", text)], only: ["observable_object"], deploymentTarget: target)
        var byClass: [String: String] = [:]
        for f in result.findings { byClass[f.symbol] = f.fixes.first.map { ($0.isMechanical ? "edits: " : "") + $0.summary } }
        return byClass
    }

    @Test func refusalsSayWhy() throws {
        let url = LintHarness.fixturesDirectory.appendingPathComponent("fix/observable_object/Refused/Models.before")
        let s = summaries(try String(contentsOf: url, encoding: .utf8))
        #expect(s["Player"] == "no automatic migration of 'Player': its subclass 'VideoPlayer' would need its own @Observable")
        #expect(s["Clock"] == "no automatic migration of 'Clock': '@Published var now' has willSet/didSet, which @Observable may not run as before")
        #expect(s["Prefs"] == "no automatic migration of 'Prefs': '@AppStorage var name' would need @ObservationIgnored")
        #expect(s["Session"] == "no automatic migration of 'Session': it conforms to ObservableObject through an extension or a protocol")
    }

    @Test func spelledOutWrappersAndConstraintsAreRefused() {
        let wrapped = summaries("""
            import SwiftUI
            final class Store: ObservableObject { @Published var n = 0 }
            struct V: View {
                @StateObject private var store: Store
                init() { _store = StateObject(wrappedValue: Store()) }
                var body: some View { Text("\\(store.n)") }
            }
            """)
        #expect(wrapped["Store"] == "no automatic migration of 'Store': 'StateObject' is spelled out as a type or call at A.swift:5")
        let constrained = summaries("""
            import SwiftUI
            final class Store: ObservableObject { @Published var n = 0 }
            func keep<T: ObservableObject>(_ t: T) {}
            """)
        #expect(constrained["Store"] == "no automatic migration of 'Store': 'ObservableObject' is used as a type or constraint in A.swift")
        let plain = summaries("""
            import SwiftUI
            final class Store: ObservableObject { @Published var n = 0 }
            """)
        #expect(plain["Store"] == "edits: migrate 'Store' and its uses to Observation (@Observable)")
    }

    @Test func environmentObjectBindingsAreRefused() {
        let s = summaries("""
            import SwiftUI
            final class Store: ObservableObject { @Published var name = "" }
            struct V: View {
                @EnvironmentObject var store: Store
                var body: some View { TextField("Name", text: $store.name) }
            }
            """)
        #expect(s["Store"] == "no automatic migration of 'Store': '$store' bindings through @EnvironmentObject in 'V' need '@Bindable var store = store' in the view")
    }
}

extension ObservationMigrationTests {
    @Test func injectionsThroughASharedInstanceResolve() {
        let s = summaries("""
            import SwiftUI
            final class Store: ObservableObject {
                static let shared = Store()
                @Published var n = 0
            }
            struct Root: View {
                var body: some View { Child().environmentObject(Store.shared).environmentObject(Other.shared) }
            }
            struct Child: View {
                @EnvironmentObject var store: Store
                var body: some View { Text("\\(store.n)") }
            }
            """)
        #expect(s["Store"] == "edits: migrate 'Store' and its uses to Observation (@Observable)")
    }
}

extension FixRunTests {
    @Test func commandLineFixDiffAndUsage() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("Sources/Header.swift")
        try CLIRunner.write(Self.unusedEnvironment, to: file)

        let diff = try CLIRunner.run(["lint", "--diff", "--no-config"], in: dir)
        #expect(diff.status == 1)
        #expect(diff.stdout.hasPrefix("--- a/Sources/Header.swift\n+++ b/Sources/Header.swift\n@@ -1,6 +1,5 @@\n"))
        #expect(diff.stdout.contains("\n-    @Environment(\\.dismiss) private var dismiss\n"))
        #expect(diff.stderr.contains("Sources/Header.swift:3:41: would fix: remove 'dismiss' from 'Header' [unused_environment]\n"))
        #expect(try String(contentsOf: file, encoding: .utf8) == Self.unusedEnvironment)

        let fix = try CLIRunner.run(["lint", "--fix", "--no-config"], in: dir)
        #expect(fix.status == 0)
        #expect(fix.stdout.isEmpty)
        #expect(fix.stderr.contains("Sources/Header.swift:3:41: fixed: remove 'dismiss' from 'Header' [unused_environment]\nfixed 1 finding in 1 file\n"))
        #expect(try String(contentsOf: file, encoding: .utf8) == Self.unusedEnvironment.replacingOccurrences(of: "    @Environment(\\.dismiss) private var dismiss\n", with: ""))

        let again = try CLIRunner.run(["lint", "--fix", "--no-config"], in: dir)
        #expect(again.stderr.contains("fixed 0 findings in 0 files\n"))

        let usage = try CLIRunner.run(["lint", "--unsafe-fixes"], in: dir)
        #expect(usage.status == 2 && usage.stderr.contains("--unsafe-fixes goes with --fix or --diff"))
        let staged = try CLIRunner.run(["lint", "--fix", "--staged"], in: dir)
        #expect(staged.status == 2)
    }
}

@Suite("Fix storage")
struct FixStorageTests {
    static let removal = FilledText.Template("remove '", "' from '", "'")

    @Test func aTemplateIsJoinedWhenReadAndEqualsTheSameTextWritten() {
        let fix = Fix(summary: FilledText(Self.removal, "title", "Row"))
        let written = Fix(summary: "remove 'title' from 'Row'")
        #expect(fix.summary == "remove 'title' from 'Row'")
        #expect(fix == written)
        #expect(fix.hashValue == written.hashValue)
        #expect(fix != Fix(summary: FilledText(Self.removal, "title", "Rows")))
        #expect(FilledText(FilledText.Template("use '", "' instead"), "x").text == "use 'x' instead")
    }

    @Test func diagnosticsAndFindingsGiveBackTheFixesTheyWereGiven() {
        let advice = Fix(summary: "remove it")
        let edit = Fix(summary: "replace it", edits: [.insert("x", at: 0)])
        let refused = Fix.notOffered("rename it", because: "it is public")
        let unsafeAdvice = Fix(summary: "move it", safety: .unsafe)
        for fixes in [[], [advice], [edit], [refused], [unsafeAdvice], [advice, edit]] {
            let diagnostic = Diagnostic(range: SourceRange(start: 0, end: 1), message: "m", symbol: "s", fixes: fixes)
            #expect(diagnostic.fixes == fixes)
            #expect(diagnostic.fixList.isEmpty == fixes.isEmpty)
            #expect(diagnostic.fixList.mechanical == fixes.filter(\.isMechanical))
            let location = SourceLocation(offset: 0, line: 1, column: 1, byteColumn: 1, utf16Column: 1)
            var finding = Finding(ruleID: "r", severity: .warning, message: "m", path: "a.swift", start: location,
                                  end: location, symbol: "s", fixList: diagnostic.fixList, lineText: "x")
            #expect(finding.fixes == fixes)
            finding.fixes = [edit]
            #expect(finding.fixes == [edit])
            #expect(finding == Finding(ruleID: "r", severity: .warning, message: "m", path: "a.swift", start: location,
                                       end: location, symbol: "s", fixes: [edit], lineText: "x"))
        }
    }
}
