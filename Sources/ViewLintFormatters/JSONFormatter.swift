import ViewLintCore

/// `--format json`: a stable schema for scripts and editors, documented in the README.
///
///     { "schemaVersion": 1, "tool": {"name", "version"}, "filesLinted": N,
///       "findings": [ {"rule", "severity", "message", "path", "line", "column", "endLine",
///                      "endColumn", "symbol", "fix"?: [ {"summary", "replacement"?} ]} ] }
///
/// Lines and columns are 1-based; columns count characters (Unicode scalars), like text output;
/// `endColumn` is one past the last flagged character. Fields are only ever added within a
/// schema version, never renamed or removed.
public struct JSONFormatter: Sendable {
    public static let schemaVersion = 1

    public init() {}

    public func format(_ report: Report) -> String {
        JSONValue.object([
            ("schemaVersion", .int(JSONFormatter.schemaVersion)),
            ("tool", .object([("name", .string("viewlint")), ("version", .string(report.run.toolVersion))])),
            ("filesLinted", .int(report.run.filesLinted)),
            ("findings", .array(report.findings.map(JSONFormatter.finding))),
        ]).rendered()
    }

    static func finding(_ f: Finding) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("rule", .string(f.ruleID)),
            ("severity", .string(f.severity.rawValue)),
            ("message", .string(f.message)),
            ("path", .string(f.path)),
            ("line", .int(f.start.line)),
            ("column", .int(f.start.column)),
            ("endLine", .int(f.end.line)),
            ("endColumn", .int(f.end.column)),
            ("symbol", .string(f.symbol)),
        ]
        if !f.fixes.isEmpty {
            members.append(("fix", .array(f.fixes.map(fix))))
        }
        return .object(members)
    }

    /// A fix's summary, and its edit when the change is mechanical: replace `byteLength` bytes at
    /// `byteOffset` (0-based, in the file as read) with `text`.
    static func fix(_ fix: Fix) -> JSONValue {
        var members: [(String, JSONValue)] = [("summary", .string(fix.summary))]
        if let replacement = fix.replacement {
            members.append(("replacement", .object([
                ("byteOffset", .int(replacement.range.start)),
                ("byteLength", .int(replacement.range.end - replacement.range.start)),
                ("text", .string(replacement.text)),
            ])))
        }
        return .object(members)
    }
}
