import ViewLintCore

/// `--format junit`: JUnit XML, the test report that GitLab, Bitrise, Azure DevOps, CircleCI
/// and Jenkins show in their test tabs. Each file with findings is a `<testsuite>` and each
/// finding a failing `<testcase>`:
///
///     <testsuites name="viewlint" tests="1" failures="1" errors="0">
///       <testsuite name="Sources/A.swift" tests="1" failures="1" errors="0" skipped="0">
///         <testcase classname="Sources/A.swift" name="unused_stored_input at 4:9" file="Sources/A.swift" line="4">
///           <failure type="warning" message="...">Sources/A.swift:4:9: warning: ... [unused_stored_input]</failure>
///         </testcase>
///       </testsuite>
///     </testsuites>
///
/// A run without findings is one suite with one passing case, so the test tab shows that
/// viewlint ran (and how many files it linted) rather than nothing. Paths are relative to the
/// repository root; columns count characters.
public struct JUnitFormatter: Sendable {
    public init() {}

    public func format(_ report: Report) -> String {
        let groups = ReportGrouping.byFile(report)
        let count = report.findings.count
        var out = XMLText.declaration
        out += "<testsuites name=\"viewlint\" tests=\"\(max(count, 1))\" failures=\"\(count)\" errors=\"0\">\n"
        if groups.isEmpty {
            let files = "\(report.run.filesLinted) file\(report.run.filesLinted == 1 ? "" : "s")"
            out += "  <testsuite name=\"viewlint\" tests=\"1\" failures=\"0\" errors=\"0\" skipped=\"0\">\n"
            out += "    <testcase classname=\"viewlint\" name=\"no findings in \(files)\"/>\n"
            out += "  </testsuite>\n"
        }
        for (path, findings) in groups {
            let name = XMLText.escape(path)
            out += "  <testsuite name=\"\(name)\" tests=\"\(findings.count)\" failures=\"\(findings.count)\" errors=\"0\" skipped=\"0\">\n"
            for f in findings {
                out += "    <testcase classname=\"\(name)\" name=\"\(XMLText.escape(f.ruleID)) at \(f.start.line):\(f.start.column)\""
                out += " file=\"\(name)\" line=\"\(f.start.line)\">\n"
                let location = "\(path):\(f.start.line):\(f.start.column)"
                out += "      <failure type=\"\(f.severity.rawValue)\" message=\"\(XMLText.escape(f.message))\">"
                out += XMLText.escape("\(location): \(f.severity.rawValue): \(f.message) [\(f.ruleID)]") + "</failure>\n"
                out += "    </testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }
}
