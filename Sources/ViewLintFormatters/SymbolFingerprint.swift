import ViewLintCore
import ViewLintSyntax

/// The fingerprint that identifies a finding across runs without depending on its line: rule,
/// repository-relative file and declaration (`Finding.symbol`), hashed, plus an occurrence
/// number that tells apart two findings of one rule about one declaration in one file.
///
/// SARIF carries it as `partialFingerprints["viewlint/symbol/v1"]` and Code Climate / GitLab as
/// `fingerprint`; both take it from here, so one finding has the same identity in every report.
public enum SymbolFingerprint {
    /// One finding of a report with its fingerprint.
    public struct Assigned: Sendable {
        /// The finding's position in `report.findings`, or in `report.suppressedFindings` when
        /// `suppressed`.
        public var index: Int
        public var suppressed: Bool
        /// The file's repository-relative URI (`SARIFFormatter.uri`), which the hash covers.
        public var uri: String
        public var hash: UInt64
        public var occurrence: Int

        /// `hash:occurrence`, the hash as 16 hex digits.
        public var text: String {
            var bytes: [UInt8] = []
            write(into: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }

        public func write(into out: inout [UInt8]) {
            NumberBytes.appendHex(hash, padded: true, to: &out)
            out.append(0x3A) // :
            NumberBytes.appendDecimal(occurrence, to: &out)
        }

        public func finding(in report: Report) -> Finding {
            suppressed ? report.suppressedFindings[index] : report.findings[index]
        }
    }

    /// The report's findings and suppressed findings, in output order, each with its fingerprint.
    /// Occurrences are counted over both lists, so suppressing one finding does not renumber the
    /// others' fingerprints in a format that leaves suppressed findings out.
    public static func assign(_ report: Report) -> [Assigned] {
        // The occurrences of each (rule, file, symbol) are counted in groups found by the hash,
        // but told apart by the parts themselves (two keys whose hashes collide still count
        // separately), read from each group's first finding: a dictionary keyed by the three
        // strings held about 90 bytes per distinct key, on top of the findings, while one huge
        // file's report was written.
        struct Group {
            /// The group's first finding, by its position in `result`.
            var first: Int32
            var count: Int32
            /// The next group with the same hash, or -1.
            var next: Int32
        }
        let order = Finding.outputOrder(report.findings, report.suppressedFindings)
        var groupByHash: [UInt64: Int32] = [:]
        var groups: [Group] = []
        var uris = URICache(run: report.run)
        var result: [Assigned] = []
        result.reserveCapacity(order.count)
        // The three fields hashed, read through the index, not copied out with the finding (a
        // copy retains every reference a finding holds).
        func keyFields(_ suppressed: Bool, _ index: Int) -> (path: String, ruleID: String, symbol: String) {
            suppressed
                ? (report.suppressedFindings[index].path, report.suppressedFindings[index].ruleID,
                   report.suppressedFindings[index].symbol)
                : (report.findings[index].path, report.findings[index].ruleID, report.findings[index].symbol)
        }
        for position in order {
            let suppressed = position >= report.findings.count
            let index = suppressed ? position - report.findings.count : position
            let finding = keyFields(suppressed, index)
            let uri = uris.uri(finding.path)
            var hash = hashBytes(finding.ruleID, from: FNV1a.offset)
            hash = FNV1a.hash(byte: 0, from: hash)
            hash = hashBytes(uri, from: hash)
            hash = FNV1a.hash(byte: 0, from: hash)
            hash = hashBytes(finding.symbol, from: hash)
            var g = groupByHash[hash] ?? -1
            var last: Int32 = -1
            while g >= 0 {
                let first = Int(groups[Int(g)].first)
                if result[first].uri == uri {
                    let known = keyFields(result[first].suppressed, result[first].index)
                    if known.ruleID == finding.ruleID && known.symbol == finding.symbol { break }
                }
                last = g
                g = groups[Int(g)].next
            }
            if g < 0 {
                g = Int32(groups.count)
                groups.append(Group(first: Int32(result.count), count: 0, next: -1))
                if last >= 0 { groups[Int(last)].next = g } else { groupByHash[hash] = g }
            }
            groups[Int(g)].count += 1
            result.append(Assigned(index: index, suppressed: suppressed, uri: uri, hash: hash,
                                   occurrence: Int(groups[Int(g)].count)))
        }
        return result
    }

    /// `FNV1a.hash(text, from:)`, read from the string's contiguous bytes rather than through
    /// its UTF-8 view, which checked each byte's index: three texts per finding of a report.
    static func hashBytes(_ text: String, from hash: UInt64) -> UInt64 {
        var text = text
        return text.withUTF8 { FNV1a.hash($0, from: hash) }
    }

    /// Each path's URI, made once: findings in output order come file by file.
    struct URICache {
        let run: RunInfo
        var path: String? = nil
        var uri = ""

        init(run: RunInfo) { self.run = run }

        mutating func uri(_ path: String) -> String {
            if path != self.path {
                self.path = path
                uri = SARIFFormatter.uri(run.repositoryPath(path))
            }
            return uri
        }
    }
}
