import Foundation
import Testing
import ViewLintCore
import ViewLintEngine
import ViewLintRules
import ViewLintModel
import ViewLintProtocol
@testable import ViewLintServer
import ViewLintSyntax

/// `viewlint server`, driven in process through framed bytes, on a real project on disk.
@Suite("Language server")
struct ServerTests {
    /// A package with a view whose `title` is read only in an extension in another file, and
    /// whose `spare` is read nowhere.
    static func project() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("viewlint-server-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Sources"), withIntermediateDirectories: true)
        try "// swift-tools-version:6.0\n".write(to: root.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try Self.view.write(to: root.appendingPathComponent("Sources/Card.swift"), atomically: true, encoding: .utf8)
        try Self.extensionText.write(to: root.appendingPathComponent("Sources/Card+Title.swift"), atomically: true, encoding: .utf8)
        return root
    }

    static let view = """
        import SwiftUI

        struct Card: View {
            let title: String
            /* 😀 */ let spare: Int
            var body: some View { label }
        }

        """

    static let extensionText = """
        import SwiftUI

        extension Card {
            var label: some View { Text(title) }
        }

        """

    static func codes(_ diagnostics: [JSON]?) -> [String] { (diagnostics ?? []).compactMap { $0["code"]?.string } }

    @Test func lifecycleAdvertisesWhatIsImplementedAndExitsAsTheProtocolSays() throws {
        let client = LSPClient()
        let early = client.request("textDocument/hover", ["textDocument": ["uri": "file:///x.swift"], "position": ["line": 0, "character": 0]])
        #expect(early?["error"]?["code"]?.int == ErrorCode.serverNotInitialized.rawValue)
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = client.initialize(root: root)?["result"]
        let capabilities = result?["capabilities"]
        #expect(capabilities?["positionEncoding"] == "utf-16")
        #expect(capabilities?["textDocumentSync"]?["change"]?.int == 2)
        #expect(capabilities?["hoverProvider"] == true)
        #expect(capabilities?["codeActionProvider"]?["codeActionKinds"] == ["quickfix"])
        #expect(capabilities?["completionProvider"] == nil)
        #expect(result?["serverInfo"]?["name"] == "viewlint")
        #expect(client.request("initialize", [:])?["error"]?["code"]?.int == ErrorCode.invalidRequest.rawValue)
        #expect(client.request("textDocument/definition", [:])?["error"]?["code"]?.int == ErrorCode.methodNotFound.rawValue)
        #expect(client.request("shutdown")?["result"] == .null)
        #expect(client.request("textDocument/hover", [:])?["error"]?["code"]?.int == ErrorCode.invalidRequest.rawValue)
        client.notify("exit")
        #expect(client.wait(timeout: 5) { _ in client.exit != nil } != nil || client.exit != nil)
        #expect(client.exit == 0)

        let abrupt = LSPClient()
        _ = abrupt.initialize(root: root)
        abrupt.notify("exit")
        _ = abrupt.wait(timeout: 5) { _ in abrupt.exit != nil }
        #expect(abrupt.exit == 1)
    }

    @Test func publishesFindingsWithProjectContextAndExactUTF16Ranges() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let client = LSPClient()
        _ = client.initialize(root: root)
        let card = root.appendingPathComponent("Sources/Card.swift")
        client.open(card, Self.view)
        let diagnostics = try #require(client.diagnostics(card.absoluteString, version: 1))
        // `title` is read in the extension in Card+Title.swift (not open): context from disk.
        #expect(diagnostics.count == 1)
        let d = try #require(diagnostics.first)
        #expect(d["code"] == "unused_stored_input")
        #expect(d["source"] == "viewlint")
        #expect(d["severity"]?.int == 2)
        #expect(d["tags"] == [1])
        #expect(d["codeDescription"]?["href"]?.string?.hasSuffix("#unused_stored_input") == true)
        #expect(d["message"]?.string?.contains("'spare'") == true)
        // `    /* 😀 */ let spare`: 4 + 8 (the emoji is two units) + 1 + 4 = 17.
        #expect(TextRange(d["range"]) == TextRange(start: Position(line: 4, character: 17), end: Position(line: 4, character: 22)))

        // An incremental edit that reads `spare`: the finding goes, for that version.
        client.change(card, version: 2, [LSPClient.edit(5, 26, 5, 31, "label.id(spare)")])
        #expect(Self.codes(client.diagnostics(card.absoluteString, version: 2)) == [])
        // Typing after the emoji: positions after it stay exact.
        client.change(card, version: 3, [LSPClient.edit(5, 26, 5, 41, "label"), LSPClient.edit(4, 9, 4, 9, "🎉")])
        let moved = try #require(client.diagnostics(card.absoluteString, version: 3)?.first)
        #expect(TextRange(moved["range"])?.start == Position(line: 4, character: 19))
    }

    @Test func suppressedFindingsAreNotPublishedAndCodeActionsInsertTheSuppression() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let client = LSPClient()
        _ = client.initialize(root: root)
        let card = root.appendingPathComponent("Sources/Card.swift")
        client.open(card, Self.view)
        #expect(Self.codes(client.diagnostics(card.absoluteString, version: 1)) == ["unused_stored_input"])

        let hover = client.request("textDocument/hover", ["textDocument": ["uri": .string(card.absoluteString)],
                                                          "position": ["line": 4, "character": 19]])?["result"]
        let value = hover?["contents"]?["value"]?.string ?? ""
        #expect(value.contains("unused_stored_input") && value.contains("A view stores an input that none of its members reads."))
        #expect(client.request("textDocument/hover", ["textDocument": ["uri": .string(card.absoluteString)],
                                                      "position": ["line": 0, "character": 1]])?["result"] == .null)

        let actions = try #require(client.request("textDocument/codeAction", [
            "textDocument": ["uri": .string(card.absoluteString)],
            "range": TextRange(start: Position(line: 4, character: 0), end: Position(line: 4, character: 0)).json,
            "context": ["diagnostics": []],
        ])?["result"]?.array)
        #expect(actions.compactMap { $0["title"]?.string } == ["Disable unused_stored_input for this line",
                                                                "Disable unused_stored_input for this file"])
        let edit = try #require(actions.first?["edit"]?["changes"]?[card.absoluteString]?.array?.first)
        let inserted = try #require(edit["newText"]?.string)
        #expect(inserted == "    // viewlint:disable-next-line unused_stored_input - \(LanguageServer.placeholderReason)\n")
        // Applying the action silences the finding: nothing is published for it.
        client.change(card, version: 2, [["range": try #require(edit["range"]), "text": .string(inserted)]])
        #expect(Self.codes(client.diagnostics(card.absoluteString, version: 2)) == [])
        // Elsewhere in the file there is nothing to act on.
        #expect(client.request("textDocument/codeAction", [
            "textDocument": ["uri": .string(card.absoluteString)],
            "range": TextRange(start: Position(line: 0, character: 0), end: Position(line: 0, character: 0)).json,
            "context": ["diagnostics": []],
        ])?["result"] == [])
    }

    @Test func applyFixIsOfferedForAMechanicalFix() throws {
        let client = LSPClient()
        let text = "let a = 1\nlet 😀b = 2\n"
        let index = LineIndex(bytes: Array(text.utf8))
        let file = SourceFile(path: "/x.swift", text: text)
        // A finding on `b` whose fix replaces it: bytes 18..<19, after the four-byte emoji.
        let finding = Finding(ruleID: "unused_stored_input", severity: .warning, message: "m", path: "/x.swift",
                              start: file.location(ofOffset: 18), end: file.location(ofOffset: 19), symbol: "b",
                              fixes: [Fix(summary: "rename", replacement: (SourceRange(start: 18, end: 19), "c"))], lineText: "")
        let document = LanguageServer.Document(uri: "file:///x.swift", path: "/x.swift", version: 1, index: index,
                                               languageID: "swift", publishedVersion: 1, findings: [finding])
        let actions = client.server.codeActions(document, in: TextRange(start: Position(line: 1, character: 0),
                                                                        end: Position(line: 1, character: 0)), only: nil).array ?? []
        let fix = try #require(actions.first)
        #expect(fix["title"] == "Fix: rename")
        #expect(fix["isPreferred"] == true)
        let edit = fix["edit"]?["changes"]?["file:///x.swift"]?.array?.first
        #expect(TextRange(edit?["range"]) == TextRange(start: Position(line: 1, character: 6), end: Position(line: 1, character: 7)))
        #expect(edit?["newText"] == "c")
        #expect(client.server.codeActions(document, in: TextRange(start: Position(line: 1, character: 0), end: Position(line: 1, character: 0)),
                                          only: ["refactor"]) == [])
    }

    @Test func openFilesThatDependOnAChangedFileArePublishedAgain() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let client = LSPClient()
        _ = client.initialize(root: root)
        let card = root.appendingPathComponent("Sources/Card.swift")
        let ext = root.appendingPathComponent("Sources/Card+Title.swift")
        client.open(card, Self.view)
        #expect(Self.codes(client.diagnostics(card.absoluteString, version: 1)) == ["unused_stored_input"])
        client.open(ext, Self.extensionText)
        _ = client.diagnostics(ext.absoluteString, version: 1)
        client.clear()
        // The extension stops reading `title` (unsaved): Card.swift now has two findings.
        client.change(ext, version: 2, [LSPClient.edit(3, 32, 3, 37, "\"\"")])
        let republished = client.wait {
            $0["params"]?["uri"]?.string == card.absoluteString && ($0["params"]?["diagnostics"]?.array?.count ?? 0) == 2
        }
        #expect(republished != nil)
    }

    @Test func watchedFilesAndTheConfigurationUpdateTheContext() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let ext = root.appendingPathComponent("Sources/Card+Title.swift")
        try FileManager.default.removeItem(at: ext)
        let client = LSPClient()
        _ = client.initialize(root: root, capabilities: ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]])
        #expect(client.wait { $0["method"] == "client/registerCapability" } != nil)
        let card = root.appendingPathComponent("Sources/Card.swift")
        client.open(card, Self.view)
        #expect(client.diagnostics(card.absoluteString, version: 1)?.count == 2)

        // The extension appears on disk, outside the editor.
        client.clear()
        try Self.extensionText.write(to: ext, atomically: true, encoding: .utf8)
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(ext.absoluteString), "type": 1]]])
        #expect(client.wait { $0["params"]?["uri"]?.string == card.absoluteString && $0["params"]?["diagnostics"]?.array?.count == 1 } != nil)

        // A broken .lint.yml: its problem is shown on it, and files it configures are not linted.
        client.clear()
        let config = root.appendingPathComponent(".lint.yml")
        try "rules:\n  unused_stored_inpt: off\n".write(to: config, atomically: true, encoding: .utf8)
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(config.absoluteString), "type": 1]]])
        let problems = try #require(client.diagnostics(config.absoluteString))
        #expect(problems.count == 1)
        #expect(problems.first?["message"]?.string?.contains("did you mean 'unused_stored_input'") == true)
        #expect(TextRange(problems.first?["range"])?.start == Position(line: 1, character: 2))
        #expect(client.wait { $0["params"]?["uri"]?.string == card.absoluteString && $0["params"]?["diagnostics"] == [] } != nil)

        // Fixed: the problem goes, and the configuration applies (the rule is off).
        client.clear()
        try "rules:\n  unused_stored_input: off\n".write(to: config, atomically: true, encoding: .utf8)
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(config.absoluteString), "type": 2]]])
        #expect(client.diagnostics(config.absoluteString) == [])
        client.clear()
        try "rules:\n  unused_stored_input: error\n".write(to: config, atomically: true, encoding: .utf8)
        client.notify("workspace/didChangeConfiguration", ["settings": [:]])
        let raised = client.wait { $0["params"]?["uri"]?.string == card.absoluteString && $0["params"]?["diagnostics"]?.array?.count == 1 }
        #expect(raised?["params"]?["diagnostics"]?.array?.first?["severity"]?.int == 1)
    }

    @Test func malformedMessagesGetErrorsAndTheServerKeepsRunning() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let client = LSPClient()
        _ = client.initialize(root: root)
        client.sendRaw(Array("Content-Length: nope\r\n\r\n".utf8))
        client.sendRaw(FrameReader.frame(Array("{not json".utf8)))
        client.sendRaw(FrameReader.frame([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D]))
        client.sendRaw(FrameReader.frame(Array(#"{"jsonrpc":"2.0","id":41,"method":5}"#.utf8)))
        client.sendRaw(FrameReader.frame(Array(#"[1,2]"#.utf8)))
        let errors = { client.messages.filter { $0["error"] != nil } }
        _ = client.wait { _ in errors().count >= 5 }
        let codes = errors().compactMap { $0["error"]?["code"]?.int }
        #expect(codes == [-32700, -32700, -32700, -32600, -32600])
        #expect(errors()[3]["id"] == 41)
        #expect(errors()[0]["id"] == .null)
        // Invalid params on a request: an error for that request only.
        #expect(client.request("textDocument/hover", ["position": ["line": 0, "character": 0]])?["error"]?["code"]?.int
                == ErrorCode.invalidParams.rawValue)
        let card = root.appendingPathComponent("Sources/Card.swift")
        client.open(card, Self.view)
        #expect(client.diagnostics(card.absoluteString, version: 1)?.count == 1)
        // A file that is not Swift is not linted, and requests about it are answered at once.
        let notes = root.appendingPathComponent("notes.txt")
        client.notify("textDocument/didOpen", ["textDocument": [
            "uri": .string(notes.absoluteString), "languageId": "plaintext", "version": 1, "text": "let x = 1",
        ]])
        #expect(client.request("textDocument/hover", ["textDocument": ["uri": .string(notes.absoluteString)],
                                                      "position": ["line": 0, "character": 4]])?["result"] == .null)
        #expect(client.publications(notes.absoluteString).isEmpty)
    }

    @Test func aBurstOfChangesLintsOnceAndCancelledRequestsAreAnswered() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        var options = LanguageServer.Options()
        options.debounce = 0.05
        let client = LSPClient(options: options)
        _ = client.initialize(root: root)
        let card = root.appendingPathComponent("Sources/Card.swift")
        client.open(card, Self.view)
        _ = client.diagnostics(card.absoluteString, version: 1)
        let before = client.server.sync { client.server.lintCount }
        // Fifty keystrokes in one write, then a hover that must wait for them, then its cancel.
        var burst: [UInt8] = []
        for k in 0..<50 {
            burst += Message.notification(method: "textDocument/didChange", params: [
                "textDocument": ["uri": .string(card.absoluteString), "version": .int(2 + k)],
                "contentChanges": [LSPClient.edit(0, 0, 0, 0, "/")],
            ]).framed
        }
        burst += Message.request(id: 900, method: "textDocument/hover", params: [
            "textDocument": ["uri": .string(card.absoluteString)], "position": ["line": 4, "character": 19],
        ]).framed
        burst += Message.notification(method: "$/cancelRequest", params: ["id": 900]).framed
        client.sendRaw(burst)
        let cancelled = client.response(to: 900)
        #expect(cancelled?["error"]?["code"]?.int == ErrorCode.requestCancelled.rawValue)
        #expect(client.diagnostics(card.absoluteString, version: 51) != nil)
        let lints = client.server.sync { client.server.lintCount } - before
        #expect(lints == 1)
        #expect(client.publications(card.absoluteString).count == 2)
    }

    /// The deployment target comes from the nearest Package.swift, as on the command line; a
    /// changed manifest is read again.
    @Test func theDeploymentTargetComesFromThePackageManifest() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let manifest = root.appendingPathComponent("Package.swift")
        let old = "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"P\", platforms: [.iOS(.v15)])\n"
        try old.write(to: manifest, atomically: true, encoding: .utf8)
        let badge = root.appendingPathComponent("Sources/Badge.swift")
        let text = "import SwiftUI\n\nstruct Badge: View {\n    var body: some View { Text(\"a\").foregroundColor(.red) }\n}\n"
        try text.write(to: badge, atomically: true, encoding: .utf8)
        let client = LSPClient()
        _ = client.initialize(root: root)
        client.open(badge, text)
        // foregroundColor is deprecated from iOS 17: at iOS 15 there is nothing to use instead.
        #expect(Self.codes(client.diagnostics(badge.absoluteString, version: 1)) == [])

        client.clear()
        try old.replacingOccurrences(of: ".v15", with: ".v17").write(to: manifest, atomically: true, encoding: .utf8)
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(manifest.absoluteString), "type": 2]]])
        #expect(client.wait { $0["params"]?["uri"]?.string == badge.absoluteString
            && Self.codes($0["params"]?["diagnostics"]?.array) == ["deprecated_api"] } != nil)
    }


    /// A manifest or an Xcode project created (or deleted) after the server started is seen as
    /// soon as the client reports it: the deployment target is found again, without
    /// `workspace/didChangeConfiguration`. The server asks to watch both.
    @Test func aManifestOrXcodeProjectCreatedLaterSetsTheDeploymentTarget() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let manifest = root.appendingPathComponent("Package.swift")
        try FileManager.default.removeItem(at: manifest)
        let badge = root.appendingPathComponent("Sources/Badge.swift")
        let text = "import SwiftUI\n\nstruct Badge: View {\n    var body: some View { Text(\"a\").foregroundColor(.red) }\n}\n"
        try text.write(to: badge, atomically: true, encoding: .utf8)
        let client = LSPClient()
        _ = client.initialize(root: root, capabilities: ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]])
        let registration = client.wait { $0["method"]?.string == "client/registerCapability" }
        let globs = registration?["params"]?["registrations"]?.array?.first?["registerOptions"]?["watchers"]?.array?.compactMap { $0["globPattern"]?.string }
        #expect(globs == ["**/*.swift", "**/.lint.yml", "**/*.xcodeproj/project.pbxproj", "**/*.xcconfig"])
        client.open(badge, text)
        // No manifest, no project: the newest OS, where foregroundColor is deprecated.
        #expect(Self.codes(client.diagnostics(badge.absoluteString, version: 1)) == ["deprecated_api"])
        func published(_ codes: [String]) -> Bool {
            client.wait { $0["params"]?["uri"]?.string == badge.absoluteString
                && Self.codes($0["params"]?["diagnostics"]?.array) == codes } != nil
        }

        client.clear()
        try "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"P\", platforms: [.iOS(.v15)])\n"
            .write(to: manifest, atomically: true, encoding: .utf8)
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(manifest.absoluteString), "type": 1]]])
        #expect(published([]))

        client.clear()
        try FileManager.default.removeItem(at: manifest)
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(manifest.absoluteString), "type": 3]]])
        #expect(published(["deprecated_api"]))

        client.clear()
        let pbxproj = root.appendingPathComponent("App.xcodeproj/project.pbxproj")
        try FileManager.default.createDirectory(at: pbxproj.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Self.xcodeProject.write(to: pbxproj, atomically: true, encoding: .utf8)
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(pbxproj.absoluteString), "type": 1]]])
        #expect(published([]))
    }

    /// An Xcode project whose one configuration targets iOS 15.
    static let xcodeProject = """
        // !$*UTF8*$!
        {
            archiveVersion = 1;
            classes = {
            };
            objectVersion = 56;
            objects = {
                C1000001 /* Project object */ = {
                    isa = PBXProject;
                    buildConfigurationList = D1000001;
                    mainGroup = B1000001;
                };
                B1000001 = {
                    isa = PBXGroup;
                    children = (
                    );
                    sourceTree = "<group>";
                };
                E1000001 /* Debug */ = {
                    isa = XCBuildConfiguration;
                    buildSettings = {
                        IPHONEOS_DEPLOYMENT_TARGET = 15.0;
                        SDKROOT = iphoneos;
                    };
                    name = Debug;
                };
            };
            rootObject = C1000001 /* Project object */;
        }

        """

    /// A change re-publishes the open files whose findings depend on the changed file, and only
    /// those: an unrelated open file's lint stops once its context is chosen and unchanged.
    @Test func onlyDependentsArePublishedAgain() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let other = root.appendingPathComponent("Sources/Other.swift")
        let otherText = "import SwiftUI\n\nstruct Other: View {\n    let spare: Int\n    var body: some View { Text(\"o\") }\n}\n"
        try otherText.write(to: other, atomically: true, encoding: .utf8)
        let client = LSPClient()
        _ = client.initialize(root: root)
        let card = root.appendingPathComponent("Sources/Card.swift")
        let ext = root.appendingPathComponent("Sources/Card+Title.swift")
        client.open(other, otherText)
        #expect(Self.codes(client.diagnostics(other.absoluteString, version: 1)) == ["unused_stored_input"])
        client.open(card, Self.view)
        #expect(Self.codes(client.diagnostics(card.absoluteString, version: 1)) == ["unused_stored_input"])
        client.open(ext, Self.extensionText)
        _ = client.diagnostics(ext.absoluteString, version: 1)
        // Let the lints that opening caused settle, then edit the extension.
        _ = client.wait(timeout: 1) { _ in false }
        let unchangedBefore = client.server.sync { client.server.unchangedCount }
        client.clear()
        client.change(ext, version: 2, [LSPClient.edit(3, 32, 3, 37, "\"\"")])
        // Card reads the extension: published again, now with two findings.
        #expect(client.wait { $0["params"]?["uri"]?.string == card.absoluteString
            && ($0["params"]?["diagnostics"]?.array?.count ?? 0) == 2 } != nil)
        _ = client.wait(timeout: 1) { _ in false }
        // Other never names Card: its lint found the same inputs and published nothing.
        #expect(client.publications(other.absoluteString).isEmpty)
        #expect(client.server.sync { client.server.unchangedCount } > unchangedBefore)
    }


    /// The server runs one lint's rules on several threads: the findings (and suppressed ones)
    /// must be exactly those of one thread, in the same order, on every fixture as one project.
    @Test func rulesOnSeveralThreadsGiveExactlyTheFindingsOfOne() throws {
        let inputs = try FixtureProject.all().flatMap(\.files).map { url in
            LintInput(source: SourceFile(path: LintHarness.relativePath(url), bytes: try [UInt8](Data(contentsOf: url))))
        }
        #expect(inputs.count > 10)
        var configuration = Configuration()
        configuration.onlyRules = RuleRegistry.ids
        func lint(_ threads: Int) -> LintResult {
            Linter.lint(inputs, rules: configuration.configuredRules(), knownRuleIDs: Set(RuleRegistry.ids),
                        metaSeverities: configuration.metaSeverities(), parallel: false, ruleThreads: threads)
        }
        let one = lint(1)
        #expect(!one.findings.isEmpty)
        for threads in [2, 4] {
            let several = lint(threads)
            #expect(several.findings == one.findings)
            #expect(several.suppressedFindings == one.suppressedFindings)
        }
    }

    /// A long session types new names on every keystroke: the table is emptied when it passes
    /// the floor and twice what the live models used, and stays within that bound however many
    /// names come; the pinned names keep their ids through every reset.
    @Test func theNameTableStaysBoundedOverALongSession() {
        let table = NameTable()
        let cache = ModelCache()
        let pinned = table.count
        let append = table.intern("append")
        _ = cache.model(for: ContextSelection.Candidate(path: "/p/A.swift", bytes: Array("struct A {}".utf8)))
        var highest = 0
        var resets = 0
        for keystroke in 0..<5_000 {
            for k in 0..<3 { _ = table.intern("typed\(keystroke)_\(k)") }
            highest = max(highest, table.count)
            if cache.boundNames(floor: 1_000, table: table) {
                resets += 1
                #expect(table.count == pinned && cache.count == 0)
                #expect(table.intern("append") == append && table.existing("typed\(keystroke)_0") == nil)
                // The next lint's models, about 300 names: the bound then is the floor.
                for k in 0..<300 { _ = table.intern("live\(k)") }
            }
        }
        #expect(resets > 10 && highest <= 1_000 + 3)
    }

    /// The served process (`viewlint server`, whose floor is `defaultNameTableFloor`) empties its
    /// name table once a lint leaves it past the bound, and the findings after that are the ones
    /// before: the models are extracted again, the open file's and the context's from disk.
    @Test func aServedProcessEmptiesItsNameTablePastTheBoundAndKeepsItsFindings() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let client = try LSPClient(launching: CLIRunner.executable, ["server", "--in-process"])
        _ = client.initialize(root: root)
        let card = root.appendingPathComponent("Sources/Card.swift")
        let uri = card.absoluteString
        client.open(card, Self.view)
        let before = try #require(client.diagnostics(uri, version: 1, timeout: 120))
        #expect(Self.codes(before) == ["unused_stored_input"])
        func isReset(_ message: JSON) -> Bool {
            message["method"] == "window/logMessage" && message["params"]?["message"]?.string?.contains("name table") == true
        }
        #expect(!client.messages.contains(where: isReset))
        // More distinct names read than the bound, in one version: its lint leaves the table past it.
        let bound = LanguageServer.defaultNameTableFloor
        let reads = (0..<(bound + bound / 5)).map { "    _ = typed\($0)\n" }.joined()
        client.change(card, version: 2, [["text": .string(Self.view + "func typing() {\n" + reads + "}\n")]])
        let crowded = try #require(client.diagnostics(uri, version: 2, timeout: 300))
        #expect(Self.codes(crowded) == ["unused_stored_input"])
        #expect(client.wait(timeout: 60, isReset) != nil)
        // After the reset: the same findings, at the same places, for the same text.
        client.change(card, version: 3, [["text": .string(Self.view)]])
        let after = try #require(client.diagnostics(uri, version: 3, timeout: 120))
        #expect(after == before)
        // And a change made after it is seen: reading `spare` removes the finding.
        client.change(card, version: 4, [LSPClient.edit(5, 26, 5, 31, "label.id(spare)")])
        #expect(Self.codes(client.diagnostics(uri, version: 4, timeout: 120)) == [])
        #expect(client.request("shutdown")?["result"] == .null)
        client.notify("exit")
        #expect(client.wait(timeout: 10) { _ in client.exit != nil } != nil || client.exit != nil)
        #expect(client.exit == 0)
    }
}
