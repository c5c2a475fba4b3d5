import ViewLintCore

/// `--format markdown`: a summary for people, for `$GITHUB_STEP_SUMMARY` or a pull request
/// comment: a headline, a table per rule and a table per file (most findings first), then every
/// finding in a collapsed section.
///
/// Table cells are escaped (`|`, line breaks, HTML), so a message or path cannot break the
/// table or inject markup. Paths are relative to the repository root.
public struct MarkdownFormatter: Sendable {
    public init() {}

    public func format(_ report: Report) -> String {
        let findings = report.findings
        let files = "\(report.run.filesLinted) file\(report.run.filesLinted == 1 ? "" : "s") linted"
        guard !findings.isEmpty else { return "## viewlint: no findings\n\n\(files) by viewlint \(report.run.toolVersion).\n" }

        var out = "## viewlint: \(MarkdownFormatter.counts(findings))\n\n"
        out += "\(files) by viewlint \(report.run.toolVersion).\n\n"

        let names = Dictionary(report.rules.map { ($0.id, $0.summary) }, uniquingKeysWith: { first, _ in first })
        out += "| Rule | Findings | What it flags |\n|:-----|---------:|:--------------|\n"
        for (rule, group) in MarkdownFormatter.ranked(findings, by: \.ruleID) {
            out += "| `\(MarkdownFormatter.code(rule))` | \(group.count) | \(MarkdownFormatter.cell(names[rule] ?? "")) |\n"
        }
        out += "\n| File | Errors | Warnings | Notes |\n|:-----|-------:|---------:|------:|\n"
        for (path, group) in MarkdownFormatter.ranked(findings, by: { report.run.repositoryPath($0.path) }) {
            let n = { (s: Severity) in group.filter { $0.severity == s }.count }
            out += "| \(MarkdownFormatter.cell(path)) | \(n(.error)) | \(n(.warning)) | \(n(.note)) |\n"
        }
        out += "\n<details>\n<summary>All \(findings.count) finding\(findings.count == 1 ? "" : "s")</summary>\n\n"
        out += "| Location | Severity | Rule | Message |\n|:---------|:---------|:-----|:--------|\n"
        for f in findings {
            let location = "\(report.run.repositoryPath(f.path)):\(f.start.line):\(f.start.column)"
            out += "| \(MarkdownFormatter.cell(location)) | \(f.severity.rawValue) | `\(MarkdownFormatter.code(f.ruleID))` | \(MarkdownFormatter.cell(f.message)) |\n"
        }
        out += "\n</details>\n"
        return out
    }

    /// `1 error, 3 warnings in 2 files`.
    static func counts(_ findings: [Finding]) -> String {
        var parts: [String] = []
        for severity in [Severity.error, .warning, .note] {
            let n = findings.filter { $0.severity == severity }.count
            if n > 0 { parts.append("\(n) \(severity.rawValue)\(n == 1 ? "" : "s")") }
        }
        let files = Set(findings.map(\.path)).count
        return parts.joined(separator: ", ") + " in \(files) file\(files == 1 ? "" : "s")"
    }

    /// Groups by `key`, most findings first, ties by key.
    static func ranked(_ findings: [Finding], by key: (Finding) -> String) -> [(String, [Finding])] {
        var groups: [String: [Finding]] = [:]
        for f in findings { groups[key(f), default: []].append(f) }
        return groups.sorted { a, b in
            a.value.count != b.value.count ? a.value.count > b.value.count : a.key.utf8.lexicographicallyPrecedes(b.key.utf8)
        }.map { ($0.key, $0.value) }
    }

    /// Text for a table cell: control characters and line breaks shown as escapes (as in text
    /// output), `|` and Markdown punctuation backslash-escaped, HTML's entity-encoded.
    static func cell(_ text: String) -> String {
        var out = ""
        for scalar in TextFormatter.sanitize(text).unicodeScalars {
            switch scalar {
            case "|": out += "\\|"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "\\", "`", "*", "_", "[", "]", "#": out += "\\" + String(scalar)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Text inside a code span in a table: only `|` (the table's) and backticks need care there.
    static func code(_ text: String) -> String {
        var out = ""
        for scalar in TextFormatter.sanitize(text).unicodeScalars {
            switch scalar {
            case "|": out += "\\|"
            case "`": out += "'"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
