import ViewLintCore
import ViewLintModel

/// ## What it does
/// Flags several sibling views written where SwiftUI places a single view and no container
/// decides their layout: the root of a `NavigationStack`, `WindowGroup` or `Window`, the content of
/// a `.sheet`, `.fullScreenCover` or `.popover`, a `NavigationLink` or `.navigationDestination`
/// destination; and a `body` or `@ViewBuilder` member building several views that is placed in
/// one of those places.
///
/// ## Why is this bad?
/// The views become a `TupleView`, and what happens to it depends on the place: the system
/// lays it out implicitly (a vertical stack with default spacing, or a window or column each),
/// and modifiers such as `.navigationTitle` apply to every view separately.
///
/// ## Use instead
/// Group them in the container that says the layout: `VStack`, `List`, `Form`, `ScrollView`.
public struct UngroupedViews: Rule {
    public static let description = RuleDescription(
        id: "ungrouped_views",
        name: "Ungrouped views where one is expected",
        summary: "Several sibling views are written where SwiftUI places one view (a NavigationStack root, a sheet, a destination), so no container decides their layout.",
        rationale: """
            A view builder with several views builds a `TupleView`. Inside a stack, a `List` or a `Form` that is \
            what you want: the container lays the views out. But some places take one view and have no layout \
            of their own: the root of a `NavigationStack`, `WindowGroup` or `Window`, the content of `.sheet`, \
            `.fullScreenCover` and `.popover`, and a `NavigationLink` or `.navigationDestination` destination. \
            There the views are laid out by an implicit stack whose spacing and alignment nobody chose (or, for \
            a window group on macOS, may open a window each), and the modifiers that follow apply to each view \
            separately: `.navigationTitle` or `.toolbar` on the destination is set twice, `.padding()` pads \
            each view. Wrap the views in the container that says the layout (`VStack`, `ScrollView`, `List`, \
            `Form`).

            The same holds for a `body` or `@ViewBuilder` member that builds several views when it is placed in \
            one of these places: `NavigationLink { Detail() }` where `Detail.body` is two views, or a `body` that \
            is only `content` when `content` builds two. The finding is on the member's name.

            Not reported, on purpose: `.overlay`, `.background` and `.mask` content, which SwiftUI lays out like \
            a `ZStack` with the modifier's alignment (documented, and relied on with several `if`s); the labels \
            of `Button`, `NavigationLink`, `Menu` and other controls, whose style lays the title and icon out (in \
            a menu or a toolbar the parts are used separately); `NavigationView`, whose views become its columns; \
            a `body` or helper with several views used inside a container (a `Form` section's rows split into a \
            subview are idiomatic), or whose placements are not known (a view no builder in the project creates: \
            its several views are spliced into whatever container its parent uses).
            """,
        severity: .warning,
        precision: .high,
        tags: ["layout", "correctness", "swiftui"],
        triggeringExamples: [
            RuleExample("""
                struct Root: View {
                    @State private var showingHelp = false
                    var body: some View {
                        NavigationStack ↓{
                            Image(systemName: "globe")
                            Text("Hello")
                        }
                        .sheet(isPresented: $showingHelp) ↓{
                            Text("Help")
                            Button("Close") { showingHelp = false }
                        }
                    }
                }
                """),
            RuleExample("""
                struct Root: View {
                    var body: some View {
                        NavigationStack {
                            List {
                                NavigationLink("Detail") { Detail() }
                            }
                        }
                    }
                }
                struct Detail: View {
                    var ↓body: some View {
                        Text("Title")
                        Text("Body")
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct Root: View {
                    @State private var showingHelp = false
                    var body: some View {
                        NavigationStack {
                            VStack {
                                Image(systemName: "globe")
                                Text("Hello")
                            }
                        }
                        .overlay(alignment: .top) {
                            Text("Banner")
                            Image(systemName: "star")
                        }
                        Button { showingHelp = true } label: {
                            Image(systemName: "questionmark")
                            Text("Help")
                        }
                        HStack { Rows() }
                    }
                }
                struct Rows: View {
                    var body: some View {
                        Text("One")
                        Text("Two")
                    }
                }
                """),
        ],
        knownLimits: [
            "A view is followed into the places other builders create it; a view created in a plain function, stored in a variable or wrapped in `AnyView` is not, and its several views are not reported.",
        ]
    )

    public init(options: RuleOptions) {}

    public func check(_ context: RuleContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let project = context.project
        let sdkContainers = Self.sdkContainers(project)
        let viewsByMember = context.memberViews
        for (type, _, member) in context.builderMembers {
            // Several views written directly in a single-view place.
            let memberViews = viewsByMember.views(of: member)
            for (index, expression) in memberViews.views.enumerated() {
                for slot in Self.singleViewSlots(of: expression, named: memberViews.baseTypeNames[index], in: member,
                                                 sdkContainers: sdkContainers) {
                    // Counted before the views are gathered: most slots hold one.
                    guard Self.viewCount(slot.block) >= 2, !slot.block.hasReturn else { continue }
                    let views = Self.views(of: slot.block)
                    diagnostics.append(Diagnostic(
                        range: SourceRange(start: slot.block.range.start, end: slot.block.range.start + 1),
                        message: "\(Self.describe(views)) are written as siblings in \(slot.place), which places one view; "
                            + "no container decides their layout, so wrap them in a 'VStack', 'List' or 'ScrollView'",
                        symbol: "\((type?.qualifiedName).map { $0 + "." } ?? "")\(member.name):\(slot.place)"))
                }
            }
            // A member building several views, placed alone in such a place.
            guard let type, let builder = member.builder, !builder.hasReturn,
                  member.name == "body" || member.hasAttribute("ViewBuilder"), Self.viewCount(builder) >= 2 else { continue }
            let views = Self.views(of: builder)
            // The whole project's placements (a cached fact), asked for only here.
            let alone = project.placedAlone()
            let place: String?
            if member.name == "body" {
                place = alone[type.key]
            } else if let direct = alone[type.key + "." + member.name] {
                place = direct
            } else if let body = project.members(of: type).first(where: { $0.member.name == "body" })?.member.builder,
                      body.items.count == 1, case .view(let only)? = body.items.first,
                      Self.memberReference(only) == member.name, only.modifiers.isEmpty {
                place = alone[type.key].map { "'body', which is placed in \($0)" }
            } else {
                place = nil
            }
            guard let place else { continue }
            diagnostics.append(Diagnostic(
                range: member.nameRange,
                message: "'\(member.name)' builds \(Self.describe(views)) as siblings, and is placed in \(place), which places "
                    + "one view; no container decides their layout, so wrap them in a 'VStack', 'List' or 'ScrollView'",
                symbol: "\(type.qualifiedName).\(member.name):ungrouped"))
        }
        return diagnostics
    }

    static func describe(_ views: [ViewExpression]) -> String {
        let names = views.prefix(3).map { "'\($0.viewTypeName ?? $0.baseText)'" }
        if views.count == 2 { return names.joined(separator: " and ") }
        return names.joined(separator: ", ") + (views.count > 3 ? " and \(views.count - 3) more" : "")
    }

    /// `content` or `content()`: the name of a member of the same view.
    static func memberReference(_ view: ViewExpression) -> String? {
        // Told by the first byte where it can be: asking every view for its text normalised
        // every container's base.
        if let first = view.baseTextFirstASCII, !(first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z")) { return nil }
        let text = view.baseText
        let name = text.hasSuffix("()") ? String(text.dropLast(2)) : text
        guard let first = name.unicodeScalars.first, first.properties.isLowercase,
              name.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "_" })
        else { return nil }
        return name
    }

    /// The views a block builds directly (not in its `if`s), in order.
    static func views(of block: BuilderBlock) -> [ViewExpression] {
        block.items.compactMap { item -> ViewExpression? in
            if case .view(let view) = item { return view } else { return nil }
        }
    }

    /// How many of `views(of:)` there are, counted in place.
    static func viewCount(_ block: BuilderBlock) -> Int {
        var count = 0
        for case .view in block.items { count += 1 }
        return count
    }

    struct Slot {
        enum Kind { case root, destination, modifierContent }
        var block: BuilderBlock
        var kind: Kind
        /// The container's or the modifier's name.
        var name: String
        /// How a message names the place; made only for a finding.
        var place: String {
            switch kind {
            case .root: return "the root of a '\(name)'"
            case .destination: return "a 'NavigationLink' destination"
            case .modifierContent: return "'.\(name)' content"
            }
        }
    }

    /// Views and modifiers with a block where SwiftUI places one view (asked of every view and
    /// modifier: their filters reject most names without hashing them).
    static let singleViewContainers: NameList = ["NavigationStack", "WindowGroup", "Window", "NavigationLink"]
    static let singleViewModifiers: NameList = ["sheet", "fullScreenCover", "popover", "navigationDestination"]

    /// The names of `singleViewContainers` that are SwiftUI's in this project (no project type of
    /// that name is declared), worked out once per run rather than resolved at every view.
    static func sdkContainers(_ project: ProjectModel) -> Set<String> {
        project.fact("ungrouped_views.sdkContainers") { Set(singleViewContainers.names.filter(project.isSDKType)) }
    }

    /// The blocks of `expression` (whose `baseTypeName` is `name`) where SwiftUI places one view.
    static func singleViewSlots(of expression: ViewExpression, named name: String?, in member: Member,
                                sdkContainers: Set<String>) -> [Slot] {
        // Every slot is a block of the view's contents (its base's or a modifier's): a view
        // without any (most: `Text`, `Image`) has its names and modifiers left unread.
        if expression.contents.isEmpty { return [] }
        var slots: [Slot] = []
        // The names first: resolving every view's name to ask whether it is SwiftUI's was most
        // of the project-wide walk.
        if let name, Self.singleViewContainers.contains(name), sdkContainers.contains(name) {
            let base = expression.baseContents
            switch name {
            case "NavigationStack", "WindowGroup", "Window":
                for block in base where block.label == nil || block.label == "root" || block.label == "content" {
                    slots.append(Slot(block: block, kind: .root, name: name))
                }
            case "NavigationLink":
                // With `destination:` or `value:` the link's closures are its label.
                let call = member.call(at: expression.baseRange)
                guard call?.argument("destination") == nil, call?.argument("value") == nil else { break }
                for block in base where expression.isNavigationLinkDestination(block) {
                    slots.append(Slot(block: block, kind: .destination, name: name))
                }
            default:
                break
            }
        }
        // Names read in place: a modifier copied out of the list retains each of its fields.
        let modifiers = expression.modifiers
        for index in modifiers.indices where Self.singleViewModifiers.contains(modifiers[index].name) {
            for block in expression.contents(ofModifierAt: index) {
                slots.append(Slot(block: block, kind: .modifierContent, name: modifiers[index].name))
            }
        }
        return slots
    }
}

extension ProjectModel {
    /// Views and `@ViewBuilder` members that some builder in the project places alone where one
    /// view is expected (see `UngroupedViews.singleViewSlots`), keyed by the view's type key or by
    /// `typeKey.member`, with a description of the place.
    func placedAlone() -> [String: String] {
        // Asked once per thread that makes parts, not once per file: a fact found by its name
        // costs a few hundred instructions per ask.
        var sdkContainers: Memo<Set<String>> = .notAsked
        var builders: Memo<[[BuilderRef]]> = .notAsked
        return fact("ungrouped_views.placedAlone", perFile: { f -> [String: String] in
            // The first place in file order describes the view.
            var places: [String: String] = [:]
            let types = files[f].types
            // The owner of the declaration `lastDecl`, looked up at the first slot holding one
            // view: most declarations have none.
            var lastDecl: Int32 = -1
            var found: Memo<TypeInfo?> = .notAsked
            // The file's builders (`builderRefs(inFile:)`), the declarations' in order and then the
            // globals', which place nothing here: every member of every declaration was asked
            // whether it builds views (110k on the 14 apps, each retained and released, for 5.7k).
            for ref in builders.answer({ builderRefsByFile })[f] where ref.decl >= 0 {
                let i = Int(ref.decl)
                if ref.decl != lastDecl {
                    lastDecl = ref.decl
                    found = .notAsked
                }
                let decl = types[i]
                let member = decl.members[Int(ref.member)]
                // The views of `viewExpressions`, in its order, walked in place: the list of
                // them was made only to be read once.
                member.forEachBuilderBlock { block, _ in
                    // Items read in place: each one copied out of the block retained its view.
                    let items = block.items
                    for k in items.indices {
                        // Every slot is a content block: a view without any (most) is not asked its name.
                        guard case .view(let expression) = items[k], !expression.contents.isEmpty else { continue }
                        let containers = sdkContainers.answer { UngroupedViews.sdkContainers(self) }
                        for slot in UngroupedViews.singleViewSlots(of: expression, named: expression.baseTypeName,
                                                                   in: member, sdkContainers: containers) {
                            guard slot.block.items.count == 1, case .view(let only)? = slot.block.items.first else { continue }
                            let owner = found.answer { typeInfo(of: DeclRef(file: f, index: i)) }
                            // Spelled only for the first place of a view: the others, and slots holding no project
                            // view, spelled it to drop it.
                            func place() -> String { slot.place + " in '\(owner?.qualifiedName ?? decl.qualifiedName).\(member.name)'" }
                            if let name = only.baseTypeName, let child = resolveType(name, from: owner),
                               child.isDeclaredInProject, isView(child) {
                                if places[child.key] == nil { places[child.key] = place() }
                            } else if let owner, let reference = UngroupedViews.memberReference(only) {
                                let key = owner.key + "." + reference
                                if places[key] == nil { places[key] = place() }
                            }
                        }
                    }
                }
            }
            return places
        }, merge: { parts in
            parts.reduce(into: [String: String]()) { index, part in index.merge(part) { first, _ in first } }
        })
    }
}
