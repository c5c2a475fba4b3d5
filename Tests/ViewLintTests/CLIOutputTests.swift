import Foundation
import Testing

/// `--format` and `--output`, run as a user runs them.
@Suite("Command line: report formats", .serialized)
struct CLIOutputTests {
    static let header = """
        import SwiftUI
        struct Header: View {
            let title: String
            let unused: Int
            var body: some View { Text(title) }
        }
        """

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    static func firstURI(_ sarif: [String: Any]) -> String? {
        let result = ((sarif["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.first
        let location = (result?["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
        return (location?["artifactLocation"] as? [String: String])?["uri"]
    }

    /// `--output /dev/null` once renamed a temporary file over the device, and every later
    /// `> /dev/null` on the machine wrote into a regular file (git then read it as a config).
    @Test func anOutputThatIsNotARegularFileIsWrittenInPlaceAndALinkIsFollowed() throws {
        let run = try CLIRunner.run(["lint", "--no-config", "--quiet", "--format", "json", "--output", "/dev/null", "Fixtures/closure_input"])
        #expect(run.status <= 1)
        var info = stat()
        #expect(stat("/dev/null", &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR, "/dev/null is no longer a device")
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("report.json")
        let link = directory.appendingPathComponent("latest.json")
        try CLIRunner.write("old", to: target)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        _ = try CLIRunner.run(["lint", "--no-config", "--quiet", "--format", "json", "--output", link.path, "Fixtures/closure_input"])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
        #expect(try String(contentsOf: target, encoding: .utf8).hasPrefix("{"))
    }

    @Test func jsonGoesToStdoutAndTheSummaryToStderr() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try CLIRunner.write(Self.header, to: dir.appendingPathComponent("Sources/Header.swift"))
        let out = try CLIRunner.run(["lint", "--format", "json"], in: dir)
        #expect(out.status == 0)
        #expect(out.stderr.hasPrefix("1 warning in 1 file"))
        let json = try Self.json(out.stdout)
        #expect(json["filesLinted"] as? Int == 1)
        let finding = try #require((json["findings"] as? [[String: Any]])?.first)
        #expect(finding["rule"] as? String == "unused_stored_input" && finding["path"] as? String == "Sources/Header.swift")
        #expect(finding["line"] as? Int == 4 && finding["column"] as? Int == 9 && finding["endColumn"] as? Int == 15)
    }

    @Test func sarifURIsAreRelativeToTheRepositoryRootFromASubdirectory() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try CLIRunner.write(Self.header, to: dir.appendingPathComponent("App/Sources/Header.swift"))
        let out = try CLIRunner.run(["lint", "--format=sarif", "Sources"], in: dir.appendingPathComponent("App"))
        #expect(out.status == 0)
        #expect(!out.stdout.contains(dir.lastPathComponent), "the report must not name the machine's paths")
        #expect(Self.firstURI(try Self.json(out.stdout)) == "App/Sources/Header.swift")
    }

    @Test func outsideARepositoryURIsAreRelativeToTheCurrentDirectory() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try CLIRunner.write(Self.header, to: dir.appendingPathComponent("My Views/Header.swift"))
        // The physical path, as the current directory is: on macOS the temporary folder is behind a symlink.
        let folder = dir.appendingPathComponent("My Views").resolvingSymlinksInPath().path
        let out = try CLIRunner.run(["lint", "-f", "sarif", folder], in: dir)
        #expect(out.status == 0)
        #expect(Self.firstURI(try Self.json(out.stdout)) == "My%20Views/Header.swift")
    }

    @Test func githubAnnotations() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try CLIRunner.write(Self.header, to: dir.appendingPathComponent("Header.swift"))
        let out = try CLIRunner.run(["lint", "--format", "github"], in: dir)
        #expect(out.stdout.hasPrefix("::warning file=Header.swift,line=4,col=9,endLine=4,endColumn=15,title=viewlint (unused_stored_input)::stored input 'unused' is never read"))
    }

    @Test func outputFileIsWrittenAndStdoutStaysEmpty() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try CLIRunner.write(Self.header, to: dir.appendingPathComponent("Header.swift"))
        try CLIRunner.write("stale", to: dir.appendingPathComponent("report.sarif"))
        let out = try CLIRunner.run(["lint", "--format", "sarif", "--output", "report.sarif", "Header.swift"], in: dir)
        #expect(out.status == 0)
        #expect(out.stdout.isEmpty)
        #expect(out.stderr.hasPrefix("1 warning in 1 file"))
        let written = try String(contentsOf: dir.appendingPathComponent("report.sarif"), encoding: .utf8)
        #expect(Self.firstURI(try Self.json(written)) == "Header.swift")
        // Nothing is left behind but the report.
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(names == ["Header.swift", "report.sarif"])
        // Text to a file is plain, whatever the terminal.
        let text = try CLIRunner.run(["lint", "-o", "report.txt", "Header.swift"], in: dir)
        #expect(text.stdout.isEmpty)
        #expect(try String(contentsOf: dir.appendingPathComponent("report.txt"), encoding: .utf8).hasPrefix("Header.swift:4:9: warning: "))
    }

    @Test func unwritableOutputIsAnError() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try CLIRunner.write(Self.header, to: dir.appendingPathComponent("Header.swift"))
        let out = try CLIRunner.run(["lint", "--format", "json", "--output", "missing/dir/report.json"], in: dir)
        #expect(out.status == 2)
        #expect(out.stderr.contains("viewlint: error: cannot write the report: missing/dir/report.json: no such file or directory"))
    }

    static let formats = "text, json, sarif, github, checkstyle, junit, codeclimate, markdown, sonarqube"

    @Test func unknownFormatIsAUsageErrorWithASuggestion() throws {
        let typo = try CLIRunner.run(["lint", "--format", "jsn"])
        #expect(typo.status == 2)
        #expect(typo.stderr == "viewlint: error: unknown format 'jsn'; did you mean 'json'?; formats are \(Self.formats)\n")
        let unknown = try CLIRunner.run(["lint", "--format", "checkstyle-xml"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr == "viewlint: error: unknown format 'checkstyle-xml'; formats are \(Self.formats)\n")
        #expect(try CLIRunner.run(["lint", "--format"]).status == 2)
    }

    #if os(Linux)
    /// Colour and carets need a terminal: util-linux `script` gives the command one.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func colourAndCaretsOnlyOnATerminal() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try CLIRunner.write(Self.header, to: dir.appendingPathComponent("Header.swift"))
        func onTerminal(_ arguments: String, noColor: String) throws -> String {
            let command = "'\(CLIRunner.executable.path)' lint --quiet \(arguments) Header.swift"
            let out = try CLIRunner.run(["-qec", command, "/dev/null"], in: dir, environment: ["NO_COLOR": noColor, "TERM": "xterm"],
                                        executable: URL(fileURLWithPath: "/usr/bin/script"))
            return out.stdout.replacingOccurrences(of: "\r\n", with: "\n")
        }
        let caret = "            ^~~~~~\n"
        let colored = try onTerminal("", noColor: "")
        #expect(colored.contains("\u{1B}[1;35mwarning\u{1B}[0m") && colored.contains("\u{1B}[32m^~~~~~\u{1B}[0m"))
        for plain in [try onTerminal("", noColor: "1"), try onTerminal("--no-color", noColor: "")] {
            #expect(!plain.contains("\u{1B}"))
            #expect(plain.contains("Header.swift:4:9: warning: ") && plain.hasSuffix("        let unused: Int\n" + caret))
        }
        // Not a terminal: one plain line per finding, whatever the environment says.
        let piped = try CLIRunner.run(["lint", "--quiet", "Header.swift"], in: dir, environment: ["NO_COLOR": "", "TERM": "xterm"])
        #expect(!piped.stdout.contains("\u{1B}") && piped.stdout.split(separator: "\n").count == 1)
    }
    #endif

    @Test func unreadableInputMarksTheSARIFRunUnsuccessful() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try CLIRunner.write(Self.header, to: dir.appendingPathComponent("Header.swift"))
        let out = try CLIRunner.run(["lint", "--format", "sarif", "Header.swift", "Missing.swift"], in: dir)
        #expect(out.status == 2)
        let invocation = ((try Self.json(out.stdout)["runs"] as? [[String: Any]])?.first?["invocations"] as? [[String: Any]])?.first
        #expect(invocation?["executionSuccessful"] as? Bool == false)
        let notification = (invocation?["toolExecutionNotifications"] as? [[String: Any]])?.first
        #expect((notification?["message"] as? [String: String])?["text"] == "no such file or directory")
    }
}
