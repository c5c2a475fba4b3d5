import Testing
import ViewLintProtocol

@Suite("Language server protocol: JSON, framing, positions")
struct ProtocolTests {
    // MARK: JSON

    @Test func jsonRoundTripsAndSortsKeys() throws {
        let text = #"{"b":[1,2.5,-3e2,true,false,null],"a":"x\"\\\n\u0001é😀","c":{}}"#
        let value = try JSON.parse(text)
        #expect(value["a"]?.string == "x\"\\\n\u{01}é😀")
        #expect(value["b"]?.array?.count == 6)
        #expect(value["b"]?.array?[2].int == -300)
        #expect(value["b"]?.array?[1].int == nil)
        #expect(value.text == #"{"a":"x\"\\\n\u0001é😀","b":[1,2.5,-300,true,false,null],"c":{}}"#)
        #expect(try JSON.parse(value.text) == value)
    }

    /// Messages quote text with the reports' escaper: DEL, C1 controls and U+2028 are escaped
    /// too, so no raw control sequence reaches an editor's log.
    @Test func jsonEscapesAsTheReportsDo() throws {
        let text = "q\"b\\\u{8}\u{C}\u{1F}\u{7F}\u{85}\u{2028}é"
        #expect(JSON.string(text).text == #""q\"b\\\b\f\u001F\u007F\u0085\u2028é""#)
        #expect(try JSON.parse(JSON.string(text).text).string == text)
    }

    @Test func jsonSurrogateEscapes() throws {
        #expect(try JSON.parse(#""\ud83d\ude00""#).string == "😀")
        // A lone surrogate is broken text, not a broken message: it reads as U+FFFD.
        #expect(try JSON.parse(#""a\ud800b""#).string == "a\u{FFFD}b")
        #expect(try JSON.parse(#""\udc00""#).string == "\u{FFFD}")
        #expect(try JSON.parse(#""\ud800\u0041""#).string == "\u{FFFD}A")
    }

    @Test func jsonRejectsMalformedText() {
        for bad in ["", "{", "[1,]", "{\"a\" 1}", "01", "1.", "-", "tru", "\"abc", "\"\u{01}\"", "{} x", "[1 2]",
                    "{\"a\":}", "\"\\x\"", "\"\\u12\"", "nul"] {
            #expect(throws: JSON.ParseError.self, "\(bad)") { try JSON.parse(bad) }
        }
        // Invalid UTF-8 inside a string.
        #expect(throws: JSON.ParseError.self) { try JSON.parse([0x22, 0xFF, 0x22]) }
        #expect(throws: JSON.ParseError.self) { try JSON.parse([0x22, 0xE2, 0x82, 0x22]) }
        // Nesting is bounded, so hostile input cannot exhaust the stack.
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSON.ParseError.self) { try JSON.parse(deep) }
        let fine = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect((try? JSON.parse(fine)) != nil)
    }

    // MARK: Messages

    @Test func messagesDecodeByShape() throws {
        let request = Message.decode(try JSON.parse(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#))
        #expect(request == .success(.request(id: 1, method: "initialize", params: [:])))
        let notification = Message.decode(try JSON.parse(#"{"jsonrpc":"2.0","method":"exit"}"#))
        #expect(notification == .success(.notification(method: "exit", params: nil)))
        let response = Message.decode(try JSON.parse(#"{"jsonrpc":"2.0","id":"7","result":null}"#))
        #expect(response == .success(.response(id: "7", result: .null, error: nil)))

        func failure(_ text: String) throws -> ErrorReply? {
            if case .failure(let reply) = Message.decode(try JSON.parse(text)) { return reply }
            return nil
        }
        #expect(try failure("[]")?.error.code == ErrorCode.invalidRequest.rawValue)
        #expect(try failure(#"{"id":3,"method":"x"}"#)?.id == 3)
        #expect(try failure(#"{"jsonrpc":"2.0","id":3,"method":7}"#)?.id == 3)
        #expect(try failure(#"{"jsonrpc":"2.0","id":{},"method":"x"}"#)?.id == .null)
        #expect(try failure(#"{"jsonrpc":"2.0","id":4,"method":"x","params":5}"#)?.error.code == ErrorCode.invalidRequest.rawValue)
        #expect(try failure(#"{"jsonrpc":"2.0"}"#) != nil)
    }

    // MARK: Framing

    @Test func framesArriveInAnyChunks() {
        let bodies: [[UInt8]] = [Array(#"{"a":1}"#.utf8), Array(#"{"é":"😀"}"#.utf8), []]
        var wire: [UInt8] = []
        for body in bodies { wire += FrameReader.frame(body) }
        // Also a header block with Content-Type and mixed-case names.
        let extra = Array(#"{"z":0}"#.utf8)
        wire += Array("content-length: \(extra.count)\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n".utf8) + extra
        for chunk in [1, 2, 3, 7, wire.count] {
            var reader = FrameReader()
            var got: [FrameReader.Frame] = []
            var i = 0
            while i < wire.count {
                reader.append(wire[i..<min(wire.count, i + chunk)])
                i += chunk
                while let frame = reader.next() { got.append(frame) }
            }
            #expect(got == (bodies + [extra]).map { .message($0) }, "chunk \(chunk)")
        }
    }

    @Test func malformedHeadersAreSkippedAndReadingResumes() {
        var reader = FrameReader()
        let good = Array(#"{"ok":true}"#.utf8)
        reader.append(Array("Content-Length: abc\r\n\r\n".utf8))
        reader.append(Array("X-Nothing: 1\r\n\r\n".utf8))
        reader.append(Array("no colon here\r\n\r\n".utf8))
        reader.append(Array("Content-Length: 99999999999999\r\n\r\n".utf8))
        reader.append(FrameReader.frame(good))
        var frames: [FrameReader.Frame] = []
        while let frame = reader.next() { frames.append(frame) }
        #expect(frames.count == 5)
        #expect(frames.prefix(4).allSatisfy { if case .malformed = $0 { return true } else { return false } })
        #expect(frames.last == .message(good))

        // Garbage with no header end at all: dropped once over the limit, then a real frame reads.
        var flooded = FrameReader()
        flooded.append([UInt8](repeating: 0x41, count: FrameReader.maximumHeaderBytes + 10))
        if case .malformed? = flooded.next() {} else { Issue.record("expected a malformed frame") }
        flooded.append(FrameReader.frame(good))
        #expect(flooded.next() == .message(good))
        #expect(flooded.next() == nil)
    }

    // MARK: Positions

    /// UTF-16 units before `offset` on its line, computed with the standard library, as a client does.
    static func referencePosition(_ text: String, _ offset: Int) -> Position {
        let bytes = Array(text.utf8)
        var line = 0
        var lineStart = 0
        var i = 0
        while i < offset {
            if bytes[i] == 0x0A || (bytes[i] == 0x0D && (i + 1 >= bytes.count || bytes[i + 1] != 0x0A)) {
                line += 1
                lineStart = i + 1
            }
            i += 1
        }
        let prefix = String(decoding: bytes[lineStart..<offset], as: UTF8.self)
        return Position(line: line, character: prefix.utf16.count)
    }

    @Test func positionsCountUTF16UnitsAfterEmojiAndCombiningMarks() {
        let text = "let a = \"😀\" // é\r\nvar 👩‍👩‍👧 = 1\rx\n\u{10FFFF}z"
        let index = LineIndex(bytes: Array(text.utf8))
        let bytes = Array(text.utf8)
        var offset = 0
        // At every scalar boundary, both directions agree with the standard library's count.
        for scalar in text.unicodeScalars {
            let position = index.position(of: offset)
            if bytes[offset] != 0x0A && bytes[offset] != 0x0D {
                #expect(position == Self.referencePosition(text, offset), "offset \(offset)")
                #expect(index.offset(of: position) == offset, "offset \(offset)")
            }
            offset += String(scalar).utf8.count
        }
        #expect(index.position(of: bytes.count) == Position(line: 3, character: 3))
        // The emoji on line 0 starts at character 9 and takes two units.
        #expect(index.offset(of: Position(line: 0, character: 9)) == 9)
        #expect(index.offset(of: Position(line: 0, character: 11)) == 13)
        // Between the two halves of a surrogate pair: the start of the scalar, never mid-sequence.
        #expect(index.offset(of: Position(line: 0, character: 10)) == 9)
        // Past the end of a line: its end, before the terminator. Past the last line: the end.
        #expect(index.offset(of: Position(line: 0, character: 500)) == Array("let a = \"😀\" // é".utf8).count)
        #expect(index.offset(of: Position(line: 99, character: 0)) == bytes.count)
    }

    @Test func invalidUTF8CountsOneUnitPerInvalidSequence() {
        // "a", a lone continuation byte, "b", a truncated 3-byte sequence, "c", 0xFF, "d".
        let bytes: [UInt8] = [0x61, 0x80, 0x62, 0xE2, 0x82, 0x63, 0xFF, 0x64]
        let index = LineIndex(bytes: bytes)
        // As the client sees it after decoding with replacement: a � b � c � d.
        let shown = String(decoding: bytes, as: UTF8.self)
        #expect(shown == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d")
        #expect(index.position(of: 2) == Position(line: 0, character: 2))
        #expect(index.position(of: 5) == Position(line: 0, character: 4))
        #expect(index.position(of: 8) == Position(line: 0, character: 7))
        #expect(index.offset(of: Position(line: 0, character: 4)) == 5)
        #expect(index.offset(of: Position(line: 0, character: 6)) == 7)
    }

    @Test func editsReplaceExactlyTheRange() {
        let index = LineIndex(bytes: Array("a😀b\nsecond".utf8))
        let edited = index.replacing(TextRange(start: Position(line: 0, character: 1), end: Position(line: 0, character: 3)),
                                     with: "é")
        #expect(String(decoding: edited, as: UTF8.self) == "aéb\nsecond")
        let joined = LineIndex(bytes: edited).replacing(
            TextRange(start: Position(line: 0, character: 3), end: Position(line: 1, character: 0)), with: " ")
        #expect(String(decoding: joined, as: UTF8.self) == "aéb second")
        // An end before the start is treated as an empty range at the start.
        let reversed = LineIndex(bytes: Array("abc".utf8)).replacing(
            TextRange(start: Position(line: 0, character: 2), end: Position(line: 0, character: 1)), with: "X")
        #expect(String(decoding: reversed, as: UTF8.self) == "abXc")
    }

    /// The server and the supervisor apply a didChange's content changes with this one function.
    @Test func contentChangesApplyInOrderAndAWholeTextReplacesAll() {
        let index = LineIndex(bytes: Array("a😀b\nsecond".utf8))
        let changes: JSON = [
            ["range": TextRange(start: Position(line: 0, character: 1), end: Position(line: 0, character: 3)).json, "text": "é"],
            ["range": TextRange(start: Position(line: 1, character: 0), end: Position(line: 1, character: 0)).json, "text": "2nd "],
            ["range": TextRange(start: Position(line: 0, character: 0), end: Position(line: 0, character: 0)).json],
        ]
        #expect(String(decoding: apply(contentChanges: changes, to: index).bytes, as: UTF8.self) == "aéb\n2nd second")
        let whole: JSON = [["text": "new"], ["range": TextRange(start: Position(line: 0, character: 3), end: Position(line: 0, character: 3)).json, "text": "!"]]
        #expect(String(decoding: apply(contentChanges: whole, to: index).bytes, as: UTF8.self) == "new!")
        #expect(apply(contentChanges: nil, to: index).bytes == index.bytes)
    }
}
