import ViewLintModel
import ViewLintSyntax

/// Chooses which of a project's other files must be parsed, as context, so that linting a few
/// files gives the findings that linting the whole project would give for them.
///
/// Parsing a whole package to lint the one file a commit touches is too slow for a pre-commit
/// hook (a 1,000-file package takes about ten times the budget), and most of those files cannot
/// change any answer. What rules learn about a type comes from files that declare or extend it:
/// its members (extensions in other files), nested types, conformances and superclass, and the
/// project protocols and classes those name in turn. So the context is:
///
/// 1. every file that declares or extends a name the reported files' code uses;
/// 2. then, repeatedly, every file that declares or extends a name the chosen declarations
///    inherit (`class Model: BaseModel`, `protocol Card: Tile`), until nothing new comes in.
///
/// Every other file is only read and scanned for the names it declares or extends (see
/// `declaredNames(in:)`): a byte scan that may find too many names, which costs a little
/// parsing, but never misses a real declaration, which would change an answer. The few reported
/// files are tokenized, so only the words of their code count (`referencedNames(in:)`).
///
/// Known limit: facts that live in files that never name the type are out of reach, such as
/// the places that construct a view. No rule uses such facts today; tests check, for every
/// fixture file against all fixtures and for a project of cross-file facts, that the context
/// gives exactly the whole-project findings, so a rule that starts to need them is caught.
public enum ContextSelection {
    /// A file that may be parsed for context: its bytes and the names it declares or extends.
    public struct Candidate: Sendable {
        public var path: String
        public var bytes: [UInt8]
        public var declaredNames: [String]

        /// Scans `bytes` for declared names: cheap enough to run on every file of a package.
        public init(path: String, bytes: [UInt8]) {
            self.path = path
            self.bytes = bytes
            self.declaredNames = ContextSelection.declaredNames(in: bytes)
        }

        public var source: SourceFile { SourceFile(path: path, bytes: bytes) }
    }

    /// The indices, ascending, of the candidates to parse as context for `reported`.
    ///
    /// The language server selects context on every keystroke, from the same candidates, so it
    /// can pass what it already knows: `model` gives a candidate's model by index (by default
    /// each is built when needed), `reportedModels` the reported files' models and
    /// `reportedTokens` their tokens (it made both already), and `mentions` answers "does
    /// candidate `index` mention the words `key`?" from a cache, calling `scan` when it has no
    /// answer for the candidate's current text.
    public static func select(reported: [SourceFile], candidates: [Candidate],
                              model: ((Int) -> FileModel)? = nil, reportedModels: [FileModel]? = nil,
                              reportedTokens: [TokenizedFile]? = nil,
                              mentions: ((_ index: Int, _ key: String, _ scan: () -> Bool) -> Bool)? = nil) -> [Int] {
        let model = model ?? { FileModel.build(candidates[$0].source) }
        // Each reported file is tokenized once, for the words its code uses and its `id:` key paths.
        let tokens = reportedTokens ?? reported.map { Lexer.tokenize($0) }
        var wanted: Set<String> = []
        for file in tokens { wanted.formUnion(referencedNames(in: file)) }
        var fresh = wanted
        var chosen = [Bool](repeating: false, count: candidates.count)
        // Each round chooses files or ends the loop, so there are at most as many rounds as files.
        while !fresh.isEmpty {
            var newlyChosen: [Int] = []
            for (index, candidate) in candidates.enumerated() where !chosen[index] {
                if candidate.declaredNames.contains(where: { fresh.contains($0) }) {
                    chosen[index] = true
                    newlyChosen.append(index)
                }
            }
            fresh = []
            for index in newlyChosen {
                let built = model(index)
                for decl in built.types where wanted.contains(decl.name) || wanted.contains(lastComponent(decl.name)) {
                    for inherited in decl.inherited {
                        for word in identifiers(in: Array(inherited.utf8)) where wanted.insert(word).inserted {
                            fresh.insert(word)
                        }
                    }
                }
            }
        }
        // Facts about the reported files' own types also live in files that only mention them:
        // a type holding a view reads it (`row.title`), a subclass inherits from a model, code
        // elsewhere uses a model's publishers (`objectWillChange`, `$query`). Choose every file
        // that mentions one of those names, and repeat for the subclasses found that way.
        var typeNames: Set<String> = []
        var classNames: Set<String> = []
        var projections: Set<String> = []
        for (r, file) in reported.enumerated() {
            // `id: \.offset` is judged by whether any type declares a property of that name.
            typeNames.formUnion(keyPathNames(in: tokens[r]))
            let reportedModel = reportedModels.map { $0[r] } ?? FileModel.build(file)
            for decl in reportedModel.types where decl.kind != .extension && decl.kind != .protocol {
                if decl.modifiers.contains("private") || decl.modifiers.contains("fileprivate") { continue }
                typeNames.insert(decl.name)
                if decl.kind == .class { classNames.insert(decl.name) }
                for member in decl.members where member.hasAttribute("Published") { projections.insert(member.name) }
            }
        }
        // Any class may conform to ObservableObject through an extension in another file, so a
        // use of `objectWillChange` anywhere (whose receiver may be out of sight) matters to all.
        if !projections.isEmpty || !classNames.isEmpty { typeNames.insert("objectWillChange") }
        // A UIKit appearance proxy set anywhere (`UITableView.appearance()`) changes how every
        // list of the app draws its background, which `scrollable_background_hidden` asks.
        typeNames.insert("appearance")
        let mentionsType = WordMatcher(typeNames)
        let mentionsProjection = WordMatcher(projections, afterDollar: true)
        let key = typeNames.sorted().joined(separator: " ") + " $ " + projections.sorted().joined(separator: " ")
        // Without a deployment target, an `#available` check in any file says the project also runs
        // on an older OS (`RuleContext.runsOnlyWhereAvailable`, which rules that suggest an API
        // newer than some OS ask), so every file with a check is context too.
        for (index, candidate) in candidates.enumerated() where !chosen[index] {
            let scan = {
                mentionsType.matches(candidate.bytes) || mentionsProjection.matches(candidate.bytes)
                    || checksAvailability(candidate.bytes)
            }
            if mentions?(index, key, scan) ?? scan() { chosen[index] = true }
        }
        // Subclasses, and their subclasses: only files that mention a class can declare one.
        var rounds = 0
        while !classNames.isEmpty && rounds < candidates.count + 1 {
            rounds += 1
            var next: Set<String> = []
            let mentionsClass = WordMatcher(classNames)
            for (index, candidate) in candidates.enumerated() where mentionsClass.matches(candidate.bytes) {
                chosen[index] = true
                for decl in model(index).types where decl.kind == .class {
                    if decl.inherited.contains(where: { classNames.contains(lastComponent($0)) }) { next.insert(decl.name) }
                }
            }
            next.subtract(classNames)
            classNames = next
        }
        return chosen.indices.filter { chosen[$0] }
    }

    /// The names of key paths given as an `id:` argument (`id: \.offset`): whether they count
    /// as a position depends on whether any type in the project declares such a property.
    static func keyPathNames(in tokenized: TokenizedFile) -> Set<String> {
        let file = tokenized.source
        let tokens = tokenized.tokens
        var names: Set<String> = []
        var i = 0
        while i + 4 < tokens.count {
            if tokens[i].kind == .identifier, tokens[i + 1].kind == .colon, tokens[i + 2].kind == .backslash,
               tokens[i + 3].kind == .period, tokens[i + 4].kind == .identifier,
               file.bytes[Int(tokens[i].textStart)..<Int(tokens[i].textEnd)].elementsEqual("id".utf8) {
                let t = tokens[i + 4]
                names.insert(String(decoding: file.bytes[Int(t.textStart)..<Int(t.textEnd)], as: UTF8.self))
            }
            i += 1
        }
        return names
    }

    /// Finds whole-identifier occurrences of a set of words. Built once per set: a word can
    /// only match a run with its length and first byte, so most runs are ruled out without
    /// making a string.
    struct WordMatcher {
        let words: Set<String>
        let afterDollar: Bool
        private var keys: [Bool]
        /// The words that can match (shorter than 64 bytes), as bytes.
        private var needles: [[UInt8]] = []

        /// Up to this many ASCII words, each is looked for on its own with `memchr` (see `matches`).
        static let searchedWords = 12

        init(_ words: Set<String>, afterDollar: Bool = false) {
            self.words = words
            self.afterDollar = afterDollar
            keys = [Bool](repeating: false, count: 64 * 256)
            for word in words {
                let utf8 = Array(word.utf8)
                if let first = utf8.first, utf8.count < 64 {
                    keys[utf8.count * 256 + Int(first)] = true
                    needles.append(utf8)
                }
            }
            // In a fixed order, so that the work done never depends on hashing.
            needles.sort { $0.lexicographicallyPrecedes($1) }
            searchable = needles.count <= WordMatcher.searchedWords && !needles.contains { $0.contains { $0 >= 0x80 } }
        }

        /// Whether `matches` may look for each word on its own: few words, all ASCII. A run of
        /// the scan is compared as a `String`, equal to a word under canonical equivalence; for an
        /// ASCII word, of a run of its byte length (which the scan requires), that is byte equality.
        private var searchable = false

        /// Whether a whole identifier of `bytes` (a maximal run of name bytes; after a `$` for a
        /// matcher `afterDollar`) is one of the words.
        ///
        /// A few ASCII words are each looked for with `memchr` on their rarest byte, and an occurrence
        /// counts when no name byte touches it on either side, which is the same test: the byte
        /// walk over every identifier of a package took about ten instructions a byte, run three
        /// times over each file of the project for every file linted by name.
        func matches(_ bytes: [UInt8]) -> Bool {
            if words.isEmpty { return false }
            if searchable { return searches(bytes) }
            return scans(bytes)
        }

        private func searches(_ bytes: [UInt8]) -> Bool {
            let n = bytes.count
            return identifierTable.withUnsafeBufferPointer { table in
                for needle in needles {
                    var found = false
                    needle.withUnsafeBufferPointer { word in
                        SourceFile.forEachOccurrence(of: word, in: bytes) { at in
                            let end = at + word.count
                            let before = at == 0 ? nil : bytes[at - 1]
                            if let before, table[Int(before)] { return true }
                            if end < n && table[Int(bytes[end])] { return true }
                            if afterDollar && before != 0x24 { return true }
                            found = true
                            return false
                        }
                    }
                    if found { return true }
                }
                return false
            }
        }

        private func scans(_ bytes: [UInt8]) -> Bool {
            identifierTable.withUnsafeBufferPointer { table in
                bytes.withUnsafeBufferPointer { buffer in
                    var i = 0
                    let n = buffer.count
                    while i < n {
                        guard table[Int(buffer[i])] else {
                            i += 1
                            continue
                        }
                        let start = i
                        while i < n && table[Int(buffer[i])] { i += 1 }
                        if afterDollar && (start == 0 || buffer[start - 1] != 0x24) { continue }
                        let length = i - start
                        if length < 64, keys[length * 256 + Int(buffer[start])],
                           words.contains(String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<i]), as: UTF8.self)) {
                            return true
                        }
                    }
                    return false
                }
            }
        }
    }

    /// Does `bytes` hold `#available` or `#unavailable` (in code or not: a mention in a comment only
    /// costs parsing the file)?
    public static func checksAvailability(_ bytes: [UInt8]) -> Bool {
        var found = false
        // `#unavailable` spells `available` too, two bytes later.
        SourceFile.forEachOccurrence(of: "available", in: bytes) { at in
            let hash: UInt8 = 0x23
            found = (at >= 1 && bytes[at - 1] == hash)
                || (at >= 3 && bytes[at - 3] == hash && bytes[at - 2] == 0x75 && bytes[at - 1] == 0x6E)
            return !found
        }
        return found
    }

    /// Every word the file's code uses (identifiers and keywords, not comments or string text):
    /// any of them may name a type declared elsewhere. The reported files are few, so they are
    /// tokenized properly; the words of a comment ("an extension of a view") would otherwise
    /// meet the same words in other files' comments and pull them in.
    public static func referencedNames(in file: SourceFile) -> Set<String> { referencedNames(in: Lexer.tokenize(file)) }

    /// `referencedNames(in:)` of a file already tokenized.
    public static func referencedNames(in tokens: TokenizedFile) -> Set<String> {
        var names: Set<String> = []
        let bytes = tokens.source.bytes
        let backtick = UInt8(ascii: "`")
        for token in tokens.tokens where token.kind == .identifier || token.kind == .keyword {
            // On bytes: this runs over every token of the file being edited, at each keystroke.
            var range = token.textRange
            if range.count >= 2 && bytes[range.lowerBound] == backtick && bytes[range.upperBound - 1] == backtick {
                range = range.lowerBound + 1 ..< range.upperBound - 1
            }
            names.insert(String(decoding: bytes[range], as: UTF8.self))
        }
        return names
    }


    static func lastComponent(_ name: String) -> String {
        guard let dot = name.lastIndex(of: ".") else { return name }
        return String(name[name.index(after: dot)...])
    }

    // MARK: Byte scans

    /// `CharacterClasses.isNameByte` as a table: the scans below run over every byte of a package.
    static let identifierTable: [Bool] = (0...255).map { CharacterClasses.isNameByte(UInt8($0)) }

    @inline(__always)
    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    /// Every identifier-like word in `bytes` (words starting with a digit are numbers, skipped).
    public static func identifiers(in bytes: [UInt8]) -> Set<String> {
        var words: Set<String> = []
        identifierTable.withUnsafeBufferPointer { table in bytes.withUnsafeBufferPointer { buffer in
            var i = 0
            let n = buffer.count
            while i < n {
                let b = buffer[i]
                guard table[Int(b)] else {
                    i += 1
                    continue
                }
                let start = i
                while i < n && table[Int(buffer[i])] { i += 1 }
                if !isDigit(b) { words.insert(String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<i]), as: UTF8.self)) }
            }
        } }
        return words
    }

    /// Words that can follow `class` (or another declaration keyword) without naming a type.
    static let notTypeNames: Set<String> = [
        "func", "var", "let", "subscript", "init", "deinit", "override", "final", "static", "class", "public",
        "private", "fileprivate", "internal", "open", "package", "required", "convenience", "nonisolated",
        "mutating", "nonmutating", "dynamic", "lazy", "weak", "unowned", "indirect", "case", "where", "some", "any",
    ]

    /// Modifiers that may stand between `private` and the declaration keyword.
    static let typeModifiers: Set<String> = ["final", "indirect", "nonisolated", "distributed"]

    /// The names each `struct`, `class`, `enum`, `protocol`, `actor`, `extension` and `typealias`
    /// keyword in `bytes` is followed by; for `extension A.B`, both `A` and `B`.
    ///
    /// The scan knows no string literals, so it cannot tell most comments either (`"https://"`
    /// is no comment): keywords inside both count, which only adds names. The one comment it
    /// skips is a line starting with `//`, which is never code, and which is where prose like
    /// "an extension of" mostly lives. Between a keyword and its name, comments are passed
    /// over within a short distance.
    ///
    /// Types declared `private` or `fileprivate` are left out: they are distinct per file (see
    /// `ProjectModel.types`), so no other file's facts can depend on them, and `private struct
    /// Row` in every file of a package would otherwise pull the whole package in. A type counts
    /// as private only when `private` stands on the same line before the keyword with nothing
    /// but spaces and modifiers between, so a `private` in a comment or string cannot hide a
    /// declaration. Extensions always count, `private extension` included: their members are
    /// the type's.
    public static func declaredNames(in bytes: [UInt8]) -> [String] {
        var names: [String] = []
        identifierTable.withUnsafeBufferPointer { table in
            bytes.withUnsafeBufferPointer { buffer in
                let n = buffer.count
                var i = 0
                var isPrivate = false
                // Only spaces since the last line break: `//` here opens a comment for sure (in a
                // multi-line string it is string text, not code, so skipping it is as safe).
                var atLineStart = true
                while i < n {
                    let b = buffer[i]
                    if !table[Int(b)] {
                        // Spaces (indentation, mostly) change no state: passed over in one loop.
                        if b == 0x20 {
                            i += 1
                            while i < n && buffer[i] == 0x20 { i += 1 }
                            continue
                        }
                        if b == 0x2F, atLineStart, i + 1 < n, buffer[i + 1] == 0x2F {
                            while i < n && buffer[i] != 0x0A { i += 1 }
                            continue
                        }
                        if b == 0x0A {
                            atLineStart = true
                        } else if b != 0x20 && b != 0x09 && b != 0x0D {
                            atLineStart = false
                        }
                        if isPrivate && b != 0x20 && b != 0x09 { isPrivate = false }
                        i += 1
                        continue
                    }
                    atLineStart = false
                    let start = i
                    i += 1
                    while i < n && table[Int(buffer[i])] { i += 1 }
                    guard let keyword = declarationKeyword(buffer, start, i) else {
                        if isWord(buffer, start, i, "private") || isWord(buffer, start, i, "fileprivate") {
                            isPrivate = true
                        } else if isPrivate && !typeModifiers.contains(
                            String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<i]), as: UTF8.self)) {
                            isPrivate = false
                        }
                        continue
                    }
                    let skipped = isPrivate && keyword != .extension
                    isPrivate = false
                    // Look ahead for the name; the scan itself goes on right after the keyword.
                    var j = skipTrivia(buffer, i, limit: 256)
                    while true {
                        guard let (name, end) = identifier(buffer, j) else { break }
                        if !skipped && !notTypeNames.contains(name) && !names.contains(name) { names.append(name) }
                        j = skipTrivia(buffer, end, limit: 256)
                        // Only an extension names a path (`extension Outer.Inner`).
                        guard keyword == .extension, j < n, buffer[j] == 0x2E else { break }
                        j = skipTrivia(buffer, j + 1, limit: 256)
                    }
                }
            }
        }
        return names
    }

    @inline(__always)
    static func isWord(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ word: StaticString) -> Bool {
        guard word.utf8CodeUnitCount == end - start else { return false }
        let p = word.utf8Start
        for k in 0..<(end - start) where buffer[start + k] != p[k] { return false }
        return true
    }

    enum DeclarationKeyword { case type, `extension` }

    @inline(__always)
    static func declarationKeyword(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> DeclarationKeyword? {
        func equals(_ word: StaticString) -> Bool { isWord(buffer, start, end, word) }
        switch end - start {
        case 4: return equals("enum") ? .type : nil
        case 5: return equals("class") || equals("actor") ? .type : nil
        case 6: return equals("struct") ? .type : nil
        case 8: return equals("protocol") ? .type : nil
        case 9: return equals("extension") ? .extension : equals("typealias") ? .type : nil
        default: return nil
        }
    }

    /// Past spaces, line breaks and comments (nested block comments included), but at most
    /// `limit` bytes, so that many keywords followed by an unclosed `/*` stay linear.
    static func skipTrivia(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, limit: Int) -> Int {
        let n = min(buffer.count, start + limit)
        var i = start
        while i < n {
            let b = buffer[i]
            if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0B || b == 0x0C {
                i += 1
            } else if b == 0x2F, i + 1 < n, buffer[i + 1] == 0x2F {
                while i < n && buffer[i] != 0x0A { i += 1 }
            } else if b == 0x2F, i + 1 < n, buffer[i + 1] == 0x2A {
                var depth = 1
                i += 2
                while i < n && depth > 0 {
                    if buffer[i] == 0x2F, i + 1 < n, buffer[i + 1] == 0x2A {
                        depth += 1
                        i += 2
                    } else if buffer[i] == 0x2A, i + 1 < n, buffer[i + 1] == 0x2F {
                        depth -= 1
                        i += 2
                    } else {
                        i += 1
                    }
                }
            } else {
                break
            }
        }
        return i
    }

    /// The identifier at `start` (plain or in backticks) and where it ends.
    static func identifier(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int) -> (String, Int)? {
        let n = buffer.count
        var i = start
        let quoted = i < n && buffer[i] == 0x60
        if quoted { i += 1 }
        let begin = i
        guard i < n, CharacterClasses.isNameByte(buffer[i]), !isDigit(buffer[i]) else { return nil }
        while i < n && CharacterClasses.isNameByte(buffer[i]) { i += 1 }
        let name = String(decoding: UnsafeBufferPointer(rebasing: buffer[begin..<i]), as: UTF8.self)
        if quoted {
            guard i < n, buffer[i] == 0x60 else { return nil }
            i += 1
        }
        return (name, i)
    }
}
