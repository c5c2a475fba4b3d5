import Testing
import ViewLintCore
import ViewLintEngine

@Suite("Baselines")
struct BaselineTests {
    let header = """
        import SwiftUI
        struct Header: View {
            let title: String
            let unused: Int
            var body: some View { Text(title) }
        }
        struct Footer: View {
            let note: String
            var body: some View { Text("") }
        }
        """

    func lint(_ files: [(String, String)]) -> [Finding] {
        LintHarness.lint(files.map { (path: $0.0, text: $0.1) }, only: ["unused_stored_input"]).findings
    }

    let samePath: (Finding) -> String = { $0.path }

    func scope(_ paths: Set<String>, rules: Set<String> = ["unused_stored_input"],
               missing: Set<String> = []) -> Baseline.Scope {
        Baseline.Scope(lintedPaths: paths, rules: rules, isMissing: { missing.contains($0) })
    }

    @Test func entriesIdentifyFindingsBySymbolAndOccurrence() {
        let findings = lint([("A.swift", header)])
        let entries = Baseline.entries(for: findings, path: samePath)
        #expect(entries == [
            Baseline.Entry(rule: "unused_stored_input", path: "A.swift", symbol: "Header.unused", occurrence: 1),
            Baseline.Entry(rule: "unused_stored_input", path: "A.swift", symbol: "Footer.note", occurrence: 1),
        ])
        // Same rule, file and symbol twice: occurrences count in file order.
        let twice = [findings[0], findings[0]].enumerated().map { i, f -> Finding in
            var f = f
            f.start.line += i
            f.start.offset += i * 100
            return f
        }
        #expect(Baseline.entries(for: twice.reversed(), path: samePath).map(\.occurrence) == [2, 1])
    }

    @Test func encodingIsSortedStableAndRoundTrips() throws {
        let findings = lint([("B.swift", header), ("A.swift", header)])
        let baseline = Baseline(findings: findings, path: samePath)
        let text = baseline.encoded()
        #expect(text == """
            {
              "version": 1,
              "findings": [
                {"rule": "unused_stored_input", "path": "A.swift", "symbol": "Footer.note", "occurrence": 1},
                {"rule": "unused_stored_input", "path": "A.swift", "symbol": "Header.unused", "occurrence": 1},
                {"rule": "unused_stored_input", "path": "B.swift", "symbol": "Footer.note", "occurrence": 1},
                {"rule": "unused_stored_input", "path": "B.swift", "symbol": "Header.unused", "occurrence": 1}
              ]
            }

            """)
        #expect(Baseline(findings: findings.reversed(), path: samePath).encoded() == text)
        #expect(try Baseline.decode(Array(text.utf8), path: "b.json") == baseline)
        #expect(Baseline(entries: []).encoded() == "{\n  \"version\": 1,\n  \"findings\": []\n}\n")
        #expect(try Baseline.decode(Array(Baseline(entries: []).encoded().utf8), path: "b.json").entries.isEmpty)
    }

    @Test func awkwardTextRoundTrips() throws {
        let entry = Baseline.Entry(rule: "r", path: "dir \"q\"/back\\slash/é🧪.swift", symbol: "T.\u{1}tab\there\nline",
                                   occurrence: 3)
        let baseline = Baseline(entries: [entry])
        #expect(try Baseline.decode(Array(baseline.encoded().utf8), path: "b.json").entries == [entry])
        #expect(!baseline.encoded().contains("\u{1}"))
        // Escapes other writers use are read too.
        let foreign = #"{"findings": [{"symbol": "\u00e9\ud83e\uddea\/", "path": "p", "rule": "r", "occurrence": 1}], "version": 1}"#
        #expect(try Baseline.decode(Array(foreign.utf8), path: "b.json").entries.first?.symbol == "é🧪/")
    }

    @Test func knownFindingsAreHiddenAndNewOnesReported() {
        let before = lint([("A.swift", header)])
        let baseline = Baseline(findings: before, path: samePath)
        // A new finding in the same file, and a second occurrence beyond what was recorded.
        let after = lint([("A.swift", header.replacingOccurrences(of: "let note: String", with: "let note: String\n    let extra: Int"))])
        let outcome = baseline.apply(to: after, path: samePath, scope: scope(["A.swift"]))
        #expect(outcome.newFindings.map(\.symbol) == ["Footer.extra"])
        #expect(outcome.baselined.map(\.symbol) == ["Header.unused", "Footer.note"])
        #expect(outcome.stale.isEmpty)
    }

    @Test func editsElsewhereInTheFileDoNotResurrectFindings() {
        let baseline = Baseline(findings: lint([("A.swift", header)]), path: samePath)
        // Lines added above, code reformatted, a view renamed elsewhere: line numbers all move.
        let edited = "// A new header comment\n\nimport Foundation\n" + header
            .replacingOccurrences(of: "var body: some View { Text(title) }", with: "var body: some View {\n        Text(title)\n            .bold()\n    }")
        let after = lint([("A.swift", edited)])
        #expect(after.map(\.start.line) != lint([("A.swift", header)]).map(\.start.line))
        let outcome = baseline.apply(to: after, path: samePath, scope: scope(["A.swift"]))
        #expect(outcome.newFindings.isEmpty)
        #expect(outcome.baselined.count == 2)
        // A message reworded by a later viewlint does not matter either.
        let reworded = after.map { f -> Finding in
            var f = f
            f.message = "something else entirely"
            return f
        }
        #expect(baseline.apply(to: reworded, path: samePath, scope: scope(["A.swift"])).newFindings.isEmpty)
    }

    @Test func staleEntriesAreCountedOnlyWhereTheRunLooked() {
        let baseline = Baseline(entries: [
            .init(rule: "unused_stored_input", path: "A.swift", symbol: "Header.unused", occurrence: 1),
            .init(rule: "unused_stored_input", path: "A.swift", symbol: "Header.gone", occurrence: 1),
            .init(rule: "unused_stored_input", path: "A.swift", symbol: "Header.unused", occurrence: 2),
            .init(rule: "unused_stored_input", path: "Other.swift", symbol: "X.y", occurrence: 1),
            .init(rule: "closure_input", path: "A.swift", symbol: "Header.action", occurrence: 1),
            .init(rule: "unused_stored_input", path: "Deleted.swift", symbol: "D.d", occurrence: 1),
        ])
        let findings = lint([("A.swift", header)])
        let outcome = baseline.apply(to: findings, path: samePath, scope: scope(["A.swift"], missing: ["Deleted.swift"]))
        #expect(outcome.newFindings.map(\.symbol) == ["Footer.note"])
        // Fixed (gone, second occurrence) and deleted-file entries are stale; a file not linted
        // this run and a rule that did not run are not.
        #expect(outcome.stale.map { "\($0.path):\($0.symbol)#\($0.occurrence)" }
                == ["A.swift:Header.gone#1", "A.swift:Header.unused#2", "Deleted.swift:D.d#1"])
    }

    @Test func rewritingKeepsWhatTheRunDidNotCover() {
        let old = Baseline(entries: [
            .init(rule: "unused_stored_input", path: "A.swift", symbol: "Header.gone", occurrence: 1),
            .init(rule: "unused_stored_input", path: "Other.swift", symbol: "X.y", occurrence: 1),
            .init(rule: "closure_input", path: "A.swift", symbol: "Header.action", occurrence: 1),
            .init(rule: "unused_stored_input", path: "Deleted.swift", symbol: "D.d", occurrence: 1),
        ])
        let updated = old.updated(with: lint([("A.swift", header)]), path: samePath,
                                  scope: scope(["A.swift"], missing: ["Deleted.swift"]))
        #expect(updated.entries.map { "\($0.rule) \($0.path) \($0.symbol)" } == [
            "closure_input A.swift Header.action",
            "unused_stored_input A.swift Footer.note",
            "unused_stored_input A.swift Header.unused",
            "unused_stored_input Other.swift X.y",
        ])
    }

    @Test func damagedBaselinesAreErrorsWithTheirPosition() {
        func problem(_ text: String) -> String? {
            do {
                _ = try Baseline.decode(Array(text.utf8), path: "b.json")
                return nil
            } catch {
                return error.problems.first?.description
            }
        }
        let entry = #"{"rule": "r", "path": "p", "symbol": "s", "occurrence": 1}"#
        #expect(problem("") == "b.json:1:1: error: not a valid baseline: unexpected end of file; the JSON is incomplete")
        #expect(problem("{\n  \"version\": 1,\n<<<<<<< HEAD\n") == "b.json:3:1: error: not a valid baseline: expected a quoted key")
        #expect(problem("{\"version\": 1, \"findings\": [\n<<<<<<< HEAD\n]}") == "b.json:2:1: error: not a valid baseline: unexpected '<'; is this a merge conflict marker?")
        #expect(problem("[]") == "b.json:1:1: error: a baseline is a JSON object with 'version' and 'findings', not an array")
        #expect(problem("{\"version\": 2, \"findings\": []}") == "b.json:1:13: error: baseline format version 2 is not supported (this viewlint writes version 1); write it again with --write-baseline")
        #expect(problem("{\"findings\": []}") == "b.json:1:1: error: the baseline has no 'version'")
        #expect(problem("{\"version\": 1}") == "b.json:1:1: error: the baseline has no 'findings'")
        #expect(problem("{\"version\": 1, \"findings\": [], \"extra\": 1}") == "b.json:1:32: error: unknown key 'extra' in a baseline")
        #expect(problem("{\"version\": 1, \"findings\": [\(entry.replacingOccurrences(of: "\"occurrence\": 1", with: "\"occurrence\": 0"))]}")
                == "b.json:1:85: error: 'occurrence' must be a whole number of at least 1")
        #expect(problem("{\"version\": 1, \"findings\": [{\"rule\": \"r\"}]}") == "b.json:1:29: error: the finding has no 'path'")
        #expect(problem("{\"version\": 1, \"findings\": [{\"rule\": 3}]}") == "b.json:1:38: error: 'rule' must be a string")
        #expect(problem("{\"version\": 1, \"findings\": [\"x\"]}") == "b.json:1:29: error: each finding is an object with rule, path, symbol and occurrence, not a string")
        #expect(problem("{\"version\": 1, \"findings\": []} trailing") == "b.json:1:32: error: not a valid baseline: unexpected text after the JSON value")
        #expect(problem("{\"version\": 1, \"findings\": [\"unterminated]}") == "b.json:1:29: error: not a valid baseline: unterminated string")
        #expect(problem(String(repeating: "[", count: 500)) == "b.json:1:66: error: not a valid baseline: nesting deeper than 64 levels")
    }
}
