import ViewLintCore

/// `--format checkstyle`: Checkstyle's XML report, which Jenkins (warnings-ng), Danger and many
/// review bots read:
///
///     <checkstyle version="4.3">
///       <file name="Sources/A.swift">
///         <error line="4" column="9" severity="warning" message="..." source="viewlint.unused_stored_input"/>
///       </file>
///     </checkstyle>
///
/// Files are named relative to the repository root (as in SARIF), in output order, one
/// `<file>` per file with findings. Columns count characters. Severities map to Checkstyle's
/// `error`, `warning` and `info`.
public struct CheckstyleFormatter: Sendable {
    public init() {}

    public func format(_ report: Report) -> String {
        var out = XMLText.declaration + "<checkstyle version=\"4.3\">\n"
        for (path, findings) in ReportGrouping.byFile(report) {
            out += "  <file name=\"\(XMLText.escape(path))\">\n"
            for f in findings {
                out += "    <error line=\"\(f.start.line)\" column=\"\(f.start.column)\""
                out += " severity=\"\(CheckstyleFormatter.severity(f.severity))\""
                out += " message=\"\(XMLText.escape(f.message))\" source=\"viewlint.\(XMLText.escape(f.ruleID))\"/>\n"
            }
            out += "  </file>\n"
        }
        out += "</checkstyle>\n"
        return out
    }

    static func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .note: return "info"
        }
    }
}

/// Groupings several formats share.
enum ReportGrouping {
    /// The findings by repository-relative path, files in the order their first finding has.
    static func byFile(_ report: Report) -> [(path: String, findings: [Finding])] {
        var order: [String] = []
        var groups: [String: [Finding]] = [:]
        for f in report.findings {
            let path = report.run.repositoryPath(f.path)
            if groups[path] == nil { order.append(path) }
            groups[path, default: []].append(f)
        }
        return order.map { ($0, groups[$0]!) }
    }
}
