import ViewLintCore
import ViewLintModel
import ViewLintSyntax

/// A view expression found in a file's view builders, with where it sits: the views around it
/// and the content block of each that holds it. Layout and control rules ask their questions
/// of this instead of re-walking builder trees themselves. A class, so that handing one to each
/// rule copies a reference, not the view expression and its ancestors.
public final class PlacedView {
    public struct Enclosing {
        public var view: ViewExpression
        /// The content block of `view` that (possibly through `if`/`switch` branches) holds the
        /// next view down.
        public var block: BuilderBlock
        /// `view.viewTypeName`, worked out once when the view was placed.
        public var viewTypeName: String?
    }

    /// What the views of one member share, held once per member: each view held its own
    /// references to them, and placing a view retained every one.
    final class Owner {
        let type: ProjectModel.TypeInfo?
        let typeName: String
        let member: Member
        init(type: ProjectModel.TypeInfo?, typeName: String, member: Member) {
            self.type = type
            self.typeName = typeName
            self.member = member
        }
    }

    public let view: ViewExpression
    /// `view.viewTypeName`, worked out once per file: most rules ask it of every view.
    public let viewTypeName: String?
    /// The placed view whose content holds this one: a link up, so that placing a view copies
    /// no list of its ancestors (most rules never ask for them).
    let outer: PlacedView?
    /// The index in `outer.view.contents` of the block that holds this view: the block itself
    /// is looked up only by the rules that ask for it.
    let outerContent: Int32
    let owner: Owner
    /// A result builder applies to the block holding the view (not a body with `return`).
    public let inBuilder: Bool

    /// The type whose member builds the view (nil for top-level functions).
    public var type: ProjectModel.TypeInfo? { owner.type }
    public var typeName: String { owner.typeName }
    public var member: Member { owner.member }

    init(view: ViewExpression, outer: PlacedView?, outerContent: Int, owner: Owner, inBuilder: Bool) {
        self.view = view
        viewTypeName = view.viewTypeName
        self.outer = outer
        // Trapping, not truncating: an index past `Int32` is a bug to see, not one to wrap.
        self.outerContent = Int32(outerContent)
        self.owner = owner
        self.inBuilder = inBuilder
    }

    /// Enclosing views, outermost first.
    public var ancestors: [Enclosing] { Array(enclosingViews).reversed() }

    /// Enclosing views, innermost first, followed link by link: the rules that look for the
    /// nearest enclosing view of a kind stop there, without an array of all of them.
    public var enclosingViews: EnclosingViews { EnclosingViews(current: self) }

    public struct EnclosingViews: Sequence, IteratorProtocol {
        var current: PlacedView

        public mutating func next() -> Enclosing? {
            guard let outer = current.outer else { return nil }
            let block = outer.view.contents[Int(current.outerContent)]
            current = outer
            return Enclosing(view: outer.view, block: block, viewTypeName: outer.viewTypeName)
        }
    }

    /// `Type.member`, for findings' symbols.
    public var symbol: String { typeName.isEmpty ? member.name : "\(typeName).\(member.name)" }
}

/// Every view expression in the view builders and view-returning members of a file, outer
/// views before the views in their content: built once per file, shared by the layout,
/// control and style rules.
public enum PlacedViews: FileFact {
    public static func make(_ context: RuleContext) -> [PlacedView] {
        // The members that build views are the file's `builderMembers`, listed in this walk's
        // order (declarations, then globals): read from that shared list, where asking every
        // member of every declaration for its builder cost more than placing the views. A file
        // with none (most) makes no list.
        let builders = context.builderMembers
        if builders.isEmpty { return [] }
        var placer = Placer()
        var next = 0
        for (ref, decl) in context.declarations where decl.kind != .protocol {
            guard next < builders.count, builders[next].decl === decl else { continue }
            let type = context.project.view(of: ref)
            let name = type?.qualifiedName ?? decl.qualifiedName
            while next < builders.count, builders[next].decl === decl {
                placer.place(builders[next].member, type: type, typeName: name)
                next += 1
            }
        }
        // The rest are the globals'.
        while next < builders.count {
            placer.place(builders[next].member, type: nil, typeName: "")
            next += 1
        }
        return placer.result
    }

    /// The walk's state, in a value of its own: held by a nested function, the list and the
    /// stack were captured variables, and every access to them paid the runtime's exclusivity check.
    struct Placer {
        var result: [PlacedView] = []
        /// One stack for every member, emptied after each: a member's walk ends early (steps)
        /// with blocks left on it. Each block with the view whose content it is, and its index there.
        var stack: [(block: BuilderBlock, outer: PlacedView?, content: Int, inBuilder: Bool)] = []

        init() {
            // Room for a small file's views at once, rather than grown five times.
            result.reserveCapacity(32)
        }

        mutating func place(_ member: Member, type: ProjectModel.TypeInfo?, typeName: String) {
            if let builder = member.builder {
                stack.append((builder, nil, -1, !builder.hasReturn))
            } else if let returned = member.returnedViews {
                stack.append((returned, nil, -1, false))
            } else {
                return
            }
            let owner = PlacedView.Owner(type: type, typeName: typeName, member: member)
            var steps = 0
            while let (block, outer, outerContent, inBuilder) = stack.popLast(), steps < 200_000 {
                steps += 1
                let first = result.count
                block.forEachDirectView { view in
                    result.append(PlacedView(view: view, outer: outer, outerContent: outerContent, owner: owner,
                                             inBuilder: inBuilder))
                }
                // Last view's last content first, so that the stack visits them in source order.
                var index = result.count
                while index > first {
                    index -= 1
                    let placed = result[index]
                    let contents = placed.view.contents
                    var content = contents.count
                    while content > 0 {
                        content -= 1
                        stack.append((contents[content], placed, content, !contents[content].hasReturn))
                    }
                }
            }
            stack.removeAll(keepingCapacity: true)
        }
    }
}

extension RuleContext {
    /// Every view expression in the view builders and view-returning members of the file, outer
    /// views before the views in their content (a per-file fact: walked once per file).
    public var placedViews: [PlacedView] { fact(PlacedViews.self) }

    /// Calls `visit` for every view expression in the view builders and view-returning members
    /// of the file, outer views before the views in their content.
    public func forEachPlacedView(_ visit: (PlacedView) -> Void) {
        for placed in placedViews { visit(placed) }
    }
}

extension BuilderBlock {
    /// The views the block builds, looking through `if`/`switch` branches, in source order.
    public var directViews: [ViewExpression] {
        var result: [ViewExpression] = []
        forEachDirectView { result.append($0) }
        return result
    }

    /// Calls `visit` with each of `directViews`, in the same order, without gathering them.
    public func forEachDirectView(_ visit: (ViewExpression) -> Void) {
        // Most blocks hold no `if` or `switch`: their views in order, without copying the items
        // onto a stack (a list of 1,000 rows is asked this by several rules).
        if !items.contains(where: { if case .conditional = $0 { return true } else { return false } }) {
            for case .view(let view) in items.prefix(100_000) { visit(view) }
            return
        }
        var stack: [BuilderItem] = items.reversed()
        var steps = 0
        while let item = stack.popLast(), steps < 100_000 {
            steps += 1
            switch item {
            case .view(let view): visit(view)
            case .conditional(let conditional):
                for branch in conditional.branches.reversed() { stack.append(contentsOf: branch.block.items.reversed()) }
            case .other: break
            }
        }
    }

    /// The items that build views: views and conditionals, not declarations.
    public var viewItems: [BuilderItem] {
        items.filter { if case .other = $0 { return false } else { return true } }
    }

    /// Does the block hold a statement the model does not reduce to views that might still build
    /// some (a `#if` block, a `for` loop in a builder)? Counting its children is then guesswork.
    public func hasUnmodelledStatement(in file: FileModel) -> Bool {
        for case .other(let range) in items where Self.startsUnmodelledStatement(file.source.bytes, range) { return true }
        return false
    }

    /// Does the statement at `range` start with `#`, `for ` or `for(`? Read from the bytes: a
    /// string of each statement was made only to look at its first bytes.
    static func startsUnmodelledStatement(_ bytes: [UInt8], _ range: SourceRange) -> Bool {
        let start = max(0, min(range.start, bytes.count))
        let end = max(start, min(range.end, bytes.count))
        guard start < end else { return false }
        if bytes[start] == 0x23 { return true }
        return end - start >= 4 && bytes[start] == 0x66 && bytes[start + 1] == 0x6F && bytes[start + 2] == 0x72
            && (bytes[start + 3] == 0x20 || bytes[start + 3] == 0x28)
    }
}

extension ViewExpression {
    /// The type the base call builds (`HStack` for `HStack(spacing: 4) { ... }`), when the base is
    /// a call of a capitalised name (`SwiftUI.` prefix removed, `Image.init(...)` named `Image`);
    /// nil for `content`, `row(item)`.
    public var viewTypeName: String? {
        // The stored name first: most bases are calls of a type, and have one.
        if let name = baseTypeName { return name }
        guard let chain = baseCallee, !chain.isEmpty else { return staticMemberType }
        return nil
    }

    /// `Color` for a base that is a static member of a capitalised type (`Color.red`,
    /// `Image.placeholder`): the value is of that type.
    var staticMemberType: String? {
        // The source's bytes in place: every rule asks this of every view, and spelling each
        // base's text (the whole call, closures and all, for most views) was most of its cost.
        // Read up to the first byte that is no ASCII word byte, which must be the dot: the
        // first dot with word bytes before it and only word bytes after it.
        // A base normalised when read is told by its source where it can be (most of them,
        // containers), without re-lexing it.
        guard let initial = baseTextFirstASCII, initial >= 0x41 && initial <= 0x5A, !normalizedBaseIsNoStaticMember
        else { return nil }
        let bytes = baseTextUTF8
        guard let first = bytes.first, first >= 0x41 && first <= 0x5A,
              let dot = bytes.firstIndex(where: { !CharacterClasses.isASCIIWordByte($0) }), bytes[dot] == 0x2E
        else { return nil }
        let afterDot = dot + 1
        guard afterDot != bytes.endIndex, bytes[afterDot...].allSatisfy(CharacterClasses.isASCIIWordByte) else { return nil }
        return String(decoding: bytes[..<dot], as: UTF8.self)
    }

    // `baseContents` and `hasModifier` live in BuilderQueries.swift.

    /// The content closures passed to the modifier at `index` in `modifiers`.
    public func contents(ofModifierAt index: Int) -> [BuilderBlock] {
        guard modifiers.indices.contains(index) else { return [] }
        let start = modifiers[index].nameRange.start
        let end = index + 1 < modifiers.count ? modifiers[index + 1].nameRange.start : range.end
        return contents.filter { $0.range.start > start && $0.range.start < end && $0.range.start >= baseRange.end }
    }

    /// The modifier, if any, whose closure `block` is.
    public func modifierIndex(owning block: BuilderBlock) -> Int? {
        guard block.range.start >= baseRange.end else { return nil }
        var owner: Int? = nil
        // Read in place: a modifier copied out of the list retains each of its fields.
        let modifiers = self.modifiers
        for i in modifiers.indices where modifiers[i].nameRange.start < block.range.start { owner = i }
        return owner
    }

    /// Labels read in place: `first(where:)` copied every argument it asked.
    public func baseArgument(_ label: String) -> Argument? {
        let arguments = baseArguments
        return arguments.index(labeled: label).map { arguments[$0] }
    }


    /// Is `block` the label of this control (what the user taps) rather than its destination or
    /// action? `Button`'s content closures are all labels (its action is not content);
    /// `NavigationLink`'s label is the `label:` closure, or the trailing closure when the
    /// destination is an argument (`NavigationLink(destination: Detail()) { ... }`).
    public func isControlLabel(_ block: BuilderBlock) -> Bool {
        guard baseContents.contains(block), let name = viewTypeName else { return false }
        switch name {
        case "Button", "Link", "ShareLink", "Toggle":
            return true
        case "NavigationLink":
            if block.label == "label" { return true }
            return block.label == nil && baseArgument("destination") != nil
        default:
            return false
        }
    }
}

/// SwiftUI layout vocabulary the layout rules share.
public enum Layout {
    /// SwiftUI views that are one view whatever their content.
    public static let singleViews: Set<String> = [
        "Text", "Image", "Label", "Button", "Toggle", "TextField", "SecureField", "TextEditor", "Slider", "Stepper",
        "Picker", "DatePicker", "ColorPicker", "ProgressView", "Gauge", "Color", "Spacer", "Divider", "Rectangle",
        "RoundedRectangle", "UnevenRoundedRectangle", "Circle", "Capsule", "Ellipse", "AsyncImage", "NavigationLink",
        "Link", "ShareLink", "Menu", "ScrollView", "List", "Form", "HStack", "VStack", "ZStack", "LazyVStack",
        "LazyHStack", "LazyVGrid", "LazyHGrid", "Grid", "GeometryReader", "TabView",
        "NavigationStack", "NavigationSplitView", "ViewThatFits", "ScrollViewReader", "DisclosureGroup",
        "ContentUnavailableView", "Canvas", "TimelineView", "LinearGradient", "RadialGradient", "AngularGradient",
    ]

    /// Containers that lay their children out along one axis, or overlay them.
    public static let stacks: Set<String> = ["HStack", "VStack", "ZStack", "LazyHStack", "LazyVStack"]
    public static let horizontalStacks: Set<String> = ["HStack", "LazyHStack"]
    public static let verticalStacks: Set<String> = ["VStack", "LazyVStack"]

    /// Base types that can stand for any number of views, so a block holding one of them may
    /// still build several: `ForEach`, `Group`, and builders that splice their content in.
    public static let multiViewTypes: Set<String> = [
        "ForEach", "Group", "Section", "TupleView", "ForEachSubview", "ForEachSection", "OutlineGroup",
    ]

    /// Is `shape` the value `.infinity` (`.infinity`, `CGFloat.infinity`, `Double.infinity`)?
    public static func isInfinity(_ shape: ExprShape) -> Bool {
        switch shape {
        case .member(nil, "infinity"): return true
        case .member(.identifier(let base)?, "infinity"): return ["CGFloat", "Double", "Float"].contains(base)
        default: return false
        }
    }

    /// The axis of a `ScrollView`, from its first argument: `.vertical` (the default),
    /// `.horizontal`, or nil when both or unknown (`[.horizontal, .vertical]`, a variable).
    public static func scrollAxis(_ view: ViewExpression) -> String? {
        guard let first = view.baseArguments.first(where: { $0.isUnlabeled || $0.label == "axes" }) else {
            return "vertical"
        }
        var shape = first.shape
        if case .array(let elements) = shape, elements.count == 1 { shape = elements[0] }
        switch shape {
        case .member(_, "horizontal"): return "horizontal"
        case .member(_, "vertical"): return "vertical"
        default: return nil
        }
    }
}

extension ProjectModel {
    /// Is `child` (a view expression whose type is `name`) surely one view, so a stack around it
    /// has nothing else to arrange? A SwiftUI view that is always one, or a project view whose
    /// `body` builds one; views of other modules may build several.
    public func isSingleView(_ child: ViewExpression, name: String, from type: ProjectModel.TypeInfo?) -> Bool {
        if Layout.singleViews.contains(name) { return true }
        guard let resolved = resolveType(name, from: type), isView(resolved),
              let body = members(of: resolved).first(where: { $0.member.name == "body" }),
              let builder = body.member.builder else { return false }
        return builder.viewItems.count == 1 && !builder.hasUnmodelledStatement(in: files[body.ref.file])
            && !(builder.directViews.first.map { Layout.multiViewTypes.contains($0.viewTypeName ?? "") } ?? true)
    }
}
