import ViewLintCore
import ViewLintModel
import ViewLintSyntax

/// The view graph with its roots: every place a project view (or scene) is created, by whom,
/// and what the path from the creator's root to the place provides (environment objects and
/// model containers injected on the way, whether a navigation container encloses it).
///
/// Roots are `App` scenes (`WindowGroup { Root() }`, `Window`, `DocumentGroup`, `Settings`),
/// hosting controllers (`UIHostingController(rootView:)`, `NSHostingView(rootView:)`,
/// `NSHostingController(rootView:)`) and previews (`#Preview { }`, `PreviewProvider.previews`).
/// A place created by code the graph cannot follow (a plain function of a class, a helper that
/// `body` never uses, a hosting controller inside a representable, which inherits its SwiftUI
/// parent's environment) is an `opaque` edge: rules treat it as "unknown", never as a root.
///
/// Built once per run, iteratively (no recursion), from every builder in the project: a part per
/// file, made by whichever threads need the graph, merged in file order.
public struct ViewEdge: Sendable {
    public enum Source: String, Sendable { case view, app, hosting, preview, opaque }
    /// What navigation the place sits in, within its creator's builder.
    public enum Navigation: Sendable, Equatable {
        /// A `NavigationStack`, a `NavigationView`, a split view's sidebar or content column,
        /// or a push (link destination, `navigationDestination`) encloses the place.
        case enclosed
        /// A presentation (sheet, popover, full-screen cover) or a split view's detail column
        /// starts a new context and no navigation container encloses the place inside it.
        case bare
        /// A split view's detail column with no stack in it: links do nothing, but the column
        /// has a bar of its own, so titles and toolbars work.
        case detail
        /// No container and no reset in the creator: the creator's own placement decides.
        case open
    }

    public var source: Source
    /// The creating type's id (views, scenes, apps); nil for previews and opaque code.
    public var parentID: Int?
    /// How a message names the creator (`ContentView`, `MyApp`, `#Preview`).
    public var parentName: String
    /// How the path from the creator's builder root to the place ends (see `GraphPathEnd`).
    public var path: GraphPathEnd
    /// Types injected on the way (`.environmentObject`, `.environment(object)`), simple names
    /// as written; `*` when an injection's type is unknown or a custom modifier may inject;
    /// `@modelContainer` for `.modelContainer(...)`/`.modelContext(...)`.
    public var injected: Set<String>
    public var navigation: Navigation
    /// Not shown when the creator first renders: a link destination, a presentation's content,
    /// a context menu, an alert.
    public var deferred: Bool
    public var isConditional: Bool
    public var file: Int
    /// Where the child is created (its call), for findings about this place.
    public var range: SourceRange
    /// Inside a tab of SwiftUI's `TabView` in the creator's builder (`GraphContext.inTab`).
    public var inTab = false
    /// The modifier whose content most closely encloses the place (`GraphContext.innermostModifierContent`):
    /// the name the path's modifier steps spell.
    public var innermostModifierContent: String? = nil

    /// The path's last step when it enters a modifier's content (`.sheet`) or a link's
    /// destination (`NavigationLink destination`), as a message spells it; nil otherwise.
    public var lastModifierOrLinkStep: String? {
        switch path.last {
        case .modifier: return "." + (innermostModifierContent ?? "")
        case .linkDestination: return "NavigationLink destination"
        case .none, .container: return nil
        }
    }

    /// The path's last step into a modifier's content or a `NavigationSplitView`'s column, as a
    /// message spells it (`.sheet`, `NavigationSplitView`); nil when it has none.
    public var lastPresentationOrSplitStep: String? {
        switch path.lastPresentationOrSplit {
        case .modifier: return "." + (innermostModifierContent ?? "")
        case .splitView: return "NavigationSplitView"
        case .none: return nil
        }
    }
}

/// How a path through builders ends, the only parts of it the graph's readers ask about: the
/// kind of its last step, and whether its last step into a modifier's content or a split
/// view's column was the one or the other (a modifier step's name is the context's
/// `innermostModifierContent`, a split view's column is `NavigationSplitView`). Two bytes
/// where the path was a list of every step's name, copied and grown at every block a walk
/// entered, with `.` spelled before each modifier's name.
public struct GraphPathEnd: Sendable, Equatable {
    public enum Step: UInt8, Sendable {
        /// No step: the place is in the creator's builder root.
        case none
        /// A view's own content (`VStack { }`), a hosting controller's root.
        case container
        /// A modifier's content (`.sheet { }`).
        case modifier
        /// A link's destination.
        case linkDestination
    }
    public enum Mark: UInt8, Sendable { case none, modifier, splitView }
    public var last: Step = .none
    public var lastPresentationOrSplit: Mark = .none

    public init() {}

    /// Entering a view's content block; `isSplitView` when the view is a `NavigationSplitView`.
    public mutating func enterContainer(isSplitView: Bool) {
        last = .container
        if isSplitView { lastPresentationOrSplit = .splitView }
    }

    public mutating func enterModifierContent() {
        last = .modifier
        lastPresentationOrSplit = .modifier
    }

    public mutating func enterLinkDestination() {
        last = .linkDestination
    }
}

/// What surrounds a view while walking a builder for the graph.
public struct GraphContext: Sendable {
    public var path = GraphPathEnd()
    public var injected: Set<String> = []
    public var navigation: ViewEdge.Navigation = .open
    public var deferred = false
    public var isConditional = false
    /// Are `path` and `injected` followed? A walk that asks only where navigation stands
    /// (`navigation`, `deferred`, `isConditional`) leaves them empty: what each view injects
    /// and the names of the path were most of a walk's work.
    public var tracksPathAndInjections = true
    /// The modifier whose content (`.sheet { }`) most closely encloses the place: the last
    /// `.name` of `path`, kept even when the path is not, since a message about a presentation
    /// names it.
    public var innermostModifierContent: String? = nil
    /// Inside a tab of SwiftUI's `TabView`: with `navigation` still `.open`, the tab has no stack
    /// around it or in it, and so no navigation bar.
    public var inTab = false
    public init() {}
}

/// Where a place of a builder stands in `ProjectModel.walkGraph`: `GraphContext` in plain
/// values, copied for every view and block the walk enters without a retain. Its injected types
/// and its modifier's name are indices into the walk's `GraphWalkTables`, which spell them for
/// the few places a reader keeps (an edge, a site).
public struct GraphPlace {
    public var path = GraphPathEnd()
    public var navigation: ViewEdge.Navigation = .open
    public var deferred = false
    public var isConditional = false
    /// `GraphContext.inTab`.
    public var inTab = false
    /// Index of the place's injected types in `GraphWalkTables.injectedSets`.
    var injected: Int32 = 0
    /// Index of `GraphContext.innermostModifierContent` in `GraphWalkTables.modifierNames`; -1 for none.
    var modifier: Int32 = -1
}

/// The values a walk's places (`GraphPlace`) name by index, one entry per set of injected
/// types a view's modifiers made and per modifier content entered.
public struct GraphWalkTables {
    var injectedSets: [Set<String>]
    var modifierNames: [String] = []

    /// The tables of a walk from `start`, in `room`'s arrays (emptied first), which the walk
    /// puts back when it ends.
    init(_ start: GraphContext, room: inout BuilderWalkBuffers) {
        injectedSets = BuilderWalkBuffers.take(&room.injectedSets)
        modifierNames = BuilderWalkBuffers.take(&room.modifierNames)
        injectedSets.append(start.injected)
        if let name = start.innermostModifierContent { modifierNames.append(name) }
    }

    /// `GraphContext.injected` of `place`.
    public func injected(_ place: GraphPlace) -> Set<String> { injectedSets[Int(place.injected)] }

    /// `GraphContext.innermostModifierContent` of `place`.
    public func innermostModifierContent(_ place: GraphPlace) -> String? {
        place.modifier < 0 ? nil : modifierNames[Int(place.modifier)]
    }
}

/// The room the builder walks (`ProjectModel.walkGraph`, `ProjectModel.walkPlacements`) walk in,
/// kept by a caller from one walk to the next: a caller that walks many builders passes the same
/// one, whose room two heap blocks per walk made and freed. A walk takes out the arrays it uses
/// (`take`) and puts them back when it ends; the other walk's stay empty.
struct BuilderWalkBuffers {
    /// `walkGraph`'s open blocks, and its tables' arrays (`GraphWalkTables`).
    var graphStack: [(BuilderBlock, GraphPlace, Member)] = []
    var injectedSets: [Set<String>] = []
    var modifierNames: [String] = []
    /// `walkPlacements`' open blocks and containers.
    var placementStack: [(BuilderBlock, PlacementContext)] = []
    var steps = PlacementSteps()
    /// The project containers `walkGraph` resolved from the type `containersOwner` (-1 for
    /// none), by name: the builders of a type name the same ones again and again.
    var containersOwner = -1
    var containers = ResolvedViews()

    /// `room`'s array, emptied with its storage kept, for a walk to fill (`room` is left empty
    /// until the walk swaps it back); `capacity` reserved at the first use, rather than grown
    /// three times.
    static func take<Element>(_ room: inout [Element], reserving capacity: Int = 0) -> [Element] {
        var taken: [Element] = []
        swap(&taken, &room)
        // A stack is emptied by its walk: only a walk stopped at its bound left blocks in it.
        if !taken.isEmpty { taken.removeAll(keepingCapacity: true) }
        if taken.capacity < capacity { taken.reserveCapacity(capacity) }
        return taken
    }
}

/// What entering one content block of a view does to where navigation stands: the single
/// statement of the rules, read downwards by `ProjectModel.walkGraph` and by the placement graph's
/// walk (`ProjectModel.walkPlacements`), and upwards from a site by `navigation_outside_stack`.
/// The placement graph asks a narrower question (is a `NavigationStack` around, with nothing
/// between that starts its own context?), so a step that keeps navigation for the rooted graph
/// is a step of its own: it reads `.beside` as leaving the stack. It also reads `.sets(.enclosed)`
/// by the container's name: only a `NavigationStack` puts it inside a stack, while a
/// `NavigationView` encloses for the rooted graph.
public enum NavigationStep: Equatable {
    /// The block's views stand where the view does.
    case keeps
    /// A container, a split view's column or a presentation decides alone.
    case sets(ViewEdge.Navigation)
    /// A link's destination: enclosed, and shown only once pushed.
    case pushes
    /// The base's content of a view that may be a project container: enclosed if its builders
    /// build a navigation container (`ProjectModel.containerFacts`), else kept.
    case projectContainer
    /// An inspector's content, shown beside the view (a trailing column, or a sheet when narrow):
    /// kept by the rooted graph, for which a link there may push onto the stack around it (so it
    /// is not reported); outside the stack for the placement graph, since a stack there may be
    /// a sheet's own (so it is not reported either).
    case beside
    /// A `TabView`'s content: for the rooted graph, as `projectContainer` (so a project type
    /// named `TabView` is still followed; SwiftUI's own keeps navigation); kept by the placement
    /// graph, since a `TabView` inside a stack keeps its tabs inside it. A walk that tells where
    /// a bar is (`GraphContext.inTab`) reads it as a tab, which has none without a stack of its own.
    case tabs

    /// Entering `view`'s content block `index`, whose base type (`baseTypeName`) is `name`
    /// (empty when it has none) and the block's modifier `owner` (empty for the base's own).
    public static func entering(_ view: ViewExpression, content index: Int, name: String, owner: String) -> NavigationStep {
        // Both names are told by their length first, then one comparison: asked for every block
        // the walks enter, a lookup in `GraphNames.presentations` hashed every modifier's name,
        // and a `switch` over the names compared each with them all. The presentations here are
        // that set's.
        if !owner.isEmpty {
            switch owner.utf8.count {
            case 5 where owner == "sheet", 7 where owner == "popover", 15 where owner == "fullScreenCover":
                return .sets(.bare)
            case 9 where owner == "inspector": return .beside
            case 21 where owner == "navigationDestination": return .sets(.enclosed)
            default: return .keeps
            }
        }
        switch name.utf8.count {
        case 0: return .keeps
        case 15 where name == "NavigationStack", 14 where name == "NavigationView": return .sets(.enclosed)
        case 19 where name == "NavigationSplitView": return .sets(view.contents[index].label == "detail" ? .detail : .enclosed)
        case 14 where name == "NavigationLink": return view.isNavigationLinkDestination(view.contents[index]) ? .pushes : .keeps
        case 7 where name == "TabView": return .tabs
        default: return .projectContainer
        }
    }
}

/// By type id throughout: keyed by the types' key strings, the merge hashed a string per edge
/// and type, and every walk up the graph one per step.
public struct RootedViewGraph: Sendable {
    /// Edges into each project view or scene, by the child's type id.
    public var parents: [[ViewEdge]] = []
    /// Edges out of each creator that is a type, by its id; each child by its type id.
    public var children: [[(child: Int, edge: ViewEdge)]] = []
    /// Edges out of each creator that is no type, by its key (previews under
    /// `#preview@file:offset`, globals under `global:name`).
    public var namedChildren: [String: [(child: Int, edge: ViewEdge)]] = [:]
    /// By type id: is the view created somewhere the graph does not follow (a call the
    /// builders do not show)?
    public var incomplete: [Bool] = []
    /// Keys of `App` types.
    public var apps: Set<String> = []
}

public enum GraphNames {
    public static let hostingTypes: Set<String> = [
        "UIHostingController", "NSHostingController", "NSHostingView", "_UIHostingView",
    ]
    public static let representables: Set<String> = [
        "UIViewRepresentable", "UIViewControllerRepresentable", "NSViewRepresentable", "NSViewControllerRepresentable",
    ]
    /// Modifiers whose content is shown later, not when the modified view renders.
    public static let deferredOwners: Set<String> = [
        "sheet", "fullScreenCover", "popover", "navigationDestination", "contextMenu", "alert",
        "confirmationDialog", "swipeActions", "searchSuggestions",
    ]
    /// `NavigationStep.entering` spells these out too (by length): change both together.
    public static let presentations: Set<String> = ["sheet", "fullScreenCover", "popover"]
    public static let delegateAdaptors: Set<String> = [
        "UIApplicationDelegateAdaptor", "NSApplicationDelegateAdaptor", "WKApplicationDelegateAdaptor",
        "WKExtensionDelegateAdaptor",
    ]
    public static let modelContainerKey = "@modelContainer"
    static let scene: Set<String> = ["Scene"]
    static let app: Set<String> = ["App"]
    static let previewProvider: Set<String> = ["PreviewProvider"]

    /// Is `name` one of `hostingTypes`? Told by its length first, then one comparison: asked of
    /// every call of every member, where the set's lookup hashed each call's name.
    static func isHostingType(_ name: String) -> Bool {
        switch name.utf8.count {
        case 13: return name == "NSHostingView"
        case 14: return name == "_UIHostingView"
        case 19: return name == "UIHostingController" || name == "NSHostingController"
        default: return false
        }
    }
    public static let unknownInjection = "*"
    /// The registered word every `NavigationLink` call spells (nil were it not registered).
    static let navigationLinkWord = MentionedWord("NavigationLink")
}

extension ProjectModel {
    /// The rooted view graph of the project (computed once per run, a part per file: see
    /// `rootedGraphPart(file:inputs:calls:builders:buffers:)`).
    public var rootedViewGraph: RootedViewGraph {
        // What the parts read, asked once per thread that makes parts, not once per file: a fact
        // found by its name costs a few hundred instructions per ask.
        var inputs: Memo<RootedGraphInputs> = .notAsked
        var calls: Memo<[[NumberedCall]]> = .notAsked
        var builders: Memo<[[BuilderRef]]> = .notAsked
        // The walks' room, reused by every walk of the thread's parts (empty until the first).
        var buffers = BuilderWalkBuffers()
        return fact("viewGraph.rooted", perFile: { f in
            rootedGraphPart(file: f, inputs: inputs.answer { rootedGraphInputs },
                            calls: calls.answer { numberedCallsByFile }[f], builders: builders.answer { builderRefsByFile }[f],
                            buffers: &buffers)
        }, merge: { RootedGraphPart.merge($0, in: self) })
    }

    /// The ids of `body` and `previews`, the graph's entries, once per run (nil for a name no
    /// file has): each file's part compared its members' ids with them, and looked both up.
    var entryNameIDs: EntryNameIDs {
        fact("viewGraph.entryNameIDs") { EntryNameIDs(body: NameID.existing("body"), previews: NameID.existing("previews")) }
    }

    /// What every file's part of the graph reads (`rootedGraphPart(file:inputs:calls:builders:buffers:)`), in one
    /// fact of one object: asked apart for every file, the three facts were found by name three
    /// times, and the nodes' tables copied out (each retained and released).
    var rootedGraphInputs: RootedGraphInputs {
        fact("viewGraph.rootedInputs") {
            let nodes = graphNodes
            return RootedGraphInputs(nodes: nodes, entryIDs: entryNameIDs, hostingFiles: hostingFiles,
                                     appAncestors: projectAncestors.namesApp, callsNodes: typesCallingNodes(nodes))
        }
    }

    /// By type id: has any declaration of the type, in any file, a call that may create a node
    /// (a protocol's too)? Every edge of the rooted graph is such a call, in the walked builder
    /// or a helper it enters, all members of the owner's declarations, and every such call is
    /// numbered (`numberedCallsByFile`); so a type without one adds no edge, and
    /// `rootedGraphPart` does not walk its builders (a leaf view's, say). One pass over the
    /// numbered calls for the run: asked per declaration, the other files' calls were searched
    /// for each, which a file of many views or a type of many extensions made quadratic.
    func typesCallingNodes(_ nodes: GraphNodes) -> [Bool] {
        var calls = [Bool](repeating: false, count: typeCount)
        for (f, numbered) in numberedCallsByFile.enumerated() {
            var lastDecl: Int32 = -1
            for entry in numbered where entry.decl >= 0 && entry.decl != lastDecl && nodes.mayCreateNode(number: entry.name) {
                lastDecl = entry.decl
                if let owner = typeInfo(of: DeclRef(file: f, index: Int(entry.decl))), calls.indices.contains(owner.id) {
                    calls[owner.id] = true
                }
            }
        }
        return calls
    }

    /// Is the type a view or a scene (a node of the graph)? Read from `graphNodes`, by id.
    public func isGraphNode(_ type: TypeInfo) -> Bool {
        graphNodes.contains(type)
    }

    /// One file's edges, in the order the graph lists them, and what else the file tells the
    /// graph. The parts are independent (every edge is made where its call is written), so the
    /// threads that need the graph build the files' parts side by side.
    /// `calls` are the file's `numberedCalls(inFile:)`, `builders` its `builderRefs(inFile:)`;
    /// the walks use `buffers`.
    func rootedGraphPart(file f: Int, inputs: RootedGraphInputs, calls numbered: [NumberedCall],
                         builders refs: [BuilderRef], buffers: inout BuilderWalkBuffers) -> RootedGraphPart {
        let file = files[f]
        var part = RootedGraphPart()
        let nodes = inputs.nodes
        // Calls of project views made in the file, and those an edge follows: a view called
        // somewhere no edge follows has creators the graph does not know. The calls are a list
        // in file order, each with its view's key: sets of ranges by key were made, grown and
        // compared for every file.
        // The edges' ranges are a list, sorted once at the end and searched there: a set of
        // them was grown (rehashed) edge by edge in every file.
        var seenCalls: [SourceRange] = []
        // Each with the id of the type whose declaration makes the call (-1 for a global's).
        var allCalls: [(range: SourceRange, owner: Int, child: Int)] = []
        func add(_ child: Int, _ edge: ViewEdge, creator: Int) {
            part.edges.append((child, creator, edge))
            seenCalls.append(edge.range)
        }
        // Every call that creates a node names a type of the project (its simple name is one of
        // `constructibleTypeNames`, of which the nodes' are a part), so the file's calls that may
        // construct a project type (`numberedCalls(inFile:)`, a fact other rules read too) hold
        // them all: only those are resolved, where every call of every member was read, its
        // name compared and looked up. Calls of members of protocols, and of declarations with
        // no type, are not the graph's, as before.
        do {
            let types = file.types, globals = file.globals
            var lastDecl: Int32 = -2
            var lastOwner: TypeInfo? = nil
            var lastTaken = false
            for entry in numbered {
                if entry.decl != lastDecl {
                    lastDecl = entry.decl
                    if entry.decl < 0 {
                        lastOwner = nil
                        lastTaken = true
                    } else {
                        let index = Int(entry.decl)
                        lastOwner = types[index].kind == .protocol ? nil : typeInfo(of: DeclRef(file: f, index: index))
                        lastTaken = lastOwner != nil
                    }
                }
                // The call's name is numbered already: told a node's or not by its number, where
                // the set of nodes' names hashed it.
                guard lastTaken, nodes.mayCreateNode(number: entry.name) else { continue }
                let calls = entry.member(types: types, globals: globals).calls
                let c = Int(entry.call)
                guard let name = ProjectModel.calledViewName(calls[c].callee),
                      let child = calledView(named: name, from: lastOwner, nodes: nodes) else { continue }
                allCalls.append((calls[c].range, lastOwner?.id ?? -1, child.id))
            }
            // In source order, for `NodeCalls.child` (and the check of the calls no edge follows).
            allCalls.sort { $0.range < $1.range }
        }
        // Room for an edge per call of a node at once (most edges are such calls): grown from
        // empty, the list was reallocated about 2,100 times on the 14 apps.
        seenCalls.reserveCapacity(allCalls.count)
        // The walks' calls of nodes are among those just resolved, with the same owner, when the
        // numbers tell every node's name: asked there, not resolved again (about 4,000 of the
        // 17,000 calls the walks met on the 14 apps named a node, each resolved twice).
        let resolved = NodeCalls(calls: allCalls, complete: nodes.numbersCoverNames)
        // A file with no hosting call (`hostingFiles`) has no member whose calls need reading for one.
        let fileMayHost = inputs.hostingFiles[f]
        // Hosting controllers created in any member of a declaration (after the edges of its builders).
        func recordHosting(_ decl: TypeDecl, owner: TypeInfo) {
            // Asked once per declaration that hosts a view, not once per hosting call.
            lazy var insideSwiftUI = hostingInsideSwiftUI()
            guard fileMayHost else { return }
            for member in decl.members {
                for call in member.calls where GraphNames.isHostingType(call.name) {
                    guard let root = call.argument("rootView"),
                          let hosted = hostedView(root, member: member, owner: owner) else { continue }
                    let (child, modifiers, inner) = hosted
                    // The hosting call is the path's one step (a container's, which no reader names).
                    var hostingPath = GraphPathEnd()
                    hostingPath.enterContainer(isSplitView: false)
                    let opaque = isGraphNode(owner) || conforms(owner, toAnyOf: GraphNames.representables)
                        || insideSwiftUI.contains(owner.qualifiedName) || insideSwiftUI.contains(simpleTypeName(owner.qualifiedName))
                        || isNestedInView(owner)
                    add(child.id, ViewEdge(source: opaque ? .opaque : .hosting, parentID: owner.id,
                                        parentName: "\(call.name)(rootView:) in \(owner.qualifiedName)",
                                        path: hostingPath, injected: injections(modifiers, owner: owner, member: member),
                                        navigation: .open, deferred: false, isConditional: false, file: f,
                                        range: inner ?? root.range), creator: owner.id)
                }
            }
        }
        // The entries' names are told by id: every member's name was spelled out and compared
        // with them, several times per member. No id means no member has the name.
        let bodyID = inputs.entryIDs.body, previewsID = inputs.entryIDs.previews
        // A cursor through the file's builders, which are in declaration order.
        var nextBuilder = 0
        let types = file.types
        for i in types.indices where types[i].kind != .protocol {
            let decl = types[i]
            let members = decl.members
            // The declaration's builders, a run of the file's list (each member was asked), read
            // through it: an array of them was made for every declaration.
            let firstBuilder = nextBuilder
            while nextBuilder < refs.count && Int(refs[nextBuilder].decl) == i { nextBuilder += 1 }
            let builders = DeclarationBuilders(members: members, refs: refs[firstBuilder..<nextBuilder])
            guard let owner = typeInfo(of: DeclRef(file: f, index: i)) else { continue }
            // Conformances are asked only of declarations that can use them: an `App` declares
            // its `body` (the declaration with it records the app), a preview provider `previews`.
            // Read in place, by index: the members' iterator retained and released each one.
            var declaresBody = false, declaresPreviews = false
            for m in members.indices {
                let id = members[m].nameID
                if id == bodyID { declaresBody = true } else if id == previewsID { declaresPreviews = true }
            }
            let isApp = declaresBody && owner.isDeclaredInProject
                && (owner.inherited.contains("App") || (inputs.appAncestors && conforms(owner, toAnyOf: GraphNames.app)))
            if isApp { part.apps.append(owner.key) }
            if builders.isEmpty { recordHosting(decl, owner: owner); continue }
            // A type none of whose declarations calls a node adds no edge (`typesCallingNodes`):
            // on the 14 apps the walks of such types' builders were about 31 M of the files'
            // parts' 180.6 M instructions.
            if nodes.numbersCoverNames && !inputs.mayCallNodes(owner.id) {
                recordHosting(decl, owner: owner)
                continue
            }
            let isNode = nodes.contains(owner)
            let isPreviewProvider = declaresPreviews && conforms(owner, toAnyOf: GraphNames.previewProvider)
            // A type declared once with one builder has no helper to enter, and that builder is
            // the first of its name: the type's table of builders by name (about 3,700
            // instructions a type) is not made for it. On the 14 apps, 1,858 of 3,469 are so.
            let alone = builders.count == 1 && owner.declarations.count == 1
            let helpers = alone ? [:] : builderMembersByName(owner)
            // Every member a walk of the type reads (a builder, a helper it enters) is one of this
            // file's, so its calls are among the file's numbered ones.
            let answersWalks = resolved.complete
                && (alone || owner.declarations.allSatisfy { $0.file == f && types[$0.index].kind != .protocol })
            func isEntry(_ member: Member) -> Bool {
                (declaresBody && member.nameID == bodyID) || (isPreviewProvider && member.nameID == previewsID)
            }
            // Walks one builder member of the declaration, its edges in `part`; `entered` hears
            // of each helper the walk enters. Not optional, so not escaping: an escaping one made
            // each access to the variables it captured a checked one (`swift_beginAccess`).
            func walkBuilder(_ member: Member, asEntry: Bool, entered: (String) -> Void = { _ in }) {
                let isPreviews = isPreviewProvider && member.nameID == previewsID
                let source: ViewEdge.Source
                if isApp && asEntry { source = .app }
                else if isPreviews { source = .preview }
                else if isNode && asEntry { source = .view }
                else { source = .opaque }
                var start = GraphContext()
                if source == .app { start.injected = delegateAdaptorTypes(of: owner) }
                let creator = source == .preview ? part.namedCreator("#preview@\(f):\(member.range.start)") : owner.id
                walkGraph(member, owner: owner, file: f, start: start, helpers: helpers, entered: entered,
                          buffers: &buffers) { _, place, tables, call in
                    guard let call, let child = answersWalks ? resolved.child(calledAt: call.range, owner: owner.id)
                        : calledView(call, from: owner, nodes: nodes)?.id else { return }
                    add(child, ViewEdge(source: source, parentID: source == .preview ? nil : owner.id,
                                        parentName: source == .preview ? "\(decl.name).previews" : owner.qualifiedName,
                                        path: place.path, injected: tables.injected(place), navigation: place.navigation,
                                        deferred: place.deferred, isConditional: place.isConditional,
                                        file: f, range: call.range, inTab: place.inTab,
                                        innermostModifierContent: tables.innermostModifierContent(place)), creator: creator)
                }
            }
            // The members the entries use (`inlinedMembers`) are walked in place by the entries'
            // walks, and not again on their own: the entries are walked first, and the helpers
            // each enters are those it inlines. Their edges wait for their turn in member order.
            var inlined: Set<String> = []
            var entryEdges: [(builder: Int, edges: [(child: Int, creator: Int, edge: ViewEdge)])] = []
            if declaresBody || isPreviewProvider {
                var walkedEntries: [String] = []
                for (k, member) in builders.enumerated() where isEntry(member) {
                    var edges: [(child: Int, creator: Int, edge: ViewEdge)] = []
                    swap(&edges, &part.edges)
                    // Only the entry `inlinedMembers` starts from, the type's first builder of the name.
                    let name = member.name
                    let isFirstOfName = alone || helpers[name] === member
                    walkBuilder(member, asEntry: true) { if isFirstOfName { inlined.insert($0) } }
                    if isFirstOfName { walkedEntries.append(name) }
                    swap(&edges, &part.edges)
                    entryEdges.append((k, edges))
                }
                var entries: Set<String> = []
                if declaresBody && !walkedEntries.contains("body") { entries.insert("body") }
                if isPreviewProvider && !walkedEntries.contains("previews") { entries.insert("previews") }
                if !entries.isEmpty { inlined.formUnion(inlinedMembers(entries: entries, helpers: helpers)) }
            }
            var nextEntry = 0
            for (k, member) in builders.enumerated() {
                if nextEntry < entryEdges.count && entryEdges[nextEntry].builder == k {
                    part.edges.append(contentsOf: entryEdges[nextEntry].edges)
                    nextEntry += 1
                    continue
                }
                if !inlined.isEmpty && inlined.contains(member.name) { continue }
                walkBuilder(member, asEntry: false)
            }
            recordHosting(decl, owner: owner)
        }
        for member in file.globals {
            guard member.buildsViews else { continue }
            let creator = part.namedCreator("global:\(member.name)")
            // A global's walk enters no helper: its calls are the global's own, numbered with the file's.
            walkGraph(member, owner: nil, file: f, start: GraphContext(), buffers: &buffers) { _, place, tables, call in
                guard let call, let child = resolved.complete ? resolved.child(calledAt: call.range, owner: -1)
                    : calledView(call, from: nil, nodes: nodes)?.id else { return }
                add(child, ViewEdge(source: .opaque, parentID: nil, parentName: member.name, path: place.path,
                                    injected: tables.injected(place), navigation: place.navigation,
                                    deferred: place.deferred, isConditional: place.isConditional, file: f,
                                    range: call.range, innermostModifierContent: tables.innermostModifierContent(place)),
                    creator: creator)
            }
        }
        for macro in file.macros where macro.name == "Preview" {
            guard let builder = macro.builder else { continue }
            let member = Member(kind: .computedProperty, name: "#Preview", nameRange: macro.nameRange, range: macro.range)
            member.builder = builder
            let owner = macro.enclosingType.flatMap { typeInfo(of: DeclRef(file: f, index: $0)) }
            let creator = part.namedCreator("#preview@\(f):\(macro.range.start)")
            // `#Preview(traits: .modifier(SampleData()))`: a preview modifier may inject anything.
            var start = GraphContext()
            if macro.headerSpellsTraitsOrModifier { start.injected = [GraphNames.unknownInjection] }
            walkGraph(member, owner: owner, file: f, start: start, buffers: &buffers) { expression, place, tables, _ in
                guard let name = expression.baseTypeName, let child = resolveType(name, from: owner),
                      nodes.contains(child) else { return }
                add(child.id, ViewEdge(source: .preview, parentID: nil, parentName: "#Preview", path: place.path,
                                    injected: tables.injected(place), navigation: place.navigation,
                                    deferred: place.deferred, isConditional: place.isConditional, file: f,
                                    range: expression.baseRange, innermostModifierContent: tables.innermostModifierContent(place)),
                    creator: creator)
            }
        }
        if !allCalls.isEmpty {
            seenCalls.sort()
            for (range, _, child) in allCalls where !ProjectModel.sortedRanges(seenCalls, contain: range) {
                part.incomplete.append(child)
            }
        }
        return part
    }

    /// Does `sorted` (ascending) hold `range`? A binary search.
    static func sortedRanges(_ sorted: [SourceRange], contain range: SourceRange) -> Bool {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < range { low = middle + 1 } else { high = middle }
        }
        return low < sorted.count && sorted[low] == range
    }

    /// The project view or scene a call creates (`Child(...)`, `Child.init(...)`).
    func calledView(_ call: CallSite, from owner: TypeInfo?) -> TypeInfo? {
        calledView(call, from: owner, nodes: graphNodes)
    }

    /// `calledView(_:from:)` with the graph's nodes, for a caller that asks of many calls: passed
    /// as they are, where an optional of them was copied (its tables retained) on every ask.
    func calledView(_ call: CallSite, from owner: TypeInfo?, nodes: GraphNodes) -> TypeInfo? {
        guard let name = ProjectModel.calledViewName(call.callee) else { return nil }
        // Most calls build no project view: their name is no node's simple name.
        guard nodes.mayBeNodeName(name) else { return nil }
        return calledView(named: name, from: owner, nodes: nodes)
    }

    /// The name of the type a call of `chain` creates, in the shapes the graph follows
    /// (`Child(...)`, `Child.init(...)`, `SwiftUI.Child(...)`); nil for any other call.
    static func calledViewName(_ chain: [String]) -> String? {
        var count = chain.count
        if count >= 2, chain[count - 1] == "init" { count -= 1 }
        if count == 1 { return chain[0] }
        if count == 2, chain[0] == "SwiftUI" { return chain[1] }
        return nil
    }

    /// The node a call named `name` (`calledViewName`) creates from `owner`, once its name is
    /// known to be a node's simple name.
    func calledView(named name: String, from owner: TypeInfo?, nodes: GraphNodes) -> TypeInfo? {
        guard let child = resolveType(name, from: owner), nodes.contains(child) else { return nil }
        return child
    }

    /// The project's views and scenes (a type declared in the project that is a view or
    /// conforms to `Scene`), by type id, and their simple names, once per run: a call's type is
    /// then told a node by one lookup, not by walking its conformances at every call. Made a
    /// run of type ids at a time, each type once (by file, it was asked once per declaration).
    var graphNodes: GraphNodes {
        let count = typeCount
        return fact("viewGraph.nodeKeys", parts: (count + GraphNodes.run - 1) / GraphNodes.run, part: { run -> [Int] in
            // Without a type that names `Scene` among its conformances, no project type is a
            // scene: the conformances of the types that are not views need no walk.
            let mayHaveScenes = fact("viewGraph.mayHaveScenes") { types.values.contains { $0.inherited.contains("Scene") } }
            // Asked once per run, where every type that is not a view found it by its name.
            var sceneAncestors: Memo<Bool> = .notAsked
            var ids: [Int] = []
            for id in (run * GraphNodes.run)..<min(count, (run + 1) * GraphNodes.run) {
                let candidate = type(id: id)
                guard candidate.isDeclaredInProject,
                      isView(candidate) || (mayHaveScenes && conformsToScene(candidate, throughProject: &sceneAncestors))
                else { continue }
                ids.append(id)
            }
            return ids
        }, merge: { runs in
            var isNode = [Bool](repeating: false, count: count)
            var names: Set<String> = []
            for run in runs {
                for id in run {
                    isNode[id] = true
                    names.insert(ProjectModel.simpleTypeKeyName(type(id: id).key))
                }
            }
            // Every node is declared in the project, so its simple name is numbered among the
            // constructible names; were one not, the names are asked as a set, as before.
            let numbers = constructibleNumbers
            var isNodeNumber = [Bool](repeating: false, count: numbers.names.count)
            var numbered = true
            for name in names {
                if let k = numbers.number(of: name), k < isNodeNumber.count { isNodeNumber[k] = true } else { numbered = false }
            }
            return GraphNodes(isNode: isNode, simpleNames: FilteredNames(names), numbers: numbers,
                              isNodeNumber: isNodeNumber, numbersCoverNames: numbered)
        })
    }

    /// `conforms(type, toAnyOf: GraphNames.scene)`. The walk goes up only through the project's
    /// protocols and classes, and ends at a type that names `Scene` itself: when no project
    /// protocol or class names it (the usual case: a project declares scenes, not protocols or
    /// classes of them), a type conforms only by naming `Scene` itself, and needs no walk.
    /// `throughProject` keeps `projectAncestors.namesScene` for the caller's next ask.
    func conformsToScene(_ type: TypeInfo, throughProject: inout Memo<Bool>) -> Bool {
        if type.inherited.contains("Scene") { return true }
        return throughProject.answer { projectAncestors.namesScene } && conforms(type, toAnyOf: GraphNames.scene)
    }

    /// Which of `Scene` and `App` a project protocol or class names among its conformances, in
    /// one pass over the types. When none names `App`, a type is an app only by naming `App`
    /// itself (as `conformsToScene` tells scenes): the graph asks of every declaration with a
    /// `body`, and the walk resolved each of its conformances.
    var projectAncestors: ProjectAncestors {
        fact("viewGraph.projectAncestors") { () -> ProjectAncestors in
            var found = ProjectAncestors()
            for ancestor in types.values
            where ancestor.isDeclaredInProject && (ancestor.kind == .protocol || ancestor.kind == .class) {
                let inherited = ancestor.inherited
                if inherited.contains("Scene") { found.namesScene = true }
                if inherited.contains("App") { found.namesApp = true }
                if found.namesScene && found.namesApp { break }
            }
            return found
        }
    }

    /// Classes created inside a view or a representable: a hosting controller they make shows
    /// its content inside a SwiftUI hierarchy, which it inherits from. Only the names of types
    /// that create a hosting controller (`hostingOwnerNames`), the only ones asked about: the
    /// set of every name views call hashed every call of every view.
    func hostingInsideSwiftUI() -> Set<String> {
        // Asked once per ask of this fact (once per declaration that hosts a view), not once per
        // file: a per-file fact costs a thousand instructions per ask.
        let owners = hostingOwnerNames()
        return fact("viewGraph.hostingInsideSwiftUI", perFile: { f -> Set<String> in
            var result: Set<String> = []
            if owners.names.isEmpty { return result }
            for (i, decl) in files[f].types.enumerated() where decl.kind != .protocol {
                guard let owner = typeInfo(of: DeclRef(file: f, index: i)), isView(owner) else { continue }
                // Read in place, by index, as the calls are: the members' iterator copied each
                // member out, retaining its fields.
                let members = decl.members
                for m in members.indices {
                    // Read in place, by index: each call copied out was retained and released.
                    // The chain read once per call, where counting and naming it read it twice.
                    let calls = members[m].calls
                    for c in calls.indices {
                        let callee = calls[c].callee
                        if callee.count == 1 && owners.contains(callee[0]) { result.insert(callee[0]) }
                    }
                }
            }
            return result
        }, merge: ProjectModel.mergeUnion)
    }

    /// The qualified and simple names of the types whose members create a hosting controller
    /// (`GraphNames.hostingTypes`), with a filter of them.
    func hostingOwnerNames() -> FilteredNames {
        // Asked once per thread that makes parts, not once per file (a few hundred instructions an ask).
        var hosting: Memo<[Bool]> = .notAsked
        return fact("viewGraph.hostingOwnerNames", perFile: { f -> [String] in
            var result: [String] = []
            guard hosting.answer({ hostingFiles })[f] else { return result }
            for (i, decl) in files[f].types.enumerated() where decl.kind != .protocol {
                guard decl.members.contains(where: { $0.calls.contains { GraphNames.isHostingType($0.name) } }),
                      let owner = typeInfo(of: DeclRef(file: f, index: i)) else { continue }
                result.append(owner.qualifiedName)
                result.append(simpleTypeName(owner.qualifiedName))
            }
            return result
        }, merge: { FilteredNames(Set($0.joined())) })
    }

    /// By file: may a declaration of the file (not a protocol) create a hosting controller? One
    /// scan of each file's bytes for the run: `rootedGraphPart` and `hostingOwnerNames` each
    /// scanned every file.
    var hostingFiles: [Bool] {
        fact("viewGraph.hostingFiles", perFile: { f -> Bool in
            // Every hosting type's name spells `Hosting` (`GraphNames.hostingTypes`): a file that
            // never does creates none, and its calls' names need not be read for one.
            guard files[f].mentions(.hosting) else { return false }
            return files[f].types.contains { decl in
                decl.kind != .protocol && decl.members.contains { $0.calls.contains { GraphNames.isHostingType($0.name) } }
            }
        }, merge: { $0 })
    }

    /// Is the type declared inside a view (a representable's `Coordinator`)?
    func isNestedInView(_ type: TypeInfo) -> Bool {
        var name = type.qualifiedName
        while let dot = name.lastIndex(of: ".") {
            name = String(name[..<dot])
            if let outer = resolveType(name), outer.isDeclaredInProject, isView(outer) { return true }
        }
        return false
    }

    /// The members `body` (or the entries) use through `helper`, `self.helper`, `helper(...)`.
    func inlinedMembers(entries: Set<String>, helpers byName: [String: Member]) -> Set<String> {
        var result: Set<String> = []
        var stack = entries.compactMap { byName[$0] }
        var steps = 0
        while let member = stack.popLast(), steps < 10_000 {
            steps += 1
            for expression in member.viewExpressions {
                if let name = helperName(expression), let helper = byName[name], result.insert(name).inserted {
                    stack.append(helper)
                }
            }
        }
        return result
    }

    /// `helper`, `self.helper`, `helper(x)`: a view expression that names a member of the type.
    func helperName(_ expression: ViewExpression) -> String? {
        // A call of a type (`Text(...)`, most views) names no member: told from the view's flags,
        // without copying its callee out.
        if expression.hasBaseTypeName { return nil }
        if let chain = expression.baseCallee {
            if chain.count == 1, startsLowercase(chain[0], orUnderscore: false) { return chain[0] }
            if chain.count == 2, chain[0] == "self" { return chain[1] }
            return nil
        }
        // The source's bytes in place, a string made only for a name: asked of every view
        // without a call, where spelling its base's text was most of the cost. Where the name
        // would start with a byte that is not ASCII, the text's characters decide (a letter's
        // case, a combining mark after `self.`), as below.
        // A base whose first byte is ASCII and neither a lowercase letter nor `_` (nor the `s`
        // of `self.`) is no name: told without normalising the text.
        if let initial = expression.baseTextFirstASCII,
           !((initial >= UInt8(ascii: "a") && initial <= UInt8(ascii: "z")) || initial == UInt8(ascii: "_")) { return nil }
        let bytes = expression.baseTextUTF8
        var start = bytes.startIndex
        if bytes.first == UInt8(ascii: "s") && bytes.starts(with: "self.".utf8) { start += 5 }
        if start == bytes.endIndex { return nil }
        let first = bytes[start]
        if first < 0x80 {
            guard (first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z")) || first == UInt8(ascii: "_"),
                  bytes[start...].allSatisfy(CharacterClasses.isNameByte) else { return nil }
            return String(decoding: bytes[start...], as: UTF8.self)
        }
        var text = Substring(expression.baseText)
        // The first byte first: the generic `hasPrefix` was most of this for names not starting so.
        if text.utf8.first == UInt8(ascii: "s") && text.hasPrefix("self.") { text = text.dropFirst(5) }
        guard startsLowercase(text, orUnderscore: true), isPlainName(text) else { return nil }
        return String(text)
    }

    /// The types an `App`'s delegate adaptors make observable in its scenes' environment.
    func delegateAdaptorTypes(of app: TypeInfo) -> Set<String> {
        var result: Set<String> = []
        for (_, member) in members(of: app) where member.kind == .storedProperty {
            guard let attribute = member.attributes.first(where: { GraphNames.delegateAdaptors.contains($0.name) }) else { continue }
            if let text = member.typeText, let name = TypeText.baseName(text) { result.insert(simpleTypeName(name)) }
            if let arguments = attribute.arguments, arguments.hasSuffix(".self") {
                result.insert(simpleTypeName(String(arguments.dropLast(5))))
            }
        }
        return result
    }

    /// The view a hosting controller's `rootView:` builds, with the modifiers applied to it
    /// and the range of the view's call.
    func hostedView(_ argument: Argument, member: Member, owner: TypeInfo) -> (TypeInfo, [(String, ArgumentList)], SourceRange?)? {
        var shape = argument.shape
        if case .identifier(let name) = shape, let local = member.localValues[name] { shape = local }
        var modifiers: [(String, ArgumentList)] = []
        var steps = 0
        while steps < 200 {
            steps += 1
            switch shape {
            case .call(.member(let base?, let name), let arguments, _):
                modifiers.append((name, arguments))
                shape = base
                continue
            case .call(let callee, let arguments, _):
                guard var chain = callee.nameChain else { return nil }
                if chain.count >= 2, chain.last == "init" { chain.removeLast() }
                if chain == ["AnyView"], let first = arguments.first {
                    shape = first.shape
                    continue
                }
                guard chain.count == 1, let child = resolveType(chain[0], from: owner), isGraphNode(child) else { return nil }
                let inner = member.calls.first {
                    $0.range.start >= argument.range.start && $0.range.end <= argument.range.end
                        && calledView($0, from: owner)?.key == child.key
                }
                return (child, modifiers, inner?.range)
            default:
                return nil
            }
        }
        return nil
    }

    func simpleTypeName(_ name: String) -> String {
        let stripped = KnownNames.stripModule(name)
        // An ASCII name is split by its bytes in place, which are its characters: `split` made
        // every part a string of its Characters, about 5,300 instructions a name.
        let ascii = stripped.utf8.withContiguousStorageIfAvailable { bytes -> String? in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            let name = ProjectModel.simpleNameBounds(bytes, endingBefore: nil)
            // An empty last part (a trailing dot, or none but dots), which `split` omits, takes
            // the general path below.
            guard !name.isEmpty else { return nil }
            if name.count == bytes.count { return stripped }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[name]), as: UTF8.self)
        }
        if let result = ascii ?? nil { return result }
        return stripped.split(separator: ".").last.map(String.init) ?? stripped
    }

    /// The types a chain of modifiers injects into the environment of the view it modifies.
    public func injections(_ modifiers: [(String, ArgumentList)], owner: TypeInfo?, member: Member?) -> Set<String> {
        var result: Set<String> = []
        let nonInjecting = GraphNames.nonInjectingTable
        for (name, arguments) in modifiers {
            addInjection(name, arguments, owner: owner, member: member, nonInjecting: nonInjecting, into: &result)
        }
        return result
    }

    /// Adds what a view's modifiers inject to `injected`, read from the modifiers in place: the
    /// graph walk asks this of every view, and most views inject nothing, so the set (shared
    /// with the enclosing view's context) is not copied unless a new type joins it.
    /// `nonInjecting` is `GraphNames.nonInjectingTable`, read once by a caller that asks of many
    /// views: each read of the static goes through the runtime's once-check (`swift_once`, about
    /// 100 instructions), which the graph's walks paid for every view with modifiers.
    func addInjections(of expression: ViewExpression, owner: TypeInfo?, member: Member?, nonInjecting: ASCIINameTable,
                       into injected: inout Set<String>) {
        // By index: each modifier taken out whole retained its five lists and strings.
        let modifiers = expression.modifiers
        for i in modifiers.indices {
            addInjection(modifiers[i].name, modifiers[i].arguments, owner: owner, member: member, nonInjecting: nonInjecting,
                         into: &injected)
        }
    }

    /// Adds what one modifier injects to `result`.
    private func addInjection(_ name: String, _ arguments: ArgumentList, owner: TypeInfo?, member: Member?,
                              nonInjecting: ASCIINameTable, into result: inout Set<String>) {
        func add(_ type: String) { if !result.contains(type) { result.insert(type) } }
        // Told by length first, then one comparison: asked of every modifier of every view the
        // graph walks, where a `switch` over the names compared each with them all.
        switch name.utf8.count {
        case 17 where name == "environmentObject":
            add(arguments.first.map { injectedType($0.shape, owner: owner, member: member) } ?? GraphNames.unknownInjection)
        case 11 where name == "environment":
            if arguments.count == 1, let argument = arguments.first {
                if case .keyPath = argument.shape { return }
                add(injectedType(argument.shape, owner: owner, member: member))
            } else if arguments.count == 2, case .keyPath(_, let components) = arguments[0].shape {
                if components == ["modelContext"] { add(GraphNames.modelContainerKey) }
            }
        case 14 where name == "modelContainer", 12 where name == "modelContext":
            add(GraphNames.modelContainerKey)
        case 8 where name == "modifier":
            // `.modifier(Injecting())`: a project modifier may inject anything.
            add(GraphNames.unknownInjection)
        default:
            // A custom modifier (`.withAppEnvironment()`) may inject anything. Once anything may
            // be injected, the name need not be looked up (nor, when nothing is, that).
            if (result.isEmpty || !result.contains(GraphNames.unknownInjection))
                && !nonInjecting.contains(name) {
                result.insert(GraphNames.unknownInjection)
            }
        }
    }

    /// The type of an injected value, as a simple name; `*` when it is not written down.
    func injectedType(_ shape: ExprShape, owner: TypeInfo?, member: Member?) -> String {
        var shape = shape
        if case .forceUnwrap(let inner) = shape { shape = inner }
        if let name = ProjectModel.newInstanceTypeName(shape) { return simpleTypeName(name) }
        var chain = shape.nameChain ?? []
        if chain.count >= 2, chain[0] == "self" { chain.removeFirst() }
        guard let first = chain.first, !first.isEmpty else { return GraphNames.unknownInjection }
        // The first name's type: a local built from a type, a parameter or property, or a type.
        var text: String? = nil
        if let member, let local = member.localValues[first] {
            text = ProjectModel.newInstanceTypeName(local)
            if text == nil { return GraphNames.unknownInjection }
        } else if let known = typeText(of: first, in: owner, member: member) {
            text = known
        } else if first.first?.isUppercase == true, chain.count >= 2, let type = resolveType(first, from: owner),
                  type.isDeclaredInProject {
            // `Store.shared`: a static property of a project type, with its declared type.
            guard let property = staticProperty(chain[1], of: type), let declared = TypeText.declared(property)
            else { return GraphNames.unknownInjection }
            text = declared
            chain.removeFirst()
        }
        guard var current = text else { return GraphNames.unknownInjection }
        // `model.settings`: each further name is a property of the previous one's project type.
        for name in chain.dropFirst() {
            guard let type = resolveTypeText(current, from: owner), type.isDeclaredInProject,
                  let property = property(name, of: type), !property.isStatic, let declared = TypeText.declared(property)
            else { return GraphNames.unknownInjection }
            current = declared
        }
        if TypeText.isOptional(current) {
            current = String(current.reversed().drop { $0 == "?" || $0 == "!" || $0 == " " }.reversed())
        }
        guard let name = TypeText.baseName(current) else { return GraphNames.unknownInjection }
        return simpleTypeName(name) + genericSuffix(current)
    }

    func staticProperty(_ name: String, of type: TypeInfo) -> Member? {
        members(of: type).first {
            ($0.member.kind == .storedProperty || $0.member.kind == .computedProperty) && $0.member.isStatic
                && $0.member.name == name
        }?.member
    }

    /// `<A>` of `Box<A>?`, without spaces, `?` or `!`; empty for a type with no generic arguments.
    func genericSuffix(_ text: String) -> String {
        let utf8 = text.utf8
        guard let angle = utf8.firstIndex(of: UInt8(ascii: "<")) else { return "" }
        return String(decoding: utf8[angle...].filter {
            $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "!")
        }, as: UTF8.self)
    }

    /// Walks a member's builder with the graph context of each view, following the member's
    /// own helpers (`body` using `content`, `row(item)`) in place, each at most once per walk.
    /// `helpers` are the owner's builder members by name (`builderMembersByName`), when the
    /// caller has them already; `entered` hears the name of each helper the walk enters.
    /// `visit` hears each view with its place, whose injected types and modifier the walk's
    /// tables spell (`GraphWalkTables`): a `GraphContext` per view and block, with a set and a
    /// string in it, was copied (retained, released, through outlined copies) at every step.
    public func walkGraph(_ member: Member, owner: TypeInfo?, file: Int, start: GraphContext,
                          helpers known: [String: Member]? = nil, entered: (String) -> Void = { _ in },
                          visit: (ViewExpression, GraphPlace, GraphWalkTables, CallSite?) -> Void) {
        var buffers = BuilderWalkBuffers()
        walkGraph(member, owner: owner, file: file, start: start, helpers: known, entered: entered, buffers: &buffers,
                  visit: visit)
    }

    /// `walkGraph(_:owner:file:start:helpers:entered:visit:)` in `buffers`' room: a caller that
    /// walks many builders passes the same ones, whose room two heap blocks per walk made and freed.
    func walkGraph(_ member: Member, owner: TypeInfo?, file: Int, start: GraphContext,
                   helpers known: [String: Member]? = nil, entered: (String) -> Void = { _ in },
                   buffers: inout BuilderWalkBuffers,
                   visit: (ViewExpression, GraphPlace, GraphWalkTables, CallSite?) -> Void) {
        let helpers = known ?? owner.map { builderMembersByName($0) } ?? [:]
        let tracks = start.tracksPathAndInjections
        // Read once per walk, not at every view and block (see `addInjections`).
        let nonInjecting = GraphNames.nonInjectingTable, deferredOwnerLengths = GraphNames.deferredOwnerLengths
        // Project containers' names, to skip SDK views (`VStack`, `List`) without resolving them;
        // looked up at the first view with content, since a fact is found by its name.
        var containerNames: Memo<ConstructibleNames> = .notAsked
        // Helpers entered, by identity: `helpers` holds one member per name, so this is the set
        // of their names (a set of strings made and hashed for every walk). The walked member's
        // own name counts as entered, as the helper of that name.
        var visitedHelpers = VisitedSet<ObjectIdentifier>()
        // Helpers not yet entered: once none is left (a type whose only builder is `body`, the
        // usual case), views are not asked for a helper's name, which spelled and hashed one
        // for every view named in lowercase.
        var helpersLeft = helpers.count
        if !helpers.isEmpty, let own = helpers[member.name] {
            _ = visitedHelpers.insert(ObjectIdentifier(own))
            helpersLeft -= 1
        }
        // Taken out for the walk and put back after it, with their room.
        var tables = GraphWalkTables(start, room: &buffers)
        var stack = BuilderWalkBuffers.take(&buffers.graphStack, reserving: 16)
        // Kept for the next walk only from the same type: a name resolves from its type.
        let ownerID = owner?.id ?? -1
        if buffers.containersOwner != ownerID {
            buffers.containersOwner = ownerID
            buffers.containers = ResolvedViews()
        }
        var containers = ResolvedViews()
        swap(&containers, &buffers.containers)
        defer {
            swap(&tables.injectedSets, &buffers.injectedSets)
            swap(&tables.modifierNames, &buffers.modifierNames)
            swap(&stack, &buffers.graphStack)
            swap(&containers, &buffers.containers)
        }
        var first = GraphPlace()
        first.path = start.path
        first.navigation = start.navigation
        first.deferred = start.deferred
        first.isConditional = start.isConditional
        first.inTab = start.inTab
        if start.innermostModifierContent != nil { first.modifier = 0 }
        if let builder = member.builder { stack.append((builder, first, member)) }
        else if let returned = member.returnedViews { stack.append((returned, first, member)) }
        var steps = 0
        while let (block, context, current) = stack.popLast(), steps < 100_000 {
            steps += 1
            // Items read in place: each one copied out of the block retained its view.
            let items = block.items
            for i in items.indices {
                switch items[i] {
                case .view(let expression):
                    let call = current.call(at: expression.baseRange)
                    var here = context
                    if tracks && !expression.modifiers.isEmpty {
                        // Most views inject nothing: the set is kept as a new one only when a
                        // modifier added to it (adding never removes).
                        var injected = tables.injectedSets[Int(here.injected)]
                        let count = injected.count
                        addInjections(of: expression, owner: owner, member: current, nonInjecting: nonInjecting, into: &injected)
                        if injected.count != count {
                            here.injected = Int32(tables.injectedSets.count)
                            tables.injectedSets.append(injected)
                        }
                    }
                    if helpersLeft > 0, let name = helperName(expression),
                       let helper = helpers[name], visitedHelpers.insert(ObjectIdentifier(helper)) {
                        helpersLeft -= 1
                        entered(name)
                        if let block = helper.builder ?? helper.returnedViews { stack.append((block, here, helper)) }
                    }
                    visit(expression, here, tables, call)
                    let name = expression.baseTypeName ?? ""
                    if name == "NavigationLink", let destination = call?.argument("destination"),
                       let inner = current.calls.first(where: {
                           $0.range.start == destination.range.start && $0.range.end <= destination.range.end }) {
                        var pushed = here
                        if tracks { pushed.path.enterLinkDestination() }
                        pushed.navigation = .enclosed
                        pushed.deferred = true
                        if let child = calledView(inner, from: owner),
                           let synthetic = Optional(ViewExpression(baseText: child.qualifiedName, baseCallee: inner.callee,
                                                                   baseRange: inner.range, modifiers: [], contents: [],
                                                                   range: inner.range)) {
                            visit(synthetic, pushed, tables, inner)
                        }
                    }
                    let contents = expression.contents
                    for index in contents.indices {
                        var inner = here
                        let modifierOwner = expression.contentOwner(at: index)
                        let step = NavigationStep.entering(expression, content: index, name: name, owner: modifierOwner)
                        if modifierOwner.isEmpty {
                            if tracks {
                                if step == .pushes { inner.path.enterLinkDestination() }
                                else { inner.path.enterContainer(isSplitView: name == "NavigationSplitView") }
                            }
                        } else {
                            if tracks { inner.path.enterModifierContent() }
                            inner.modifier = Int32(tables.modifierNames.count)
                            tables.modifierNames.append(modifierOwner)
                            if GraphNames.isDeferredOwner(modifierOwner, lengths: deferredOwnerLengths) { inner.deferred = true }
                        }
                        switch step {
                        case .keeps, .beside: break
                        case .sets(let navigation): inner.navigation = navigation
                        case .pushes:
                            inner.navigation = .enclosed
                            inner.deferred = true
                        case .projectContainer, .tabs:
                            if containerNames.answer({ self.constructibleNames }).mayBeProjectType(identifier: name),
                               let id = containers.id(of: name, {
                                   resolveType(name, from: owner).flatMap { $0.isDeclaredInProject ? $0.id : nil } }) {
                                let facts = containerFacts(type(id: id))
                                if facts.injects && !tables.injectedSets[Int(inner.injected)].contains(GraphNames.unknownInjection) {
                                    var injected = tables.injectedSets[Int(inner.injected)]
                                    injected.insert(GraphNames.unknownInjection)
                                    inner.injected = Int32(tables.injectedSets.count)
                                    tables.injectedSets.append(injected)
                                }
                                if facts.navigates { inner.navigation = .enclosed }
                            } else if step == .tabs {
                                inner.inTab = true
                            }
                        }
                        stack.append((contents[index], inner, current))
                    }
                case .conditional(let conditional):
                    var inner = context
                    inner.isConditional = true
                    // One by one: a mapped array per conditional was a heap block each.
                    for branch in conditional.branches { stack.append((branch.block, inner, current)) }
                case .other:
                    break
                }
            }
        }
    }

    /// What a project container view does with the content it is given: whether its builders
    /// inject anything into the environment, and whether they build a navigation container.
    func containerFacts(_ container: TypeInfo) -> (injects: Bool, navigates: Bool) {
        ContainerFacts(bits: graphContainerBits(container) { () -> UInt8 in
            var facts = ContainerFacts()
            let nonInjecting = GraphNames.nonInjectingTable
            // The views walked in place, each fact asked only until it holds (neither is taken
            // back), and no more once both do: a list of every member's views was made to be read once.
            for (_, member) in members(of: container) where member.buildsViews {
                let both = member.buildsView { expression in
                    if !facts.navigates, let name = expression.baseTypeName,
                       ["NavigationStack", "NavigationView", "NavigationSplitView"].contains(name) { facts.navigates = true }
                    if !facts.injects {
                        var injected: Set<String> = []
                        addInjections(of: expression, owner: container, member: member, nonInjecting: nonInjecting, into: &injected)
                        if !injected.isEmpty { facts.injects = true }
                    }
                    return facts.navigates && facts.injects
                }
                if both { break }
            }
            return facts.bits
        }).pair
    }
}

/// A declaration's builder members, read through its run of the file's `builderRefs(inFile:)`.
private struct DeclarationBuilders: RandomAccessCollection {
    let members: [Member]
    let refs: ArraySlice<ProjectModel.BuilderRef>
    var startIndex: Int { 0 }
    var endIndex: Int { refs.count }
    subscript(k: Int) -> Member { members[Int(refs[refs.startIndex + k].member)] }
}

/// One file's share of the rooted view graph (`ProjectModel.rootedGraphPart(file:inputs:calls:builders:)`).
struct RootedGraphPart: Sendable {
    /// Each edge with its child's type id and its creator: a type's id, or `-1 - k` for the
    /// creator keyed `namedCreators[k]` (a preview, a global), which is no type. By id: keyed by
    /// the types' key strings, the merge hashed two strings per edge.
    var edges: [(child: Int, creator: Int, edge: ViewEdge)] = []
    var namedCreators: [String] = []
    var apps: [String] = []
    /// Views the file creates somewhere no edge follows, by type id (a view may repeat).
    var incomplete: [Int] = []

    /// The creator number of the creator keyed `key`, which is no type (`edges`).
    mutating func namedCreator(_ key: String) -> Int {
        namedCreators.append(key)
        return -namedCreators.count
    }

    /// The graph, with every list of edges in file order and, within a file, in walk order.
    static func merge(_ parts: [RootedGraphPart], in project: ProjectModel) -> RootedViewGraph {
        var graph = RootedViewGraph()
        let count = project.typeCount
        graph.parents = [[ViewEdge]](repeating: [], count: count)
        graph.children = [[(child: Int, edge: ViewEdge)]](repeating: [], count: count)
        graph.incomplete = [Bool](repeating: false, count: count)
        // Each type's lists sized once from a count of its edges: grown edge by edge, they were
        // reallocated about 5,900 times on the 14 apps.
        var parentCounts = [Int32](repeating: 0, count: count), childCounts = [Int32](repeating: 0, count: count)
        for p in parts.indices {
            // Read in place: an edge copied out retains its fields.
            let edges = parts[p].edges
            for e in edges.indices {
                parentCounts[edges[e].child] += 1
                if edges[e].creator >= 0 { childCounts[edges[e].creator] += 1 }
            }
        }
        for id in 0..<count {
            if parentCounts[id] > 1 { graph.parents[id].reserveCapacity(Int(parentCounts[id])) }
            if childCounts[id] > 1 { graph.children[id].reserveCapacity(Int(childCounts[id])) }
        }
        for part in parts {
            for (child, creator, edge) in part.edges {
                graph.parents[child].append(edge)
                if creator >= 0 {
                    graph.children[creator].append((child, edge))
                } else {
                    graph.namedChildren[part.namedCreators[-1 - creator], default: []].append((child, edge))
                }
            }
            graph.apps.formUnion(part.apps)
            for id in part.incomplete { graph.incomplete[id] = true }
        }
        return graph
    }
}

/// A file's calls that create a node, resolved once (`ProjectModel.rootedGraphPart`), in source order.
private struct NodeCalls {
    let calls: [(range: SourceRange, owner: Int, child: Int)]
    /// Are these all the file's calls that create a node? So when every node's simple name is
    /// numbered (`GraphNodes.numbersCoverNames`): every such call is then a numbered one.
    let complete: Bool

    /// The node created by the call at `range`, made in a member of a declaration of the type
    /// with id `owner` (-1 for a global) in this file: a call of one of the type's members is
    /// resolved from the type, as `calledView(_:from:nodes:)` resolves it. Nil when that creates
    /// no node (only when `complete`). A binary search, then the calls at that range (a range
    /// in two members' calls would be one call read twice, which may have two owners).
    func child(calledAt range: SourceRange, owner: Int) -> Int? {
        var low = 0, high = calls.count
        while low < high {
            let middle = (low + high) / 2
            if calls[middle].range < range { low = middle + 1 } else { high = middle }
        }
        while low < calls.count && calls[low].range == range {
            if calls[low].owner == owner { return calls[low].child }
            low += 1
        }
        return nil
    }
}

/// A set of type names with a filter in front: most names asked about are not in it, and are
/// rejected from their bytes without hashing.
struct FilteredNames: Sendable {
    let names: Set<String>
    let filter: NameFilter
    init(_ names: Set<String>) {
        self.names = names
        filter = NameFilter(names)
    }
    func contains(_ name: String) -> Bool { filter.mayContain(name) && names.contains(name) }
}

/// A fixed set of names, asked by a bucket of their length and end bytes and compared there:
/// hashing each name asked (a set's lookup) cost several times the comparison, for a set that
/// holds most names asked. Answers as the set does: a name the buckets miss is asked of the set
/// when it has a byte outside ASCII (such a name may equal an ASCII one canonically).
struct ASCIINameTable: Sendable {
    private static let bucketCount = 1024
    private let set: Set<String>
    /// The ASCII names, by bucket: bucket `b` is `names[starts[b]..<starts[b + 1]]`.
    private let names: [String]
    private let starts: [Int32]

    init(_ set: Set<String>) {
        self.set = set
        var buckets = [[String]](repeating: [], count: ASCIINameTable.bucketCount)
        // In sorted order, so the table is the same from run to run.
        for name in set.sorted() where name.utf8.allSatisfy({ $0 < 0x80 }) {
            guard let b = ASCIINameTable.bucket(name.utf8) else { continue }
            buckets[b].append(name)
        }
        var names: [String] = []
        var starts: [Int32] = []
        for bucket in buckets {
            starts.append(Int32(names.count))
            names.append(contentsOf: bucket)
        }
        starts.append(Int32(names.count))
        self.names = names
        self.starts = starts
    }

    @inline(__always)
    private static func bucket(_ utf8: String.UTF8View) -> Int? {
        guard let first = utf8.first, let last = utf8.last else { return nil }
        return (utf8.count &* 131 &+ Int(first) &* 31 &+ Int(last)) & (bucketCount - 1)
    }

    func contains(_ name: String) -> Bool {
        let utf8 = name.utf8
        if let b = ASCIINameTable.bucket(utf8) {
            var k = Int(starts[b])
            let end = Int(starts[b + 1])
            while k < end {
                if names[k] == name { return true }
                k += 1
            }
        }
        return utf8.contains(where: { $0 >= 0x80 }) ? set.contains(name) : false
    }
}

/// The rooted graph's nodes (`ProjectModel.graphNodes`).
/// An object, so the fact is handed out and kept with one count: as a structure of five
/// tables, every ask (each file's part, each `isGraphNode`) copied and released each table.
final class GraphNodes: Sendable {
    /// Type ids in a run of `graphNodes`' parts.
    static let run = 512
    /// By type id: is the type a node?
    let isNode: [Bool]
    /// `ProjectModel.simpleTypeKeyName` of each node's key: what a call's name must be to create
    /// a node. Filtered: every call of every member is asked whether it creates a node, and most
    /// call functions or SDK types.
    let simpleNames: FilteredNames
    /// By `ProjectModel.constructibleNumbers` number: is the name a node's simple name? A call
    /// numbered already (`numberedCalls`) is told by its number, without hashing its name.
    let numbers: ProjectModel.ConstructibleNumbers
    let isNodeNumber: [Bool]
    /// Does every name of `simpleNames` have a number? Else numbers do not tell.
    let numbersCoverNames: Bool

    init(isNode: [Bool], simpleNames: FilteredNames, numbers: ProjectModel.ConstructibleNumbers, isNodeNumber: [Bool],
         numbersCoverNames: Bool) {
        self.isNode = isNode
        self.simpleNames = simpleNames
        self.numbers = numbers
        self.isNodeNumber = isNodeNumber
        self.numbersCoverNames = numbersCoverNames
    }

    func contains(_ type: ProjectModel.TypeInfo) -> Bool {
        isNode.indices.contains(type.id) && isNode[type.id]
    }

    /// May a call whose name has number `k` create a node?
    func mayCreateNode(number k: Int32) -> Bool {
        guard numbersCoverNames else { return true }
        return isNodeNumber.indices.contains(Int(k)) && isNodeNumber[Int(k)]
    }

    /// Is `name` a node's simple name? Past the filter, by its number in `numbers` (a table of
    /// bytes), where the set of names hashed it.
    func mayBeNodeName(_ name: String) -> Bool {
        guard simpleNames.filter.mayContain(name) else { return false }
        guard numbersCoverNames else { return simpleNames.names.contains(name) }
        guard let k = numbers.number(of: name) else { return false }
        return isNodeNumber.indices.contains(k) && isNodeNumber[k]
    }
}

/// `ProjectModel.projectAncestors`.
struct ProjectAncestors: Sendable {
    var namesScene = false
    var namesApp = false
}

/// `ProjectModel.rootedGraphInputs`.
final class RootedGraphInputs: Sendable {
    let nodes: GraphNodes
    let entryIDs: EntryNameIDs
    let hostingFiles: [Bool]
    /// `ProjectModel.projectAncestors`' `namesApp`.
    let appAncestors: Bool
    /// `ProjectModel.typesCallingNodes`, by type id.
    let callsNodes: [Bool]

    init(nodes: GraphNodes, entryIDs: EntryNameIDs, hostingFiles: [Bool], appAncestors: Bool, callsNodes: [Bool]) {
        self.nodes = nodes
        self.entryIDs = entryIDs
        self.hostingFiles = hostingFiles
        self.appAncestors = appAncestors
        self.callsNodes = callsNodes
    }

    /// `callsNodes` of type `id`; true for an id it does not cover, so that such a type is walked.
    func mayCallNodes(_ id: Int) -> Bool {
        id < 0 || id >= callsNodes.count || callsNodes[id]
    }
}

/// `ProjectModel.entryNameIDs`.
struct EntryNameIDs: Sendable {
    var body: NameID?
    var previews: NameID?
}

struct ContainerFacts: Sendable {
    var injects = false
    var navigates = false
    var pair: (injects: Bool, navigates: Bool) { (injects, navigates) }

    init() {}

    /// As kept by type (`ProjectModel.graphContainerBits`): `injects` is bit 0, `navigates` bit 1.
    init(bits: UInt8) {
        injects = bits & 1 != 0
        navigates = bits & 2 != 0
    }

    var bits: UInt8 { (injects ? 1 : 0) | (navigates ? 2 : 0) }
}

extension GraphNames {
    /// `ModifierNames.viewModifiers` and `knownNonInjecting` in one set: one lookup per modifier.
    static let nonInjecting: Set<String> = ModifierNames.viewModifiers.union(knownNonInjecting)

    /// `nonInjecting`, asked of every modifier of every view the graph walks while nothing
    /// unknown is injected (most modifiers are in it): found by length and end bytes.
    static let nonInjectingTable = ASCIINameTable(nonInjecting)

    /// The lengths of `deferredOwners`' names, as bits: most modifier contents (`overlay`,
    /// `background`) are told apart by their length, without hashing the name.
    static let deferredOwnerLengths: UInt64 = deferredOwners.reduce(0) { bits, name in
        name.utf8.count < 64 ? bits | (1 << UInt64(name.utf8.count)) : bits
    }

    /// Is `owner` one of `deferredOwners`? Asked of every modifier content the graph walk enters,
    /// with `deferredOwnerLengths` read once per walk (see `ProjectModel.addInjections`).
    static func isDeferredOwner(_ owner: String, lengths: UInt64) -> Bool {
        let length = owner.utf8.count
        return length < 64 && lengths & (1 << UInt64(length)) != 0 && deferredOwners.contains(owner)
    }

    /// SDK modifiers outside `ModifierNames.viewModifiers` that certainly inject nothing; any
    /// other unknown modifier may be a project helper that injects.
    public static let knownNonInjecting: Set<String> = [
        "navigationBarItems", "navigationViewStyle", "onOpenURL", "handlesExternalEvents", "commands",
        "windowStyle", "windowResizability", "defaultSize", "frame", "onDrop", "onDrag", "focusable", "id", "tag",
        "onContinueUserActivity", "backgroundTask", "menuBarExtraStyle", "windowToolbarStyle", "keyboardType",
        "textContentType", "submitLabel", "fontDesign", "bold", "italic", "monospacedDigit", "imageScale",
        "symbolRenderingMode", "symbolVariant", "listRowSeparatorTint", "listSectionSeparator", "toolbarRole",
        "navigationSplitViewStyle", "navigationSplitViewColumnWidth", "presentationDragIndicator",
        "presentationBackground", "presentationCornerRadius", "scrollDismissesKeyboard", "scrollTargetBehavior",
        "scrollTargetLayout", "scrollPosition", "contentTransition", "sensoryFeedback", "symbolEffect",
        "onKeyPress", "focusedValue", "focusedSceneValue", "defaultFocus", "onGeometryChange", "ornament",
        "navigationBarTitle", "navigationSubtitle", "toolbarColorScheme", "toolbarTitleDisplayMode", "fileImporter",
        "fileExporter", "onPreferenceChange", "preference", "transformEnvironment", "accentColor", "listRowSpacing",
        "listSectionSpacing", "headerProminence", "foregroundColor", "resizable", "renderingMode", "interpolation",
        "antialiased", "fill", "stroke", "strokeBorder", "trim", "inset", "rotation", "scale", "offset",
        "environment", "environmentObject", "modelContainer", "modelContext", "searchable", "searchScopes",
        "tabViewStyle", "badge", "gridCellColumns", "gridColumnAlignment", "coordinateSpace", "onScrollGeometryChange",
        "task", "refreshable", "accessibilityAction", "accessibilityRepresentation", "accessibilityLabel",
        "dynamicTypeSize", "persistentSystemOverlays", "statusBar", "prefersHomeIndicatorAutoHidden",
        "buttonBorderShape", "menuStyle", "gaugeStyle", "progressViewStyle", "datePickerStyle", "formStyle",
        "groupBoxStyle", "disclosureGroupStyle", "controlGroupStyle", "indexViewStyle", "labeledContentStyle",
        "presentationCompactAdaptation", "presentationContentInteraction", "toolbarVisibility", "toolbarTitleMenu",
        "tracking", "kerning", "baselineOffset", "underline", "strikethrough", "textScale", "lineHeight",
        "typesettingLanguage", "speechAnnouncementsQueued", "privacySensitive", "unredacted", "contentMargins",
        "safeAreaPadding", "scrollClipDisabled", "scrollBounceBehavior", "defaultScrollAnchor", "onScrollPhaseChange",
        "allowsTightening", "flipsForRightToLeftLayoutDirection", "layoutDirectionBehavior", "hoverEffect",
        "onContinuousHover", "draggable", "dropDestination", "springLoadingBehavior", "selectionDisabled",
        "deleteDisabled", "moveDisabled", "itemProvider", "onCopyCommand", "onPasteCommand", "onCutCommand",
        "onDeleteCommand", "onMoveCommand", "onExitCommand", "onPlayPauseCommand", "contextMenu", "popover",
        "sheet", "fullScreenCover", "inspector", "inspectorColumnWidth", "alert", "confirmationDialog",
        "navigationDestination", "navigationTitle", "navigationBarTitleDisplayMode", "navigationBarHidden",
        "navigationBarBackButtonHidden", "toolbar", "toolbarBackground", "toolbarBackgroundVisibility",
    ]
}

// Helper names are almost always ASCII: those are decided from bytes, with the lexer's classes,
// and only other text pays for `Character`'s Unicode properties.

/// Does `text` start with a lowercase letter (or `_`, when `orUnderscore`)?
private func startsLowercase<Text: StringProtocol>(_ text: Text, orUnderscore: Bool) -> Bool {
    guard let byte = text.utf8.first else { return false }
    if byte < 0x80 {
        return (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (orUnderscore && byte == UInt8(ascii: "_"))
    }
    return text.first?.isLowercase == true
}

/// Is `text` one name, with no `$`, operator or punctuation?
private func isPlainName(_ text: Substring) -> Bool {
    text.utf8.allSatisfy(CharacterClasses.isNameByte)
}
