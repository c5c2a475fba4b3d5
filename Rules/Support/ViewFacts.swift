import ViewLintCore
import ViewLintModel

/// What the view rules mean by "view", for their documentation: generated from
/// `KnownNames.viewProtocols`, so the list users read is the list the model uses.
public enum ViewDefinition {
    public static let documentation: String = {
        let sdk = KnownNames.viewProtocols.subtracting(["View", "ViewModifier"]).sorted().map { "`\($0)`" }
        return "A view is any type that conforms to `View` or `ViewModifier`, or to an SDK protocol that refines "
            + "them (\(sdk.joined(separator: ", "))), directly, in an extension in any file, or through a project "
            + "protocol that refines one of these; `SwiftUI.`-qualified names count too. Types nested in a view (a "
            + "representable's `Coordinator`) are not views themselves, but what they read through the view "
            + "(`parent.zoom`) counts as a read of the view's property."
    }()

    /// SwiftUI protocols with a `body` (or a `previews`) whose conformers are not views: the
    /// model never treats them as views, and each view rule says why it leaves them alone.
    public static let nonViewProtocols = [
        "App", "Scene", "Commands", "ToolbarContent", "TableColumnContent", "TableRowContent", "PreviewProvider",
    ]

    /// The per-rule decision of which SwiftUI types the rule checks, as `viewlint rules ID` shows it.
    /// `kinds` names what is checked; `reason` says why the types in `nonViewProtocols` are not.
    public static func scope(_ kinds: String, notChecked reason: String) -> String {
        let others = nonViewProtocols.map { "`\($0)`" }.joined(separator: ", ")
        return "Applies to: \(kinds). Not to \(others) conformers: \(reason)"
    }
}

extension RuleContext {
    /// The views this file declares (not extensions or protocols), with their merged types:
    /// where the rules about a view's stored properties look, since properties live in the
    /// primary declaration. A per-file fact: a dozen rules ask, and each made the list again.
    public var viewDeclarations: [(view: ProjectModel.TypeInfo, decl: TypeDecl)] {
        fact(ViewDeclarations.self)
    }
}

/// `RuleContext.viewDeclarations`, made once per file.
public enum ViewDeclarations: FileFact {
    public static func make(_ context: RuleContext) -> [(view: ProjectModel.TypeInfo, decl: TypeDecl)] {
        context.declarations.compactMap { ref, decl in
            guard decl.kind != .extension && decl.kind != .protocol, let view = context.project.view(of: ref) else { return nil }
            return (view, decl)
        }
    }
}

extension KnownNames {
    /// `View`, alone or after a module's prefix (`SwiftUI.View`): `stripModule(name) == "View"`
    /// without stripping, which cost 570 instructions a name. Asked of every type of the project,
    /// whose names nearly all end in another byte.
    static func isViewProtocolName(_ name: String) -> Bool {
        name.utf8.last == UInt8(ascii: "w") && viewProtocolSpellings.contains(name)
    }

    private static let viewProtocolSpellings: Set<String> = Set(["View"] + modulePrefixes.map { $0 + "View" })
}

// `namesRead(in:)`, `hasCustomEquality(_:)` and `protocolRequirementNames(of:)` are part of the
// query layer now: Sources/ViewLintModel/Query/ReadQueries.swift. Same names, same answers.

/// Where a view is built many times: facts about the project's builder code that rules use to
/// say what a per-update cost adds up to.
extension ProjectModel {
    /// A place that builds `type` once per element of a data-driven container
    /// (`ForEach(items) { ItemRow(item: $0) }`, `List(items) { ... }`), as "the ForEach in
    /// 'Timeline.body'"; nil when no container's rows construct it directly. Rows built by a
    /// helper the row closure calls (`ForEach(items) { row($0) }`) are not followed.
    public func rowContainer(of type: TypeInfo) -> String? {
        // The collection-view calls' index asked once per thread that makes parts, not once per file.
        var sites: Memo<CollectionViewCallsByFile> = .notAsked
        // By type id, in an array: keyed by the types' key strings, the merge and each ask
        // hashed a string per view.
        let index = fact("model.viewsBuiltPerRow", perFile: { f in
            viewsBuiltPerRow(inFile: f, containers: sites.answer { collectionViewCallsByFile }[f])
        }, merge: { parts -> RowContainers in
            var first = RowContainers(typeCount: types.count)
            for part in parts {
                for (id, container) in part { first.keepFirst(container, of: id) }
            }
            return first
        })
        return index.container(of: type.id)?.description
    }

    /// The first container of each type built per row, by type id. A type's slot holds the
    /// container's place in a list of the few found, not the container: a table of optional
    /// containers took 56 bytes for each of the project's types (1.9 MB at 1M generated
    /// lines, held to the end of the run), most of them not views, let alone rows.
    struct RowContainers: Sendable {
        /// By type id: 0 for none, else the container's index in `containers` plus 1.
        private var slots: [UInt32]
        private var containers: [RowContainer] = []

        init(typeCount: Int) { slots = [UInt32](repeating: 0, count: typeCount) }

        /// Keeps `container` for type `id` unless the type has one already.
        mutating func keepFirst(_ container: RowContainer, of id: Int) {
            guard slots.indices.contains(id), slots[id] == 0 else { return }
            containers.append(container)
            slots[id] = UInt32(truncatingIfNeeded: containers.count)
        }

        func container(of id: Int) -> RowContainer? {
            guard slots.indices.contains(id), slots[id] > 0 else { return nil }
            return containers[Int(slots[id]) - 1]
        }
    }

    /// A container's call and where it is, spelled only when asked: most rows' views have no
    /// finding that names it.
    struct RowContainer: Sendable {
        var call: String
        var owner: String
        var member: String
        var description: String { "the \(call) in '\(owner).\(member)'" }
    }

    /// The views file `f` builds once per row, by type id, each with the first container that
    /// builds it, in the file's order. `containers` are the file's collection-view calls
    /// (`collectionViewCalls(inFile:)`): read from that shared index, where walking every call
    /// of every member for a container's name cost more than the rest of the fact.
    func viewsBuiltPerRow(inFile f: Int, containers: ArraySlice<CollectionViewCall>) -> [(id: Int, container: RowContainer)] {
        var index: [(id: Int, container: RowContainer)] = []
        if containers.isEmpty { return index }
        // The ids already in `index`: looked for in the list while it is short (a set allocated
        // a table for the one or two views most files build per row), in a set beyond.
        var seen: Set<Int> = []
        let filter = constructibleNameFilter
        let types = files[f].types
        // The containers come by declaration, in order: each one's type is found once.
        var ownerDecl = -1
        var declOwner: TypeInfo? = nil
        for site in containers {
            let d = Int(site.decl)
            if d != ownerDecl {
                ownerDecl = d
                declOwner = typeInfo(of: DeclRef(file: f, index: d))
            }
            guard let owner = declOwner else { continue }
            let member = types[d].members[Int(site.member)]
            // Read in place, by stored field: passing a call to a method of another module
            // copies it, retaining its name chain and arguments.
            let calls = member.calls
            let c = Int(site.call)
            guard calls[c].callee.count <= 2, calls[c].arguments.firstUnlabeledIndex != nil else { continue }
            let container = calls[c]
            // The calls inside the container after its name: `calls` is sorted by range,
            // so they follow it, up to the first that starts past its end.
            var inside = c + 1
            while inside < calls.count && calls[inside].range.start <= container.calleeRange.end { inside += 1 }
            var end = inside
            while end < calls.count && calls[end].range.start < container.range.end { end += 1 }
            let candidates = (inside..<end).filter { calls[$0].range.end <= container.range.end }
            let data = container.unlabeledArguments.map(\.range)
            // A navigation destination is built with each row but shown (and its body
            // run) only once pushed: it is a screen, not a row.
            let destinations = candidates.compactMap { i -> SourceRange? in
                if let destination = calls[i].arguments.first(where: { $0.label == "destination" }) { return destination.range }
                return calls[i].callee.last == "NavigationLink" ? Self.trailingDestination(of: calls[i], in: member) : nil
            }
            for i in candidates {
                let range = calls[i].range
                if data.contains(where: { $0.start <= range.start && range.end <= $0.end })
                    || destinations.contains(where: { $0.start <= range.start && range.end <= $0.end }) { continue }
                var chain = calls[i].callee
                if chain.count > 1 && chain.last == "init" { chain.removeLast() }
                // Every view's simple name is in `constructibleTypeNames`: the filter rejects
                // the SDK's names (`Text`, `HStack`) without resolving them.
                // A name of one part (most are) is looked up as it is, with no string joined.
                guard let last = chain.last, filter.mayContain(simpleNameOf: last),
                      let built = resolveType(chain.count == 1 ? last : chain.joined(separator: "."), from: owner),
                      isView(built) else { continue }
                if index.count < 8 {
                    if index.contains(where: { $0.id == built.id }) { continue }
                } else {
                    if seen.isEmpty { for entry in index { seen.insert(entry.id) } }
                    guard seen.insert(built.id).inserted else { continue }
                }
                index.append((built.id, RowContainer(call: container.name, owner: owner.qualifiedName, member: member.name)))
            }
        }
        return index
    }

    /// The destination closure of `NavigationLink { Destination() } label: { ... }` and
    /// `NavigationLink("Title") { Destination() }`.
    static func trailingDestination(of call: CallSite, in member: Member) -> SourceRange? {
        guard call.name == "NavigationLink", NavigationLinkForm.destinationIsFirstTrailingClosure(
            arguments: call.arguments, trailingClosures: call.trailingClosures) else { return nil }
        let start = call.arguments.last?.range.end ?? call.calleeRange.end
        return member.closureRanges.first { $0.start >= start && $0.end <= call.range.end }
    }

    /// How many views a view's code builds: the calls to types in the members of `declaration`
    /// and of the type's extensions, other than initializers; a measure of how much work one
    /// evaluation of its body is. Other primary declarations with the same name (copies of a
    /// file in a tutorial) do not add up.
    public func viewsBuilt(by type: TypeInfo, declaration: TypeDecl) -> Int {
        var count = 0
        for ref in type.declarations {
            let decl = self.declaration(ref)
            guard decl === declaration || decl.kind == .extension else { continue }
            for member in decl.members where member.kind != .initializer { count += member.calls.count }
        }
        return count
    }
}
