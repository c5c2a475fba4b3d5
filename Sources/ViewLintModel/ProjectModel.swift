/// The whole project's view-declaration model: every file's declarations, with types merged
/// across their extensions and files, and the answers rules ask of it (is this a view, which
/// members does it have, what do they read).
public struct ProjectModel: Sendable {
    public let files: [FileModel]
    /// Merged types by qualified name (`Outer.Inner`).
    public let types: [String: TypeInfo]
    /// The merged type each declaration (file, index) belongs to.
    private let owners: [DeclRef: String]
    /// Names read through a value of a type, by the type's simple name: the member reads of
    /// functions that take such a value as a parameter (`func configure(with text: AttributedText)`)
    /// and of types that hold one in a property (`var parent: MapView`).
    public let memberReadsThroughValues: [String: Set<String>]

    public struct DeclRef: Sendable, Hashable {
        public var file: Int
        public var index: Int
        public init(file: Int, index: Int) {
            self.file = file
            self.index = index
        }
    }

    /// A type with all its declarations and extensions.
    public struct TypeInfo: Sendable {
        public var qualifiedName: String
        /// The primary declaration's kind, or `.extension` for types declared outside the project.
        public var kind: TypeDecl.Kind
        /// The primary declaration first (if in the project), then extensions, in file order.
        public var declarations: [DeclRef]
        /// Conformances and superclass from the declaration and every extension.
        public var inherited: Set<String>
        /// Whether the type is declared (not only extended) in the linted files.
        public var isDeclaredInProject: Bool
    }

    public init(files: [FileModel]) {
        self.files = files
        var types: [String: TypeInfo] = [:]
        var owners: [DeclRef: String] = [:]
        var bySimpleName: [String: [String]] = [:]
        // Declarations first, so extensions can find what they extend.
        for (f, file) in files.enumerated() {
            for (i, decl) in file.types.enumerated() where decl.kind != .extension {
                let ref = DeclRef(file: f, index: i)
                let key = ProjectModel.qualifiedName(decl, in: file)
                if var existing = types[key] {
                    existing.declarations.insert(ref, at: existing.isDeclaredInProject ? existing.declarations.count : 0)
                    existing.inherited.formUnion(decl.inherited)
                    types[key] = existing
                } else {
                    types[key] = TypeInfo(qualifiedName: key, kind: decl.kind, declarations: [ref],
                                          inherited: Set(decl.inherited), isDeclaredInProject: true)
                    bySimpleName[decl.name, default: []].append(key)
                }
                owners[ref] = key
            }
        }
        for (f, file) in files.enumerated() {
            for (i, decl) in file.types.enumerated() where decl.kind == .extension {
                let ref = DeclRef(file: f, index: i)
                let written = ProjectModel.qualifiedName(decl, in: file)
                var key = written
                if types[written] == nil, let candidates = bySimpleName[decl.name], candidates.count == 1 {
                    key = candidates[0]
                }
                if var existing = types[key] {
                    existing.declarations.append(ref)
                    existing.inherited.formUnion(decl.inherited)
                    types[key] = existing
                } else {
                    types[key] = TypeInfo(qualifiedName: key, kind: .extension, declarations: [ref],
                                          inherited: Set(decl.inherited), isDeclaredInProject: false)
                }
                owners[ref] = key
            }
        }
        self.types = types
        self.owners = owners
        self.memberReadsThroughValues = ProjectModel.readsThroughValues(files)
    }

    static func readsThroughValues(_ files: [FileModel]) -> [String: Set<String>] {
        var index: [String: Set<String>] = [:]
        func record(_ member: Member) {
            guard !member.memberReads.isEmpty else { return }
            for parameter in member.parameters {
                if let text = parameter.typeText, let name = referencedTypeName(text) {
                    index[name, default: []].formUnion(member.memberReads)
                }
            }
        }
        for file in files {
            for decl in file.types {
                var held: [String] = []
                for member in decl.members {
                    record(member)
                    if member.kind == .storedProperty || member.kind == .computedProperty,
                       let text = member.typeText, let name = referencedTypeName(text), name != decl.name {
                        held.append(name)
                    }
                }
                // A type holding a value reads it in any of its members.
                if !held.isEmpty {
                    var reads: Set<String> = []
                    for member in decl.members { reads.formUnion(member.memberReads) }
                    for name in held { index[name, default: []].formUnion(reads) }
                }
            }
            for member in file.globals { record(member) }
        }
        return index
    }

    /// `AttributedText` for `AttributedText`, `inout AttributedText`, `AttributedText?`,
    /// `Module.AttributedText`, `Wrapper<T>` (as `Wrapper`); nil for other shapes.
    static func referencedTypeName(_ text: String) -> String? {
        var t = Substring(text)
        for prefix in ["inout ", "borrowing ", "consuming ", "__owned ", "__shared "] where t.hasPrefix(prefix) {
            t = t.dropFirst(prefix.count)
        }
        while let last = t.last, last == "?" || last == "!" || last == " " { t = t.dropLast() }
        if let angle = t.firstIndex(of: "<") { t = t[..<angle] }
        if let dot = t.lastIndex(of: ".") { t = t[t.index(after: dot)...] }
        guard let first = t.unicodeScalars.first, first.properties.isUppercase,
              t.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "_" })
        else { return nil }
        return String(t)
    }

    /// A declaration's qualified name. Types nested in an extension take the extended type's
    /// name as their prefix.
    static func qualifiedName(_ decl: TypeDecl, in file: FileModel) -> String {
        guard let parent = decl.parent else { return decl.name }
        return qualifiedName(file.types[parent], in: file) + "." + decl.name
    }

    public func declaration(_ ref: DeclRef) -> TypeDecl { files[ref.file].types[ref.index] }

    /// The merged type a declaration belongs to.
    public func typeInfo(of ref: DeclRef) -> TypeInfo? {
        owners[ref].flatMap { types[$0] }
    }

    /// Every member of a type, from all its declarations and extensions.
    public func members(of type: TypeInfo) -> [(ref: DeclRef, member: Member)] {
        var result: [(ref: DeclRef, member: Member)] = []
        for ref in type.declarations {
            for m in declaration(ref).members { result.append((ref, m)) }
        }
        return result
    }

    /// Looks a type up by the name used somewhere in `context` (a nested name first, then outward).
    public func resolveType(_ name: String, from contextQualifiedName: String? = nil) -> TypeInfo? {
        let stripped = KnownNames.stripModule(name)
        if var scope = contextQualifiedName {
            while true {
                if let found = types[scope + "." + stripped] { return found }
                guard let dot = scope.lastIndex(of: ".") else { break }
                scope = String(scope[..<dot])
            }
        }
        return types[stripped]
    }

    // MARK: Conformance

    /// Does the type conform to (or inherit from) any of `targets`, directly, through an
    /// extension, through a project protocol that refines one, or through a project superclass?
    public func conforms(_ type: TypeInfo, toAnyOf targets: Set<String>) -> Bool {
        var visited: Set<String> = []
        var stack: [TypeInfo] = [type]
        while let t = stack.popLast() {
            guard visited.insert(t.qualifiedName).inserted else { continue }
            for name in t.inherited {
                if targets.contains(name) { return true }
                if let inner = resolveType(name, from: t.qualifiedName), inner.isDeclaredInProject,
                   inner.kind == .protocol || inner.kind == .class {
                    stack.append(inner)
                }
            }
        }
        return false
    }

    /// A view is a type that conforms to `View`, `ViewModifier` or another SDK protocol that
    /// refines them (see `KnownNames.viewProtocols`), or to a project protocol refining one.
    public func isView(_ type: TypeInfo) -> Bool {
        type.kind != .protocol && conforms(type, toAnyOf: KnownNames.viewProtocols)
    }

    /// The view that a declaration belongs to, if its type is a view.
    public func view(of ref: DeclRef) -> TypeInfo? {
        guard let info = typeInfo(of: ref), isView(info) else { return nil }
        return info
    }

    /// The qualified name of the type that encloses `info`, if it is nested.
    public func enclosingTypeName(of info: TypeInfo) -> String? {
        guard let dot = info.qualifiedName.lastIndex(of: ".") else { return nil }
        return String(info.qualifiedName[..<dot])
    }

    /// Types nested (at any depth) inside `info`.
    public func nestedTypes(of info: TypeInfo) -> [TypeInfo] {
        let prefix = info.qualifiedName + "."
        return types.values.filter { $0.qualifiedName.hasPrefix(prefix) }.sorted { $0.qualifiedName < $1.qualifiedName }
    }
}
