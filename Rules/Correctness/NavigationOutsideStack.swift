import ViewLintCore
import ViewLintModel

/// ## What it does
/// Flags a `NavigationLink`, `.navigationDestination`, `.pickerStyle(.navigationLink)` (and
/// titles and bar items in presented content) that no
/// `NavigationStack`, `NavigationSplitView` or `NavigationView` encloses on any path from the
/// app's roots.
///
/// ## Why is this bad?
/// Outside a navigation container a link is drawn but does nothing when tapped (or is shown
/// disabled), and a `navigationDestination` is ignored.
///
/// ## Use instead
/// Wrap the content in a `NavigationStack` (inside the sheet, or in the split view's detail column).
public struct NavigationOutsideStack: Rule {
    public static let description = RuleDescription(
        id: "navigation_outside_stack",
        name: "Navigation outside a stack",
        summary: "A NavigationLink or navigationDestination that no navigation container encloses on any path from a root.",
        rationale: """
            `NavigationLink` and `.navigationDestination` push onto the navigation container above them. With none \
            (a sheet, popover or full-screen cover starts a new presentation without one; a split view's detail \
            column has none unless it builds a `NavigationStack`), the link is shown but tapping it does nothing, \
            and the destination is never used.

            Wrap the presented content, or the detail column, in a `NavigationStack`.

            `.navigationTitle`, `.navigationBarTitleDisplayMode` and `ToolbarItem`s placed in the navigation bar \
            are reported too where every path is a presentation with no stack: a sheet without a stack has no bar, \
            so they are ignored. Bar items only when the deployment target has no macOS, where sheets show them. \
            With an iOS-only deployment target, also where every path is a presentation or a tab of a `TabView` \
            with no stack around it or in it: such a tab has no bar either.

            The rule follows the project's view graph: it reports a link inside a sheet, popover, full-screen \
            cover or a split view's detail column of the same view when no stack sits in between, and a link in a \
            view that every place in the project shows outside any navigation container (the view's places in \
            sheets or detail columns, or under an `App` scene with no container on the way), and the message names \
            the path. Not reported: a view any of whose places is unknown (a root outside the linted files, a \
            hosting controller, which may sit in a `UINavigationController`, a view built by a function or stored \
            in a property), or is inside a container on some path; `NavigationView` and a split view's sidebar and \
            content columns count as containers; modifiers applied to a navigation container itself, which \
            `misplaced_navigation_modifier` reports.
            """,
        severity: .warning,
        precision: .high,
        tags: ["correctness", "navigation", "swiftui"],
        triggeringExamples: [
            RuleExample("""
                struct Inbox: View {
                    @State private var composing = false
                    var body: some View {
                        NavigationStack {
                            Button("Compose") { composing = true }
                                .sheet(isPresented: $composing) {
                                    ↓NavigationLink("Drafts") { Text("Drafts") }
                                }
                        }
                    }
                }
                """),
            RuleExample("""
                struct Detail: View {
                    var body: some View {
                        ↓NavigationLink("More") { Text("More") }
                    }
                }
                """, context: ["""
                struct Mail: View {
                    var body: some View {
                        NavigationSplitView {
                            Text("Sidebar")
                        } detail: {
                            Detail()
                        }
                    }
                }
                """]),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct Row: View {
                    var body: some View {
                        NavigationLink("More") { Text("More") }
                    }
                }
                """),
            RuleExample("""
                struct Row: View {
                    var body: some View {
                        NavigationLink("More") { Text("More") }
                    }
                }
                """, context: ["""
                struct Inbox: View {
                    var body: some View {
                        NavigationStack { Row() }
                    }
                }
                """]),
        ],
        knownLimits: [
            "`.navigationTitle`, `.navigationBarTitleDisplayMode` and navigation-bar `ToolbarItem`s are checked only where every path is a presentation (a sheet, popover or cover) with no stack, or, with an iOS-only deployment target, such a presentation or a tab of a `TabView` with no stack: elsewhere under an `App` scene they title the window on macOS and iPadOS, and in a split view's detail column they use the column's bar. `ToolbarItem`s only when the deployment target has no macOS (a Mac sheet shows them).",
            "A view that nothing in the project constructs is taken to have an unknown root, as the peer linter's single-file cases do not assume.",
        ]
    )

    public init(options: RuleOptions) {}

    struct Site {
        var range: SourceRange
        var name: String
        var navigation: ViewEdge.Navigation
        /// The modifier whose content most closely encloses the site (`sheet`): a bare site's
        /// message names it.
        var modifierContent: String?
        /// A title or toolbar item: it needs a bar, which a split view's detail column has.
        var isBarItem: Bool
        /// In a tab of a `TabView` of the view's own builder (`GraphContext.inTab`).
        var inTab: Bool
    }

    /// Toolbar placements that live in a navigation bar (no placement means automatic, which
    /// is the bar on iOS); `.keyboard`, `.bottomBar` and `.status` do not need one.
    static func needsNavigationBar(_ call: CallSite) -> Bool {
        guard let placement = call.argument("placement") ?? call.unlabeledArguments.first else { return true }
        return barPlacements.contains(placement.text.filter { $0 != " " })
    }

    static let barPlacements: Set<String> = [
        ".automatic", ".principal", ".navigation", ".primaryAction", ".cancellationAction", ".confirmationAction",
        ".destructiveAction", ".navigationBarLeading", ".navigationBarTrailing", ".topBarLeading", ".topBarTrailing",
    ]

    /// The views that are sites, and the modifiers that make their view one.
    static let siteViews: NameList = ["NavigationLink", "ToolbarItem", "ToolbarItemGroup"]
    static let siteModifiers: NameList = [
        "navigationDestination", "pickerStyle", "navigationTitle", "navigationBarTitleDisplayMode",
    ]

    /// Is the view (`typeName` its `baseTypeName`) a site, or does it carry a site's modifier?
    /// A superset of what the walk below reports: its names only.
    static func mayBeSite(_ view: ViewExpression, typeName: String?) -> Bool {
        if let name = typeName, siteViews.contains(name) { return true }
        let modifiers = view.modifiers
        for index in modifiers.indices where siteModifiers.contains(modifiers[index].name) { return true }
        return false
    }

    /// For each view of the file with a site in its builders, by the view's key: are all those
    /// sites enclosed by a navigation container of their own builder (`NavigationStack { List {
    /// NavigationLink(...) } }`)? Then the walk from `body`, whatever the context it starts
    /// in, finds each of them enclosed, and reports nothing: most views with links are so.
    func sitesEnclosedInPlace(_ context: RuleContext) -> [Int: Bool] {
        // By type id: keyed by the views' key strings, every site hashed one.
        var result: [Int: Bool] = [:]
        var projectNames: Memo<ConstructibleNames> = .notAsked
        for placed in context.placedViews {
            // `viewTypeName`, worked out when the view was placed, is `baseTypeName` wherever that is
            // not nil (and names a few more, `Color.red`'s `Color`): a superset, as `mayBeSite` needs.
            guard Self.mayBeSite(placed.view, typeName: placed.viewTypeName), let type = placed.type else { continue }
            let enclosed = Self.isEnclosedInPlace(placed, projectNames: projectNames.answer { context.project.constructibleNames })
            result[type.id] = (result[type.id] ?? true) && enclosed
        }
        return result
    }

    /// Does a container of the view's own builder enclose it, as `ProjectModel.walkGraph` decides
    /// where navigation stands (`NavigationStep`): the nearest block above it that sets it says.
    /// A name that may be a project container (which may navigate) leaves it undecided: not
    /// enclosed here.
    static func isEnclosedInPlace(_ placed: PlacedView, projectNames: ConstructibleNames) -> Bool {
        var current = placed
        var steps = 0
        while let outer = current.outer, steps < 10_000 {
            steps += 1
            let index = Int(current.outerContent)
            let name = outer.view.baseTypeName ?? ""
            switch NavigationStep.entering(outer.view, content: index, name: name, owner: outer.view.contentOwner(at: index)) {
            case .keeps, .beside: break
            case .sets(let navigation): return navigation == .enclosed
            case .pushes: return true
            case .projectContainer, .tabs: if projectNames.mayBeProjectType(identifier: name) { return false }
            }
            current = outer
        }
        return false
    }

    /// Do builders of the view in other files (its extensions there) hold a site? They are not
    /// among this file's placed views.
    func mayHaveSitesElsewhere(_ view: ProjectModel.TypeInfo, _ context: RuleContext) -> Bool {
        // By declaration: most views are declared in one file, and this file's members are not
        // walked to find that out.
        let files = context.project.files
        for ref in view.declarations where ref.file != context.fileIndex {
            // Walked in place: the other file's table of views is not this file's fact, and
            // building a member's lists of views and names to search them once cost more than
            // the search.
            for member in files[ref.file].types[ref.index].members where member.buildsViews {
                if member.buildsView(where: { Self.mayBeSite($0, typeName: $0.baseTypeName) }) { return true }
            }
        }
        return false
    }

    /// The sites in `body`'s builder and the helpers it uses that no container encloses in the
    /// view itself, with the navigation around each, in walk order.
    func sites(of body: Member, view: ProjectModel.TypeInfo, _ context: RuleContext, start: GraphContext,
               toolbarsNeedStack: Bool) -> [Site] {
        var sites: [Site] = []
        context.project.walkGraph(body, owner: view, file: context.fileIndex, start: start) { expression, here, tables, call in
            // An enclosed site is never reported: its view is not looked at.
            guard here.navigation != .enclosed else { return }
            // Asked once per view: the walk visits every view of a large body.
            let typeName = expression.baseTypeName
            if typeName == "NavigationLink", let call,
               call.argument("destination") != nil || call.argument("value") != nil || !expression.baseContents.isEmpty {
                sites.append(Site(range: call.calleeRange, name: "NavigationLink", navigation: here.navigation,
                                  modifierContent: tables.innermostModifierContent(here), isBarItem: false, inTab: here.inTab))
            }
            if toolbarsNeedStack, typeName == "ToolbarItem" || typeName == "ToolbarItemGroup",
               let call, Self.needsNavigationBar(call) {
                sites.append(Site(range: call.calleeRange, name: typeName ?? "ToolbarItem",
                                  navigation: here.navigation, modifierContent: tables.innermostModifierContent(here), isBarItem: true, inTab: here.inTab))
            }
            // A modifier on a navigation container itself is misplaced_navigation_modifier's finding.
            if typeName == "NavigationStack" || typeName == "NavigationSplitView" || typeName == "NavigationView" { return }
            for modifier in expression.modifiers {
                // The sites' modifiers start with `n` or `p`: most modifiers are told apart by one byte.
                let first = modifier.name.utf8.first
                guard first == 0x6E || first == 0x70 else { continue }
                switch modifier.name {
                case "navigationDestination":
                    sites.append(Site(range: modifier.nameRange, name: ".navigationDestination",
                                      navigation: here.navigation, modifierContent: tables.innermostModifierContent(here), isBarItem: false, inTab: here.inTab))
                case "pickerStyle" where modifier.argumentsText.hasPrefix(".navigationLink"):
                    sites.append(Site(range: modifier.nameRange, name: ".pickerStyle(.navigationLink)",
                                      navigation: here.navigation, modifierContent: tables.innermostModifierContent(here), isBarItem: false, inTab: here.inTab))
                case "navigationTitle", "navigationBarTitleDisplayMode":
                    sites.append(Site(range: modifier.nameRange, name: "." + modifier.name,
                                      navigation: here.navigation, modifierContent: tables.innermostModifierContent(here), isBarItem: true, inTab: here.inTab))
                default:
                    break
                }
            }
        }
        return sites
    }

    public func check(_ context: RuleContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let project = context.project
        guard project.isSDKType("NavigationLink") else { return [] }
        let target = context.deploymentTarget
        let toolbarsNeedStack = target.map { !$0.platforms.isEmpty && $0.platforms["macos"] == nil } ?? false
        // A tab with no stack shows no bar on iOS; on macOS a title names the window, and on watchOS
        // a paged tab shows it: only an iOS-only target is sure to lose a tab's titles and bar items.
        let tabsHaveNoBar = target.map { !$0.platforms.isEmpty && $0.platforms.keys.allSatisfy { $0 == "ios" } } ?? false
        var sitesEnclosed: Memo<[Int: Bool]> = .notAsked
        // `body` told by its id: every member's name was spelled from the name table to compare.
        // No id means no member has the name.
        lazy var bodyID = project.entryNameIDs.body
        for (view, decl) in context.viewDeclarations {
            guard let bodyID, let body = decl.members.first(where: { $0.nameID == bodyID && $0.buildsViews })
            else { continue }
            // Sites of this file's builders all enclosed where they are written, or none, and none
            // in other files: nothing to report, and no walk.
            guard sitesEnclosed.answer({ sitesEnclosedInPlace(context) })[view.id] == false || mayHaveSitesElsewhere(view, context)
            else { continue }
            // Walked for where navigation stands alone: a site in a presentation with no stack
            // names the presentation, which the walk keeps without the path.
            var lean = GraphContext()
            lean.tracksPathAndInjections = false
            let sites = self.sites(of: body, view: view, context, start: lean, toolbarsNeedStack: toolbarsNeedStack)
            guard !sites.isEmpty else { continue }
            var reach: (enclosedOrUnknown: Bool, path: [String], onlyPresentations: Bool, reachesDetail: Bool,
                        appPathOutsideTabs: Bool)? = nil
            for site in sites where site.navigation != .enclosed {
                let why: String
                switch site.navigation {
                case .bare:
                    let container = site.modifierContent.map { "." + $0 } ?? "presentation"
                    why = "it sits in '\(container)' content, a new presentation, with no 'NavigationStack' inside it"
                case .detail:
                    // A detail column has a bar of its own: titles and toolbar items work there.
                    if site.isBarItem { continue }
                    why = "it sits in the detail column of a 'NavigationSplitView' with no 'NavigationStack' inside it"
                default:
                    if reach == nil { reach = project.navigationReach(of: view) }
                    guard let reach, !reach.enclosedOrUnknown else { continue }
                    // A bar item needs every path to lose the bar: a presentation with no stack, or
                    // (where tabs have no bar) a tab with no stack under an `App` scene.
                    if site.isBarItem && !reach.onlyPresentations {
                        guard tabsHaveNoBar, !reach.reachesDetail, site.inTab || !reach.appPathOutsideTabs else { continue }
                    }
                    why = "no navigation container encloses '\(decl.name)' on any path: \(reach.path.map { "'\($0)'" }.joined(separator: " > "))"
                }
                let effect = site.isBarItem ? "there is no navigation bar to show it" : "tapping it does nothing"
                diagnostics.append(Diagnostic(
                    range: site.range,
                    message: "'\(site.name)' only works inside a 'NavigationStack', 'NavigationSplitView' or 'NavigationView', but \(why); \(effect); wrap the content in a 'NavigationStack'",
                    symbol: "\(view.qualifiedName):\(site.name)"))
            }
        }
        return diagnostics
    }
}
