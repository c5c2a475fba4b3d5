import ViewLintSyntax

/// A JSON value whose objects keep their keys in the order they were built, so reports read in a
/// sensible order (`ruleId` before `message`, `$schema` first) and are byte-for-byte stable.
public enum JSONValue: Sendable, Equatable {
    case object([(String, JSONValue)])
    case array([JSONValue])
    case string(String)
    case int(Int)
    case bool(Bool)
    case null

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        case (.array(let x), .array(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.int(let x), .int(let y)): return x == y
        case (.bool(let x), .bool(let y)): return x == y
        case (.null, .null): return true
        default: return false
        }
    }

    /// Pretty-printed with two-space indentation and a final newline.
    public func rendered() -> String {
        var writer = JSONWriter()
        writer.value(self)
        return writer.finish()
    }
}

/// Writes pretty-printed JSON (two-space indentation, `"key": value`, a final newline) straight
/// into one byte buffer, value by value, exactly as `JSONValue.rendered()` prints the same
/// document. A report of 260,000 findings written through it builds no tree of values and no
/// string per finding: the formatters stream each finding's members as they read them.
public struct JSONWriter {
    public private(set) var bytes: [UInt8] = []
    /// For each open object or array, whether it has a member yet (the next one needs a comma).
    private var open: [Bool] = []

    public init(capacity: Int = 4096) { bytes.reserveCapacity(capacity) }

    /// The document with its final newline.
    public mutating func finish() -> String {
        bytes.append(0x0A)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Hands what is written so far to `sink` once it is a chunk's worth (see `ReportSink`).
    public mutating func drain(to sink: ReportSink) {
        ReportChunk.drain(&bytes, to: sink)
    }

    /// Ends the document with its final newline and hands the rest to `sink`.
    public mutating func finish(to sink: ReportSink) {
        bytes.append(0x0A)
        ReportChunk.drain(&bytes, to: sink, atLeast: 1)
    }

    public mutating func beginObject() { beginContainer(0x7B) }
    public mutating func endObject() { endContainer(0x7D) }
    public mutating func beginArray() { beginContainer(0x5B) }
    public mutating func endArray() { endContainer(0x5D) }

    /// An object member's key; its value follows.
    public mutating func key(_ name: String) {
        startElement()
        JSONString.write(name, into: &bytes)
        bytes.append(0x3A) // :
        bytes.append(0x20)
        afterKey = true
    }

    public mutating func string(_ text: String) {
        startValue()
        JSONString.write(text, into: &bytes)
    }

    /// A string value given as bytes that need no escaping (digits, hex, ASCII names).
    public mutating func plainString(_ write: (inout [UInt8]) -> Void) {
        startValue()
        bytes.append(0x22)
        write(&bytes)
        bytes.append(0x22)
    }

    public mutating func int(_ number: Int) {
        startValue()
        NumberBytes.appendDecimal(number, to: &bytes)
    }

    public mutating func bool(_ flag: Bool) {
        startValue()
        bytes.append(contentsOf: (flag ? "true" : "false").utf8)
    }

    public mutating func null() {
        startValue()
        bytes.append(contentsOf: "null".utf8)
    }

    /// `"name": "text"`, the commonest member.
    public mutating func member(_ name: String, _ text: String) {
        key(name)
        string(text)
    }

    public mutating func member(_ name: String, _ number: Int) {
        key(name)
        int(number)
    }

    public mutating func value(_ value: JSONValue) {
        switch value {
        case .object(let members):
            beginObject()
            for (name, member) in members {
                key(name)
                self.value(member)
            }
            endObject()
        case .array(let elements):
            beginArray()
            for element in elements { self.value(element) }
            endArray()
        case .string(let text): string(text)
        case .int(let number): int(number)
        case .bool(let flag): bool(flag)
        case .null: null()
        }
    }

    /// A value inside an array starts an element; after a key it does not.
    private var afterKey = false

    private mutating func startValue() {
        if afterKey {
            afterKey = false
        } else {
            startElement()
        }
    }

    private mutating func startElement() {
        guard let hasMembers = open.last else {
            return
        }
        if hasMembers { bytes.append(0x2C) } // ,
        open[open.count - 1] = true
        newLine()
    }

    /// A line break and the indentation of the current depth, copied from one constant: an
    /// array literal per element and a byte at a time per space were a fifth of a SARIF report.
    private mutating func newLine() {
        let width = 2 * open.count
        if width < JSONWriter.indentation.count {
            JSONWriter.indentation.withUnsafeBufferPointer {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<(width + 1)]))
            }
        } else {
            bytes.append(0x0A)
            for _ in 0..<width { bytes.append(0x20) }
        }
    }

    /// A line break followed by spaces, enough for the depths reports reach.
    private static let indentation: [UInt8] = [0x0A] + [UInt8](repeating: 0x20, count: 64)

    private mutating func beginContainer(_ opening: UInt8) {
        startValue()
        bytes.append(opening)
        open.append(false)
    }

    private mutating func endContainer(_ closing: UInt8) {
        let hadMembers = open.removeLast()
        if hadMembers { newLine() }
        bytes.append(closing)
    }
}
