import ViewLintCore

/// `--format codeclimate`: the Code Climate issue format, which GitLab reads as a Code Quality
/// report (`artifacts: reports: codequality:`) and shows on merge requests:
///
///     [ { "type": "issue", "check_name": "unused_stored_input", "description": "...",
///         "categories": ["Performance"], "severity": "minor", "fingerprint": "...",
///         "location": { "path": "Sources/A.swift",
///                       "positions": { "begin": {"line": 4, "column": 9}, "end": {...} } } } ]
///
/// `fingerprint` is the SARIF symbol fingerprint (`SymbolFingerprint`): rule, file and
/// declaration, not the line, so GitLab keeps treating a finding as the same one when lines
/// above it move, and only a new finding shows as new on a merge request. Paths are relative to
/// the repository root, which is how GitLab resolves them; columns count characters.
public struct CodeClimateFormatter: Sendable {
    public init() {}

    public func format(_ report: Report) -> String {
        let tags = Dictionary(report.rules.map { ($0.id, $0.tags) }, uniquingKeysWith: { first, _ in first })
        var issues: [JSONValue] = []
        for assigned in SymbolFingerprint.assign(report) {
            let f = assigned.finding(in: report)
            guard f.suppression == nil else { continue }
            issues.append(.object([
                ("type", .string("issue")),
                ("check_name", .string(f.ruleID)),
                ("description", .string(f.message)),
                ("categories", .array(CodeClimateFormatter.categories(tags[f.ruleID] ?? []).map { .string($0) })),
                ("severity", .string(CodeClimateFormatter.severity(f.severity))),
                ("fingerprint", .string(assigned.text)),
                ("location", .object([
                    ("path", .string(report.run.repositoryPath(f.path))),
                    ("positions", .object([
                        ("begin", .object([("line", .int(f.start.line)), ("column", .int(f.start.column))])),
                        ("end", .object([("line", .int(max(f.end.line, f.start.line))), ("column", .int(f.end.column))])),
                    ])),
                ])),
            ]))
        }
        return JSONValue.array(issues).rendered()
    }

    /// Code Climate's fixed category names, from the rule's tags: performance work is
    /// `Performance`, identity and correctness problems are `Bug Risk`, the rest `Clarity`.
    static func categories(_ tags: [String]) -> [String] {
        if tags.contains("performance") { return ["Performance"] }
        if tags.contains("identity") || tags.contains("correctness") { return ["Bug Risk"] }
        return ["Clarity"]
    }

    /// Code Climate's severities are info, minor, major, critical and blocker. An error fails
    /// the run, so it is `major`; a warning is `minor`.
    static func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: return "major"
        case .warning: return "minor"
        case .note: return "info"
        }
    }
}
