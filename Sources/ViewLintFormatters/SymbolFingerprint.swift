import ViewLintCore

/// The fingerprint that identifies a finding across runs without depending on its line: rule,
/// repository-relative file and declaration (`Finding.symbol`), hashed, plus an occurrence
/// number that tells apart two findings of one rule about one declaration in one file.
///
/// SARIF carries it as `partialFingerprints["viewlint/symbol/v1"]` and Code Climate / GitLab as
/// `fingerprint`; both take it from here, so one finding has the same identity in every report.
public enum SymbolFingerprint {
    /// The report's findings and suppressed findings, in output order, each with its fingerprint.
    /// Occurrences are counted over both lists, so suppressing one finding does not renumber the
    /// others' fingerprints in a format that leaves suppressed findings out.
    public static func assign(_ report: Report) -> [(finding: Finding, fingerprint: String)] {
        let all = (report.findings + report.suppressedFindings).sorted(by: Finding.ordered)
        var occurrences: [String: Int] = [:]
        var result: [(finding: Finding, fingerprint: String)] = []
        result.reserveCapacity(all.count)
        for finding in all {
            let key = finding.ruleID + "\u{0}" + SARIFFormatter.uri(report.run.repositoryPath(finding.path)) + "\u{0}"
                + finding.symbol
            occurrences[key, default: 0] += 1
            result.append((finding, hex(fnv1a(key)) + ":" + String(occurrences[key]!)))
        }
        return result
    }

    /// FNV-1a, 64 bits: a stable hash (Swift's `Hasher` is seeded per process).
    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
