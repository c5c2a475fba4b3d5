import ViewLintCore
import ViewLintModel

/// Which views build which, across files: for every project view, the places where other
/// views' builders create it, with what surrounds each place (a navigation stack, a split
/// view, a sheet, a push). Built once per run from every builder in the project, a part per file.
///
/// A place is recorded only where the builder tree shows it: a view created in a plain
/// function, stored in a variable or wrapped in `AnyView` elsewhere has places the graph does
/// not know, so rules use it to prove that a path exists, never that none does.
public struct ViewPlacement: Sendable {
    /// The view whose builder creates the child, and the member that does.
    public var parent: String
    public var member: String
    /// Where: the path of containers from the parent's builder root, outermost first
    /// (`NavigationStack > List > NavigationLink destination`).
    public var path: [String]
    /// A `NavigationStack` of the parent's builder encloses the place, with no presentation
    /// (sheet, popover, cover) or split view column in between.
    public var insideStack: Bool
    /// The child is pushed: a `NavigationLink` destination or `navigationDestination` content.
    public var isPushed: Bool
    /// The place is inside an `if` or `switch` branch of the parent's builder.
    public var isConditional: Bool
}

/// The names a walk of a member's builder can place
/// (`ProjectModel.placements(inFile:projectNames:constructions:builders:viewNumbers:buffers:)`): every view it places is a call
/// of a type (`Row(...)`), and every pushed destination one too or the `destination:` of a
/// `NavigationLink` call, so only the names of the member's calls that a project type may have
/// are candidates, and of the numbered ones only those a project view is named
/// (`ProjectModel.projectViewNumbers`). Most builders (a leaf view's) have none, and are not
/// walked; the others' views are told apart by comparing with a few names, not by hashing.
struct PlaceableNames {
    /// Each name with its number in `constructibleNumbers`, -1 for a name no numbered call gave.
    private var names: [(name: String, number: Int32)] = []
    /// More names than a comparison with each is cheap for: views are asked by the filter.
    private var many = false
    var any: Bool { many || !names.isEmpty }

    /// `constructions` are the member's calls that may construct a project type
    /// (`ProjectModel.numberedCalls(inFile:)`): the name each constructs (`constructedName`,
    /// the callee's last name or the one before `.init`) is a candidate, numbered already, where
    /// every call's names were asked of the project's set. `scansCalls` when the calls may hold
    /// what the numbers do not tell: a `NavigationLink`'s destination, or a call whose last name
    /// is `init` where a project type is named so. `viewNumbers` are the
    /// `ProjectModel.projectViewNumbers`: a numbered name no project view has places none.
    init(_ member: Member, constructions: ArraySlice<ProjectModel.NumberedCall>, scansCalls: Bool,
         _ projectNames: ConstructibleNames, viewNumbers: [Bool]) {
        // Read in place, by stored field: each call copied out retains its chain and arguments.
        let calls = member.calls
        for entry in constructions where !many {
            // Over half of the names the apps' builders construct are models' and SDK types':
            // each was resolved (about a thousand instructions) to be found no project view.
            guard viewNumbers.indices.contains(Int(entry.name)), viewNumbers[Int(entry.name)] else { continue }
            // Equal numbers are equal names, and unequal ones unequal (`ConstructibleNumbers`): a
            // name met again is told by its number, without reading the call or comparing strings.
            if names.contains(where: { $0.number == entry.name }) { continue }
            if let name = ProjectModel.constructedName(callee: calls[Int(entry.call)].callee) { append(name, number: entry.name) }
        }
        guard scansCalls else { return }
        for c in calls.indices where !many {
            let callee = calls[c].callee
            // `init` and `NavigationLink` told by their first byte before they are compared.
            guard let last = callee.last, let first = last.utf8.first, first == 0x69 || first == 0x4E else { continue }
            if last == "init", projectNames.namesInit { insert(last) }
            if last == "NavigationLink", let destination = calls[c].pushedViewName,
               projectNames.mayBeProjectType(identifier: destination) {
                insert(destination)
            }
        }
    }

    private mutating func insert(_ name: String) {
        guard !names.contains(where: { $0.name == name }) else { return }
        append(name, number: -1)
    }

    private mutating func append(_ name: String, number: Int32) {
        // Room for a few names at once: grown from one, the list was reallocated at the second
        // and the third.
        if names.capacity == 0 { names.reserveCapacity(4) }
        names.append((name, number))
        if names.count > 16 { many = true }
    }

    /// May `name`, a view's or a destination's, be a project type's?
    func mayContain(_ name: String, _ projectNames: ConstructibleNames) -> Bool {
        many ? projectNames.mayBeProjectType(name) : names.contains(where: { $0.name == name })
    }
}

/// The project types one declaration's names resolve to (the views it places,
/// `ProjectModel.placements(inFile:projectNames:constructions:builders:viewNumbers:buffers:)`; the containers its
/// builders name, `ProjectModel.walkGraph`), kept for a few dozen names and compared in order: a
/// resolution cost a thousand instructions, a comparison of two short names a few dozen.
struct ResolvedViews {
    /// Each name asked with its view's id, -1 for none.
    private var resolved: [(name: String, id: Int)] = []
    private static let capacity = 32

    /// The view's id for `name`, from `resolve` the first time the name is asked.
    mutating func id(of name: String, _ resolve: () -> Int?) -> Int? {
        for k in resolved.indices where resolved[k].name == name { return resolved[k].id < 0 ? nil : resolved[k].id }
        let id = resolve()
        if resolved.count < ResolvedViews.capacity {
            // Room for a usual declaration's names at once, rather than grown three times.
            if resolved.isEmpty { resolved.reserveCapacity(8) }
            resolved.append((name, id ?? -1))
        }
        return id
    }
}

/// What surrounds a block while walking a builder.
struct PlacementContext {
    /// The block's innermost container, a step of the walk's `PlacementSteps`; -1 at the
    /// builder's root.
    var step = -1
    var insideStack = false
    var isPushed = false
    var isPresented = false
    /// Inside an `if` or `switch` branch of the builder: shown only on some evaluations.
    var isConditional = false
}

/// The containers of one walk's blocks, each step with the index of the step that encloses it:
/// a block's context adds one step in place of copying the whole path, and the walk's steps
/// share one array rather than taking an object each (allocated, retained with every context
/// pushed and popped, and released, for every block of every builder walked).
struct PlacementSteps {
    private struct Step {
        var name: String
        var parent: Int
        /// `name` is a modifier's (`sheet`), spelled `.sheet` in a path: only a recorded
        /// placement's path pays for the dot.
        var isModifier: Bool
    }

    private var steps: [Step] = []

    /// Empties the steps for the next walk, keeping their room.
    mutating func startWalk() {
        steps.removeAll(keepingCapacity: true)
        // Room for a usual builder's containers at once: grown from empty, the array was
        // reallocated four times in every walk.
        if steps.capacity == 0 { steps.reserveCapacity(32) }
    }

    /// The context of a block inside `context`'s container `name` (a view's type or a modifier's name).
    mutating func entering(_ name: String, isModifier: Bool = false, from context: PlacementContext) -> PlacementContext {
        var inner = context
        inner.step = steps.count
        steps.append(Step(name: name, parent: context.step, isModifier: isModifier))
        return inner
    }

    /// The containers from the builder's root to `context`'s block, outermost first, then `last`.
    func path(of context: PlacementContext, then last: String? = nil) -> [String] {
        // Counted first: a placement keeps its path for the whole run, and one grown name by
        // name was reallocated at every other name and kept up to twice the room it needs.
        var count = last == nil ? 0 : 1
        var index = context.step
        while index >= 0 {
            count += 1
            index = steps[index].parent
        }
        var names: [String] = []
        names.reserveCapacity(count)
        if let last { names.append(last) }
        index = context.step
        while index >= 0 {
            let step = steps[index]
            names.append(step.isModifier ? "." + step.name : step.name)
            index = step.parent
        }
        // Gathered innermost first, reversed in place: `reversed()` made a second array.
        names.reverse()
        return names
    }
}

extension ProjectModel {
    /// The places other views create `view`, from every builder in the project.
    public func placements(of view: TypeInfo) -> [ViewPlacement] {
        // By type id, in an array: keyed by the views' key strings, a file's part hashed a string
        // per placement into a table of its own, the merge hashed it again, and each ask once more.
        // The project's names asked once per thread that makes parts, not once per file: a fact
        // found by its name costs a few hundred instructions per ask.
        var projectNames: Memo<ConstructibleNames> = .notAsked
        var constructions: Memo<[[NumberedCall]]> = .notAsked
        var builders: Memo<[[BuilderRef]]> = .notAsked
        var viewNumbers: Memo<[Bool]> = .notAsked
        // The walks' buffers, reused by every walk of the thread's parts (empty until the first).
        var buffers = BuilderWalkBuffers()
        let index = fact("viewGraph.placements", perFile: { f in
            placements(inFile: f, projectNames: projectNames.answer { constructibleNames },
                       constructions: constructions.answer { numberedCallsByFile }[f],
                       builders: builders.answer { builderRefsByFile }[f],
                       viewNumbers: viewNumbers.answer { projectViewNumbers }, buffers: &buffers)
        }, merge: { parts -> [[ViewPlacement]] in
            var byType = [[ViewPlacement]](repeating: [], count: types.count)
            for part in parts {
                for (id, placement) in part where byType.indices.contains(id) { byType[id].append(placement) }
            }
            return byType
        })
        return index.indices.contains(view.id) ? index[view.id] : []
    }

    /// The places file `f`'s builders create project views, with the view's type id, in walk order.
    /// Most views are SwiftUI's: a name none of `projectNames` ends in is not resolved.
    /// `constructions` are the file's `numberedCalls(inFile:)`, `builders` its `builderRefs(inFile:)`,
    /// `viewNumbers` the `projectViewNumbers`; the walks use `buffers`.
    func placements(inFile f: Int, projectNames: ConstructibleNames, constructions: [NumberedCall],
                    builders refs: [BuilderRef], viewNumbers: [Bool],
                    buffers: inout BuilderWalkBuffers) -> [(id: Int, placement: ViewPlacement)] {
        var result: [(id: Int, placement: ViewPlacement)] = []
        // Only a file that spells `NavigationLink` has a link whose destination may be a view.
        let scansCalls = projectNames.namesInit || GraphNames.navigationLinkWord.map { files[f].mentions($0) } ?? true
        // The constructions of each member, from a cursor through the file's, which are in member order.
        var next = 0
        // The builders of the file's declarations, a declaration's in a run (the globals' last).
        let types = files[f].types
        var r = 0
        while r < refs.count && refs[r].decl >= 0 {
            let d = refs[r].decl
            let members = types[Int(d)].members
            var runEnd = r
            while runEnd < refs.count && refs[runEnd].decl == d { runEnd += 1 }
            // Looked up for the first member that may place a project view: most types have none.
            var found: Memo<TypeInfo?> = .notAsked
            // The project views the declaration's names resolve to, each name resolved once: a
            // view's members place the same rows and destinations again and again.
            var views = ResolvedViews()
            for ref in refs[r..<runEnd] {
                let member = members[Int(ref.member)]
                // Numbered as `numberedCalls` numbers them.
                let position = (d, ref.member)
                while next < constructions.count && (constructions[next].decl, constructions[next].member) < position { next += 1 }
                var end = next
                while end < constructions.count && (constructions[end].decl, constructions[end].member) == position { end += 1 }
                let placeable = PlaceableNames(member, constructions: constructions[next..<end], scansCalls: scansCalls,
                                               projectNames, viewNumbers: viewNumbers)
                guard placeable.any else { continue }
                guard let owner = found.answer({ self.typeInfo(of: DeclRef(file: f, index: Int(d))) }) else { break }
                walkPlacements(member, buffers: &buffers) { _, name, context, steps in
                    guard let name, placeable.mayContain(name, projectNames),
                          let child = views.id(of: name, { projectView(named: name, from: owner) }) else { return }
                    result.append((child, ViewPlacement(
                        parent: owner.qualifiedName, member: member.name, path: steps.path(of: context),
                        insideStack: context.insideStack, isPushed: context.isPushed,
                        isConditional: context.isConditional)))
                } destinations: { callee, context, steps in
                    guard placeable.mayContain(callee, projectNames),
                          let child = views.id(of: callee, { projectView(named: callee, from: owner) }) else { return }
                    result.append((child, ViewPlacement(
                        parent: owner.qualifiedName, member: member.name, path: steps.path(of: context, then: "NavigationLink destination"),
                        insideStack: context.insideStack, isPushed: true, isConditional: context.isConditional)))
                }
            }
            r = runEnd
        }
        return result
    }

    /// By `constructibleNumbers` number: is the name the simple name of a project view's key?
    /// A one-name call resolves to a type whose key ends in that name (`resolveType`), so a
    /// name no project view's key ends in resolves to no project view. Made from the views'
    /// ids (`isView`), once per run: the graph's nodes (`graphNodes`) tell it too, but they also
    /// walk types' conformances for scenes, and asked here they cost the 100k-line corpus, whose
    /// rules do not ask them otherwise, 5.0 M instructions more.
    var projectViewNumbers: [Bool] {
        fact("viewGraph.projectViewNumbers") {
            let numbers = constructibleNumbers
            var isViewNumber = [Bool](repeating: false, count: numbers.names.count)
            for id in 0..<typeCount {
                let candidate = type(id: id)
                guard isView(candidate), candidate.isDeclaredInProject,
                      let k = numbers.number(of: ProjectModel.simpleTypeKeyName(candidate.key)),
                      isViewNumber.indices.contains(k) else { continue }
                isViewNumber[k] = true
            }
            return isViewNumber
        }
    }

    /// The id of the project view `name` resolves to from `owner`, if it is one.
    private func projectView(named name: String, from owner: TypeInfo) -> Int? {
        guard let child = resolveType(name, from: owner), child.isDeclaredInProject, isView(child) else { return nil }
        return child.id
    }

    /// `walkPlacements(_:buffers:visit:destinations:)` without destinations, with buffers of its own.
    func walkPlacements(_ member: Member, visit: (ViewExpression, String?, PlacementContext, PlacementSteps) -> Void) {
        var buffers = BuilderWalkBuffers()
        walkPlacements(member, buffers: &buffers, visit: visit, destinations: { _, _, _ in }, findsDestinations: false)
    }

    /// Walks a member's builder with the context of each view: calls `visit` for every view
    /// expression (with its `baseTypeName`, which both the walk and its callers ask) and
    /// `destinations` for each `NavigationLink(destination: Child())` argument, each with the
    /// walk's steps so far, which spell the context's path (`PlacementSteps.path(of:then:)`).
    /// Neither closure is optional: an optional closure escapes, and the variables the caller's
    /// closures capture were then boxed on the heap, each access checked at run time.
    /// `buffers` hold the walk's steps and open blocks: a caller that walks many builders passes
    /// the same ones, whose room two heap blocks per walk made and freed.
    func walkPlacements(_ member: Member, buffers: inout BuilderWalkBuffers,
                        visit: (ViewExpression, String?, PlacementContext, PlacementSteps) -> Void,
                        destinations: (String, PlacementContext, PlacementSteps) -> Void, findsDestinations: Bool = true) {
        // Taken out for the walk and put back after it, with their room.
        var steps = PlacementSteps()
        swap(&steps, &buffers.steps)
        var stack = BuilderWalkBuffers.take(&buffers.placementStack, reserving: 16)
        defer {
            swap(&steps, &buffers.steps)
            swap(&stack, &buffers.placementStack)
        }
        steps.startWalk()
        if let builder = member.builder { stack.append((builder, PlacementContext())) }
        else if let returned = member.returnedViews { stack.append((returned, PlacementContext())) }
        var blocks = 0
        while let (block, context) = stack.popLast(), blocks < 100_000 {
            blocks += 1
            // Items read in place: each one copied out of the block retained its view.
            let items = block.items
            for i in items.indices {
                switch items[i] {
                case .view(let expression):
                    let typeName = expression.baseTypeName
                    visit(expression, typeName, context, steps)
                    let name = typeName ?? ""
                    // Only a link's call and base blocks tell what it pushes; its call is looked
                    // up only for a walk that asks for destinations.
                    if findsDestinations, name == "NavigationLink",
                       let destination = member.call(at: expression.baseRange)?.pushedViewName {
                        destinations(destination, context, steps)
                    }
                    let contents = expression.contents
                    for index in contents.indices {
                        let owner = expression.contentOwner(at: index)
                        // Where navigation stands, as the rooted graph reads it (`NavigationStep`),
                        // narrowed to whether a `NavigationStack` encloses the block.
                        let step = NavigationStep.entering(expression, content: index, name: name, owner: owner)
                        var inner: PlacementContext
                        if owner.isEmpty {
                            inner = steps.entering(step == .pushes ? "NavigationLink destination" : name.isEmpty ? "view" : name, from: context)
                        } else {
                            inner = steps.entering(owner, isModifier: true, from: context)
                        }
                        switch step {
                        case .keeps, .projectContainer, .tabs:
                            // A `TabView`'s tabs stand where the `TabView` does: in a stack around
                            // it, a stack of a tab is a nested one.
                            break
                        case .pushes:
                            inner.isPushed = true
                        case .sets(.bare), .beside:
                            // A presentation or an inspector: a context of its own.
                            inner.isPresented = true
                            inner.insideStack = false
                            inner.isPushed = false
                        case .sets:
                            // `navigationDestination`'s content is pushed onto the stack around it; a
                            // container's content is in a stack only if the container is one (a
                            // `NavigationView`'s or a split view's links push into another column).
                            if owner.isEmpty { inner.insideStack = name == "NavigationStack" } else { inner.isPushed = true }
                        }
                        stack.append((contents[index], inner))
                    }
                case .conditional(let conditional):
                    var inner = context
                    inner.isConditional = true
                    for branch in conditional.branches { stack.append((branch.block, inner)) }
                case .other:
                    break
                }
            }
        }
    }
}

extension CallSite {
    /// The view a `NavigationLink(destination: Child())` call pushes, when its destination is a
    /// call of one name (`Child`): the one reading of the argument for both the names a builder
    /// may place (`PlaceableNames`) and the walk that places them. (The rooted graph's walk
    /// follows any call that starts the argument, `Child.init()` and `SwiftUI.Child()` too.)
    var pushedViewName: String? {
        guard let destination = argument("destination"), case .call(.identifier(let name), _, _) = destination.shape
        else { return nil }
        return name
    }
}

extension ProjectModel {
    /// `constructibleNumbers` with their `NameFilter`, in one fact: a fact is found by its
    /// name, and the walks that ask for both asked twice per builder.
    var constructibleNames: ConstructibleNames {
        fact("viewGraph.constructibleNames") {
            ConstructibleNames(filter: constructibleNameFilter, names: constructibleNumbers)
        }
    }
}

/// `ProjectModel.constructibleNames`. A class: the walks copy it per builder, and the numbers'
/// tables are several references to retain.
final class ConstructibleNames: Sendable {
    let filter: NameFilter
    let names: ProjectModel.ConstructibleNumbers
    /// Is a project type named `init` (in backquotes)? A call `Row.init()` then names one twice.
    let namesInit: Bool

    init(filter: NameFilter, names: ProjectModel.ConstructibleNumbers) {
        self.filter = filter
        self.names = names
        namesInit = names.contains("init")
    }

    /// May `name` (its part after the last dot) be a project type's name, as
    /// `ProjectModel.mayResolve(_:among:)` asks, with most names rejected by the filter?
    func mayBeProjectType(_ name: String) -> Bool {
        filter.mayContain(simpleNameOf: name) && ProjectModel.mayResolve(name, among: names)
    }

    /// `mayBeProjectType` of one identifier (a callee chain's name), which has no dot: its simple
    /// name is itself, and neither the filter nor the set looks for its last dot.
    func mayBeProjectType(identifier name: String) -> Bool {
        filter.mayContain(name) && names.contains(name)
    }
}
