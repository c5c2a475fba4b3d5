import ViewLintSyntax

/// Collects what a member's code reads and writes, and the calls it makes to types.
///
/// The walk is iterative (an explicit stack), so the depth of the code costs heap, not stack.
/// Names bound by the member's parameters, by closure parameters, by local `let`/`var`
/// declarations and by `if let`, `while let`, `guard let` and `for` shadow properties of the same
/// name inside their scope (a local from the statement after its declaration to the end of its
/// block; an `if let` name in the later conditions and the first block). `self.x` names the
/// property whatever shadows it. A name bound by a `case` pattern is not tracked, which can only
/// make a property look read when it is not (the safe direction for rules that report unread
/// properties). A name bound by `if let`/`guard let`/`for` keeps what its value is (a chain of
/// names, a cast, an element of a collection), so a read through it is a `ValueChain` from there.
///
/// Names are interned from their bytes in the source (`FileNames`) and gathered as ids, sorted
/// into `NameSet`s once the member is walked: no name is hashed as a `String`.
struct ReadCollector {
    let tree: SyntaxTree
    private let names: FileNames
    /// The file's argument lists (see `ModelExtractor.arguments`).
    private let arguments: ArgumentTable
    private var reads = NameSetBuilder()
    private var memberReads = NameSetBuilder()
    /// The locals built from a type (`let view = Editor(...)`), by name in the order first met,
    /// each with the type of its last construction.
    private var constructedLocals = LocalList<String>()
    /// The local `let` constants bound to a value, by name in the order first met, with the
    /// value's shape; nil once the name is bound again (`Member.localValues` leaves it out).
    private var localValues = LocalList<ExprShape?>()
    /// Ids gathered for one set at a time (a constructed local's reads, a root's methods), kept
    /// with its room: a builder made for each allocated its room each time.
    private var groupedNames = NameSetBuilder()
    /// `(a, b)` for each `a.b` read: grouped by root only for the locals built from a type, when
    /// the member is stored (most members have none). A `HandedList`, emptied by its count: an
    /// array's appends checked its uniqueness and capacity, and emptying it removed the pairs
    /// one by one.
    private var memberReadsOfNames: HandedList<(root: NameID, member: NameID)>
    /// In the order met, without repeats (`recordValueChain`), moved into the member by `store`.
    private var valueChains: HandedList<ValueChain>
    /// The member access being assigned to (`a.b.c = x`), whose last name is not read: the
    /// step after its `write` visits it, so one node is pending at a time (-1 for none).
    private var writeTarget = -1
    private var projectedReads = NameSetBuilder()
    private var memberProjectedReads = NameSetBuilder()
    private var writes = NameSetBuilder()
    var receivers: [String: Set<String>] = [:]
    /// Moved into the member by `store`, as `valueChains` are.
    private var calls: HandedList<CallSite>
    /// The `callExpr` node of each of `calls`, in the same order.
    private var callNodes: [Int] = []
    /// Sorted and moved into the member by `store`, as `valueChains` are.
    private var closureRanges: HandedList<SourceRange>
    /// Sorted by range and moved into the member by `store`, as `valueChains` are.
    private var mutations: HandedList<Mutation>
    private var changedRoots = NameSetBuilder()
    /// `(root, method)` for each `root.method(...)` call, grouped by root only when the member
    /// is stored: a table of sets by root was hashed and grown for every call. A `HandedList`,
    /// as `memberReadsOfNames` is.
    private var rootMethodCalls: HandedList<(root: NameID, method: NameID)>
    private var functionCalls = NameSetBuilder()
    /// The member's extras as `store` makes them, moved into its tail at once (after the
    /// caller's own, for `storeKeepingExtras`). Taken from the thread's spares (`SpareLists`):
    /// made for each file, it was two heap blocks allocated and freed a file.
    let extrasBatch: ExtrasBatch
    private var localNames = NameSetBuilder()
    /// The names the member binds, how deeply each is shadowed and what it is bound to (see
    /// `ScopeTable`); by id while collecting, the bound values by spelling in the model.
    private var scopeTable: ScopeTable
    /// Finds the repeats among a member's chains when it is stored (see `ChainTable`).
    private var chainTable: ChainTable
    /// The id of `self`, the root of `self.a.b` (no token spells it where the root is implicit).
    private let selfID: NameID
    /// The id of `init` (`Type.init(...)`), read once per file as `selfID` is: `FileNames.fixed`
    /// is a lazy property, asked at each of 104,000 type calls on the real apps.
    private let initializerID: NameID
    /// The pinned sets asked about every member access and method call, read once per file:
    /// read from their statics at each ask, they paid the lazy globals' `swift_once` (455,000
    /// calls on the real apps).
    private let receiverTracked = ReadCollector.receiverTrackedNames
    private let mutatingMethods = ReadCollector.mutatingMethodNames

    /// The walk's stack, kept between walks with its room (see `reset`).
    private var spareStack: StepStack

    /// A collector for one file, on the tables and the room of the lists `spare` keeps for the
    /// thread (see `SpareLists`), which it leaves empty until `giveLists`. The tables move in,
    /// rather than being swapped for new ones: made for every file only to be swapped out, the
    /// token cache (now the file's, `FileNames.tokenNames`) and the scope table cost about
    /// 13,000 instructions a file.
    init(tree: SyntaxTree, names: FileNames, arguments: ArgumentTable, spare: inout SpareLists) {
        self.tree = tree
        self.names = names
        self.arguments = arguments
        scopeTable = spare.scopeTable ?? ScopeTable()
        spareStack = spare.stack ?? StepStack(startingRoom: 64)
        chainTable = spare.chainTable ?? ChainTable()
        selfID = names.fixed.selfName
        initializerID = names.fixed.initializer
        spare.scopeTable = nil
        spare.stack = nil
        spare.chainTable = nil
        memberReadsOfNames = spare.memberReadsOfNames ?? HandedList()
        valueChains = spare.valueChains ?? HandedList()
        calls = spare.calls ?? HandedList()
        mutations = spare.mutations ?? HandedList()
        rootMethodCalls = spare.rootMethodCalls ?? HandedList()
        closureRanges = spare.closureRanges ?? HandedList()
        scopes = spare.scopes ?? HandedList()
        extrasBatch = spare.extrasBatch ?? ExtrasBatch()
        spare.memberReadsOfNames = nil
        spare.valueChains = nil
        spare.calls = nil
        spare.mutations = nil
        spare.rootMethodCalls = nil
        spare.closureRanges = nil
        spare.scopes = nil
        spare.extrasBatch = nil
        takeLists(from: &spare)
    }

    /// The lists whose room the collector keeps from member to member, kept from file to file
    /// with the thread's name cache (`FileNames.spareCollectorLists`): a collector made for each
    /// file allocated its lists again and grew them again, and freed them with the file, about
    /// forty blocks a file. Empty whenever they are kept.
    struct SpareLists {
        fileprivate var reads = NameSetBuilder()
        fileprivate var memberReads = NameSetBuilder()
        fileprivate var projectedReads = NameSetBuilder()
        fileprivate var memberProjectedReads = NameSetBuilder()
        fileprivate var writes = NameSetBuilder()
        fileprivate var changedRoots = NameSetBuilder()
        fileprivate var functionCalls = NameSetBuilder()
        fileprivate var localNames = NameSetBuilder()
        fileprivate var memberReadsOfNames: HandedList<(root: NameID, member: NameID)>?
        fileprivate var valueChains: HandedList<ValueChain>?
        fileprivate var calls: HandedList<CallSite>?
        fileprivate var callNodes: [Int] = []
        fileprivate var closureRanges: HandedList<SourceRange>?
        fileprivate var mutations: HandedList<Mutation>?
        fileprivate var scopes: HandedList<Range<Int>>?
        fileprivate var scopeNames: [NameID] = []
        fileprivate var rootMethodCalls: HandedList<(root: NameID, method: NameID)>?
        /// These and the lists above that are optional: nil while a collector has them, and
        /// before the thread's first file. Lists swapped with the collector's own had been made
        /// new for each collector only to be swapped out and freed with it.
        fileprivate var stack: StepStack?
        fileprivate var scopeTable: ScopeTable?
        fileprivate var chainTable: ChainTable?
        /// Empty whenever it is kept, as the lists are (`store` moves its fields into a member).
        fileprivate var extrasBatch: ExtrasBatch?

        /// Above this room, a list is not kept for the next file: one huge member's lists would
        /// otherwise stay beside the model to the end of the run.
        static let keptRoom = 4096
    }

    /// Takes the room of `spare`'s lists, which are empty, leaving `spare` empty.
    private mutating func takeLists(from spare: inout SpareLists) {
        swap(&reads, &spare.reads)
        swap(&memberReads, &spare.memberReads)
        swap(&projectedReads, &spare.projectedReads)
        swap(&memberProjectedReads, &spare.memberProjectedReads)
        swap(&writes, &spare.writes)
        swap(&changedRoots, &spare.changedRoots)
        swap(&functionCalls, &spare.functionCalls)
        swap(&localNames, &spare.localNames)
        swap(&callNodes, &spare.callNodes)
        swap(&scopeNames, &spare.scopeNames)
    }

    /// Empties the lists and gives their room to `spare` (see `SpareLists`), unless one of them
    /// grew beyond `SpareLists.keptRoom`.
    mutating func giveLists(to spare: inout SpareLists) {
        reset()
        let limit = SpareLists.keptRoom
        guard reads.capacity <= limit, memberReads.capacity <= limit, projectedReads.capacity <= limit,
              memberProjectedReads.capacity <= limit, writes.capacity <= limit,
              changedRoots.capacity <= limit, functionCalls.capacity <= limit,
              localNames.capacity <= limit, memberReadsOfNames.capacity <= limit, valueChains.capacity <= limit,
              extrasBatch.held == 0,
              calls.capacity <= limit, callNodes.capacity <= limit, closureRanges.capacity <= limit,
              mutations.capacity <= limit, scopes.capacity <= limit, scopeNames.capacity <= limit,
              rootMethodCalls.capacity <= limit,
              spareStack.capacity <= limit, scopeTable.capacity <= limit, scopeTable.bindings.capacity <= limit,
              scopeTable.boundValues.capacity <= limit, chainTable.capacity <= limit else { return }
        takeLists(from: &spare)
        // The collector is done with them: it ends with its file.
        spare.stack = spareStack
        spare.scopeTable = scopeTable
        spare.chainTable = chainTable
        spare.memberReadsOfNames = memberReadsOfNames
        spare.valueChains = valueChains
        spare.calls = calls
        spare.mutations = mutations
        spare.rootMethodCalls = rootMethodCalls
        spare.closureRanges = closureRanges
        spare.scopes = scopes
        spare.extrasBatch = extrasBatch
    }

    /// Forgets what was collected, keeping the room of the lists that `store` copies from, so
    /// that one collector serves every member of a file: made anew for each, its lists and
    /// tables were allocated and freed again member after member.
    mutating func reset() {
        // Each list and table is emptied only when it holds something: most members collect
        // little, and emptying an empty one still released its storage or went through the
        // array's generic range replacement (about 1,900 instructions a member in all).
        reads.removeAll()
        memberReads.removeAll()
        constructedLocals.removeAll()
        localValues.removeAll()
        memberReadsOfNames.removeAll()
        valueChains.removeAll()
        chainTable.reset()
        writeTarget = -1
        projectedReads.removeAll()
        memberProjectedReads.removeAll()
        writes.removeAll()
        ReadCollector.empty(&receivers)
        calls.removeAll()
        ReadCollector.empty(&callNodes)
        closureRanges.removeAll()
        mutations.removeAll()
        changedRoots.removeAll()
        rootMethodCalls.removeAll()
        functionCalls.removeAll()
        localNames.removeAll()
        scopeTable.reset()
        scopes.removeAll()
        ReadCollector.empty(&scopeNames)
    }

    /// Empties a list, keeping its room: a short one element by element from the end, as
    /// `removeAll(keepingCapacity:)` went through the array's generic range replacement (80
    /// to 250 instructions, for the one or two elements a member's lists mostly hold).
    /// Inlined to the test of emptiness: most members leave most lists empty, and the call to
    /// empty one that was empty cost about 35 instructions, a dozen of them per member reset.
    @inline(__always)
    private static func empty<Element>(_ list: inout [Element]) {
        if !list.isEmpty { emptyHolding(&list) }
    }

    @inline(never)
    private static func emptyHolding<Element>(_ list: inout [Element]) {
        if list.count <= 8 {
            while !list.isEmpty { list.removeLast() }
        } else {
            list.removeAll(keepingCapacity: true)
        }
    }

    private static func empty<Key, Value>(_ table: inout [Key: Value]) {
        if !table.isEmpty { table = [:] }
    }

    private static func empty<Element>(_ set: inout Set<Element>) {
        if !set.isEmpty { set = [] }
    }

    /// Empties a table the member does not keep (`store` copies what it needs), keeping its
    /// room: made anew for each member, the shadowing tables were grown again, one or two
    /// reallocations a member that binds names. Only a small room is kept: emptying a table
    /// costs in proportion to its room, so one member of thousands of names would have made
    /// every later member of the file pay for it.
    private static func clear<Key, Value>(_ table: inout [Key: Value]) {
        guard !table.isEmpty else { return }
        if table.capacity <= ReadCollector.keptTableRoom { table.removeAll(keepingCapacity: true) } else { table = [:] }
    }

    private static func clear<Element>(_ set: inout Set<Element>) {
        guard !set.isEmpty else { return }
        if set.capacity <= ReadCollector.keptTableRoom { set.removeAll(keepingCapacity: true) } else { set = [] }
    }

    static let keptTableRoom = 64

    /// A step of the walk: what to do, and the node or the scope to do it to. Plain integers,
    /// so the stack copies steps without reference counting; a list of names is a range of
    /// `scopeNames`, held in `scopes` and named by its index.
    ///
    /// A node to visit carries its kind, read where it was pushed (the pusher had read the node
    /// for its links), so the walk dispatches without reading the node again. A struct of eight
    /// bytes, not an enum: as an enum with the kind in one case's payload, telling the cases
    /// apart cost about six instructions more a step than the kind saved.
    fileprivate struct Step: BitwiseCopyable {
        enum Action: UInt8, BitwiseCopyable {
            case visit, write, unshadow, shadowNames
            /// The names an `if`/`while` condition, a `guard` or a `for` loop binds come into scope.
            case bind
        }

        let action: Action
        /// The node's kind, for `visit`.
        let kind: NodeKind
        /// The node, or for `unshadow` and `shadowNames` the scope.
        let operand: Int32

        private init(_ action: Action, _ operand: Int, kind: NodeKind = .unexpected) {
            self.action = action
            self.kind = kind
            self.operand = Int32(truncatingIfNeeded: operand)
        }

        static func visit(_ node: Int, _ kind: NodeKind) -> Step { Step(.visit, node, kind: kind) }
        static func write(_ node: Int) -> Step { Step(.write, node) }
        static func unshadow(scope: Int) -> Step { Step(.unshadow, scope) }
        static func shadowNames(scope: Int) -> Step { Step(.shadowNames, scope) }
        static func bind(_ node: Int) -> Step { Step(.bind, node) }
    }

    /// The lists of names the steps of the walk shadow and unshadow, as ranges of `scopeNames`:
    /// a list of its own for each scope was a heap block for every local declaration, closure
    /// with parameters, `if let` and `for`.
    /// A `HandedList`, as `memberReadsOfNames` is.
    private var scopes: HandedList<Range<Int>>
    /// The names of every scope of the member, one scope after another (a block's declarations
    /// one after another, so that the block's scope is the run of its statements' scopes).
    private var scopeNames: [NameID] = []
    /// The names of the binding `bind` is at, kept with its room from binding to binding.
    private var bindNames: [NameID] = []

    /// A scope of `scopeNames` from `start` to its end.
    private mutating func scope(from start: Int) -> Int {
        scopes.append(start..<scopeNames.count)
        return scopes.count - 1
    }

    /// `scopeNames`, moved out to be appended to by a function of the collector (passing the
    /// collector's own list `inout` to one would overlap the access to the collector); given
    /// back by assigning it.
    private mutating func takeScopeNames() -> [NameID] {
        var names: [NameID] = []
        swap(&names, &scopeNames)
        return names
    }

    private mutating func shadow(scope: Int) {
        let table = scopeTable
        for k in scopes[scope] { table.entry(scopeNames[k]).pointee.depth += 1 }
    }

    mutating func shadow(_ names: [String]) {
        guard !names.isEmpty else { return }
        var ids: [NameID] = []
        ids.reserveCapacity(names.count)
        for name in names { ids.append(self.names.id(name)) }
        ReadCollector.removeRepeats(&ids)
        shadow(ids)
    }

    /// `shadow` of the parameters' names, in the collector's own list: a list of the names and
    /// one of their ids were made for every function.
    mutating func shadow(parameters: [Parameter]) {
        guard !parameters.isEmpty else { return }
        var ids = bindNames
        bindNames = []
        while !ids.isEmpty { ids.removeLast() }
        defer { bindNames = ids }
        for parameter in parameters { ids.append(self.names.id(parameter.name)) }
        ReadCollector.removeRepeats(&ids)
        shadow(ids)
    }

    /// Shadows each of `names`, which hold no repeats.
    private mutating func shadow(_ names: [NameID]) {
        let table = scopeTable
        for n in names { table.entry(n).pointee.depth += 1 }
    }

    /// Drops the later occurrences of repeated names, in place: a closure's or a function's
    /// few parameters were made a `Set`, and that set an array again, to shadow each name once.
    /// Compared pairwise while they are few, through a set beyond: a generated closure may take
    /// thousands of parameters, and pairwise that would be quadratic.
    /// Only the names from `start` on are looked at (a scope appended to `scopeNames`).
    private static func removeRepeats(_ names: inout [NameID], from start: Int = 0) {
        guard names.count - start > 1 else { return }
        var kept = start + 1
        if names.count - start <= 16 {
            for k in (start + 1)..<names.count {
                var seen = false
                for j in start..<kept where names[j] == names[k] {
                    seen = true
                    break
                }
                if !seen {
                    names[kept] = names[k]
                    kept += 1
                }
            }
        } else {
            var seen: Set<NameID> = [names[start]]
            for k in (start + 1)..<names.count where seen.insert(names[k]).inserted {
                names[kept] = names[k]
                kept += 1
            }
        }
        while names.count > kept { names.removeLast() }
    }

    /// Most members shadow nothing: an empty table is answered without hashing the id.
    @inline(__always) private func isShadowed(_ id: NameID) -> Bool {
        scopeTable.depth(id) > 0
    }

    private mutating func unshadow(scope: Int) {
        let table = scopeTable
        for k in scopes[scope] {
            guard let entry = table.find(scopeNames[k]), entry.pointee.depth > 0 else { continue }
            let binding = Int(entry.pointee.binding)
            if binding >= 0 && table.bindings[binding].depth == entry.pointee.depth {
                entry.pointee.binding = table.bindings[binding].hidden
            }
            entry.pointee.depth -= 1
        }
    }

    /// Stores what was collected into `member`, a member just made (its sets and lists still
    /// empty). Only what is not empty is written: most members (a `let title: String`) collect
    /// nothing, and every write to a `Member` is a runtime exclusivity check, each sort a copy.
    /// Returns the `callExpr` node of each of the member's `calls`, in their order.
    @discardableResult
    mutating func store(into member: inout Member) -> [Int] {
        let callNodes = storeKeepingExtras(into: &member)
        member.writeExtras(from: extrasBatch)
        return callNodes
    }

    /// `store(into:)`, but the extras are left in `extrasBatch` for the caller to add the fields
    /// it makes from the calls (a function's branch values and returned views) and write them all
    /// with `member.writeExtras(from:)`: written after, each made the tail again (an allocation
    /// and a move of its fields).
    mutating func storeKeepingExtras(into member: inout Member) -> [Int] {
        if !reads.isEmpty { member.reads = reads.build(sharingThrough: names) }
        if !memberReads.isEmpty { member.memberReads = memberReads.build(sharingThrough: names) }
        if !constructedLocals.isEmpty {
            let constructed = constructedLocals.sortedByName()
            extrasBatch.add(.constructedLocals(LocalsByName(sortedUnique: constructed)), unless: constructed.isEmpty)
            var readsByLocal: [(name: NameID, value: NameSet)] = []
            for local in constructed {
                for pair in memberReadsOfNames.elements where pair.root == local.name { groupedNames.insert(pair.member) }
                guard !groupedNames.isEmpty else { continue }
                readsByLocal.append((local.name, groupedNames.build(sharingThrough: names)))
                groupedNames.removeAll()
            }
            if !readsByLocal.isEmpty { extrasBatch.add(.memberReadsByLocal(LocalsByName(sortedUnique: readsByLocal))) }
        }
        if !localValues.isEmpty {
            let values: [(name: NameID, value: ExprShape)] = localValues.sortedByName(ofValues: { $0 })
            if !values.isEmpty { extrasBatch.add(.localValues(LocalsByName(sortedUnique: values))) }
        }
        // Without repeats already (`recordValueChain`); the model holds the list for the whole
        // run, without the room it grew to.
        if !valueChains.isEmpty { extrasBatch.add(.valueChains(valueChains.takeAll())) }
        if !scopeTable.boundValues.isEmpty {
            // Each name once already (the scope table's entry holds its value's place).
            var byName: [(name: NameID, value: ValueChain)] = []
            byName.reserveCapacity(scopeTable.boundValues.count)
            for (id, value) in scopeTable.boundValues { byName.append((id, value)) }
            ReadCollector.sortByName(&byName)
            extrasBatch.add(.boundValues(LocalsByName(sortedUnique: byName)), unless: byName.isEmpty)
        }
        if !projectedReads.isEmpty { extrasBatch.add(.projectedReads(projectedReads.build(sharingThrough: names))) }
        if !memberProjectedReads.isEmpty {
            extrasBatch.add(.memberProjectedReads(memberProjectedReads.build(sharingThrough: names)))
        }
        if !writes.isEmpty { extrasBatch.add(.writes(writes.build(sharingThrough: names))) }
        if !receivers.isEmpty { extrasBatch.add(.receivers(FieldBox(receivers))) }
        var sortedCallNodes: [Int] = []
        if calls.count <= ReadCollector.insertionSortLimit {
            // A member's handful of calls is sorted in the collector's own lists, by insertion
            // (stable, as the sort below): sorting a list of (range, index) pairs, then mapping
            // it twice, made three lists per member.
            if !calls.isEmpty {
                ReadCollector.sortByRange(calls.elements, &callNodes)
                member.calls = calls.takeAll()
                // The collector's own list, shared: the caller drops it before the next member
                // empties it, so no copy is made (one was, for every member with calls).
                sortedCallNodes = callNodes
            }
        } else {
            // Sorted as (range, index) pairs: a closure reading `calls` would copy the collector.
            let unsorted = calls.takeAll()
            let nodes = callNodes
            var order = unsorted.indices.map { (range: unsorted[$0].range, index: $0) }
            order.sort { $0.range < $1.range }
            member.calls = order.map { unsorted[$0.index] }
            sortedCallNodes = order.map { nodes[$0.index] }
        }
        // A member's few closures and changes are sorted in the collector's lists, by insertion
        // (stable, as `sorted`), then copied once: `sorted` went through the general sort,
        // about 500 instructions for a list of one or two.
        if !closureRanges.isEmpty {
            if closureRanges.count <= ReadCollector.insertionSortLimit {
                ReadCollector.insertionSort(closureRanges.elements) { $0 < $1 }
                extrasBatch.add(.closureRanges(closureRanges.takeAll()))
            } else {
                var sorted = closureRanges.takeAll()
                sorted.sort()
                extrasBatch.add(.closureRanges(sorted))
            }
        }
        if !mutations.isEmpty {
            if mutations.count <= ReadCollector.insertionSortLimit {
                ReadCollector.insertionSort(mutations.elements) { $0.range < $1.range }
            } else {
                var elements = mutations.elements
                elements.sort { $0.range < $1.range }
            }
            extrasBatch.add(.mutations(mutations.takeAll()))
        }
        if !changedRoots.isEmpty { extrasBatch.add(.changedRoots(changedRoots.build(sharingThrough: names))) }
        if !rootMethodCalls.isEmpty { extrasBatch.add(.rootMethodCalls(methodCallsByRoot())) }
        if !functionCalls.isEmpty { extrasBatch.add(.functionCalls(functionCalls.build(sharingThrough: names))) }
        if !localNames.isEmpty { extrasBatch.add(.localNames(localNames.build(sharingThrough: names))) }
        return sortedCallNodes
    }

    /// `rootMethodCalls` grouped by root, sorted in the collector's list (by root, then method),
    /// each root's methods then one run of it.
    private mutating func methodCallsByRoot() -> [(root: NameID, methods: NameSet)] {
        // Sorted in place, in the list's own room.
        var pairs = rootMethodCalls.elements
        if pairs.count <= ReadCollector.insertionSortLimit {
            ReadCollector.insertionSort(pairs) { ($0.root, $0.method) < ($1.root, $1.method) }
        } else {
            pairs.sort { ($0.root, $0.method) < ($1.root, $1.method) }
        }
        // Counted first, then listed at their number: most members call methods on one root.
        var roots = 1
        for k in 1..<pairs.count where pairs[k].root != pairs[k - 1].root { roots += 1 }
        var byRoot: [(root: NameID, methods: NameSet)] = []
        byRoot.reserveCapacity(roots)
        var start = 0
        while start < pairs.count {
            let root = pairs[start].root
            var end = start + 1
            while end < pairs.count && pairs[end].root == root { end += 1 }
            for k in start..<end { groupedNames.insert(pairs[k].method) }
            byRoot.append((root, groupedNames.build(sharingThrough: names)))
            groupedNames.removeAll()
            start = end
        }
        return byRoot
    }

    /// Above this many calls, insertion (quadratic) gives way to the general sort.
    private static let insertionSortLimit = 16

    /// Sorts `calls` by range, stably, moving each call's node in `nodes` with it: by
    /// insertion, for the few calls of most members (`insertionSortLimit`).
    private static func sortByRange(_ calls: UnsafeMutableBufferPointer<CallSite>, _ nodes: inout [Int]) {
        guard calls.count > 1, nodes.count == calls.count else { return }
        nodes.withUnsafeMutableBufferPointer { nodes in
            for i in 1..<calls.count {
                let range = calls[i].range
                var j = i
                while j > 0 && range < calls[j - 1].range { j -= 1 }
                guard j < i else { continue }
                let call = calls[i]
                let node = nodes[i]
                var k = i
                while k > j {
                    calls[k] = calls[k - 1]
                    nodes[k] = nodes[k - 1]
                    k -= 1
                }
                calls[j] = call
                nodes[j] = node
            }
        }
    }

    /// Sorts the entries of a list of names, each once, by id: by insertion while short.
    static func sortByName<Value>(_ list: inout [(name: NameID, value: Value)]) {
        if list.count <= insertionSortLimit {
            insertionSort(&list) { $0.name < $1.name }
        } else {
            list.sort { $0.name < $1.name }
        }
    }

    /// Sorts `list` stably by `isBefore`, by insertion, in place: for lists of at most
    /// `insertionSortLimit` elements.
    @inline(__always)
    private static func insertionSort<Element>(_ list: inout [Element], _ isBefore: (Element, Element) -> Bool) {
        guard list.count > 1 else { return }
        list.withUnsafeMutableBufferPointer { insertionSort($0, isBefore) }
    }

    /// `insertionSort` of elements in place (a `HandedList`'s).
    @inline(__always)
    private static func insertionSort<Element>(_ list: UnsafeMutableBufferPointer<Element>,
                                               _ isBefore: (Element, Element) -> Bool) {
        guard list.count > 1 else { return }
        for i in 1..<list.count {
            var j = i
            while j > 0 && isBefore(list[i], list[j - 1]) { j -= 1 }
            guard j < i else { continue }
            let moved = list[i]
            var k = i
            while k > j {
                list[k] = list[k - 1]
                k -= 1
            }
            list[j] = moved
        }
    }

    /// The identifier token's name, without backticks.
    @inline(__always) private func nameID(_ t: Int) -> NameID {
        nameAndFirstByte(t).id
    }

    /// The identifier token's name, without backticks, and the name's first byte (0 for an empty
    /// name): a read, a member read and a write tell `$x` and `_x` by it, and a token met again
    /// is answered from the cache without finding its bytes (most reads are of names met before).
    @inline(__always) private func nameAndFirstByte(_ t: Int) -> (id: NameID, first: UInt8) {
        tree.nameAndFirstByte(t, names: names)
    }

    /// The identifier token's name without a leading `$` or `_` (when more follows): the property
    /// that `$x` and `_x` name. The name itself comes from the token cache, which the walk asks
    /// for the token anyway: looked up from its bytes, `self.x` in `self.x.append(y)` (most of
    /// 93,000 roots on the real apps) paid a second lookup the cache then paid again.
    @inline(__always) private func strippedID(_ t: Int) -> NameID {
        let (id, first) = nameAndFirstByte(t)
        return strippedID(t, id: id, first: first)
    }

    /// `strippedID(t)` for a caller that has the token's name and first byte already.
    @inline(__always) private func strippedID(_ t: Int, id: NameID, first: UInt8) -> NameID {
        guard first == UInt8(ascii: "_") || first == UInt8(ascii: "$") else { return id }
        let range = tree.identifierByteRange(t)
        return range.count > 1 ? names.id(tree.source.bytes, range.dropFirst()) : id
    }

    /// True when a root name of this first byte (0 for an empty name) makes `root.a` static: a
    /// capitalised name is a type's, so `Type.a` makes no value chain. One test for the member
    /// access, which skips the chain's walk by it, and the chain's walk itself, so the two agree.
    @inline(__always) private static func rootIsStatic(first: UInt8) -> Bool {
        first == 0 || (first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z"))
    }

    /// Records a plain name read (the identifier token `t`), mapping `$x` and `_x` to `x`.
    /// `self.x` is a read of the property even where a parameter or a local `x` shadows it.
    /// Returns the id of the name as written (`$x` for `self.$x`, looked up only through `self`)
    /// and its first byte (see `nameAndFirstByte`), which the member access asks next.
    @discardableResult
    private mutating func addRead(_ t: Int, throughSelf: Bool = false) -> (id: NameID, first: UInt8) {
        let (id, first) = nameAndFirstByte(t)
        if first == UInt8(ascii: "$") {
            // `$0` is lexed as a dollar identifier and never gets here; this is `$name`.
            let range = tree.identifierByteRange(t)
            if range.count > 1 {
                let rest = names.id(tree.source.bytes, range.dropFirst())
                projectedReads.insert(rest)
                reads.insert(rest)
            }
            return (id, first)
        }
        if !throughSelf && isShadowed(id) { return (id, first) }
        reads.insert(id)
        if first == UInt8(ascii: "_") {
            let range = tree.identifierByteRange(t)
            if range.count > 1 { reads.insert(names.id(tree.source.bytes, range.dropFirst())) }
        }
        return (id, first)
    }

    /// Records `x` of `base.x` (`$x` as a projected read of `x`); returns the id of the name as
    /// written and its first byte, as `addRead` does.
    private mutating func addMemberRead(_ t: Int) -> (id: NameID, first: UInt8) {
        let (id, first) = nameAndFirstByte(t)
        if first == UInt8(ascii: "$") {
            let rest = names.id(tree.source.bytes, tree.identifierByteRange(t).dropFirst())
            memberProjectedReads.insert(rest)
            memberReads.insert(rest)
        } else {
            memberReads.insert(id)
        }
        return (id, first)
    }

    /// `self.x = ...` names the property even where a parameter `x` shadows it.
    private mutating func addWrite(_ t: Int, throughSelf: Bool = false) {
        let (id, first) = nameAndFirstByte(t)
        if !throughSelf && isShadowed(id) { return }
        if first == UInt8(ascii: "_") {
            let range = tree.identifierByteRange(t)
            writes.insert(range.count > 1 ? names.id(tree.source.bytes, range.dropFirst()) : id)
        } else {
            writes.insert(id)
        }
    }

    @inline(__always) private func isSelf(_ node: Int) -> Bool {
        guard tree.kind(node) == .identifierExpr else { return false }
        let t = tree.tokens[Int(tree[node].firstToken)]
        return t.kind == .keyword && (t.keyword == .`self` || t.keyword == .`Self`)
    }

    mutating func collect(_ root: Int) {
        // Kept from walk to walk (see `StepStack`). A walk pops only its own steps, those above
        // `floor`: the stack is empty when a walk starts, unless one starts inside another.
        let stack = spareStack
        let floor = stack.count
        stack.append(.visit(root, tree.kind(root)))
        while stack.count > floor {
            let step = stack.removeLast()
            let node = Int(step.operand)
            switch step.action {
            case .unshadow:
                unshadow(scope: Int(step.operand))
            case .shadowNames:
                shadow(scope: Int(step.operand))
            case .bind:
                bind(node)
            case .write:
                if let root = rootName(node) { changedRoots.insert(root) }
                let kind = tree.kind(node)
                switch kind {
                case .identifierExpr:
                    let t = Int(tree[node].firstToken)
                    if tree.isIdentifierToken(t) {
                        addWrite(t)
                        recordMutation(node, .assignment)
                    }
                case .memberAccessExpr:
                    if let base = tree.firstChildNode(node), isSelf(base), let member = tree.memberNameToken(node) {
                        addWrite(member, throughSelf: true)
                        recordMutation(node, .assignment)
                    } else {
                        writeTarget = node
                        stack.append(.visit(node, kind))
                    }
                default:
                    stack.append(.visit(node, kind))
                }
            case .visit:
                visit(node, step.kind, stack)
            }
        }
    }

    // The helpers the walk calls that only read (`valueChain`, `rootName`, `patternNames`, ...)
    // are `mutating` or inlined all the same: a non-mutating method called from a mutating one
    // was passed a copy of the whole collector (296 bytes, copied about 1.2 million times over
    // the real apps).

    /// Children are visited in any order: what is collected is sets, and calls are put back in
    /// source order by `store`; pushing them as they come avoids building a list per node.
    /// Inlined: called for most of the 3.2 million nodes the walk visits on the real apps,
    /// where the call cost about a third of its 40 instructions.
    @inline(__always)
    private mutating func pushChildren(_ node: Int, _ stack: StepStack) {
        var c = Int(tree[node].firstChild)
        while c >= 0 {
            let child = tree[c]
            if ReadCollector.needsVisit(child) { stack.append(.visit(c, child.kind)) }
            c = Int(child.nextSibling)
        }
    }

    /// `pushChildren`, but a child whose visit would only push its own children
    /// (`passesThrough`: an argument list, an argument, a `return`, a tuple) is not pushed: its
    /// children are, in its place, so they pop in the order its visit would have pushed them,
    /// and so are a grandchild's that passes through (a call's arguments in its argument list).
    /// About 750,000 of the 2.41 million visits on the real apps were such (now 1.66 million),
    /// each a push, a pop and a switch for nothing else: nearly all are a call's argument lists
    /// and arguments and the children of nodes that pass through themselves, the two places
    /// this is used.
    @inline(__always)
    private mutating func pushChildrenFlattened(_ node: Int, _ stack: StepStack) {
        var c = Int(tree[node].firstChild)
        while c >= 0 {
            let child = tree[c]
            if child.firstChild >= 0 && ReadCollector.passesThrough(child.kind) {
                var g = Int(child.firstChild)
                while g >= 0 {
                    let grandchild = tree[g]
                    if grandchild.firstChild >= 0 && ReadCollector.passesThrough(grandchild.kind) {
                        pushChildren(g, stack)
                    } else if ReadCollector.needsVisit(grandchild) {
                        stack.append(.visit(g, grandchild.kind))
                    }
                    g = Int(grandchild.nextSibling)
                }
            } else if ReadCollector.needsVisit(child) {
                stack.append(.visit(c, child.kind))
            }
            c = Int(child.nextSibling)
        }
    }

    /// Pushes `first` and the siblings after it so that they pop in source order.
    private mutating func pushReversed(from first: Int, _ stack: StepStack) {
        let base = stack.count
        var c = first
        while c >= 0 {
            let child = tree[c]
            if ReadCollector.needsVisit(child) { stack.append(.visit(c, child.kind)) }
            c = Int(child.nextSibling)
        }
        ReadCollector.reverse(stack, from: base)
    }

    /// False for a node whose visit would do nothing: one without children, of a kind `visit`
    /// reads nothing from on its own (a literal, an operator, a modifier, a type, a pattern).
    /// On the real apps 560,000 of the 3.2 million nodes the walk met were such leaves, each
    /// pushed, popped and switched on for nothing. The kinds a childless node is still visited for are those `visit`
    /// reads from the node's own tokens or range.
    @inline(__always) private static func needsVisit(_ node: SyntaxNode) -> Bool {
        if node.firstChild >= 0 { return true }
        switch node.kind {
        case .identifierExpr, .keyPathExpr, .closureExpr, .opaque, .unexpected: return true
        default: return false
        }
    }

    /// True for the kinds `visit` has no case for, whose visit only pushes the node's children
    /// (`pushChildren`). The list is `visit`'s cases, which every visit checks in debug builds
    /// (tests): a kind given a case there must be listed here.
    @inline(__always) private static func passesThrough(_ kind: NodeKind) -> Bool {
        switch kind {
        case .identifierExpr, .memberAccessExpr, .keyPathExpr, .sequenceExpr, .closureExpr, .codeBlock,
             .ifStmt, .whileStmt, .forStmt, .functionDecl, .initializerDecl, .subscriptDecl,
             .optionalBinding, .callExpr, .inoutExpr, .variableDecl, .opaque, .unexpected,
             .ifConfigCondition, .attribute, .typeAnnotation, .genericParameterClause, .genericWhereClause,
             .inheritanceClause, .returnClause:
            return false
        default:
            return true
        }
    }

    /// Inlined into `collect`, its one caller: called, each of the 3.2 million nodes the walk
    /// visits on the real apps paid the call's saving and restoring of registers (about 40
    /// instructions), more than most nodes' own work (four in ten only push their children).
    @inline(__always)
    private mutating func visit(_ node: Int, _ kind: NodeKind, _ stack: StepStack) {
        // `passesThrough` must list exactly the kinds sent to `default`, or the flattening would
        // skip a visit that does something: checked here on every node the tests walk.
        var passedThrough = false
        defer { assert(passedThrough == ReadCollector.passesThrough(kind), "passesThrough disagrees with visit on \(kind)") }
        switch kind {
        case .identifierExpr:
            let t = Int(tree[node].firstToken)
            if tree.tokens[t].kind == .identifier { addRead(t) }
        case .memberAccessExpr:
            if let base = tree.firstChildNode(node), let memberToken = tree.memberNameToken(node) {
                // The member's name is looked up once: asked again for its first byte, the token's
                // cached name was found a second time at each of the 326,000 member accesses.
                let throughSelf = isSelf(base)
                let (member, first) = throughSelf ? addRead(memberToken, throughSelf: true) : addMemberRead(memberToken)
                var ofType = false
                if !throughSelf && tree.kind(base) == .identifierExpr {
                    let (root, rootFirst) = nameAndFirstByte(Int(tree[base].firstToken))
                    memberReadsOfNames.append((root, member))
                    ofType = ReadCollector.rootIsStatic(first: rootFirst)
                }
                // `self.a` and `Type.a` make no chain (see `recordValueChain`), which its walk of the
                // path found for each of them.
                if node == writeTarget {
                    writeTarget = -1
                } else if !throughSelf && !ofType {
                    recordValueChain(node)
                }
                if first == UInt8(ascii: "$") || receiverTracked.contains(member) {
                    recordReceiver(of: memberToken, base: base)
                }
            }
            pushChildren(node, stack)
        case .keyPathExpr:
            // `\.locale` names a member of whatever the key path is applied to (the environment,
            // an element), not of `self`; with a written root (`\Self.x`, `\Row.x`) it may be ours.
            if case .keyPath(let root, let components) = tree.keyPathShape(node) {
                for c in components where c != "self" {
                    if root == nil { memberReads.insert(names.id(c)) } else { reads.insert(names.id(c)) }
                }
            }
            pushChildren(node, stack)
        case .sequenceExpr:
            // Read through the sibling links, not a list of children (every operator expression).
            let first = Int(tree[node].firstChild)
            let second = first >= 0 ? Int(tree[first].nextSibling) : -1
            if second >= 0, tree[second].nextSibling >= 0, tree.kind(second) == .binaryOperator,
               isCompoundAssignment(second) {
                recordMutation(first, .compoundAssignment)
                if let root = rootName(first) { changedRoots.insert(root) }
            }
            let base = stack.count
            var c = first
            while c >= 0 {
                let operand = tree[c]
                let next = Int(operand.nextSibling)
                if next >= 0 && tree.kind(next) == .assignmentOperator {
                    stack.append(.write(c))
                } else if ReadCollector.needsVisit(operand) {
                    // Not the operators between the operands, which are leaves.
                    stack.append(.visit(c, operand.kind))
                }
                c = next
            }
            ReadCollector.reverse(stack, from: base)
        case .closureExpr, .ifStmt, .whileStmt, .forStmt, .functionDecl, .initializerDecl, .subscriptDecl,
             .optionalBinding, .variableDecl:
            visitBinder(node, kind, stack)
        case .codeBlock:
            pushStatements(node, stack)
        case .callExpr:
            guard let callee = tree.firstChildNode(node) else {
                pushChildren(node, stack)
                break
            }
            recordCall(node, callee: callee)
            if tree.kind(callee) == .identifierExpr {
                let t = Int(tree[callee].firstToken)
                if tree.tokens[t].kind == .identifier {
                    let (function, first) = nameAndFirstByte(t)
                    if !tree.identifierStartsUppercase(t, first: first) { functionCalls.insert(function) }
                }
            } else if tree.kind(callee) == .memberAccessExpr, let receiver = tree.firstChildNode(callee),
                      let methodToken = tree.memberNameToken(callee) {
                // Not an implicit member (`.bufferingNewest(1)`), which is an enum case or a factory.
                let (method, first) = nameAndFirstByte(methodToken)
                if !tree.identifierStartsUppercase(methodToken, first: first) { functionCalls.insert(method) }
                let isMutating = mutatingMethods.contains(method)
                if let root = rootName(receiver) {
                    rootMethodCalls.append((root, method))
                    if isMutating { changedRoots.insert(root) }
                }
                if isMutating { recordMutation(receiver, .mutatingCall) }
            }
            pushChildrenFlattened(node, stack)
        case .inoutExpr:
            // `&x.items` lets the callee change `x`.
            if let operand = tree.firstChildNode(node), let root = rootName(operand) { changedRoots.insert(root) }
            pushChildren(node, stack)
        case .opaque, .unexpected:
            // Code the parser could not structure: every name in it might be a read, and
            // assuming so can only keep a rule quiet.
            for t in tree[node].tokenRange where tree.tokens[t].kind == .identifier {
                reads.insert(nameID(t))
                reads.insert(strippedID(t))
            }
        case .ifConfigCondition, .attribute, .typeAnnotation, .genericParameterClause, .genericWhereClause,
             .inheritanceClause, .returnClause:
            break
        default:
            // The kinds that `passesThrough`: a kind given a case above must leave its list.
            passedThrough = true
            pushChildrenFlattened(node, stack)
        }
    }

    /// `visit` of a node that binds names for what it holds or what follows it: a closure's
    /// parameters, an `if` or `while` condition's, a `for` loop's, a local function's, a
    /// variable's. Not inlined into `visit`: these are about one visit in twenty (122,000 of the
    /// 2.4 million on the real apps), and their code inlined there made `visit` so large that the
    /// optimizer stopped inlining the small calls of its common cases (a node, its kind), each
    /// then a call of its own.
    @inline(never)
    private mutating func visitBinder(_ node: Int, _ kind: NodeKind, _ stack: StepStack) {
        switch kind {
        case .closureExpr:
            closureRanges.append(tree.sourceRange(node))
            if let signature = tree.firstChild(node, .closureSignature) {
                var names = takeScopeNames()
                let start = names.count
                var c = Int(tree[signature].firstChild)
                while c >= 0 {
                    if tree.kind(c) == .closureParameter {
                        appendClosureParameterName(c, to: &names)
                    } else if tree.kind(c) == .parameterClause {
                        var p = Int(tree[c].firstChild)
                        while p >= 0 {
                            if tree.kind(p) == .closureParameter { appendClosureParameterName(p, to: &names) }
                            p = Int(tree[p].nextSibling)
                        }
                    }
                    c = Int(tree[c].nextSibling)
                }
                ReadCollector.removeRepeats(&names, from: start)
                scopeNames = names
                if scopeNames.count > start {
                    let parameters = scope(from: start)
                    shadow(scope: parameters)
                    stack.append(.unshadow(scope: parameters))
                }
            }
            pushStatements(node, stack)
        case .ifStmt, .whileStmt:
            // What the conditions bind is in scope in the later conditions and the first block,
            // not in `else`.
            // Read through the sibling links, each run pushed in source order and reversed in
            // place: two lists of children were made for every `if`.
            let conditions = Int(tree[node].firstChild)
            guard conditions >= 0, tree.kind(conditions) == .conditionList else {
                pushChildren(node, stack)
                break
            }
            let body = Int(tree[conditions].nextSibling)
            if body >= 0 { pushReversed(from: Int(tree[body].nextSibling), stack) }
            var names = takeScopeNames()
            let start = names.count
            appendConditionNames(conditions, to: &names)
            scopeNames = names
            if scopeNames.count > start { stack.append(.unshadow(scope: scope(from: start))) }
            if body >= 0 { stack.append(.visit(body, tree.kind(body))) }
            let base = stack.count
            var condition = Int(tree[conditions].firstChild)
            while condition >= 0 {
                let kind = tree.kind(condition)
                stack.append(.visit(condition, kind))
                if kind == .optionalBinding { stack.append(.bind(condition)) }
                condition = Int(tree[condition].nextSibling)
            }
            ReadCollector.reverse(stack, from: base)
        case .forStmt:
            // The collection is read outside the loop's names; the `where` clause and body inside.
            var names = takeScopeNames()
            let start = names.count
            if let pattern = tree.firstChildNode(node) { patternNames(pattern, into: &names) }
            scopeNames = names
            // The first child after the pattern that is not its type, found through the links.
            var sequence = -1
            if scopeNames.count > start {
                let pattern = Int(tree[node].firstChild)
                if pattern >= 0 {
                    sequence = Int(tree[pattern].nextSibling)
                    while sequence >= 0 && tree.kind(sequence) == .typeAnnotation { sequence = Int(tree[sequence].nextSibling) }
                }
            }
            guard sequence >= 0 else {
                while scopeNames.count > start { scopeNames.removeLast() }
                pushChildren(node, stack)
                break
            }
            stack.append(.unshadow(scope: scope(from: start)))
            pushReversed(from: Int(tree[sequence].nextSibling), stack)
            stack.append(.bind(node))
            stack.append(.visit(sequence, tree.kind(sequence)))
        case .functionDecl, .initializerDecl, .subscriptDecl:
            // A local function: its parameters shadow names inside it.
            if let clause = tree.firstChild(node, .parameterClause) {
                let start = scopeNames.count
                var p = Int(tree[clause].firstChild)
                while p >= 0 {
                    if tree.kind(p) == .parameter, let last = parameterInternalName(p) { scopeNames.append(nameID(last)) }
                    p = Int(tree[p].nextSibling)
                }
                ReadCollector.removeRepeats(&scopeNames, from: start)
                if scopeNames.count > start {
                    let parameters = scope(from: start)
                    shadow(scope: parameters)
                    stack.append(.unshadow(scope: parameters))
                }
            }
            pushChildren(node, stack)
        case .optionalBinding:
            // Through the sibling links: a list of children was made for every binding.
            let first = Int(tree[node].firstChild)
            var hasValue = false
            var c = first
            while c >= 0 {
                let kind = tree.kind(c)
                if kind != .identifierPattern && kind != .tuplePattern && kind != .wildcardPattern
                    && kind != .typeAnnotation { hasValue = true }
                c = Int(tree[c].nextSibling)
            }
            if !hasValue {
                // `if let name { ... }` unwraps the property `name`: a read.
                c = first
                while c >= 0 {
                    if tree.kind(c) == .identifierPattern { addRead(Int(tree[c].firstToken)) }
                    c = Int(tree[c].nextSibling)
                }
            }
            let base = stack.count
            c = first
            while c >= 0 {
                let kind = tree.kind(c)
                if kind == .identifierPattern {
                    localNames.insert(nameID(Int(tree[c].firstToken)))
                } else if kind != .typeAnnotation {
                    stack.append(.visit(c, kind))
                }
                c = Int(tree[c].nextSibling)
            }
            ReadCollector.reverse(stack, from: base)
        case .variableDecl:
            for binding in tree.children(node) where tree.kind(binding) == .patternBinding {
                if let pattern = tree.firstChildNode(binding) { addLocalNames(pattern) }
            }
            pushChildren(node, stack)
        default:
            // Not reached: `visit` sends only the kinds above.
            pushChildren(node, stack)
        }
    }

    /// `x` or `self.x` (possibly `$x`, `_x`) as the target of a change; anything else
    /// (`other.x`, `items[0]`) is not a change of one of this type's properties.
    private mutating func recordMutation(_ target: Int, _ kind: Mutation.Kind) {
        // The shadowing is asked by the token's id: the name's string was hashed again.
        var token = -1
        var throughSelf = false
        switch tree.kind(target) {
        case .identifierExpr:
            let t = Int(tree[target].firstToken)
            if tree.tokens[t].kind == .identifier { token = t }
        case .memberAccessExpr:
            if let base = tree.firstChildNode(target), isSelf(base), let member = tree.memberNameToken(target) {
                token = member
                throughSelf = true
            }
        default:
            break
        }
        guard token >= 0, !tree.identifierByteRange(token).isEmpty else { return }
        let (id, first) = nameAndFirstByte(token)
        if !throughSelf && isShadowed(id) { return }
        mutations.append(Mutation(name: mutatedName(token, id: id, first: first), kind: kind, throughSelf: throughSelf,
                                  range: tree.sourceRange(target)))
    }

    /// The name of the identifier token `t` (`id`, `first`: its name's) without a leading `_` or
    /// `$`, as the table spells it: made from the bytes and searched for the prefix, it cost
    /// about 450 instructions a mutation. Where a non-ASCII byte follows the `_` or `$`, it may
    /// join it in one character, which the string's own prefix test and removal tell.
    private mutating func mutatedName(_ t: Int, id: NameID, first: UInt8) -> String {
        guard first == UInt8(ascii: "_") || first == UInt8(ascii: "$") else { return names.spelling(id) }
        let range = tree.identifierByteRange(t)
        guard range.count > 1 else { return names.spelling(id) }
        if tree.source.bytes[range.lowerBound + 1] < 0x80 { return names.spelling(strippedID(t)) }
        var name = tree.identifierName(t)
        if (name.hasPrefix("_") || name.hasPrefix("$")) && name.utf8.count > 1 { name.removeFirst() }
        return name
    }

    /// The property at the root of a path (`x` for `x`, `self.x.a`, `x[i].b`, `x?.a!`), without
    /// `$`/`_`; nil when the root is another value, a call, or a name a local shadows.
    private mutating func rootName(_ target: Int) -> NameID? {
        var node = target
        while true {
            switch tree.kind(node) {
            case .identifierExpr:
                let t = Int(tree[node].firstToken)
                guard tree.tokens[t].kind == .identifier else { return nil }
                // Hashed once: the stripped name is the name itself unless it starts with `$`
                // or `_`.
                let (id, first) = nameAndFirstByte(t)
                if isShadowed(id) { return nil }
                return strippedID(t, id: id, first: first)
            case .memberAccessExpr:
                guard let base = tree.firstChildNode(node) else { return nil }
                if isSelf(base) {
                    guard let member = tree.memberNameToken(node) else { return nil }
                    return strippedID(member)
                }
                node = base
            case .subscriptExpr, .optionalChainExpr, .forceUnwrapExpr:
                guard let base = tree.firstChildNode(node) else { return nil }
                node = base
            default:
                return nil
            }
        }
    }

    /// Records `root.a.b` for a member access whose base is a chain of names from `self` or a
    /// named value (through `?` and `!`), unless the member has one equal to it already; none
    /// for other bases (calls, subscripts, `$0`), for `self.a` and for `Type.a`. A root bound by
    /// `if let`/`guard let`/`for` is replaced by what it was bound to; none when that is unknown.
    ///
    /// A repeat (a body reads `model.title` in several places; `a.b.c` is visited again as
    /// `a.b`'s parent) is told from the chain's ids, gathered in the chain table's `pathIDs`,
    /// before its list of ids is made: made for every access, then made unique when the member
    /// was stored, the chains were hashed and compared as strings and lists, and most were dropped.
    private mutating func recordValueChain(_ node: Int) {
        // One walk of the path, gathering its members' tokens (no name is made yet): most member
        // accesses (`self.a`, `Type.a`, a call's result) make no chain. Walked once to find the
        // extent and again to list the names, each path cost two walks. The tokens and ids are
        // gathered in the chain table's own storage: lists the collector kept, moved out of it
        // and back for every chain, cost more than the second walk saved.
        let table = chainTable
        guard let root = gatherNamePath(node, into: table), table.pathCount > 0 else { return }
        let count = table.pathCount
        let tokens = table.pathTokens
        // `self.a` is the type's own read; `Type.a` is static; `a.b` on a property is kept (the
        // property's type may be a view, or a superclass's `rootView`). Decided on the bytes,
        // before any name is made.
        if count < 2 {
            guard let root else { return }
            let range = tree.identifierByteRange(root)
            if ReadCollector.rootIsStatic(first: range.isEmpty ? 0 : tree.source.bytes[range.lowerBound])
                || (range.count == 4 && tree.source.bytes[range].elementsEqual("self".utf8)) { return }
        }
        // The root as `chain(rootID:members:)` makes it: a bound root's value is the prefix.
        var rootID = selfID
        var rootIsLocal = false
        var bound: ValueChain? = nil
        if let root {
            rootID = nameID(root)
            if rootID != selfID, let entry = scopeTable.find(rootID), entry.pointee.depth > 0 {
                let binding = Int(entry.pointee.binding)
                if binding >= 0 && scopeTable.bindings[binding].depth == entry.pointee.depth {
                    guard let origin = scopeTable.bindings[binding].origin else { return }
                    bound = origin
                } else {
                    rootIsLocal = true
                }
            }
        }
        // Named from the outermost member in, as met (the order names are first interned in),
        // each put at its place in source order.
        let ids = UnsafeMutableBufferPointer(start: table.pathIDs, count: count)
        for k in 0..<count { ids[count - 1 - k] = nameID(Int(tokens[k])) }
        let prefix = bound?.members ?? []
        if let bound {
            rootID = bound.rootID
            rootIsLocal = bound.rootIsLocal
        }
        let rootType = bound?.rootType
        var h = ChainTable.rootHash(rootID, rootIsLocal: rootIsLocal, hasType: rootType != nil)
        for id in prefix { h = ChainTable.hash(h, id) }
        for id in ids { h = ChainTable.hash(h, id) }
        let hash = ChainTable.finish(h)
        var s = table.home(hash)
        while table.isLive(s) {
            if table.hash(at: s) == hash {
                let other = valueChains[table.index(at: s)]
                if other.rootID == rootID && other.rootIsLocal == rootIsLocal
                    && other.members.count == prefix.count + ids.count && other.rootType == rootType
                    && other.members[..<prefix.count].elementsEqual(prefix)
                    && ChainTable.same(other.members[prefix.count...], ids) { return }
            }
            s = table.next(s)
        }
        let members: [NameID]
        let first = prefix.first ?? ids[0]
        let last = ids[ids.count - 1]
        if prefix.isEmpty && ids.count == 1 {
            // Most chains are one member (`model.items`): the list of its one id is shared with
            // every equal one-name set or chain made before (`FileNames.sharedSet`), where each
            // was a heap block of its own, held by the model for the whole run.
            members = names.sharedSet(ids[0], nil)
        } else if prefix.count + ids.count == 2 && first != last {
            // Two members (`model.selection.id`) likewise, in their order (see `sharedSet`).
            members = names.sharedSet(first, last)
        } else {
            var made: [NameID] = []
            made.reserveCapacity(prefix.count + ids.count)
            made.append(contentsOf: prefix)
            made.append(contentsOf: UnsafeBufferPointer(ids))
            members = made
        }
        table.fill(s, hash: hash, index: valueChains.count)
        valueChains.append(ValueChain(rootID: rootID, rootIsLocal: rootIsLocal, rootType: rootType, members: members))
    }

    /// The ids of the member names `gatherNamePath` wrote to `table`, in source order, in a list
    /// of their number. A list of one (most chains: `model.items`) is shared with every equal
    /// one-name set or chain made before (`FileNames.sharedSet`), where each was a heap block of
    /// its own, held by the model for the whole run.
    private mutating func gatheredMemberNames(_ table: ChainTable) -> [NameID] {
        let count = table.pathCount
        if count == 1 { return names.sharedSet(nameID(Int(table.pathTokens[0])), nil) }
        var ids: [NameID] = []
        ids.reserveCapacity(count)
        // Named from the outermost member in, as met (the order names are first interned in).
        for k in 0..<count { ids.append(nameID(Int(table.pathTokens[k]))) }
        ids.reverse()
        return ids
    }

    /// Walks the name path of `node` (`a.b.c`, `a?.b!.c`, `self.a`), writing the member names'
    /// tokens to `table.pathTokens` as it meets them (from the outermost in, `table.pathCount` of
    /// them): `.some(root)` (the root's token, nil for `self`) when the base is a name, else nil.
    private mutating func gatherNamePath(_ node: Int, into table: ChainTable) -> Int?? {
        var current = node
        table.pathCount = 0
        for _ in 0..<ChainTable.longestPath {
            switch tree.kind(current) {
            case .memberAccessExpr:
                guard let base = tree.firstChildNode(current), let name = tree.memberNameToken(current) else { return nil }
                table.pathTokens[table.pathCount] = Int32(truncatingIfNeeded: name)
                table.pathCount += 1
                current = base
            case .optionalChainExpr, .forceUnwrapExpr:
                guard let base = tree.firstChildNode(current) else { return nil }
                current = base
            case .identifierExpr:
                let t = Int(tree[current].firstToken)
                let token = tree.tokens[t]
                if token.kind == .keyword && token.keyword == .`self` { return .some(nil) }
                guard token.kind == .identifier else { return nil }
                return .some(t)
            default:
                return nil
            }
        }
        return nil
    }

    /// `chain(rootID:members:)` for a root token (nil for `self`).
    private mutating func chain(root: Int?, members: [NameID]) -> ValueChain? {
        guard let root else { return ValueChain(rootID: selfID, rootIsLocal: false, members: members) }
        return chain(rootID: nameID(root), members: members)
    }

    /// The chain `root.members` stands for in the current scope, `id` being the root's id:
    /// through the value a binding of the root holds; nil when the root is bound to a value that
    /// is not known.
    private mutating func chain(rootID id: NameID, members: [NameID]) -> ValueChain? {
        guard id != selfID, let entry = scopeTable.find(id), entry.pointee.depth > 0 else {
            return ValueChain(rootID: id, rootIsLocal: false, members: members)
        }
        let binding = Int(entry.pointee.binding)
        guard binding >= 0, scopeTable.bindings[binding].depth == entry.pointee.depth else {
            return ValueChain(rootID: id, rootIsLocal: true, members: members)
        }
        guard var origin = scopeTable.bindings[binding].origin else { return nil }
        origin.members += members
        return origin
    }

    /// The chain a bound value is: a chain of names (`if let page = self.pages?.first`), the type
    /// of a cast (`x as? Page`) or of a construction (`Page(...)`).
    private mutating func origin(of value: Int) -> ValueChain? {
        var node = value
        for _ in 0..<8 {
            switch tree.kind(node) {
            case .tryExpr, .awaitExpr, .forceUnwrapExpr, .optionalChainExpr:
                guard let inner = tree.firstChildNode(node) else { return nil }
                node = inner
            case .sequenceExpr:
                // Exactly two children, read through the links.
                let first = Int(tree[node].firstChild)
                let second = first >= 0 ? Int(tree[first].nextSibling) : -1
                guard second >= 0, tree[second].nextSibling < 0, tree.kind(second) == .asOperator,
                      let type = tree.firstChildNode(second) else { return nil }
                return ValueChain(rootID: ValueChain.noRoot, rootIsLocal: false, rootType: tree.normalizedText(type), members: [])
            case .callExpr:
                guard let callee = tree.firstChildNode(node), tree.constructedTypeToken(callee) != nil,
                      var names = tree.nameChain(callee) else { return nil }
                if names.count > 1 && names.last == "init" { names.removeLast() }
                return ValueChain(rootID: ValueChain.noRoot, rootIsLocal: false, rootType: names.joined(separator: "."), members: [])
            case .identifierExpr, .memberAccessExpr:
                guard let root = gatherNamePath(node, into: chainTable) else { return nil }
                return chain(root: root, members: gatheredMemberNames(chainTable))
            default:
                return nil
            }
        }
        return nil
    }

    /// Shadows what an `if`/`while` condition (`optionalBinding`), a `guard` or a `for` loop
    /// binds, each name with the chain it stands for where that is known.
    private mutating func bind(_ node: Int) {
        switch tree.kind(node) {
        case .optionalBinding:
            // Through the sibling links, the names in the collector's own list: a list of
            // children and one of names were made for every binding.
            var names = bindNames
            bindNames = []
            while !names.isEmpty { names.removeLast() }
            defer { bindNames = names }
            let pattern = Int(tree[node].firstChild)
            var c = pattern
            while c >= 0 {
                patternNames(c, into: &names)
                c = Int(tree[c].nextSibling)
            }
            var origin: ValueChain? = nil
            if names.count == 1, pattern >= 0, tree.kind(pattern) == .identifierPattern {
                var value = Int(tree[pattern].nextSibling)
                while value >= 0 && tree.kind(value) == .typeAnnotation { value = Int(tree[value].nextSibling) }
                if let annotation = tree.firstChild(node, .typeAnnotation), let type = tree.firstChildNode(annotation) {
                    origin = ValueChain(rootID: ValueChain.noRoot, rootIsLocal: false, rootType: tree.normalizedText(type), members: [])
                } else if value >= 0 {
                    origin = self.origin(of: value)
                } else {
                    // `if let name`: the outer `name`, unwrapped (its one name is the pattern's).
                    origin = chain(rootID: names[0], members: [])
                }
            }
            for name in names { shadow(name, origin: origin) }
        case .guardStmt:
            guard let conditions = tree.firstChild(node, .conditionList) else { return }
            for condition in tree.children(conditions) where tree.kind(condition) == .optionalBinding { bind(condition) }
        case .forStmt:
            var names = bindNames
            bindNames = []
            while !names.isEmpty { names.removeLast() }
            defer { bindNames = names }
            if let pattern = tree.firstChildNode(node) { patternNames(pattern, into: &names) }
            var origin: ValueChain? = nil
            let pattern = Int(tree[node].firstChild)
            if names.count == 1, pattern >= 0, tree.kind(pattern) == .identifierPattern {
                let sequence = Int(tree[pattern].nextSibling)
                if let annotation = tree.firstChild(node, .typeAnnotation), let type = tree.firstChildNode(annotation) {
                    origin = ValueChain(rootID: ValueChain.noRoot, rootIsLocal: false, rootType: tree.normalizedText(type), members: [])
                } else if sequence >= 0, var collection = self.origin(of: sequence) {
                    collection.members.append(ValueChain.element)
                    origin = collection
                }
            }
            for name in names { shadow(name, origin: origin) }
        default:
            break
        }
    }

    private mutating func shadow(_ id: NameID, origin: ValueChain?) {
        let table = scopeTable
        let entry = table.entry(id)
        entry.pointee.depth += 1
        table.bindings.append((entry.pointee.depth, entry.pointee.binding, origin))
        entry.pointee.binding = Int32(table.bindings.count - 1)
        if entry.pointee.bound < 0 {
            table.boundValues.append((id, origin ?? .unknown))
            entry.pointee.bound = Int32(table.boundValues.count - 1)
        } else {
            table.boundValues[Int(entry.pointee.bound)].value = .unknown
        }
    }

    /// Appends the names an `if`, `while` or `guard` condition list binds, read through the
    /// sibling links (two lists of children were made for each).
    private mutating func appendConditionNames(_ conditions: Int, to names: inout [NameID]) {
        var condition = Int(tree[conditions].firstChild)
        while condition >= 0 {
            if tree.kind(condition) == .optionalBinding {
                var c = Int(tree[condition].firstChild)
                while c >= 0 {
                    patternNames(c, into: &names)
                    c = Int(tree[c].nextSibling)
                }
            }
            condition = Int(tree[condition].nextSibling)
        }
    }

    /// `+=`, `-=`, `??=` and the like; not `==`, `!=`, `<=`, `>=`, `===`, `!==`.
    private mutating func isCompoundAssignment(_ op: Int) -> Bool {
        // Decided on the token's bytes: no string is made for each operator.
        let t = Int(tree[op].firstToken)
        let range = tree.tokens[t].textRange
        guard range.count >= 2, tree.source.bytes[range.upperBound - 1] == UInt8(ascii: "=") else { return false }
        return !(tree.tokenIs(t, "==") || tree.tokenIs(t, "!=") || tree.tokenIs(t, "<=") || tree.tokenIs(t, ">=")
                 || tree.tokenIs(t, "===") || tree.tokenIs(t, "!=="))
    }

    private mutating func addLocalNames(_ pattern: Int) {
        switch tree.kind(pattern) {
        case .identifierPattern:
            localNames.insert(nameID(Int(tree[pattern].firstToken)))
        case .tuplePattern:
            for c in tree.children(pattern) { addLocalNames(c) }
        default:
            break
        }
    }

    /// Pushes a block's statements so they are visited in source order, each local declaration
    /// shadowing its names from the next statement to the end of the block.
    private mutating func pushStatements(_ block: Int, _ stack: StepStack) {
        // Pushed in source order, then the pushed steps reversed in place (so they pop in source
        // order, `unshadow` last): no list of statements or of pending steps is made.
        // The statements' names are appended to `scopeNames` one after another, so the block's
        // are the run from `blockStart`.
        let base = stack.count
        let blockStart = scopeNames.count
        var statement = Int(tree[block].firstChild)
        while statement >= 0 {
            let kind = tree.kind(statement)
            stack.append(.visit(statement, kind))
            if kind == .variableDecl || kind == .guardStmt {
                var names = takeScopeNames()
                let start = names.count
                appendLocalNames(statement, to: &names)
                scopeNames = names
                if kind == .variableDecl { recordConstruction(statement) }
                if scopeNames.count > start {
                    stack.append(kind == .guardStmt ? .bind(statement) : .shadowNames(scope: scope(from: start)))
                }
            }
            statement = Int(tree[statement].nextSibling)
        }
        if scopeNames.count > blockStart { stack.append(.unshadow(scope: scope(from: blockStart))) }
        ReadCollector.reverse(stack, from: base)
    }

    /// Reverses the steps pushed since `base`, so that steps pushed in source order pop in it.
    private static func reverse(_ stack: StepStack, from base: Int) {
        var low = base
        var high = stack.count - 1
        while low < high {
            stack.swapAt(low, high)
            low += 1
            high -= 1
        }
    }

    /// `let view = Editor(...)`: the local and the type it is built from; and the value of
    /// every local `let`.
    private mutating func recordConstruction(_ declaration: Int) {
        let isLet = tree.firstOwnToken(declaration, where: { tree.tokens[$0].keyword == .`let` }) != nil
        for binding in tree.children(declaration) where tree.kind(binding) == .patternBinding {
            guard let pattern = tree.firstChildNode(binding), tree.kind(pattern) == .identifierPattern,
                  let clause = tree.firstChild(binding, .initializerClause), let value = tree.firstChildNode(clause) else { continue }
            let name = nameID(Int(tree[pattern].firstToken))
            if isLet {
                if let known = localValues.position(of: name) {
                    localValues.entries[known].value = nil
                } else {
                    localValues.append(name, tree.shape(value, in: arguments))
                }
            }
            guard tree.kind(value) == .callExpr, let callee = tree.firstChildNode(value),
                  let typeToken = tree.constructedTypeToken(callee) else { continue }
            let type = tree.identifierName(typeToken, names: names)
            if let known = constructedLocals.position(of: name) {
                constructedLocals.entries[known].value = type
            } else {
                constructedLocals.append(name, type)
            }
        }
    }

    /// Names a statement binds for the rest of its block: `let a = 1, (b, c) = pair`,
    /// `guard let d = value else { ... }`.
    private mutating func appendLocalNames(_ statement: Int, to names: inout [NameID]) {
        switch tree.kind(statement) {
        case .variableDecl:
            var binding = Int(tree[statement].firstChild)
            while binding >= 0 {
                if tree.kind(binding) == .patternBinding, let pattern = tree.firstChildNode(binding) {
                    patternNames(pattern, into: &names)
                }
                binding = Int(tree[binding].nextSibling)
            }
        case .guardStmt:
            guard let conditions = tree.firstChild(statement, .conditionList) else { break }
            appendConditionNames(conditions, to: &names)
        default:
            break
        }
    }

    private mutating func patternNames(_ pattern: Int, into names: inout [NameID]) {
        // Most patterns are one name (or none): answered without the stack, a list made for
        // every pattern.
        switch tree.kind(pattern) {
        case .identifierPattern:
            let t = Int(tree[pattern].firstToken)
            if tree.isIdentifierToken(t) { names.append(nameID(t)) }
            return
        case .tuplePattern, .valueBindingPattern:
            break
        default:
            return
        }
        var stack = [pattern]
        var steps = 0
        while let node = stack.popLast(), steps < 256 {
            steps += 1
            switch tree.kind(node) {
            case .identifierPattern:
                let t = Int(tree[node].firstToken)
                if tree.isIdentifierToken(t) { names.append(nameID(t)) }
            case .tuplePattern, .valueBindingPattern:
                stack.append(contentsOf: tree.childList(node))
            default:
                break
            }
        }
    }

    /// Records that the member `memberToken` (`$x`, or one of the receiver-tracked names) is
    /// read through `base`. Apart, not inlined: 682 of the 325,000 member accesses on the real
    /// apps come here, and inlined into the walk, the dictionary's default value was made and
    /// destroyed at every one of them.
    @inline(never)
    private mutating func recordReceiver(of memberToken: Int, base: Int) {
        receivers[tree.identifierName(memberToken), default: []].insert(receiverName(base))
    }

    /// The receiver as a name chain without optional marks: `model` for `model.x` and
    /// `model?.x`, `self.model` for `self?.model!.x`, `self` for `self.x`; empty when the
    /// receiver is not a chain of names (a call, a subscript).
    private func receiverName(_ base: Int) -> String {
        var names: [String] = []
        var node = base
        var steps = 0
        while steps < 32 {
            steps += 1
            switch tree.kind(node) {
            case .optionalChainExpr, .forceUnwrapExpr:
                guard let inner = tree.firstChildNode(node) else { return "" }
                node = inner
            case .memberAccessExpr:
                guard let (name, _) = tree.memberName(node), let inner = tree.firstChildNode(node) else { return "" }
                names.append(name)
                node = inner
            case .identifierExpr:
                names.append(isSelf(node) ? "self" : tree.identifierName(Int(tree[node].firstToken)))
                return names.reversed().joined(separator: ".")
            default:
                return ""
            }
        }
        return ""
    }

    private mutating func appendClosureParameterName(_ p: Int, to names: inout [NameID]) {
        // `(label name: T)` binds only `name`: the last identifier before the colon, found in
        // place (a list of the tokens and one of their ids were made for every parameter, and
        // then a list of the one id).
        var last: Int? = nil
        tree.forEachOwnToken(p) { t in
            let kind = tree.tokens[t].kind
            if kind == .colon { return false }
            if kind == .identifier { last = t }
            return true
        }
        if let last { names.append(nameID(last)) }
    }

    private mutating func parameterInternalName(_ p: Int) -> Int? {
        var last: Int? = nil
        tree.forEachOwnToken(p) { t in
            let kind = tree.tokens[t].kind
            if kind == .colon { return false }
            if kind == .identifier || kind == .keyword { last = t }
            return true
        }
        return last
    }

    /// Records calls to types: a callee whose first name is capitalised (`Text(...)`,
    /// `Item.placeholders()`), including `.init` on one. The first name is looked at before any
    /// name is made, in the walk itself: most calls are to functions and methods (`foo()`,
    /// `list.append(x)`, modifiers), and each paid a call for that test alone.
    @inline(__always)
    private mutating func recordCall(_ node: Int, callee: Int) {
        guard let first = chainRootToken(callee), tree.identifierStartsUppercase(first) else { return }
        recordTypeCall(node, callee: callee, first: first)
    }

    /// `recordCall` of a call whose callee starts with the uppercase name `first` (a type, by
    /// convention).
    @inline(never)
    private mutating func recordTypeCall(_ node: Int, callee: Int, first: Int) {
        let chain: [String]
        // `Type.init(...)`, whose callee's range starts at the type.
        let isInitializer: Bool
        if let member = shortChainMember(callee) {
            // Most callees are one or two names (`Text`, `Color.red`): their shared list is found
            // by the names' ids, and no string is made once any file has made it.
            let firstID = nameID(first)
            let memberID = member.map { nameID($0) }
            isInitializer = memberID == initializerID
            // Spelled as a literal of its one or two names: joining two lists made a third. The
            // table spells the ids: a closure reading the tree copied and destroyed it per list.
            let names = names
            chain = names.shared(firstID, memberID) {
                guard let memberID else { return [names.spelling(firstID)] }
                return [names.spelling(firstID), names.spelling(memberID)]
            }
        } else {
            // Spelled by the name table: the walk asks the chain's tokens' ids next.
            guard let spelled = tree.nameChain(callee, names: names) else { return }
            chain = names.shared(spelled)
            isInitializer = chain.count == 2 && chain[1] == "init"
        }
        var args = ArgumentList()
        var closures = 0
        var c = Int(tree[callee].nextSibling)
        while c >= 0 {
            switch tree.kind(c) {
            case .argumentList: args = tree.arguments(c, in: arguments)
            case .closureExpr, .labeledTrailingClosure: closures += 1
            default: break
            }
            c = Int(tree[c].nextSibling)
        }
        let calleeToken: Int
        if tree.kind(callee) == .memberAccessExpr, let t = tree.memberNameToken(callee) {
            calleeToken = isInitializer ? Int(tree[callee].firstToken) : t
        } else {
            calleeToken = Int(tree[callee].firstToken)
        }
        calls.append(CallSite(callee: chain, arguments: args, trailingClosures: closures,
                              calleeRange: tree.sourceRange(token: calleeToken), range: tree.sourceRange(node),
                              in: arguments))
        callNodes.append(node)
    }

    /// The token of the first name of the chain `SyntaxTree.nameChain` makes of `node`; nil where
    /// that chain would not start with a name (an implicit member, a call).
    @inline(__always)
    private mutating func chainRootToken(_ node: Int) -> Int? {
        var current = node
        while true {
            switch tree.kind(current) {
            case .identifierExpr:
                return Int(tree[current].firstToken)
            case .memberAccessExpr, .specializedExpr:
                guard let base = tree.firstChildNode(current) else { return nil }
                current = base
            default:
                return nil
            }
        }
    }

    /// For a callee whose `SyntaxTree.nameChain` is one or two names, the second name's token
    /// (nil for one name); nil for longer chains, which are spelled by `nameChain`.
    private mutating func shortChainMember(_ node: Int) -> Int?? {
        var current = node
        var member: Int? = nil
        while true {
            switch tree.kind(current) {
            case .identifierExpr:
                return .some(member)
            case .memberAccessExpr:
                guard member == nil, let base = tree.firstChildNode(current),
                      let name = tree.memberNameToken(current) else { return nil }
                member = name
                current = base
            case .specializedExpr:
                guard let base = tree.firstChildNode(current) else { return nil }
                current = base
            default:
                return nil
            }
        }
    }

    /// Membership in a set of pinned names' ids (`NameTable.pinnedNames`), by index: the sets
    /// are asked about every member access and method call.
    private static func membership(_ ids: Set<NameID>) -> [Bool] {
        var bits = [Bool](repeating: false, count: Int(ids.map(\.raw).max() ?? 0) + 1)
        for id in ids { bits[Int(id.raw)] = true }
        return bits
    }

    private static let receiverTrackedBits = membership(KnownNames.receiverTrackedMemberIDs)
    private static let mutatingBits = membership(KnownNames.mutatingMethodIDs)

    private struct PinnedSet {
        let bits: [Bool]
        func contains(_ id: NameID) -> Bool { Int(id.raw) < bits.count && bits[Int(id.raw)] }
    }

    private static let receiverTrackedNames = PinnedSet(bits: receiverTrackedBits)
    private static let mutatingMethodNames = PinnedSet(bits: mutatingBits)
}

/// A list of the collector's, a class with its own storage. A member's list that `store` hands
/// to the model whole: its elements are moved into an array of their count, where an exact copy
/// retained each chain's names and type through the runtime's generic copy (about 80
/// instructions a chain), and emptying the list for the next member released them again through
/// its generic destroy (about 65): 125,860 chains and 98,000 calls on the real apps. The walk's
/// stack of steps (`StepStack`): every step pushed and popped went through `Array.append` and
/// `popLast`, each asking the runtime whether the array's storage was uniquely referenced (a
/// tenth of a file's extraction instructions were such asks and the checks around them).
fileprivate final class HandedList<Element> {
    @exclusivity(unchecked) private var base: UnsafeMutablePointer<Element>?
    @exclusivity(unchecked) private(set) var count = 0
    @exclusivity(unchecked) private(set) var capacity = 0
    /// The room of the first allocation.
    private let startingRoom: Int

    init(startingRoom: Int = 16) {
        self.startingRoom = startingRoom
    }

    deinit {
        removeAll()
        base?.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    @inline(__always) func append(_ element: consuming Element) {
        if count == capacity { grow() }
        (base.unsafelyUnwrapped + count).initialize(to: element)
        // Below `capacity`, so it cannot overflow: no overflow test on each of the walk's pushes.
        count &+= 1
    }

    /// The last element, removed, for a caller that has seen the list is not empty (the walk
    /// pops only above its floor, which is a count of the list): a `popLast` returning an
    /// optional tested the count a second time at each of the walk's 1.8 million steps on the
    /// real apps.
    @inline(__always) func removeLast() -> Element {
        assert(count > 0, "removeLast on an empty list")
        count &-= 1
        return (base.unsafelyUnwrapped + count).move()
    }

    @inline(__always) subscript(i: Int) -> Element {
        precondition(i >= 0 && i < count, "index out of range")
        return base.unsafelyUnwrapped[i]
    }

    @inline(__always) func swapAt(_ i: Int, _ j: Int) {
        precondition(i >= 0 && i < count && j >= 0 && j < count, "index out of range")
        let b = base.unsafelyUnwrapped
        let element = b[i]
        b[i] = b[j]
        b[j] = element
    }

    /// The elements in place, to be reordered (valid until the list changes).
    var elements: UnsafeMutableBufferPointer<Element> { UnsafeMutableBufferPointer(start: base, count: count) }

    /// Empties the list, keeping its room.
    @inline(__always) func removeAll() {
        if count > 0 { destroyAll() }
    }

    @inline(never) private func destroyAll() {
        let b = base.unsafelyUnwrapped
        while count > 0 {
            count -= 1
            _ = (b + count).move()
        }
    }

    /// The elements in order, in an array of their count, leaving the list empty with its room.
    func takeAll() -> [Element] {
        guard count > 0, let b = base else { return [] }
        var taken: [Element] = []
        taken.reserveCapacity(count)
        for i in 0..<count { taken.append((b + i).move()) }
        count = 0
        return taken
    }

    /// Doubles the room, from `startingRoom` elements.
    @inline(never) private func grow() {
        let room = max(startingRoom, capacity * 2)
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: room)
        if let base {
            grown.moveInitialize(from: base, count: count)
            base.deallocate()
        }
        base = grown
        capacity = room
    }
}

/// The walk's stack, kept from walk to walk with the collector's other lists; it starts with
/// room for 64 steps, as most members' walks stay under that depth.
fileprivate typealias StepStack = HandedList<ReadCollector.Step>

/// What the walk knows of each name a member binds (parameters, closure parameters, locals,
/// `if let`/`guard let`/`for` names): how deeply it is shadowed, its innermost binding and the
/// value it was bound to. Keyed by the name's id in `StampedSlots`, so the next member starts
/// empty by counting a generation up, without clearing: three `Dictionary<NameID, _>`s hashed every id with the standard
/// hasher (about a tenth of the collector's instructions), and were emptied member by member.
/// A name unshadowed to depth 0 keeps its entry to the end of the member: entries are never
/// removed, so no probe sequence is broken.
fileprivate final class ScopeTable {
    struct Entry: StampedSlot {
        var generation: UInt32
        var key: UInt32
        /// How many scopes shadow the name now; 0 for none.
        var depth: Int32
        /// The innermost binding of the name in `bindings`, or -1.
        var binding: Int32
        /// The name's value in `boundValues`, or -1 when no binding named it in this member.
        var bound: Int32

        static let unwritten = Entry(generation: 0, key: 0, depth: 0, binding: -1, bound: -1)
        var placement: UInt64 { Entry.placement(key) }
        @inline(__always) static func placement(_ key: UInt32) -> UInt64 { UInt64(key) &* 0x9E37_79B9_7F4A_7C15 }
    }

    @exclusivity(unchecked) private var slots = StampedSlots<Entry>(capacity: 64)
    var capacity: Int { slots.capacity }
    /// The bindings by `if let`, `guard let` and `for`, in the order made; each with the
    /// shadowing depth it was made at, the binding of the same name it hides, and the chain
    /// its value is (nil when it is none of a chain of names, a cast, a construction or an
    /// element of one).
    @exclusivity(unchecked) var bindings: [(depth: Int32, hidden: Int32, origin: ValueChain?)] = []
    /// Each bound name's value, in the order first bound: `.unknown` once bound twice.
    @exclusivity(unchecked) var boundValues: [(id: NameID, value: ValueChain)] = []

    deinit { slots.deallocate() }

    /// Forgets every name, for the next member (inlined: most members bind none).
    @inline(__always) func reset() {
        slots.reset()
        if !bindings.isEmpty || !boundValues.isEmpty { emptyBindings() }
    }

    /// A few bindings one by one from the end: `removeAll(keepingCapacity:)` went through the
    /// array's generic range replacement, about 680 instructions a member that binds names.
    @inline(never) private func emptyBindings() {
        if bindings.count <= 8 {
            while !bindings.isEmpty { bindings.removeLast() }
        } else {
            bindings.removeAll(keepingCapacity: true)
        }
        if boundValues.count <= 8 {
            while !boundValues.isEmpty { boundValues.removeLast() }
        } else {
            boundValues.removeAll(keepingCapacity: true)
        }
    }

    /// The entry of `id`, or nil when the member has not bound it.
    @inline(__always) func find(_ id: NameID) -> UnsafeMutablePointer<Entry>? {
        // Most members bind nothing: no probe then.
        guard slots.used > 0 else { return nil }
        var i = slots.home(Entry.placement(id.raw))
        while slots.isLive(i) {
            if slots.base[i].key == id.raw { return slots.base + i }
            i = slots.next(i)
        }
        return nil
    }

    /// How many scopes shadow `id` now.
    @inline(__always) func depth(_ id: NameID) -> Int32 {
        find(id)?.pointee.depth ?? 0
    }

    /// The entry of `id`, made (not shadowed, no binding) if the member has not bound it.
    func entry(_ id: NameID) -> UnsafeMutablePointer<Entry> {
        var i = slots.home(Entry.placement(id.raw))
        while slots.isLive(i) {
            if slots.base[i].key == id.raw { return slots.base + i }
            i = slots.next(i)
        }
        var made = Entry.unwritten
        made.key = id.raw
        // Where the entry lands first, then the storage's address: a write past half full
        // moves every entry to a new block.
        let landed = slots.occupy(i, with: made)
        return slots.base + landed
    }
}

/// The member's value chains met so far (`ReadCollector.recordValueChain`), to tell a repeat
/// from a new chain: the chains' indices by a hash of their ids in `StampedSlots`, so the next
/// member starts empty by counting a generation up, as `ScopeTable`'s does. A `Set<ValueChain>` hashed each chain's root
/// string and ids with the standard hasher, made and grown again for every member of many
/// chains; with the chains made for every access and their copies, 180 M instructions over
/// the 14 real apps.
fileprivate final class ChainTable {
    struct Slot: StampedSlot {
        var generation: UInt32
        /// The chain's index in the member's chains.
        var index: Int32
        var hash: UInt64

        static let unwritten = Slot(generation: 0, index: 0, hash: 0)
        var placement: UInt64 { hash }
    }

    @exclusivity(unchecked) private var slots = StampedSlots<Slot>(capacity: 64)
    var capacity: Int { slots.capacity }

    /// The most member names a path is walked for (`ReadCollector.gatherNamePath`).
    static let longestPath = 32
    /// The tokens of the path `recordValueChain` is at, outermost first, and its ids in source
    /// order, `pathCount` of each: storage of the table's own, written in place for each chain.
    let pathTokens = UnsafeMutablePointer<Int32>.allocate(capacity: ChainTable.longestPath)
    let pathIDs = UnsafeMutablePointer<NameID>.allocate(capacity: ChainTable.longestPath)
    @exclusivity(unchecked) var pathCount = 0

    deinit {
        slots.deallocate()
        pathTokens.deallocate()
        pathIDs.deallocate()
    }

    /// Whether `members` holds `ids`, id by id through their storage (the generic
    /// `elementsEqual` cost about 250 instructions a comparison).
    @inline(__always) static func same(_ members: ArraySlice<NameID>, _ ids: UnsafeMutableBufferPointer<NameID>) -> Bool {
        guard members.count == ids.count else { return false }
        return members.withUnsafeBufferPointer { held in
            for k in 0..<held.count where held[k] != ids[k] { return false }
            return true
        }
    }

    /// Forgets every chain, for the next member.
    @inline(__always) func reset() { slots.reset() }

    /// A chain's hash is `finish` of its root's `rootHash` folded with each member's id by
    /// `hash`. A written root type only counts as present: two spellings of one type that
    /// `String`'s `==` takes for equal must land in the same slot, where `==` tells.
    @inline(__always) static func rootHash(_ root: NameID, rootIsLocal: Bool, hasType: Bool) -> UInt64 {
        (UInt64(root.raw) << 2 | (rootIsLocal ? 1 : 0) | (hasType ? 2 : 0)) &* 0x9E37_79B9_7F4A_7C15
    }

    @inline(__always) static func hash(_ h: UInt64, _ id: NameID) -> UInt64 {
        let mixed = (h ^ UInt64(id.raw)) &* 0xFF51_AFD7_ED55_8CCD
        return mixed ^ mixed >> 32
    }

    @inline(__always) static func finish(_ h: UInt64) -> UInt64 {
        (h ^ h >> 29) &* 0xC4CE_B9FE_1A85_EC53
    }

    /// The slot a chain of `hash` is looked for from; then `next` until a slot is not live.
    @inline(__always) func home(_ hash: UInt64) -> Int { slots.home(hash) }
    @inline(__always) func next(_ slot: Int) -> Int { slots.next(slot) }
    @inline(__always) func isLive(_ slot: Int) -> Bool { slots.isLive(slot) }
    @inline(__always) func hash(at slot: Int) -> UInt64 { slots.base[slot].hash }
    @inline(__always) func index(at slot: Int) -> Int { Int(slots.base[slot].index) }

    /// Writes the chain at `index` into `slot`, the empty slot its lookup ended at.
    func fill(_ slot: Int, hash: UInt64, index: Int) {
        _ = slots.occupy(slot, with: Slot(generation: 0, index: Int32(truncatingIfNeeded: index), hash: hash))
    }
}

/// A member's locals by name, in the order first met (see `ReadCollector.localValues`), each
/// found by its id: by a linear search while there are a few (most members have none or a
/// handful), through a table of positions by id beyond that, so a member of many locals stays
/// linear.
struct LocalList<Value> {
    var entries: [(name: NameID, value: Value)] = []
    private var positions: [NameID: Int] = [:]
    private static var searchedLimit: Int { 16 }

    var isEmpty: Bool { entries.isEmpty }

    func position(of id: NameID) -> Int? {
        guard entries.count > LocalList.searchedLimit else {
            for k in entries.indices where entries[k].name == id { return k }
            return nil
        }
        return positions[id]
    }

    mutating func append(_ id: NameID, _ value: Value) {
        entries.append((id, value))
        guard entries.count > LocalList.searchedLimit else { return }
        if positions.isEmpty {
            for k in entries.indices { positions[entries[k].name] = k }
        } else {
            positions[id] = entries.count - 1
        }
    }

    /// Empties the list, keeping its room (see `ReadCollector.empty`); inlined to the test of
    /// emptiness, as most members have no locals.
    @inline(__always)
    mutating func removeAll() {
        if !entries.isEmpty || !positions.isEmpty { removeHeld() }
    }

    @inline(never)
    private mutating func removeHeld() {
        if entries.count <= 8 {
            while !entries.isEmpty { entries.removeLast() }
        } else {
            entries.removeAll(keepingCapacity: true)
        }
        if !positions.isEmpty { positions = [:] }
    }

    /// The entries whose `kept` value is not nil, sorted by id, in an array of their number.
    func sortedByName<Kept>(ofValues kept: (Value) -> Kept?) -> [(name: NameID, value: Kept)] {
        var sorted: [(name: NameID, value: Kept)] = []
        sorted.reserveCapacity(entries.count)
        for entry in entries {
            if let value = kept(entry.value) { sorted.append((entry.name, value)) }
        }
        ReadCollector.sortByName(&sorted)
        if sorted.capacity - sorted.count >= 2 { sorted = sorted.exactSizeCopy() }
        return sorted
    }

    func sortedByName() -> [(name: NameID, value: Value)] { sortedByName(ofValues: { $0 }) }
}
