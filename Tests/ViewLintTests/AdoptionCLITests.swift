import Foundation
import Testing
@testable import ViewLintCLI
import ViewLintCore
import ViewLintRules

/// What a team adopting viewlint meets first: several reports from one run, typo suggestions,
/// `init`, the rule documentation site, shell completions, and the command list that all of
/// them (and help and the command plugin) must agree on. Run as a user runs them.
@Suite("Command line: adoption", .serialized)
struct AdoptionCLITests {
    static let header = CLIOutputTests.header

    static func withDirectory(_ body: (URL) throws -> Void) throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try body(dir)
    }

    // MARK: Several reports

    @Test func severalReportsFromOneRun() throws {
        try Self.withDirectory { dir in
            try CLIRunner.write(Self.header, to: dir.appendingPathComponent("Header.swift"))
            let out = try CLIRunner.run(["lint", "--format", "sarif:viewlint.sarif", "--format", "github",
                                         "--format=junit:report.xml", "Header.swift"], in: dir)
            #expect(out.status == 0, "\(out.stderr)")
            #expect(out.stdout.hasPrefix("::warning file=Header.swift,line=4,col=9,"))
            let sarif = try String(contentsOf: dir.appendingPathComponent("viewlint.sarif"), encoding: .utf8)
            #expect(CLIOutputTests.firstURI(try CLIOutputTests.json(sarif)) == "Header.swift")
            // The lint hashes lines only for a report that prints them: one SARIF among others.
            #expect(sarif.contains("\"\(Finding.lineHashKey)\""))
            let junit = try String(contentsOf: dir.appendingPathComponent("report.xml"), encoding: .utf8)
            #expect(junit.contains("failures=\"1\"") && junit.contains("Header.swift:4:9: warning: "))
            // --output takes the one report without a file of its own.
            let both = try CLIRunner.run(["lint", "--quiet", "-f", "json", "-f", "markdown:summary.md", "-o", "out.json", "Header.swift"], in: dir)
            #expect(both.status == 0 && both.stdout.isEmpty)
            #expect(try CLIOutputTests.json(String(contentsOf: dir.appendingPathComponent("out.json"), encoding: .utf8))["filesLinted"] as? Int == 1)
            #expect(try String(contentsOf: dir.appendingPathComponent("summary.md"), encoding: .utf8).hasPrefix("## viewlint: 1 warning in 1 file"))
        }
    }

    @Test func reportDestinationsThatCannotWorkAreUsageErrors() throws {
        let cases: [([String], String)] = [
            (["-f", "json", "-f", "text"], "only one report can go to standard output, not json, text; give the others a file: --format NAME:FILE"),
            (["-f", "sarif:"], "--format sarif: needs a file name after the colon"),
            (["-f", "sarif:a.sarif", "-o", "b.txt"], "--output 'b.txt' is not used: every --format names its own file"),
            (["-f", "sarif:a", "-f", "json:a"], "two reports would be written to 'a'"),
            (["-f", "sarf:a.sarif"], "unknown format 'sarf'; did you mean 'sarif'?; formats are \(CLIOutputTests.formats)"),
        ]
        for (arguments, message) in cases {
            let out = try CLIRunner.run(["lint"] + arguments + ["Fixtures/unused_stored_input/Triggering.swift"])
            #expect(out.status == 2 && out.stderr == "viewlint: error: \(message)\n", "\(arguments): \(out.stderr)")
        }
    }

    // MARK: Typos

    @Test func aMissingPathOneEditFromACommandSuggestsIt() throws {
        try Self.withDirectory { dir in
            for (typed, command) in [("lnt", "lint"), ("rulse", "rules"), ("innit", "init"), ("completion", "completions")] {
                let out = try CLIRunner.run([typed], in: dir)
                #expect(out.status == 2)
                #expect(out.stderr.hasPrefix("viewlint: error: \(typed): no such file or directory; did you mean '\(command)'?\n"), "\(out.stderr)")
            }
            // A path that is nowhere near a command, or not the first word, gets no hint.
            for arguments in [["Sourcs"], ["lint", "Sources", "lnt"], ["./lnt"]] {
                let out = try CLIRunner.run(arguments, in: dir)
                #expect(out.status == 2 && !out.stderr.contains("did you mean"), "\(arguments): \(out.stderr)")
            }
        }
    }

    // MARK: init

    static let manifest = """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "App", platforms: [.iOS(.v16), .macOS(.v13)])
        """

    @Test func initWritesAStarterConfigurationThatBehavesAsTheDefaults() throws {
        try Self.withDirectory { dir in
            try CLIRunner.write(Self.manifest, to: dir.appendingPathComponent("Package.swift"))
            try CLIRunner.write(Self.header, to: dir.appendingPathComponent("Sources/App/Header.swift"))
            try CLIRunner.write(Self.header, to: dir.appendingPathComponent("Sources/App/Generated/Strings.swift"))
            try CLIRunner.write(Self.header, to: dir.appendingPathComponent("Vendor/Lib/Lib.swift"))
            try CLIRunner.write(Self.header, to: dir.appendingPathComponent(".build/x/Generated/Skip.swift"))
            let before = try CLIRunner.run(["lint", "--no-config", "Sources/App/Header.swift"], in: dir).stdout

            let out = try CLIRunner.run(["init"], in: dir)
            #expect(out.status == 0 && out.stderr == "wrote .lint.yml\n", "\(out.stderr)")
            let text = try String(contentsOf: dir.appendingPathComponent(".lint.yml"), encoding: .utf8)
            for description in RuleRegistry.all.map { $0.description } {
                // Each rule at its default, under its one-line summary: a rule that ships off is `off`.
                let severity = description.enabledByDefault ? description.severity.rawValue : "off"
                let plain = "  \(description.id): \(severity)\n"
                let map = "  \(description.id):\n    severity: \(severity)\n"
                #expect(text.contains("  # \(description.summary)\n") && (text.contains(plain) || text.contains(map)),
                        "\(description.id) is missing or not at its default")
            }
            #expect(text.contains("exclude:\n  - \"Vendor\"\n  - \"Sources/App/Generated\"\n"))
            #expect(!text.contains(".build"))
            #expect(text.contains("found in Package.swift") && text.contains("#   ios: \"16.0\"\n#   macos: \"13.0\"\n"))

            // The file loads, and lints the hand-written file exactly as the defaults do.
            let after = try CLIRunner.run(["lint", "Sources/App/Header.swift"], in: dir)
            #expect(after.status == 0 && after.stdout == before, "\(after.stderr)")
            // The excluded folders are skipped.
            let all = try CLIRunner.run(["lint"], in: dir)
            #expect(!all.stdout.contains("Generated") && !all.stdout.contains("Vendor") && all.stdout.contains("Sources/App/Header.swift"))

            // It never overwrites.
            try CLIRunner.write("strict: true\n", to: dir.appendingPathComponent(".lint.yml"))
            let again = try CLIRunner.run(["init"], in: dir)
            #expect(again.status == 2 && again.stderr.contains("'.lint.yml' already exists"))
            #expect(try String(contentsOf: dir.appendingPathComponent(".lint.yml"), encoding: .utf8) == "strict: true\n")
            let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
            #expect(!names.contains { $0.contains("viewlint-new") }, "a temporary file was left behind: \(names)")
        }
    }

    /// Naming a rule that ships off turns it on, so the starter configuration writes it as `off`.
    @Test func initWritesARuleThatShipsOffAsOff() throws {
        var description = try #require(RuleRegistry.all.first).description
        description.enabledByDefault = false
        let text = InitCommand.configuration(rules: [description], deploymentTarget: nil, deploymentTargetSource: nil, excludes: [])
        #expect(text.contains("  # Off by default; set a severity (\(description.severity.rawValue) is usual) to turn it on.\n"))
        #expect(text.contains("  \(description.id): off\n") || text.contains("  \(description.id):\n    severity: off\n"))
        #expect(!text.contains("severity: \(description.severity.rawValue)") && !text.contains("\(description.id): \(description.severity.rawValue)"))
    }

    @Test func initWithBaselineStartsAtZero() throws {
        try Self.withDirectory { dir in
            try CLIRunner.write(Self.header, to: dir.appendingPathComponent("Header.swift"))
            let out = try CLIRunner.run(["init", "--baseline"], in: dir)
            #expect(out.status == 0, "\(out.stderr)")
            #expect(out.stderr.contains("deployment_target") == false)
            let text = try String(contentsOf: dir.appendingPathComponent(".lint.yml"), encoding: .utf8)
            #expect(text.contains("# deployment_target: none found"))
            let lint = try CLIRunner.run(["lint", "--baseline", ".viewlint-baseline.json"], in: dir)
            #expect(lint.status == 0 && lint.stdout.isEmpty && lint.stderr.contains("1 known finding not shown"), "\(lint.stderr)")
            // A baseline that exists is not replaced either, and then nothing is written.
            try FileManager.default.removeItem(at: dir.appendingPathComponent(".lint.yml"))
            let again = try CLIRunner.run(["init", "--baseline"], in: dir)
            #expect(again.status == 2 && again.stderr.contains("'.viewlint-baseline.json' already exists"))
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent(".lint.yml").path))
        }
    }

    // MARK: Rule documentation

    @Test func rulesMarkdownWritesAPagePerRuleAndAnIndex() throws {
        try Self.withDirectory { dir in
            let out = try CLIRunner.run(["rules", "--format", "markdown", "--output", "site/rules"], in: dir)
            #expect(out.status == 0, "\(out.stderr)")
            let folder = dir.appendingPathComponent("site/rules")
            let ids = RuleRegistry.ids
            #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == Set(ids.map { "\($0).md" } + ["README.md"]))
            let index = try String(contentsOf: folder.appendingPathComponent("README.md"), encoding: .utf8)
            for id in ids {
                #expect(index.contains("[`\(id)`](\(id).md)"))
                let page = try String(contentsOf: folder.appendingPathComponent("\(id).md"), encoding: .utf8)
                #expect(page == (try CLIRunner.run(["rules", id, "--format", "markdown"])).stdout)
                #expect(page.hasPrefix("# ") && page.contains("(`\(id)`)"))
            }
            let wrong = try CLIRunner.run(["rules", "--output", "x"], in: dir)
            #expect(wrong.status == 2 && wrong.stderr.contains("needs --format markdown"))
            #expect(try CLIRunner.run(["rules", "-f", "markdwn"]).stderr.contains("did you mean 'markdown'?"))
        }
    }

    // MARK: One command list

    /// The commands `viewlint help` lists.
    static func helpCommands() throws -> [String] {
        let help = try CLIRunner.run(["help"]).stdout
        guard let section = help.components(separatedBy: "COMMANDS:\n").dropFirst().first else { return [] }
        return section.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
    }

    @Test func everyCommandIsInHelpThePluginAndTheCompletions() throws {
        let commands = try Self.helpCommands()
        #expect(Set(commands).isSuperset(of: ["lint", "rules", "init", "install-hook", "completions", "help"]), "\(commands)")
        let usage = try CLIRunner.run(["help"]).stdout
        let plugin = try String(contentsOf: LintHarness.packageRoot.appendingPathComponent(
            "Sources/ViewLintCommandPlugin/ViewLintCommandPlugin.swift"), encoding: .utf8)
        let pluginList = try #require(plugin.components(separatedBy: "otherCommands: Set<String> = [").dropFirst().first?
            .components(separatedBy: "]").first)
        let scripts = try ["bash", "zsh", "fish"].map { try CLIRunner.run(["completions", $0]).stdout }
        for command in commands {
            #expect(usage.contains("viewlint \(command)") || command == "lint", "'\(command)' has no USAGE line")
            // Each has its own help, both ways.
            #expect(try CLIRunner.run(["help", command]).status == 0, "no 'viewlint help \(command)'")
            #expect(try CLIRunner.run([command, "--help"]).status == 0 || command == "help", "no '\(command) --help'")
            if command != "lint" {
                #expect(pluginList.contains("\"\(command)\""), "the command plugin would lint a folder named '\(command)'")
            }
            for script in scripts { #expect(script.contains(command), "a completion script lacks '\(command)'") }
        }
    }

    // MARK: Completions, in the real shells

    static func shell(_ name: String) -> String? {
        ["/usr/bin/\(name)", "/bin/\(name)", "/usr/local/bin/\(name)", "/opt/homebrew/bin/\(name)"]
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func runShell(_ shell: String, _ arguments: [String], script: String) throws -> [String] {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("viewlint-completion.sh")
        try CLIRunner.write(script, to: file)
        let out = try CLIRunner.run(arguments + [file.path], in: dir, executable: URL(fileURLWithPath: shell))
        #expect(out.status == 0, "\(shell): \(out.stderr)")
        return out.stdout.split(separator: "\n").map(String.init)
    }

    static let cases: [(line: [String], expected: Set<String>)] = [
        (["ru"], ["rules"]),
        (["co"], ["completions"]),
        (["lint", "--form"], ["--format"]),
        (["lint", "--format", "s"], ["sarif", "sonarqube"]),
        (["--base"], ["--baseline"]),
        (["rules", "unused_s"], ["unused_state", "unused_stored_input", "unused_suppression"]),
        (["rules", "--format", "m"], ["markdown"]),
        (["init", "--"], ["--baseline", "--help"]),
        (["completions", "f"], ["fish"]),
    ]

    @Test(.enabled(if: shell("bash") != nil)) func bashCompletesCommandsOptionsAndValues() throws {
        let script = try CLIRunner.run(["completions", "bash"]).stdout
        for (line, expected) in Self.cases {
            let words = (["viewlint"] + line).map { "'\($0)'" }.joined(separator: " ")
            let driver = """
                source "$1"
                complete -p viewlint > /dev/null || exit 3
                COMP_WORDS=(\(words)); COMP_CWORD=\(line.count)
                _viewlint
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            let got = try Self.runShell(Self.shell("bash")!, ["--norc", "--noprofile", "-c", driver, "bash"], script: script)
            #expect(Set(got) == expected, "bash: viewlint \(line.joined(separator: " ")) completed to \(got)")
        }
    }

    /// zsh's completion system needs a terminal, so here zsh runs the generated function with
    /// compsys's `compadd`, `_describe` and `_files` replaced by functions that print what they get.
    @Test(.enabled(if: shell("zsh") != nil)) func zshCompletesCommandsOptionsAndValues() throws {
        let script = try CLIRunner.run(["completions", "zsh"]).stdout
        #expect(script.hasPrefix("#compdef viewlint\n"))
        for (line, expected) in Self.cases {
            let words = (["viewlint"] + line).map { "'\($0)'" }.joined(separator: " ")
            let driver = """
                compadd() { [[ $1 == -- ]] && shift; print -l -- "$@"; }
                _describe() { local name; for name in ${(P)4}; do print -- ${name%%:*}; done; }
                _files() { :; }
                source "$1"
                words=(\(words)); CURRENT=\(line.count + 1)
                _viewlint
                """
            let got = try Self.runShell(Self.shell("zsh")!, ["-f", "-c", driver, "zsh"], script: script)
            let prefix = line.last ?? ""
            #expect(Set(got.filter { $0.hasPrefix(prefix) }) == expected, "zsh: viewlint \(line.joined(separator: " ")) completed to \(got)")
        }
    }

    @Test(.enabled(if: shell("fish") != nil)) func fishCompletesCommandsOptionsAndValues() throws {
        let script = try CLIRunner.run(["completions", "fish"]).stdout
        for (line, expected) in Self.cases {
            let typed = (["viewlint"] + line).joined(separator: " ")
            let driver = "source $argv[1]; complete --do-complete '\(typed)'"
            let got = try Self.runShell(Self.shell("fish")!, ["--no-config", "-c", driver], script: script)
                .map { String($0.split(separator: "\t").first ?? "") }
            #expect(Set(got) == expected, "fish: \(typed) completed to \(got)")
        }
    }
}
