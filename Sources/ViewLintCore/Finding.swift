import ViewLintSyntax

/// A diagnostic placed in a file with a severity: what formatters print. It carries everything
/// a formatter needs (positions, the source line, fingerprints), so formatters stay pure
/// functions of findings and rule metadata.
public struct Finding: Sendable, Hashable {
    public var ruleID: String
    public var message: String
    /// The path as it should be shown: relative to the current directory where possible.
    public var path: String
    public var start: SourceLocation {
        get { storedStart.location }
        set { storedStart = PackedLocation(newValue) }
    }
    /// One past the end of the flagged text.
    public var end: SourceLocation {
        get { storedEnd.location }
        set { storedEnd = PackedLocation(newValue) }
    }
    public var symbol: String
    public var fixes: [Fix] {
        get { fixList.fixes }
        set { fixList = FixList(newValue) }
    }
    /// The fixes as stored (see `FixList`).
    public var fixList: FixList
    /// The text of the finding's first line, without its terminator: all of it, or for a very
    /// long line a window around the flagged text.
    public var lineText: String
    /// The column (as `start.column` counts) at which `lineText` starts: 1 unless it is a window.
    public var lineTextStartColumn: Int {
        get { Int(storedLineTextStartColumn) }
        set { storedLineTextStartColumn = UInt32(truncatingIfNeeded: newValue) }
    }
    /// GitHub's `primaryLocationLineHash` of the finding's line (see `LineHash`), once the linter
    /// has hashed the file: kept as its two numbers, and written as text only by the formatters
    /// that print it. A run can hold hundreds of thousands of findings; a dictionary each was a
    /// third of their memory, and a string each another 64 bytes.
    public var lineHashValue: LineHash.Value?
    /// `lineHashValue` as GitHub writes it (`hash:n`).
    public var lineHash: String? { lineHashValue?.text }
    public static let lineHashKey = "primaryLocationLineHash"
    /// The line-dependent fingerprints by name (`primaryLocationLineHash`). The line-independent
    /// one (`viewlint/symbol/v1`) numbers occurrences across a report, so `SymbolFingerprint`
    /// makes it from the report.
    public var fingerprints: [String: String] { lineHash.map { [Finding.lineHashKey: $0] } ?? [:] }
    /// Set when an in-source suppression silenced the finding (`// viewlint:disable ...`).
    public var suppression: SuppressionInfo? {
        get { suppressedBy?.info }
        set { suppressedBy = newValue.map(SuppressionBox.init) }
    }

    /// Stored after the line hash's optional, in the bytes that pad it: after the rule id it
    /// took 7 bytes of padding of its own (a finding was 208 bytes inline, now 200).
    public var severity: Severity

    // Positions, the window's column and the suppression are stored small: a finding was 224
    // bytes inline, and one huge file holds hundreds of thousands of them until its report is
    // written. Files are bounded by the lexer's 32-bit offsets, so every count fits.
    private var storedStart: PackedLocation
    private var storedEnd: PackedLocation
    private var storedLineTextStartColumn: UInt32
    /// Nearly every finding has no suppression: one reference, not the 33 bytes inline.
    private var suppressedBy: SuppressionBox?

    public init(ruleID: String, severity: Severity, message: String, path: String, start: SourceLocation,
                end: SourceLocation, symbol: String, fixes: [Fix] = [], lineText: String,
                lineTextStartColumn: Int = 1, lineHashValue: LineHash.Value? = nil, suppression: SuppressionInfo? = nil) {
        self.init(ruleID: ruleID, severity: severity, message: message, path: path, start: start, end: end, symbol: symbol,
                  fixList: FixList(fixes), lineText: lineText, lineTextStartColumn: lineTextStartColumn,
                  lineHashValue: lineHashValue, suppression: suppression)
    }

    public init(ruleID: String, severity: Severity, message: String, path: String, start: SourceLocation,
                end: SourceLocation, symbol: String, fixList: FixList, lineText: String,
                lineTextStartColumn: Int = 1, lineHashValue: LineHash.Value? = nil, suppression: SuppressionInfo? = nil) {
        self.ruleID = ruleID
        self.severity = severity
        self.message = message
        self.path = path
        self.storedStart = PackedLocation(start)
        self.storedEnd = PackedLocation(end)
        self.symbol = symbol
        self.fixList = fixList
        self.lineText = lineText
        self.storedLineTextStartColumn = UInt32(truncatingIfNeeded: lineTextStartColumn)
        self.lineHashValue = lineHashValue
        self.suppressedBy = suppression.map(SuppressionBox.init)
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

/// A `SourceLocation` in 20 bytes instead of 40.
struct PackedLocation: Sendable, Hashable {
    var offset: UInt32
    var line: UInt32
    var column: UInt32
    var byteColumn: UInt32
    var utf16Column: UInt32

    init(_ location: SourceLocation) {
        offset = UInt32(truncatingIfNeeded: location.offset)
        line = UInt32(truncatingIfNeeded: location.line)
        column = UInt32(truncatingIfNeeded: location.column)
        byteColumn = UInt32(truncatingIfNeeded: location.byteColumn)
        utf16Column = UInt32(truncatingIfNeeded: location.utf16Column)
    }

    var location: SourceLocation {
        SourceLocation(offset: Int(offset), line: Int(line), column: Int(column), byteColumn: Int(byteColumn),
                       utf16Column: Int(utf16Column))
    }
}

/// A finding's suppression, behind one reference.
final class SuppressionBox: Sendable, Hashable {
    let info: SuppressionInfo
    init(_ info: SuppressionInfo) { self.info = info }
    static func == (a: SuppressionBox, b: SuppressionBox) -> Bool { a.info == b.info }
    func hash(into hasher: inout Hasher) { hasher.combine(info) }
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
        // Read field by field through the index: copying a finding out of its array retained
        // each of its references, and on a huge file each such count sits on a cold cache line.
        func add(_ findings: [Finding], _ base: Int) {
            for i in findings.indices {
                if findings[i].path != lastPath {
                    let path = findings[i].path
                    if let rank = ranks[path] {
                        lastRank = rank
                    } else {
                        lastRank = Int32(paths.count)
                        ranks[path] = lastRank
                        paths.append(path)
                    }
                    lastPath = path
                }
                let start = findings[i].storedStart
                keys.append(Key(path: lastRank, line: Int(start.line), column: Int(start.column), index: base + i))
            }
        }
        add(first, 0)
        add(second, first.count)
        // Ranks in the paths' byte order, as `ordered` compares them; one file's findings (the
        // linter sorts each file's on its own) have one path and nothing to rank.
        if paths.count > 1 {
            let byBytes = paths.indices.sorted { paths[$0].utf8.lexicographicallyPrecedes(paths[$1].utf8) }
            var rankOrder = [Int32](repeating: 0, count: paths.count)
            for (position, rank) in byBytes.enumerated() { rankOrder[rank] = Int32(position) }
            for k in keys.indices { keys[k].path = rankOrder[Int(keys[k].path)] }
        }
        func ruleID(_ index: Int) -> String { index < first.count ? first[index].ruleID : second[index - first.count].ruleID }
        func message(_ index: Int) -> String { index < first.count ? first[index].message : second[index - first.count].message }
        keys.sort { a, b in
            if a.path != b.path { return a.path < b.path }
            if a.line != b.line { return a.line < b.line }
            if a.column != b.column { return a.column < b.column }
            let x = ruleID(a.index), y = ruleID(b.index)
            if x != y { return x < y }
            let m = message(a.index), n = message(b.index)
            if m != n { return m < n }
            return a.index < b.index
        }
        return keys.map(\.index)
    }

    /// Puts `findings` in output order (see `outputOrder`) in place: each finding is moved
    /// along its cycle of the permutation, never copied, so no second array is held.
    public static func sortForOutput(_ findings: inout [Finding]) {
        // Most files have one finding or none, and are sorted one by one.
        if findings.count < 2 { return }
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
