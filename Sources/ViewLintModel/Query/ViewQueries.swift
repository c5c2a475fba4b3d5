// Part of the query layer (see Query/QueryLayer.swift): views, the places that build them, the data
// collection views show, and the blocks and branches of view builders.

extension ProjectModel {
    // MARK: Views

    /// The views a file declares (not extensions or protocols), with their merged types, in
    /// file order: where a view's stored properties live.
    public func views(inFile file: Int) -> [(view: TypeInfo, decl: TypeDecl)] {
        var result: [(view: TypeInfo, decl: TypeDecl)] = []
        for (i, decl) in files[file].types.enumerated() where decl.kind != .extension && decl.kind != .protocol {
            if let view = view(of: DeclRef(file: file, index: i)) { result.append((view, decl)) }
        }
        return result
    }

    /// Every view declaration of the project, in file order.
    public var allViews: [(view: TypeInfo, decl: TypeDecl)] {
        files.indices.flatMap { views(inFile: $0) }
    }

    // MARK: Construction sites

    /// A call that builds a project type: `Row(title: "A")`, `Outer.Row.init(...)`.
    public struct ConstructionSite: Sendable {
        public var file: Int
        /// The type whose member holds the call; nil at the top level.
        public var owner: TypeInfo?
        public var member: Member
        public var call: CallSite
        /// The arguments it passes, in order (labels and expressions).
        public var arguments: ArgumentList { call.arguments }
    }

    /// A numbered call as the index by name keeps it: its file and the call.
    struct SiteEntry: Sendable {
        var file: Int32
        var call: NumberedCall
    }

    /// Every site in the project that constructs `type`, in file order. Only the calls of the
    /// type's simple name are resolved, when it is asked (41 asks on the 14 apps), from an index
    /// of the numbered calls by name: resolving every numbered call of every file for the run
    /// cost 44 M instructions there. No site is missed: a call resolves to a type only by a
    /// name whose last part is the type's simple name (`resolveType` finds a key equal to the
    /// name with its module stripped, or to a scope, `.` and that name, or to it and `#file`;
    /// `resolveTypeByStrings` the same by canonical equality, under which the parts between
    /// dots and before `#` are equal too, since no character's canonical decomposition holds
    /// either byte and both have combining class 0), and a numbered call's name is that last
    /// part (a name with a dot is numbered by no type's simple name), numbered as the type's.
    public func constructionSites(of type: TypeInfo) -> [ConstructionSite] {
        guard type.isDeclaredInProject else { return [] }
        let numbers = constructibleNumbers
        guard let k = numbers.number(of: ProjectModel.simpleTypeKeyName(type.key)) else { return [] }
        let index = numberedCallsByName
        // The id `resolveType` finds for the plain ASCII name (whose bytes are then the
        // number's name) from any context (-1 for none), or `dependsOnContext`: then resolved
        // once per owner, as every call of one owner resolves alike.
        let contextFree = contextFreeTypeID(numbers.names[k]) ?? ProjectModel.dependsOnContext
        var lastOwner: (file: Int32, decl: Int32, built: Int)? = nil
        var sites: [ConstructionSite] = []
        for site in index[k] {
            let f = Int(site.file)
            let entry = site.call
            let file = files[f]
            let member = entry.member(types: file.types, globals: file.globals)
            let call = member.calls[Int(entry.call)]
            // The callee without a trailing `.init`, joined only when it has several names.
            let chain = call.callee
            let count = chain.count > 1 && chain[chain.count - 1] == "init" ? chain.count - 1 : chain.count
            guard count > 0, ProjectModel.startsUppercase(chain[count - 1]) else { continue }
            func owner() -> TypeInfo? { entry.decl < 0 ? nil : typeInfo(of: DeclRef(file: f, index: Int(entry.decl))) }
            let builtID: Int
            if count == 1, chain[0].withBytes({ !$0.contains(where: { $0 >= 0x80 }) }) {
                if contextFree != ProjectModel.dependsOnContext {
                    builtID = Int(contextFree)
                } else if let last = lastOwner, last.file == site.file, last.decl == entry.decl {
                    builtID = last.built
                } else {
                    builtID = resolveType(chain[0], from: owner()).map { $0.isDeclaredInProject ? $0.id : -1 } ?? -1
                    lastOwner = (site.file, entry.decl, builtID)
                }
            } else {
                guard let built = resolveType(count == 1 ? chain[0] : ProjectModel.dottedName(chain, count: count), from: owner()),
                      built.isDeclaredInProject else { continue }
                builtID = built.id
            }
            guard builtID == type.id else { continue }
            sites.append(ConstructionSite(file: f, owner: owner(), member: member, call: call))
        }
        return sites
    }

    static let dependsOnContext: Int32 = -2

    /// The numbered calls of every file (`numberedCallsByFile`) by the number of the name they
    /// call, each with its file, in file order: what construction sites and construction calls
    /// are both found from, a call read out of its member only for a type asked about.
    /// One flat list grouped by number (`GroupedList`): a list per number was one allocation for
    /// each of the 5,655 names called on the 14 apps (the index 7.5 → 3.8 M instructions).
    var numberedCallsByName: GroupedList<SiteEntry> {
        let numbers = constructibleNumbers
        return fact("query.numberedCallsByName") {
            GroupedList(filing: numberedCallsByFile, keyCount: numbers.names.count,
                        filler: SiteEntry(file: 0, call: NumberedCall(decl: 0, member: 0, call: 0, name: 0)),
                        key: { Int($0.name) }, value: { f, call in SiteEntry(file: Int32(truncatingIfNeeded: f), call: call) })
        }
    }

    /// The first `count` names of `chain` joined by dots, as `chain[..<count].joined(separator:
    /// ".")` joins them: by hand, since `joined` over an array slice ran unspecialised, about
    /// 2,700 instructions a call (7 M on the 14 apps, in `constructionSites`).
    static func dottedName(_ chain: [String], count: Int) -> String {
        guard count > 0 else { return "" }
        var name = chain[0]
        var k = 1
        while k < count {
            name += "."
            name += chain[k]
            k += 1
        }
        return name
    }

    /// `name.first?.isUppercase == true`, by the first byte when the first character is one
    /// ASCII byte: the test through `Character` cost about 600 instructions a name.
    static func startsUppercase(_ name: String) -> Bool {
        let byByte = name.withBytes { bytes -> Bool?? in
            guard let first = bytes.first else { return .some(false) }
            // An ASCII byte followed by another (or by nothing) is a character of its own; the
            // one pair that joins, CR LF, starts with no capital either.
            guard first < 0x80, bytes.count == 1 || bytes[1] < 0x80 else { return .some(nil) }
            return .some(first >= 0x41 && first <= 0x5A)
        }
        if let byByte, let answer = byByte { return answer }
        return name.first?.isUppercase == true
    }

    /// A call of file `f` whose constructed name (`constructedName(callee:)`) is a project
    /// type's simple name: where it is (the declaration, -1 for the file's globals, the member,
    /// the call) and the name's number in `constructibleNumbers`.
    public struct NumberedCall: Sendable {
        public var decl: Int32
        public var member: Int32
        public var call: Int32
        public var name: Int32

        /// The member the call is in, among its file's `types` and `globals` (taken out of the
        /// file once by a caller that reads many entries).
        @inlinable public func member(types: [TypeDecl], globals: [Member]) -> Member {
            decl < 0 ? globals[Int(member)] : types[Int(decl)].members[Int(member)]
        }
    }

    /// The calls of file `f` that may construct a project type, in the file's order (types'
    /// members, then globals). One pass per file for the run, shared by the facts of
    /// construction sites, construction calls and presented constructions: each of them walked
    /// every call of every member and looked its name up again.
    public func numberedCalls(inFile f: Int) -> [NumberedCall] { numberedCallsByFile[f] }

    /// `numberedCalls(inFile:)` of every file, by file: a caller that reads many files' asks for
    /// the fact once, where each ask costs a few hundred instructions.
    public var numberedCallsByFile: [[NumberedCall]] {
        // The names asked once per thread that makes parts, not once per file: a fact found by
        // its name costs a few hundred instructions per ask.
        var names: Memo<(numbers: ConstructibleNumbers, filter: NameFilter)> = .notAsked
        return fact("query.numberedCalls", perFile: { f -> [NumberedCall] in
            let (numbers, filter) = names.answer { (constructibleNumbers, constructibleNameFilter) }
            var entries: [NumberedCall] = []
            func record(_ calls: [CallSite], decl: Int, index: Int) {
                for c in calls.indices {
                    guard let name = ProjectModel.constructedName(callee: calls[c].callee), filter.mayContain(name),
                          let k = numbers.number(of: name) else { continue }
                    if entries.capacity == 0 { entries.reserveCapacity(8) }
                    entries.append(NumberedCall(decl: Int32(truncatingIfNeeded: decl), member: Int32(truncatingIfNeeded: index),
                                                call: Int32(truncatingIfNeeded: c), name: Int32(truncatingIfNeeded: k)))
                }
            }
            // Read in place, by index: the members' iterators retained and released each one.
            let file = files[f]
            let types = file.types
            for i in types.indices {
                let members = types[i].members
                for m in members.indices { record(members[m].calls, decl: i, index: m) }
            }
            let globals = file.globals
            for m in globals.indices { record(globals[m].calls, decl: -1, index: m) }
            // Held to the end of the run: the room appending grew is not kept.
            if entries.capacity - entries.count >= 4 { entries = entries.exactSizeCopy() }
            return entries
        }, merge: { parts in parts })
    }

    /// The argument labels of every call that constructs `type` (`Row(title: "a", isOn: true)`
    /// gives `["title", "isOn"]`), anywhere in the project, previews included; for a `private`
    /// or `fileprivate` type, only calls in its own file. Calls are matched by the type's simple
    /// name, so two project types named `Row` share their call sites.
    public func constructionLabels(of type: TypeInfo) -> [[String]] {
        constructionCalls(of: type).map(\.labels)
    }

    /// How many calls construct `type` (those `constructionLabels(of:)` lists), with no list of
    /// their labels made.
    public func constructionCount(of type: TypeInfo) -> Int { constructionCalls(of: type).count }

    /// How many of the calls `constructionLabels(of:)` lists pass an argument labelled `label`:
    /// counted in place, with no list of the calls' labels made.
    public func constructionCount(of type: TypeInfo, passing label: String) -> Int {
        var count = 0
        for call in constructionCalls(of: type) where call.passes(label) { count += 1 }
        return count
    }

    /// The calls `constructionLabels(of:)` lists, in its order. Found once per type and run:
    /// several rules ask about each view, once per property, and finding them hashes the type's
    /// simple name and parses its key.
    func constructionCalls(of type: TypeInfo) -> [ConstructionCall] {
        func shared() -> ConstructionCallsByType {
            fact("query.constructionCallsPerType") {
                ConstructionCallsByType(count: types.count, numbers: constructibleNumbers)
            }
        }
        // A lane's own table in front of the shared one (see `PerTypeFact.init(laneOf:)`). A
        // model that is no lane's (the server's, rules run in blocks) reads the shared table:
        // a lane table made for it would sit in the shared cache, kept by whichever thread
        // asked first and read by every other.
        let index = isLaneCopy
            ? laneRemembered("query.constructionCallsPerType.lane") { ConstructionCallsByType(laneOf: shared()) }
            : shared()
        return index.calls.value(type.id) { findConstructionCalls(of: type, numbers: index.numbers) }
    }

    /// The per-type table of `constructionCalls(of:)`, with the fact finding a type's calls
    /// reads, looked up once with it rather than once per type.
    final class ConstructionCallsByType: Sendable {
        let calls: PerTypeFact<[ConstructionCall]>
        let numbers: ConstructibleNumbers

        init(count: Int, numbers: ConstructibleNumbers) {
            calls = PerTypeFact("query.constructionCallsOfType", count: count)
            self.numbers = numbers
        }

        init(laneOf shared: ConstructionCallsByType) {
            calls = PerTypeFact(laneOf: shared.calls)
            numbers = shared.numbers
        }
    }

    func findConstructionCalls(of type: TypeInfo, numbers: ConstructibleNumbers) -> [ConstructionCall] {
        let simple = ProjectModel.simpleTypeKeyName(type.qualifiedName)
        let calls: [ConstructionCall]
        if let number = numbers.number(of: simple) {
            // By the name's number: the index is a list per number, not a table by name.
            calls = constructionCalls(number: number)
        } else {
            // A type the index leaves out (an extension of another module's type): asked rarely.
            calls = files.indices.flatMap { f in constructionCalls(inFile: f) { $0 == simple }.map(\.call) }
        }
        // A file-private type's key ends in `#<file>`; only its own file can construct it. By
        // byte: `lastIndex(of: Character)` breaks the whole key into grapheme clusters.
        let key = type.key.utf8
        guard let file = key.lastIndex(of: 0x23).flatMap({ Int(Substring(key[key.index(after: $0)...])) }) else { return calls }
        return calls.filter { $0.file == file }
    }

    /// The calls whose name is the project type name of number `number` (see
    /// `ConstructibleNumbers`), in file order, read out of their members from the index of
    /// numbered calls by name. Only the names of the types asked about: an index of every
    /// numbered call read out of its member (a copy of each call, its chain and arguments
    /// retained) cost 11.6 M instructions on the 14 apps, where 1,248 types are asked about.
    private func constructionCalls(number: Int) -> [ConstructionCall] {
        let sites = numberedCallsByName[number]
        if sites.isEmpty { return [] }
        var calls: [ConstructionCall] = []
        calls.reserveCapacity(sites.count)
        // A file's declarations taken out once for its run of calls, not once per call.
        var loaded = -1
        var types: [TypeDecl] = []
        var globals: [Member] = []
        for site in sites {
            let f = Int(site.file)
            if f != loaded {
                loaded = f
                types = files[f].types
                globals = files[f].globals
            }
            calls.append(ConstructionCall(file: f, call: site.call.member(types: types, globals: globals).calls[Int(site.call.call)]))
        }
        return calls
    }

    /// The files that call the project type name of number `number` (see
    /// `constructibleNumbers`), each once, in order: those whose calls the index of numbered
    /// calls by name lists under it.
    public func filesConstructing(number: Int) -> [Int] {
        var files: [Int] = []
        for site in numberedCallsByName[number] where files.last != Int(site.file) { files.append(Int(site.file)) }
        return files
    }

    /// `constructibleTypeNames` numbered, in a table read by bytes: the one copy of the names
    /// the rules keep, and ask (`contains`).
    public struct ConstructibleNumbers: Sendable {
        /// The names by number, in no meaningful order.
        public let names: [String]
        /// The names as a set, kept only when one of them is not ASCII (see `number(of:)`).
        let set: Set<String>?
        let table: TypeKeyTable

        init(_ set: Set<String>) {
            // In the set's order, not sorted: a number only indexes per-name lists that are
            // filed back under the names (no answer follows the order), and sorting the apps'
            // names as strings was 31 M instructions on one core before the rules could start.
            names = Array(set)
            table = TypeKeyTable(numbering: names)
            self.set = table.isASCII ? nil : set
        }

        /// `names`, every one ASCII and no two alike, numbered by `table`
        /// (`ProjectModel.constructibleNumbersOfASCIINames`): no set is needed (see `number(of:)`).
        init(asciiNames names: [String], table: TypeKeyTable) {
            self.names = names
            self.table = table
            set = nil
        }

        /// The number of `name`, if it is one of the names. ASCII names, asked of ASCII names,
        /// are equal as strings exactly when their bytes are; a name of other bytes equals an
        /// ASCII name exactly when each of its characters equals an ASCII one (the Kelvin sign
        /// `K`), and is asked by those. Any name asked of names not all ASCII is found in the set
        /// as a string (canonically), and numbered by the spelling the set holds.
        public func number(of name: String) -> Int? {
            let table = table
            // By the bytes first: a name of ASCII names found by its bytes is that name. Only a
            // name the table misses is read for a byte outside ASCII (most names asked are
            // found: the callers ask a filter of the names first).
            if table.isASCII, let number = name.withBytes({ bytes -> Int?? in
                if let number = table.number(of: bytes) { return .some(number) }
                return bytes.contains(where: { $0 >= 0x80 }) ? nil : .some(nil)
            }) {
                return number
            }
            return number(ofOtherName: name)
        }

        /// `number(of:)` of a name not told by its bytes: asked rarely, and kept out of line.
        @inline(never)
        private func number(ofOtherName name: String) -> Int? {
            guard let set else {
                guard let ascii = ConstructibleNumbers.asciiSpelling(of: name) else { return nil }
                return ascii.withUnsafeBufferPointer { table.number(of: $0) }
            }
            guard let at = set.firstIndex(of: name) else { return nil }
            return set[at].withBytes { table.number(of: $0) }
        }

        /// Is `name` one of the names (as a string)?
        public func contains(_ name: String) -> Bool { number(of: name) != nil }

        /// The bytes of the ASCII string equal to `name`, if there is one: each character's
        /// own, or those of the ASCII character it equals canonically.
        static func asciiSpelling(of name: String) -> [UInt8]? {
            var bytes: [UInt8] = []
            for character in name {
                if character.isASCII {
                    bytes.append(contentsOf: character.utf8)
                    continue
                }
                guard let byte = (0..<UInt8(0x80)).first(where: { Character(Unicode.Scalar($0)) == character })
                else { return nil }
                bytes.append(byte)
            }
            return bytes
        }
    }

    /// `constructibleTypeNames` numbered, built once per run.
    public var constructibleNumbers: ConstructibleNumbers {
        fact("query.constructibleNumbers") {
            constructibleNumbersOfASCIINames() ?? ConstructibleNumbers(constructibleTypeNames)
        }
    }

    /// Builds the index of numbered calls by name now, when a view of the project has a `@State`
    /// property with no initial value: the rules ask it for such a property
    /// (`state_from_parameter`), and where the first file that has one comes late, one core built
    /// the whole index at the end of the run while the other had no files left. Asked by every
    /// thread at the start of the rules, it is built a part per file by all of them. Changes no
    /// answer: facts are pure functions of the model.
    public func prepareConstructionCalls() {
        guard hasUninitialisedState else { return }
        _ = numberedCallsByName
    }

    /// Does a type of the project declare a `@State` property with no initial value?
    var hasUninitialisedState: Bool {
        fact("query.hasUninitialisedState") { () -> Bool in
            for file in files {
                for decl in file.types where decl.kind == .struct {
                    for member in decl.members where member.kind == .storedProperty && member.initializer == nil {
                        if member.attributes.contains(where: { $0.name == "State" }) { return true }
                    }
                }
            }
            return false
        }
    }

    /// The calls file `f` makes of types whose simple name `isIndexed` accepts, with that name,
    /// in the file's order: a list, not a table by name, since the merge makes the one table.
    func constructionCalls(inFile f: Int, named isIndexed: (String) -> Bool) -> [(name: String, call: ConstructionCall)] {
        var calls: [(name: String, call: ConstructionCall)] = []
        func record(_ member: Member) {
            // Read in place, by stored field: passing a call to a function copies it, retaining
            // its name chain and arguments.
            let memberCalls = member.calls
            for c in memberCalls.indices {
                guard let name = ProjectModel.constructedName(callee: memberCalls[c].callee), isIndexed(name) else { continue }
                // Room for a usual file's few calls at the first, rather than grown three times;
                // a file with none allocates nothing.
                if calls.capacity == 0 { calls.reserveCapacity(8) }
                calls.append((name, ConstructionCall(file: f, call: memberCalls[c])))
            }
        }
        for decl in files[f].types { for member in decl.members { record(member) } }
        for member in files[f].globals { record(member) }
        return calls
    }

    public struct ConstructionCall: Sendable {
        public var file: Int
        /// The call itself, shared with the model: its labels are read when asked, so the index
        /// allocates no list of labels per call.
        var call: CallSite

        /// The call's argument labels, in argument order.
        public var labels: [String] {
            let arguments = call.arguments
            var labels: [String] = []
            labels.reserveCapacity(arguments.count)
            for a in arguments.indices { if let label = arguments[a].label { labels.append(label) } }
            return labels
        }

        /// Does the call pass an argument labelled `label`?
        public func passes(_ label: String) -> Bool {
            let arguments = call.arguments
            for a in arguments.indices where arguments[a].label == label { return true }
            return false
        }
    }

    /// Does every site that constructs `type` pass the argument `label` as a constant (a
    /// literal, or a constant as seen from the site)? False when no site constructs it or one
    /// leaves it out (the declaration's default then applies, which callers judge themselves).
    public func isAlwaysPassedConstant(_ label: String, to type: TypeInfo) -> Bool {
        let sites = constructionSites(of: type)
        if sites.isEmpty { return false }
        for site in sites {
            guard let argument = site.call.argument(label) else { return false }
            if argument.shape.isLiteral { continue }
            guard let owner = site.owner,
                  ExpressionScope(project: self, owner: owner, member: site.member).constness(argument.shape) == .constant
            else { return false }
        }
        return true
    }

    // MARK: Identity of elements

    /// Does the `Identifiable` type store an `id` whose initial value is new on every build
    /// (`let id = UUID()`)?
    public func hasFreshDefaultID(_ type: TypeInfo) -> Bool {
        // The `id` first: most types have none with a fresh default, and the conformance is a
        // walk of the type's inheritance.
        guard let id = property("id", of: type), id.kind == .storedProperty, !id.isStatic,
              let initializer = id.initializer, initializer.isFreshValue(typeText: id.typeText) else { return false }
        return conforms(type, toAnyOf: KnownNames.identifiable)
    }

    /// `id`, `uuid`, `identifier` or a name ending in `ID`/`Id`/`UUID` among the stored
    /// properties of the type: the identity it could be keyed by.
    public func idLikeProperty(of type: TypeInfo) -> String? {
        let stored = members(of: type).map(\.member).filter { $0.kind == .storedProperty && !$0.isStatic }
        if let exact = stored.first(where: { ["id", "uuid", "identifier"].contains($0.name) }) { return exact.name }
        return stored.first { $0.name.hasSuffix("ID") || $0.name.hasSuffix("Id") || $0.name.hasSuffix("UUID") || $0.name.hasSuffix("Uuid") }?.name
    }

    /// Does any type of the project declare a property with this name?
    public func declaresProperty(named name: String) -> Bool {
        for type in types.values where type.isDeclaredInProject {
            if property(name, of: type) != nil { return true }
        }
        return false
    }

    // MARK: Collection views and their data

    /// A call whose callee's last name is a collection view's (`KnownNames.isCollectionView`:
    /// `ForEach(...)`, `SwiftUI.List(...)`, `model.List(...)`), in a member of one of its file's
    /// types: the declaration, the member and the call, by index.
    public struct CollectionViewCall: Sendable {
        public let decl: Int32
        public let member: Int32
        public let call: Int32
    }

    /// The collection view calls of file `f`'s types' members, in the file's order. One walk of
    /// every call per file for the run, shared by the containers' data (`feedsCollectionView`),
    /// the elements edited through bindings and `unstable_foreach_id`'s containers: each of them
    /// read every call's callee of every member again (on the 14 apps the first two took 25.5
    /// and 14.8 M instructions, now 8.4 and 3.4 M, and the index 10.3 M once).
    public func collectionViewCalls(inFile f: Int) -> ArraySlice<CollectionViewCall> {
        collectionViewCallsByFile[f]
    }

    /// `collectionViewCalls(inFile:)` of every file, in one list with each file's start: a list
    /// per file was one allocation for each file that calls a collection view (9,951 of them,
    /// 0.6 MiB, at 1M lines).
    public typealias CollectionViewCallsByFile = GroupedList<CollectionViewCall>

    /// `collectionViewCalls(inFile:)` of every file: a caller that reads many files' asks for
    /// the fact once, where each ask costs a few hundred instructions.
    public var collectionViewCallsByFile: CollectionViewCallsByFile {
        fact("query.collectionViewCalls", perFile: { f -> [CollectionViewCall] in
            var found: [CollectionViewCall] = []
            // A file that spells no collection view's name calls none: its calls are not read.
            let file = files[f]
            guard file.mentions(anyOf: KnownNames.collectionViewWords) else { return found }
            // Read in place, by index: the members' iterators retained and released each one,
            // and passing a call to a function copies it, retaining its name chain and arguments.
            let types = file.types
            for d in types.indices {
                let members = types[d].members
                for m in members.indices {
                    let calls = members[m].calls
                    // The name first: reading it retains no chain.
                    for c in calls.indices where KnownNames.isCollectionView(calls[c].name) {
                        found.append(CollectionViewCall(decl: Int32(truncatingIfNeeded: d), member: Int32(truncatingIfNeeded: m),
                                                        call: Int32(truncatingIfNeeded: c)))
                    }
                }
            }
            return found
        }, merge: CollectionViewCallsByFile.init(concatenating:))
    }

    /// Is `name` the last name of some collection view's data anywhere in the project (`rows`
    /// for `ForEach(model.rows)` and `List(rows.filter { ... })`)? Built once per run, a part per file.
    public func feedsCollectionView(_ name: String) -> Bool {
        // The index asked once per thread that makes parts, not once per file.
        var index: Memo<CollectionViewCallsByFile> = .notAsked
        return fact("query.containerDataNames", perFile: { f -> Set<String> in
            var names: Set<String> = []
            let sites = index.answer { collectionViewCallsByFile }[f]
            if sites.isEmpty { return names }
            let types = files[f].types
            for site in sites {
                // Read in place, by stored field (see `collectionViewCallsByFile`).
                let calls = types[Int(site.decl)].members[Int(site.member)].calls
                let c = Int(site.call)
                guard let first = calls[c].arguments.firstUnlabeledIndex else { continue }
                var shape = calls[c].arguments[first].shape
                for _ in 0..<8 {
                    shape = shape.unwrappingElementWrappers
                    if case .call(.member(let base?, let method), _, _) = shape,
                       KnownNames.elementPreservingMethods.contains(method) {
                        shape = base
                        continue
                    }
                    break
                }
                if let last = shape.nameChain?.last { names.insert(last) }
            }
            return names
        }, merge: ProjectModel.mergeUnion).contains(name)
    }
}

// MARK: View builders

extension CallSite {
    /// Is this call of a collection view (`collectionViewCalls(inFile:)`) one of SwiftUI's
    /// (`ForEach(...)`, `SwiftUI.List(...)`, not `Model.List(...)` or `list.ForEach`)?
    public var callsSwiftUICollectionView: Bool {
        // The chain read once: each read of `callee` retains it.
        let callee = self.callee
        return callee.count == 1 || (callee.count == 2 && callee[0] == "SwiftUI")
    }
}

extension Member {
    /// Each block of the views the member builds (its `body` or `@ViewBuilder` helper, the
    /// branches of its `if`/`switch`, the content closures of the views in them), in walk
    /// order, with whether a result builder transforms it: the content closures of returned
    /// views are builders, the statements of a plain function returning views are not, nor is
    /// a block with an explicit `return`.
    public var builderBlocks: [(block: BuilderBlock, isBuilder: Bool)] {
        if let builder { return Member.blocks(from: builder, isBuilder: !builder.hasReturn) }
        if let returnedViews { return Member.blocks(from: returnedViews, isBuilder: false) }
        return []
    }

    /// `root` and every block nested in it, in walk order, with whether a result builder
    /// transforms it (see `builderBlocks`).
    public static func blocks(from root: BuilderBlock, isBuilder: Bool) -> [(block: BuilderBlock, isBuilder: Bool)] {
        var result: [(block: BuilderBlock, isBuilder: Bool)] = []
        forEachBlock(from: root, isBuilder: isBuilder) { result.append(($0, $1)) }
        return result
    }

    /// Calls `visit` with each block of `blocks(from:isBuilder:)`, in the same order, without
    /// gathering them in an array.
    public static func forEachBlock(from root: BuilderBlock, isBuilder: Bool, _ visit: (BuilderBlock, Bool) -> Void) {
        _ = walkBlocks(from: root, isBuilder: isBuilder) { block, isBuilder in
            visit(block, isBuilder)
            return true
        }
    }

    /// Calls `visit` with each block of `blocks(from:isBuilder:)`, in the same order, until it
    /// returns false; returns whether the walk went to its end.
    static func walkBlocks(from root: BuilderBlock, isBuilder: Bool, _ visit: (BuilderBlock, Bool) -> Bool) -> Bool {
        // Room for a body's usual nesting at once: grown from one, the stack was copied three
        // times in most walks. Reserved before the root goes on: reserved after, the one-slot
        // list of the root was copied again (7.7 M instructions on the 14 apps).
        var stack: [(block: BuilderBlock, isBuilder: Bool)] = []
        stack.reserveCapacity(16)
        stack.append((root, isBuilder))
        var steps = 0
        while let (block, isBuilder) = stack.popLast(), steps < 100_000 {
            steps += 1
            guard visit(block, isBuilder) else { return false }
            for item in block.items {
                switch item {
                // Pushed one by one: a mapped array per view and per conditional was most of the
                // walk's cost (rules walk every builder of every member).
                case .view(let expression):
                    for content in expression.contents { stack.append((content, !content.hasReturn)) }
                case .conditional(let conditional):
                    let branchesAreBuilders = isBuilder && conditional.branches.allSatisfy { !$0.block.hasReturn }
                    for branch in conditional.branches { stack.append((branch.block, branchesAreBuilders)) }
                case .other:
                    break
                }
            }
        }
        return true
    }

    /// Every `if` and `switch` in the views the member builds, in walk order, with whether a
    /// result builder applies to its branches (so they build views with distinct identities):
    /// see `builderBlocks`.
    public var builderConditionals: [(conditional: Conditional, branchesAreBuilders: Bool)] {
        var result: [(conditional: Conditional, branchesAreBuilders: Bool)] = []
        func collect(_ block: BuilderBlock, _ isBuilder: Bool) {
            for case .conditional(let conditional) in block.items {
                result.append((conditional, isBuilder && conditional.branches.allSatisfy { !$0.block.hasReturn }))
            }
        }
        // Walked in place: most members hold no `if` or `switch`, and the list of their blocks
        // would be built only to be searched.
        forEachBuilderBlock(collect)
        return result
    }

    /// Calls `visit` with each of `builderBlocks`, in the same order, without gathering them.
    public func forEachBuilderBlock(_ visit: (BuilderBlock, Bool) -> Void) {
        if let builder { Member.forEachBlock(from: builder, isBuilder: !builder.hasReturn, visit) }
        else if let returnedViews { Member.forEachBlock(from: returnedViews, isBuilder: false, visit) }
    }

    /// The call of a type made at exactly `range` (a view expression's base), with its arguments.
    /// Here, beside the call sites' storage, so that the search reads each call's range in
    /// place: from the rules' module every probe called the range's getter across modules
    /// (142,000 calls on the 14 apps: the search 7.0 → 5.6 M instructions).
    public func call(at range: SourceRange) -> CallSite? {
        // `calls` is sorted by range (the read collector sorts it), so a binary search finds the
        // first call at `range`: a linear scan made every view of a large builder cost as much
        // as the whole builder. The list read once, not at every probe.
        let calls = self.calls
        var low = 0, high = calls.count
        while low < high {
            let middle = (low + high) / 2
            if calls[middle].range < range { low = middle + 1 } else { high = middle }
        }
        return low < calls.count && calls[low].range == range ? calls[low] : nil
    }

    /// Does the member build or return a view (in any of `builderBlocks`, nested ones included)
    /// for which `test` holds? The walk stops at the first: a member's blocks were all walked
    /// (their contents pushed) after one was found.
    public func buildsView(where test: (ViewExpression) -> Bool) -> Bool {
        // Items read in place: each one copied out of the block retained its view.
        func holdsNone(_ block: BuilderBlock, _: Bool) -> Bool {
            let items = block.items
            for i in items.indices {
                if case .view(let view) = items[i], test(view) { return false }
            }
            return true
        }
        if let builder { return !Member.walkBlocks(from: builder, isBuilder: !builder.hasReturn, holdsNone) }
        if let returnedViews { return !Member.walkBlocks(from: returnedViews, isBuilder: false, holdsNone) }
        return false
    }
}

extension ViewExpression {
    /// The base view's callee as written (`NavigationLink`, `SwiftUI.VStack`, `` `VStack` ``), where
    /// a finding about the view points; empty at the base's start when the base is no call.
    public var baseCalleeRange: SourceRange {
        let start = baseRange.start
        guard let callee = baseCallee, !callee.isEmpty else { return SourceRange(start: start, end: start) }
        if let end = baseCalleeEnd, end >= start { return SourceRange(start: start, end: end) }
        // A view made by hand, with no end recorded: its names and the dots between them.
        var length = callee.count - 1
        for part in callee { length += part.utf8.count }
        return SourceRange(start: start, end: start + length)
    }
}

extension BuilderBlock {
    /// The ranges of the builder blocks in this block that SwiftUI runs while it evaluates the
    /// view and that hold `range`: the block itself, the content closures of SDK containers
    /// (`VStack { }`, `ForEach { }`) and of the builder modifiers (`.overlay { }`); a project
    /// view's closure is left out (`Row(item) { selection = item }` may well be an action).
    /// These are the only ones `runsWithBody` asks about (it asks of the closures around the
    /// range). Views, `if`s and content closures nest in the source, so one that does not hold
    /// the range holds nothing that does, and the walk skips it: it goes down the path to the
    /// range instead of over the whole tree, and gathers a handful.
    public func builderRanges(holding range: SourceRange) -> [SourceRange] {
        // Room for a usual nesting at once: grown from one element, each list was reallocated
        // two or three times per ask.
        var ranges: [SourceRange] = []
        ranges.reserveCapacity(8)
        ranges.append(self.range)
        var stack: [BuilderBlock] = []
        stack.reserveCapacity(8)
        stack.append(self)
        func holds(_ outer: SourceRange) -> Bool { outer.start <= range.start && range.end <= outer.end }
        while let current = stack.popLast() {
            for item in current.items {
                switch item {
                case .view(let view):
                    // A view's contents lie within its expression: one not around the range
                    // has no content read.
                    guard holds(view.range) else { continue }
                    let contents = view.contents
                    for c in contents.indices {
                        let content = contents[c].range
                        guard content.start <= range.start && range.end <= content.end else { continue }
                        let ofBase = view.baseRange.start <= content.start && content.end <= view.baseRange.end
                        if ofBase && !BuilderBlock.isContainer(view.baseCallee) { continue }
                        ranges.append(content)
                        stack.append(contents[c])
                    }
                case .conditional(let conditional):
                    // Branches lie within their statement (`if` to its last `else`, `switch`
                    // to its last case).
                    guard holds(conditional.range) else { continue }
                    for branch in conditional.branches { stack.append(branch.block) }
                case .other:
                    break
                }
            }
        }
        return ranges
    }

    /// Is a view's base an SDK container whose content closures SwiftUI runs with the view
    /// (`VStack`, `SwiftUI.List`)?
    static func isContainer(_ callee: [String]?) -> Bool {
        guard let callee else { return false }
        return (callee.count == 1 || (callee.count == 2 && callee[0] == "SwiftUI"))
            && KnownNames.contentContainers.contains(callee[callee.count - 1])
    }
}

extension FileModel {
    /// The `#if` branches that enclose `range`, outermost first.
    public func compilationBranches(enclosing range: SourceRange) -> [CompilationBranch] {
        compilationBranches
            .filter { $0.range.start <= range.start && range.end <= $0.range.end }
            .sorted { $0.range.start < $1.range.start }
    }
}
