import ViewLintCore
import ViewLintModel
import ViewLintSyntax

/// What a view needs from its environment and where the rooted view graph provides it:
/// environment objects (`@EnvironmentObject var m: M`, `@Environment(M.self) var m`) and
/// SwiftData's model container (`@Query`, `@Environment(\.modelContext)`).
public struct EnvironmentNeed: Sendable {
    public enum Kind: Sendable, Equatable { case environmentObject, observable, modelContainer }
    public var kind: Kind
    public var property: Member
    /// The type as a simple name with any generic arguments (`Box<A>`), or `@modelContainer`.
    public var typeName: String
    /// `@Query` needs its container whenever the view updates, read or not.
    public var needsRead: Bool
}

/// The type of an instance a view owns (`ProjectModel.ownedInstances(of:)`).
struct OwnedInstance: Sendable {
    var type: String
    var base: String
}

/// A path from a root (or an owner of the object) down to a view, with nothing injecting on it.
public struct UninjectedPath: Sendable {
    /// Names from the root or owner to the view, outermost first.
    public var names: [String]
    /// An ancestor view owns an instance (`@StateObject`/`@State`) and does not pass it down.
    public var owner: String?
    public var description: String { names.map { "'\($0)'" }.joined(separator: " > ") }
}

extension ProjectModel {
    /// May the declaration's own members hold a need: a stored property wrapped in
    /// `@EnvironmentObject`, `@Environment` or `@Query`? Most views have none, and are then
    /// skipped without listing their type's needs. An `@Environment` of a key path other than
    /// `\.modelContext` (`\.dismiss`, `\.colorScheme`: most of them) is no need, so it does not count.
    public static func mayDeclareEnvironmentNeed(_ decl: TypeDecl) -> Bool {
        decl.members.contains { member in
            // The wrapper read in place: `propertyWrapper` copies the attribute out, and this
            // asks every stored property of most views.
            guard member.kind == .storedProperty, let index = member.propertyWrapperIndex(among: needWrappers)
            else { return false }
            let attributes = member.attributes
            guard attributes[index].name == "Environment" else { return true }
            return attributes[index].arguments.map(mayNameNeed) ?? false
        }
    }

    /// The wrappers `computeEnvironmentNeeds` reads a need from.
    static let needWrappers = ["EnvironmentObject", "Environment", "Query"]

    /// Can `@Environment(arguments)` be a need (`computeEnvironmentNeeds`): `\.modelContext` or
    /// a type's `.self`? Told by its last byte that is not a space (`t` or `f`), a superset of both.
    static func mayNameNeed(_ arguments: String) -> Bool {
        guard let last = arguments.utf8.last(where: { $0 != UInt8(ascii: " ") }) else { return false }
        return last == UInt8(ascii: "t") || last == UInt8(ascii: "f")
    }

    /// The environment a view's declarations need, once per view (the previews of every file
    /// that shows it ask again).
    public func environmentNeeds(of view: TypeInfo) -> [EnvironmentNeed] {
        environmentFact(.needs, of: view) { computeEnvironmentNeeds(of: view) }
    }

    /// For each of `environmentNeeds(of: view)`, is it needed while the view renders: a need
    /// that `needsRead` only if `readsWhileRendering`. Once per view: the previews of every
    /// file that shows the view asked again, at a walk of its builders each.
    func needsWhileRendering(_ view: TypeInfo) -> [Bool] {
        environmentFact(.renderingReads, of: view) {
            environmentNeeds(of: view).map { !$0.needsRead || readsWhileRendering($0.property, in: view) }
        }
    }

    func computeEnvironmentNeeds(of view: TypeInfo) -> [EnvironmentNeed] {
        var result: [EnvironmentNeed] = []
        for (_, member) in members(of: view) where member.kind == .storedProperty && !member.isStatic {
            guard let wrapper = member.propertyWrapper else { continue }
            switch wrapper.name {
            case "EnvironmentObject":
                guard let text = member.typeText, !TypeText.isOptional(text), let name = TypeText.baseName(text) else { continue }
                result.append(EnvironmentNeed(kind: .environmentObject, property: member,
                                              typeName: simpleTypeName(name) + genericSuffix(text), needsRead: true))
            case "Environment":
                guard let arguments = wrapper.arguments else { continue }
                // By byte: filtering `Character`s breaks the whole text into grapheme clusters.
                let compact = arguments.utf8.contains(UInt8(ascii: " "))
                    ? String(decoding: arguments.utf8.filter { $0 != UInt8(ascii: " ") }, as: UTF8.self) : arguments
                if compact == "\\.modelContext" {
                    result.append(EnvironmentNeed(kind: .modelContainer, property: member,
                                                  typeName: GraphNames.modelContainerKey, needsRead: true))
                } else if compact.hasSuffix(".self") {
                    if let text = member.typeText, TypeText.isOptional(text) { continue }
                    let typeText = String(compact.dropLast(5))
                    guard let name = TypeText.baseName(typeText) else { continue }
                    result.append(EnvironmentNeed(kind: .observable, property: member,
                                                  typeName: simpleTypeName(name) + genericSuffix(typeText), needsRead: true))
                }
            case "Query":
                result.append(EnvironmentNeed(kind: .modelContainer, property: member,
                                              typeName: GraphNames.modelContainerKey, needsRead: false))
            default:
                continue
            }
        }
        return result
    }

    /// Does any member of the view read the property (`m`, `self.m`, `$m`)?
    public func readsProperty(_ property: Member, in view: TypeInfo) -> Bool {
        let id = property.nameID
        let projected = NameID.existing("$" + property.name)
        let underscored = NameID.existing("_" + property.name)
        for (_, member) in members(of: view) where member !== property {
            if member.reads.contains(id) || member.projectedReads.contains(id)
                || member.reads.contains(projected) || member.reads.contains(underscored) {
                return true
            }
        }
        return false
    }

    /// Does an injection of `injected` satisfy a need for `required`? Unknown injections do;
    /// `Box` and `Box<A>` may be the same; `Box<A>` and `Box<B>` are not; a project subclass,
    /// superclass or type alias may be.
    public func covers(_ injected: Set<String>, _ required: String) -> Bool {
        // Most places inject nothing: answered before any name is split or fact looked up.
        if injected.isEmpty { return false }
        if injected.contains(GraphNames.unknownInjection) || injected.contains(required) { return true }
        let requiredBase = ProjectModel.genericBase(of: required)
        // A need or injection spelled with a type alias is not compared.
        let aliases = declaredTypeAliasNames
        if aliases.contains(requiredBase) { return !injected.isEmpty }
        for type in injected {
            let base = ProjectModel.genericBase(of: type)
            if aliases.contains(base) { return true }
            if base == requiredBase && (!type.contains("<") || !required.contains("<")) { return true }
            if base != requiredBase, let a = resolveType(base), let b = resolveType(requiredBase),
               a.isDeclaredInProject, b.isDeclaredInProject, inherits(a, from: b) || inherits(b, from: a) {
                return true
            }
        }
        return false
    }

    /// `name` up to its generic arguments (`Box` of `Box<A>`): what `split(separator: "<").first`
    /// gives, found by byte (splitting broke the whole name into `Character`s at every ask).
    static func genericBase(of name: String) -> String {
        let utf8 = name.utf8
        guard let angle = utf8.firstIndex(of: UInt8(ascii: "<")) else { return name }
        // A name that starts with `<` splits to what follows it, and a `<` with a combining mark
        // after it is no `Character` of its own: rare, left to `split`.
        let next = utf8.index(after: angle)
        if angle == utf8.startIndex || (next < utf8.endIndex && utf8[next] >= 0x80) {
            return name.split(separator: "<").first.map(String.init) ?? name
        }
        return String(name[..<angle])
    }

    /// Does the view own an instance of the type (`@StateObject`/`@State` holding it)?
    public func ownsInstance(of required: String, in view: TypeInfo) -> Bool {
        let requiredBase = ProjectModel.genericBase(of: required)
        // Strictly the same type: an alias or a relative is not known to be an instance of it.
        return ownedInstances(of: view).contains { owned in
            owned.base == requiredBase && (owned.type == required || !owned.type.contains("<") || !required.contains("<"))
        }
    }

    /// The types of the view's `@StateObject`/`@State` properties (`Box<A>`, and its base `Box`)
    /// whose declared type is a simple name, once per view: paths up the graph ask of the same
    /// ancestors for every need. By type id: a fact named from the view's key spelled and hashed
    /// a string at every ask.
    func ownedInstances(of view: TypeInfo) -> [OwnedInstance] {
        environmentFact(.ownedInstances, of: view) { () -> [OwnedInstance] in
            var result: [OwnedInstance] = []
            for (_, member) in members(of: view) where member.kind == .storedProperty && !member.isStatic {
                guard let wrapper = member.propertyWrapper?.name, wrapper == "StateObject" || wrapper == "State",
                      let text = TypeText.declared(member), let name = TypeText.baseName(text), !name.contains(".")
                else { continue }
                let owned = simpleTypeName(name) + genericSuffix(text)
                result.append(OwnedInstance(type: owned, base: ProjectModel.genericBase(of: owned)))
            }
            return result
        }
    }

    /// A path from an `App` scene or a hosting controller (not one inside SwiftUI) down to
    /// `target` on which nothing injects `required`; or, when `ownerCounts`, from an ancestor
    /// view that owns an instance and passes it on nowhere above or on the path. Breadth
    /// first, so the shortest such path; nil when none is known.
    public func uninjectedPath(to target: TypeInfo, required: String, ownerCounts: Bool) -> UninjectedPath? {
        // By type id: keyed by the views' key strings, every step hashed strings.
        let graph = rootedViewGraph
        var next: [Int: (edge: ViewEdge, child: Int)] = [:]
        var visited: Set<Int> = [target.id]
        var queue: [Int] = [target.id]
        var head = 0
        func namesDown(from id: Int) -> [String] {
            var names: [String] = [type(id: id).qualifiedName]
            var current = id
            var steps = 0
            while let step = next[current], steps < 10_000 {
                steps += 1
                var name = type(id: step.child).qualifiedName
                if let via = step.edge.lastModifierOrLinkStep {
                    name += " (\(via))"
                }
                names.append(name)
                current = step.child
            }
            return names
        }
        while head < queue.count {
            let id = queue[head]
            head += 1
            for edge in graph.parents[id] where !covers(edge.injected, required) {
                switch edge.source {
                case .preview, .opaque:
                    continue
                case .app, .hosting:
                    var names = namesDown(from: id)
                    names.insert(edge.parentName, at: 0)
                    return UninjectedPath(names: names, owner: nil)
                case .view:
                    guard let parent = edge.parentID, visited.insert(parent).inserted else { continue }
                    next[parent] = (edge, id)
                    if ownerCounts, case let owner = type(id: parent), ownsInstance(of: required, in: owner),
                       !injectedAbove(parent, required: required) {
                        return UninjectedPath(names: namesDown(from: parent), owner: owner.qualifiedName)
                    }
                    queue.append(parent)
                }
            }
        }
        return nil
    }

    /// Does any known path above the view of type id `id` inject `required`?
    func injectedAbove(_ id: Int, required: String) -> Bool {
        let graph = rootedViewGraph
        var visited: Set<Int> = [id]
        var stack = [id]
        while let current = stack.popLast() {
            for edge in graph.parents[current] where edge.source != .preview {
                if covers(edge.injected, required) { return true }
                if let parent = edge.parentID, edge.source == .view, visited.insert(parent).inserted { stack.append(parent) }
            }
        }
        return false
    }

    /// Does the view read the property while it renders, whatever its state: in `body` (or a
    /// helper `body` uses) outside action closures, content shown later (link destinations,
    /// sheets, context menus) and `if`/`switch` branches, or in `.task`/`.onAppear`?
    public func readsWhileRendering(_ property: Member, in view: TypeInfo) -> Bool {
        var byName: [String: (file: Int, member: Member)] = [:]
        for (ref, member) in members(of: view) where member.buildsViews {
            if byName[member.name] == nil { byName[member.name] = (ref.file, member) }
        }
        var visited: Set<String> = ["body"]
        var queue = ["body"]
        while let name = queue.popLast() {
            guard let (fileIndex, member) = byName[name], let block = member.builder ?? member.returnedViews else { continue }
            let file = files[fileIndex]
            let ranges = renderRanges(block)
            for position in identifierOccurrences(property.name, in: member.range, file: file) {
                let enclosing = member.closureRanges.filter { $0.start <= position && position < $0.end }
                if enclosing.allSatisfy({ ranges.builders.contains($0) || ranges.onAppear.contains($0) })
                    && !ranges.skipped.contains(where: { $0.start <= position && position < $0.end }) {
                    return true
                }
            }
            for helper in ranges.helpers where visited.insert(helper).inserted { queue.append(helper) }
        }
        return false
    }

    /// The builder blocks rendered with the view whatever its state, the `.task`/`.onAppear`
    /// closures, the blocks that are not (shown later, or in an `if`/`switch` branch), and the
    /// helpers the rendered blocks use.
    func renderRanges(_ block: BuilderBlock)
        -> (builders: Set<SourceRange>, onAppear: Set<SourceRange>, skipped: [SourceRange], helpers: Set<String>) {
        var builders: Set<SourceRange> = [block.range]
        var onAppear: Set<SourceRange> = []
        var skipped: [SourceRange] = []
        var helpers: Set<String> = []
        var stack: [BuilderBlock] = [block]
        var steps = 0
        while let current = stack.popLast(), steps < 100_000 {
            steps += 1
            for item in current.items {
                switch item {
                case .view(let view):
                    if let helper = helperName(view) { helpers.insert(helper) }
                    for modifier in view.modifiers where ["task", "onAppear"].contains(modifier.name) {
                        for closure in modifier.actionClosures { onAppear.insert(closure.range) }
                    }
                    let name = view.baseTypeName ?? ""
                    let isSDKContainer = KnownNames.contentContainers.contains(name) || name == "WindowGroup"
                    for (index, content) in view.contents.enumerated() {
                        let owner = view.contentOwner(at: index)
                        if !owner.isEmpty {
                            if GraphNames.deferredOwners.contains(owner) { skipped.append(content.range); continue }
                        } else {
                            if !isSDKContainer { skipped.append(content.range); continue }
                            if name == "NavigationLink" && view.isNavigationLinkDestination(content) {
                                skipped.append(content.range)
                                continue
                            }
                            if name == "Menu" && content.label == nil, case let baseBlocks = view.baseContents,
                               baseBlocks.count == 2 && content.range == baseBlocks[0].range {
                                skipped.append(content.range)
                                continue
                            }
                        }
                        builders.insert(content.range)
                        stack.append(content)
                    }
                case .conditional(let conditional):
                    for branch in conditional.branches { skipped.append(branch.block.range) }
                case .other:
                    break
                }
            }
        }
        return (builders, onAppear, skipped, helpers)
    }

    /// Offsets of `name` used as a value in the range: `name`, `self.name`, `$name`, not
    /// `other.name` or a longer identifier, outside comments.
    func identifierOccurrences(_ name: String, in range: SourceRange, file: FileModel) -> [Int] {
        let bytes = file.source.bytes
        let needle = Array(name.utf8)
        guard !needle.isEmpty, range.start >= 0, range.end <= bytes.count else { return [] }
        var result: [Int] = []
        // Every occurrence, overlapping ones too, where the old scan skipped past a match: an
        // overlapping one has a byte of the name before it, so the name-byte test rejects it.
        needle.withUnsafeBufferPointer { name in
            file.source.forEachOccurrence(of: name, within: range.start..<range.end) { i in
                let count = name.count
                let before = i > 0 ? bytes[i - 1] : 0x20
                let after = i + count < bytes.count ? bytes[i + count] : 0x20
                var ok = !CharacterClasses.isNameByte(before) && !CharacterClasses.isNameByte(after) && after != 0x3A // not a label `name:`
                if before == 0x2E { // `.name`: only `self.name`
                    ok = ok && i >= 5 && bytes[i - 5] == UInt8(ascii: "s") && bytes[i - 4] == UInt8(ascii: "e")
                        && bytes[i - 3] == UInt8(ascii: "l") && bytes[i - 2] == UInt8(ascii: "f")
                }
                if ok && !file.comments.contains(where: { $0.contains(i) }) { result.append(i) }
                return true
            }
        }
        return result
    }
}

/// The needs the file's previews leave unmet (`ProjectModel.previewGaps(inFile:)`), once per
/// file for the rules that report them.
public enum PreviewGaps: FileFact {
    public static func make(_ context: RuleContext) -> [PreviewGap] {
        context.project.previewGaps(inFile: context.fileIndex)
    }
}

/// A need a preview leaves unmet: the view (reached from the preview's top view) and its property.
public struct PreviewGap: Sendable {
    /// The preview's top-level view, where the finding goes.
    public var range: SourceRange
    public var names: [String]
    public var need: EnvironmentNeed
    public var viewName: String
}

extension ProjectModel {
    /// The needs that the previews of file `file` leave unmet: for each view a preview shows
    /// when it renders (its top views, and the views they render in turn, not link
    /// destinations, presentations, context menus or conditional branches), each need read
    /// while rendering (or any `@Query`) whose type nothing on the way injects.
    public func previewGaps(inFile file: Int) -> [PreviewGap] {
        // Previews are the graph's `#preview@file:` creators: a `#Preview` with a body, or a
        // `previews` member. A file with neither has no gaps, and needs no graph (which is
        // the whole project's, too costly to build on every keystroke for nothing).
        // `previews` told by its id: every member of every file spelled out its name and compared it.
        let previewsID = entryNameIDs.previews
        guard files[file].macros.contains(where: { $0.name == "Preview" && $0.builder != nil })
            || (previewsID != nil && files[file].types.contains(where: { decl in decl.members.contains { $0.nameID == previewsID } }))
        else { return [] }
        let graph = rootedViewGraph
        var result: [PreviewGap] = []
        for creator in previewCreators[file] ?? [] {
            for (childID, edge) in graph.namedChildren[creator] ?? [] where !edge.deferred && !edge.isConditional {
                var visited: Set<Int> = []
                var reported: Set<String> = []
                // Each view reached with the index of the one it was reached from, its names spelled
                // only for a gap, which is rare: a list of names was made for every view pushed,
                // copied and grown from its parent's.
                var trail: [(id: Int, from: Int)] = [(childID, -1)]
                func names(to end: Int) -> [String] {
                    var names: [String] = []
                    var k = end
                    while k >= 0 {
                        names.append(type(id: trail[k].id).qualifiedName)
                        k = trail[k].from
                    }
                    names.reverse()
                    return names
                }
                var stack: [(id: Int, injected: Set<String>, at: Int)] = [(childID, edge.injected, 0)]
                var steps = 0
                while let (id, injected, at) = stack.popLast(), steps < 10_000 {
                    steps += 1
                    guard visited.insert(id).inserted else { continue }
                    let view = type(id: id)
                    let needs = environmentNeeds(of: view)
                    // One per need, asked once per view and only for a need nothing injects: most
                    // views' needs are all injected, and asking walks the view's builders.
                    var whileRendering: [Bool]? = nil
                    for (index, need) in needs.enumerated() where !covers(injected, need.typeName) {
                        let rendering = whileRendering ?? needsWhileRendering(view)
                        whileRendering = rendering
                        guard rendering[index], reported.insert(need.typeName).inserted else { continue }
                        result.append(PreviewGap(range: edge.range, names: names(to: at), need: need, viewName: view.qualifiedName))
                    }
                    // Read in place: each edge copied out retained its names and its set.
                    let children = graph.children[id]
                    for k in children.indices
                    where children[k].edge.source == .view && !children[k].edge.deferred && !children[k].edge.isConditional {
                        let inner = children[k].edge.injected
                        trail.append((children[k].child, at))
                        stack.append((children[k].child, inner.isEmpty ? injected : injected.union(inner), trail.count - 1))
                    }
                }
            }
        }
        // Stable: gaps of one preview keep the order the walk found them in.
        return result.enumerated().sorted { ($0.element.range, $0.offset) < ($1.element.range, $1.offset) }.map(\.element)
    }

    /// The rooted graph's preview creators (`#preview@file:offset`) by file, in source order:
    /// `previewGaps(inFile:)` asks once per file, so it must not scan every creator.
    var previewCreators: [Int: [String]] {
        fact("environment.previewCreators") { () -> [Int: [String]] in
            var byFile: [Int: [String]] = [:]
            let prefix = "#preview@"
            var offsets: [String: Int] = [:]
            for creator in rootedViewGraph.namedChildren.keys where creator.hasPrefix(prefix) {
                let rest = creator.dropFirst(prefix.count)
                guard let colon = rest.firstIndex(of: ":"), let file = Int(rest[..<colon]) else { continue }
                byFile[file, default: []].append(creator)
                offsets[creator] = Int(rest[rest.index(after: colon)...]) ?? 0
            }
            // In source order, not the table's (its order follows the hash seed, different from
            // run to run): the gaps of different previews have different ranges and are sorted by
            // them, but nothing that lists a file's previews should depend on that.
            for file in byFile.keys { byFile[file]!.sort { (offsets[$0]!, $0) < (offsets[$1]!, $1) } }
            return byFile
        }
    }

    /// Is `view` enclosed by a navigation container on every path the project shows?
    /// `.enclosed` when some path is (or a path is unknown: a root outside the project, a place
    /// the graph does not follow); otherwise the bare path that proves it, whether every path is
    /// a presentation, whether some path is a split view's detail column, and whether some path
    /// from an `App` scene reaches the view outside any tab of a `TabView` (`ViewEdge.inTab`).
    public func navigationReach(of view: TypeInfo)
        -> (enclosedOrUnknown: Bool, path: [String], onlyPresentations: Bool, reachesDetail: Bool, appPathOutsideTabs: Bool) {
        let graph = rootedViewGraph
        // A view is walked again if a path outside tabs reaches it after one through a tab: by
        // type id, whether a path outside tabs has reached it.
        var visited: [Int: Bool] = [view.id: true]
        var queue: [(id: Int, outsideTabs: Bool)] = [(view.id, true)]
        var next: [Int: Int] = [:]
        var barePath: [String]? = nil
        var onlyPresentations = true
        var reachesDetail = false
        var appPathOutsideTabs = false
        var head = 0
        func namesDown(_ id: Int) -> [String] {
            var names = [type(id: id).qualifiedName]
            var current = id
            var steps = 0
            while let child = next[current], steps < 10_000 {
                steps += 1
                names.append(type(id: child).qualifiedName)
                current = child
            }
            return names
        }
        while head < queue.count {
            let (id, outsideTabs) = queue[head]
            head += 1
            if graph.incomplete[id] { return (true, [], false, false, false) }
            let edges = graph.parents[id].filter { $0.source != .preview }
            if edges.isEmpty { return (true, [], false, false, false) }
            for edge in edges {
                switch (edge.source, edge.navigation) {
                case (.opaque, _), (.hosting, _), (.preview, _), (_, .enclosed):
                    return (true, [], false, false, false)
                case (_, .bare), (_, .detail):
                    if edge.navigation == .detail {
                        onlyPresentations = false
                        reachesDetail = true
                    }
                    if barePath == nil {
                        var names = namesDown(id)
                        names[0] += " (\(edge.lastPresentationOrSplitStep ?? "presented"))"
                        barePath = [edge.parentName] + names
                    }
                case (.app, .open):
                    onlyPresentations = false
                    if outsideTabs && !edge.inTab { appPathOutsideTabs = true }
                    if barePath == nil { barePath = [edge.parentName] + namesDown(id) }
                case (.view, .open):
                    guard let parent = edge.parentID else { return (true, [], false, false, false) }
                    let parentOutsideTabs = outsideTabs && !edge.inTab
                    let seen = visited[parent]
                    if seen == nil || (parentOutsideTabs && seen == false) {
                        if seen == nil { next[parent] = id }
                        visited[parent] = parentOutsideTabs
                        queue.append((parent, parentOutsideTabs))
                    }
                }
            }
        }
        guard let barePath else { return (true, [], false, false, false) }
        return (false, barePath, onlyPresentations, reachesDetail, appPathOutsideTabs)
    }
}
