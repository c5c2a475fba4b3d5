import ViewLintSyntax

/// What one file contributes to the project model. It keeps the file's bytes (for positions
/// and snippets) but not its tokens or tree: those are dropped once the model is extracted,
/// which is what keeps a million-line project in a small memory budget.
public struct FileModel: Sendable {
    public let source: SourceFile
    /// Every type declaration and extension in the file, nested ones included (see `parent`).
    public var types: [TypeDecl]
    /// Functions and variables declared at the top level, outside any type.
    public var globals: [Member]
    /// Comment byte ranges, for suppressions.
    public var comments: [Range<Int>]
    public var lexerNotes: [LexerNote]
    public var imports: [String]
    /// Every branch of every `#if` in the file, in source order.
    public var compilationBranches: [CompilationBranch]

    public init(source: SourceFile, types: [TypeDecl], comments: [Range<Int>], lexerNotes: [LexerNote],
                imports: [String], globals: [Member] = [], compilationBranches: [CompilationBranch] = []) {
        self.source = source
        self.compilationBranches = compilationBranches
        self.types = types
        self.globals = globals
        self.comments = comments
        self.lexerNotes = lexerNotes
        self.imports = imports
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
        var extractor = ModelExtractor(tree: tree)
        extractor.run()
        return FileModel(source: tree.source, types: extractor.types, comments: tree.file.comments,
                         lexerNotes: tree.file.notes, imports: extractor.imports, globals: extractor.globals,
                         compilationBranches: compilationBranches(tree))
    }

    /// Lex, parse and extract in one call.
    public static func build(_ source: SourceFile) -> FileModel {
        extract(from: Parser.parse(source))
    }

    /// The clauses of every `#if`, from one pass over the node kinds (clauses are rare, and
    /// finding them this way costs no walk of the declarations).
    static func compilationBranches(_ tree: SyntaxTree) -> [CompilationBranch] {
        var result: [CompilationBranch] = []
        for node in tree.nodes.indices where tree.kind(node) == .ifConfigDecl {
            var preceding: [String] = []
            for clause in tree.children(node) where tree.kind(clause) == .ifConfigClause {
                let condition = tree.firstChild(clause, .ifConfigCondition).map { tree.normalizedText($0) }
                result.append(CompilationBranch(condition: condition ?? "", precedingConditions: preceding,
                                                range: tree.sourceRange(clause)))
                if let condition { preceding.append(condition) }
            }
        }
        result.sort { $0.range < $1.range }
        return result
    }
}

/// One branch of an `#if`: the code between its directive and the next one.
public struct CompilationBranch: Sendable, Hashable {
    /// The condition as written (`DEBUG`, `os(iOS) && DEBUG`); empty for `#else`.
    public var condition: String
    /// The conditions of the branches before this one in the same `#if`: this branch is
    /// compiled only when they are all false.
    public var precedingConditions: [String]
    public var range: SourceRange

    public init(condition: String, precedingConditions: [String], range: SourceRange) {
        self.condition = condition
        self.precedingConditions = precedingConditions
        self.range = range
    }
}
