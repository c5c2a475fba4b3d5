import Foundation
import Testing
import ViewLintCore

/// The version and project home come from `ViewLintProject`, and everything that names them
/// (the binary, SARIF, the README, the formula, the action, the plugins package) agrees; the
/// GitHub Action and the README's workflows validate against GitHub's schemas.
@Suite("Packaging and project metadata")
struct PackagingTests {
    static let documents = ["README.md", "Formula/viewlint.rb", "action.yml", "Packaging/PluginsPackage.swift.in",
                            "Makefile", "Scripts/release.sh"]

    static func read(_ path: String) throws -> String {
        try String(contentsOf: LintHarness.packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    static func matches(_ pattern: String, in text: String) throws -> [String] {
        let regex = try NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: match.numberOfRanges > 1 ? 1 : 0), in: text).map { String(text[$0]) }
        }
    }

    /// Every project URL that is not the home (or below it), and every release version that is
    /// not the current one, in `text`.
    static func disagreements(in text: String, home: String, version: String) throws -> [String] {
        var problems: [String] = []
        for url in try matches(#"https://github\.com/[A-Za-z0-9_.-]+/viewlint[A-Za-z0-9_./-]*"#, in: text) where !url.hasPrefix(home) {
            problems.append("URL \(url) is not under \(home)")
        }
        let ownerAndName = home.replacingOccurrences(of: "https://github.com/", with: "")
        for used in try matches(#"uses: ([A-Za-z0-9_.-]+/viewlint)@"#, in: text) where used != ownerAndName {
            problems.append("action \(used) is not \(ownerAndName)")
        }
        let versionPatterns = [#"\brev: ([0-9][^\s#]*)"#, #"from: "([0-9][^"]*)""#, #"--branch ([0-9]\S*)"#,
                               #"viewlint(?:-plugins)?@([0-9][^\s`]*)"#, #"/download/([0-9][^/]*)/"#,
                               #"viewlint-([0-9]+\.[0-9]+\.[0-9]+)\.tar"#]
        for pattern in versionPatterns {
            for found in try matches(pattern, in: text) where found != version {
                problems.append("version \(found) is not \(version)")
            }
        }
        return problems
    }

    @Test func versionAndHomeComeFromOnePlace() throws {
        let version = try CLIRunner.run(["--version"])
        #expect(version.stdout == "viewlint \(ViewLintProject.version)\n")
        let sarif = try CLIRunner.run(["lint", "--quiet", "--format", "sarif", "Fixtures/unused_stored_input/Triggering.swift"])
        #expect(sarif.stdout.contains("\"informationUri\": \"\(ViewLintProject.home)\""))
        #expect(sarif.stdout.contains("\"version\": \"\(ViewLintProject.version)\""))
        #expect(try Self.read("Makefile").contains("Sources/ViewLintCore/ViewLintProject.swift"))
    }

    @Test func everyDocumentNamesTheHomeAndTheVersion() throws {
        var total = 0
        for path in Self.documents {
            let text = try Self.read(path)
            let problems = try Self.disagreements(in: text, home: ViewLintProject.home, version: ViewLintProject.version)
            #expect(problems.isEmpty, "\(path): \(problems)")
            total += try Self.matches(ViewLintProject.home, in: text).count
        }
        #expect(total >= 5)
        // The check can fail.
        let planted = "see https://github.com/someone-else/viewlint and rev: 9.9.9, uses: fork/viewlint@0.1.0"
        #expect(try Self.disagreements(in: planted, home: ViewLintProject.home, version: ViewLintProject.version).count == 3)
    }

    // MARK: GitHub's schemas

    /// check-jsonschema: on PATH, in CI's virtualenv (.build/ci-venv), or where
    /// VIEWLINT_CHECK_JSONSCHEMA points.
    static let checkJSONSchema: String? = {
        var candidates: [String] = []
        if let explicit = ProcessInfo.processInfo.environment["VIEWLINT_CHECK_JSONSCHEMA"] { candidates.append(explicit) }
        candidates.append(LintHarness.packageRoot.appendingPathComponent(".build/ci-venv/bin/check-jsonschema").path)
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            candidates.append("\(folder)/check-jsonschema")
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    static func validate(_ files: [URL], schema: String) throws -> CLIRunner.Output {
        try CLIRunner.run(["--builtin-schema", schema] + files.map(\.path), executable: URL(fileURLWithPath: checkJSONSchema!))
    }

    /// The README's YAML blocks that are whole workflows (they have `on:` and `jobs:`).
    static func readmeWorkflows() throws -> [String] {
        let readme = try read("README.md")
        return readme.components(separatedBy: "```yaml\n").dropFirst().compactMap { $0.components(separatedBy: "\n```").first }
            .filter { block in
                let lines = block.split(separator: "\n").map(String.init)
                return lines.contains { $0.hasPrefix("on:") } && lines.contains { $0.hasPrefix("jobs:") }
            }
    }

    @Test(.enabled(if: checkJSONSchema != nil)) func actionMetadataValidates() throws {
        let out = try Self.validate([LintHarness.packageRoot.appendingPathComponent("action.yml")], schema: "vendor.github-actions")
        #expect(out.status == 0, "\(out.stdout)\(out.stderr)")
    }

    @Test(.enabled(if: checkJSONSchema != nil)) func readmeWorkflowsValidate() throws {
        let workflows = try Self.readmeWorkflows()
        #expect(workflows.count >= 2, "the README's workflow examples were not found")
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var files: [URL] = []
        for (i, workflow) in workflows.enumerated() {
            let file = dir.appendingPathComponent("workflow-\(i).yml")
            try CLIRunner.write(workflow + "\n", to: file)
            files.append(file)
        }
        let out = try Self.validate(files, schema: "vendor.github-workflows")
        #expect(out.status == 0, "\(out.stdout)\(out.stderr)")
        // The validator can fail: a job without runs-on or steps, with an unknown key, is rejected.
        let broken = dir.appendingPathComponent("broken.yml")
        try CLIRunner.write("name: x\non: push\njobs:\n  lint:\n    run-on: ubuntu-latest\n", to: broken)
        #expect(try Self.validate([broken], schema: "vendor.github-workflows").status != 0)
    }
}
