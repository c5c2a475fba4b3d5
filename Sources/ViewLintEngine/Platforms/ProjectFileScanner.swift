/// Reads the deployment targets of a `project.pbxproj` in one pass over its bytes, with the
/// grammar of `PlistParser` (its words read by the same `PlistLexer`, the same nesting limit)
/// but without building the tree: values nobody reads are skipped, and of each object only the
/// fields `parseTree` looks at are kept, as byte ranges.
///
/// `platforms()` answers nil, and the caller falls back to `parseTree`, whenever this reading
/// could differ from the tree's: a file the grammar rejects (so the error and its line come
/// from the one parser that reports them), and object ids that are escaped or not ASCII (the
/// tree compares them as Swift strings, by canonical equivalence; plain ASCII ids are equal
/// exactly when their bytes are).
struct ProjectFileScanner {
    typealias Token = PlistLexer.StringToken

    enum Isa { case other, buildConfiguration, fileReference }
    /// How a group-tree node's path starts; `skipped` nodes are left out with their children.
    enum SourceTree { case group, sourceRoot, absolute, skipped }

    /// An entry of the `objects` dictionary: for each field read, the last value written
    /// (later keys replace earlier ones, as in a dictionary).
    struct Object {
        var id: Token
        var isDictionary = false
        var isa = Isa.other
        /// Indices into `settings` of the last `buildSettings` dictionary's deployment targets.
        var settings = 0..<0
        var baseConfigurationReference: Token? = nil
        var path: Token? = nil
        var sourceTree = SourceTree.group
        /// Offset of the `(` of `children`, or -1.
        var children = -1
        var mainGroup: Token? = nil
    }

    /// A deployment-target build setting: which of `platformNames`, and its value (nil when not
    /// a string, which hides an earlier string of the same key).
    struct Setting {
        var platform: Int
        var value: Token?
    }

    /// `XcodeProjectPlatforms.settings` as bytes, in a fixed order (a setting's `platform` is
    /// its index here).
    static let settingKeys: [(key: [UInt8], platform: String)] = XcodeProjectPlatforms.settings
        .sorted { $0.key < $1.key }
        .map { (Array($0.key.utf8), $0.value) }

    /// How a dictionary's values are read: `skipped` only validates them.
    enum Role { case root, objects, object, buildSettings, skipped }

    var lexer: PlistLexer
    var bytes: UnsafeBufferPointer<UInt8> { lexer.bytes }
    var i: Int {
        get { lexer.i }
        set { lexer.i = newValue }
    }
    var objects: [Object] = []
    var settings: [Setting] = []
    var rootObject: Token? = nil
    /// Open addressing over `objects` by id: slot → index of the last object with that id, or -1.
    var slots: [Int32] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>) { lexer = PlistLexer(bytes) }

    static let maxDepth = 64

    mutating func platforms() -> XcodeProjectPlatforms? {
        guard scanDocument() else { return nil }
        buildIndex()
        var configurations: [Int] = []
        for (index, object) in objects.enumerated()
        where object.isDictionary && object.isa == .buildConfiguration && lookup(object.id) == index {
            configurations.append(index)
        }
        configurations.sort { a, b in
            let x = objects[a].id, y = objects[b].id
            return bytes[x.start..<x.end].lexicographicallyPrecedes(bytes[y.start..<y.end])
        }
        var result = XcodeProjectPlatforms(platforms: [:], configurationFiles: [])
        var fileVisits: [Int32]? = nil
        var visits: [Visit] = []
        for index in configurations {
            let object = objects[index]
            var latest = [Token?](repeating: nil, count: Self.settingKeys.count)
            for setting in settings[object.settings] { latest[setting.platform] = setting.value }
            for (platform, value) in latest.enumerated() {
                if let value { result.lower(Self.settingKeys[platform].platform, lexer.string(value)) }
            }
            guard let reference = object.baseConfigurationReference else { continue }
            guard isPlainID(reference) else { return nil }
            if fileVisits == nil {
                guard let walked = walkGroups(&visits) else { return nil }
                fileVisits = walked
            }
            guard let file = lookup(reference), let visit = fileVisits?[file], visit >= 0 else { continue }
            let path = basePath(Int(visit), visits)
            if !result.configurationFiles.contains(path) { result.configurationFiles.append(path) }
        }
        return result
    }

    // MARK: Grammar (as `PlistParser`'s, answering false where it throws)

    // Document = Value (space or comment)*
    mutating func scanDocument() -> Bool {
        lexer.skipSpaceAndComments()
        if i < bytes.count && bytes[i] == 0x7B {
            i += 1
            guard scanDictionary(depth: 0, role: .root) else { return false }
        } else {
            guard skipValue(depth: 0) else { return false }
        }
        lexer.skipSpaceAndComments()
        return i >= bytes.count
    }

    // Dictionary = '{' (String '=' Value ';')* '}', after its '{'; each value read as `role` says.
    mutating func scanDictionary(depth: Int, role: Role) -> Bool {
        while true {
            lexer.skipSpaceAndComments()
            guard i < bytes.count else { return false }
            if bytes[i] == 0x7D { i += 1; return true }
            guard let key = lexer.scanString() else { return false }
            lexer.skipSpaceAndComments()
            guard i < bytes.count, bytes[i] == 0x3D else { return false }
            i += 1
            guard depth + 1 < Self.maxDepth else { return false }
            lexer.skipSpaceAndComments()
            guard i < bytes.count else { return false }
            let read: Bool
            switch role {
            case .root: read = scanRootValue(key, depth: depth + 1)
            case .objects: read = scanObject(key, depth: depth + 1)
            case .object: read = scanField(key, depth: depth + 1)
            case .buildSettings: read = scanSetting(key, depth: depth + 1)
            case .skipped: read = skipValue(depth: depth + 1)
            }
            guard read else { return false }
            lexer.skipSpaceAndComments()
            guard i < bytes.count, bytes[i] == 0x3B else { return false }
            i += 1
        }
    }

    // Value = String | Dictionary | List, validated and passed over.
    mutating func skipValue(depth: Int) -> Bool {
        guard depth < Self.maxDepth else { return false }
        lexer.skipSpaceAndComments()
        guard i < bytes.count else { return false }
        switch bytes[i] {
        case 0x7B:
            i += 1
            return scanDictionary(depth: depth, role: .skipped)
        case 0x28:
            i += 1
            while true {
                lexer.skipSpaceAndComments()
                guard i < bytes.count else { return false }
                if bytes[i] == 0x29 { i += 1; return true }
                guard skipValue(depth: depth + 1) else { return false }
                lexer.skipSpaceAndComments()
                guard i < bytes.count else { return false }
                if bytes[i] == 0x2C { i += 1 } else if bytes[i] != 0x29 { return false }
            }
        default:
            return lexer.scanString() != nil
        }
    }

    /// A string value, or nil (having passed over it) for a dictionary or list.
    mutating func stringValue(depth: Int) -> Token?? {
        if bytes[i] == 0x7B || bytes[i] == 0x28 { return skipValue(depth: depth) ? .some(nil) : nil }
        return lexer.scanString().map { .some($0) }
    }

    // MARK: The values read

    mutating func scanRootValue(_ key: Token, depth: Int) -> Bool {
        if matches(key, "objects") {
            objects.removeAll(keepingCapacity: true)
            guard bytes[i] == 0x7B else { return skipValue(depth: depth) }
            i += 1
            return scanDictionary(depth: depth, role: .objects)
        }
        if matches(key, "rootObject") {
            guard let value = stringValue(depth: depth) else { return false }
            rootObject = value
            return true
        }
        return skipValue(depth: depth)
    }

    mutating func scanObject(_ id: Token, depth: Int) -> Bool {
        guard isPlainID(id) else { return false }
        objects.append(Object(id: id))
        guard bytes[i] == 0x7B else { return skipValue(depth: depth) }
        i += 1
        objects[objects.count - 1].isDictionary = true
        return scanDictionary(depth: depth, role: .object)
    }

    /// The fields of an object `scanField` keeps.
    enum Field { case isa, path, children, mainGroup, sourceTree, buildSettings, baseConfigurationReference }

    /// The field `key` names, or nil. The fields' keys all differ in length, so a key is told by
    /// its length and compared with the one key of that length, each written out as its own
    /// literal (a literal picked at run time cannot be folded into the comparison): compared
    /// with each key in turn, the keys no field has (most) cost seven comparisons. Inlined into
    /// its one caller: a call of its own cost about a third of what the comparisons saved.
    @inline(__always)
    func field(_ key: Token) -> Field? {
        switch key.escaped ? lexer.decoded(key).count : key.end - key.start {
        case 3: return matches(key, "isa") ? .isa : nil
        case 4: return matches(key, "path") ? .path : nil
        case 8: return matches(key, "children") ? .children : nil
        case 9: return matches(key, "mainGroup") ? .mainGroup : nil
        case 10: return matches(key, "sourceTree") ? .sourceTree : nil
        case 13: return matches(key, "buildSettings") ? .buildSettings : nil
        case 26: return matches(key, "baseConfigurationReference") ? .baseConfigurationReference : nil
        default: return nil
        }
    }

    mutating func scanField(_ key: Token, depth: Int) -> Bool {
        let last = objects.count - 1
        guard let field = field(key) else { return skipValue(depth: depth) }
        switch field {
        case .buildSettings:
            let first = settings.count
            objects[last].settings = first..<first
            guard bytes[i] == 0x7B else { return skipValue(depth: depth) }
            i += 1
            guard scanDictionary(depth: depth, role: .buildSettings) else { return false }
            objects[last].settings = first..<settings.count
            return true
        case .children:
            objects[last].children = bytes[i] == 0x28 ? i : -1
            return skipValue(depth: depth)
        case .isa, .path, .mainGroup, .sourceTree, .baseConfigurationReference:
            break
        }
        guard let value = stringValue(depth: depth) else { return false }
        switch field {
        case .isa:
            objects[last].isa = value.map { matches($0, "XCBuildConfiguration") ? .buildConfiguration
                : matches($0, "PBXFileReference") ? .fileReference : .other } ?? .other
        case .sourceTree:
            objects[last].sourceTree = value.map { matches($0, "<group>") ? .group : matches($0, "SOURCE_ROOT") ? .sourceRoot
                : matches($0, "<absolute>") ? .absolute : .skipped } ?? .group
        case .path:
            objects[last].path = value
        case .baseConfigurationReference:
            objects[last].baseConfigurationReference = value
        case .mainGroup:
            objects[last].mainGroup = value
        case .buildSettings, .children:
            break
        }
        return true
    }

    mutating func scanSetting(_ key: Token, depth: Int) -> Bool {
        guard let platform = Self.settingKeys.firstIndex(where: { matches(key, $0.key) }) else { return skipValue(depth: depth) }
        guard let value = stringValue(depth: depth) else { return false }
        settings.append(Setting(platform: platform, value: value))
        return true
    }

    // MARK: Text

    /// Whether a token's text is `literal`. The literals are ASCII without `K`, `;` or `` ` ``,
    /// the only ASCII a non-ASCII Swift string can equal, so comparing bytes agrees with `==`.
    func matches(_ token: Token, _ literal: StaticString) -> Bool {
        literal.withUTF8Buffer { matches(token, $0) }
    }

    func matches<Expected: Collection<UInt8>>(_ token: Token, _ expected: Expected) -> Bool {
        if token.escaped { return lexer.decoded(token).elementsEqual(expected) }
        return token.end - token.start == expected.count && bytes[token.start..<token.end].elementsEqual(expected)
    }

    func isPlainID(_ token: Token) -> Bool {
        !token.escaped && !bytes[token.start..<token.end].contains { $0 >= 0x80 }
    }

    // MARK: Objects by id

    static func hash(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Int {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: h ^ (h >> 29))
    }

    /// Fills `slots`, the last object of each id winning.
    mutating func buildIndex() {
        var capacity = 8
        while capacity < objects.count * 2 { capacity *= 2 }
        slots = [Int32](repeating: -1, count: capacity)
        for index in objects.indices {
            let id = objects[index].id
            var slot = Self.hash(bytes[id.start..<id.end]) & (capacity - 1)
            while slots[slot] >= 0 && !sameID(objects[Int(slots[slot])].id, id) { slot = (slot + 1) & (capacity - 1) }
            slots[slot] = Int32(index)
        }
    }

    func sameID(_ a: Token, _ b: Token) -> Bool {
        a.end - a.start == b.end - b.start && bytes[a.start..<a.end].elementsEqual(bytes[b.start..<b.end])
    }

    /// The object a plain id names.
    func lookup(_ id: Token) -> Int? {
        let capacity = slots.count
        var slot = Self.hash(bytes[id.start..<id.end]) & (capacity - 1)
        while slots[slot] >= 0 {
            if sameID(objects[Int(slots[slot])].id, id) { return Int(slots[slot]) }
            slot = (slot + 1) & (capacity - 1)
        }
        return nil
    }

    // MARK: The group tree (as `filePaths`)

    /// A node reached from the main group; its path is its own `path` after its parent's, or
    /// alone when its source tree resets it.
    struct Visit {
        var object: Int
        var parent: Int
        var resets: Bool
    }

    /// Walks the group tree from the root object's main group in `filePaths`'s order; answers,
    /// per object, the visit of a file reference or -1, and nil when an id it follows is not plain.
    mutating func walkGroups(_ visits: inout [Visit]) -> [Int32]? {
        var fileVisits = [Int32](repeating: -1, count: objects.count)
        guard let root = rootObject else { return fileVisits }
        guard isPlainID(root) else { return nil }
        guard let rootIndex = lookup(root), objects[rootIndex].isDictionary,
              let mainGroup = objects[rootIndex].mainGroup else { return fileVisits }
        guard isPlainID(mainGroup) else { return nil }
        var visited = [Bool](repeating: false, count: objects.count)
        var stack: [(object: Int, parent: Int, depth: Int)] = []
        if let first = lookup(mainGroup) { stack.append((first, -1, 0)) }
        while let (index, parent, depth) = stack.popLast() {
            guard depth < 64, !visited[index] else { continue }
            visited[index] = true
            let object = objects[index]
            guard object.isDictionary, object.sourceTree != .skipped else { continue }
            let visit = visits.count
            visits.append(Visit(object: index, parent: parent, resets: object.sourceTree != .group))
            if object.isa == .fileReference { fileVisits[index] = Int32(visit) }
            guard object.children >= 0 else { continue }
            // The list was validated by the first pass, so reading it again cannot fail.
            i = object.children + 1
            while true {
                lexer.skipSpaceAndComments()
                guard i < bytes.count, bytes[i] != 0x29 else { break }
                if bytes[i] == 0x7B || bytes[i] == 0x28 {
                    guard skipValue(depth: 0) else { return nil }
                } else {
                    guard let child = lexer.scanString() else { return nil }
                    guard isPlainID(child) else { return nil }
                    if let childIndex = lookup(child) { stack.append((childIndex, visit, depth + 1)) }
                }
                lexer.skipSpaceAndComments()
                if i < bytes.count && bytes[i] == 0x2C { i += 1 }
            }
        }
        return fileVisits
    }

    func basePath(_ visit: Int, _ visits: [Visit]) -> String {
        var chain: [Int] = []
        var v = visit
        while true {
            chain.append(v)
            if visits[v].resets || visits[v].parent < 0 { break }
            v = visits[v].parent
        }
        var base = ""
        for v in chain.reversed() {
            let path = objects[visits[v].object].path.map(lexer.string)
            base = visits[v].resets ? (path ?? "") : XcodeProjectPlatforms.join(base, path)
        }
        return base
    }
}
