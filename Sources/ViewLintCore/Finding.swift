import ViewLintSyntax

/// A diagnostic placed in a file with a severity: what formatters print. It carries everything
/// a formatter needs (positions, the source line, fingerprints), so formatters stay pure
/// functions of findings and rule metadata.
public struct Finding: Sendable, Hashable {
    public var ruleID: String
    public var severity: Severity
    public var message: String
    /// The path as it should be shown: relative to the current directory where possible.
    public var path: String
    public var start: SourceLocation
    /// One past the end of the flagged text.
    public var end: SourceLocation
    public var symbol: String
    public var fixes: [Fix]
    /// The text of the finding's first line, without its terminator: all of it, or for a very
    /// long line a window around the flagged text.
    public var lineText: String
    /// The column (as `start.column` counts) at which `lineText` starts: 1 unless it is a window.
    public var lineTextStartColumn: Int
    /// GitHub's `primaryLocationLineHash` of the finding's line (see `LineHash`), once the linter
    /// has hashed the file. A field, not a dictionary: a run can hold hundreds of thousands of
    /// findings, and a dictionary each was a third of their memory.
    public var lineHash: String?
    public static let lineHashKey = "primaryLocationLineHash"
    /// The line-dependent fingerprints by name (`primaryLocationLineHash`). The line-independent
    /// one (`viewlint/symbol/v1`) numbers occurrences across a report, so `SymbolFingerprint`
    /// makes it from the report.
    public var fingerprints: [String: String] { lineHash.map { [Finding.lineHashKey: $0] } ?? [:] }
    /// Set when an in-source suppression silenced the finding (`// viewlint:disable ...`).
    public var suppression: SuppressionInfo?

    public init(ruleID: String, severity: Severity, message: String, path: String, start: SourceLocation,
                end: SourceLocation, symbol: String, fixes: [Fix] = [], lineText: String,
                lineTextStartColumn: Int = 1, lineHash: String? = nil, suppression: SuppressionInfo? = nil) {
        self.ruleID = ruleID
        self.severity = severity
        self.message = message
        self.path = path
        self.start = start
        self.end = end
        self.symbol = symbol
        self.fixes = fixes
        self.lineText = lineText
        self.lineTextStartColumn = lineTextStartColumn
        self.lineHash = lineHash
        self.suppression = suppression
    }

    /// Output order: path, line, column, rule.
    public static func ordered(_ a: Finding, _ b: Finding) -> Bool {
        if a.path != b.path { return a.path.utf8.lexicographicallyPrecedes(b.path.utf8) }
        if a.start.line != b.start.line { return a.start.line < b.start.line }
        if a.start.column != b.start.column { return a.start.column < b.start.column }
        if a.ruleID != b.ruleID { return a.ruleID < b.ruleID }
        return a.message < b.message
    }
}

/// Where and why a finding was suppressed in source.
public struct SuppressionInfo: Sendable, Hashable {
    public var justification: String?
    public var line: Int
    public init(justification: String?, line: Int) {
        self.justification = justification
        self.line = line
    }
}

/// A problem with an input that is not a finding: an unreadable file, invalid UTF-8.
public struct InputNote: Sendable, Hashable {
    public enum Level: String, Sendable { case note, warning, error }
    public var level: Level
    public var path: String
    public var line: Int?
    public var message: String
    public init(level: Level, path: String, line: Int?, message: String) {
        self.level = level
        self.path = path
        self.line = line
        self.message = message
    }

    /// `path:line: level: message`, the form compilers use.
    public var formatted: String {
        let location = line.map { "\(path):\($0)" } ?? path
        return "\(location): \(level.rawValue): \(message)"
    }
}

extension Finding {
    /// The positions of `first` followed by `second` (as one list, `second` after `first`) in
    /// output order (`ordered`), ties in list order. It sorts small keys (the path's rank, line,
    /// column) and reads rule and message only on a tie: sorting the findings themselves moved
    /// 200-byte values with a dozen references each, retained and released at every step, and
    /// compared their path strings at every comparison.
    public static func outputOrder(_ first: [Finding], _ second: [Finding] = []) -> [Int] {
        struct Key {
            var path: Int32
            var line: Int
            var column: Int
            var index: Int
        }
        var ranks: [String: Int32] = [:]
        var paths: [String] = []
        var keys: [Key] = []
        keys.reserveCapacity(first.count + second.count)
        var lastPath: String? = nil
        var lastRank: Int32 = 0
        func add(_ finding: Finding, _ index: Int) {
            if finding.path != lastPath {
                if let rank = ranks[finding.path] {
                    lastRank = rank
                } else {
                    lastRank = Int32(paths.count)
                    ranks[finding.path] = lastRank
                    paths.append(finding.path)
                }
                lastPath = finding.path
            }
            keys.append(Key(path: lastRank, line: finding.start.line, column: finding.start.column, index: index))
        }
        for (i, finding) in first.enumerated() { add(finding, i) }
        for (i, finding) in second.enumerated() { add(finding, first.count + i) }
        // Ranks in the paths' byte order, as `ordered` compares them.
        let byBytes = paths.indices.sorted { paths[$0].utf8.lexicographicallyPrecedes(paths[$1].utf8) }
        var rankOrder = [Int32](repeating: 0, count: paths.count)
        for (position, rank) in byBytes.enumerated() { rankOrder[rank] = Int32(position) }
        for k in keys.indices { keys[k].path = rankOrder[Int(keys[k].path)] }
        func finding(_ index: Int) -> Finding { index < first.count ? first[index] : second[index - first.count] }
        keys.sort { a, b in
            if a.path != b.path { return a.path < b.path }
            if a.line != b.line { return a.line < b.line }
            if a.column != b.column { return a.column < b.column }
            let x = finding(a.index), y = finding(b.index)
            if x.ruleID != y.ruleID { return x.ruleID < y.ruleID }
            if x.message != y.message { return x.message < y.message }
            return a.index < b.index
        }
        return keys.map(\.index)
    }

    /// Puts `findings` in output order (see `outputOrder`) in place: each finding is moved
    /// along its cycle of the permutation, never copied, so no second array is held.
    public static func sortForOutput(_ findings: inout [Finding]) {
        let order = outputOrder(findings)
        var placed = [Bool](repeating: false, count: order.count)
        for start in order.indices where !placed[start] {
            var p = start
            while true {
                placed[p] = true
                let q = order[p]
                if q == start { break }
                findings.swapAt(p, q)
                p = q
            }
        }
    }
}
