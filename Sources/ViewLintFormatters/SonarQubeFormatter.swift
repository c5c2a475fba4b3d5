import ViewLintCore

/// `--format sonarqube`: SonarQube's generic issue import format (SonarQube 10.3 and later, and
/// SonarCloud), read with `sonar.externalIssuesReportPaths`:
///
///     { "rules": [ { "id": "unused_stored_input", "name": "...", "description": "...",
///                    "engineId": "viewlint", "cleanCodeAttribute": "EFFICIENT",
///                    "impacts": [ {"softwareQuality": "MAINTAINABILITY", "severity": "MEDIUM"} ] } ],
///       "issues": [ { "ruleId": "unused_stored_input", "effortMinutes": 5,
///                     "primaryLocation": { "message": "...", "filePath": "Sources/A.swift",
///                                          "textRange": { "startLine": 4, "startColumn": 8, ... } } } ] }
///
/// Only rules with an issue are listed. `filePath` is relative to the repository root (run the
/// scanner from there, or set `sonar.projectBaseDir` to it). Sonar counts columns from 0 in
/// UTF-16 code units, as Java strings do, so columns here are `utf16Column - 1`.
public struct SonarQubeFormatter: Sendable {
    public init() {}

    public func format(_ report: Report) -> String {
        let used = Set(report.findings.map(\.ruleID))
        var listed: Set<String> = []
        var rules: [JSONValue] = []
        for d in report.rules where used.contains(d.id) && listed.insert(d.id).inserted {
            rules.append(.object([
                ("id", .string(d.id)),
                ("name", .string(d.name)),
                ("description", .string(d.summary)),
                ("engineId", .string("viewlint")),
                ("cleanCodeAttribute", .string(SonarQubeFormatter.attribute(d.tags))),
                ("impacts", .array([.object([
                    ("softwareQuality", .string(SonarQubeFormatter.quality(d.tags))),
                    ("severity", .string(SonarQubeFormatter.impact(d.severity))),
                ])])),
            ]))
        }
        // A finding of a rule missing from the metadata still needs its rule declared.
        for id in used.subtracting(listed).sorted() {
            rules.append(.object([
                ("id", .string(id)), ("name", .string(id)), ("engineId", .string("viewlint")),
                ("cleanCodeAttribute", .string("CONVENTIONAL")),
                ("impacts", .array([.object([("softwareQuality", .string("MAINTAINABILITY")), ("severity", .string("MEDIUM"))])])),
            ]))
        }
        let issues: [JSONValue] = report.findings.map { f in
            let endLine = max(f.end.line, f.start.line)
            let endColumn = endLine == f.start.line ? max(f.end.utf16Column, f.start.utf16Column) : f.end.utf16Column
            return .object([
                ("ruleId", .string(f.ruleID)),
                ("effortMinutes", .int(5)),
                ("primaryLocation", .object([
                    ("message", .string(f.message)),
                    ("filePath", .string(report.run.repositoryPath(f.path))),
                    ("textRange", .object([
                        ("startLine", .int(f.start.line)),
                        ("startColumn", .int(f.start.utf16Column - 1)),
                        ("endLine", .int(endLine)),
                        ("endColumn", .int(endColumn - 1)),
                    ])),
                ])),
            ])
        }
        return JSONValue.object([("rules", .array(rules)), ("issues", .array(issues))]).rendered()
    }

    static func attribute(_ tags: [String]) -> String {
        if tags.contains("performance") { return "EFFICIENT" }
        if tags.contains("identity") || tags.contains("correctness") { return "LOGICAL" }
        return "CONVENTIONAL"
    }

    static func quality(_ tags: [String]) -> String {
        tags.contains("identity") || tags.contains("correctness") ? "RELIABILITY" : "MAINTAINABILITY"
    }

    static func impact(_ severity: Severity) -> String {
        switch severity {
        case .error: return "HIGH"
        case .warning: return "MEDIUM"
        case .note: return "LOW"
        }
    }
}
