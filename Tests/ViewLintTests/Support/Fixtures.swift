import Foundation
import Testing
import ViewLintCore
import ViewLintEngine
import ViewLintSyntax

/// Fixtures are ordinary Swift files whose comments say what viewlint must report:
///
///     let title: String          // expect: unused_stored_input
///     let name: String           // expect: unused_stored_input:9, closure_input
///     // expect-next-line: unknown_rule_in_suppression
///     // viewlint:disable-next-line nonexistent_rule
///
/// `rule_id:COLUMN` also pins the column (counted in characters). Expectations are checked
/// both ways: a finding nobody expected fails, and so does an expectation nothing matched.
///
/// Each `.swift` file directly in `Fixtures/<folder>/` is its own project; a subfolder of it is
/// one project made of all the files below it (for cross-file cases). A file may set the
/// project's deployment target with `// fixture-deployment-target: ios 16.0, macos 13.0`.
struct FixtureProject: CustomTestStringConvertible, Sendable {
    var name: String
    var files: [URL]

    var testDescription: String { name }

    static func all() -> [FixtureProject] {
        let root = LintHarness.fixturesDirectory
        var projects: [FixtureProject] = []
        let folders = (try? FileManager.default.contentsOfDirectory(at: root, includingPropertiesForKeys: [.isDirectoryKey]))?
            .sorted { $0.path < $1.path } ?? []
        for folder in folders where isDirectory(folder) {
            let entries = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: [.isDirectoryKey]))?
                .sorted { $0.path < $1.path } ?? []
            for entry in entries {
                if isDirectory(entry) {
                    let files = LintHarness.swiftFiles(under: entry)
                    if !files.isEmpty { projects.append(FixtureProject(name: LintHarness.relativePath(entry), files: files)) }
                } else if entry.pathExtension == "swift" {
                    projects.append(FixtureProject(name: LintHarness.relativePath(entry), files: [entry]))
                }
            }
        }
        return projects
    }

    static func isDirectory(_ url: URL) -> Bool {
        (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true
    }
}

struct Expectation: Hashable, CustomStringConvertible {
    var path: String
    var line: Int
    var ruleID: String
    var column: Int?

    var description: String { "\(path):\(line)\(column.map { ":\($0)" } ?? ""): \(ruleID)" }

    func matches(_ finding: Finding) -> Bool {
        finding.path == path && finding.start.line == line && finding.ruleID == ruleID
            && (column == nil || column == finding.start.column)
    }

    /// Reads `expect:` and `expect-next-line:` comments from a file's comments.
    static func parse(_ file: TokenizedFile) -> [Expectation] {
        var result: [Expectation] = []
        let bytes = file.source.bytes
        for comment in file.comments {
            let whole = String(decoding: bytes[comment], as: UTF8.self)
            guard whole.hasPrefix("//") else { continue }
            // The expectation may follow another comment on the line (`// viewlint:... // expect: x`).
            guard var text = whole.components(separatedBy: "//").last?.trimmingCharacters(in: .whitespaces) else { continue }
            let line = file.source.line(ofOffset: comment.lowerBound)
            let target: Int
            if text.hasPrefix("expect:") {
                text = String(text.dropFirst("expect:".count))
                target = line
            } else if text.hasPrefix("expect-next-line:") {
                text = String(text.dropFirst("expect-next-line:".count))
                target = line + 1
            } else {
                continue
            }
            for item in text.split(separator: ",") {
                let parts = item.trimmingCharacters(in: .whitespaces).split(separator: ":")
                guard let id = parts.first else { continue }
                let column = parts.count > 1 ? Int(parts[1]) : nil
                result.append(Expectation(path: file.source.path, line: target, ruleID: String(id), column: column))
            }
        }
        return result
    }

    /// `// fixture-symbols: star 2019, figure.walk 2019, ...`: the SF Symbols catalogue to assume
    /// (name and release year); without it a fixture runs with none, as on Linux.
    static func symbols(_ file: TokenizedFile) -> [String: String]? {
        for comment in file.comments {
            let text = String(decoding: file.source.bytes[comment], as: UTF8.self)
            guard let range = text.range(of: "fixture-symbols:") else { continue }
            var names: [String: String] = [:]
            for item in text[range.upperBound...].split(separator: ",") {
                let parts = item.split(separator: " ")
                if parts.count == 2 { names[String(parts[0])] = String(parts[1]) }
            }
            return names
        }
        return nil
    }

    /// `// fixture-deployment-target: ios 16.0, macos 13.0`
    static func deploymentTarget(_ file: TokenizedFile) -> DeploymentTarget? {
        for comment in file.comments {
            let text = String(decoding: file.source.bytes[comment], as: UTF8.self)
            guard let range = text.range(of: "fixture-deployment-target:") else { continue }
            var platforms: [String: [Int]] = [:]
            for item in text[range.upperBound...].split(separator: ",") {
                let parts = item.split(separator: " ")
                guard parts.count == 2, let version = DeploymentTarget.version(String(parts[1])) else { continue }
                platforms[String(parts[0]).lowercased()] = version
            }
            return DeploymentTarget(platforms: platforms, source: file.source.path)
        }
        return nil
    }
}

/// Compares findings with expectations; returns a readable list of every mismatch.
func mismatches(findings: [Finding], expectations: [Expectation]) -> [String] {
    var problems: [String] = []
    for finding in findings where !expectations.contains(where: { $0.matches(finding) }) {
        problems.append("unexpected: \(finding.path):\(finding.start.line):\(finding.start.column): \(finding.ruleID): \(finding.message)")
    }
    for expectation in expectations where !findings.contains(where: { expectation.matches($0) }) {
        problems.append("missing: \(expectation)")
    }
    return problems
}
