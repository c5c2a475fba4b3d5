import Foundation
import Testing
import ViewLintEngine
@testable import ViewLintServer

/// The server's file-URI codec and the symbol catalogue's property-list reader replaced
/// Foundation's `URL` and `PropertyListDecoder` (so that `viewlint` links no Foundation); here
/// Foundation is the oracle they are compared with, on the inputs clients and catalogues send
/// and on malformed ones.
@Suite("File URIs and property lists against Foundation")
struct FoundationReplacementTests {
    /// What the server derived from a URI with Foundation.
    static func foundationPath(_ uri: String) -> String? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        let path = url.standardizedFileURL.path
        return path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    /// URIs as clients send them, and malformed ones (from the probes of round r25).
    static let uris = [
        "file:///a/b.swift", "file:///a%20b/c.swift", "file:///a b/c.swift", "file:///a/%C3%A9.swift", "file:///a/é.swift",
        "file:///a/../b", "file:///a/./b", "file:///a//b", "file:///a/b/", "file:///", "file:/a/b", "file://localhost/a/b",
        "file://host/a/b", "http://x/a", "FILE:///a", "File:///a", "fILe:///x", "file:///a%2Fb", "file:///a%", "file:///a%zz",
        "file:///a%2", "file:///a#frag", "file:///a?q=1", "file:///a%23b", "file:///a%3Fb", "file:///a/%F0%9F%98%80",
        "file:///%E4%B8%AD", "file:///..", "file:///../a", "file:///a/b/../../..", "file:///a/%00b", "untitled:Untitled-1",
        "file:///a/b/.", "file:///a/.../b", "file:///a%2e%2e/b", "file:///a/%2E%2E/b", "file:///C:/x", "file:///c%3A/Users/x",
        "file:///a;b", "file:///a[b]", "file:///a|b", "file:///a\\b", "file:///a^b", "", "/a/b", "a/b", "file:////a",
        "file:///a/b//", "file://localhost/", "file:///a:b", "file:///a@b", "file://user@host/a", "file:///a+b",
        "file:///a&b=c", "file:///a'b", "file:///~a", "file:///a{b}", "file:///a\"b", "file:///a<b>", "file:///a`b",
        "file:///a\u{7f}b", "file:///a\tb", "file:///nonexistent/../x", "file:///a/%2f/b", "file:///a/%2F..", "file:///a%00",
        "file:/", "file://host:80/a", "file://[::1]/a", "file://%41/a", " file:///a", "file:///a ", "file:///a\n",
        "file :///a", "fi le:///a", "1file:///a", "file+x:///a", "file:///a%C3%A9%", "file:///a/%7E", "file:///%25",
        "file:///%2525", "file:///a/b%2F..%2Fc", "file:///tmp/../private", "file:///~", "file:/a/../..", "file:///a/./",
        "file:///./a", "file:///a/b/..//c", "file:///a%2F%20b", "file:///a%00%20b", "file:///a%20%zz", "file:///a b%20c",
        "file:///é%C3%A9", "file:///a/%2e", "file:///a?", "file:///a#", "file:///?", "file:///#", "file:///%", "file:///%41%4",
        "file:///home/user/My%20Project/Sources/App/ContentView.swift", "file://localhost/a%20b/", "file:///a/b/../c/./d//e/",
        "file:///a/..b/c", "file:///a/b..", "file:///a/.b", "file:///.", "file://localhost:8080/x",
    ] + (1...127).map { "file:///a\(Character(Unicode.Scalar(UInt8($0))))b%20c" }

    /// Where the codec answers differently on purpose: Foundation's answers there came from the
    /// process (its current and home directory), or were "" for no path at all.
    static let deliberateDifferences: [String: String?] = [
        "file://": nil, "file:": nil, "file://localhost": nil, "file://host": nil, "file:?x": nil, "file:#x": nil,
        "file:a/b": nil, "file:~/x": nil, "file:.": nil,
        // Escapes of invalid UTF-8.
        "file:///a/%FF": nil, "file:///a%C3": nil, "file:///%C0%AF": nil, "file:///%ED%A0%80": nil,
        // Any host is ignored; Foundation rejected the URI for a space in it.
        "file://ho st/a": "/a",
    ]

    @Test func pathsOfURIsAreFoundations() {
        for uri in Self.uris where Self.deliberateDifferences[uri] == nil {
            #expect(FileURI.path(of: uri) == Self.foundationPath(uri), "\(uri.debugDescription)")
        }
        for (uri, path) in Self.deliberateDifferences {
            #expect(FileURI.path(of: uri) == path, "\(uri.debugDescription)")
        }
    }

    /// A final `..` is taken away lexically; Foundation followed a symbolic link there (and only there).
    @Test func aFinalDotDotIsLexical() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("viewlint-uri-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("real/inner"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createSymbolicLink(atPath: root.path + "/link", withDestinationPath: root.path + "/real/inner")
        #expect(FileURI.path(of: "file://\(root.path)/link/..") == root.path)
        #expect(FileURI.path(of: "file://\(root.path)/link/../x") == Self.foundationPath("file://\(root.path)/link/../x"))
        #expect(FileURI.path(of: "file:///private/etc") == "/private/etc")
    }

    static let paths = [
        "/a/b.swift", "/a b/c", "/a%b", "/a#b", "/a?b", "/é", "/😀", "/中", "/a/../b", "/a/./b", "/a//b", "/", "/a;b",
        "/a[b]", "/a|b", "/a\\b", "/a^b", "/a:b", "/a@b", "/a+b", "/a&b=c", "/a'b", "/~a", "/a{b}", "/a\"b", "/a<b>", "/a`b",
        "/a\u{7f}b", "/a\tb", "/a!b", "/a$b", "/a*b", "/a(b)", "/a,b", "/a=b", "/a-b_c.d", "/a\u{0}b", "/a/%2F", "/a/%41",
        "/~/x", "/home/u/My Project/Sources/A.swift", "/x/\u{1}\u{1f}", "/a\nb", "/ü/ñ/€", "/nonexistent/file.swift",
    ] + (1...127).map { "/a\(Character(Unicode.Scalar(UInt8($0))))b" }

    @Test func urisOfPathsAreFoundations() {
        for path in Self.paths {
            let uri = FileURI.uri(of: path)
            #expect(uri == URL(fileURLWithPath: path).absoluteString, "\(path.debugDescription)")
            // And back: the path, standardized (a NUL stays encoded, as it did).
            if !path.contains("\u{0}") { #expect(FileURI.path(of: uri) == PathName.normalize(path), "\(path.debugDescription)") }
        }
    }

    /// The server's paths (from URIs, and the roots it walks) are normalized as Foundation standardized them.
    @Test func normalizedPathsAreFoundations() {
        for path in Self.paths where !path.contains("\u{0}") {
            #expect(PathName.normalize(path) == URL(fileURLWithPath: path).standardizedFileURL.path, "\(path.debugDescription)")
        }
    }

    // MARK: Property lists

    /// A value as the reader keeps it: strings, dictionaries and arrays; other types left out.
    static func kept(_ any: Any) -> PlistValue? {
        if let string = any as? String { return .string(string) }
        if let dictionary = any as? [String: Any] { return .dictionary(dictionary.compactMapValues(kept)) }
        if let array = any as? [Any] { return .array(array.compactMap(kept)) }
        return nil
    }

    static let texts = ["", "a", "<&>\"'", "é", "😀", "中文", "a\nb", " lead", "trail ", "]]>", "&amp;", "x\u{1}y", "\u{FFFD}", "tab\t",
                        String(repeating: "x", count: 20), String(repeating: "é", count: 300)]

    static var samples: [Any] {
        var big: [String: String] = [:]
        for i in 0..<5_000 { big["symbol.\(i).fill"] = "\(2019 + i % 6)" }
        var deep: Any = "leaf"
        for i in 0..<20 { deep = ["level\(i)": deep, "s": "x"] }
        return [
            ["symbols": Dictionary(uniqueKeysWithValues: texts.enumerated().map { ("k\($0.offset)\($0.element)", $0.element) })],
            Dictionary(uniqueKeysWithValues: texts.map { ($0, $0) }),
            ["symbols": ["star": "2019", "a.b": "2020"], "year_to_release": ["2019": ["iOS": "13.0", "macOS": "10.15"]],
             "other": [1, 2.5, true, "x", ["y": Date(timeIntervalSince1970: 0)]] as [Any], "data": Data([1, 2, 3]), "n": 42],
            ["a", "b", ["c": "d"]] as [Any], "just a string", [String: String](), [Any](),
            ["symbols": big, "year_to_release": ["2019": ["iOS": "13.0"]]], deep,
            (0..<300).map { ["k\($0)": "v\($0)"] },
        ]
    }

    @Test func xmlAndBinaryPropertyListsReadAsFoundationReadsThem() throws {
        for (number, sample) in Self.samples.enumerated() {
            for format in [PropertyListSerialization.PropertyListFormat.xml, .binary] {
                let data = try PropertyListSerialization.data(fromPropertyList: sample, format: format, options: 0)
                let expected = Self.kept(try PropertyListSerialization.propertyList(from: data, options: [], format: nil))
                guard case .success(let value) = PropertyList.parse([UInt8](data)) else {
                    Issue.record("sample \(number), \(format == .xml ? "XML" : "binary"): not read")
                    continue
                }
                #expect(value == expected, "sample \(number), \(format == .xml ? "XML" : "binary")")
            }
        }
    }

    @Test func xmlAsPeopleWriteIt() {
        let cases: [(String, PlistValue)] = [
            ("<?xml version=\"1.0\"?><!-- c --><plist version=\"1.0\"><dict><!-- in --><key>a</key><!-- between --><string>b</string></dict></plist>",
             .dictionary(["a": .string("b")])),
            ("<plist><string>a&#65;&#x42;&lt;</string></plist>", .string("aAB<")),
            ("<plist><string><![CDATA[x<y]]></string></plist>", .string("x<y")),
            ("\u{FEFF}<plist><string>bom</string></plist>\n<!-- end -->\n", .string("bom")),
            ("<plist><dict><key>a</key><true/><key>n</key><integer>3</integer><key>b</key><string>c</string></dict></plist>",
             .dictionary(["b": .string("c")])),
            ("<plist><array><string/><dict/><array/></array></plist>", .array([.string(""), .dictionary([:]), .array([])])),
            ("<plist><dict><key>a</key><string>1</string><key>a</key><string>2</string></dict></plist>", .dictionary(["a": .string("2")])),
        ]
        for (text, expected) in cases {
            guard case .success(let value) = PropertyList.parse(Array(text.utf8)) else {
                Issue.record("not read: \(text)")
                continue
            }
            #expect(value == expected, "\(text)")
            #expect(Self.kept((try? PropertyListSerialization.propertyList(from: Data(text.utf8), options: [], format: nil)) ?? "?") == expected,
                    "Foundation: \(text)")
        }
    }

    /// What Foundation rejects is rejected, and so are OpenStep text (the catalogue is never in
    /// it) and other binary versions, each with a one-line reason.
    @Test func anythingElseIsRejectedWithAReason() {
        let cases: [(String, String)] = [
            ("", "is not an XML or binary property list (no <plist> element)"),
            ("{ symbols = { a = b; }; }", "is not an XML or binary property list (no <plist> element)"),
            ("bplist00", "is not a valid binary property list (its trailer is malformed)"),
            ("bplist01" + String(repeating: "x", count: 40), "is a binary property list of another version than bplist00"),
            ("<plist>", "is not an XML or binary property list (it ends inside <plist>)"),
            ("<plist><dict></plist>", "is not an XML or binary property list (an unexpected </plist>)"),
            ("<plist><dict><key>a</key></dict></plist>", "is not an XML or binary property list (a misplaced </dict>)"),
            ("<plist><dict><string>x</string></dict></plist>", "is not an XML or binary property list (a value without its <key>)"),
            ("<plist><string>a&bogus;b</string></plist>", "is not an XML or binary property list (a malformed <string>)"),
            ("<plist><string>a</string><string>b</string></plist>", "is not an XML or binary property list (more than one value in <plist>)"),
            ("<plist><unknown>x</unknown></plist>", "is not an XML or binary property list (an unexpected <unknown>)"),
            ("<plist><string>a<b</string></plist>", "is not an XML or binary property list (a malformed <string>)"),
            ("<plist><string>a", "is not an XML or binary property list (a malformed <string>)"),
        ]
        for (text, reason) in cases {
            guard case .failure(let failure) = PropertyList.parse(Array(text.utf8)) else {
                Issue.record("read: \(text.debugDescription)")
                continue
            }
            #expect(failure.description == reason, "\(text.debugDescription)")
            #expect(!failure.description.contains("\n"))
        }
    }

    /// Bytes changed at random in a catalogue, XML and binary: an answer every time, never a trap.
    @Test func corruptedCataloguesNeverTrap() throws {
        let sample: [String: Any] = ["symbols": ["star": "2019", "a.b": "2020", "c": "2021"],
                                     "year_to_release": ["2019": ["iOS": "13.0", "macOS": "10.15"]]]
        var generator = SystemRandomNumberGenerator()
        for format in [PropertyListSerialization.PropertyListFormat.xml, .binary] {
            let data = [UInt8](try PropertyListSerialization.data(fromPropertyList: sample, format: format, options: 0))
            for _ in 0..<5_000 {
                var bytes = data
                for _ in 0..<Int.random(in: 1...4, using: &generator) {
                    bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
                }
                if Bool.random(using: &generator) { bytes.removeLast(Int.random(in: 0..<bytes.count, using: &generator)) }
                _ = PropertyList.parse(bytes)
            }
        }
    }

    @Test func theCatalogueLoaderNamesWhatIsWrong() throws {
        let binary = try PropertyListSerialization.data(fromPropertyList: [
            "symbols": ["star": "2019"], "year_to_release": ["2019": ["iOS": "13.0"]], "version": 7,
        ] as [String: Any], format: .binary, options: 0)
        guard case .success(let catalogue) = SymbolCatalogueLoader.parse([UInt8](binary), source: "c.plist") else {
            Issue.record("the binary catalogue was not read")
            return
        }
        #expect(catalogue.contains("star") && catalogue.introduced("star") == ["ios": [13, 0]])

        let shape = try PropertyListSerialization.data(fromPropertyList: ["symbols": ["star": 2019]], format: .xml, options: 0)
        guard case .failure(let failure) = SymbolCatalogueLoader.parse([UInt8](shape), source: "c.plist") else {
            Issue.record("a catalogue of numbers was read")
            return
        }
        #expect(failure.description == "has no 'symbols' and 'year_to_release' dictionaries of names, releases and versions")
    }
}
