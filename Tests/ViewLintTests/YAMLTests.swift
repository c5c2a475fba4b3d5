import Testing
import ViewLintEngine

/// The YAML subset `.lint.yml` is written in: every supported form parses to the value YAML
/// gives it, and every unsupported or malformed form is an error at the right line and column.
@Suite("YAML subset")
struct YAMLTests {
    // MARK: Helpers: a compact rendering of parsed values, so expectations read like the input.

    static func render(_ node: YAMLNode) -> String {
        switch node.value {
        case .null: return "~"
        case .scalar(let text, let quoted): return quoted ? "\"\(text)\"" : text
        case .list(let items): return "[" + items.map(render).joined(separator: ", ") + "]"
        case .map(let entries): return "{" + entries.map { "\($0.key): \(render($0.value))" }.joined(separator: ", ") + "}"
        }
    }

    func parsed(_ text: String) throws -> String { YAMLTests.render(try YAML.parse(text)) }

    func failure(_ text: String) -> YAMLError? {
        do {
            _ = try YAML.parse(text)
            return nil
        } catch {
            return error
        }
    }

    /// Expects an error at `position` ("line:column") whose message contains `fragment`.
    func expectError(_ text: String, at position: String, _ fragment: String,
                     sourceLocation: SourceLocation = #_sourceLocation) {
        guard let error = failure(text) else {
            Issue.record("no error for:\n\(text)", sourceLocation: sourceLocation)
            return
        }
        #expect(error.position.description == position, "\(error)", sourceLocation: sourceLocation)
        #expect(error.message.contains(fragment), "\(error)", sourceLocation: sourceLocation)
    }

    // MARK: Accepted

    @Test func emptyAndCommentOnlyDocumentsAreNull() throws {
        #expect(try parsed("") == "~")
        #expect(try parsed("# just a comment\n\n   # another\n") == "~")
        #expect(try parsed("---\n# nothing\n") == "~")
        #expect(try parsed("\u{FEFF}") == "~")
    }

    @Test func blockMapsNestByIndentation() throws {
        let text = """
            # leading comment
            rules:
              a: off   # trailing comment
              b:
                severity: error
                names: [x, y]
            strict: true

            """
        #expect(try parsed(text) == "{rules: {a: off, b: {severity: error, names: [x, y]}}, strict: true}")
        #expect(try parsed("---\na: 1\n") == "{a: 1}")
    }

    @Test func blockListsIndentedOrAtTheKeysIndentation() throws {
        #expect(try parsed("exclude:\n  - a\n  - b\nstrict: false\n") == "{exclude: [a, b], strict: false}")
        #expect(try parsed("exclude:\n- a\n- b\nstrict: false\n") == "{exclude: [a, b], strict: false}")
        #expect(try parsed("- a\n-   b\n-\n- # comment\n") == "[a, b, ~, ~]")
    }

    @Test func compactNestedForms() throws {
        #expect(try parsed("- name: a\n  size: 1\n- name: b\n") == "[{name: a, size: 1}, {name: b}]")
        #expect(try parsed("- - x\n  - y\n- z\n") == "[[x, y], z]")
        #expect(try parsed("- a:\n  - x\n  b: 2\n") == "[{a: [x], b: 2}]")
        #expect(try parsed("-\n  a: 1\n") == "[{a: 1}]")
        #expect(try parsed("key:\n  -\n    deep: yes\n") == "{key: [{deep: yes}]}")
    }

    @Test func flowLists() throws {
        #expect(try parsed("a: []") == "{a: []}")
        #expect(try parsed("a: [x, 'y z', \"w\", [1, [2]]]") == "{a: [x, \"y z\", \"w\", [1, [2]]]}")
        #expect(try parsed("a: [x, y, ]  # trailing comma") == "{a: [x, y]}")
        #expect(try parsed("a: [\n  x,   # first\n\n  y\n]\nb: 1\n") == "{a: [x, y], b: 1}")
        #expect(try parsed("['**/Generated/**', Sources/*.swift]") == "[\"**/Generated/**\", Sources/*.swift]")
        // As in any YAML, a pattern that starts with '*' must be quoted, or it reads as an alias.
        expectError("[**/Generated/**]", at: "1:2", "aliases")
        #expect(try parsed("a: [x#y, http://h:8/p]") == "{a: [x#y, http://h:8/p]}")
    }

    @Test func plainScalarsKeepTheirText() throws {
        // Versions stay text: 17.10 is not 17.1, and 017 keeps its zero.
        #expect(try parsed("ios: 17.10\nn: 017\nb: yes\n") == "{ios: 17.10, n: 017, b: yes}")
        #expect(try parsed("url: http://example.com/a#b\n") == "{url: http://example.com/a#b}")
        #expect(try parsed("a: one two   # comment\n") == "{a: one two}")
        #expect(try parsed("time: 12:30\n") == "{time: 12:30}")
        #expect(try parsed("a:\tb\n") == "{a: b}")
        #expect(try parsed("key : value\n") == "{key: value}")
        #expect(try parsed("a: é 🧪\n") == "{a: é 🧪}")
        #expect(try parsed("a:\n") == "{a: ~}")
        #expect(try parsed("- x\n") == "[x]")
        #expect(try parsed("just text") == "just text")
    }

    @Test func quotedScalars() throws {
        #expect(try parsed("a: 'it''s # not a comment'") == "{a: \"it's # not a comment\"}")
        #expect(try parsed(#"a: "tab\there \"q\" back\\slash \u00e9 \U0001F9EA \x41 \/""#)
                == "{a: \"tab\there \"q\" back\\slash é 🧪 A /\"}")
        #expect(try parsed(#"a: "line\nbreak""#) == "{a: \"line\nbreak\"}")
        #expect(try parsed("'quoted key': 1\n\"other key\": 2\n") == "{quoted key: 1, other key: 2}")
        #expect(try parsed("a: 'true'") == "{a: \"true\"}")
        #expect(try parsed("a: ''") == "{a: \"\"}")
    }

    @Test func lineEndingsAndByteOrderMark() throws {
        #expect(try parsed("a: 1\r\nb:\r\n  - x\r\n") == "{a: 1, b: [x]}")
        #expect(try parsed("a: 1\rb: 2\r") == "{a: 1, b: 2}")
        #expect(try parsed("\u{FEFF}a: 1\n") == "{a: 1}")
    }

    @Test func positionsCountCharacters() throws {
        let root = try YAML.parse("# c\nkey:\n  - é: x\n")
        guard case .map(let entries) = root.value, case .list(let items) = entries[0].value.value,
              case .map(let inner) = items[0].value else {
            Issue.record("unexpected shape")
            return
        }
        #expect(entries[0].keyPosition == TextPosition(line: 2, column: 1))
        #expect(items[0].position == TextPosition(line: 3, column: 5))
        #expect(inner[0].value.position == TextPosition(line: 3, column: 8))
        // After a BOM and multi-byte characters, columns still count what an editor shows.
        expectError("\u{FEFF}é: 'x", at: "1:4", "unterminated")
        expectError("🧪: [x] y", at: "1:8", "unexpected text")
    }

    // MARK: Rejected, with position

    @Test func indentationErrors() {
        expectError("a:\n\tb: 1\n", at: "2:1", "tab in indentation")
        expectError("a:\n    b: 1\n  c: 2\n", at: "3:3", "unexpected indentation")
        expectError("a: 1\n  b: 2\n", at: "2:3", "a value must fit on one line")
        expectError("a: [x]\n  b\n", at: "2:3", "a value must fit on one line")
        expectError("- a\n  b\n", at: "2:3", "a value must fit on one line")
        expectError("-\n  a\n  b\n", at: "3:3", "a value must fit on one line")
        expectError("- a\n   - b\n", at: "2:4", "unexpected indentation")
        expectError("  a: 1\nb: 2\n", at: "2:1", "indented less than the document's first line")
        expectError("a: 1\nb\n", at: "2:1", "expected 'key: value'")
        expectError("a: 1\n- b\n", at: "2:1", "a list item where a key was expected")
        expectError("- a\nb: 1\n", at: "2:1", "unexpected content after the document's top-level list")
    }

    @Test func unsupportedYAMLFeatures() {
        expectError("a: &anchor 1\n", at: "1:4", "anchors")
        expectError("a: *alias\n", at: "1:4", "aliases")
        expectError("a: !tag x\n", at: "1:4", "tags")
        expectError("a: |\n  text\n", at: "1:4", "block scalars")
        expectError("a: >\n  text\n", at: "1:4", "block scalars")
        expectError("a: {b: 1}\n", at: "1:4", "flow maps")
        expectError("a: [x, {b: 1}]\n", at: "1:8", "flow maps")
        expectError("%YAML 1.2\n---\na: 1\n", at: "1:1", "directives")
        expectError("a: @x\n", at: "1:4", "quote the value")
        expectError("a: `x`\n", at: "1:4", "quote the value")
        expectError("? a\n: b\n", at: "1:1", "complex keys")
        expectError("a: 1\n---\nb: 2\n", at: "2:1", "several documents")
        expectError("a: 1\n...\n", at: "2:1", "several documents")
        expectError("&a x: 1\n", at: "1:1", "anchors")
    }

    @Test func keyAndValueShapeErrors() {
        expectError("a: 1\nb: 2\na: 3\n", at: "3:1", "duplicate key 'a' (first at line 1)")
        expectError("a: - b\n", at: "1:4", "a list cannot start on its key's line")
        expectError("a: b: c\n", at: "1:4", "a map cannot start on its key's line")
        expectError(": x\n", at: "1:1", "missing key")
        expectError("a: , b\n", at: "1:4", "unexpected ','")
        expectError("a: ]\n", at: "1:4", "unexpected ']'")
    }

    @Test func quotedScalarErrors() {
        expectError("a: 'open\n", at: "1:4", "unterminated quoted string")
        expectError("a: \"open\n  more\"\n", at: "1:4", "unterminated quoted string")
        expectError(#"a: "bad \q escape""#, at: "1:9", "unknown escape '\\q'")
        expectError(#"a: "\u12""#, at: "1:5", "needs 4 hexadecimal digits")
        expectError(#"a: "\uD800""#, at: "1:5", "valid character")
        expectError("a: 'x' y\n", at: "1:8", "unexpected text after the value")
        expectError("a: \"x\"#c\n", at: "1:7", "a comment needs a space before '#'")
        expectError("'a' b: 1\n", at: "1:5", "unexpected text after the value")
    }

    @Test func flowListErrors() {
        expectError("a: [x, y\n", at: "1:4", "'[' is never closed")
        expectError("a: [x, [y]\nb: 1\n", at: "1:4", "'[' is never closed")
        expectError("a: [x,, y]\n", at: "1:7", "empty item in a list")
        expectError("a: [,]\n", at: "1:5", "empty item in a list")
        expectError("a: [x: y]\n", at: "1:6", "maps inside '[ ]'")
        expectError("a: [- x]\n", at: "1:5", "'- item' list cannot appear inside '[ ]'")
        expectError("a: [x]]\n", at: "1:7", "unexpected text after the value")
        expectError("a: [x] y\n", at: "1:8", "unexpected text after the value")
        expectError("a: [x\n  y]\n", at: "2:3", "expected ',' or ']'")
        expectError("a:\n  b: [x,\n  c: 1\n", at: "2:6", "'[' is never closed")
        expectError("a: [x, 'y]\n", at: "1:8", "unterminated quoted string")
        expectError("a: [x\n---\n", at: "1:4", "'[' is never closed")
    }

    @Test func encodingErrors() {
        expectError("a: 1\nb: \u{0}\n", at: "2:4", "NUL byte")
        do {
            _ = try YAML.parse([0x61, 0x3A, 0x20, 0xC3, 0xA9, 0x20, 0xFF, 0x0A])
            Issue.record("invalid UTF-8 accepted")
        } catch {
            #expect(error.position == TextPosition(line: 1, column: 6))
            #expect(error.message.contains("invalid UTF-8"))
        }
        // An overlong encoding of '/' and a lone surrogate are invalid too.
        #expect(failure(String(decoding: [0x61], as: UTF8.self)) == nil)
        for bad: [UInt8] in [[0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE2, 0x82]] {
            #expect(throws: YAMLError.self) { _ = try YAML.parse([0x61, 0x3A, 0x20] + bad) }
        }
    }

    @Test func nestingIsBounded() {
        let deepFlow = "a: " + String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        expectError(deepFlow, at: "1:68", "nesting deeper than 64")
        var deepBlock = ""
        for level in 0..<100 { deepBlock += String(repeating: " ", count: level) + "k\(level):\n" }
        let error = failure(deepBlock)
        #expect(error?.message.contains("nesting deeper than 64") == true)
        // Very long inputs of every shape finish (linear work per line).
        let wide = "a: [" + Array(repeating: "x", count: 100_000).joined(separator: ", ") + "]"
        #expect(failure(wide) == nil)
    }
}

/// Random inputs built from the characters that matter to YAML, JSON and globs: every reader
/// must return a value or an error, never crash or hang.
@Suite("Readers survive random input")
struct RandomInputTests {
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
        mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
    }

    static let pieces: [String] = [
        " ", "  ", "\t", "\n", "\r\n", "\r", "-", "- ", ":", ": ", "#", " #", "[", "]", "{", "}", ",", "'", "''",
        "\"", "\\", "\\u00e9", "\\q", "*", "**", "?", "&", "!", "|", ">", "%", "@", "`", "---", "...", "a", "key",
        "rules", "exclude", "true", "17.0", "é", "🧪", "\u{0}", "\u{FEFF}", "/", "..", "[!", "a-z",
    ]

    func randomText(_ generator: inout Generator) -> String {
        var text = ""
        for _ in 0..<Int(generator.next() % 40) { text += generator.pick(Self.pieces) }
        return text
    }

    @Test func yamlAndConfigurationNeverCrash() {
        var generator = Generator(state: 0x9E37_79B9_7F4A_7C15)
        for _ in 0..<20_000 {
            let text = randomText(&generator)
            _ = try? YAML.parse(text)
            _ = try? ConfigurationLoader.load(text, path: "fuzz.yml")
        }
        // Raw bytes too, invalid UTF-8 included.
        for _ in 0..<5_000 {
            let bytes = (0..<Int(generator.next() % 60)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            _ = try? YAML.parse(bytes)
        }
    }

    @Test func baselineAndGlobReadersNeverCrash() {
        var generator = Generator(state: 0xD1B5_4A32_D192_ED03)
        let json: [String] = ["{", "}", "[", "]", ",", ":", "\"", "\\", "\\u", "d83e", "1", "-", "e", "true", "null",
                              "\"version\"", "\"findings\"", " ", "\n", "<<<<<<<"]
        for _ in 0..<20_000 {
            var text = ""
            for _ in 0..<Int(generator.next() % 30) { text += generator.pick(json) }
            _ = try? Baseline.decode(Array(text.utf8), path: "fuzz.json")
            let pattern = randomText(&generator)
            if let glob = try? Glob(pattern) { _ = glob.matches(randomText(&generator)) }
        }
    }
}
