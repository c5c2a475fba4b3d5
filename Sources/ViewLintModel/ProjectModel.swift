import Dispatch
#if canImport(Glibc)
import Glibc
#endif
import ViewLintSyntax

/// The whole project's view-declaration model: every file's declarations, with types merged
/// across their extensions and files, and the answers rules ask of it (is this a view, which
/// members does it have, what do they read).
public struct ProjectModel: Sendable {
    /// The model's tables, in one shared, immutable object: rules, facts and expression scopes
    /// copy the model constantly, and a copy then costs one retain instead of one per table.
    private final class Tables: Sendable {
        /// What a lane copies or reads kept (see `LaneTables`).
        let laneTables: LaneTables
        var files: [FileModel] { laneTables.files }
        var types: [String: TypeInfo] { laneTables.types }
        /// The same types by id (see `TypeInfo.id`).
        var byID: [TypeInfo] { laneTables.byID }
        var owners: [[TypeInfo?]] { laneTables.owners }
        var ownerIsView: [[Bool]] { laneTables.ownerIsView }
        let nestedKeys: [String: [String]]
        let cache: ProjectCache
        /// Values each lane derives from shared facts for itself (see `laneRemembered`), as
        /// made once for any thread or model that is no lane's.
        let derived: ProjectCache
        /// The facts the thread that made this copy has asked for (see `laneCopy`).
        let laneFacts: LaneFacts?
        let typeFacts: TypeFacts
        let scopedNames: Set<String>
        /// Ids of the nested and file-private types, whose keys have scopes to look up by.
        let scopedIDs: [Int]
        /// Whether each type is a view, by id.
        let viewIDs: [Bool]
        let memberReadsThroughValues: [String: NameSet]
        let protocolSimpleNames: Set<String>
        /// The keys of `types` and the scoped names, by their bytes (see `resolveType`).
        var typeKeys: TypeKeyTable { laneTables.typeKeys }

        convenience init(files: [FileModel], types: [String: TypeInfo], byID: [TypeInfo], owners: [[TypeInfo?]], ownerIsView: [[Bool]],
                         nestedKeys: [String: [String]], scopedNames: Set<String>, scopedIDs: [Int], typeKeys: TypeKeyTable,
                         viewIDs: [Bool], memberReadsThroughValues: [String: NameSet], protocolSimpleNames: Set<String>,
                         derived: ProjectCache? = nil) {
            self.init(laneTables: LaneTables(files: files, types: types, byID: byID, owners: owners, ownerIsView: ownerIsView,
                                             typeKeys: typeKeys),
                      nestedKeys: nestedKeys, scopedNames: scopedNames, scopedIDs: scopedIDs, viewIDs: viewIDs,
                      memberReadsThroughValues: memberReadsThroughValues, protocolSimpleNames: protocolSimpleNames,
                      cache: nil, derived: derived, typeFacts: nil, laneFacts: nil)
        }

        private init(laneTables: LaneTables, nestedKeys: [String: [String]], scopedNames: Set<String>, scopedIDs: [Int],
                     viewIDs: [Bool], memberReadsThroughValues: [String: NameSet], protocolSimpleNames: Set<String>,
                     cache: ProjectCache?, derived: ProjectCache?, typeFacts: TypeFacts?, laneFacts: LaneFacts?) {
            self.laneTables = laneTables
            self.nestedKeys = nestedKeys
            self.cache = cache ?? ProjectCache()
            self.derived = derived ?? ProjectCache()
            self.laneFacts = laneFacts
            self.typeFacts = typeFacts ?? TypeFacts(count: laneTables.types.count)
            self.scopedNames = scopedNames
            self.scopedIDs = scopedIDs
            self.viewIDs = viewIDs
            self.memberReadsThroughValues = memberReadsThroughValues
            self.protocolSimpleNames = protocolSimpleNames
        }

        /// A lane's tables (see `ProjectModel.laneCopy`): `laneTables`, the model's own or a
        /// lane's copies, and every other table shared, with facts of the lane's own.
        func lane(reading laneTables: LaneTables, sharesDerived: Bool) -> Tables {
            Tables(laneTables: laneTables, nestedKeys: nestedKeys, scopedNames: scopedNames, scopedIDs: scopedIDs,
                   viewIDs: viewIDs, memberReadsThroughValues: memberReadsThroughValues,
                   protocolSimpleNames: protocolSimpleNames, cache: cache, derived: derived,
                   typeFacts: TypeFacts(laneOf: typeFacts),
                   laneFacts: LaneFacts(shared: cache, derived: derived, sharesDerived: sharesDerived))
        }
    }

    /// The tables rules reach on nearly every ask, which a lane with `separateTypes` copies
    /// (`laneCopy`) and `keepTypesForLanes` marks instead: one list that both read.
    private struct LaneTables: Sendable {
        let files: [FileModel]
        let types: [String: TypeInfo]
        let byID: [TypeInfo]
        let owners: [[TypeInfo?]]
        let ownerIsView: [[Bool]]
        let typeKeys: TypeKeyTable

        /// The same tables in storage of their own: each type's fields too, and each
        /// declaration's type the copy of it.
        func separateCopy() -> LaneTables {
            // Ids are dense: 0 to `types.count`, each type's its own (see `init(files:parallel:)`).
            let byID = byID.map { $0.separateCopy() }
            var laneTypes: [String: TypeInfo] = [:]
            laneTypes.reserveCapacity(types.count)
            for (key, type) in types { laneTypes[key] = byID[type.id] }
            return LaneTables(
                files: files.map { $0 }, types: laneTypes, byID: byID,
                owners: owners.map { file in file.map { owner in owner.map { byID[$0.id] } } },
                ownerIsView: ownerIsView.map { $0.map { $0 } }, typeKeys: typeKeys.separateCopy())
        }

        /// Marks every storage `separateCopy` copies as never freed.
        func keep() {
            Immortal.keepStorage(of: files)
            Immortal.keepStorage(of: types)
            Immortal.keepStorage(of: byID)
            for type in byID { type.keepBox() }
            Immortal.keepStorage(of: owners)
            for file in owners { Immortal.keepStorage(of: file) }
            Immortal.keepStorage(of: ownerIsView)
            for file in ownerIsView { Immortal.keepStorage(of: file) }
            typeKeys.keepStorage()
        }
    }

    private let tables: Tables

    public var files: [FileModel] { tables.files }
    /// Merged types by key: the qualified name (`Outer.Inner`), with `#<file>` appended for
    /// `private` and `fileprivate` types, which are distinct per file.
    public var types: [String: TypeInfo] { tables.types }
    /// The same types by id (see `TypeInfo.id`).
    var typesByID: [TypeInfo] { tables.byID }
    /// The merged type each declaration (file, index) belongs to, indexed by file and then
    /// declaration: rules ask for every declaration, so no key is hashed to answer.
    private var owners: [[TypeInfo?]] { tables.owners }
    /// Whether that type is a view, indexed the same way.
    private var ownerIsView: [[Bool]] { tables.ownerIsView }
    /// Keys of the types declared directly inside each type.
    private var nestedKeys: [String: [String]] { tables.nestedKeys }
    private var cache: ProjectCache { tables.cache }
    private var derived: ProjectCache { tables.derived }
    /// Facts asked per type (`namesRead(in:)`, ...), by `TypeInfo.id`.
    var typeFacts: TypeFacts { tables.typeFacts }
    /// Simple names that some nested or file-private type has: only these need a scoped lookup;
    /// every other name resolves with one dictionary access.
    private var scopedNames: Set<String> { tables.scopedNames }
    /// Whether each type is a view, by id, decided once (every rule asks, for every declaration).
    private var viewIDs: [Bool] { tables.viewIDs }
    /// Names read through a value of a type, by the type's simple name: the member reads of
    /// functions that take such a value as a parameter (`func configure(with text: AttributedText)`)
    /// or build one into a local (`let view = Editor(...)`, reading `view.document`), and of types that hold one in a property
    /// (`var parent: MapView`).
    public var memberReadsThroughValues: [String: NameSet] { tables.memberReadsThroughValues }
    /// The simple names of the project's protocols (`Row` for `Outer.Row` and `Row#3`), made
    /// with the model: asked once per type, a fact's lookup was most of what the ask cost.
    var projectProtocolSimpleNames: Set<String> { tables.protocolSimpleNames }

    private init(tables: Tables) {
        self.tables = tables
    }

    /// The same model for one thread of a parallel run (a lane), to be used by the thread that
    /// makes it: the same files, types and facts (computed once, shared), but the objects rules
    /// reach on nearly every ask are its own: the model's tables, the facts this thread has
    /// asked for (`LaneFacts`, read without the shared cache's lock), the per-type facts it has
    /// read (`TypeFacts`, likewise) and, with `separateTypes`,
    /// the files array, each type's fields and each declaration's type. Reading a shared object
    /// retains it, and two threads retaining one object move its count's cache line from core to
    /// core on every copy: at two cores that was most of the CPU the second core added (see
    /// README, Two cores). One lane can keep the types of the model itself, which no other
    /// thread reads meanwhile; each other lane's copies cost it a few milliseconds.
    public func laneCopy(separateTypes: Bool) -> ProjectModel {
        ProjectModel(tables: tables.lane(reading: separateTypes ? tables.laneTables.separateCopy() : tables.laneTables,
                                         sharesDerived: !separateTypes))
    }

    /// Marks what `laneCopy(separateTypes: true)` copies (`LaneTables`: the files' list, the
    /// types by key and by id with each type's box, each declaration's type and view flag, the
    /// key table) as never freed, so that every lane can read the model's own
    /// (`laneCopy(sharingKeptTypes:)`): a copy of a marked object then reads its count without
    /// writing it, which is what the lanes' copies were for, and they were about 10 MB of the
    /// 1,000,050 generated lines' two-core peak. Only for a model kept until the process ends (a
    /// command line about to exit: `Linter.lint(keepLaneModels:)`), as nothing marked is freed.
    /// Call it before the lanes start. False, marking nothing, where the runtime's mark is not
    /// used (`Immortal`).
    public func keepTypesForLanes() -> Bool {
        guard Immortal.marks else { return false }
        tables.laneTables.keep()
        return true
    }

    /// A lane's copy that reads the model's own types, marked by `keepTypesForLanes()`, and
    /// derives its own values from them as a lane with copies does (`laneCopy(separateTypes: true)`).
    public func laneCopy(sharingKeptTypes: ()) -> ProjectModel {
        ProjectModel(tables: tables.lane(reading: tables.laneTables, sharesDerived: false))
    }

    public struct DeclRef: Sendable, Hashable {
        public var file: Int
        public var index: Int
        public init(file: Int, index: Int) {
            self.file = file
            self.index = index
        }
    }

    /// A type with all its declarations and extensions.
    ///
    /// Its fields live in one shared, immutable object: rules copy type infos constantly (every
    /// `view(of:)` and `typeInfo(of:)` returns one, for every declaration and rule), and a copy
    /// then costs one retain where a struct of strings, arrays and a set costs one per field.
    public struct TypeInfo: Sendable {
        /// Never written after `init`.
        private let box: FieldBox<TypeDraft>

        init(_ draft: TypeDraft) { box = FieldBox(draft) }

        /// The same type in fields of its own (see `ProjectModel.laneCopy`).
        func separateCopy() -> TypeInfo { TypeInfo(box.fields) }

        /// Marks the type's fields' box as never freed (see `ProjectModel.keepTypesForLanes`).
        func keepBox() { Immortal.keep(box) }

        /// The type's index in the project, from 0 in the order types are first met (files in
        /// order): per-type facts are kept in arrays indexed by it.
        public var id: Int { box.fields.id }
        /// Unique within the project (see `ProjectModel.types`).
        public var key: String { box.fields.key }
        /// `Outer.Inner`, as people write it.
        public var qualifiedName: String { box.fields.qualifiedName }
        /// The primary declaration's kind, or `.extension` for types declared outside the project.
        public var kind: TypeDecl.Kind { box.fields.kind }
        /// The primary declaration first (if in the project), then extensions, in file order.
        public var declarations: [DeclRef] { box.fields.declarations }
        /// Conformances and superclass from the declaration and every extension.
        public var inherited: Set<String> { box.fields.inherited }
        /// Whether the type is declared (not only extended) in the linted files.
        public var isDeclaredInProject: Bool { box.fields.isDeclaredInProject }
    }

    /// A `TypeInfo`'s fields; mutable while the model is built, merged declaration by declaration.
    struct TypeDraft: Sendable {
        var id: Int
        var key: String
        var qualifiedName: String
        var kind: TypeDecl.Kind
        var declarations: [DeclRef]
        var inherited: Set<String>
        var isDeclaredInProject: Bool
        /// Whether the key has a scope (`Outer.Inner`, `Row#3`): told once, where the key is made.
        var isScoped: Bool

        /// `isScoped` where the caller knows it from how it joined the key; told from the key's
        /// bytes otherwise.
        init(id: Int, key: String, qualifiedName: String, kind: TypeDecl.Kind, declarations: [DeclRef],
             inherited: Set<String>, isDeclaredInProject: Bool, isScoped: Bool? = nil) {
            self.id = id
            self.key = key
            self.qualifiedName = qualifiedName
            self.kind = kind
            self.declarations = declarations
            self.inherited = inherited
            self.isDeclaredInProject = isDeclaredInProject
            self.isScoped = isScoped ?? key.withBytes { $0.contains { $0 == 0x2E || $0 == 0x23 } }
        }

        /// Adds a declaration of the type (of `kind`) or, with no kind, an extension of it. The
        /// primary declaration comes first: one found after an extension goes before it.
        mutating func add(_ ref: DeclRef, declaring kind: TypeDecl.Kind?, inherited more: [String]) {
            if let kind, !isDeclaredInProject {
                declarations.insert(ref, at: 0)
                isDeclaredInProject = true
                self.kind = kind
            } else {
                declarations.append(ref)
            }
            inherited.formUnion(more)
        }
    }

    /// Builds the model. With `parallel`, the work that is per file (declarations' keys and
    /// names, reads through values) or per type (is it a view) runs on all cores, and only the
    /// merge of the per-file results into the project's tables is serial; the result is the same
    /// either way (per-file results are merged in file order, never in completion order).
    public init(files: [FileModel], parallel: Bool = false) {
        self.init(files: files, parallel: parallel, declared: nil)
    }

    /// The model of `files`, whose declarations `declared` has merged as they were made (see
    /// `DeclarationMerge`); those it has not are merged here.
    public init(files: [FileModel], parallel: Bool = false, declared merge: DeclarationMerge?) {
        var declaredTypes: DeclaredTypes
        if let merge, let merged = merge.finish(files) {
            declaredTypes = merged
        } else {
            // Per file, in parallel: each declaration's draft, key and name made (see
            // `declarationDrafts`), then merged in file order.
            var named = ProjectModel.parallelMap(files.count, parallel: parallel) { f in
                ProjectModel.declarationDrafts(files[f], file: f)
            }
            declaredTypes = DeclaredTypes(fileCount: files.count)
            for f in files.indices { declaredTypes.merge(file: f, files[f], drafts: &named[f]) }
        }
        var drafts = declaredTypes.drafts
        var declaredIDs = declaredTypes.declaredIDs
        var ownerIDs = declaredTypes.ownerIDs
        let firstOwner = declaredTypes.firstOwner
        let pendingNested = declaredTypes.pendingNested
        declaredTypes = DeclaredTypes(fileCount: 0)

        // What each extension extends, as far as the declared types tell: looked up per file
        // in parallel (the lookups were most of the serial merge), applied below in file order.
        let extended: [[ExtendedType]]
        do {
            // Scoped, so that the table is no longer shared when it grows below.
            let declared = declaredIDs
            let scopedDeclared = ProjectModel.scopedKeysBySimpleName(drafts, files: files)
            extended = ProjectModel.parallelMap(files.count, parallel: parallel) { f in
                ProjectModel.extendedTypes(files[f], file: f, declared: declared, scopedBySimpleName: scopedDeclared)
            }
        }
        // Types only extended get ids after the declared ones, in the order first met: each
        // extension's type is worked out here, in file order, and only filed below.
        var extensionIDs: [String: Int] = [:]
        var filed: [ExtensionFiling] = []
        for f in files.indices {
            // Only the extensions, as the lookups listed them: reading every declaration's kind
            // here, each a miss of a cache the other core filled, was most of this loop.
            for e in extended[f].indices {
                let found = extended[f][e]
                let i = Int(found.declaration)
                let written = found.written
                // A file-private type of the same file wins, then the exact name (a declared
                // type, or one an earlier extension made), then a unique type with that simple
                // name (an extension of a nested type). No earlier extension made a type of a
                // name no declared type has (`View`, most): the table is empty until one does.
                let id: Int
                if let known = found.filePrivate ?? found.exact
                    ?? (extensionIDs.isEmpty ? nil : extensionIDs[written]) ?? found.uniqueVisible {
                    id = known
                } else {
                    id = drafts.count
                    extensionIDs[written] = id
                    // Its declarations and inherited names are filed with every other extension's.
                    drafts.append(TypeDraft(id: id, key: written, qualifiedName: written, kind: .extension, declarations: [],
                                            inherited: [], isDeclaredInProject: false))
                }
                filed.append(ExtensionFiling(type: Int32(id), file: Int32(f), index: Int32(i)))
                ownerIDs[firstOwner[f] + i] = Int32(id)
            }
        }
        // Each extension filed with its type (its declaration listed, its inherited names
        // hashed into the type's set), a share of the types per core: a type's extensions
        // are all filed by one core, in file order. Filed on one core, this was the longest
        // serial stretch of the model.
        do {
            let shares = parallel ? ProjectModel.processorCount : 1
            let all = filed
            drafts.withUnsafeMutableBufferPointer { buffer in
                nonisolated(unsafe) let drafts = buffer
                ProjectModel.parallelForEach(shares, parallel: parallel) { share in
                    for extensionFiled in all where Int(extensionFiled.type) % shares == share {
                        let f = Int(extensionFiled.file), i = Int(extensionFiled.index)
                        drafts[Int(extensionFiled.type)].add(DeclRef(file: f, index: i), declaring: nil,
                                                             inherited: files[f].types[i].inherited)
                    }
                }
            }
        }
        // From here every type is known: each type's box and each declaration's type, on all
        // cores, then the key table and, beside it, the nested keys and the scoped names. Made
        // one after another they were the longest stretch of the model with one core idle.
        let finished = drafts
        drafts = []
        let byID = ProjectModel.parallelMap(finished.count, parallel: parallel, block: ProjectModel.smallResultsBlock) {
            TypeInfo(finished[$0])
        }
        let declared = declaredIDs
        declaredIDs = [:]
        let onlyExtended = extensionIDs
        let resolvedIDs = ownerIDs
        // Each declaration's type, per file on every core: the largest of the four parts, it
        // made one side of the pair below five times the other.
        let owners = ProjectModel.parallelMap(files.count, parallel: parallel, block: ProjectModel.smallResultsBlock / 8) {
            resolvedIDs[firstOwner[$0]..<firstOwner[$0 + 1]].map { $0 >= 0 ? byID[Int($0)] : nil }
        }
        let (types, (nested, scopedIDs, scoped)) = ProjectModel.both(parallel: parallel, {
            // Declared keys keep their table (values mapped, nothing hashed again); only the
            // types that are only extended are added to it (a declared key wins).
            var types = declared.mapValues { byID[$0] }
            for (key, id) in onlyExtended where types[key] == nil { types[key] = byID[id] }
            return types
        }, {
            // Sized for the most they can hold, not grown by doubling (each growth hashed every
            // key again).
            var nested: [String: [String]] = [:]
            nested.reserveCapacity(pendingNested.count)
            // The parent each type was first listed under: a type declared twice is pending
            // twice, and is told listed by its id, where its key was compared with every key
            // of its parent's list (17,700 string compares on the 14 apps). Only a type listed
            // under a second parent (extensions of one name that resolve apart) searches it.
            var listedUnder = [Int32](repeating: -1, count: finished.count)
            for (f, parent, nestedType) in pendingNested {
                let owner = resolvedIDs[firstOwner[f] + parent]
                guard owner >= 0, listedUnder[nestedType] != owner else { continue }
                let key = finished[nestedType].key
                let parentKey = finished[Int(owner)].key
                // Looked at and added to in place: one hash of the parent's key, not two.
                if listedUnder[nestedType] < 0 {
                    listedUnder[nestedType] = owner
                    nested[parentKey, default: []].append(key)
                } else {
                    ProjectModel.appendOnce(key, to: &nested[parentKey, default: []])
                }
            }
            // Which simple names need a scoped lookup, and the types that have them, from the
            // keys alone (see `scopedNames`).
            var scopedIDs: [Int] = []
            var scoped: Set<String> = []
            var scopedCount = 0
            for d in finished.indices where finished[d].isScoped { scopedCount += 1 }
            scoped.reserveCapacity(scopedCount)
            for d in finished.indices where finished[d].isScoped {
                scopedIDs.append(finished[d].id)
                scoped.insert(ProjectModel.simpleTypeKeyName(finished[d].key))
            }
            return (nested, scopedIDs, scoped)
        })
        let typeKeys = TypeKeyTable(types: types, byID: byID, scopedIDs: scopedIDs, scopedNames: scoped)
        // Which types are views: a walk up each type's conformances, independent per type, on
        // the model without its view tables (the walk needs only the types).
        let unclassified = ProjectModel(tables: Tables(
            files: files, types: types, byID: byID, owners: owners, ownerIsView: [], nestedKeys: nested,
            scopedNames: scoped, scopedIDs: scopedIDs, typeKeys: typeKeys, viewIDs: [], memberReadsThroughValues: [:],
            protocolSimpleNames: []))
        // In id order: the view names below are a set, and ids are dense.
        let candidates = byID.filter { $0.kind != .protocol }
        let viewProtocols = NameFilter(KnownNames.viewProtocols)
        let isView = ProjectModel.parallelMap(candidates.count, parallel: parallel) { k in
            unclassified.conforms(candidates[k], toAnyOf: KnownNames.viewProtocols, filter: viewProtocols)
        }
        var viewIDs = [Bool](repeating: false, count: byID.count)
        var viewNames: Set<String> = []
        viewNames.reserveCapacity(candidates.count)
        for (k, type) in candidates.enumerated() where isView[k] {
            viewIDs[type.id] = true
            viewNames.insert(ProjectModel.simpleName(type.qualifiedName))
        }
        // Only reads through values of views matter (rules ask about views' properties), which
        // keeps the index from collecting every function's reads under `String` or `Int`.
        let views = viewIDs
        let ownerIsView = ProjectModel.parallelMap(files.count, parallel: parallel) { f in
            resolvedIDs[firstOwner[f]..<firstOwner[f + 1]].map { $0 >= 0 && views[Int($0)] }
        }
        // The unclassified model's derived values (the scoped types, made while its walk
        // resolved conformances) are of the same types: kept, not made again.
        self.init(tables: Tables(
            files: files, types: types, byID: byID, owners: owners, ownerIsView: ownerIsView,
            nestedKeys: nested, scopedNames: scoped, scopedIDs: scopedIDs, typeKeys: typeKeys, viewIDs: views,
            memberReadsThroughValues: ProjectModel.readsThroughValues(files, of: viewNames, parallel: parallel),
            protocolSimpleNames: ProjectModel.protocolSimpleNames(byID), derived: unclassified.derived))
    }

    static func appendOnce(_ key: String, to list: inout [String]) {
        if !list.contains(key) { list.append(key) }
    }

    /// The declared types (not extensions) of the files merged so far, in file order: drafts
    /// sit in an array by type id, each changed in place (a draft copied out and stored back
    /// copied its arrays on every declaration), and the type of each declaration is kept as its
    /// id, so that no key is hashed again for it.
    struct DeclaredTypes: Sendable {
        var drafts: [TypeDraft] = []
        var declaredIDs: [String: Int] = [:]
        /// By declaration, the files' one after another (file `f`'s from `firstOwner[f]`); -1
        /// for an extension (resolved once every file is merged). One list, where a list per
        /// file was an allocation per file in the serial merge (5 M instructions on the 14 apps).
        var ownerIDs: [Int32] = []
        /// Where each file's declarations start in `ownerIDs`, and where the last one's end.
        var firstOwner: [Int] = [0]
        /// Declarations nested in another, by their type's id: the parent may be an extension.
        var pendingNested: [(file: Int, parent: Int, nestedType: Int)] = []
        /// The sets of inherited names made last, with the lists they were made from (see
        /// `inheritedSet`), and the entry the next new one replaces.
        private var recentInherited: [(names: [String], set: Set<String>)] = []
        private var nextRecentInherited = 0
        static let recentInheritedCount = 8
        /// The project's files, all of which are merged: what the files merged so far declared
        /// foretells the size of `declaredIDs`.
        private let fileCount: Int

        init(fileCount: Int) {
            self.fileCount = fileCount
            firstOwner.reserveCapacity(fileCount + 1)
        }

        /// Files file `f`'s declarations, `drafts` its `declarationDrafts`, each taken out.
        /// Files are merged in order, from 0.
        mutating func merge(file f: Int, _ file: FileModel, drafts named: inout [TypeDraft?]) {
            let decls = file.types
            let first = ownerIDs.count
            ownerIDs.append(contentsOf: repeatElement(-1, count: decls.count))
            let needed = declaredIDs.count + decls.count
            if needed > declaredIDs.capacity {
                // Grown by doubling, the table hashed every key again at each step (10.1 M
                // instructions on the 14 apps); grown to the count foretold by the files merged
                // so far (at most 16 times the keys, should the first files be unusually full),
                // 7.3 M: the apps' first files declare fewer types than the rest. The last file
                // needs no room past its own keys: one huge file was given twice its keys' room
                // (+3.8 MB of peak for 130,000 types).
                let foretold = needed * fileCount / (f + 1)
                let isLast = f + 1 >= fileCount
                declaredIDs.reserveCapacity(isLast ? needed : min(max(foretold, 2 * needed), 16 * needed))
            }
            for i in decls.indices where decls[i].kind != .extension {
                let decl = decls[i]
                // Taken, not copied: a copy retained each of the draft's fields once more.
                var draft = named[i].take()!
                var id = drafts.count
                // One hash for a new type: a type declared twice is rare (and does not compile).
                if let known = declaredIDs.updateValue(id, forKey: draft.key) {
                    declaredIDs[draft.key] = known
                    id = known
                    drafts[id].add(DeclRef(file: f, index: i), declaring: decl.kind, inherited: decl.inherited)
                } else {
                    draft.id = id
                    // Moved in: appended as is, the draft was copied, each field retained and
                    // then released with the local.
                    drafts.append(consume draft)
                    drafts[id].inherited = inheritedSet(decl.inherited)
                }
                ownerIDs[first + i] = Int32(id)
                if let parent = decl.parent {
                    // The parent may be an extension, resolved below; remember the declaration.
                    pendingNested.append((f, parent, id))
                }
            }
            firstOwner.append(ownerIDs.count)
        }

        /// The set of `names`, shared with the types merged before that inherit the same list:
        /// types across a project mostly inherit the same few lists (`View`, `Identifiable,
        /// Hashable`), and a set of its own per type (made per file, shared only within it) was
        /// 2.6 MB of the 1M generated lines' peak. The lists of one or two names are shared
        /// storage (`FileNames.shared`), so an equal list is mostly found by its identity.
        private mutating func inheritedSet(_ names: [String]) -> Set<String> {
            if names.isEmpty { return [] }
            for k in recentInherited.indices where recentInherited[k].names == names { return recentInherited[k].set }
            let set = Set(names)
            if recentInherited.count < DeclaredTypes.recentInheritedCount {
                recentInherited.append((names, set))
            } else {
                recentInherited[nextRecentInherited] = (names, set)
                nextRecentInherited = (nextRecentInherited + 1) % DeclaredTypes.recentInheritedCount
            }
            return set
        }
    }

    /// The keys of the declared types that are nested or file-private (`Outer.Row`, `Row#3`), by
    /// the simple name declared, in the order types were first met (by id). A top-level type's
    /// key is its name, found by the declared keys' table itself.
    static func scopedKeysBySimpleName(_ drafts: [TypeDraft], files: [FileModel]) -> [String: [String]] {
        var byName: [String: [String]] = [:]
        // Sized for the most names it can hold, once: grown by doubling, each growth hashed
        // every name again (2.2 M instructions of 7.8 M on the 14 apps).
        var scopedCount = 0
        for d in drafts.indices where drafts[d].isScoped { scopedCount += 1 }
        byName.reserveCapacity(scopedCount)
        // By index: each draft copied out retained its four references, for every declared type.
        for d in drafts.indices where drafts[d].isScoped {
            let primary = drafts[d].declarations[0]
            byName[files[primary.file].types[primary.index].name, default: []].append(drafts[d].key)
        }
        return byName
    }

    /// An extension and the id of the type it extends (see the merge in `init(files:parallel:)`).
    struct ExtensionFiling: Sendable {
        var type: Int32
        var file: Int32
        var index: Int32
    }

    /// The declared type an extension extends, by each way of finding it (see the merge in
    /// `init(files:parallel:)`), as type ids.
    struct ExtendedType: Sendable {
        /// The extension's index among its file's declarations.
        var declaration: Int32
        /// The extended type's name as written, through the extension's parents.
        var written: String
        /// `Name#file`: a file-private type of the extension's own file.
        var filePrivate: Int?
        /// The name as written.
        var exact: Int?
        /// The one type with the written simple name that the file can see.
        var uniqueVisible: Int?
    }

    /// What each extension of `file` (index `f`) extends among the declared types, in order.
    /// `scopedBySimpleName` lists the nested and file-private keys (see
    /// `scopedKeysBySimpleName`); every other declared key is its own simple name.
    static func extendedTypes(_ file: FileModel, file f: Int, declared: [String: Int],
                              scopedBySimpleName: [String: [String]]) -> [ExtendedType] {
        var found: [ExtendedType] = []
        // Made once an extension needs it: most files have none, and formatting the number for
        // every file was a tenth of this function.
        lazy var fileSuffix = "#\(f)"
        for (i, decl) in file.types.enumerated() where decl.kind == .extension {
            let written = decl.qualifiedName
            var extended = ExtendedType(declaration: Int32(i), written: written)
            // A file-private key ends in `#file`, and is listed under the written simple name:
            // an extension of a type no nested or file-private type shares a name with (most)
            // is answered without a key built.
            let isSimple = !decl.name.containsByte(0x2E)
            let named = scopedBySimpleName.isEmpty ? nil : scopedBySimpleName[ProjectModel.simpleName(decl.name)]
            if let named, named.contains(where: { $0.hasSuffix(fileSuffix) }) {
                extended.filePrivate = declared[written + fileSuffix]
            }
            extended.exact = declared[written]
            if extended.filePrivate == nil && extended.exact == nil {
                // The declared types named `decl.name`: the nested and file-private ones this
                // file can see, and the top-level one, whose key is the name (unless that is
                // the written name, just looked up).
                var visible = 0
                var only: Int? = nil
                // A name without a dot is its own simple name: its list was looked up above.
                if !scopedBySimpleName.isEmpty, let candidates = isSimple ? named : scopedBySimpleName[decl.name] {
                    for key in candidates where !key.containsByte(0x23) || key.hasSuffix(fileSuffix) {
                        visible += 1
                        only = declared[key]
                    }
                }
                // A top-level key has no scope: a name with one (`Outer.Inner`) is none.
                if visible < 2, written != decl.name, isSimple, !decl.name.containsByte(0x23),
                   let plain = declared[decl.name] {
                    visible += 1
                    only = plain
                }
                if visible == 1 { extended.uniqueVisible = only }
            }
            // Sized once, at the first extension, for the declarations left (grown by doubling,
            // each growth copied the names found so far).
            if found.isEmpty { found.reserveCapacity(file.types.count - i) }
            found.append(extended)
        }
        return found
    }

    /// Each declaration's draft as the first of its type (nil for extensions): made per file,
    /// on every core, its key and name with it; the serial merge files it, and gives the first
    /// of a type its set of inherited names (`DeclaredTypes.inheritedSet`).
    static func declarationDrafts(_ file: FileModel, file f: Int) -> [TypeDraft?] {
        // Appended in order, not made as a list of nils first: `Array(repeating:count:)` of
        // drafts copied the nil draft generically, element by element.
        var drafts: [TypeDraft?] = []
        drafts.reserveCapacity(file.types.count)
        for (i, decl) in file.types.enumerated() {
            guard decl.kind != .extension else {
                drafts.append(nil)
                continue
            }
            // The parent's key if it is a declaration; an extension's is its name as written.
            // A parent comes before its children, so its draft, if any, is made.
            let scope = decl.parent.map {
                (drafts.indices.contains($0) ? drafts[$0]?.key : nil) ?? file.types[$0].qualifiedName
            }
            let isFilePrivate = ProjectModel.isFilePrivate(decl)
            let isJoined = scope != nil || isFilePrivate
            let key = isJoined ? TypeKeyTable.key(scope: scope, name: decl.name, file: isFilePrivate ? f : nil) : decl.name
            // A joined key has a `.` or a `#`: only a key that is the bare name is read for one.
            drafts.append(TypeDraft(id: 0, key: key, qualifiedName: decl.qualifiedName, kind: decl.kind,
                                    declarations: [DeclRef(file: f, index: i)], inherited: [],
                                    isDeclaredInProject: true, isScoped: isJoined ? true : nil))
        }
        return drafts
    }

    /// How many threads `parallelMap` runs on (Dispatch uses every online processor).
    public static let processorCount = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

    /// `(0..<count).map(body)`, on all cores when `parallel`, in index order whatever order the
    /// work finishes in: each result is made straight into the array's storage at its index
    /// (made into slots and then copied into the array one by one, on one core, the copy was
    /// serial work after every parallel stage). The work is handed out `block` indexes at a
    /// time: for many small results (a box per type) handing out each index costs as much as
    /// making its result.
    public static func parallelMap<T: Sendable>(_ count: Int, parallel: Bool, block: Int = 1,
                                                _ body: @Sendable (Int) -> T) -> [T] {
        let block = max(1, block)
        if !parallel || processorCount < 2 || count < 2 * block {
            return (0..<count).map(body)
        }
        return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            nonisolated(unsafe) let base = buffer.baseAddress!
            parallelForEach(count, parallel: true, block: block) { i in (base + i).initialize(to: body(i)) }
            initialized = count
        }
    }

    /// `body` of each index of `0..<count`, on all cores when `parallel`, `block` indexes at a
    /// time (see `parallelMap`), in no set order.
    public static func parallelForEach(_ count: Int, parallel: Bool, block: Int = 1, _ body: @Sendable (Int) -> Void) {
        let block = max(1, block)
        if !parallel || processorCount < 2 || count < 2 * block {
            for i in 0..<count { body(i) }
            return
        }
        DispatchQueue.concurrentPerform(iterations: (count + block - 1) / block) { b in
            for i in b * block ..< min(count, (b + 1) * block) { body(i) }
        }
    }

    /// Indexes a block of `parallelMap` hands out when each result is small (a type's box).
    static let smallResultsBlock = 2048

    /// `(first(), second())`, side by side on two cores when `parallel`.
    static func both<A: Sendable, B: Sendable>(parallel: Bool, _ first: @Sendable () -> A,
                                               _ second: @Sendable () -> B) -> (A, B) {
        if !parallel || processorCount < 2 { return (first(), second()) }
        let a = UnsafeMutablePointer<A?>.allocate(capacity: 1)
        let b = UnsafeMutablePointer<B?>.allocate(capacity: 1)
        a.initialize(to: nil)
        b.initialize(to: nil)
        defer {
            a.deinitialize(count: 1)
            a.deallocate()
            b.deinitialize(count: 1)
            b.deallocate()
        }
        nonisolated(unsafe) let slotA = a
        nonisolated(unsafe) let slotB = b
        DispatchQueue.concurrentPerform(iterations: 2) { k in
            if k == 0 { slotA.pointee = first() } else { slotB.pointee = second() }
        }
        return (a.pointee!, b.pointee!)
    }

    /// `(0..<count).map { body(&state, $0) }` on all cores, each thread (lane) with a state of
    /// its own made once by `lane(k)`, taking the next index not yet taken; results land in
    /// index order whatever order the work finishes in. Without `parallel`, one lane does all.
    /// There are no more lanes than indexes, and a lane makes its state only once it has taken
    /// an index: a lane's state is a copy of the model, which a lane left without work made
    /// for nothing.
    public static func parallelMap<Lane, T: Sendable>(_ count: Int, parallel: Bool, lane: @Sendable (Int) -> Lane,
                                                      _ body: @Sendable (inout Lane, Int) -> T) -> [T] {
        let lanes = parallel ? min(processorCount, count) : 1
        if lanes <= 1 {
            var state = lane(0)
            return (0..<count).map { body(&state, $0) }
        }
        let next = NextIndex(count: count)
        // Every index is taken once, by one lane, which makes its result in place.
        return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            nonisolated(unsafe) let base = buffer.baseAddress!
            DispatchQueue.concurrentPerform(iterations: lanes) { k in
                guard var i = next.take() else { return }
                var state = lane(k)
                while true {
                    (base + i).initialize(to: body(&state, i))
                    guard let following = next.take() else { break }
                    i = following
                }
            }
            initialized = count
        }
    }

    static func simpleName(_ qualified: String) -> String {
        simpleName(qualified, endingBefore: nil)
    }

    /// The name after the last `.` of `text`, read up to the last `stop` byte when there is one
    /// (`Row` for `Outer.Row#3` and `#`). Read from the string's bytes in place: by byte through
    /// `utf8.lastIndex(of:)`, each step was a generic index move, about 300 instructions a name,
    /// and the rules ask for tens of thousands of names (construction indexes, read sets).
    static func simpleName(_ text: String, endingBefore stop: UInt8?) -> String {
        // One pass over the bytes in place (`withBytes`: no copy of the string to make it
        // mutable), and the part made from them there; the text itself when it is all of it.
        text.withBytes { bytes in
            let name = simpleNameBounds(bytes, endingBefore: stop)
            if name.startIndex == 0 && name.endIndex == bytes.count { return text }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[name]), as: UTF8.self)
        }
    }

    /// Where `simpleName(_:endingBefore:)` finds the name in `bytes`.
    public static func simpleNameBounds(_ bytes: UnsafeBufferPointer<UInt8>, endingBefore stop: UInt8?) -> Range<Int> {
        var end = bytes.count
        if let stop {
            var i = bytes.count
            while i > 0 {
                i -= 1
                if bytes[i] == stop { end = i; break }
            }
        }
        var start = end
        while start > 0 && bytes[start - 1] != 0x2E { start -= 1 }
        return start..<end
    }

    static func readsThroughValues(_ files: [FileModel], of wanted: Set<String>,
                                   parallel: Bool = false) -> [String: NameSet] {
        if wanted.isEmpty { return [:] }
        // Per file (in parallel), then merged: unions, so the order of the merge cannot matter.
        let filter = NameFilter(wanted)
        // A memo of the properties' annotations per thread (see `WantedNamesByText`).
        let partial = parallelMap(files.count, parallel: parallel, lane: { _ in WantedNamesByText() }) { memo, f in
            readsThroughValues(in: files[f], of: wanted, filter: filter, memo: memo)
        }
        // Merged a share of the names per core (by the name's first byte), each share into a
        // table of its own, then the shares, which have no name in common, into one.
        let shares = parallel ? processorCount : 1
        var merged = parallelMap(shares, parallel: parallel) { share -> [String: NameSet] in
            var index: [String: NameSet] = [:]
            for part in partial {
                for (name, reads) in part where Int(name.utf8.first ?? 0) % shares == share {
                    if index[name] == nil { index[name] = reads } else { index[name]!.formUnion(reads) }
                }
            }
            return index
        }
        var index = merged[0]
        merged[0] = [:]
        for share in merged.indices.dropFirst() {
            for (name, reads) in merged[share] { index[name] = reads }
        }
        return index
    }

    /// The name of `wanted` a property's annotation refers to (`referencedTypeName`), or nil,
    /// by the annotation's interned text (`Member._typeTextID`): the same few texts (`String`,
    /// `Bool`, `[Item]`) annotate most properties of a project, and each was spelled and read
    /// byte by byte again (35,016 annotations on the 14 apps). Per thread, not per file, since
    /// a file repeats too few of its texts; a thread's own, so it takes no lock.
    final class WantedNamesByText {
        private let names = IDPairTable<String?>()

        func name(ofText id: UInt32, _ find: () -> String?) -> String? {
            if let known = names.find(UInt64(id)) { return known }
            let name = find()
            names.insert(UInt64(id), name)
            return name
        }
    }

    /// `filter` is `wanted`'s: a type's name written in an annotation is asked of it where it
    /// lies, and a string made and hashed only for a name it may hold.
    static func readsThroughValues(in file: FileModel, of wanted: Set<String>, filter: NameFilter,
                                   memo: WantedNamesByText) -> [String: NameSet] {
        var index: [String: NameSet] = [:]
        func record(_ member: Member) {
            guard !member.memberReads.isEmpty else { return }
            // Only these have parameters, which are in the member's tail: a property (`body`
            // among them) was looked up there for none.
            if member.kind == .function || member.kind == .initializer || member.kind == .subscript {
                for parameter in member.parameters {
                    if let text = parameter.typeText, let name = referencedTypeName(text, among: filter), wanted.contains(name) {
                        index[name, default: []].formUnion(member.memberReads)
                    }
                }
            }
            // Code that builds a view and reads it through the value it built (a hosting
            // controller's `let view = Editor(...)`, then `view.document`).
            for (local, type) in member.constructedLocals where wanted.contains(type) {
                if let names = member.memberReadsByLocal[local] { index[type, default: []].formUnion(names) }
            }
        }
        for decl in file.types {
            var readsThroughAValue = false
            for member in decl.members where !member.memberReads.isEmpty {
                readsThroughAValue = true
                record(member)
            }
            // A type holding a value reads it in any of its members. Where none reads through a
            // value there is nothing to file under the values it holds (the one reader asks
            // `contains`, which an empty set and none answer alike): their annotations are
            // not read (each a spelling and a pass over its bytes, 40,757 on the 14 apps).
            guard readsThroughAValue else { continue }
            var held: [String] = []
            for member in decl.members where member.kind == .storedProperty || member.kind == .computedProperty {
                let textID = member._typeTextID
                guard textID != Member.noText else { continue }
                let referenced = memo.name(ofText: textID) {
                    member.typeText.flatMap { referencedTypeName($0, among: filter) }.flatMap { wanted.contains($0) ? $0 : nil }
                }
                if let name = referenced, name != decl.name { held.append(name) }
            }
            if !held.isEmpty {
                var reads = NameSet()
                for member in decl.members { reads.formUnion(member.memberReads) }
                for name in held { index[name, default: []].formUnion(reads) }
            }
        }
        for member in file.globals { record(member) }
        return index
    }

    /// `AttributedText` for `AttributedText`, `inout AttributedText`, `AttributedText?`,
    /// `Module.AttributedText`, `Wrapper<T>` (as `Wrapper`); nil for other shapes.
    /// Read from the text's bytes by offset: trimming and searching a `Substring.UTF8View`
    /// moved string indices generically, 1,200 instructions a member (every member of every
    /// type is asked, and one huge file has 390,000).
    /// With `filter`, nil for a name written in ASCII that `filter` rejects (the callers ask the
    /// filter's set next; a name outside ASCII is left to the set, which takes canonically
    /// equivalent spellings as equal where the filter reads bytes).
    static func referencedTypeName(_ text: String, among filter: NameFilter? = nil) -> String? {
        text.withBytes { bytes -> String? in
            // Only a prefix is dropped (`inout `, ...), so what is left starts that many bytes in.
            var lower = TypeText.ownershipPrefixCount(bytes)
            var upper = bytes.count
            while upper > lower, bytes[upper - 1] == 0x3F || bytes[upper - 1] == 0x21 || bytes[upper - 1] == 0x20 {
                upper -= 1
            }
            // One pass up to the first `<`, remembering where the last dot, the last byte no name
            // has and the last byte outside ASCII are: the name is what follows the dot, and only
            // those after it count. A pass per question cost half as much again (25.6 M
            // instructions on the 14 apps, against 16.9 M).
            var lastDot = -1, lastNonName = -1, lastWide = -1
            var i = lower
            // Letters and digits first, eight at a time: none is a byte the pass remembers, and
            // most texts start with a name.
            if let base = bytes.baseAddress {
                while i + 8 <= upper && CharacterClasses.isAlphanumeric(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) {
                    i += 8
                }
            }
            while i < upper {
                let b = bytes[i]
                if b == 0x3C { upper = i; break }
                if b == 0x2E {
                    lastDot = i
                } else if b >= 0x80 {
                    lastWide = i
                } else if !CharacterClasses.isNameByte(b) {
                    lastNonName = i
                }
                i += 1
            }
            if lastDot >= 0 { lower = lastDot + 1 }
            guard lower < upper, lastNonName < lower,
                  (bytes[lower] >= 0x41 && bytes[lower] <= 0x5A) || bytes[lower] >= 0x80 else { return nil }
            let ascii = lastWide < lower
            let name = UnsafeBufferPointer(rebasing: bytes[lower..<upper])
            if let filter, ascii, !filter.mayContain(bytes: name) { return nil }
            // Most types are written as the bare name: the text itself, no string made.
            if lower == 0 && upper == bytes.count { return text }
            return SyntaxTree.string(name)
        }
    }

    static func isFilePrivate(_ decl: TypeDecl) -> Bool {
        decl.modifiers.contains("private") || decl.modifiers.contains("fileprivate")
    }

    public func declaration(_ ref: DeclRef) -> TypeDecl { files[ref.file].types[ref.index] }

    /// The keys of `types`, sorted: facts that must not depend on hash order walk types so, and
    /// facts built a part per type number their parts by it.
    public var sortedTypeKeys: [String] {
        fact("model.sortedTypeKeys") { types.keys.sorted() }
    }

    /// A project-wide fact, computed once per run on first use and shared by every file's check.
    /// `key` names the fact (by convention `rule_id.fact`); `make` must be a pure function of
    /// the model. A literal: asked again, the fact is found by the address of the key's text,
    /// not by hashing it (see `EntriesByAddress`).
    public func fact<T: Sendable>(_ key: StaticString, _ make: () -> T) -> T {
        // Timing is looked at only when the fact is made, not on every ask (see `FactTiming`).
        if let lane = tables.laneFacts {
            return lane.value(key) { FactTiming.isOn ? FactTiming.measure(key.description, make) : make() }
        }
        return cache.value(key) { FactTiming.isOn ? FactTiming.measure(key.description, make) : make() }
    }

    /// `fact(_:_:)` under a key made at run time (`"environment.needs#" + view.key`), hashed on
    /// every ask.
    public func fact<T: Sendable>(named key: String, _ make: () -> T) -> T {
        if let lane = tables.laneFacts { return lane.value(key) { FactTiming.isOn ? FactTiming.measure(key, make) : make() } }
        return cache.value(key) { FactTiming.isOn ? FactTiming.measure(key, make) : make() }
    }

    /// Whether this is a thread's copy of the model (see `laneCopy`), with facts of its own in
    /// front of the shared ones.
    var isLaneCopy: Bool { tables.laneFacts != nil }

    /// `make()` once per lane and key (see `LaneFacts.remembered`), and once more for every
    /// thread or model that is no lane's, which share that value.
    func laneRemembered<T: Sendable>(_ key: StaticString, _ make: () -> T) -> T {
        // Timed whole, a per-file fact's parts and merge together (see `FactTiming`).
        if let lane = tables.laneFacts {
            return lane.remembered(key) { FactTiming.isOn ? FactTiming.measure(key.description, make) : make() }
        }
        return derived.value(key) { FactTiming.isOn ? FactTiming.measure(key.description, make) : make() }
    }

    /// The merged type a declaration belongs to.
    public func typeInfo(of ref: DeclRef) -> TypeInfo? {
        guard owners.indices.contains(ref.file), owners[ref.file].indices.contains(ref.index) else { return nil }
        return owners[ref.file][ref.index]
    }

    /// Every member of a type, from all its declarations and extensions.
    public func members(of type: TypeInfo) -> TypeMembers {
        TypeMembers(files: files, declarations: type.declarations)
    }

    /// A type's members, declaration by declaration, read in place from the declarations'
    /// arrays: rules ask for them per type and per rule, and an array of them would be
    /// allocated (and every member retained into it) on each ask.
    public struct TypeMembers: Sequence {
        let files: [FileModel]
        let declarations: [DeclRef]

        public struct Iterator: IteratorProtocol {
            let files: [FileModel]
            let declarations: [DeclRef]
            var declaration = 0
            var members: [Member] = []
            var position = 0

            public mutating func next() -> (ref: DeclRef, member: Member)? {
                while position == members.count {
                    guard declaration < declarations.count else { return nil }
                    let ref = declarations[declaration]
                    members = files[ref.file].types[ref.index].members
                    declaration += 1
                    position = 0
                }
                position += 1
                return (declarations[declaration - 1], members[position - 1])
            }
        }

        public func makeIterator() -> Iterator { Iterator(files: files, declarations: declarations) }
    }

    /// Looks up a type by a name used inside `context` (a type's key): nested names first,
    /// then outward, then file-private types of the context's files, then top level.
    public func resolveType(_ name: String, from context: TypeInfo? = nil) -> TypeInfo? {
        let table = tables.typeKeys
        guard table.isASCII else { return resolveTypeByStrings(name, from: context) }
        return name.withBytes { written -> TypeInfo? in
            // A name of other bytes than ASCII is compared as a string is (canonically).
            guard let stripped = ProjectModel.asciiNameWithoutModule(written) else {
                return resolveTypeByStrings(name, from: context)
            }
            guard let s = table.slot(of: stripped) else { return nil }
            let slot = table.slots[s]
            let found = slot.id >= 0 ? tables.byID[Int(slot.id)] : nil
            guard let context, slot.flags & TypeKeyTable.scoped != 0 else { return found }
            if slot.flags & TypeKeyTable.byParts != 0 { return resolveTypeByStrings(name, from: context) }
            return context.key.withBytes { key -> TypeInfo? in
                if key.contains(where: { $0 >= 0x80 }) { return resolveTypeByStrings(name, from: context) }
                // The keys `resolveTypeByStrings` finds by their parts, joined: a name with no
                // `.` or `#` joins to each key of those parts and to no other (see `TypeKeyTable`).
                let files = context.declarations.prefix(4)
                var end = key.count
                while true {
                    let scope = UnsafeBufferPointer(rebasing: key[..<end])
                    if slot.flags & TypeKeyTable.nested != 0, let id = table.id(scope: scope, name: stripped, file: nil) {
                        return tables.byID[Int(id)]
                    }
                    if slot.flags & TypeKeyTable.nestedPrivate != 0 {
                        for ref in files {
                            if let id = table.id(scope: scope, name: stripped, file: ref.file) { return tables.byID[Int(id)] }
                        }
                    }
                    guard let dot = scope.lastIndex(of: 0x2E) else { break }
                    end = dot
                }
                if slot.flags & TypeKeyTable.filePrivate != 0 {
                    for ref in files {
                        if let id = table.id(scope: nil, name: stripped, file: ref.file) { return tables.byID[Int(id)] }
                    }
                }
                return found
            }
        }
    }

    /// A written type name's bytes with the module stripped as `KnownNames.stripModule` strips
    /// it, in place; nil when a byte is not ASCII.
    @inline(__always)
    private static func asciiNameWithoutModule(_ written: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        // Letters and digits eight at a time (neither a dot nor outside ASCII): most names are
        // one word, and the byte loop was a fifth of `resolveType`'s own instructions.
        var start = 0
        if let base = written.baseAddress {
            while start + 8 <= written.count
                    && CharacterClasses.isAlphanumeric(UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self)) {
                start += 8
            }
        }
        var hasDot = false
        for byte in written[start...] {
            if byte >= 0x80 { return nil }
            if byte == 0x2E { hasDot = true }
        }
        guard hasDot else { return written }
        for prefix in KnownNames.modulePrefixBytes where TypeKeyTable.hasPrefix(prefix, written) {
            return UnsafeBufferPointer(rebasing: written[prefix.count...])
        }
        return written
    }

    /// The id of the type `resolveType(name, from: context)` finds (-1 for none) where the
    /// answer is the same for every context (no nested or file-private type has the name); nil
    /// where it may differ, and for names or tables of other bytes than ASCII. Step for step
    /// `resolveType`'s lookup up to its first use of the context.
    func contextFreeTypeID(_ name: String) -> Int32? {
        let table = tables.typeKeys
        guard table.isASCII else { return nil }
        return name.withBytes { written -> Int32? in
            guard let stripped = ProjectModel.asciiNameWithoutModule(written) else { return nil }
            guard let s = table.slot(of: stripped) else { return -1 }
            let slot = table.slots[s]
            guard slot.flags & TypeKeyTable.scoped == 0 else { return nil }
            return slot.id >= 0 ? Int32(slot.id) : -1
        }
    }

    /// `resolveType` by the model's string-keyed tables: for names and keys of other bytes
    /// than ASCII, which a `String` compares by canonical equivalence, not byte by byte.
    func resolveTypeByStrings(_ name: String, from context: TypeInfo?) -> TypeInfo? {
        let stripped = KnownNames.stripModule(name)
        if !scopedNames.contains(stripped) { return types[stripped] }
        guard let context, let candidates = scopedTypes[stripped] else { return types[stripped] }
        // The keys asked for (`Scope.Name`, `Scope.Name#file`, `Name#file`) are looked up by
        // their parts, not built: building them was most of every scoped lookup's cost. Most
        // names have candidates of one kind only (a `private struct Row` per file), and an
        // empty table answers without hashing.
        let key = context.key
        var scope = Substring(key)
        while true {
            if let found = candidates.nested[scope] { return found }
            if !candidates.nestedPrivate.isEmpty {
                for ref in context.declarations.prefix(4) {
                    if let found = candidates.nestedPrivate[ScopeInFile(scope: scope, file: ref.file)] { return found }
                }
            }
            guard let dot = scope.utf8.lastIndex(of: 0x2E) else { break }
            scope = key[..<dot]
        }
        if !candidates.filePrivate.isEmpty {
            for ref in context.declarations.prefix(4) {
                if let found = candidates.filePrivate[ref.file] { return found }
            }
        }
        return types[stripped]
    }

    struct ScopeInFile: Hashable, Sendable {
        var scope: Substring
        var file: Int
    }

    /// The nested and file-private types with one simple name, by the other parts of their keys.
    struct ScopedCandidates: Sendable {
        /// `Scope.Name`, by scope.
        var nested: [Substring: TypeInfo] = [:]
        /// `Scope.Name#file`.
        var nestedPrivate: [ScopeInFile: TypeInfo] = [:]
        /// `Name#file`, by file.
        var filePrivate: [Int: TypeInfo] = [:]

        /// The candidates of the nested and file-private types `ids` (of `byID`), by simple name.
        static func table(of ids: [Int], in byID: [TypeInfo]) -> [String: ScopedCandidates] {
            var result: [String: ScopedCandidates] = [:]
            for id in ids { add(byID[id].key, byID[id], to: &result) }
            return result
        }

        /// Files `key` under its parts, if it names a nested or file-private type. Joined
        /// again the parts give `key` back, so a lookup by parts finds exactly what a lookup by
        /// the joined key would.
        static func add(_ key: String, _ type: TypeInfo, to table: inout [String: ScopedCandidates]) {
            var body = Substring(key)
            var file: Int? = nil
            if let hash = body.utf8.lastIndex(of: 0x23) {
                let digits = body[body.utf8.index(after: hash)...]
                if let number = Int(digits), String(number) == digits {
                    file = number
                    body = body[..<hash]
                }
            }
            if let dot = body.utf8.lastIndex(of: 0x2E) {
                let scope = body[..<dot], name = String(body[body.utf8.index(after: dot)...])
                if let file {
                    table[name, default: ScopedCandidates()].nestedPrivate[ScopeInFile(scope: scope, file: file)] = type
                } else {
                    table[name, default: ScopedCandidates()].nested[scope] = type
                }
            } else if let file {
                table[String(body), default: ScopedCandidates()].filePrivate[file] = type
            }
        }
    }

    /// The nested and file-private types by simple name, once per lane: made as one shared
    /// fact, it handed every thread the `TypeInfo`s of the lane that asked first, and
    /// `resolveType` then retained those on both cores (see `laneCopy`). Each lane makes it of
    /// its own types.
    var scopedTypes: [String: ScopedCandidates] {
        laneRemembered("model.scopedTypes") { ScopedCandidates.table(of: tables.scopedIDs, in: tables.byID) }
    }

    // MARK: Conformance

    /// Does the type conform to (or inherit from) any of `targets`, directly, through an
    /// extension, through a project protocol that refines one, or through a project superclass?
    public func conforms(_ type: TypeInfo, toAnyOf targets: Set<String>) -> Bool {
        conforms(type, toAnyOf: targets, filter: nil)
    }

    /// `conforms(_:toAnyOf:)`, with `filter` made of `targets` to pass over most inherited
    /// names without hashing them (asked of every type while the model is built).
    func conforms(_ type: TypeInfo, toAnyOf targets: Set<String>, filter: NameFilter?) -> Bool {
        // The type's own names are the walk's first step, taken before the walk's set and stack
        // are made (they were most of the cost, once per type of the project): most types that
        // conform say so themselves (`: View`), and most others inherit from nothing the
        // project declares.
        var stack: [TypeInfo] = []
        if inheritsTarget(type, targets, filter, into: &stack) { return true }
        if stack.isEmpty { return false }
        // Types met by id, in a short list (walks are short) until it grows long: a set of their
        // keys hashed each key. Every type pushed is this model's (`resolveType`); `type` may
        // not be, and is listed only when its id is this model's type of its key.
        var visited = VisitedSet<Int>()
        let byID = tables.byID
        if byID.indices.contains(type.id) && byID[type.id].key == type.key { _ = visited.insert(type.id) }
        while let t = stack.popLast() {
            guard visited.insert(t.id) else { continue }
            if inheritsTarget(t, targets, filter, into: &stack) { return true }
        }
        return false
    }

    /// Does `type` name one of `targets` among its inherited names? Pushes onto `stack` the
    /// project's protocols and classes it inherits from, to be walked.
    private func inheritsTarget(_ type: TypeInfo, _ targets: Set<String>, _ filter: NameFilter?,
                                into stack: inout [TypeInfo]) -> Bool {
        for name in type.inherited {
            if filter?.mayContain(anySpelling: name) ?? true, targets.contains(name) { return true }
            if let inner = resolveType(name, from: type), inner.isDeclaredInProject,
               inner.kind == .protocol || inner.kind == .class {
                stack.append(inner)
            }
        }
        return false
    }

    /// How many types the project has: their ids (`TypeInfo.id`) run from 0 below it, so a
    /// per-type fact of another module can be an array indexed by id, not a set of keys.
    public var typeCount: Int { tables.byID.count }

    /// The type whose id is `id` (below `typeCount`).
    public func type(id: Int) -> TypeInfo { tables.byID[id] }

    /// A view is a type that conforms to `View`, `ViewModifier` or another SDK protocol that
    /// refines them (see `KnownNames.viewProtocols`), or to a project protocol refining one.
    public func isView(_ type: TypeInfo) -> Bool {
        viewIDs.indices.contains(type.id) && viewIDs[type.id]
    }

    /// The view that a declaration belongs to, if its type is a view.
    public func view(of ref: DeclRef) -> TypeInfo? {
        guard ownerIsView.indices.contains(ref.file), ownerIsView[ref.file].indices.contains(ref.index),
              ownerIsView[ref.file][ref.index] else { return nil }
        return owners[ref.file][ref.index]
    }

    /// Types declared directly inside `info`.
    public func nestedTypes(of info: TypeInfo) -> [TypeInfo] {
        (nestedKeys[info.key] ?? []).compactMap { types[$0] }
    }
}

/// Indexes from 0 to `count`, each handed out once, to whichever thread asks next.
final class NextIndex: @unchecked Sendable {
    /// Passed to pthreads by address on every ask: unchecked, as `next`.
    @exclusivity(unchecked) private var mutex = pthread_mutex_t()
    private let count: Int
    /// Only touched under `mutex`.
    @exclusivity(unchecked) private var next = 0

    init(count: Int) {
        self.count = count
        pthread_mutex_init(&mutex, nil)
    }

    deinit { pthread_mutex_destroy(&mutex) }

    func take() -> Int? {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        guard next < count else { return nil }
        next += 1
        return next - 1
    }
}

/// The project's declarations, merged while the files are still being made: each file's
/// declaration drafts are made by the thread that made the file, and whichever thread finds
/// no merge under way merges every file ready in order, then goes back to making files. The
/// merge is serial (types get ids in the order first met, files in order), and made after
/// every file it ran on one core while the others waited; run among the files, it takes a
/// core's turn while the other cores go on with files.
public final class DeclarationMerge: @unchecked Sendable {
    /// Passed to pthreads by address on every ask: unchecked, as the fields it guards.
    @exclusivity(unchecked) private var mutex = pthread_mutex_t()
    private let count: Int
    /// Files made and not yet merged, with their drafts; only touched under `mutex`.
    @exclusivity(unchecked) private var ready: [(file: FileModel, drafts: [ProjectModel.TypeDraft?])?]
    /// The next file to merge, and whether a thread is merging; only touched under `mutex`.
    @exclusivity(unchecked) private var next = 0
    @exclusivity(unchecked) private var merging = false
    /// Touched only by the thread that set `merging`, until it clears it.
    @exclusivity(unchecked) private var merged: ProjectModel.DeclaredTypes

    /// For a project of `count` files.
    public init(count: Int) {
        self.count = count
        ready = Array(repeating: nil, count: count)
        merged = ProjectModel.DeclaredTypes(fileCount: count)
        pthread_mutex_init(&mutex, nil)
    }

    deinit { pthread_mutex_destroy(&mutex) }

    /// Files `file`, the project's file number `f`, made; from any thread, once per file.
    public func add(_ file: FileModel, at f: Int) {
        guard f >= 0 && f < count else { return }
        let drafts = ProjectModel.declarationDrafts(file, file: f)
        pthread_mutex_lock(&mutex)
        // A file handed over twice is merged once: the second is dropped, not parked forever.
        guard f >= next && ready[f] == nil else {
            pthread_mutex_unlock(&mutex)
            return
        }
        ready[f] = (file, drafts)
        if merging {
            pthread_mutex_unlock(&mutex)
            return
        }
        merging = true
        mergeReady()
    }

    /// Merges the files ready from `next` on, one at a time outside the lock, until none is;
    /// called with `mutex` held and `merging` set, returns with both released. A file is taken
    /// out under the lock by itself: taken as a run, the run's list was an allocation per file
    /// at one core, where every run is one file.
    private func mergeReady() {
        while next < count, var taken = ready[next] {
            // Emptied before the merge, so that the drafts it takes out are not shared.
            ready[next] = nil
            let f = next
            next += 1
            pthread_mutex_unlock(&mutex)
            merged.merge(file: f, taken.file, drafts: &taken.drafts)
            pthread_mutex_lock(&mutex)
        }
        merging = false
        pthread_mutex_unlock(&mutex)
    }

    /// The declared types of `files`, every one merged (those not added are added here);
    /// nil when `files` is not the project this merge was made for.
    func finish(_ files: [FileModel]) -> ProjectModel.DeclaredTypes? {
        guard files.count == count else { return nil }
        pthread_mutex_lock(&mutex)
        let missing = (next..<count).filter { ready[$0] == nil }
        pthread_mutex_unlock(&mutex)
        for f in missing { add(files[f], at: f) }
        pthread_mutex_lock(&mutex)
        // Every file is added, and no `add` is under way (the caller's threads are done): any
        // other state is a misuse, answered by merging again from the files.
        guard next == count && !merging else {
            pthread_mutex_unlock(&mutex)
            return nil
        }
        let result = merged
        merged = ProjectModel.DeclaredTypes(fileCount: 0)
        pthread_mutex_unlock(&mutex)
        return result
    }
}
