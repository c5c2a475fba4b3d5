import Foundation
import Testing
import ViewLintCore
import ViewLintEngine
import ViewLintRules
import ViewLintSyntax

/// `primaryLocationLineHash` must equal what GitHub's upload action computes, or the action
/// warns and alerts can be duplicated. Three independent checks:
/// - the expected values published with the upload action's own tests;
/// - values derived with a direct (non-rolling) evaluation of the documented polynomial, for
///   inputs those tests do not cover (non-ASCII, a byte-order mark, invalid UTF-8);
/// - the rolling implementation against that direct evaluation on generated inputs.
@Suite("GitHub line fingerprints")
struct LineHashTests {
    static func hashes(_ text: String) -> [String] { LineHash.all(Array(text.utf8)) }

    @Test func matchesTheUploadActionsPublishedValues() {
        #expect(Self.hashes("") == ["c129715d7a2bc9a3:1"])
        #expect(Self.hashes(" a\nb\n  \t\tc\n d") ==
            ["271789c17abda88f:1", "54703d4cd895b18:1", "180aee12dab6264:1", "a23a3dc5e078b07b:1"])
        #expect(Self.hashes(" hello; \t\nworld!!!\n\n\n  \t\tGreetings\n End") ==
            ["8b7cf3e952e7aeb2:1", "b1ae1287ec4718d9:1", "bff680108adb0fcc:1", "c6805c5e1288b612:1",
             "b86d3392aea1be30:1", "e6ceba753e1a442:1"])
        let withFinalNewline = ["e9496ae3ebfced30:1", "fb7c023a8b9ccb3f:1", "ce8ba1a563dcdaca:1", "e20e36e16fcb0cc8:1",
                                "b3edc88f2938467e:1", "c8e28b0b4002a3a0:1", "c129715d7a2bc9a3:1"]
        // Every line terminator hashes as `\n`.
        #expect(Self.hashes(" hello; \t\nworld!!!\n\n\n  \t\tGreetings\n End\n") == withFinalNewline)
        #expect(Self.hashes(" hello; \t\nworld!!!\r\r\r  \t\tGreetings\r End\r") == withFinalNewline)
        #expect(Self.hashes(" hello; \t\r\nworld!!!\r\n\r\n\r\n  \t\tGreetings\r\n End\r\n") == withFinalNewline)
        #expect(Self.hashes(" hello; \t\nworld!!!\r\n\n\r  \t\tGreetings\r End\r\n") == withFinalNewline)
        // Identical windows are told apart by a running count.
        #expect(Self.hashes(String(repeating: "Lorem ipsum dolor sit amet.\n", count: 10)) ==
            ["a7f2ff13bc495cf2:1", "a7f2ff13bc495cf2:2", "a7f2ff13bc495cf2:3", "a7f2ff13bc495cf2:4",
             "a7f2ff13bc495cf2:5", "a7f2ff13bc495cf2:6", "a7f2ff1481e87703:1", "a9cf91f7bbf1862b:1",
             "55ec222b86bcae53:1", "cc97dc7b1d7d8f7b:1", "c129715d7a2bc9a3:1"])
    }

    @Test func hashesUTF16CodeUnitsKeepsTheBOMAndReplacesInvalidBytes() {
        // Derived with the direct evaluation below, written independently in another language.
        #expect(Self.hashes("struct A: View {\n    /* 😀 中文 */ let unused: Int\n}\n") ==
            ["7ceb5393a802bf9:1", "22c4113e14ec8165:1", "32dce9ccfdbc9d3e:1", "c129715d7a2bc9a3:1"])
        #expect(LineHash.all([0xEF, 0xBB, 0xBF] + Array("import SwiftUI\r\nlet x = 1\r\n".utf8)) ==
            ["5116d432c501f34b:1", "88fd9ae14f3bb1e8:1", "c129715d7a2bc9a3:1"])
        #expect(LineHash.all(Array("let s = \"".utf8) + [0xFF, 0xC3] + Array("\"\nlet t = 2\n".utf8)) ==
            ["b173827813f63eb2:1", "9e96a8bd515de94d:1", "c129715d7a2bc9a3:1"])
    }

    /// The definition, evaluated directly: for each line, the base-37 polynomial of the 100 kept
    /// units starting at its first one.
    static func direct(_ bytes: [UInt8]) -> [String] {
        var stream: [UInt16] = []
        var starts: [Int] = []
        var previousWasCR = false
        var atLineStart = true
        for raw in Array(String(decoding: bytes, as: UTF8.self).utf16) + [65535] {
            var unit = raw
            if unit == 0x20 || unit == 0x09 || (previousWasCR && unit == 0x0A) {
                previousWasCR = false
                continue
            }
            previousWasCR = unit == 0x0D
            if unit == 0x0D { unit = 0x0A }
            if atLineStart {
                starts.append(stream.count)
                atLineStart = false
            }
            if unit == 0x0A { atLineStart = true }
            stream.append(unit)
        }
        var seen: [String: Int] = [:]
        return starts.map { start in
            var hash: UInt64 = 0
            for k in 0..<100 {
                let unit = start + k < stream.count ? UInt64(stream[start + k]) : 0
                hash = hash &* 37 &+ unit
            }
            let hex = String(hash, radix: 16)
            seen[hex, default: 0] += 1
            return "\(hex):\(seen[hex]!)"
        }
    }

    @Test func rollingWindowAgreesWithTheDefinition() {
        var generator = SeededGenerator(seed: 0x5EED)
        let alphabet: [String] = ["a", "Z", "0", " ", "\t", "\n", "\r", "\r\n", "{", "}", "é", "中", "😀", ";"]
        for length in [0, 1, 5, 99, 100, 101, 250, 1000] {
            for _ in 0..<8 {
                var text = ""
                for _ in 0..<length { text += alphabet[Int(generator.next() % UInt64(alphabet.count))] }
                let bytes = Array(text.utf8)
                #expect(LineHash.all(bytes) == Self.direct(bytes), "\(text.debugDescription)")
            }
        }
    }

    @Test func selectedLinesMatchTheFullTable() {
        let bytes = Array(String(repeating: "let x = 1\n\n  var y\r\n", count: 40).utf8)
        let all = LineHash.all(bytes)
        let some = LineHash.lines([1, 2, 60, 121, 500], of: bytes)
        #expect(some == [1: all[0], 2: all[1], 60: all[59], 121: all[120]])
    }

    @Test func theEngineFingerprintsFindingsAndSuppressedFindings() {
        let text = """
            import SwiftUI
            struct Header: View {
                let title: String
                let unused: Int
                // viewlint:disable-next-line unused_stored_input - kept for the next release
                let legacy: Int
                var body: some View { Text(title) }
            }
            """
        let result = LintHarness.lint([(path: "Header.swift", text: text)])
        let table = LineHash.all(Array(text.utf8))
        #expect(result.findings.count == 1 && result.suppressedFindings.count == 1)
        for finding in result.findings + result.suppressedFindings {
            #expect(finding.fingerprints[Finding.lineHashKey] == table[finding.start.line - 1])
        }

        // A caller whose reports print no hash asks for none, and gets the same findings without.
        let unhashed = LintHarness.lint([(path: "Header.swift", text: text)], lineHashes: false)
        func withoutHashes(_ findings: [Finding]) -> [Finding] {
            findings.map { var finding = $0; finding.lineHashValue = nil; return finding }
        }
        #expect(unhashed.findings == withoutHashes(result.findings))
        #expect(unhashed.suppressedFindings == withoutHashes(result.suppressedFindings))
        #expect(unhashed.findings.count == 1 && unhashed.findings.allSatisfy { $0.lineHashValue == nil })
    }

    /// `lint --fix --format sarif` reports the fix engine's last result: it hashes when asked,
    /// against the file as fixed, and by default not at all.
    @Test func theFixEngineFingerprintsOnlyWhenAsked() {
        let text = """
            import SwiftUI
            struct Header: View {
                let title: String
                let unused: Int
                var body: some View { Text(title) }
            }
            """
        let inputs = [LintInput(source: SourceFile(path: "Header.swift", text: text))]
        let configuration = Configuration()
        func fix(lineHashes: Bool?) -> FixOutcome {
            let rules = configuration.configuredRules()
            if let lineHashes {
                return FixEngine.fix(inputs, rules: rules, knownRuleIDs: Set(RuleRegistry.ids), parallel: false,
                                     lineHashes: lineHashes)
            }
            return FixEngine.fix(inputs, rules: rules, knownRuleIDs: Set(RuleRegistry.ids), parallel: false)
        }
        let hashed = fix(lineHashes: true)
        let fixed = hashed.files.first?.fixed ?? Array(text.utf8)
        let table = LineHash.all(fixed)
        #expect(!hashed.result.findings.isEmpty)
        for finding in hashed.result.findings {
            #expect(finding.fingerprints[Finding.lineHashKey] == table[finding.start.line - 1])
        }
        let unhashed = fix(lineHashes: nil)
        #expect(unhashed.result.findings.count == hashed.result.findings.count)
        #expect(unhashed.result.findings.allSatisfy { $0.lineHashValue == nil })
    }
}

/// A small deterministic generator (SplitMix64), so generated cases are the same on every run.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
