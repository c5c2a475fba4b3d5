import ViewLintCore

/// `--format github`: GitHub Actions workflow commands, which the runner turns into annotations
/// on the pull request's diff:
///
///     ::warning file=Sources/A.swift,line=4,col=9,endLine=4,endColumn=15,title=viewlint (unused_stored_input)::message
///
/// Files are named relative to the repository root, as GitHub resolves them. Columns count
/// characters; `endColumn` is one past the last flagged character, as in the other formats.
public struct GitHubFormatter: Sendable {
    public init() {}

    public func format(_ report: Report) -> String {
        var out = ""
        for f in report.findings {
            let command: String
            switch f.severity {
            case .error: command = "error"
            case .warning: command = "warning"
            case .note: command = "notice"
            }
            let endColumn = f.end.line == f.start.line ? max(f.end.column, f.start.column) : f.end.column
            let properties: [(String, String)] = [
                ("file", report.run.repositoryPath(f.path)),
                ("line", String(f.start.line)),
                ("col", String(f.start.column)),
                ("endLine", String(max(f.end.line, f.start.line))),
                ("endColumn", String(endColumn)),
                ("title", "viewlint (\(f.ruleID))"),
            ]
            out += "::" + command + " "
            out += properties.map { $0.0 + "=" + GitHubFormatter.escapeProperty($0.1) }.joined(separator: ",")
            out += "::" + GitHubFormatter.escapeData(f.message) + "\n"
        }
        return out
    }

    /// The message after `::`: GitHub's escaping of `%`, `\r` and `\n`. Other control characters
    /// would reach the job log raw, so they are shown as `\u{1B}`-style escapes instead.
    public static func escapeData(_ text: String) -> String {
        escape(text, extra: false)
    }

    /// A property value: the message's escaping plus `:` and `,`, which delimit properties.
    public static func escapeProperty(_ text: String) -> String {
        escape(text, extra: true)
    }

    static func escape(_ text: String, extra: Bool) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            case ":" where extra: out += "%3A"
            case "," where extra: out += "%2C"
            default:
                if TextFormatter.isUnsafe(scalar) {
                    out += TextFormatter.sanitize(String(scalar))
                } else {
                    out.append(Character(scalar))
                }
            }
        }
        return out
    }
}
