import ViewLintSyntax

/// What one file contributes to the project model. It keeps the file's bytes (for positions
/// and snippets) but not its tokens or tree: those are dropped once the model is extracted,
/// which is what keeps a million-line project in a small memory budget.
public struct FileModel: Sendable {
    /// The file's fields, behind one reference: the model is copied out of the project's files
    /// array on every ask (each rule's `context.file`, each fact's walk of every file), and a copy
    /// then costs one retain instead of eleven (the source's three arrays and strings and the
    /// model's eight lists), each of them a count that two threads reading the same file write.
    private final class Fields: Sendable {
        let source: SourceFile
        let types: [TypeDecl]
        let globals: [Member]
        let comments: [Range<Int>]
        let lexerNotes: [LexerNote]
        let imports: [String]
        let compilationBranches: [CompilationBranch]
        let macros: [MacroExpansion]
        let availabilityChecks: [AvailabilityCheck]
        let mentioned: MentionedWords

        init(source: SourceFile, types: [TypeDecl], globals: [Member], comments: [Range<Int>], lexerNotes: [LexerNote],
             imports: [String], compilationBranches: [CompilationBranch], macros: [MacroExpansion],
             availabilityChecks: [AvailabilityCheck], mentioned: MentionedWords? = nil) {
            self.source = source
            self.mentioned = mentioned ?? source.mentioned
            self.types = types
            self.globals = globals
            self.comments = comments
            self.lexerNotes = lexerNotes
            self.imports = imports
            self.compilationBranches = compilationBranches
            self.macros = macros
            self.availabilityChecks = availabilityChecks
        }
    }

    private let fields: Fields

    public var source: SourceFile { fields.source }
    /// The initial value's text of `member`, one of this file's members, normalised; nil for a
    /// computed property. Asked of the file: most texts are kept as where they stand in its
    /// source and spelled only when asked (`Member.initializerText(in:)`).
    public func initializerText(of member: Member) -> String? { member.initializerText(in: source.bytes) }
    /// Every type declaration and extension in the file, nested ones included (see `parent`).
    public var types: [TypeDecl] { fields.types }
    /// Functions and variables declared at the top level, outside any type.
    public var globals: [Member] { fields.globals }
    /// Comment byte ranges, for suppressions.
    public var comments: [Range<Int>] { fields.comments }
    public var lexerNotes: [LexerNote] { fields.lexerNotes }
    public var imports: [String] { fields.imports }
    /// Every branch of every `#if` in the file, in source order.
    public var compilationBranches: [CompilationBranch] { fields.compilationBranches }
    /// Freestanding macros expanded as declarations (`#Preview { ... }`), at the top level or
    /// among a type's members.
    public var macros: [MacroExpansion] { fields.macros }
    /// The `platform version` arguments of the file's `#available` and `#unavailable` checks,
    /// read from tokens: a mention in a comment or a string literal is not a check.
    public var availabilityChecks: [AvailabilityCheck] { fields.availabilityChecks }

    /// Whether the file's bytes spell `word` (comments and strings included), as
    /// `source.mentions` would answer: a bit found when the model was made, in the one scan
    /// that finds every registered word.
    public func mentions(_ word: MentionedWord) -> Bool { fields.mentioned.contains(word) }

    /// Whether the file's bytes spell any word of `list`: the registered ones by their bits,
    /// the others by a scan each.
    public func mentions(anyOf list: MentionedWordList) -> Bool {
        fields.mentioned.containsAny(of: list) || list.others.contains { source.mentions($0) }
    }

    public init(source: SourceFile, types: [TypeDecl], comments: [Range<Int>], lexerNotes: [LexerNote],
                imports: [String], globals: [Member] = [], compilationBranches: [CompilationBranch] = [],
                macros: [MacroExpansion] = [], availabilityChecks: [AvailabilityCheck] = []) {
        fields = Fields(source: source, types: types, globals: globals, comments: comments, lexerNotes: lexerNotes,
                        imports: imports, compilationBranches: compilationBranches, macros: macros,
                        availabilityChecks: availabilityChecks)
    }

    /// `model` without its declarations: what suppressions and findings read (source, comments,
    /// lexer notes), so that the rest of the model can be freed while findings are made.
    public init(stripping model: FileModel) {
        fields = Fields(source: model.source, types: [], globals: [], comments: model.comments, lexerNotes: model.lexerNotes,
                        imports: [], compilationBranches: [], macros: [], availabilityChecks: [],
                        mentioned: model.fields.mentioned)
    }

    public var path: String { source.path }

    /// The text of a byte range.
    public func text(_ range: SourceRange) -> String {
        let bytes = source.bytes
        let start = max(0, min(range.start, bytes.count))
        let end = max(start, min(range.end, bytes.count))
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    public static func extract(from tree: SyntaxTree) -> FileModel {
        NameTable.shared.withFileNames { names in
            // The names are lent from file to file; the token indices cached are this file's from here.
            names.tokenNames.startFile()
            let arguments = ArgumentTable(names: names)
            var extractor = ModelExtractor(tree: tree, names: names, arguments: arguments)
            extractor.run()
            extractor.finish()
            arguments.finish()
            let directives = spelledDirectives(tree.source)
            return FileModel(source: tree.source, types: extractor.types, comments: tree.file.comments,
                             lexerNotes: tree.file.notes, imports: extractor.imports, globals: extractor.globals,
                             compilationBranches: directives.ifConfig ? compilationBranches(tree) : [],
                             macros: extractor.macros,
                             availabilityChecks: directives.availability ? availabilityChecks(tree.file) : [])
        }
    }

    /// Lex, parse and extract in one call.
    public static func build(_ source: SourceFile) -> FileModel {
        extract(from: Parser.parse(source))
    }

    /// Whether `source`'s bytes spell `#if`, and `#available` or `#unavailable`, anywhere
    /// (strings and comments too), as every such directive's token does. Asked of each `#`,
    /// which `memchr` finds (a rare byte), before `compilationBranches` looks at every node and
    /// `availabilityChecks` at every token: on the real apps one file in nine has an `#if`, one
    /// in twenty-seven an availability check.
    static func spelledDirectives(_ source: SourceFile) -> (ifConfig: Bool, availability: Bool) {
        var ifConfig = false
        var availability = false
        source.bytes.withUnsafeBufferPointer { bytes in
            func spells(_ word: StaticString, after pound: Int) -> Bool {
                let end = pound + 1 + word.utf8CodeUnitCount
                return end <= bytes.count && UnsafeBufferPointer(rebasing: bytes[(pound + 1)..<end])
                    .hasSameBytes(as: UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
            }
            source.forEachOccurrence(of: "#") { pound in
                if !ifConfig && spells("if", after: pound) { ifConfig = true }
                if !availability && (spells("available", after: pound) || spells("unavailable", after: pound)) {
                    availability = true
                }
                return !(ifConfig && availability)
            }
        }
        return (ifConfig, availability)
    }

    /// The clauses of every `#if`, from one pass over the node kinds (clauses are rare, and
    /// finding them this way costs no walk of the declarations).
    static func compilationBranches(_ tree: SyntaxTree) -> [CompilationBranch] {
        var result: [CompilationBranch] = []
        for node in tree.nodes.indices where tree.kind(node) == .ifConfigDecl {
            // One array of an `#if`'s conditions, which each clause's preceding conditions are a
            // prefix of: an array of its own per clause made an `#if` of n `#elseif`s quadratic
            // (16,000 of them took 2 GB).
            var conditions: [String] = []
            var clauses: [(condition: String?, range: SourceRange, preceding: Int)] = []
            for clause in tree.children(node) where tree.kind(clause) == .ifConfigClause {
                let condition = tree.firstChild(clause, .ifConfigCondition).map { tree.normalizedText($0) }
                clauses.append((condition, tree.sourceRange(clause), conditions.count))
                if let condition { conditions.append(condition) }
            }
            for clause in clauses {
                result.append(CompilationBranch(condition: clause.condition ?? "",
                                                precedingConditions: conditions[..<clause.preceding], range: clause.range))
            }
        }
        result.sort { $0.range < $1.range }
        return result
    }
}

extension FileModel {
    // AvailabilityCondition = ('#available' | '#unavailable') '(' Argument (',' Argument)* ')'
    // Argument = Platform Version | '*'
    /// Every `platform version` argument of every availability condition in `file`'s tokens.
    static func availabilityChecks(_ file: TokenizedFile) -> [AvailabilityCheck] {
        // Asked only of files that spell a check (see `spelledDirectives`).
        var result: [AvailabilityCheck] = []
        let tokens = file.tokens
        var i = 0
        while i < tokens.count {
            defer { i += 1 }
            guard tokens[i].kind == .poundAvailable || tokens[i].kind == .poundUnavailable,
                  i + 1 < tokens.count, tokens[i + 1].kind == .leftParen else { continue }
            let keywordStart = Int(tokens[i].textStart)
            var argument = i + 2
            var j = i + 2
            while j < tokens.count, tokens[j].kind != .rightParen, tokens[j].kind != .endOfFile {
                if tokens[j].kind == .comma {
                    result.appendCheck(file, tokens[argument..<j], keywordStart: keywordStart)
                    argument = j + 1
                }
                j += 1
            }
            result.appendCheck(file, tokens[argument..<j], keywordStart: keywordStart)
            i = j
        }
        return result
    }
}

extension [AvailabilityCheck] {
    /// `iOS 17.0` from the tokens of one argument: a platform name, then a version written
    /// without spaces (`17`, `17.0`, `17.0.1`).
    fileprivate mutating func appendCheck(_ file: TokenizedFile, _ argument: ArraySlice<Token>, keywordStart: Int) {
        guard argument.count >= 2, let platform = argument.first, platform.kind == .identifier,
              let first = argument.dropFirst().first, let last = argument.last else { return }
        var end = first.textEnd
        for token in argument.dropFirst(2) {
            guard token.textStart == end else { return }
            end = token.textEnd
        }
        let bytes = file.source.bytes
        append(AvailabilityCheck(platform: String(decoding: bytes[platform.textRange], as: UTF8.self),
                                 version: String(decoding: bytes[Int(first.textStart)..<Int(last.textEnd)], as: UTF8.self),
                                 keywordStart: keywordStart))
    }
}

/// One `platform version` argument of an `#available` or `#unavailable` check.
public struct AvailabilityCheck: Sendable, Hashable {
    /// As written (`iOS`).
    public var platform: String
    /// As written (`17.0`).
    public var version: String
    /// Where the check's `#available` or `#unavailable` starts: what code it guards.
    public var keywordStart: Int

    public init(platform: String, version: String, keywordStart: Int) {
        self.platform = platform
        self.version = version
        self.keywordStart = keywordStart
    }
}

/// One branch of an `#if`: the code between its directive and the next one.
public struct CompilationBranch: Sendable, Hashable {
    /// The condition as written (`DEBUG`, `os(iOS) && DEBUG`); empty for `#else`.
    public var condition: String
    /// The conditions of the branches before this one in the same `#if`: this branch is
    /// compiled only when they are all false. A prefix of one array shared by the `#if`'s clauses.
    public var precedingConditions: ArraySlice<String>
    public var range: SourceRange

    public init(condition: String, precedingConditions: ArraySlice<String>, range: SourceRange) {
        self.condition = condition
        self.precedingConditions = precedingConditions
        self.range = range
    }
}

/// `#Name(arguments) { content }` in declaration position.
public struct MacroExpansion: Sendable {
    /// The macro's name without `#` (`Preview`).
    public var name: String
    /// From `#` through the name.
    public var nameRange: SourceRange
    public var range: SourceRange
    /// Index in `FileModel.types` of the type or extension the macro is written in; nil at the top level.
    public var enclosingType: Int?
    /// The trailing closure's statements reduced as a view builder (a preview's content).
    public var builder: BuilderBlock?
    /// Whether the bytes between the name and the builder's closure spell `traits` or
    /// `modifier` (strings and comments too): `#Preview(traits: .modifier(SampleData()))` may
    /// inject anything. Found when the model is made, so that the view graph, which asks of
    /// every file's previews, reads no file's bytes.
    public var headerSpellsTraitsOrModifier: Bool

    public init(name: String, nameRange: SourceRange, range: SourceRange, enclosingType: Int?, builder: BuilderBlock?,
                headerSpellsTraitsOrModifier: Bool = false) {
        self.name = name
        self.nameRange = nameRange
        self.range = range
        self.enclosingType = enclosingType
        self.builder = builder
        self.headerSpellsTraitsOrModifier = headerSpellsTraitsOrModifier
    }
}
