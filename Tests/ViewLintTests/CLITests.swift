import Foundation
import Testing
import ViewLintRules

@Suite("Command line", .serialized)
struct CLITests {
    let unusedInput = """
        import SwiftUI
        struct Header: View {
            let title: String
            let unused: Int
            var body: some View { Text(title) }
        }
        """

    @Test func findingsAreXcodeStyleLinesAndSummaryGoesToStderr() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try CLIRunner.write(unusedInput, to: dir.appendingPathComponent("Sources/Header.swift"))
        let out = try CLIRunner.run(["lint"], in: dir)
        #expect(out.status == 0)
        #expect(out.stdout == "Sources/Header.swift:4:9: warning: stored input 'unused' is never read; SwiftUI still compares it on every parent update, so remove it from the view's inputs [unused_stored_input]\n")
        #expect(out.stderr.hasPrefix("1 warning in 1 file (1 file linted in "))
        let quiet = try CLIRunner.run(["--quiet", "Sources"], in: dir)
        #expect(quiet.stderr.isEmpty && quiet.stdout == out.stdout)
    }

    @Test func strictFailsOnWarnings() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try CLIRunner.write(unusedInput, to: dir.appendingPathComponent("A.swift"))
        #expect(try CLIRunner.run(["lint", "--strict", "A.swift"], in: dir).status == 1)
        try CLIRunner.write("struct Clean {}\n", to: dir.appendingPathComponent("A.swift"))
        let clean = try CLIRunner.run(["lint", "--strict", "A.swift"], in: dir)
        #expect(clean.status == 0)
        #expect(clean.stderr.hasPrefix("no findings (1 file linted in "))
    }

    @Test func outputIsSortedAndIdenticalAcrossRuns() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for i in 0..<40 {
            try CLIRunner.write(unusedInput.replacingOccurrences(of: "Header", with: "Header\(i)"),
                                to: dir.appendingPathComponent("M\(i % 7)/F\(i).swift"))
        }
        let first = try CLIRunner.run(["--quiet"], in: dir)
        let second = try CLIRunner.run(["--quiet", "--jobs", "1"], in: dir)
        #expect(first.stdout == second.stdout)
        let lines = first.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 40)
        #expect(lines == lines.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }

    @Test func skipsBuildAndHiddenFolders() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for folder in [".build", ".git", "Pods", "DerivedData", ".hidden", "node_modules", "Carthage", ".swiftpm"] {
            try CLIRunner.write(unusedInput, to: dir.appendingPathComponent("\(folder)/X.swift"))
        }
        let out = try CLIRunner.run([], in: dir)
        #expect(out.stdout.isEmpty)
        #expect(out.stderr.hasPrefix("no findings (0 files linted"))
    }

    @Test func usageErrorsExitTwoWithOneLine() throws {
        let unknown = try CLIRunner.run(["lint", "--stirct"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr == "viewlint: error: unknown option '--stirct'; did you mean '--strict'?\n")
        let rule = try CLIRunner.run(["rules", "unused_stored_inpt"])
        #expect(rule.status == 2)
        #expect(rule.stderr.contains("did you mean 'unused_stored_input'?"))
    }

    @Test func missingPathIsReportedAndTheRunContinues() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try CLIRunner.write(unusedInput, to: dir.appendingPathComponent("A.swift"))
        let out = try CLIRunner.run(["nope.swift", "A.swift"], in: dir)
        #expect(out.status == 2)
        #expect(out.stderr.contains("viewlint: error: nope.swift: no such file or directory"))
        #expect(out.stdout.contains("A.swift:4:9: warning"))
    }

    @Test func rulesListAndDocumentation() throws {
        let list = try CLIRunner.run(["rules"])
        #expect(list.status == 0)
        for id in RuleRegistry.ids { #expect(list.stdout.contains(id)) }
        let doc = try CLIRunner.run(["rules", "unused_stored_input"])
        #expect(doc.stdout.contains("WHY") && doc.stdout.contains("REPORTED") && doc.stdout.contains("let lastUpdated: Date"))
        #expect(!doc.stdout.contains("↓"))
    }

    @Test func versionAndHelp() throws {
        #expect(try CLIRunner.run(["--version"]).stdout.hasPrefix("viewlint "))
        for args in [["-h"], ["--help"], ["help"], ["lint", "-h"], ["rules", "--help"], ["help", "lint"], ["server", "--help"],
                     ["help", "server"]] {
            let out = try CLIRunner.run(args)
            #expect(out.status == 0 && out.stdout.contains("USAGE"), "\(args)")
        }
    }

    /// `--stamp` is what the build tool plugin's incremental builds rest on.
    @Test func stampExistsOnlyAfterAPassingRun() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try CLIRunner.write(unusedInput, to: dir.appendingPathComponent("A.swift"))
        let stamp = dir.appendingPathComponent("out/lint-stamp.swift")
        try FileManager.default.createDirectory(at: stamp.deletingLastPathComponent(), withIntermediateDirectories: true)
        // A warning passes: the stamp is written, and is a Swift comment.
        #expect(try CLIRunner.run(["lint", "--quiet", "--stamp", stamp.path, "A.swift"], in: dir).status == 0)
        let text = try String(contentsOf: stamp, encoding: .utf8)
        #expect(text.hasPrefix("// viewlint ") && text.hasSuffix("\n") && text.split(separator: "\n").count == 1)
        // A failing run removes it, so a build system runs the step again.
        let failed = try CLIRunner.run(["lint", "--quiet", "--strict", "--stamp", stamp.path, "A.swift"], in: dir)
        #expect(failed.status == 1 && !FileManager.default.fileExists(atPath: stamp.path))
        #expect(try CLIRunner.run(["lint", "--stamp", "", "A.swift"], in: dir).stderr == "viewlint: error: --stamp needs a file name\n")
    }

    /// The command plugin must know which lint options take a value, or it would mistake the
    /// value for a path (and lint the wrong thing). Every option `viewlint help lint` shows
    /// with a value must be in the plugin's list.
    @Test func commandPluginKnowsEveryOptionWithAValue() throws {
        let help = try CLIRunner.run(["help", "lint"]).stdout
        var documented: Set<String> = []
        for line in help.split(separator: "\n") {
            let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard let first = words.first, first.hasPrefix("-") else { continue }
            // `-f, --format FORMAT` or `--jobs N`: names, then an upper-case metavariable.
            var names: [String] = []
            var index = 0
            while index < words.count, words[index].hasPrefix("-") {
                names.append(words[index].trimmingCharacters(in: CharacterSet(charactersIn: ",")))
                index += 1
            }
            if index < words.count, words[index] == words[index].uppercased(), words[index].first?.isLetter == true {
                documented.formUnion(names)
            }
        }
        #expect(documented.isSuperset(of: ["--format", "-f", "--output", "-o", "--jobs", "--config", "--stamp"]))
        let plugin = try String(contentsOf: LintHarness.packageRoot.appendingPathComponent(
            "Sources/ViewLintCommandPlugin/ViewLintCommandPlugin.swift"), encoding: .utf8)
        guard let start = plugin.range(of: "optionsWithValues: Set<String> = ["),
              let end = plugin.range(of: "]", range: start.upperBound..<plugin.endIndex) else {
            Issue.record("the plugin's optionsWithValues list is gone")
            return
        }
        let listed = Set(plugin[start.upperBound..<end.lowerBound].split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }.filter { !$0.isEmpty })
        #expect(documented.subtracting(listed).isEmpty, "missing from the plugin: \(documented.subtracting(listed).sorted())")
    }

    @Test func adversarialFilesLintWithoutCrashing() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data().write(to: dir.appendingPathComponent("Empty.swift"))
        try Data([0xEF, 0xBB, 0xBF]).write(to: dir.appendingPathComponent("BOM.swift"))
        try Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: dir.appendingPathComponent("Binary.swift"))
        try Data("let ok = 1\nlet s = \"".utf8 + [0xFF, 0xC3] + "\"\n".utf8).write(to: dir.appendingPathComponent("Invalid.swift"))
        let deep = "let x = " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        try CLIRunner.write(deep, to: dir.appendingPathComponent("Deep.swift"))
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("Folder.swift"), withIntermediateDirectories: true)
        let out = try CLIRunner.run([], in: dir)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stderr.contains("Binary.swift: warning: file looks binary"))
        #expect(out.stderr.contains("Invalid.swift:2: warning: invalid UTF-8"))
        #expect(out.stderr.contains("(4 files linted"))
    }

    /// The SF Symbols catalogue is read from the file VIEWLINT_SF_SYMBOLS_CATALOGUE names (a copy
    /// of a Mac's name_availability.plist, XML or binary); one that cannot be read is a one-line
    /// warning and the rule checks nothing.
    @Test func theSymbolCatalogueIsReadFromTheFileTheVariableNames() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>
            <key>symbols</key><dict><key>star</key><string>2019</string><key>figure.walk.motion</key><string>2023</string></dict>
            <key>year_to_release</key><dict>
            <key>2019</key><dict><key>iOS</key><string>13.0</string><key>macOS</key><string>11.0</string></dict>
            <key>2023</key><dict><key>iOS</key><string>17.0</string><key>macOS</key><string>14.0</string></dict>
            </dict></dict></plist>
            """
        try CLIRunner.write(plist, to: dir.appendingPathComponent("catalogue.plist"))
        try CLIRunner.write("""
            import SwiftUI
            struct Icons: View {
                var body: some View { HStack { Image(systemName: "star"); Image(systemName: "stra"); Image(systemName: "figure.walk.motion") } }
            }
            """, to: dir.appendingPathComponent("Icons.swift"))
        try CLIRunner.write("deployment_target:\n  ios: '16.0'\n", to: dir.appendingPathComponent(".lint.yml"))
        let catalogue = dir.appendingPathComponent("catalogue.plist").path
        let out = try CLIRunner.run(["lint", "--quiet", "Icons.swift"], in: dir, environment: ["VIEWLINT_SF_SYMBOLS_CATALOGUE": catalogue])
        let lines = out.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("Icons.swift:3:81: warning: 'stra' is not an SF Symbol") == true)
        #expect(lines.last?.contains("'figure.walk.motion' is an SF Symbol from iOS 17.0 on, but the deployment target is iOS 16.0") == true)

        let missing = try CLIRunner.run(["lint", "--quiet", "Icons.swift"], in: dir,
                                        environment: ["VIEWLINT_SF_SYMBOLS_CATALOGUE": dir.appendingPathComponent("none.plist").path])
        #expect(missing.stdout.isEmpty)
        #expect(missing.stderr.contains("none.plist: warning: cannot be read (VIEWLINT_SF_SYMBOLS_CATALOGUE names it); invalid_system_symbol checks nothing"))
    }

}
