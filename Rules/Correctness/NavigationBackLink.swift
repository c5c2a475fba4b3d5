import ViewLintCore
import ViewLintModel
import ViewLintSyntax

/// ## What it does
/// Flags a `NavigationLink` (or `.navigationDestination`) whose destination is a view already on
/// the path to the link, built again with no inputs: `Detail` pushes `List`, which pushes `Detail()`.
///
/// ## Why is this bad?
/// The link does not go back: it pushes another copy of a screen that is already in the stack,
/// and every round trip makes the stack deeper (the back button then walks through every copy).
///
/// ## Use instead
/// `@Environment(\.dismiss)` to go back one level, or `NavigationStack(path:)` and remove entries
/// from the path to go back further.
public struct NavigationBackLink: Rule {
    public static let description = RuleDescription(
        id: "navigation_back_link",
        name: "Navigation link back to an ancestor",
        summary: "A NavigationLink pushes a view that is already on the path to it, so going 'back' grows the stack instead.",
        rationale: """
            A navigation link always pushes. A link in `Child` to `Root()`, where `Root` is the view that shows \
            (or pushes) `Child`, does not return to `Root`: it pushes a second `Root` on top, with a second \
            `Child` link, and the back button walks through every copy. When `Root` owns the `NavigationStack`, \
            the copy even nests a stack in the stack. To go back one level, call `dismiss()` from \
            `@Environment(\\.dismiss)`; to go back further, hold the path in `NavigationStack(path: $path)` and \
            remove entries from it (`path.removeLast(n)`, or `path = []` for the root).

            The path is read from the view graph: which views' builders create which, across files. Reported \
            when the destination view is built with no arguments (`Root()`), so it is surely the same screen \
            again, and it creates the view containing the link, directly or through other views, and is \
            entered before it: it is nearer an entry point (a view holding the `NavigationStack`, a view a \
            scene creates, a view nothing creates, a view also created outside any builder such as by a \
            `UIHostingController`). Of the two links of a cycle, only the one pointing back \
            towards the entry is reported; when both ends are equally near, neither is.

            Not reported: a destination built with arguments (`Profile(account: follower)` inside a profile's \
            followers list is another profile, the usual shape of social and browsing apps); links whose \
            destination is a value (`NavigationLink(value:)`, handled by `navigationDestination(for:)`); and \
            a view linking to itself (a drill-down demo more often than a mistake); and paths the graph cannot see (views created in plain functions, stored in variables, or by \
            `AnyView`).
            """,
        severity: .warning,
        precision: .high,
        tags: ["navigation", "correctness", "swiftui"],
        triggeringExamples: [
            RuleExample("""
                struct Library: View {
                    var body: some View {
                        NavigationStack {
                            NavigationLink("Settings") { Settings() }
                        }
                    }
                }
                struct Settings: View {
                    var body: some View {
                        ↓NavigationLink("Back to the library") { Library() }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct Profile: View {
                    let name: String
                    var body: some View {
                        NavigationLink("Followers") { Followers(of: name) }
                    }
                }
                struct Followers: View {
                    let of: String
                    var body: some View {
                        NavigationLink("First follower") { Profile(name: of + "'s follower") }
                    }
                }
                """),
        ],
        knownLimits: [
            "Only views created in builders are followed; a path through a helper function or `AnyView` is not seen, so such loops are missed.",
        ]
    )

    public init(options: RuleOptions) {}

    /// What `destinations(of:typeName:in:)` looks for, as registered words the file's model looked for.
    static let destinationWords = MentionedWordList(["NavigationLink", "navigationDestination"])
    /// The containers `holdsNavigationContainer` looks for, likewise.
    static let containerWords = MentionedWordList(["NavigationStack", "NavigationView", "NavigationSplitView"])

    public func check(_ context: RuleContext) -> [Diagnostic] {
        // Every destination is a `NavigationLink`'s or a `navigationDestination`'s: a file that
        // spells neither (most) has no view read.
        guard context.file.mentions(anyOf: Self.destinationWords) else { return [] }
        var diagnostics: [Diagnostic] = []
        let project = context.project
        // The depths are the whole project's (a cached fact): asked for only once a link
        // pushes a project view, so a file without such links costs no walk of the project.
        // With their names as the file's other rules worked them out: asked of every view here.
        let memberViews = context.memberViews
        for (type, _, member) in context.builderMembers {
            guard let type else { continue }
            let views = memberViews.views(of: member)
            for index in views.views.indices {
                for (destination, range) in Self.destinations(of: views.views[index], typeName: views.baseTypeNames[index], in: member) {
                    guard let target = project.resolveType(destination, from: type), target.isDeclaredInProject,
                          project.isView(target),
                          case let depths = Self.depths(project),
                          let targetDepth = depths[target], let depth = depths[type], targetDepth < depth,
                          let path = Self.path(from: target, to: type, project: project) else { continue }
                    let advice = path.count == 2 && path.pushedLast
                        ? "use '@Environment(\\.dismiss)' and call 'dismiss()' to go back to it"
                        : "go back with '@Environment(\\.dismiss)', or hold the path in 'NavigationStack(path:)' and remove entries to go back more than one level"
                    diagnostics.append(Diagnostic(
                        range: range,
                        message: "this link pushes a new '\(target.qualifiedName)', which is already on the path to it "
                            + "(\(path.names.map { "'\($0)'" }.joined(separator: " > "))), so every round trip makes the "
                            + "stack deeper; \(advice)",
                        symbol: "\(type.qualifiedName).\(member.name):back(\(target.qualifiedName))"))
                }
            }
        }
        return diagnostics
    }

    /// The view types a link or `navigationDestination` built by `expression` (`typeName` its
    /// `baseTypeName`) pushes with no arguments (`Root()`), with where to report each.
    static func destinations(of expression: ViewExpression, typeName: String?, in member: Member) -> [(String, SourceRange)] {
        var result: [(String, SourceRange)] = []
        if typeName == "NavigationLink" {
            let range = expression.baseCalleeRange
            let call = member.call(at: expression.baseRange)
            if call?.argument("value") == nil {
                if let argument = call?.argument("destination"), let name = bareConstruction(argument.shape) {
                    result.append((name, range))
                }
                for block in expression.baseContents where !expression.isControlLabel(block) {
                    if let name = onlyBareView(block) { result.append((name, range)) }
                }
            }
        }
        // Names read in place, and told apart by their first byte before they are compared.
        let modifiers = expression.modifiers
        for index in modifiers.indices where modifiers[index].name.utf8.first == 0x6E
            && modifiers[index].name == "navigationDestination" {
            for block in expression.contents(ofModifierAt: index) {
                if let name = onlyBareView(block) { result.append((name, modifiers[index].nameRange)) }
            }
        }
        return result
    }

    /// `Root()`: a capitalised type built with no arguments and no closure.
    static func bareConstruction(_ shape: ExprShape) -> String? {
        guard case .call(let callee, let arguments, let closures) = shape, arguments.isEmpty, closures == 0,
              case .identifier(let name) = callee, name.first?.isUppercase == true else { return nil }
        return name
    }

    /// The type of the block's only view when it is built with no arguments, no closure and no modifier.
    static func onlyBareView(_ block: BuilderBlock) -> String? {
        guard block.items.count == 1, case .view(let view)? = block.items.first, view.modifiers.isEmpty,
              view.baseArguments.isEmpty, view.contents.isEmpty, let callee = view.baseCallee, callee.count == 1,
              view.baseText == callee[0] + "()" else { return nil }
        return view.baseTypeName
    }

    /// How many builders down from an entry point each view is first created: entry points are
    /// views that hold a navigation container, views an `App` or scene creates, and views nothing
    /// creates. A link is a link back when its destination is an ancestor entered before it.
    static func depths(_ project: ProjectModel) -> Depths {
        project.fact("navigation_back_link.depths", perFile: { depthPart(project, file: $0) }, merge: { parts in
            // By type id: keyed by the views' key strings, the merge hashed a string for every
            // view, parent and child (12.5 M instructions on the 14 apps).
            let count = project.typeCount
            var children = [[Int]](repeating: [], count: count)
            var roots: [Int] = []
            var seen = [Bool](repeating: false, count: count)
            for part in parts {
                for view in part.views where !seen[view.id] {
                    seen[view.id] = true
                    for parent in view.parents { children[parent].append(view.id) }
                    // An entry point is a root whatever it holds: its declarations are not looked up.
                    if view.isEntry || project.type(id: view.id).declarations.contains(where: {
                        parts[$0.file].holdsStack[$0.index]
                    }) { roots.append(view.id) }
                }
            }
            var depths = [Int32](repeating: Depths.unreached, count: count)
            var queue = roots
            for root in roots { depths[root] = 0 }
            var head = 0
            while head < queue.count {
                let id = queue[head]
                head += 1
                for child in children[id] where depths[child] == Depths.unreached {
                    depths[child] = depths[id] + 1
                    queue.append(child)
                }
            }
            return Depths(byID: depths)
        })
    }

    /// `depths(_:)`: each view's depth by type id.
    struct Depths: Sendable {
        static let unreached: Int32 = -1
        let byID: [Int32]

        /// The view's depth; nil for a view no entry point reaches.
        subscript(view: ProjectModel.TypeInfo) -> Int32? {
            guard byID.indices.contains(view.id), byID[view.id] != Depths.unreached else { return nil }
            return byID[view.id]
        }
    }

    /// One file's share of `depths`: the views it declares (by type id), each with the views
    /// that create it and whether it is an entry point by its places alone, and which of its
    /// declarations hold a navigation container (a view is an entry point when any of its
    /// declarations does).
    struct DepthPart: Sendable {
        var views: [(id: Int, parents: [Int], isEntry: Bool)] = []
        var holdsStack: [Bool] = []
    }

    static func depthPart(_ project: ProjectModel, file f: Int) -> DepthPart {
        var part = DepthPart()
        // By type id, and only for views declared more than once (the others are met once): a
        // view's key string was hashed for each of its declarations, and then a set was made
        // and grown for every file.
        var seen: Set<Int> = []
        // A file that spells no navigation container (most) holds none: its members are not walked.
        let mayHoldContainer = project.files[f].mentions(anyOf: containerWords)
        let types = project.files[f].types
        // One flag per declaration, at once: grown from empty, the list was reallocated in every file.
        part.holdsStack.reserveCapacity(types.count)
        for (i, decl) in types.enumerated() {
            // Every declaration of a view is the view's (`view(of:)` answers for each of them).
            guard let view = project.view(of: ProjectModel.DeclRef(file: f, index: i)) else {
                part.holdsStack.append(false)
                continue
            }
            part.holdsStack.append(mayHoldContainer && decl.members.contains(where: holdsNavigationContainer))
            guard view.declarations.count == 1 || seen.insert(view.id).inserted else { continue }
            let placements = project.placements(of: view)
            var isRoot = placements.isEmpty
            var parents: [Int] = []
            for placement in placements {
                guard let parent = project.resolveType(placement.parent) else { continue }
                if project.isView(parent) { parents.append(parent.id) } else { isRoot = true }
            }
            // Created somewhere no builder shows (a hosting controller, a helper function): an
            // entry point the graph cannot place. Counted only for a view not a root already.
            let isEntry = isRoot || project.constructionCount(of: view) > placements.count
            part.views.append((view.id, parents, isEntry))
        }
        return part
    }

    /// Does the member build a `NavigationStack`, `NavigationView` or `NavigationSplitView`
    /// anywhere in its builder? Its blocks read in place: a list of its views was made for each
    /// member of every view (19 M instructions on the 14 apps).
    static func holdsNavigationContainer(_ member: Member) -> Bool {
        member.buildsView { expression in
            guard let name = expression.baseTypeName else { return false }
            return name == "NavigationStack" || name == "NavigationView" || name == "NavigationSplitView"
        }
    }

    struct Path {
        /// From the ancestor down to the view holding the link.
        var names: [String]
        var count: Int { names.count }
        /// The view holding the link is pushed by its parent on the path.
        var pushedLast: Bool
    }

    /// The chain of views from `ancestor` down to `view` through the builders that create them,
    /// shortest first; nil when `ancestor` does not (transitively) create `view`, or is `view`.
    static func path(from ancestor: ProjectModel.TypeInfo, to view: ProjectModel.TypeInfo,
                     project: ProjectModel) -> Path? {
        // A screen pushing itself is a drill-down demo more often than a mistake.
        if ancestor.key == view.key { return nil }
        // Breadth-first up the placements, remembering each view's child on the way.
        var child: [String: (key: String, pushed: Bool)] = [:]
        var names: [String: String] = [view.key: view.qualifiedName]
        var queue: [ProjectModel.TypeInfo] = [view]
        var head = 0
        while head < queue.count, head < 500 {
            let current = queue[head]
            head += 1
            for placement in project.placements(of: current) {
                guard let parent = project.resolveType(placement.parent), names[parent.key] == nil else { continue }
                names[parent.key] = parent.qualifiedName
                child[parent.key] = (current.key, placement.isPushed)
                if parent.key == ancestor.key {
                    var chain = [parent.key]
                    var pushedLast = false
                    var key = parent.key
                    while let next = child[key] {
                        chain.append(next.key)
                        if next.key == view.key { pushedLast = next.pushed }
                        key = next.key
                    }
                    return Path(names: chain.compactMap { names[$0] }, pushedLast: pushedLast)
                }
                queue.append(parent)
            }
        }
        return nil
    }
}
