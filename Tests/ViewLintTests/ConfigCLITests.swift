import Foundation
import Testing
import ViewLintCore
import ViewLintEngine
import ViewLintRules

/// Configuration, input selection, baselines and deployment targets through the real
/// executable, in real temporary directories.
@Suite("Command line: configuration and baselines", .serialized)
struct ConfigCLITests {
    static func view(_ name: String, unused: [String] = ["unused"]) -> String {
        var text = "import SwiftUI\nstruct \(name): View {\n    let title: String\n"
        for property in unused { text += "    let \(property): Int\n" }
        return text + "    var body: some View { Text(title) }\n}\n"
    }

    /// A project: `files` maps relative paths to contents.
    func project(_ files: [String: String]) throws -> URL {
        let dir = try CLIRunner.temporaryDirectory()
        for (path, text) in files { try CLIRunner.write(text, to: dir.appendingPathComponent(path)) }
        return dir
    }

    func remove(_ dir: URL) { try? FileManager.default.removeItem(at: dir) }

    /// The paths of the reported findings, in output order.
    func paths(_ out: CLIRunner.Output) -> [String] {
        out.stdout.split(separator: "\n").map { String($0.prefix { $0 != ":" }) }
    }

    // MARK: Discovery and precedence

    @Test func nearestConfigurationInTheCurrentDirectoryOrAbove() throws {
        let dir = try project([
            ".lint.yml": "rules:\n  unused_stored_input: error\n",
            "App/Sources/A.swift": Self.view("A"),
            "App/.lint.yml": "rules:\n  unused_stored_input: note\n",
            "Lib/B.swift": Self.view("B"),
        ])
        defer { remove(dir) }
        let root = try CLIRunner.run(["lint", "Lib"], in: dir)
        #expect(root.status == 1 && root.stdout.contains("Lib/B.swift:4:9: error:"))
        // From a subdirectory, the nearest file wins: App/.lint.yml, not the root's.
        let nested = try CLIRunner.run(["lint"], in: dir.appendingPathComponent("App"))
        #expect(nested.status == 0 && nested.stdout.contains("Sources/A.swift:4:9: note:"))
        // From a directory with no file of its own, the parent's applies.
        let sub = try CLIRunner.run(["lint", "."], in: dir.appendingPathComponent("Lib"))
        #expect(sub.status == 1 && sub.stdout.contains("B.swift:4:9: error:"))
    }

    @Test func configFlagOverridesAndNoConfigIgnores() throws {
        let dir = try project([
            ".lint.yml": "rules:\n  unused_stored_input: error\n",
            "ci/strict.yml": "rules:\n  unused_stored_input: note\nstrict: true\n",
            "A.swift": Self.view("A"),
        ])
        defer { remove(dir) }
        let explicit = try CLIRunner.run(["lint", "--config", "ci/strict.yml"], in: dir)
        #expect(explicit.stdout.contains("A.swift:4:9: note:"))
        #expect(explicit.status == 1, "strict: true fails on a note")
        let none = try CLIRunner.run(["lint", "--no-config"], in: dir)
        #expect(none.status == 0 && none.stdout.contains("A.swift:4:9: warning:"))
        let both = try CLIRunner.run(["lint", "--no-config", "--config", "ci/strict.yml"], in: dir)
        #expect(both.status == 2)
        #expect(both.stderr == "viewlint: error: --config and --no-config contradict each other; give one\n")
        let missing = try CLIRunner.run(["lint", "--config", "nope.yml"], in: dir)
        #expect(missing.status == 2 && missing.stderr == "viewlint: error: nope.yml: no such configuration file\n")
    }

    @Test func brokenConfigurationStopsTheRunWithEveryProblem() throws {
        let dir = try project([
            ".lint.yml": """
                rules:
                  unused_stored_inpt: off
                exclude: Pods
                strict: yes

                """,
            "Sub/A.swift": Self.view("A"),
        ])
        defer { remove(dir) }
        let out = try CLIRunner.run(["lint"], in: dir)
        #expect(out.status == 2)
        #expect(out.stdout.isEmpty, "nothing is linted with a broken configuration")
        #expect(out.stderr == """
            .lint.yml:2:3: error: unknown rule 'unused_stored_inpt'; did you mean 'unused_stored_input'?
            .lint.yml:3:10: error: 'exclude' must be a list of glob patterns (write [pattern] for one), not 'Pods'
            .lint.yml:4:9: error: 'strict' must be true or false, not 'yes'

            """)
        // Named relative to where viewlint runs.
        let sub = try CLIRunner.run(["lint"], in: dir.appendingPathComponent("Sub"))
        #expect(sub.status == 2 && sub.stderr.hasPrefix("../.lint.yml:2:3: error: unknown rule"))
        try CLIRunner.write("rules:\n  a: [\n", to: dir.appendingPathComponent(".lint.yml"))
        let syntax = try CLIRunner.run(["lint"], in: dir)
        #expect(syntax.status == 2 && syntax.stderr == ".lint.yml:2:6: error: '[' is never closed; end the list with ']'\n")
        try FileManager.default.removeItem(at: dir.appendingPathComponent(".lint.yml"))
        try FileManager.default.createDirectory(at: dir.appendingPathComponent(".lint.yml"), withIntermediateDirectories: true)
        let directory = try CLIRunner.run(["lint"], in: dir)
        #expect(directory.status == 2 && directory.stderr.contains(".lint.yml: not a regular file"))
    }

    // MARK: include / exclude

    @Test func excludeSkipsWalkedFilesButNotNamedOnesUnlessForced() throws {
        let dir = try project([
            ".lint.yml": "exclude:\n  - '**/Generated'\n  - App/Legacy*.swift\n",
            "App/Main.swift": Self.view("Main"),
            "App/LegacyOne.swift": Self.view("LegacyOne"),
            "App/Generated/G.swift": Self.view("G"),
            "Generated/Deep/H.swift": Self.view("H"),
        ])
        defer { remove(dir) }
        #expect(paths(try CLIRunner.run(["lint"], in: dir)) == ["App/Main.swift"])
        // Named on the command line: linted anyway, files and directories alike.
        let named = try CLIRunner.run(["lint", "App/LegacyOne.swift", "App/Generated"], in: dir)
        #expect(paths(named) == ["App/Generated/G.swift", "App/LegacyOne.swift"])
        // --force-exclude: named paths are filtered too, including by an excluded directory above them.
        let forced = try CLIRunner.run(["lint", "--force-exclude", "App/LegacyOne.swift", "Generated/Deep/H.swift",
                                        "App/Generated", "App/Main.swift"], in: dir)
        #expect(paths(forced) == ["App/Main.swift"])
        #expect(forced.stderr.contains("(1 file linted"))
        // Patterns are relative to the configuration file, wherever viewlint runs.
        let fromApp = try CLIRunner.run(["lint"], in: dir.appendingPathComponent("App"))
        #expect(paths(fromApp) == ["Main.swift"])
    }

    @Test func includeLimitsWalkedFiles() throws {
        let dir = try project([
            ".lint.yml": "include: [Sources, 'Tools/*.swift']\nexclude: [Sources/Skip.swift]\n",
            "Sources/A/A.swift": Self.view("A"),
            "Sources/Skip.swift": Self.view("Skip"),
            "Tools/T.swift": Self.view("T"),
            "Tools/Nested/N.swift": Self.view("N"),
            "Tests/X.swift": Self.view("X"),
        ])
        defer { remove(dir) }
        #expect(paths(try CLIRunner.run(["lint"], in: dir)) == ["Sources/A/A.swift", "Tools/T.swift"])
        #expect(paths(try CLIRunner.run(["lint", "Tests/X.swift"], in: dir)) == ["Tests/X.swift"])
        #expect(paths(try CLIRunner.run(["lint", "--force-exclude", "Tests/X.swift", "Tools/T.swift"], in: dir))
                == ["Tools/T.swift"])
    }

    @Test func onlyRulesAndSeverities() throws {
        let suppressed = "import SwiftUI\nstruct V: View {\n    // viewlint:disable-next-line unused_stored_input\n    let title: String\n    var body: some View { Text(title) }\n}\n"
        let dir = try project([".lint.yml": "only_rules: [unused_stored_input]\n", "V.swift": suppressed,
                               "A.swift": Self.view("A")])
        defer { remove(dir) }
        let only = try CLIRunner.run(["lint"], in: dir)
        #expect(paths(only) == ["A.swift"], "unused_suppression did not run")
        try CLIRunner.write("rules:\n  unused_suppression: error\n", to: dir.appendingPathComponent(".lint.yml"))
        let all = try CLIRunner.run(["lint"], in: dir)
        #expect(all.status == 1 && all.stdout.contains("V.swift:3:35: error: suppression of 'unused_stored_input' silences nothing"))
    }

    // MARK: Deployment target

    @Test func deploymentTargetResolution() throws {
        let dir = try project([
            "Package.swift": "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"App\", platforms: [.iOS(.v16), .macOS(.v13)])\n",
            "Sources/App/A.swift": Self.view("A"),
            "Kit/Package.swift": "let package = Package(name: \"Kit\", platforms: [.iOS(\"17.2\")])\n",
            "Kit/Sources/Kit/K.swift": Self.view("K"),
            "Plain/Package.swift": "let package = Package(name: \"Plain\")\n",
            "Plain/P.swift": Self.view("P"),
        ])
        defer { remove(dir) }
        let out = try CLIRunner.run(["lint", "--print-deployment-target", "Sources", "Kit/Sources", "Plain/P.swift"], in: dir)
        #expect(out.status == 0)
        #expect(out.stdout == """
            Sources/App/A.swift: ios 16.0, macos 13.0 (from Package.swift)
            Kit/Sources/Kit/K.swift: ios 17.2 (from Kit/Package.swift)
            Plain/P.swift: newest (Plain/Package.swift declares no platforms)

            """)
        try CLIRunner.write("deployment_target:\n  ios: 15.0\n", to: dir.appendingPathComponent(".lint.yml"))
        let configured = try CLIRunner.run(["lint", "--print-deployment-target", "Kit/Sources"], in: dir)
        #expect(configured.stdout == "Kit/Sources/Kit/K.swift: ios 15.0 (from .lint.yml)\n")
        let outside = try project(["X.swift": Self.view("X")])
        defer { remove(outside) }
        let none = try CLIRunner.run(["lint", "--print-deployment-target"], in: outside)
        #expect(none.stdout == "X.swift: newest (no deployment_target in the configuration, and no Package.swift or Xcode project above the file)\n")
    }

    // MARK: Baselines

    @Test func writeThenReadABaseline() throws {
        let dir = try project(["Sources/A.swift": Self.view("A", unused: ["one", "two"]), "Sources/B.swift": Self.view("B")])
        defer { remove(dir) }
        let write = try CLIRunner.run(["lint", "--write-baseline", "baseline.json"], in: dir)
        #expect(write.status == 0 && write.stdout.isEmpty, "\(write.stdout)")
        #expect(write.stderr.contains("wrote 3 findings to the baseline baseline.json"))
        let text = try String(contentsOf: dir.appendingPathComponent("baseline.json"), encoding: .utf8)
        #expect(text == """
            {
              "version": 1,
              "findings": [
                {"rule": "unused_stored_input", "path": "Sources/A.swift", "symbol": "A.one", "occurrence": 1},
                {"rule": "unused_stored_input", "path": "Sources/A.swift", "symbol": "A.two", "occurrence": 1},
                {"rule": "unused_stored_input", "path": "Sources/B.swift", "symbol": "B.unused", "occurrence": 1}
              ]
            }

            """)
        // No temporary file is left next to it.
        let entries = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(entries == ["Sources", "baseline.json"])

        let clean = try CLIRunner.run(["lint", "--baseline", "baseline.json", "--strict"], in: dir)
        #expect(clean.status == 0 && clean.stdout.isEmpty)
        #expect(clean.stderr.contains("no findings") && clean.stderr.contains("baseline baseline.json: 3 known findings not shown"))

        // Edits elsewhere in the file move every line, but resurrect nothing; a new input is reported.
        try CLIRunner.write("// header\n\n" + Self.view("A", unused: ["zero", "one", "two"]), to: dir.appendingPathComponent("Sources/A.swift"))
        let edited = try CLIRunner.run(["lint", "--baseline", "baseline.json"], in: dir)
        #expect(edited.stdout == "Sources/A.swift:6:9: warning: stored input 'zero' is never read; SwiftUI still compares it on every parent update, so remove it from the view's inputs [unused_stored_input]\n")

        // The baseline works from any directory: its paths are relative to the file.
        let fromSources = try CLIRunner.run(["lint", "--baseline", "../baseline.json", "."], in: dir.appendingPathComponent("Sources"))
        #expect(paths(fromSources) == ["A.swift"])
    }

    @Test func staleEntriesAreCountedAndRewritingShrinksTheBaseline() throws {
        let dir = try project(["A.swift": Self.view("A", unused: ["one", "two"]), "B.swift": Self.view("B")])
        defer { remove(dir) }
        #expect(try CLIRunner.run(["lint", "--write-baseline", "b.json"], in: dir).status == 0)
        // Fix one finding in A and delete B entirely.
        try CLIRunner.write(Self.view("A", unused: ["two"]), to: dir.appendingPathComponent("A.swift"))
        try FileManager.default.removeItem(at: dir.appendingPathComponent("B.swift"))
        let stale = try CLIRunner.run(["lint", "--baseline", "b.json"], in: dir)
        #expect(stale.status == 0 && stale.stdout.isEmpty)
        #expect(stale.stderr.contains("baseline b.json: 1 known finding not shown; 2 entries no longer occur, so the baseline can shrink: run with --write-baseline b.json"))
        // Reading and rewriting the same file drops both: the fixed input and the deleted file.
        let rewrite = try CLIRunner.run(["lint", "--baseline", "b.json", "--write-baseline", "b.json"], in: dir)
        #expect(rewrite.status == 0)
        #expect(rewrite.stderr.hasSuffix("\nwrote 1 finding to the baseline b.json\nbaseline b.json: 1 known finding not shown; 2 entries no longer occur and were dropped from it\n"))
        let text = try String(contentsOf: dir.appendingPathComponent("b.json"), encoding: .utf8)
        #expect(text.components(separatedBy: "\"rule\"").count - 1 == 1 && text.contains("A.two"))
    }

    @Test func writingFromAPartialRunKeepsTheRest() throws {
        let dir = try project(["A.swift": Self.view("A"), "B.swift": Self.view("B")])
        defer { remove(dir) }
        #expect(try CLIRunner.run(["lint", "--write-baseline", "b.json"], in: dir).status == 0)
        try CLIRunner.write(Self.view("A", unused: ["unused", "more"]), to: dir.appendingPathComponent("A.swift"))
        let partial = try CLIRunner.run(["lint", "--write-baseline", "b.json", "A.swift"], in: dir)
        #expect(partial.stderr.contains("wrote 2 findings to the baseline b.json (3 entries with those of files outside this run)"))
        let text = try String(contentsOf: dir.appendingPathComponent("b.json"), encoding: .utf8)
        #expect(text.contains("A.more") && text.contains("A.unused") && text.contains("B.unused"))
        #expect(try CLIRunner.run(["lint", "--baseline", "b.json", "--strict"], in: dir).status == 0)
    }

    @Test func missingOrDamagedBaselinesStopTheRun() throws {
        let dir = try project(["A.swift": Self.view("A")])
        defer { remove(dir) }
        let missing = try CLIRunner.run(["lint", "--baseline", "none.json"], in: dir)
        #expect(missing.status == 2 && missing.stdout.isEmpty)
        #expect(missing.stderr == "viewlint: error: none.json: no such baseline; create it with 'viewlint lint --write-baseline none.json'\n")
        try CLIRunner.write("{\n  \"version\": 1,\n<<<<<<< HEAD\n", to: dir.appendingPathComponent("b.json"))
        let damaged = try CLIRunner.run(["lint", "--baseline", "b.json"], in: dir)
        #expect(damaged.status == 2 && damaged.stderr == "b.json:3:1: error: not a valid baseline: expected a quoted key\n")
        let overwrite = try CLIRunner.run(["lint", "--write-baseline", "b.json"], in: dir)
        #expect(overwrite.status == 2 && overwrite.stderr.contains("b.json is not a baseline viewlint can update; fix or delete it"))
        #expect(try String(contentsOf: dir.appendingPathComponent("b.json"), encoding: .utf8).contains("<<<<<<<"),
                "a damaged baseline is never overwritten")
        let unwritable = try CLIRunner.run(["lint", "--write-baseline", "no/such/dir/b.json"], in: dir)
        #expect(unwritable.status == 2 && unwritable.stderr.contains("viewlint: error: cannot write the baseline: "))
    }
}

/// `.lint.yml.example` documents every key, rule and option, with the defaults.
@Suite("Example configuration")
struct ExampleConfigurationTests {
    static let url = LintHarness.packageRoot.appendingPathComponent(".lint.yml.example")

    @Test func exampleLoadsAndMatchesTheRegistry() throws {
        let text = try String(contentsOf: Self.url, encoding: .utf8)
        let configuration = try ConfigurationLoader.load(text, path: ".lint.yml.example")
        for type in RuleRegistry.all {
            let d = type.description
            if !d.enabledByDefault {
                // Shown commented out: naming it would turn it on.
                #expect(text.contains("  # \(d.id): \(d.severity.rawValue)\n"), "\(d.id) must appear commented out")
                #expect(text.contains("# \(d.summary)"), "\(d.id): the example must describe the rule with its summary")
                #expect(configuration.rules[d.id] == nil)
                continue
            }
            let setting = try #require(configuration.rules[d.id], "\(d.id) is missing from .lint.yml.example")
            #expect(setting.enabled && setting.severity == d.severity, "\(d.id): the example must show the default severity")
            #expect(text.contains("# \(d.summary)"), "\(d.id): the example must describe the rule with its summary")
            for option in d.options {
                #expect(setting.options[option.key] == option.defaultValue,
                        "\(d.id).\(option.key) must appear in the example with its default \(option.defaultValue)")
            }
        }
        #expect(Set(configuration.rules.keys) == Set(RuleRegistry.all.filter { $0.description.enabledByDefault }.map { $0.description.id }))
        // As the header promises, the example as written changes nothing.
        let defaults = Configuration.default
        #expect(configuration.configuredRules().map { "\($0.id) \($0.severity)" }
                == defaults.configuredRules().map { "\($0.id) \($0.severity)" })
        #expect(configuration.metaSeverities() == defaults.metaSeverities())
        #expect(configuration.onlyRules == nil && configuration.include.isEmpty && configuration.exclude.isEmpty)
        #expect(configuration.deploymentTarget == nil && !configuration.strict)
    }

    @Test func readmeConfigurationExampleLoads() throws {
        let readme = try String(contentsOf: LintHarness.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        // The example under the Configuration heading (other sections show workflow YAML).
        let section = try #require(readme.range(of: "\n## Configuration\n"))
        let start = try #require(readme.range(of: "```yaml\n", range: section.upperBound..<readme.endIndex))
        let end = try #require(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
        let configuration = try ConfigurationLoader.load(String(readme[start.upperBound..<end.lowerBound]), path: "README.md")
        for key in ConfigurationLoader.keys { #expect(readme.contains("| `\(key)` |"), "README does not document \(key)") }
        #expect(configuration.rules["unused_stored_input"]?.severity == .error && configuration.strict)
    }

    @Test func exampleDocumentsEveryKey() throws {
        let text = try String(contentsOf: Self.url, encoding: .utf8)
        for key in ConfigurationLoader.keys {
            #expect(text.contains("\n\(key):") || text.contains("\n# \(key):"), "\(key) is not documented")
            #expect(text.contains("\n# \(key): "), "\(key) has no explaining comment")
        }
        // The commented-out examples are valid too: uncommented, they load.
        let uncommented = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            let isExample = line.hasPrefix("#   ") || line == "# deployment_target:"
                || ConfigurationLoader.keys.contains { line.hasPrefix("# \($0): [") }
            return isExample ? line.dropFirst(2) : line
        }.joined(separator: "\n").replacingOccurrences(of: "exclude: []\n", with: "exclude:\n")
        let loaded = try ConfigurationLoader.load(uncommented, path: "uncommented")
        #expect(loaded.onlyRules != nil && !loaded.include.isEmpty && !loaded.exclude.isEmpty && loaded.deploymentTarget != nil)
    }
}
