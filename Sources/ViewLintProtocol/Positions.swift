import ViewLintSyntax

/// An LSP position: a 0-based line and a 0-based character offset counted in UTF-16 code units
/// (the encoding a server gets unless it negotiates another; viewlint advertises only this one).
public struct Position: Sendable, Hashable, Comparable {
    public var line: Int
    public var character: Int

    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    public static func < (a: Position, b: Position) -> Bool {
        a.line != b.line ? a.line < b.line : a.character < b.character
    }

    public var json: JSON { ["line": .int(line), "character": .int(character)] }

    public init?(_ json: JSON?) {
        guard let line = json?["line"]?.int, let character = json?["character"]?.int, line >= 0, character >= 0 else {
            return nil
        }
        self.init(line: line, character: character)
    }
}

public struct TextRange: Sendable, Hashable {
    public var start: Position
    public var end: Position

    public init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }

    public var json: JSON { ["start": start.json, "end": end.json] }

    public init?(_ json: JSON?) {
        guard let start = Position(json?["start"]), let end = Position(json?["end"]) else { return nil }
        self.init(start: start, end: end)
    }
}

/// Converts between byte offsets into a document's UTF-8 text and LSP positions.
///
/// Lines end at `\n`, `\r\n` or a lone `\r`, as both LSP and the Swift compiler count them
/// (`SourceFile.lineStarts`). Characters are counted as the engine counts its columns: a valid
/// scalar is one or two UTF-16 units, and each maximal invalid UTF-8 subsequence is one U+FFFD,
/// one unit, which is what a client shows for bytes it could not decode.
///
/// Out-of-range positions are clamped, as the specification asks: a character past the end of
/// its line means the end of the line, a line past the end of the text means its end. A
/// character that falls between the two halves of a surrogate pair resolves to the start of the
/// scalar, so an edit can never split a UTF-8 sequence.
public struct LineIndex: Sendable {
    public let file: SourceFile

    public init(_ file: SourceFile) { self.file = file }
    public init(bytes: [UInt8]) { self.file = SourceFile(path: "", bytes: bytes) }

    public var bytes: [UInt8] { file.bytes }
    public var lineCount: Int { file.lineCount }

    /// The byte offset where line `line` (0-based) starts its content and where that content ends.
    func contentRange(line: Int) -> Range<Int> { file.lineRange(line + 1) }

    public func offset(of position: Position) -> Int {
        guard position.line < file.lineCount else { return file.bytes.count }
        let range = contentRange(line: position.line)
        var units = 0
        var i = range.lowerBound
        return file.bytes.withUnsafeBufferPointer { buffer in
            while i < range.upperBound && units < position.character {
                let (length, valid) = SourceFile.utf8Sequence(at: i, in: buffer)
                let width = valid && length == 4 ? 2 : 1
                if units + width > position.character { break }
                units += width
                i += min(length, range.upperBound - i)
            }
            return i
        }
    }

    public func position(of offset: Int) -> Position {
        let clamped = max(0, min(offset, file.bytes.count))
        let line = file.line(ofOffset: clamped) - 1
        let range = contentRange(line: line)
        let end = min(clamped, range.upperBound)
        var units = 0
        var i = range.lowerBound
        file.bytes.withUnsafeBufferPointer { buffer in
            while i < end {
                let (length, valid) = SourceFile.utf8Sequence(at: i, in: buffer)
                units += valid && length == 4 ? 2 : 1
                i += length
            }
        }
        return Position(line: line, character: units)
    }

    public func range(of bytes: Range<Int>) -> TextRange {
        TextRange(start: position(of: bytes.lowerBound), end: position(of: bytes.upperBound))
    }

    /// The text with `range` replaced by `text`, as `textDocument/didChange` describes an edit.
    public func replacing(_ range: TextRange, with text: String) -> [UInt8] {
        let start = offset(of: range.start)
        let end = max(start, offset(of: range.end))
        var out: [UInt8] = []
        out.reserveCapacity(file.bytes.count + text.utf8.count)
        out.append(contentsOf: file.bytes[..<start])
        out.append(contentsOf: text.utf8)
        out.append(contentsOf: file.bytes[end...])
        return out
    }
}

/// The text after a `textDocument/didChange`'s `contentChanges`, applied in order: a change
/// with a `range` replaces that range (positions as `LineIndex` resolves them), one without
/// replaces the whole text; a change without `text` is skipped. The language server and its
/// supervisor (which keeps every open document's text to replay it to a new worker) both
/// apply edits with this, so they can never disagree on a document's text.
public func apply(contentChanges: JSON?, to index: LineIndex) -> LineIndex {
    var index = index
    for change in contentChanges?.array ?? [] {
        guard let text = change["text"]?.string else { continue }
        if let range = TextRange(change["range"]) {
            index = LineIndex(bytes: index.replacing(range, with: text))
        } else {
            index = LineIndex(bytes: Array(text.utf8))
        }
    }
    return index
}
