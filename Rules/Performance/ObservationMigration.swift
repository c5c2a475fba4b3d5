import ViewLintCore
import ViewLintModel
import ViewLintSyntax

/// The `observable_object` fix: the whole-project migration of one `ObservableObject` class to
/// Observation, or the reason it is not offered. Unsafe: it changes how views are invalidated,
/// `@Bindable` and `@Environment(Model.self)` need iOS 17 everywhere the class is used, and code
/// outside the linted files is not seen.
///
/// The edits, across every file that uses the class:
/// - `@Observable` on the class, the `ObservableObject` conformance and `@Published` removed,
///   `import Observation` where the class's file imports neither it nor SwiftUI;
/// - `@StateObject` to `@State`; `@ObservedObject` to `@Bindable` where the view uses `$model`
///   bindings, else to a plain property; `@EnvironmentObject` to `@Environment(Model.self)`
///   (access modifiers stay as written: adding `private` could break an extension elsewhere);
/// - `.environmentObject(x)` to `.environment(x)` where `x` is the class.
///
/// Refused, with the reason in the fix's summary: subclasses (each needs its own
/// `@Observable`); the conformance declared in an extension or inherited from a protocol;
/// stored properties with observers (`didSet` on a `@Published` property), other property
/// wrappers or `lazy` (the macro rejects or changes them); `StateObject(...)`,
/// `ObservedObject<...>` and similar spelled as types or calls; `ObservableObject` used as a
/// constraint or type anywhere; `$model` bindings through an `@EnvironmentObject`; a wrapped
/// property or `.environmentObject(...)` argument whose type cannot be worked out. The rule
/// itself stays silent when the class's publishers are used or the deployment target predates
/// Observation, so no migration is offered then either.
struct ObservationMigration {
    let project: ProjectModel
    let type: ProjectModel.TypeInfo
    let scan: ObservationScan
    /// `wrappedHolders(project)`, asked by the rule once per file rather than once per class.
    let holders: WrappedHolders

    static let wrappers: Set<String> = ["StateObject", "ObservedObject", "EnvironmentObject"]

    /// The fix's summary: the template and the type's name, joined when a report prints it.
    static let migration = FilledText.Template("migrate '", "' and its uses to Observation (@Observable)")

    func fix() -> Fix {
        switch plan() {
        case .success(let edits):
            return Fix(summary: FilledText(Self.migration, type.qualifiedName), safety: .unsafe, edits: edits)
        case .failure(let refusal):
            return .notOffered("no automatic migration of '\(type.qualifiedName)': \(refusal.reason)", because: refusal.reason)
        }
    }

    struct Refusal: Error { var reason: String }

    func plan() -> Result<[TextEdit], Refusal> {
        do {
            return .success(try edits())
        } catch let refusal as Refusal {
            return .failure(refusal)
        } catch {
            return .failure(Refusal(reason: "\(error)"))
        }
    }

    func location(_ file: Int, _ offset: Int) -> String {
        let source = project.files[file].source
        return "\(source.path):\(source.line(ofOffset: offset))"
    }

    func edits() throws -> [TextEdit] {
        let subclasses = project.descendants(of: type).filter { $0.kind == .class }
        if let sub = subclasses.first {
            throw Refusal(reason: "its subclass '\(sub.qualifiedName)' would need its own @Observable")
        }
        guard let primary = type.declarations.first else { throw Refusal(reason: "its declaration is not in the project") }
        let decl = project.declaration(primary)
        let file = project.files[primary.file]
        guard decl.kind == .class, decl.inherited.contains(where: { KnownNames.stripModule($0) == "ObservableObject" }) else {
            throw Refusal(reason: "it conforms to ObservableObject through an extension or a protocol")
        }
        for ref in type.declarations.dropFirst() where project.declaration(ref).inherited.contains(where: { KnownNames.stripModule($0) == "ObservableObject" }) {
            throw Refusal(reason: "an extension repeats the ObservableObject conformance (\(location(ref.file, project.declaration(ref).range.start)))")
        }
        var edits: [TextEdit] = []
        let path = file.path
        // The class: `@Observable`, no conformance, no `@Published`.
        edits.append(.insert("@Observable ", at: decl.range.start, path: path))
        edits.append(TextEdit(path: path, range: try conformanceRange(decl, file: primary.file), text: ""))
        for (_, member) in project.members(of: type) where member.kind == .storedProperty && !member.isStatic {
            if member.modifiers.contains("lazy") {
                throw Refusal(reason: "'lazy var \(member.name)' is not supported by @Observable")
            }
            for attribute in member.attributes where attribute.name != "Published" && KnownNames.isPropertyWrapperCandidate(attribute.name) {
                throw Refusal(reason: "'@\(attribute.name) var \(member.name)' would need @ObservationIgnored")
            }
            guard let published = member.attributes.first(where: { $0.name == "Published" }) else { continue }
            if member.hasObservers {
                throw Refusal(reason: "'@Published var \(member.name)' has willSet/didSet, which @Observable may not run as before")
            }
            edits.append(removal(published.range, in: file.source, path: path))
        }
        if !file.imports.contains("SwiftUI") && !file.imports.contains("Observation") {
            edits.append(.insert("import Observation\n", at: ObservationScan.firstImport(in: file.source) ?? 0, path: path))
        }

        // `ObservableObject` anywhere but in an inheritance clause of a type: a constraint or a
        // type (`some ObservableObject`) that the migrated class no longer satisfies.
        if let i = scan.fileUsingObservableObjectAsType {
            throw Refusal(reason: "'ObservableObject' is used as a type or constraint in \(project.files[i].path)")
        }

        let name = type.qualifiedName
        // The holders are met in project order: this class's own, up to the first holder of
        // unknown type, which refuses the migration of every class.
        for h in holders.byResolvedKey[type.key] ?? [] where h < holders.firstUnknown ?? holders.all.count {
            let holder = holders.all[h]
            let (other, ref, member, wrapper) = (holder.type, holder.ref, holder.member, holder.wrapper)
            let text = holder.typeText!  // indexed by a resolved key, so its type was written
            let memberFile = project.files[ref.file]
            let memberPath = memberFile.path
            let projectedName = member.nameID
            switch wrapper.name {
            case "StateObject":
                edits.append(TextEdit(path: memberPath, range: wrapper.range, text: "@State"))
            case "ObservedObject":
                if project.members(of: other).contains(where: { $0.member.projectedReads.contains(projectedName) }) {
                    edits.append(TextEdit(path: memberPath, range: wrapper.range, text: "@Bindable"))
                } else {
                    edits.append(removal(wrapper.range, in: memberFile.source, path: memberPath))
                }
            default:
                if project.members(of: other).contains(where: { $0.member.projectedReads.contains(projectedName) }) {
                    throw Refusal(reason: "'$\(member.name)' bindings through @EnvironmentObject in '\(other.qualifiedName)' need '@Bindable var \(member.name) = \(member.name)' in the view")
                }
                edits.append(TextEdit(path: memberPath, range: wrapper.range, text: "@Environment(\(TypeText.baseName(text) ?? name).self)"))
            }
        }

        if let u = holders.firstUnknown {
            let (other, member, wrapper) = (holders.all[u].type, holders.all[u].member, holders.all[u].wrapper)
            throw Refusal(reason: "the type of '@\(wrapper.name) var \(member.name)' in '\(other.qualifiedName)' cannot be worked out")
        }

        let simpleName = Self.lastComponent(of: type.qualifiedName)
        let injected = Self.injectedTypes(project, scan: scan)
        for i in scan.filesWithUses {
            let facts = scan.files[i]
            // `StateObject(wrappedValue:)`, `ObservedObject<Model>`: spelled out, they need a hand edit.
            if let use = facts.wrapperTypeUses.first, facts.mentions.contains(simpleName) {
                throw Refusal(reason: "'\(use.name)' is spelled out as a type or call at \(location(i, use.offset))")
            }
            let injectedHere = injected[i] ?? []
            for (c, call) in facts.environmentObjectCalls.enumerated() {
                switch injectedHere[c] {
                case .some(let t?) where t.key == type.key:
                    edits.append(TextEdit(path: project.files[i].path, range: call.nameRange, text: "environment"))
                case .some:
                    continue
                case .none:
                    throw Refusal(reason: "cannot tell which class '.environmentObject(\(call.argumentText))' injects at \(location(i, call.nameRange.start))")
                }
            }
        }
        // One order for every run: by file, then by position.
        return edits.sorted { a, b in
            (a.path ?? "", a.range.start, a.range.end) < (b.path ?? "", b.range.start, b.range.end)
        }
    }

    /// A stored property wrapped by `@StateObject`, `@ObservedObject` or `@EnvironmentObject`,
    /// with its declared type as written.
    struct WrappedHolder: Sendable {
        var type: ProjectModel.TypeInfo
        var ref: ProjectModel.DeclRef
        var member: Member
        var wrapper: Attribute
        var typeText: String?
    }

    /// Every such property of the project, by type key sorted (the edits, and the first refusal
    /// met, must not depend on hash order), then member order; indexed by the key of the class
    /// each holds, with the first whose type cannot be worked out. Once per run: each migrated
    /// class reads its own holders here (walking every holder for every class was quadratic).
    struct WrappedHolders: Sendable {
        var all: [WrappedHolder] = []
        var byResolvedKey: [String: [Int]] = [:]
        var firstUnknown: Int?
    }

    /// Built a part per type (in key order), so a thread that needs it while another builds it
    /// takes types of its own instead of waiting.
    static func wrappedHolders(_ project: ProjectModel) -> WrappedHolders {
        // Only a type declared in a file that spells one of the wrappers can hold one: most
        // files spell none, and the words found when the file was read tell it, instead of a
        // walk of every member of every type.
        let spelling = project.fact("observable_object.filesSpellingWrappers", perFile: { f -> Bool in
            let file = project.files[f]
            return file.mentions(.stateObject) || file.mentions(.observedObject) || file.mentions(.environmentObject)
        }, merge: { $0 })
        // Often no file spells one: then no part per type, nor the sorted keys, is needed.
        if !project.fact("observable_object.anyFileSpellsWrappers", { spelling.contains(true) }) { return WrappedHolders() }
        // Each holder with the key of the class it holds, resolved in the part.
        let keys = project.sortedTypeKeys
        return project.fact("observable_object.wrappedHolders", parts: keys.count, part: { k -> [(WrappedHolder, String?)] in
            guard let other = project.types[keys[k]], other.declarations.contains(where: { spelling[$0.file] }) else { return [] }
            var found: [(WrappedHolder, String?)] = []
            for (ref, member) in project.members(of: other) where member.kind == .storedProperty {
                guard let wrapper = member.propertyWrapper, wrappers.contains(wrapper.name) else { continue }
                let text = TypeText.declared(member)
                let resolved = text.flatMap { project.resolveTypeText($0, from: other) }
                found.append((WrappedHolder(type: other, ref: ref, member: member, wrapper: wrapper, typeText: text), resolved?.key))
            }
            return found
        }, merge: { parts -> WrappedHolders in
            var result = WrappedHolders()
            for (holder, resolvedKey) in parts.joined() {
                let h = result.all.count
                if holder.typeText == nil, result.firstUnknown == nil { result.firstUnknown = h }
                if let resolvedKey { result.byResolvedKey[resolvedKey, default: []].append(h) }
                result.all.append(holder)
            }
            return result
        })
    }

    /// The type each `.environmentObject(...)` call injects, by file and call (see
    /// `injectedType`). It is the same whichever class is migrated, so it is worked out once
    /// per run, not once per class.
    static func injectedTypes(_ project: ProjectModel, scan: ObservationScan) -> [Int: [ProjectModel.TypeInfo??]] {
        project.fact("observable_object.injectedTypes") { () -> [Int: [ProjectModel.TypeInfo??]] in
            var result: [Int: [ProjectModel.TypeInfo??]] = [:]
            for i in scan.filesWithUses where !scan.files[i].environmentObjectCalls.isEmpty {
                result[i] = scan.files[i].environmentObjectCalls.map { injectedType($0, file: i, project: project) }
            }
            return result
        }
    }

    /// `@Published ` with the blank after it, or its whole line when it stands alone.
    func removal(_ range: SourceRange, in source: SourceFile, path: String) -> TextEdit {
        .delete(EditRanges.wholeLines(range, in: source, allowTrailingComment: false) ?? EditRanges.withSeparatingBlanks(range, in: source),
                path: path)
    }

    /// The bytes to delete so that the inheritance clause loses `ObservableObject`: `: X` when it
    /// is the only entry, `X, ` when it is the first, `, X` otherwise.
    /// `split(separator: ".").last`, by bytes for an ASCII name without a trailing dot (every
    /// type's qualified name): splitting by `Character` read the name a grapheme at a time and
    /// made an array of its parts, about a quarter of each class's fix.
    static func lastComponent(of name: String) -> String {
        let utf8 = name.utf8
        guard let last = utf8.last, last != 0x2E, utf8.allSatisfy({ $0 < 0x80 }) else {
            return String(name.split(separator: ".").last ?? "")
        }
        guard let dot = utf8.lastIndex(of: 0x2E) else { return name }
        return String(name[utf8.index(after: dot)...])
    }

    func conformanceRange(_ decl: TypeDecl, file: Int) throws -> SourceRange {
        guard let clause = ObservationScan.inheritanceClause(of: decl, in: project.files[file].source),
              let index = clause.entries.firstIndex(where: { $0.isObservableObject }) else {
            throw Refusal(reason: "its inheritance clause could not be read")
        }
        let entries = clause.entries
        if entries.count == 1 { return SourceRange(start: clause.beforeColon, end: entries[0].range.end) }
        if index == 0 { return SourceRange(start: entries[0].range.start, end: entries[1].range.start) }
        return SourceRange(start: entries[index - 1].range.end, end: entries[index].range.end)
    }

    /// The project type of `.environmentObject(argument)`'s argument: a call of a type
    /// (`Model()`), or a property or parameter (`model`, `self.model`) of the enclosing type or
    /// member. nil when it cannot be told; a type outside the project resolves to a stand-in
    /// that is never the migrated class.
    static func injectedType(_ call: ObservationScan.EnvironmentObjectCall, file: Int, project: ProjectModel) -> ProjectModel.TypeInfo?? {
        if let callee = call.calleeType {
            return .some(project.resolveType(callee))
        }
        if let (typeName, name) = call.staticProperty {
            // A type outside the project: its static property is not the migrated class.
            guard let owner = project.resolveType(typeName) else { return .some(nil) }
            guard let property = project.property(name, of: owner), property.isStatic,
                  let text = TypeText.declared(property) else { return nil }
            return .some(project.resolveTypeText(text, from: owner))
        }
        guard let name = call.propertyName else { return nil }
        let decls = project.files[file].types.enumerated()
            .filter { $0.element.range.start <= call.nameRange.start && call.nameRange.end <= $0.element.range.end }
        guard let innermost = decls.min(by: { ($0.element.range.end - $0.element.range.start) < ($1.element.range.end - $1.element.range.start) }),
              let owner = project.typeInfo(of: ProjectModel.DeclRef(file: file, index: innermost.offset)) else { return nil }
        let member = innermost.element.members.first { $0.range.start <= call.nameRange.start && call.nameRange.end <= $0.range.end }
        guard let text = project.typeText(of: name, in: owner, member: member) else { return nil }
        return .some(project.resolveTypeText(text, from: owner))
    }
}

/// What the migration needs from each file's tokens (the model keeps none), gathered once per
/// run and only when some class is reported.
struct ObservationScan: Sendable {
    struct EnvironmentObjectCall: Sendable {
        /// `environmentObject`, the word to replace.
        var nameRange: SourceRange
        var argumentText: String
        /// `Model` for `.environmentObject(Model())`.
        var calleeType: String?
        /// `model` for `.environmentObject(model)` or `.environmentObject(self.model)`.
        var propertyName: String?
        /// `Model` and `shared` for `.environmentObject(Model.shared)`.
        var staticProperty: (type: String, name: String)?
    }

    struct InheritanceEntry: Sendable {
        var range: SourceRange
        var isObservableObject: Bool
    }

    struct InheritanceClause: Sendable {
        /// Where the declared name starts, to find the declaration's clause.
        var nameStart: Int
        /// The end of the name or generic parameters, where `: X` starts.
        var beforeColon: Int
        var entries: [InheritanceEntry]
    }

    struct FileFacts: Sendable {
        var environmentObjectCalls: [EnvironmentObjectCall] = []
        var observableObjectOffsets: [Int] = []
        /// `StateObject`, `ObservedObject`, `EnvironmentObject`, `Published` not after `@`.
        var wrapperTypeUses: [(name: String, offset: Int)] = []
        /// Capitalised identifiers in the file (type names, roughly).
        var mentions: Set<String> = []
        /// The file names `ObservableObject` more often than its types inherit it.
        var usesObservableObjectAsType = false
    }

    var files: [FileFacts]
    /// The files that spell a wrapper as a type or call, or call `.environmentObject(...)`: the
    /// only ones a migration reads, in file order.
    var filesWithUses: [Int]
    /// The first file that names `ObservableObject` more often than its types inherit it: it
    /// uses it as a type or constraint, which no migrated class satisfies. Found once per run
    /// (every class's migration asks; asking file by file for each class was quadratic).
    var fileUsingObservableObjectAsType: Int?

    /// The project's scan, once per run, a file per part: every thread that needs it scans
    /// files too instead of waiting for one thread to lex them all.
    static func of(_ project: ProjectModel) -> ObservationScan {
        project.fact("observable_object.scan", perFile: { f -> FileFacts in
            // Lexing is what the scan costs, and most files need none: those that spell the
            // wrappers only as attributes, inject nothing, and name `ObservableObject` no more
            // often than their own types inherit it (a count of its bytes is at least the count
            // of its tokens, so the answer below is the same without the tokens).
            let file = project.files[f]
            let mayUse = mayUseWrappersOrInject(file)
            // A file that never spells `ObservableObject` has no type inheriting it either.
            if !mayUse && !file.mentions(.observableObject) { return FileFacts() }
            let declared = file.types.filter { $0.inherited.contains { KnownNames.stripModule($0) == "ObservableObject" } }.count
            guard mayUse || occurrences(of: "ObservableObject", in: file.source, upTo: declared + 1) > declared
            else { return FileFacts() }
            var facts = scan(file.source)
            facts.usesObservableObjectAsType = facts.observableObjectOffsets.count > declared
            return facts
        }, merge: ObservationScan.init)
    }

    init(files: [FileFacts]) {
        self.files = files
        filesWithUses = files.indices.filter { !files[$0].wrapperTypeUses.isEmpty || !files[$0].environmentObjectCalls.isEmpty }
        fileUsingObservableObjectAsType = files.indices.first { files[$0].usesObservableObjectAsType }
    }

    /// Could the file spell a wrapper other than as an attribute (`StateObject(...)`,
    /// `ObservedObject<Model>`), or call `.environmentObject(...)`? False only when every
    /// spelling of a wrapper's name directly follows `@`, and `environmentObject` is never
    /// spelled. Told by the words found when the file was read: asked of every file when the
    /// scan is first needed, it read files whose rules had long run.
    static func mayUseWrappersOrInject(_ file: FileModel) -> Bool {
        file.mentions(.environmentObjectModifier) || file.mentions(.stateObjectOutsideAttribute)
            || file.mentions(.observedObjectOutsideAttribute) || file.mentions(.environmentObjectOutsideAttribute)
            || file.mentions(.publishedOutsideAttribute)
    }

    /// How many times `word`'s bytes occur in the file (comments and strings included), counted
    /// up to `limit`.
    static func occurrences(of word: StaticString, in source: SourceFile, upTo limit: Int) -> Int {
        var count = 0
        source.forEachOccurrence(of: word) { _ in
            count += 1
            return count < limit
        }
        return count
    }

    /// The offset of the file's first `import` at the start of a line. Asked only for a migrated
    /// class's file that imports neither SwiftUI nor Observation.
    static func firstImport(in source: SourceFile) -> Int? {
        let tokenized = Lexer.tokenize(source)
        return tokenized.tokens.indices.first { i in
            tokenized.tokens[i].kind == .keyword && tokenized.tokens[i].flags.contains(.atStartOfLine) && tokenized.text(i) == "import"
        }.map { Int(tokenized.tokens[$0].textStart) }
    }

    /// The inheritance clause of a type declaration, from the tokens of its own bytes (from its
    /// name to its end) rather than its whole file's: of its header alone, up to the first `{`,
    /// when that brace is a token there (not in a comment or string), else of all of them.
    static func inheritanceClause(of decl: TypeDecl, in source: SourceFile) -> InheritanceClause? {
        let start = min(max(decl.nameRange.start, 0), source.bytes.count)
        let end = min(max(decl.range.end, start), source.bytes.count)
        func tokens(to end: Int) -> TokenizedFile {
            Lexer.tokenize(SourceFile(path: source.path, bytes: Array(source.bytes[start..<end])))
        }
        let tokenized: TokenizedFile
        if let brace = source.bytes[start..<end].firstIndex(of: UInt8(ascii: "{")),
           case let header = tokens(to: brace + 1),
           let last = header.tokens.last(where: { $0.kind != .endOfFile }), last.kind == .leftBrace, Int(last.textStart) == brace - start {
            tokenized = header
        } else {
            tokenized = tokens(to: end)
        }
        guard let name = tokenized.tokens.first, name.kind == .identifier, name.textStart == 0,
              let clause = inheritance(after: 0, tokens: tokenized.tokens, text: tokenized.text) else { return nil }
        func shifted(_ range: SourceRange) -> SourceRange { SourceRange(start: range.start + start, end: range.end + start) }
        return InheritanceClause(nameStart: clause.nameStart + start, beforeColon: clause.beforeColon + start,
                                 entries: clause.entries.map { InheritanceEntry(range: shifted($0.range), isObservableObject: $0.isObservableObject) })
    }

    static func scan(_ source: SourceFile) -> FileFacts {
        let tokenized = Lexer.tokenize(source)
        let tokens = tokenized.tokens
        var facts = FileFacts()
        func text(_ i: Int) -> String { tokenized.text(i) }
        func range(_ i: Int) -> SourceRange { SourceRange(start: Int(tokens[i].textStart), end: Int(tokens[i].textEnd)) }
        var i = 0
        while i < tokens.count {
            let token = tokens[i]
            defer { i += 1 }
            guard token.kind == .identifier else { continue }
            let word = text(i)
            if let first = word.utf8.first, first >= 0x41 && first <= 0x5A { facts.mentions.insert(word) }
            let afterAt = i > 0 && tokens[i - 1].kind == .atSign
            if word == "ObservableObject" { facts.observableObjectOffsets.append(Int(token.textStart)) }
            if ["StateObject", "ObservedObject", "EnvironmentObject", "Published"].contains(word) && !afterAt {
                facts.wrapperTypeUses.append((word, Int(token.textStart)))
            }
            if word == "environmentObject", i > 0, tokens[i - 1].kind == .period, i + 1 < tokens.count, tokens[i + 1].kind == .leftParen {
                // The argument's tokens, to the matching parenthesis.
                var depth = 0
                var j = i + 1
                var argument: [Int] = []
                while j < tokens.count {
                    if tokens[j].kind.isOpeningBracket { depth += 1 }
                    if tokens[j].kind.isClosingBracket { depth -= 1; if depth == 0 { break } }
                    if j > i + 1 { argument.append(j) }
                    j += 1
                }
                let words = argument.map(text)
                var call = EnvironmentObjectCall(nameRange: range(i), argumentText: words.joined(), calleeType: nil, propertyName: nil)
                if words.count >= 3, words[1] == "(", words.last == ")", tokens[argument[0]].kind == .identifier,
                   let first = words[0].utf8.first, first >= 0x41 && first <= 0x5A {
                    call.calleeType = words[0]
                } else if words.count == 1, tokens[argument[0]].kind == .identifier || words[0] == "self" {
                    call.propertyName = words[0]
                } else if words.count == 3, words[0] == "self", words[1] == "." {
                    call.propertyName = words[2]
                } else if words.count == 3, words[1] == ".", let first = words[0].utf8.first, first >= 0x41 && first <= 0x5A {
                    call.staticProperty = (words[0], words[2])
                }
                facts.environmentObjectCalls.append(call)
            }
        }
        return facts
    }

    /// `Name<...>: A, B.C, D<E>` up to `{` or `where`.
    static func inheritance(after name: Int, tokens: [Token], text: (Int) -> String) -> InheritanceClause? {
        var i = name + 1
        var beforeColon = Int(tokens[name].textEnd)
        if i < tokens.count && text(i) == "<" {
            var depth = 0
            while i < tokens.count {
                let t = text(i)
                if t.hasPrefix("<") { depth += t.count }
                if t.hasSuffix(">") && t.allSatisfy({ $0 == ">" }) { depth -= t.count }
                if depth <= 0 { break }
                if tokens[i].kind == .leftBrace { return nil }
                i += 1
            }
            guard i < tokens.count else { return nil }
            beforeColon = Int(tokens[i].textEnd)
            i += 1
        }
        guard i < tokens.count, tokens[i].kind == .colon else { return nil }
        i += 1
        var entries: [InheritanceEntry] = []
        var start: Int? = nil
        var end = 0
        var isObservable = false
        var angle = 0
        while i < tokens.count {
            let t = text(i)
            if angle == 0 && (tokens[i].kind == .leftBrace || t == "where" || tokens[i].kind == .comma) {
                if let s = start { entries.append(InheritanceEntry(range: SourceRange(start: s, end: end), isObservableObject: isObservable)) }
                start = nil
                isObservable = false
                if tokens[i].kind != .comma { break }
                i += 1
                continue
            }
            if t.hasPrefix("<") { angle += 1 }
            if t.hasSuffix(">") { angle = max(0, angle - t.count) }
            if start == nil { start = Int(tokens[i].textStart) }
            end = Int(tokens[i].textEnd)
            if t == "ObservableObject" { isObservable = true }
            i += 1
        }
        return InheritanceClause(nameStart: Int(tokens[name].textStart), beforeColon: beforeColon, entries: entries)
    }
}
