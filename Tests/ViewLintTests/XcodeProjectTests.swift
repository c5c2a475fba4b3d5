import Foundation
import Testing
@testable import ViewLintEngine
import ViewLintSyntax

@Suite("Xcode projects")
struct XcodeProjectTests {
    /// A project shaped like Xcode writes them: two targets, Debug and Release each, a
    /// project-level configuration, one based on an xcconfig in a nested group.
    static let project = """
        // !$*UTF8*$!
        {
            archiveVersion = 1;
            classes = {
            };
            objectVersion = 56;
            objects = {

        /* Begin PBXFileReference section */
                A1000001 /* Shared.xcconfig */ = {isa = PBXFileReference; lastKnownFileType = text.xcconfig; path = Shared.xcconfig; sourceTree = "<group>"; };
                A1000002 /* App.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = App.swift; sourceTree = "<group>"; };
        /* End PBXFileReference section */

        /* Begin PBXGroup section */
                B1000001 = {
                    isa = PBXGroup;
                    children = (
                        B1000002 /* Config */,
                        A1000002 /* App.swift */,
                    );
                    sourceTree = "<group>";
                };
                B1000002 /* Config */ = {
                    isa = PBXGroup;
                    children = (
                        A1000001 /* Shared.xcconfig */,
                    );
                    path = Config;
                    sourceTree = "<group>";
                };
        /* End PBXGroup section */

        /* Begin PBXProject section */
                C1000001 /* Project object */ = {
                    isa = PBXProject;
                    buildConfigurationList = D1000001;
                    mainGroup = B1000001;
                };
        /* End PBXProject section */

        /* Begin XCBuildConfiguration section */
                E1000001 /* Debug */ = {
                    isa = XCBuildConfiguration;
                    buildSettings = {
                        IPHONEOS_DEPLOYMENT_TARGET = 17.0;
                        MACOSX_DEPLOYMENT_TARGET = 14.0;
                        SDKROOT = iphoneos;
                    };
                    name = Debug;
                };
                E1000002 /* Release */ = {
                    isa = XCBuildConfiguration;
                    baseConfigurationReference = A1000001 /* Shared.xcconfig */;
                    buildSettings = {
                        IPHONEOS_DEPLOYMENT_TARGET = "16.4";
                        "OTHER_SWIFT_FLAGS" = "-D RELEASE";
                    };
                    name = Release;
                };
                E1000003 /* Debug */ = {
                    isa = XCBuildConfiguration;
                    buildSettings = {
                        WATCHOS_DEPLOYMENT_TARGET = 10.0;
                        MACOSX_DEPLOYMENT_TARGET = "$(RECOMMENDED_MACOSX_DEPLOYMENT_TARGET)";
                    };
                    name = Debug;
                };
        /* End XCBuildConfiguration section */
            };
            rootObject = C1000001 /* Project object */;
        }
        """

    @Test func lowestVersionPerPlatformAcrossConfigurations() throws {
        let platforms = try XcodeProjectPlatforms.parse(Self.project)
        #expect(platforms.platforms == ["ios": [16, 4], "macos": [14, 0], "watchos": [10, 0]])
        #expect(platforms.configurationFiles == ["Config/Shared.xcconfig"])
    }

    @Test func xcconfigSettingsAndIncludes() {
        let config = XCConfig.parse("""
            // Shared settings
            #include "Base.xcconfig"
            #include? "Local.xcconfig"
            IPHONEOS_DEPLOYMENT_TARGET = 15.0 // the oldest we support
            MACOSX_DEPLOYMENT_TARGET[sdk=macosx*] = "12.0"
            SWIFT_VERSION = 5.0
            """)
        #expect(config.includes.map(\.path) == ["Base.xcconfig", "Local.xcconfig"])
        #expect(config.includes.map(\.optional) == [false, true])
        #expect(config.settings.map { "\($0.key)=\($0.value)" } == [
            "IPHONEOS_DEPLOYMENT_TARGET=15.0", "MACOSX_DEPLOYMENT_TARGET=12.0", "SWIFT_VERSION=5.0",
        ])
    }

    @Test func malformedProjectsAreErrorsWithALine() {
        for (text, line) in [("{ a = b }", 1), ("{\n a = (1, 2;\n}", 2), ("{ a = \"open", 1), ("", 1)] {
            #expect(throws: OpenStepPlist.ParseError.self) { try XcodeProjectPlatforms.parse(text) }
            do {
                _ = try OpenStepPlist.parse(text)
            } catch let error as OpenStepPlist.ParseError {
                #expect(error.line == line, "\(text.debugDescription): \(error)")
            } catch {}
        }
        let deep = String(repeating: "(", count: 10_000) + String(repeating: ")", count: 10_000)
        #expect(throws: OpenStepPlist.ParseError.self) { try OpenStepPlist.parse(deep) }
    }

    /// What a reading of a project file answers, an error as its description, so that two
    /// readings can be compared.
    static func describe(_ read: () throws -> XcodeProjectPlatforms) -> String {
        do {
            let platforms = try read()
            return "\(platforms.platforms.sorted { $0.key < $1.key }) \(platforms.configurationFiles)"
        } catch {
            return "error \(error)"
        }
    }

    /// What `parse` answers for a text, to compare the scanner with the tree it replaces.
    static func outcomes(_ text: String) -> (scanned: String, tree: String) {
        (describe { try XcodeProjectPlatforms.parse(text) }, describe { try XcodeProjectPlatforms.parseTree(text) })
    }

    /// Whether the scanner read a text itself, without falling back to the tree.
    static func scans(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var scanner = ProjectFileScanner(bytes)
            return scanner.platforms() != nil
        }
    }

    @Test func scannerAgreesWithTheTreeOnDamagedProjects() {
        #expect(Self.scans(Self.project))
        let bytes = Array(Self.project.utf8)
        var texts: [String] = []
        for end in 0...bytes.count { texts.append(String(decoding: bytes[..<end], as: UTF8.self)) }
        let replacements: [UInt8] = Array("{}();=,\"\\/*\n K".utf8) + [0xE2, 0xFF]
        for position in stride(from: 0, to: bytes.count, by: 3) {
            for replacement in replacements {
                var damaged = bytes
                damaged[position] = replacement
                texts.append(String(decoding: damaged, as: UTF8.self))
            }
        }
        for text in texts {
            let (scanned, tree) = Self.outcomes(text)
            #expect(scanned == tree, "\(text.debugDescription)")
        }
    }

    @Test func scannerAgreesWithTheTreeOnOddProjects() {
        let base = Self.project
        let tooDeep: String = String(repeating: "{ a = ", count: 70) + "b" + String(repeating: "; }", count: 70)
        // Lists inside a setting: 60 deep is the deepest the grammar takes, 61 too deep.
        let deepSettings = [60, 61].map { (lists: Int) -> String in
            "{ objects = { A = { isa = XCBuildConfiguration; buildSettings = { MACOSX_DEPLOYMENT_TARGET = 11; x = "
                + String(repeating: "(", count: lists) + String(repeating: ")", count: lists) + "; }; }; }; }"
        }
        let cases: [String] = [
            // Later keys replace earlier ones, at every level.
            base.replacingOccurrences(of: "IPHONEOS_DEPLOYMENT_TARGET = 17.0;", with: "IPHONEOS_DEPLOYMENT_TARGET = 12.0; IPHONEOS_DEPLOYMENT_TARGET = (1);"),
            base.replacingOccurrences(of: "name = Debug;", with: "name = Debug; isa = PBXGroup;"),
            base.replacingOccurrences(of: "name = Release;", with: "name = Release; buildSettings = { TVOS_DEPLOYMENT_TARGET = 9.0; };"),
            base.replacingOccurrences(of: "name = Release;", with: "name = Release; buildSettings = 1;"),
            base.replacingOccurrences(of: "rootObject = C1000001 /* Project object */;", with: "rootObject = C1000001; rootObject = {};"),
            base.replacingOccurrences(of: "objectVersion = 56;", with: "objects = { E9 = { isa = XCBuildConfiguration; buildSettings = { XROS_DEPLOYMENT_TARGET = 1.0; }; }; };"),
            base + "\n",
            base.replacingOccurrences(of: "/* End XCBuildConfiguration section */", with: "E1000001 = { isa = XCBuildConfiguration; buildSettings = { TVOS_DEPLOYMENT_TARGET = 10.0; }; };"),
            base.replacingOccurrences(of: "/* End XCBuildConfiguration section */", with: "E1000001 = \"gone\";"),
            // Escapes and quoting in keys, values and ids.
            base.replacingOccurrences(of: "isa = XCBuildConfiguration;", with: "\"is\\a\" = \"XCBuild\\Configuration\";"),
            base.replacingOccurrences(of: "IPHONEOS_DEPLOYMENT_TARGET = \"16.4\";", with: "\"IPHONEOS_DEPLOYMENT_TARGET\" = \" 16.\\4\\n\";"),
            base.replacingOccurrences(of: "A1000001", with: "\"A1000001\""),
            base.replacingOccurrences(of: "A1000001 /* Shared.xcconfig */;", with: "\"A100\\0001\";"),
            // Ids Swift strings compare by canonical equivalence.
            base.replacingOccurrences(of: "B1000002", with: "K").replacingOccurrences(of: "K /* Config */,", with: "\u{212A},"),
            base.replacingOccurrences(of: "E1000003", with: "\"e\u{301}\"").replacingOccurrences(of: "E1000002", with: "\u{E9}"),
            // The group tree: source trees, paths, cycles, missing objects.
            base.replacingOccurrences(of: "path = Config;", with: "path = Config; sourceTree = SOURCE_ROOT;"),
            base.replacingOccurrences(of: "path = Config;", with: "path = /abs; sourceTree = \"<absolute>\";"),
            base.replacingOccurrences(of: "path = Config;", with: "path = Config; sourceTree = BUILT_PRODUCTS_DIR;"),
            base.replacingOccurrences(of: "path = Config;", with: "path = (Config);"),
            base.replacingOccurrences(of: "A1000001 /* Shared.xcconfig */,", with: "(A1000001), B1000001, Z9, A1000001, {a = b;},"),
            base.replacingOccurrences(of: "mainGroup = B1000001;", with: "mainGroup = B1000002;"),
            base.replacingOccurrences(of: "mainGroup = B1000001;", with: "mainGroup = (B1000001);"),
            base.replacingOccurrences(of: "rootObject = C1000001 /* Project object */;", with: "rootObject = A1000001;"),
            base.replacingOccurrences(of: "isa = PBXFileReference; lastKnownFileType = text.xcconfig;", with: "isa = PBXGroup;"),
            "{ objects = { A = { isa = XCBuildConfiguration; buildSettings = { MACOSX_DEPLOYMENT_TARGET = 11; }; }; }; }",
            "( a, b )", "x", "{}", "{ objects = (); rootObject = x; }",
            tooDeep, deepSettings[0], deepSettings[1],
        ]
        for text in cases {
            let (scanned, tree) = Self.outcomes(text)
            #expect(scanned == tree, "\(text.debugDescription)")
        }
        #expect(Self.outcomes(deepSettings[0]).tree.contains("macos"))
        #expect(Self.outcomes(deepSettings[1]).tree.hasPrefix("error"))
    }

    /// Every `project.pbxproj` under VIEWLINT_PBXPROJ_DIR (real apps), when it is set.
    @Test func scannerAgreesWithTheTreeOnRealProjects() throws {
        guard let dir = ProcessInfo.processInfo.environment["VIEWLINT_PBXPROJ_DIR"] else { return }
        let paths = FileManager.default.enumerator(atPath: dir)?.compactMap { $0 as? String }
            .filter { $0.hasSuffix("project.pbxproj") } ?? []
        #expect(!paths.isEmpty)
        for path in paths {
            let text = try String(decoding: Data(contentsOf: URL(fileURLWithPath: dir + "/" + path)), as: UTF8.self)
            let (scanned, tree) = Self.outcomes(text)
            #expect(scanned == tree, "\(path)")
            #expect(Self.scans(text), "\(path)")
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: dir + "/" + path)))
            #expect((try? XcodeProjectPlatforms.parse(bytes: bytes)) == (try? XcodeProjectPlatforms.parse(text)), "\(path)")
        }
    }

    /// The bytes `String(decoding:as:)` keeps unchanged are exactly those `UTF8Check` accepts.
    @Test func wellFormedUTF8IsWhatDecodingKeeps() {
        var generator = SystemRandomNumberGenerator()
        let interesting: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0,
                                    0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF]
        var cases: [[UInt8]] = [[], Array("plain ascii text, longer than eight bytes".utf8), Array("caf\u{E9} \u{1F600} \u{10FFFF}".utf8),
                                [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE0, 0x9F, 0xBF], [0xC0, 0x80], [0xE2, 0x82]]
        for _ in 0..<20_000 {
            let count = Int.random(in: 0...12, using: &generator)
            cases.append((0..<count).map { _ in
                Bool.random(using: &generator) ? interesting.randomElement(using: &generator)! : UInt8.random(in: 0...255, using: &generator)
            })
        }
        for bytes in cases {
            let kept = Array(String(decoding: bytes, as: UTF8.self).utf8) == bytes
            #expect(bytes.withUnsafeBufferPointer(UTF8Check.isWellFormed) == kept, "\(bytes)")
        }
    }

    /// Reading an xcconfig's bytes agrees with reading them as a string, on the ASCII files it
    /// reads as bytes and on the others it hands to the string reading.
    @Test func xcconfigBytesReadAsTheString() {
        let pieces = ["#include \"a.xcconfig\"", "#include? \"b\"", "#include", "#include \"x", "KEY = value", "KEY[sdk=iphoneos*] = 17.0",
                      "  A\t=\t\"quoted\"  ", "B = \"", "C=", "= D", "E ] = F = G", "H = i // comment", "// only", "J = k/l//m", "/",
                      "\t", "", "K [x] = y", "L = \"\"", "M = caf\u{E9}", "N = a\r", "\r\n", "]=", "[=]"]
        var generator = SystemRandomNumberGenerator()
        var texts = pieces.map { $0 + "\n" }
        for _ in 0..<3_000 {
            let lines = (0..<Int.random(in: 1...5, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
            texts.append(lines.joined(separator: "\n") + (Bool.random(using: &generator) ? "\n" : ""))
        }
        for text in texts {
            #expect(XCConfig.parse(bytes: Array(text.utf8)) == XCConfig.parse(text), "\(text.debugDescription)")
        }
    }

    /// A project file read from its bytes reads as its text does, errors included, and bytes
    /// that are not UTF-8 as their repaired text.
    @Test func projectBytesReadAsTheText() {
        let texts = [Self.project, Self.project.replacingOccurrences(of: "App.xcodeproj", with: "Caf\u{E9}.xcodeproj"),
                     "{ objects = { A = { isa = XCBuildConfiguration; buildSettings = { MACOSX_DEPLOYMENT_TARGET = 11; }; }; }; }",
                     "( a, b )", "x", "{}", "{ objects = (); rootObject = x; }", "{ a = \"unterminated; }"]
        for text in texts {
            #expect(Self.describe { try XcodeProjectPlatforms.parse(bytes: Array(text.utf8)) } == Self.describe { try XcodeProjectPlatforms.parse(text) })
            var broken = Array(text.utf8)
            broken.insert(0xFF, at: broken.count / 2)
            #expect(Self.describe { try XcodeProjectPlatforms.parse(bytes: broken) }
                    == Self.describe { try XcodeProjectPlatforms.parse(String(decoding: broken, as: UTF8.self)) })
        }
    }
}

/// The resolution order through the real binary: configuration, then the nearest
/// Package.swift, then the nearest Xcode project (with xcconfig indirection).
@Suite("Deployment target from Xcode projects", .serialized)
struct XcodeDeploymentTargetTests {
    func project(_ files: [String: String]) throws -> URL {
        let dir = try CLIRunner.temporaryDirectory()
        for (path, text) in files { try CLIRunner.write(text, to: dir.appendingPathComponent(path)) }
        return dir
    }

    @Test func xcodeProjectWithXcconfigIndirection() throws {
        let dir = try project([
            "App.xcodeproj/project.pbxproj": XcodeProjectTests.project,
            "Config/Shared.xcconfig": "#include \"Base.xcconfig\"\nIPHONEOS_DEPLOYMENT_TARGET = 15.0\n",
            "Config/Base.xcconfig": "MACOSX_DEPLOYMENT_TARGET = 12.0 // still supported\n",
            "App/Views/Home.swift": "struct Home {}\n",
            // A local package inside the app's repository uses its own manifest.
            "Packages/Kit/Package.swift": "let package = Package(name: \"Kit\", platforms: [.iOS(.v17)])\n",
            "Packages/Kit/Sources/Kit/K.swift": "struct K {}\n",
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = try CLIRunner.run(["lint", "--print-deployment-target", "App", "Packages"], in: dir)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout == """
            App/Views/Home.swift: ios 15.0, macos 12.0, watchos 10.0 (from App.xcodeproj/project.pbxproj, Config/Shared.xcconfig, Config/Base.xcconfig)
            Packages/Kit/Package.swift: ios 17.0 (from Packages/Kit/Package.swift)
            Packages/Kit/Sources/Kit/K.swift: ios 17.0 (from Packages/Kit/Package.swift)

            """)
        // The configuration wins over both.
        try CLIRunner.write("deployment_target:\n  ios: 18.0\n", to: dir.appendingPathComponent(".lint.yml"))
        let configured = try CLIRunner.run(["lint", "--print-deployment-target", "App"], in: dir)
        #expect(configured.stdout == "App/Views/Home.swift: ios 18.0 (from .lint.yml)\n")
    }

    @Test func malformedProjectIsANoteAndTheRunContinues() throws {
        let dir = try project([
            "Broken.xcodeproj/project.pbxproj": "{\n  objects = {\n    A = { isa = XCBuildConfiguration\n",
            "Sources/V.swift": "struct V {}\n",
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = try CLIRunner.run(["lint", "--print-deployment-target", "Sources"], in: dir)
        #expect(out.status == 0)
        #expect(out.stderr.contains("Broken.xcodeproj/project.pbxproj:"))
        #expect(out.stderr.contains("its deployment targets are unknown"))
        #expect(out.stdout.hasPrefix("Sources/V.swift: newest"))
    }
}

/// `observable_object` follows the resolved deployment target, from each source.
@Suite("Observation and the deployment target", .serialized)
struct ObservationDeploymentTests {
    static let model = "final class Library: ObservableObject {\n    @Published var books: [String] = []\n}\n"

    func run(_ files: [String: String], _ arguments: [String] = []) throws -> String {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (path, text) in files { try CLIRunner.write(text, to: dir.appendingPathComponent(path)) }
        return try CLIRunner.run(["lint", "--quiet", "Sources"] + arguments, in: dir).stdout
    }

    @Test func packagePlatforms() throws {
        let manifest = { (platforms: String) in
            "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"P\", platforms: [\(platforms)])\n"
        }
        #expect(try run(["Package.swift": manifest(".iOS(.v17), .macOS(.v14)"), "Sources/L.swift": Self.model])
            .contains("[observable_object]"))
        #expect(try run(["Package.swift": manifest(".iOS(.v16)"), "Sources/L.swift": Self.model]).isEmpty)
        // Every declared platform must have Observation.
        #expect(try run(["Package.swift": manifest(".iOS(.v18), .macOS(.v12)"), "Sources/L.swift": Self.model]).isEmpty)
    }

    @Test func xcodeProjectAndXcconfig() throws {
        let project = XcodeProjectTests.project  // iOS 16.4 (Release), macOS 14, watchOS 10
        #expect(try run(["App.xcodeproj/project.pbxproj": project, "Sources/L.swift": Self.model]).isEmpty)
        let modern = project.replacingOccurrences(of: "\"16.4\"", with: "\"17.0\"")
            .replacingOccurrences(of: "baseConfigurationReference = A1000001 /* Shared.xcconfig */;", with: "")
        #expect(try run(["App.xcodeproj/project.pbxproj": modern, "Sources/L.swift": Self.model])
            .contains("[observable_object]"))
        // The configuration's own base file lowers it again.
        let based = project.replacingOccurrences(of: "\"16.4\"", with: "\"17.0\"")
        #expect(try run(["App.xcodeproj/project.pbxproj": based, "Config/Shared.xcconfig": "IPHONEOS_DEPLOYMENT_TARGET = 15.0\n",
                         "Sources/L.swift": Self.model]).isEmpty)
    }

    @Test func configurationWins() throws {
        #expect(try run([".lint.yml": "deployment_target:\n  ios: 16.0\n", "Package.swift": "let p = Package(name: \"P\", platforms: [.iOS(.v17)])\n",
                         "Sources/L.swift": Self.model]).isEmpty)
    }
}
