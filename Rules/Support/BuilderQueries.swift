import ViewLintCore
import ViewLintModel

/// Walks over the views a member builds: every view expression in its builder blocks
/// (`Member.builderBlocks`, in the query layer), nested ones included.
extension Member {
    /// Every view expression the member builds or returns, in `forEachBuilderBlock`'s order (a
    /// block's views as written, then the blocks nested in them, depth first, the last one first):
    /// `MemberViews.views` lists them in the same order.
    public var viewExpressions: [ViewExpression] {
        var result: [ViewExpression] = []
        forEachBuilderBlock { block, _ in
            for item in block.items {
                if case .view(let expression) = item { result.append(expression) }
            }
        }
        return result
    }
}

extension ViewExpression {
    /// The index of the first modifier named `name`, if any.
    public func firstModifier(_ name: String) -> Int? { modifiers.firstIndex { $0.name == name } }

    public func hasModifier(_ name: String) -> Bool { modifiers.contains { $0.name == name } }
}

/// The members of a file whose builders rules walk: those of every type declaration and
/// extension (with the merged type, if any), then the file's global functions and variables.
/// Built once per file.
public enum BuilderMembers: FileFact {
    public static func make(_ context: RuleContext) -> [(type: ProjectModel.TypeInfo?, decl: TypeDecl?, member: Member)] {
        // Read from the project's index of builders (`builderRefs(inFile:)`), in its order.
        let refs = context.project.builderRefs(inFile: context.fileIndex)
        var result: [(type: ProjectModel.TypeInfo?, decl: TypeDecl?, member: Member)] = []
        if refs.isEmpty { return result }
        result.reserveCapacity(refs.count)
        let file = context.file
        let types = file.types, globals = file.globals
        // Looked up once per declaration, at its first builder.
        var lastDecl: Int32 = -1
        var info: ProjectModel.TypeInfo? = nil
        for ref in refs {
            guard ref.decl >= 0 else {
                result.append((nil, nil, globals[Int(ref.member)]))
                continue
            }
            let decl = types[Int(ref.decl)]
            if ref.decl != lastDecl {
                lastDecl = ref.decl
                info = context.project.typeInfo(of: ProjectModel.DeclRef(file: context.fileIndex, index: Int(ref.decl)))
            }
            result.append((info, decl, decl.members[Int(ref.member)]))
        }
        return result
    }
}

/// The views of a file's builder members, each member's in a run of its own (`Member.viewExpressions`'s
/// order), with each view's `baseTypeName` and the view enclosing it: most rules that walk them ask
/// every view its name, and several its ancestors, so one walk per file works out all three. Flat
/// lists shared by the file's members: three lists per member, and one more per view with
/// contents for its ancestors, were each freed with the file's facts.
public final class BuilderViewTable: Sendable {
    let views: [ViewExpression]
    let names: [String?]
    /// The index of the view whose content holds `views[i]` (through `if`/`switch` branches),
    /// -1 at a builder's top.
    let enclosing: [Int32]
    /// Each member's run, by the member's identity.
    let runs: [ObjectIdentifier: Range<Int>]

    private static let expectedViews = 32

    /// The views of `members`, in turn; a member listed twice has one run.
    init<Members: Sequence<Member>>(_ members: Members) {
        var views: [ViewExpression] = []
        var names: [String?] = []
        var enclosing: [Int32] = []
        // Room for every member's run at once (the members are a list's lazy map: its count).
        var runs = [ObjectIdentifier: Range<Int>](minimumCapacity: members.underestimatedCount)
        // One stack for every member, emptied after each (a member's walk ends early, at its steps,
        // with blocks left on it): each block with the index of the view whose content it is.
        var stack: [(block: BuilderBlock, outer: Int32)] = []
        for member in members {
            let id = ObjectIdentifier(member)
            guard runs[id] == nil else { continue }
            let first = views.count
            // Reserved at the first member, not for every file: most have none.
            if stack.capacity == 0 { stack.reserveCapacity(16) }
            // `Member.forEachBlock`'s walk, written again so that each view's enclosing view rides
            // along on the stack: the order must stay that of `viewExpressions`
            // (`RuleContext.viewExpressions(of:)` returns either; a test compares them).
            if let builder = member.builder { stack.append((builder, -1)) }
            else if let returned = member.returnedViews { stack.append((returned, -1)) }
            var steps = 0
            while let (block, outer) = stack.popLast(), steps < 100_000 {
                steps += 1
                let items = block.items
                for i in items.indices {
                    switch items[i] {
                    case .view(let expression):
                        if views.capacity == 0 {
                            // Room for a usual file's views at once: grown from one, each of the
                            // three lists was reallocated five or six times per file.
                            views.reserveCapacity(BuilderViewTable.expectedViews)
                            names.reserveCapacity(BuilderViewTable.expectedViews)
                            enclosing.reserveCapacity(BuilderViewTable.expectedViews)
                        }
                        // Trapping, not truncating: a file of two billion views is a bug to see.
                        let index = Int32(views.count)
                        views.append(expression)
                        names.append(expression.baseTypeName)
                        enclosing.append(outer)
                        let contents = expression.contents
                        for c in contents.indices { stack.append((contents[c], index)) }
                    case .conditional(let conditional):
                        for branch in conditional.branches { stack.append((branch.block, outer)) }
                    case .other:
                        break
                    }
                }
            }
            stack.removeAll(keepingCapacity: true)
            runs[id] = first..<views.count
        }
        self.views = views
        self.names = names
        self.enclosing = enclosing
        self.runs = runs
    }
}

/// The views of one builder member (`Member.viewExpressions`, in the same order), with each
/// one's `baseTypeName` and the views enclosing it: a run of its file's `BuilderViewTable`.
public struct MemberViews: Sendable {
    let table: BuilderViewTable
    let run: Range<Int>

    init(table: BuilderViewTable, run: Range<Int>) {
        self.table = table
        self.run = run
    }

    /// The member's views walked on their own, for a member outside the file's table.
    init(_ member: Member) {
        let table = BuilderViewTable(CollectionOfOne(member))
        self.init(table: table, run: table.runs[ObjectIdentifier(member)] ?? 0..<0)
    }

    /// The member's views, from index 0.
    public var views: Run<ViewExpression> { Run(base: table.views, run: run) }
    /// `views[i].baseTypeName` at `i`.
    public var baseTypeNames: Run<String?> { Run(base: table.names, run: run) }
    /// The views enclosing `views[i]`, innermost first.
    public func ancestors(of index: Int) -> ViewAncestors {
        ViewAncestors(table: table, position: table.enclosing[run.lowerBound + index])
    }

    /// Each view with the views enclosing it: `Text` in `Button { Text("a") }` has the button as
    /// its ancestor, and views in a modifier's content (`.sheet { ... }`) count the modified view
    /// as an ancestor too.
    public var withAncestors: ViewsWithAncestors { ViewsWithAncestors(views: self) }

    /// A run of one of the table's lists, indexed from 0 like the member's own list would be.
    public struct Run<Element: Sendable>: RandomAccessCollection, Sendable {
        let base: [Element]
        let run: Range<Int>
        public var startIndex: Int { 0 }
        public var endIndex: Int { run.count }
        public subscript(index: Int) -> Element { base[run.lowerBound + index] }
    }
}

/// The views enclosing one view, innermost first, followed link by link: no list of them is made.
public struct ViewAncestors: Sequence, IteratorProtocol {
    let table: BuilderViewTable
    /// The next view's index in the table, -1 past the outermost.
    var position: Int32

    public var isEmpty: Bool { position < 0 }

    public mutating func next() -> ViewExpression? {
        guard position >= 0 else { return nil }
        let index = Int(position)
        position = table.enclosing[index]
        return table.views[index]
    }
}

/// `MemberViews.withAncestors`: the pairs read from the shared lists, not copied into a list of their own.
public struct ViewsWithAncestors: RandomAccessCollection {
    let views: MemberViews
    public var startIndex: Int { 0 }
    public var endIndex: Int { views.run.count }
    public subscript(index: Int) -> (view: ViewExpression, ancestors: ViewAncestors) {
        (views.views[index], views.ancestors(of: index))
    }
}

/// The file's `BuilderViewTable`, of its `builderMembers`, once per file.
public enum BuilderMemberViews: FileFact {
    public static func make(_ context: RuleContext) -> BuilderViewTable {
        BuilderViewTable(context.builderMembers.lazy.map(\.member))
    }
}

/// `BuilderMemberViews`, looked up once (`RuleContext.memberViews`).
public struct MemberViewsTable {
    let table: BuilderViewTable

    /// `member.viewExpressions` with their `baseTypeName`s and ancestors, walked once per file for
    /// a member of `builderMembers`.
    public func views(of member: Member) -> MemberViews {
        guard let run = table.runs[ObjectIdentifier(member)] else { return MemberViews(member) }
        return MemberViews(table: table, run: run)
    }
}

extension RuleContext {
    /// The members of the file whose builders rules walk: those of every type declaration and
    /// extension (with the merged type, if any), then the file's global functions and variables
    /// (a per-file fact: built once per file).
    public var builderMembers: [(type: ProjectModel.TypeInfo?, decl: TypeDecl?, member: Member)] {
        fact(BuilderMembers.self)
    }

    /// Hands `body` each member of the file's type declarations that builds views
    /// (`Member.buildsViews`), with its declaration and merged type: those of `builderMembers`
    /// (every declaration's but a protocol's, in order), then each protocol's, which the
    /// project's index of builders leaves out (findings are sorted by position: the protocols'
    /// coming last does not show). Read in place, by index: a member of every declaration asked
    /// across modules, or copied out of a list, was retained and released; gathered into a
    /// per-file list, the copy and the fact's bookkeeping cost more than the walks they saved.
    public func forEachDeclarationBuilder(_ body: (_ type: ProjectModel.TypeInfo?, _ decl: TypeDecl, _ member: Member) -> Void) {
        let builders = builderMembers
        for b in builders.indices {
            // The globals, which come last, belong to no declaration.
            guard let decl = builders[b].decl else { break }
            body(builders[b].type, decl, builders[b].member)
        }
        let declarations = self.declarations
        for d in declarations.indices where declarations[d].decl.kind == .protocol {
            let decl = declarations[d].decl
            let members = decl.members
            // Looked up at the protocol's first builder.
            var type: Memo<ProjectModel.TypeInfo?> = .notAsked
            for m in members.indices where members[m].buildsViews {
                body(type.answer { project.typeInfo(of: declarations[d].ref) }, decl, members[m])
            }
        }
    }

    /// `member.viewExpressions`, walked once per file for a member of `builderMembers`.
    public func viewExpressions(of member: Member) -> MemberViews.Run<ViewExpression> {
        memberViews.views(of: member).views
    }

    /// `MemberViewsTable.views(of:)` for every member a rule walks: the file's table is found
    /// once, not once per member (each ask locks the fact store and casts its value).
    public var memberViews: MemberViewsTable { MemberViewsTable(table: fact(BuilderMemberViews.self)) }
}

extension ProjectModel {
    /// Does `name` mean the SDK type: no project type of that name is declared (a backport
    /// `NavigationStack` or a project `List` is not SwiftUI's)?
    public func isSDKType(_ name: String) -> Bool {
        guard let type = resolveType(name) else { return true }
        return !type.isDeclaredInProject
    }
}

extension DeploymentTarget {
    /// Does the target name macOS as its only platform (a Mac app's target)?
    public var isMacOnly: Bool { platforms.keys.allSatisfy { $0 == "macos" } && !platforms.isEmpty }
}

extension ViewExpression {
    /// The builder closures passed to the base call itself (a button's label, a stack's
    /// content), not to its modifiers: those written inside the base's range.
    public var baseContents: [BuilderBlock] {
        contents.filter { $0.range.start >= baseRange.start && $0.range.end <= baseRange.end }
    }

    /// The base's content block when it has exactly one (a stack's `{ ... }`), found without
    /// building `baseContents`: the layout rules ask it of every stack.
    public var onlyBaseContent: BuilderBlock? {
        let contents = self.contents, base = baseRange
        var only: Int? = nil
        for index in contents.indices where contents[index].range.start >= base.start && contents[index].range.end <= base.end {
            if only != nil { return nil }
            only = index
        }
        return only.map { contents[$0] }
    }

    /// The modifier whose closure the content block at `index` is (`sheet`), or "" for the
    /// base's own content.
    public func contentOwner(at index: Int) -> String {
        index < contentOwners.count ? contentOwners[index] : ""
    }

    /// The modifier content blocks (`.sheet { ... }`, `.overlay { ... }`), outside the base.
    public var modifierContents: [BuilderBlock] {
        contents.filter { !($0.range.start >= baseRange.start && $0.range.end <= baseRange.end) }
    }

    /// Is `block`, a closure of this `NavigationLink`, its destination (built only once pushed)
    /// rather than its label? A `destination:` closure argument is; otherwise see
    /// `NavigationLinkForm.destinationIsFirstTrailingClosure`.
    public func isNavigationLinkDestination(_ block: BuilderBlock) -> Bool {
        guard baseTypeName == "NavigationLink" else { return false }
        if block.label == "destination" { return true }
        guard block.label == nil else { return false }
        let blocks = baseContents
        return block.range == blocks.first?.range
            && NavigationLinkForm.destinationIsFirstTrailingClosure(arguments: baseArguments, trailingClosures: blocks.count)
    }
}

/// How `NavigationLink`'s initializers place its destination: the one reading shared by the rules
/// that skip destinations in rows, the rooted view graph and the placement graph.
public enum NavigationLinkForm {
    /// Is the first trailing closure the destination? It is the only closure after a title
    /// (`NavigationLink("Title") { Destination() }`) and the first of two without one
    /// (`NavigationLink { Destination() } label: { ... }`). With `destination:`, `value:` or `label:`
    /// among the arguments, a trailing closure is the label.
    public static func destinationIsFirstTrailingClosure(arguments: ArgumentList, trailingClosures: Int) -> Bool {
        guard !arguments.contains(where: { $0.label == "destination" || $0.label == "value" || $0.label == "label" })
        else { return false }
        let hasTitle = arguments.first.map { $0.isUnlabeled } ?? false
        return trailingClosures == (hasTitle ? 1 : 2)
    }
}
