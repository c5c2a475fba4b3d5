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
        ReportChunk.collect { write(report, to: $0) }
    }

    /// The report as UTF-8, each finding streamed into the output as it is read.
    public func write(_ report: Report, to sink: ReportSink) {
        var json = JSONWriter(capacity: ReportChunk.size + 4096)
        json.beginObject()
        json.member("schemaVersion", JSONFormatter.schemaVersion)
        json.key("tool")
        json.beginObject()
        json.member("name", "viewlint")
        json.member("version", report.run.toolVersion)
        json.endObject()
        json.member("filesLinted", report.run.filesLinted)
        json.key("findings")
        json.beginArray()
        // By index: copying each finding out retained every reference it holds.
        for i in report.findings.indices {
            JSONFormatter.write(report.findings, i, into: &json)
            json.drain(to: sink)
        }
        json.endArray()
        json.endObject()
        json.finish(to: sink)
    }

    /// `findings[i]` as a member of `findings`.
    static func write(_ findings: [Finding], _ i: Int, into json: inout JSONWriter) {
        let start = findings[i].start
        let end = findings[i].end
        json.beginObject()
        json.member("rule", findings[i].ruleID)
        json.member("severity", findings[i].severity.rawValue)
        json.member("message", findings[i].message)
        json.member("path", findings[i].path)
        json.member("line", start.line)
        json.member("column", start.column)
        json.member("endLine", end.line)
        json.member("endColumn", end.column)
        json.member("symbol", findings[i].symbol)
        if !findings[i].fixList.isEmpty {
            json.key("fix")
            json.value(.array(findings[i].fixes.map(fix)))
        }
        json.endObject()
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
