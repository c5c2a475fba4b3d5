import ViewLintCore

/// `--format json`: a stable schema for scripts and editors, documented in the README.
///
///     { "schemaVersion": 1, "tool": {"name", "version"}, "filesLinted": N,
///       "findings": [ {"rule", "severity", "message", "path", "line", "column", "endLine",
///                      "endColumn", "symbol", "fix"?: [ {"summary", "safety", "replacement"?, "notOffered"?,
///                      "edits"?: [ {"path"?, "byteOffset", "byteLength", "text"} ]} ]} ] }
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

    /// A fix's summary and safety, and its edits when the change is mechanical: replace
    /// `byteLength` bytes at `byteOffset` (0-based, in the file as read) with `text`, in the
    /// finding's file unless `path` names another. `replacement` repeats a fix's only edit when
    /// it is in the finding's file (schema 1 had only that field).
    static func fix(_ fix: Fix) -> JSONValue {
        var members: [(String, JSONValue)] = [("summary", .string(fix.summary)), ("safety", .string(fix.safety.rawValue))]
        if let replacement = fix.replacement {
            members.append(("replacement", edit(TextEdit(range: replacement.range, text: replacement.text))))
        }
        if fix.isMechanical {
            members.append(("edits", .array(fix.edits.map(edit))))
        }
        if let refusal = fix.refusal { members.append(("notOffered", .string(refusal))) }
        return .object(members)
    }

    static func edit(_ edit: TextEdit) -> JSONValue {
        var members: [(String, JSONValue)] = []
        if let path = edit.path { members.append(("path", .string(path))) }
        members.append(("byteOffset", .int(edit.range.start)))
        members.append(("byteLength", .int(edit.range.end - edit.range.start)))
        members.append(("text", .string(edit.text)))
        return .object(members)
    }
}
