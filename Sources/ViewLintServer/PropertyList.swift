import ViewLintEngine

/// A reader for the property lists the SF Symbols catalogue comes in: macOS ships
/// `name_availability.plist` binary (`bplist00`), and a copy converted for Linux CI (`plutil
/// -convert xml1`) is XML. Dictionaries, arrays and strings are read; numbers, dates, data and
/// booleans are left out of the dictionary or array that holds them (the catalogue has none,
/// and its reader asks only for strings). Anything else, OpenStep's text format among it, is
/// not read. Foundation's decoder did this before; linking it cost every `viewlint` process
/// 2 MB and over a millisecond of start.
enum PropertyList {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func parse(_ bytes: [UInt8]) -> Result<PlistValue, Failure> {
        if bytes.starts(with: Array("bplist".utf8)) {
            guard bytes.starts(with: Array("bplist00".utf8)) else { return .failure(Failure(description: "is a binary property list of another version than bplist00")) }
            var reader = BinaryReader(bytes: bytes)
            return reader.read().mapError { Failure(description: "is not a valid binary property list (\($0.reason))") }
        }
        var reader = XMLReader(bytes: bytes)
        return reader.read().mapError { Failure(description: "is not an XML or binary property list (\($0.reason))") }
    }
}

/// What the readers found wrong, for the failure's message.
private struct MalformedPart: Error, ExpressibleByStringInterpolation {
    var reason: String
    init(stringLiteral value: String) { reason = value }
}

/// `bplist00`: objects, then a table of their offsets, then a 32-byte trailer saying where the
/// table is, how wide its entries and the objects' references are, and which object is the top.
private struct BinaryReader {
    let bytes: [UInt8]
    var offsetSize = 0
    var referenceSize = 0
    var objectCount = 0
    var tableOffset = 0
    /// Each object's state, by number: a shared object is read once, and a cycle is seen.
    var objects: [ObjectState] = []
    /// The catalogue nests three deep; this bounds the recursion on any input.
    static let maximumDepth = 32

    enum ObjectState {
        case unread
        case reading
        /// nil for a value of a type left out.
        case read(PlistValue?)
    }

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func read() -> Result<PlistValue, MalformedPart> {
        let trailer = bytes.count - 32
        guard trailer >= 8,
              let offsetSize = integer(at: trailer + 6, size: 1), let referenceSize = integer(at: trailer + 7, size: 1),
              let objectCount = integer(at: trailer + 8, size: 8), let top = integer(at: trailer + 16, size: 8),
              let tableOffset = integer(at: trailer + 24, size: 8),
              (1...8).contains(offsetSize), (1...8).contains(referenceSize),
              top < objectCount, tableOffset >= 8, tableOffset <= trailer,
              objectCount <= (trailer - tableOffset) / offsetSize else { return .failure("its trailer is malformed") }
        self.offsetSize = offsetSize
        self.referenceSize = referenceSize
        self.objectCount = objectCount
        self.tableOffset = tableOffset
        objects = Array(repeating: .unread, count: objectCount)
        switch object(top, depth: 0) {
        case .success(let value?): return .success(value)
        case .success(nil): return .failure("its top object is not a dictionary, array or string")
        case .failure(let reason): return .failure(reason)
        }
    }

    /// Object `number`, or nil for a value of a type left out.
    mutating func object(_ number: Int, depth: Int) -> Result<PlistValue?, MalformedPart> {
        guard number < objectCount else { return .failure("a reference to object \(number) of \(objectCount)") }
        switch objects[number] {
        case .read(let value): return .success(value)
        case .reading: return .failure("object \(number) contains itself")
        case .unread: break
        }
        guard depth < Self.maximumDepth else { return .failure("objects nest more than \(Self.maximumDepth) deep") }
        objects[number] = .reading
        guard let offset = integer(at: tableOffset + number * offsetSize, size: offsetSize),
              offset >= 8, offset < tableOffset else { return .failure("object \(number)'s offset is out of range") }
        let marker = bytes[offset]
        let value: PlistValue?
        switch marker >> 4 {
        case 0x5, 0x6, 0xA, 0xD:
            guard let (count, start) = length(marker, at: offset) else { return .failure("object \(number)'s length is malformed") }
            switch marker >> 4 {
            case 0x5:
                guard count <= tableOffset - start else { return .failure("object \(number) runs past the objects") }
                value = .string(String(decoding: bytes[start..<(start + count)], as: UTF8.self))
            case 0x6:
                guard count <= (tableOffset - start) / 2 else { return .failure("object \(number) runs past the objects") }
                let units = (0..<count).map { UInt16(bytes[start + 2 * $0]) << 8 | UInt16(bytes[start + 2 * $0 + 1]) }
                value = .string(String(decoding: units, as: UTF16.self))
            case 0xA:
                guard let references = references(count, at: start) else { return .failure("object \(number) runs past the objects") }
                var elements: [PlistValue] = []
                elements.reserveCapacity(count)
                for reference in references {
                    switch object(reference, depth: depth + 1) {
                    case .success(let element): if let element { elements.append(element) }
                    case .failure(let reason): return .failure(reason)
                    }
                }
                value = .array(elements)
            default:
                guard count <= Int.max / 2, let references = references(2 * count, at: start) else {
                    return .failure("object \(number) runs past the objects")
                }
                var entries: [String: PlistValue] = [:]
                entries.reserveCapacity(count)
                for (key, entry) in zip(references[..<count], references[count...]) {
                    let name: String
                    switch object(key, depth: depth + 1) {
                    case .success(.string(let string)?): name = string
                    case .success: return .failure("a key of object \(number) is not a string")
                    case .failure(let reason): return .failure(reason)
                    }
                    switch object(entry, depth: depth + 1) {
                    case .success(let element): if let element { entries[name] = element }
                    case .failure(let reason): return .failure(reason)
                    }
                }
                value = .dictionary(entries)
            }
        default:
            value = nil
        }
        objects[number] = .read(value)
        return .success(value)
    }

    /// The length in an object's marker (or, for 15 and over, in the integer object after it),
    /// and where the object's contents start.
    func length(_ marker: UInt8, at offset: Int) -> (Int, Int)? {
        guard marker & 0xF == 0xF else { return (Int(marker & 0xF), offset + 1) }
        guard offset + 1 < bytes.count, bytes[offset + 1] >> 4 == 0x1, bytes[offset + 1] & 0xF <= 3 else { return nil }
        let size = 1 << Int(bytes[offset + 1] & 0xF)
        return integer(at: offset + 2, size: size).map { ($0, offset + 2 + size) }
    }

    /// `count` object references starting at `start`, all within the objects.
    func references(_ count: Int, at start: Int) -> [Int]? {
        guard count <= (tableOffset - start) / referenceSize else { return nil }
        return (0..<count).map { integer(at: start + $0 * referenceSize, size: referenceSize) ?? Int.max }
    }

    /// The big-endian unsigned integer of `size` bytes at `offset`; nil past the end or over `Int.max`.
    func integer(at offset: Int, size: Int) -> Int? {
        guard offset >= 0, size <= bytes.count, offset <= bytes.count - size else { return nil }
        var value: UInt64 = 0
        for byte in bytes[offset..<(offset + size)] { value = value << 8 | UInt64(byte) }
        return value <= UInt64(Int.max) ? Int(value) : nil
    }
}

/// Apple's XML property list: `<plist>` around one value, `<dict>` of `<key>` and value,
/// `<array>`, `<string>`; comments, the XML declaration and the DOCTYPE are skipped. Read
/// without recursion: open containers are a stack.
private struct XMLReader {
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
        // A UTF-8 byte order mark.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    enum Container {
        case dictionary([String: PlistValue], key: String?)
        case array([PlistValue])
    }

    struct Tag {
        var name: String
        var closing: Bool
        var empty: Bool
    }

    mutating func read() -> Result<PlistValue, MalformedPart> {
        guard let plist = nextTag() else { return .failure("no <plist> element") }
        guard plist.name == "plist", !plist.closing, !plist.empty else { return .failure("<\(plist.name)> where <plist> belongs") }
        var open: [Container] = []
        var top: PlistValue?
        while top == nil {
            guard let tag = nextTag() else { return .failure("it ends inside <plist>") }
            // A value, once complete, goes into the container it is in; nil for one left out.
            var value: PlistValue?
            switch (tag.name, tag.closing) {
            case ("dict", false), ("array", false):
                if tag.empty {
                    value = tag.name == "dict" ? .dictionary([:]) : .array([])
                } else {
                    open.append(tag.name == "dict" ? .dictionary([:], key: nil) : .array([]))
                    continue
                }
            case ("dict", true):
                guard case .dictionary(let entries, key: nil)? = open.popLast() else { return .failure("a misplaced </dict>") }
                value = .dictionary(entries)
            case ("array", true):
                guard case .array(let elements)? = open.popLast() else { return .failure("a misplaced </array>") }
                value = .array(elements)
            case ("key", false):
                guard case .dictionary(let entries, key: nil)? = open.last else { return .failure("a <key> outside a dictionary") }
                guard let key = tag.empty ? "" : text(closedBy: "key") else { return .failure("a malformed <key>") }
                open[open.count - 1] = .dictionary(entries, key: key)
                continue
            case ("string", false):
                guard let string = tag.empty ? "" : text(closedBy: "string") else { return .failure("a malformed <string>") }
                value = .string(string)
            case ("integer", false), ("real", false), ("date", false), ("data", false):
                guard tag.empty || text(closedBy: tag.name) != nil else { return .failure("a malformed <\(tag.name)>") }
            case ("true", false), ("false", false):
                guard tag.empty || nextTag().map({ $0.name == tag.name && $0.closing }) == true else { return .failure("a malformed <\(tag.name)>") }
            default:
                return .failure("an unexpected <\(tag.closing ? "/" : "")\(tag.name)>")
            }
            switch open.popLast() {
            case .dictionary(var entries, key: let key?)?:
                if let value { entries[key] = value }
                open.append(.dictionary(entries, key: nil))
            case .dictionary(_, key: nil)?:
                return .failure("a value without its <key>")
            case .array(var elements)?:
                if let value { elements.append(value) }
                open.append(.array(elements))
            case nil:
                guard let value else { return .failure("its top value is not a dictionary, array or string") }
                top = value
            }
        }
        guard let end = nextTag(), end.name == "plist", end.closing else { return .failure("more than one value in <plist>") }
        skipMarkup()
        guard index == bytes.count else { return .failure("text after </plist>") }
        return top.map { .success($0) } ?? .failure("no value")
    }

    /// Skips spaces, comments, the XML declaration and the DOCTYPE.
    mutating func skipMarkup() {
        while index < bytes.count {
            if isSpace(bytes[index]) {
                index += 1
            } else if starts(with: "<!--") {
                index = end(of: "-->", from: index + 4)
            } else if starts(with: "<?") {
                index = end(of: "?>", from: index + 2)
            } else if starts(with: "<!") {
                index = end(of: ">", from: index + 2)
            } else {
                return
            }
        }
    }

    /// The next tag after markup and spaces (its attributes skipped); nil at the end or at text.
    mutating func nextTag() -> Tag? {
        skipMarkup()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "<") else { return nil }
        index += 1
        let closing = index < bytes.count && bytes[index] == UInt8(ascii: "/")
        if closing { index += 1 }
        let nameStart = index
        while index < bytes.count && isNameByte(bytes[index]) { index += 1 }
        let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
        let close = end(of: ">", from: index)
        guard close <= bytes.count, close > index, bytes[close - 1] == UInt8(ascii: ">") else { return nil }
        let empty = close - 2 >= index && bytes[close - 2] == UInt8(ascii: "/")
        index = close
        return Tag(name: name, closing: closing, empty: empty)
    }

    /// The text up to `</name>`, entities decoded and CDATA sections taken as they are; nil
    /// without that end tag or with an unknown entity.
    mutating func text(closedBy name: String) -> String? {
        var text = ""
        while true {
            let start = index
            while index < bytes.count && bytes[index] != UInt8(ascii: "<") { index += 1 }
            guard let decoded = Self.decodingEntities(bytes[start..<index]) else { return nil }
            text += decoded
            if starts(with: "<![CDATA[") {
                let contentStart = index + 9
                index = end(of: "]]>", from: contentStart)
                guard index <= bytes.count else { return nil }
                text += String(decoding: bytes[contentStart..<(index - 3)], as: UTF8.self)
            } else if starts(with: "<!--") {
                index = end(of: "-->", from: index + 4)
            } else {
                break
            }
        }
        guard let tag = nextTag(), tag.name == name, tag.closing else { return nil }
        return text
    }

    /// `&lt;` `&gt;` `&amp;` `&quot;` `&apos;` and numeric references decoded.
    static func decodingEntities(_ raw: ArraySlice<UInt8>) -> String? {
        guard raw.contains(UInt8(ascii: "&")) else { return String(decoding: raw, as: UTF8.self) }
        var text = ""
        var rest = raw[...]
        while let ampersand = rest.firstIndex(of: UInt8(ascii: "&")) {
            text += String(decoding: rest[..<ampersand], as: UTF8.self)
            guard let semicolon = rest[ampersand...].firstIndex(of: UInt8(ascii: ";")) else { return nil }
            let entity = String(decoding: rest[(ampersand + 1)..<semicolon], as: UTF8.self)
            switch entity {
            case "lt": text += "<"
            case "gt": text += ">"
            case "amp": text += "&"
            case "quot": text += "\""
            case "apos": text += "'"
            default:
                let hex = entity.hasPrefix("#x") || entity.hasPrefix("#X")
                guard entity.hasPrefix("#"), let code = UInt32(entity.dropFirst(hex ? 2 : 1), radix: hex ? 16 : 10),
                      let scalar = Unicode.Scalar(code) else { return nil }
                text.unicodeScalars.append(scalar)
            }
            rest = rest[(semicolon + 1)...]
        }
        return text + String(decoding: rest, as: UTF8.self)
    }

    func starts(with prefix: String) -> Bool { index < bytes.count && bytes[index...].starts(with: prefix.utf8) }

    /// The index just past the first `terminator` at or after `start`; the end of the bytes without one.
    func end(of terminator: String, from start: Int) -> Int {
        let pattern = Array(terminator.utf8)
        var i = min(start, bytes.count)
        while i < bytes.count {
            if bytes[i...].starts(with: pattern) { return i + pattern.count }
            i += 1
        }
        return bytes.count + 1
    }

    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: ":"), UInt8(ascii: "."): true
        default: false
        }
    }
}
