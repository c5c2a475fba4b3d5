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
    /// Fingerprints by name: `primaryLocationLineHash` (GitHub's, see `LineHash`) and
    /// `viewlint/symbol/v1` (rule and declaration, independent of lines).
    public var fingerprints: [String: String]
    public static let lineHashKey = "primaryLocationLineHash"
    /// Set when an in-source suppression silenced the finding (`// viewlint:disable ...`).
    public var suppression: SuppressionInfo?

    public init(ruleID: String, severity: Severity, message: String, path: String, start: SourceLocation,
                end: SourceLocation, symbol: String, fixes: [Fix] = [], lineText: String,
                lineTextStartColumn: Int = 1, fingerprints: [String: String] = [:], suppression: SuppressionInfo? = nil) {
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
        self.fingerprints = fingerprints
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
