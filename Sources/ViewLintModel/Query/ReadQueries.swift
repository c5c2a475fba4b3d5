import ViewLintSyntax

// Part of the query layer (see Query/QueryLayer.swift): who reads a name. `namesRead(in:)`,
// `hasCustomEquality(_:)` and `protocolRequirementNames(of:)` moved here from
// Rules/Support/ViewFacts.swift, names and behaviour unchanged.

/// Facts several rules ask about a view, computed from the project model.
extension ProjectModel {
    /// Every name read anywhere in the type: its members in all files, members of types nested
    /// in it through another value (a representable's `Coordinator` reading `parent.x`), code
    /// elsewhere that receives or holds a value of the type (`func configure(with view: Label)`
    /// reading `view.x`), and, in a custom `==`, the members it compares (`lhs.x == rhs.x`).
    /// Reads through typed values count only for the names of views' stored properties that
    /// the view's other reads miss (see `typedReadNames()`): exact for what rules ask, whether
    /// a view's own stored property is read.
    public func namesRead(in type: TypeInfo) -> NameSet {
        // Once per type and run: several rules ask, once per declaration of the type.
        typeFacts.namesRead.value(type.id) {
            let direct = directNamesRead(in: type)
            // Indexed by id, one slot per type of this model; most types have none.
            let throughTypedValues = readsThroughTypedValues()[type.id]
            return throughTypedValues.isEmpty ? direct : NameSet(direct.ids + throughTypedValues)
        }
    }

    /// `namesRead(in:)` without the reads through typed values: what `typedReadNames()` needs
    /// to know which stored properties those reads could still add.
    func directNamesRead(in type: TypeInfo) -> NameSet {
        typeFacts.directNamesRead.value(type.id) {
            // Gathered, then sorted once: merging set by set would copy the growing set per member.
            var ids: [NameID] = []
            // Room for a usual type's reads at once: grown from empty, the list was reallocated
            // four or five times per type.
            ids.reserveCapacity(64)
            for (_, member) in members(of: type) {
                ids += member.reads.ids
                if member.kind == .function && member.name == "==" { ids += member.memberReads.ids }
            }
            for nested in nestedTypes(of: type) {
                for (_, member) in members(of: nested) { ids += member.memberReads.ids }
            }
            if let throughValues = memberReadsThroughValues[ProjectModel.simpleName(type.qualifiedName)] { ids += throughValues.ids }
            return NameSet(ids)
        }
    }

    // MARK: Reads through typed expressions

    /// Names read through an expression whose type resolves to a project type, by the type's
    /// key: `controller.rootView.title` where `controller: UIHostingController<Editor>`,
    /// `base.searchBar.text` from an extension of another type, `host.view.x` where `view: Editor`
    /// is a property of `host`'s type. Each step's type comes from a parameter's or property's
    /// annotation, a local built from a type (`let v = Editor(...)`, `UIHostingController(rootView:
    /// Editor())`), a generic argument standing for a generic parameter of the holding type, or
    /// `rootView` of SwiftUI's hosting types; a step that cannot be resolved ends the chain
    /// (the name-based rules of `memberReadsThroughValues` still apply there).
    /// By type id, each type's names in any order, repeated or not (`namesRead` sorts them once);
    /// by key and as sets of strings, the parts, the merge and each type's ask hashed every name.
    /// Only names `typedReadNames()` keeps are walked to and listed.
    public func readsThroughTypedValues() -> [[NameID]] {
        // A part per run of files, made by every thread that asks: `unused_stored_input` asks on
        // the first file, and a serial walk of the whole project held every other thread there.
        // The parts a thread makes share one cache: a type's members are asked from many files
        // (its extensions, the views that hold it), and a cache per part found each answer again
        // in each part. Made at the thread's first part: most asks find the fact merged.
        let length = ProjectModel.typedReadsRunLength(files: files.count)
        let runs = (files.count + length - 1) / length
        var threadCache: TypedWalkCache?
        return fact("readsThroughTypedValues", parts: runs, part: { run in
            let first = run * length
            if threadCache == nil { threadCache = TypedWalkCache() }
            return typedReads(inFiles: first..<min(files.count, first + length), cache: threadCache!)
        }, merge: { parts -> [[NameID]] in
            var byType = [[NameID]](repeating: [], count: types.count)
            for part in parts {
                // Ids are dense (0 to `types.count`), and walks find only this model's types.
                for (type, name) in part { byType[type].append(name) }
            }
            return byType
        })
    }

    /// Files per part of `readsThroughTypedValues`: few enough parts that taking them costs
    /// little, enough that both threads have runs to take. A large project has runs of more
    /// files, so that its parts stay about `typedReadsParts`: while each part had a cache of its
    /// own, runs of 32 files found the same types' members again in each of the 14 apps' 230
    /// runs (64 runs cost 5 M instructions less, 120 M); a thread's parts now share its cache.
    static func typedReadsRunLength(files: Int) -> Int {
        max(32, (files + typedReadsParts - 1) / typedReadsParts)
    }

    static let typedReadsParts = 64

    /// The names `readsThroughTypedValues` keeps: those of views' stored instance properties
    /// that the view's other reads (`directNamesRead(in:)`) miss. Rules ask `namesRead(in:)`
    /// only whether a view's own stored property is read, and one read directly is read
    /// whatever the typed reads add. A chain that reads none of these names is not walked, and
    /// one is walked only as far as its last such name: most chains read a model's or a system
    /// type's members (`viewModel.items.count`), and nearly every stored property is read in
    /// its view, so resolving the steps of chains that could only repeat it was most of the
    /// fact's cost.
    func typedReadNames() -> NameIDSet {
        fact("query.typedReadNames") {
            var names = NameIDSet()
            // No chain, no typed read: a file of small views without chains asked every view's
            // other reads here, in one pass before any rule, for nothing.
            if !hasValueChains() { return names }
            for f in files.indices {
                for (i, decl) in files[f].types.enumerated() {
                    guard let view = view(of: DeclRef(file: f, index: i)) else { continue }
                    // Made only for a declaration that stores a property.
                    var read: NameSet? = nil
                    for member in decl.members where member.isStoredInstanceProperty {
                        if read == nil { read = directNamesRead(in: view) }
                        if !read!.contains(member.nameID) { names.insert(member.nameID) }
                    }
                }
            }
            return names
        }
    }

    /// Does any member or global of the project have a value chain? Asked until the first: a
    /// real project's first files have one. (Every chain's names, gathered to ask only for the
    /// properties some chain names, cost 23 M instructions on the 14 apps and saved none there.)
    private func hasValueChains() -> Bool {
        files.contains { file in
            file.globals.contains { !$0.valueChains.isEmpty }
                || file.types.contains { type in type.members.contains { !$0.valueChains.isEmpty } }
        }
    }

    /// The names the members of `files` read through typed expressions, with the type's id,
    /// file by file in order; only names in `typedReadNames()`.
    /// `cache` is the asking thread's, kept across its parts: one file's chains start at the
    /// same few properties (`model.title`, `model.count` in every member of a view) and step
    /// through the same few types, so each answer is found once.
    func typedReads(inFiles range: Range<Int>, cache: TypedWalkCache) -> [(type: Int, name: NameID)] {
        var index: [(type: Int, name: NameID)] = []
        let wanted = typedReadNames()
        // Where every view's stored properties are read directly, no chain needs a walk.
        if wanted.count == 0 { return index }
        for f in range {
            let file = files[f]
            let types = file.types
            // The file's types in order, then its globals (as no type). The members are read in
            // place, by index: the members' iterator copied each one out, retaining its fields,
            // and most members have no chain.
            for d in 0...types.count {
                let members = d < types.count ? types[d].members : file.globals
                // Asked only of a declaration with a chain. Not a `Memo`: its enum, copied out
                // and destroyed at each ask, cost 1.7 M instructions more here on the 14 apps.
                var context: TypeInfo?? = d < types.count ? nil : .some(nil)
                for m in members.indices {
                    // Read out of the member once: asked whether they were empty first, a member
                    // with chains had the field read twice.
                    let valueChains = members[m].valueChains
                    if valueChains.isEmpty { continue }
                    if context == nil { context = typeInfo(of: DeclRef(file: f, index: d)) }
                    recordTypedReads(valueChains, of: members[m], context: context!, wanted: wanted, cache: cache,
                                     into: &index)
                }
            }
        }
        return index
    }

    private func recordTypedReads(_ valueChains: [ValueChain], of member: Member, context: TypeInfo?, wanted: NameIDSet,
                                  cache: TypedWalkCache, into index: inout [(type: Int, name: NameID)]) {
        // Walked in place: `for chain in` copied each chain out, retaining its strings.
        valueChains.withUnsafeBufferPointer { chains in
            for i in chains.indices {
                // Walked as far as the last name kept; a chain with none is not walked.
                guard let last = chains[i].members.lastIndex(where: { wanted.contains($0) }) else { continue }
                _ = walk(chains[i], in: member, context: context, needsType: false, last: last, cache: cache) { type, name in
                    if wanted.contains(name) { index.append((type.id, name)) }
                }
            }
        }
    }

    /// A type as written, resolved (see `resolvedTypeText`): the project type it names, its
    /// generic arguments as written, and whether it names one of SwiftUI's hosting types (whose
    /// `rootView` is their first argument).
    struct TypeResolution {
        var type: TypeInfo?
        var arguments: [String]
        var isHost: Bool
    }

    /// The answer of `memberTypeText` at depth 0 before the caller's generic arguments are
    /// put in: the member's type as written and the type it is written in, and, where that
    /// text names a generic parameter of the declaring type, the parameter's index (the
    /// caller's argument at that index replaces it, with no scope).
    struct MemberTypeAnswer {
        var text: String
        var scope: TypeInfo?
        var genericIndex: Int
        /// `text` resolved from `scope`, once asked (only where `scope` is set: otherwise the
        /// walk resolves it from the scope it came from, which differs from walk to walk).
        var resolution: TypeResolution??

        func applied(_ arguments: [String]) -> (text: String, scope: TypeInfo?) {
            if genericIndex >= 0 && genericIndex < arguments.count { return (arguments[genericIndex], nil) }
            return (text, scope)
        }
    }

    /// Answers a walk of many chains (`typedReads(inFiles:cache:)`) asks again and again, each looked
    /// up once: the type of a member of a type (by the type's id and the member's name id: the
    /// type's members scanned, superclasses tried), with that type text resolved where its
    /// scope is fixed, and other step's type texts resolved (parsed, then looked up in scope).
    /// Each is a function of its key and the model, so the stored answer is the one a second
    /// lookup would give. A single chain's walk (`typeText(of:in:context:)`) has none: storing
    /// costs more than it saves, and an unused cache's tables were allocated for each such walk.
    /// A class: it owns the raw storage of its `StampedSlots` tables.
    final class TypedWalkCache {
        /// The ids of the two roots `rootTypeText` tells apart by name (`self`, and `rootView`,
        /// which may be a hosting superclass's), or `ValueChain.element`, which is no root's,
        /// where no model holds the name: compared by id, the root is spelled only for locals.
        let selfID: NameID
        let rootViewID: NameID
        /// Type texts resolved by their scope (`resolvedTypeText`), in a table of its own keyed
        /// by the text's bytes: hashed by `Hasher` as strings in a dictionary, the lookups cost
        /// about 600 instructions each on the 14 apps (28 M), and regrowing it 8 M more.
        @exclusivity(unchecked) private var resolved: ResolvedTexts
        /// By type id and member name id (`memberKey`): the answer's index in `answers`, or -1
        /// where the type has no such member. Keyed by integers: keyed by the name's text, the
        /// hashing and comparing of strings was most of the cost of a lookup; in a `Dictionary`,
        /// hashing each key with `Hasher` cost about 100 instructions a lookup.
        @exclusivity(unchecked) private var memberSlots: StampedSlots<KeyedIndex>
        @exclusivity(unchecked) private(set) var answers: [MemberTypeAnswer] = []
        /// `self`'s type resolved, by the enclosing type's id.
        @exclusivity(unchecked) private var selves: [Int: TypeResolution?] = [:]
        /// `inheritanceSteps(of:)`, found by type id in `stepSlots`: a miss of `memberAnswer`
        /// parsed and resolved each inherited name again, and sorted the type's set of them.
        @exclusivity(unchecked) private var steps: [[InheritanceStep]] = []
        @exclusivity(unchecked) private var stepSlots: StampedSlots<KeyedIndex>

        /// A slot of the tables by integer key: an index into `answers` or `steps`, or into
        /// `ResolvedTexts`' arrays by the hash of the text and scope. Never emptied, so every
        /// slot written is of the first generation.
        struct KeyedIndex: StampedSlot {
            var generation: UInt32
            var index: Int32
            var key: UInt64

            static let unwritten = KeyedIndex(generation: 0, index: 0, key: 0)
            /// The key times a 64-bit odd constant (Fibonacci hashing): every bit of the key
            /// moves the top bits a slot is taken from. A text's FNV-1a hash is no placement of
            /// its own: its last bytes move few of its top bits, and texts that differ at their
            /// end probed long runs (3 M instructions more on the 14 apps).
            var placement: UInt64 { KeyedIndex.placement(key) }
            @inline(__always) static func placement(_ key: UInt64) -> UInt64 { key &* 0x9E37_79B9_7F4A_7C15 }
        }

        /// Compared a word at a time: byte by byte through the views, the keys' comparisons
        /// cost 110 M instructions on the 14 apps.
        static func sameBytes(_ a: String, _ b: String) -> Bool {
            var a = a, b = b
            return a.withUTF8 { x in
                b.withUTF8 { y in
                    x.count == y.count && (x.isEmpty || FileNames.equal(UnsafeRawPointer(x.baseAddress!), UnsafeRawPointer(y.baseAddress!), x.count))
                }
            }
        }

        init() {
            let none = ValueChain.element
            selfID = NameID.existing("self") ?? none
            rootViewID = NameID.existing("rootView") ?? none
            // Room for a part's usual keys at once.
            memberSlots = StampedSlots(capacity: 256)
            stepSlots = StampedSlots(capacity: 256)
            resolved = ResolvedTexts(capacity: 64)
        }

        deinit {
            memberSlots.deallocate()
            stepSlots.deallocate()
            resolved.deallocate()
        }

        private static func memberKey(_ type: TypeInfo, _ id: NameID) -> UInt64 {
            UInt64(UInt(bitPattern: type.id)) << 32 | UInt64(id.raw)
        }

        /// The index in `answers` of member `id` of `type`, nil where there is none; `make`
        /// is given the type's inheritance steps (see `inheritanceSteps(of:)`), found once per
        /// type by `steps`.
        func memberAnswer(_ id: NameID, of type: TypeInfo, steps findSteps: () -> [InheritanceStep],
                          _ make: ([InheritanceStep]) -> MemberTypeAnswer?) -> Int? {
            let key = TypedWalkCache.memberKey(type, id)
            // Where a miss's probe ended, written after `make`, which asks no cache.
            let memberSlot = memberSlots.slot(of: key)
            if memberSlots.isLive(memberSlot) {
                let known = memberSlots.base[memberSlot].index
                return known < 0 ? nil : Int(known)
            }
            let typeSteps: [InheritanceStep]
            let typeKey = UInt64(UInt(bitPattern: type.id))
            let stepSlot = stepSlots.slot(of: typeKey)
            if stepSlots.isLive(stepSlot) {
                typeSteps = steps[Int(stepSlots.base[stepSlot].index)]
            } else {
                typeSteps = findSteps()
                steps.append(typeSteps)
                _ = stepSlots.occupy(stepSlot, with: KeyedIndex(generation: 0, index: Int32(steps.count - 1), key: typeKey))
            }
            guard let made = make(typeSteps) else {
                _ = memberSlots.occupy(memberSlot, with: KeyedIndex(generation: 0, index: -1, key: key))
                return nil
            }
            answers.append(made)
            _ = memberSlots.occupy(memberSlot, with: KeyedIndex(generation: 0, index: Int32(answers.count - 1), key: key))
            return answers.count - 1
        }

        /// `answers[slot].text` resolved from its scope, which the caller has checked is set.
        func resolution(ofAnswer slot: Int, _ make: () -> TypeResolution?) -> TypeResolution? {
            if let known = answers[slot].resolution { return known }
            let made = make()
            answers[slot].resolution = .some(made)
            return made
        }

        func resolved(_ text: String, from scope: TypeInfo?, _ make: () -> TypeResolution?) -> TypeResolution? {
            return resolved.value(text, scope: scope?.id ?? -1, make)
        }

        func resolvedSelf(_ context: TypeInfo, _ make: () -> TypeResolution?) -> TypeResolution? {
            if let known = selves[context.id] { return known }
            let made = make()
            selves[context.id] = .some(made)
            return made
        }
    }

    /// Resolutions by type text and scope id: indices into flat arrays in `StampedSlots` (never
    /// emptied, so every slot is of the first generation), the text hashed by FNV-1a over its
    /// bytes and compared byte for byte (names are interned by their bytes: a `String`'s `==`
    /// would take a canonically equivalent spelling, NFC against NFD, for the same key).
    /// A value holding raw storage: its owner, `TypedWalkCache`, calls `deallocate()`.
    struct ResolvedTexts {
        private var texts: [String] = []
        private var scopes: [Int] = []
        private var values: [TypeResolution?] = []
        /// By the hash of text and scope, each key's index in the arrays.
        private var slots: StampedSlots<TypedWalkCache.KeyedIndex>

        /// `capacity`, a power of two: room for the texts expected at once.
        init(capacity: Int) { slots = StampedSlots(capacity: capacity) }

        func deallocate() { slots.deallocate() }

        mutating func value(_ text: String, scope: Int, _ make: () -> TypeResolution?) -> TypeResolution? {
            let hash = (text.withBytes { FNV1a.hash($0) } ^ UInt64(UInt(bitPattern: scope))) &* FNV1a.prime
            var s = slots.home(TypedWalkCache.KeyedIndex.placement(hash))
            while slots.isLive(s) {
                let found = slots.base[s]
                if found.key == hash {
                    let k = Int(found.index)
                    if scopes[k] == scope && TypedWalkCache.sameBytes(texts[k], text) { return values[k] }
                }
                s = slots.next(s)
            }
            let made = make()
            texts.append(text)
            scopes.append(scope)
            values.append(made)
            _ = slots.occupy(s, with: TypedWalkCache.KeyedIndex(generation: 0, index: Int32(texts.count - 1), key: hash))
            return made
        }
    }

    /// One way a type may inherit a member (see `memberTypeAnswer`): a hosting type's `rootView`
    /// (its first generic argument as written), or the members of a class of the project it
    /// inherits from, specialised with `arguments`, as `written` names it.
    enum InheritanceStep {
        case host(root: String?)
        case superclass(TypeInfo, arguments: [String], written: String)
    }

    /// The inherited names of `type` that `memberTypeAnswer` looks members up through, in its
    /// order: each declaration's specialised inheritance, then the type's inherited names (the
    /// one, or all sorted); names that are neither a hosting type nor a class of the project
    /// (`View`, `ObservableObject`) are left out, since they find nothing.
    func inheritanceSteps(of type: TypeInfo) -> [InheritanceStep] {
        var steps: [InheritanceStep] = []
        func add(_ inherited: String) {
            guard let (superName, superArguments) = HostingTypes.split(inherited) else { return }
            if HostingTypes.isHost(superName) {
                steps.append(.host(root: superArguments.first))
                return
            }
            guard let superType = resolveType(superName, from: type), superType.isDeclaredInProject,
                  superType.kind == .class, superType.key != type.key else { return }
            steps.append(.superclass(superType, arguments: superArguments, written: inherited))
        }
        for ref in type.declarations {
            for inherited in declaration(ref).specializedInheritance { add(inherited) }
        }
        let inherited = type.inherited
        if inherited.count == 1, let only = inherited.first {
            add(only)
        } else {
            for each in inherited.sorted() { add(each) }
        }
        return steps
    }

    /// The type, as written, that `chain` reaches (`if let page = controllers.first as? Page`,
    /// then `page.rootView`), with the type it is written in; nil where a step cannot be resolved.
    public func typeText(of chain: ValueChain, in member: Member, context: TypeInfo?) -> (text: String, scope: TypeInfo?)? {
        walk(chain, in: member, context: context, needsType: true, last: chain.members.count - 1, cache: nil) { _, _ in }
    }

    /// Resolves `chain` step by step, telling `visit` each name read through a project type.
    /// Without `needsType` the walk stops at the visit of name `last` (the chain's last, or
    /// the last one the caller keeps), and answers nil: the type that name has is looked up
    /// only for a caller that asks for it; with `needsType`, nothing is visited (`typeText`
    /// asks only for the type), so no name is interned for a visit.
    private func walk(_ chain: ValueChain, in member: Member, context: TypeInfo?, needsType: Bool, last: Int,
                      cache: TypedWalkCache?, visit: (TypeInfo, NameID) -> Void) -> (text: String, scope: TypeInfo?)? {
        if !needsType && last < 0 { return nil }
        guard let root = rootTypeText(chain, in: member, context: context, cache: cache) else { return nil }
        var current = root.text
        // `current` resolved from `scope`, where a cached answer already holds it.
        var known = root.resolution
        var scope = context
        for (k, id) in chain.members.enumerated() {
            if id == ValueChain.element {
                // A `for` loop's element: `[Page]`, `Array<Page>`, `Set<Page>`, optional or not.
                guard let element = TypeText.elementTypeName(current) else { return nil }
                current = element
                known = nil
                continue
            }
            // The cache is matched by `switch`, not bound by `if let` or `guard let`: each such
            // binding was a copy, retained and released at every step (1.7 M on the 14 apps).
            let resolution: TypeResolution?
            if let known {
                resolution = known
            } else {
                switch cache {
                case .some(let cache): resolution = cache.resolved(current, from: scope) { resolvedTypeText(current, from: scope) }
                case .none: resolution = resolvedTypeText(current, from: scope)
                }
            }
            guard let resolution else { return nil }
            let type = resolution.type
            // Interned by the extractor: the member is found by id.
            if let type, !needsType { visit(type, id) }
            if !needsType && k == last { return nil }
            known = nil
            // `rootView` of a hosting type (`memberTypeText`'s first case): its first argument.
            if resolution.isHost && id.name == "rootView" {
                guard let first = resolution.arguments.first else { return nil }
                current = first
                continue
            }
            guard let type else { return nil }
            switch cache {
            case .none:
                guard let next = memberTypeText(id.name, id: id, of: type, arguments: resolution.arguments, base: current, depth: 0)
                else { return nil }
                current = next.text
                scope = next.scope ?? scope
            case .some(let cache):
                guard let slot = cache.memberAnswer(id, of: type, steps: { inheritanceSteps(of: type) }, { steps in
                    memberTypeAnswer(id.name, id: id, of: type, depth: 0, steps: steps)
                })
                else { return nil }
                let next = cache.answers[slot].applied(resolution.arguments)
                current = next.text
                if let fixed = next.scope {
                    scope = fixed
                    known = .some(cache.resolution(ofAnswer: slot) { resolvedTypeText(next.text, from: fixed) })
                }
            }
        }
        return (current, scope)
    }

    /// The type, as written, of a chain's root: the type its binding spells, `self`, a
    /// parameter, a local built from a type, or (for a name no local shadows) a property of the
    /// enclosing type or its superclass; with that text resolved from the enclosing type where
    /// the cache already holds it.
    private func rootTypeText(_ chain: ValueChain, in member: Member, context: TypeInfo?,
                              cache: TypedWalkCache?) -> (text: String, resolution: TypeResolution??)? {
        if let written = chain.rootType { return (written, nil) }
        // The chain keeps its root as an id, and each spelling is a table read: with a cache,
        // `self` and `rootView` are told by id, and the root is spelled only for a local
        // (looked up by its text) or a member not asked before.
        let id = chain.rootID
        if cache.map({ id == $0.selfID }) ?? (chain.root == "self") {
            guard let context else { return nil }
            let text = context.qualifiedName
            switch cache {
            case .some(let cache): return (text, .some(cache.resolvedSelf(context) { resolvedTypeText(text, from: context) }))
            case .none: return (text, .some(resolvedTypeText(text, from: context)))
            }
        }
        if chain.rootIsLocal {
            // Spelled only to be compared with the parameters' names: a member with none (a
            // property, `body`) finds its locals by the root's id alone.
            let parameters = member.parameters
            if !parameters.isEmpty {
                let root = chain.root
                if let parameter = parameters.first(where: { $0.name == root }) {
                    return parameter.typeText.map { ($0, nil) }
                }
            }
            // By the root's id: asked by its spelling, each table looked the id up again.
            if let built = member.constructedLocals[chain.rootID] {
                if HostingTypes.isHost(built), let value = member.localValues[chain.rootID],
                   let root = hostedRootType(value) {
                    return (built + "<" + root + ">", nil)
                }
                return (built, nil)
            }
            if let value = member.localValues[chain.rootID] { return typeText(of: value, context: context, depth: 0).map { ($0, nil) } }
            return nil
        }
        guard let context else { return nil }
        // Matched by `switch`, not bound by `guard let` (see `walk`).
        switch cache {
        case .some(let cache) where id != cache.rootViewID:
            // The chain's root is interned already (only `rootView` is found by its text, through a
            // hosting superclass); a chain without a root name is no member.
            guard id != ValueChain.noRoot,
                  let slot = cache.memberAnswer(id, of: context, steps: { inheritanceSteps(of: context) }, { steps in
                      memberTypeAnswer(chain.root, id: id, of: context, depth: 0, steps: steps)
                  })
            else { return nil }
            // No arguments: the text as the member writes it.
            let answer = cache.answers[slot].applied([])
            // The walk resolves the root from the enclosing type: the answer's own resolution is
            // that one where the member is the enclosing type's own.
            if let scope = answer.scope, scope.id == context.id {
                return (answer.text, .some(cache.resolution(ofAnswer: slot) { resolvedTypeText(answer.text, from: scope) }))
            }
            return (answer.text, nil)
        default:
            // `rootView` may be the hosting types' own (see `memberTypeText`): asked in full.
            return memberTypeText(chain.root, id: nil, of: context, arguments: [], base: context.qualifiedName, depth: 0)
                .map { ($0.text, nil) }
        }
    }

    /// `UIHostingController(rootView: Editor(...))`: `Editor`.
    private func hostedRootType(_ value: ExprShape) -> String? {
        guard case .call(_, let arguments, _) = value,
              let rootView = arguments.first(where: { $0.label == "rootView" }),
              let callee = rootView.shape.calleeChain, let name = callee.first,
              let first = name.utf8.first, first >= 0x41 && first <= 0x5A else { return nil }
        return callee.joined(separator: ".")
    }

    /// The type of a local's value where it is a name chain (`self.hostingView`, `other.view`)
    /// or a call of a type (`Editor(...)`).
    private func typeText(of value: ExprShape, context: TypeInfo?, depth: Int) -> String? {
        switch value {
        case .call(let callee, _, _):
            guard let chain = callee.nameChain, let name = chain.last, let first = name.utf8.first,
                  first >= 0x41 && first <= 0x5A else { return nil }
            if HostingTypes.isHost(name), let root = hostedRootType(value) { return name + "<" + root + ">" }
            return chain.joined(separator: ".")
        case .optionalChain(let inner), .forceUnwrap(let inner), .tryOrAwait(let inner):
            return typeText(of: inner, context: context, depth: depth)
        case .other(let text):
            // `x as? Controller`, `x as! Controller`: the type cast to.
            let bytes = Array(text.utf8)
            var i = bytes.count - 3
            while i > 0 {
                // The last `as?`, `as!` or ` as `, spaced or not (`x as! T`, `x as!T`).
                if bytes[i] == 0x61, bytes[i + 1] == 0x73, !CharacterClasses.isNameByte(bytes[i - 1]) {
                    var start = i + 2
                    if bytes[start] == 0x3F || bytes[start] == 0x21 {
                        start += 1
                    } else if bytes[start] != 0x20 {
                        i -= 1
                        continue
                    }
                    let written = String(decoding: bytes[start...], as: UTF8.self).trimmingCharacters()
                    return HostingTypes.split(written) == nil ? nil : written
                }
                i -= 1
            }
            return nil
        default:
            guard let chain = value.nameChain, chain.count >= 2, chain[0] == "self", let context else { return nil }
            var current = context.qualifiedName
            var scope: TypeInfo? = context
            for name in chain.dropFirst() {
                guard let resolution = resolvedTypeText(current, from: scope),
                      let next = memberTypeText(name, id: nil, of: resolution.type, arguments: resolution.arguments, base: current,
                                                depth: depth) else { return nil }
                current = next.text
                scope = next.scope ?? scope
            }
            return current
        }
    }

    /// A type as written (`UIHostingController<Editor>?`), resolved: the project type it names
    /// (nil for a type outside the project) and its generic arguments as written; nil for a
    /// shape that is not a plain named type (a function, a tuple, `some View`).
    private func resolvedTypeText(_ text: String, from scope: TypeInfo?) -> TypeResolution? {
        guard let (name, arguments) = HostingTypes.split(text) else { return nil }
        let type = resolveType(name, from: scope)
        return TypeResolution(type: type?.isDeclaredInProject == true ? type : nil, arguments: arguments,
                              isHost: HostingTypes.isHost(name))
    }

    /// The type, as written, of the instance property `name` of `type` (a project type, or one of
    /// SwiftUI's hosting types, whose `rootView` is their generic argument), looking through
    /// superclasses written in the project; the generic parameters of the declaring type are
    /// replaced by `arguments`. The members are compared by `id` where the caller has it (a
    /// string comparison per member was most of a chain's walk), else by `name`.
    private func memberTypeText(_ name: String, id: NameID?, of type: TypeInfo?, arguments: [String], base: String,
                                depth: Int) -> (text: String, scope: TypeInfo?)? {
        guard depth < 6 else { return nil }
        if name == "rootView", let (baseName, _) = HostingTypes.split(base), HostingTypes.isHost(baseName) {
            return arguments.first.map { ($0, nil) }
        }
        guard let type else { return nil }
        return memberTypeAnswer(name, id: id, of: type, depth: depth)?.applied(arguments)
    }

    /// `memberTypeText` of a project type before `arguments` are put in (see `MemberTypeAnswer`):
    /// the same for every caller, so a walk keeps it by type and name.
    /// `steps`, where the caller has them (a walk's cache finds them once per type), are
    /// `inheritanceSteps(of: type)`.
    private func memberTypeAnswer(_ name: String, id: NameID?, of type: TypeInfo, depth: Int,
                                  steps: [InheritanceStep]? = nil) -> MemberTypeAnswer? {
        // Compared by id: a member's name is spelled from its id, a lookup each time. A name
        // never interned is no member's.
        let wanted = id ?? NameID.existing(name)
        for (ref, member) in members(of: type)
        where wanted.map({ member.nameID == $0 }) ?? false && (member.kind == .storedProperty || member.kind == .computedProperty) && !member.isStatic {
            var text: String?
            if let written = member.typeText {
                text = written
            } else if let value = member.initializer {
                text = typeText(of: value, context: type, depth: depth + 1)
            }
            guard let found = text else { return nil }
            let generics = declaration(ref).genericParameters.isEmpty
                ? (type.declarations.first.map { declaration($0).genericParameters } ?? [])
                : declaration(ref).genericParameters
            // Most declaring types are not generic: no type text to parse then.
            if !generics.isEmpty, let (written, _) = HostingTypes.split(found), let index = generics.firstIndex(of: written) {
                return MemberTypeAnswer(text: found, scope: type, genericIndex: index, resolution: nil)
            }
            return MemberTypeAnswer(text: found, scope: type, genericIndex: -1, resolution: nil)
        }
        // Inherited members: a hosting type's `rootView`, or a member of a superclass written
        // in the project, in `inheritanceSteps`' order.
        for step in steps ?? inheritanceSteps(of: type) {
            switch step {
            case .host(let root):
                if name == "rootView", let root { return MemberTypeAnswer(text: root, scope: type, genericIndex: -1, resolution: nil) }
            case .superclass(let superType, let arguments, let written):
                if let found = memberTypeText(name, id: id, of: superType, arguments: arguments, base: written, depth: depth + 1) {
                    return MemberTypeAnswer(text: found.text, scope: found.scope, genericIndex: -1, resolution: nil)
                }
            }
        }
        return nil
    }

    /// Does the type declare its own `==` (so SwiftUI's comparison uses it, not the fields)?
    public func hasCustomEquality(_ type: TypeInfo) -> Bool {
        typeFacts.hasCustomEquality.value(type.id) { computeHasCustomEquality(type) }
    }

    public func computeHasCustomEquality(_ type: TypeInfo) -> Bool {
        // The members first: few types declare `==`, and walking conformances builds sets.
        members(of: type).contains { $0.member.kind == .function && $0.member.name == "==" && $0.member.isStatic }
            && conforms(type, toAnyOf: ["Equatable", "Hashable"])
    }

    /// The last component of the key of every protocol among `types` (`Outer.Named#3` gives `Named`).
    static func protocolSimpleNames(_ types: [TypeInfo]) -> Set<String> {
        var names: Set<String> = []
        for type in types where type.kind == .protocol {
            let simple = ProjectModel.simpleName(type.key)
            names.insert(simple.utf8.firstIndex(of: 0x23).map { String(simple[..<$0]) } ?? simple)
        }
        return names
    }

    /// Names of properties that project protocols the type conforms to require, plus `id` for
    /// `Identifiable`: generic code may read them through the protocol, out of our sight.
    public func protocolRequirementNames(of type: TypeInfo) -> Set<String> {
        typeFacts.protocolRequirementNames.value(type.id) { computeProtocolRequirementNames(of: type) }
    }

    public func computeProtocolRequirementNames(of type: TypeInfo) -> Set<String> {
        // Most types name neither `Identifiable` nor a protocol of the project (a view conforms
        // to `View`): answered from one set of names, without resolving each conformance in
        // scope. A name resolves only to a type whose key ends in the name's last component.
        let protocols = projectProtocolSimpleNames
        if !type.inherited.contains(where: {
            $0 == "Identifiable" || protocols.contains(ProjectModel.simpleName($0))
        }) {
            return []
        }
        var names: Set<String> = []
        var visited: Set<String> = []
        var stack = Array(type.inherited)
        while let name = stack.popLast() {
            guard visited.insert(name).inserted else { continue }
            if name == "Identifiable" { names.insert("id") }
            guard let proto = resolveType(name, from: type), proto.kind == .protocol else { continue }
            for (_, member) in members(of: proto) where member.kind == .storedProperty || member.kind == .computedProperty {
                names.insert(member.name)
            }
            stack.append(contentsOf: proto.inherited)
        }
        return names
    }
}


/// SwiftUI's and AppKit/UIKit's hosting types, whose `rootView` is the view they are
/// specialised with, and a parser for a type as written.
enum HostingTypes {
    static let hosts: Set<String> = ["UIHostingController", "NSHostingController", "NSHostingView",
                                     "_UIHostingView", "UIHostingView"]

    /// `hosts.contains(name)`, names of other lengths than the hosts' (nearly every name asked)
    /// answered without hashing. No name of another length is canonically equivalent to one of
    /// them: their letters are ASCII, and no other sequence of scalars normalises to those.
    static func isHost(_ name: String) -> Bool {
        switch name.utf8.count {
        case 13, 14, 19: return hosts.contains(name)
        default: return false
        }
    }

    /// `Module.Host<A, B<C>>?` as `("Host", ["A", "B<C>"])`; nil for function types, tuples,
    /// arrays, dictionaries, `some`/`any` types and compositions.
    static func split(_ written: String) -> (String, [String])? {
        // A plain ASCII name (`String`, `Editor`), most of what is asked: itself, no arguments.
        // Its bytes read in place: `utf8.allSatisfy` went through the string's view byte by byte.
        var plain = written
        let ascii = plain.withUTF8 { bytes -> (String, [String])?? in
            if let first = bytes.first, CharacterClasses.isASCIIIdentifierStart(first),
               !bytes.contains(where: { !CharacterClasses.isASCIIWordByte($0) }) {
                return .some((written, []))
            }
            // Type texts are almost always ASCII: read in place, where through the string's
            // views each step of the parse cost as much as the parse of a byte should.
            if bytes.contains(where: { $0 >= 0x80 }) { return .none }
            return .some(splitASCII(bytes))
        }
        if let ascii { return ascii }
        // By byte: every delimiter is ASCII (by Character, `contains("->")` and `last` cost about
        // 20,000 instructions a call, 3% of a whole run through the typed-reads fact).
        var text = TypeText.droppingOwnership(Substring(written).utf8)
        func dropTrailingMarks() {
            while let last = text.last, last == 0x3F || last == 0x21 || last == 0x20 { text = text.dropLast() }
        }
        func containsArrow() -> Bool { TypeText.spellsArrow(text) }
        dropTrailingMarks()
        if text.first == 0x28 && text.last == 0x29 && !containsArrow() {
            text = text.dropFirst().dropLast()
            dropTrailingMarks()
        }
        guard let first = text.first, startsName(first, Substring(text)), !containsArrow(),
              !text.starts(with: "some ".utf8), !text.starts(with: "any ".utf8), !text.contains(0x26) else { return nil }
        var name = text
        var arguments: [String] = []
        if let angle = text.firstIndex(of: 0x3C) {
            guard text.last == 0x3E else { return nil }
            name = text[..<angle]
            let inner = text[text.index(after: angle)..<text.index(before: text.endIndex)]
            var depth = 0
            var start = inner.startIndex
            for index in inner.indices {
                switch inner[index] {
                case 0x3C, 0x28, 0x5B: depth += 1
                case 0x3E, 0x29, 0x5D: depth -= 1
                case 0x2C where depth == 0:
                    arguments.append(Substring(inner[start..<index]).trimmingCharacters())
                    start = inner.index(after: index)
                default: break
                }
            }
            arguments.append(Substring(inner[start...]).trimmingCharacters())
        }
        guard isDottedName(Substring(name)) else { return nil }
        return (String(Substring(name)), arguments)
    }

    /// `split` of an all-ASCII text, step for step the same parse on its bytes.
    private static func splitASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> (String, [String])? {
        var low = TypeText.ownershipPrefixCount(bytes)
        var high = bytes.count
        func dropTrailingMarks() {
            while high > low, bytes[high - 1] == 0x3F || bytes[high - 1] == 0x21 || bytes[high - 1] == 0x20 { high -= 1 }
        }
        func containsArrow() -> Bool {
            guard high - low >= 2 else { return false }
            for i in (low + 1)..<high where bytes[i - 1] == 0x2D && bytes[i] == 0x3E { return true }
            return false
        }
        func startsWith(_ prefix: StaticString) -> Bool {
            let count = prefix.utf8CodeUnitCount
            guard high - low >= count else { return false }
            let spelled = prefix.utf8Start
            for k in 0..<count where bytes[low + k] != spelled[k] { return false }
            return true
        }
        func text(_ from: Int, _ to: Int) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<to]), as: UTF8.self)
        }
        func trimmed(_ from: Int, _ to: Int) -> String {
            var from = from, to = to
            while from < to && bytes[from] == 0x20 { from += 1 }
            while to > from && bytes[to - 1] == 0x20 { to -= 1 }
            return text(from, to)
        }
        dropTrailingMarks()
        if high > low && bytes[low] == 0x28 && bytes[high - 1] == 0x29 && !containsArrow() {
            low += 1
            high -= 1
            dropTrailingMarks()
        }
        guard high > low, CharacterClasses.isASCIIIdentifierStart(bytes[low]), !containsArrow(),
              !startsWith("some "), !startsWith("any "), !bytes[low..<high].contains(0x26) else { return nil }
        var nameEnd = high
        var arguments: [String] = []
        if let angle = bytes[low..<high].firstIndex(of: 0x3C) {
            guard bytes[high - 1] == 0x3E else { return nil }
            nameEnd = angle
            let innerEnd = high - 1
            var depth = 0
            var start = angle + 1
            var index = start
            while index < innerEnd {
                switch bytes[index] {
                case 0x3C, 0x28, 0x5B: depth += 1
                case 0x3E, 0x29, 0x5D: depth -= 1
                case 0x2C where depth == 0:
                    arguments.append(trimmed(start, index))
                    start = index + 1
                default: break
                }
                index += 1
            }
            arguments.append(trimmed(start, max(start, innerEnd)))
        }
        for byte in bytes[low..<nameEnd] {
            guard byte == UInt8(ascii: ".") || (byte != UInt8(ascii: "$") && CharacterClasses.isASCIIIdentifierContinue(byte))
            else { return nil }
        }
        return (text(low, nameEnd), arguments)
    }

    // Type names are almost always ASCII: deciding those from bytes (the lexer's classes) avoids
    // the Unicode property lookups of `Character`, which were 3% of a whole run through the
    // typed-reads fact.
    private static func startsName(_ byte: UInt8, _ text: Substring) -> Bool {
        if byte < 0x80 { return CharacterClasses.isASCIIIdentifierStart(byte) }
        return text.first?.isLetter ?? false
    }

    private static func isDottedName(_ name: Substring) -> Bool {
        for byte in name.utf8 {
            if byte >= 0x80 { return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." } }
            let ok = byte == UInt8(ascii: ".")
                || (byte != UInt8(ascii: "$") && CharacterClasses.isASCIIIdentifierContinue(byte))
            if !ok { return false }
        }
        return true
    }
}

extension StringProtocol {
    func trimmingCharacters() -> String {
        var s = Substring(self)
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}

/// The probe of `TypedWalkCache`'s tables by integer key.
extension StampedSlots where Slot == ProjectModel.TypedWalkCache.KeyedIndex {
    /// The slot of `key`: live where the table holds it, else the empty slot its probe ended
    /// at, for `occupy`.
    @inline(__always) func slot(of key: UInt64) -> Int {
        var i = home(Slot.placement(key))
        while isLive(i) && base[i].key != key { i = next(i) }
        return i
    }
}
