import ViewLintCore
import ViewLintModel

/// ## What it does
/// Flags `ForEach`, `List`, `Table` and `OutlineGroup` identities that change when the data
/// does not: indices and offsets, ranges that are not constant, `id`s that are a fresh `UUID`
/// on every access or every evaluation, and `\.self` over project structs.
///
/// ## Why is this bad?
/// SwiftUI keys each row's state, animations and transitions by its id. An index names a
/// position, not an element, so inserting or deleting moves state to the wrong rows; a fresh
/// `UUID` makes every row new on every update; `\.self` over a struct makes an edited element
/// a different row.
///
/// ## Use instead
/// Iterate the elements and key them by a stable identifier (`ForEach(items)` with an
/// `Identifiable` element whose `id` is stored, or `id: \.id`).
public struct UnstableForEachID: Rule {
    public static let description = RuleDescription(
        id: "unstable_foreach_id",
        name: "Unstable ForEach identity",
        summary: "A ForEach, List, Table or OutlineGroup keys its rows by something that changes when the data does not.",
        rationale: """
            A data-driven container gives each element's view an identity made from the element's id. SwiftUI uses \
            that id to decide, after the data changes, which rows are the same as before (and keep their `@State`, \
            focus and scroll position), which are new (and get inserted with a transition), and which went away. \
            The id must therefore be stable (the same element keeps it) and unique.

            - An index or `\\.offset` identifies a position. Deleting the first element shifts every id, so the \
            state of row 2 moves to what used to be row 3, animations show the wrong rows moving, and bindings by \
            index can read past the end of the array.
            - `ForEach(0..<n)` without `id:` is meant for constant ranges: SwiftUI reads the range once and ignores \
            later changes of `n` (it logs a warning). Use `ForEach(0..<n, id: \\.self)` for a count that changes, \
            or iterate the elements.
            - An `id` computed as `UUID()` is new on every access, and an `id` that defaults to `UUID()` is new \
            every time the element is built; elements built in a computed property or inside `body` are rebuilt on \
            every evaluation. Every row is then a new row each time: state resets and lists re-insert everything. \
            The same holds when the data comes from a project factory (`ForEach(Item.placeholders())`, a static \
            property, or a helper of the view) that builds its elements with `id: UUID()` or a default fresh id: \
            that is reported at the container.
            - `id: \\.self` makes the whole value the identity. For a struct of the project, editing any field \
            turns the element into a different row, and two equal elements collide. Use its `id`, or make it \
            `Identifiable`.

            - Ids must also be unique. Data whose elements are all one value gives every row the same id, \
            whatever key path reads it: `Array(repeating: Item.placeholder, count: 5)`, \
            `[Item.placeholder, Item.placeholder]`, or placeholder rows from a project factory that builds \
            each element with one literal id (`static func placeholder() -> Item { .init(id: "placeholder", ...) }`). \
            SwiftUI's behaviour with duplicate ids is undefined: rows go missing or show another row's state.

            Constant data is fine with any of these: literal arrays, `static let` properties, `let` properties \
            whose value is written in their declaration, literal ranges and `allCases`, computed properties that \
            return a constant or a `switch` (or `if`/`else`) of constants over a constant subject, a `let` of \
            another type written with its value (`state.durations` for `let durations = stride(...)`), and an \
            input (a `let`, or a struct's `var` only initializers set) that every construction in the project \
            passes as a constant, through the memberwise initializer or initializers that store a parameter of \
            the input's name.

            Positions as ids (indices, `\\.offset`) are reported as a note, not a warning, when no row holds \
            state: rows made only of text, images, shapes, buttons and stacks of them, or of project views \
            without `@State`-like properties or bindings. Such rows only redraw when an element moves; what is \
            left is an insertion or deletion animated in the wrong place. A range without `id:` stays a warning: \
            SwiftUI keeps its first range, and rows past a shrunken collection index out of bounds. `id: \\.self` is also \
            left alone when the container has a `selection:`, whose type is then the element type, and over \
            a struct with no `id` (not `Identifiable`) whose rows are not edited in place through a binding \
            (`ForEach($items, id: \\.self)`): such a value is its own identity (a chart's points rebuilt from data), and \
            a stored id would be no more stable; nor over a struct with its own `==`, which chose what identifies it. `id: \\.offset` is left alone when it names a property of the \
            element type (or, when the element type is not spelled out, of any project type).
            """,
        severity: .warning,
        precision: .high,
        tags: ["identity", "swiftui"],
        triggeringExamples: [
            RuleExample("""
                struct Placeholder: Identifiable {
                    let id: UUID
                    static func make() -> [Placeholder] { [Placeholder(id: UUID())] }
                }
                struct Loading: View {
                    var body: some View {
                        List { ↓ForEach(Placeholder.make()) { _ in Text("…") } }
                    }
                }
                """),
            RuleExample("""
                struct Todos: View {
                    @State private var items: [String] = []
                    var body: some View {
                        List {
                            ↓ForEach(items.indices, id: \\.self) { index in
                                Text(items[index])
                            }
                        }
                    }
                }
                """),
            RuleExample("""
                struct Scores: View {
                    let scores: [Int]
                    var body: some View {
                        ↓ForEach(0..<scores.count) { i in Text("\\(scores[i])") }
                        ↓ForEach(Array(scores.enumerated()), id: \\.offset) { pair in Text("\\(pair.element)") }
                    }
                }
                """),
            RuleExample("""
                struct Stars: View {
                    let rating: Int
                    var body: some View {
                        HStack { ↓ForEach(0..<rating) { _ in Image(systemName: "star.fill") } }
                    }
                }
                """),
            RuleExample("""
                struct Tag: Identifiable {
                    var ↓id: UUID { UUID() }
                    let name: String
                }
                """),
            RuleExample("""
                struct Row: Identifiable {
                    let id = UUID()
                    let name: String
                }
                struct Names: View {
                    let names: [String]
                    var rows: [Row] { names.map { ↓Row(name: $0) } }
                    var body: some View { List(rows) { Text($0.name) } }
                }
                """),
            RuleExample("""
                struct Post: Identifiable {
                    let id: String
                    static let placeholder = Post(id: "placeholder")
                }
                struct Loading: View {
                    var body: some View {
                        List { ↓ForEach(Array(repeating: Post.placeholder, count: 5)) { _ in Text("…") } }
                    }
                }
                """),
            RuleExample("""
                struct Contact: Hashable {
                    var name: String
                    var phone: String
                }
                struct Contacts: View {
                    @State private var contacts: [Contact] = []
                    var body: some View {
                        ↓List($contacts, id: \\.self) { $contact in TextField("Name", text: $contact.name) }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct Grid: View {
                    static let colors: [Color] = [.red, .green, .blue]
                    var body: some View {
                        ForEach(0..<5) { Text("\\($0)") }
                        ForEach(Self.colors.indices, id: \\.self) { Self.colors[$0] }
                        ForEach(["a", "b"], id: \\.self) { Text($0) }
                        ForEach(Weekday.allCases, id: \\.self) { Text($0.rawValue) }
                    }
                }
                """),
            RuleExample("""
                struct Item: Identifiable {
                    let id: UUID
                    var name: String
                }
                struct Items: View {
                    let items: [Item]
                    var body: some View {
                        ForEach(items) { Text($0.name) }
                        ForEach(items, id: \\.id) { Text($0.name) }
                        ForEach(items, id: \\.name) { Text($0.name) }
                    }
                }
                """),
            RuleExample("""
                struct Pages: View {
                    let pageCount: Int
                    let titles: [String]
                    var body: some View {
                        ForEach(0..<pageCount, id: \\.self) { Text("\\($0)") }
                        ForEach(titles, id: \\.self) { Text($0) }
                    }
                }
                """),
            RuleExample("""
                struct Row: Identifiable {
                    let id = UUID()
                    let name: String
                }
                final class Model {
                    var rows: [Row] = []
                    func load(_ names: [String]) { rows = names.map { Row(name: $0) } }
                }
                """),
        ],
        knownLimits: [
            "Element types are read from declarations only: data from a local variable, a closure parameter or a function result is not classified, and `\\.self` over it is not reported.",
            "Elements built in a function and then stored are fine and not reported; elements built in a function, or in a local variable of `body`, whose result feeds a `ForEach` on every evaluation are not seen.",
            "Code outside types (top-level functions) is not checked.",
            "Indices of a collection in a local variable or closure parameter are reported only when reached through a property chain (`section.items.indices`), which is then taken to be instance data.",
            "Duplicate ids are found only where every element is provably one value: `Array(repeating:count:)` with a literal count of 2 or more, an array literal of one repeated static constant, enum case or literal-id factory call, and project factories returning those (two levels). Distinct string literals cannot be told apart, so `[Item(id: \"a\"), Item(id: \"a\")]` is not reported.",
            "A `let` input is taken as constant when every construction the project model sees passes a constant; a construction through an implicit `.init(...)` is not seen.",
            "Rows are judged stateless from the views they build, three levels of project views deep (and through one helper function of the same view); a row built by another function call, or a stored view value, is taken to hold state. Items of menus, context menus and alerts count as stateless; those of a project's own presentation helper (`alert2 { ... }`) do not.",
        ]
    )

    public init(options: RuleOptions) {}

    public func check(_ context: RuleContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let project = context.project
        // Members are compared with `id` by interned name; a project in which no model recorded
        // the name has no such member. Looked up once per run: in the name table, under its
        // lock, it cost 800 instructions a file.
        let idName = project.fact("unstable_foreach_id.idName") { NameID.existing("id") }
        // The file's collection view calls, by declaration and member in order, read alongside
        // the walk below (`next`): each member's calls are not searched for them. A file that
        // spells no collection view's name calls none, and asks no index (a bit test).
        let sites = context.file.mentions(anyOf: KnownNames.collectionViewWords)
            ? project.collectionViewCalls(inFile: context.fileIndex) : []
        // A slice of the run's one list: its indices start where the file's calls do.
        var next = sites.startIndex
        for (ref, decl) in context.declarations {
            guard let owner = project.typeInfo(of: ref) else { continue }
            if decl.kind != .protocol, let idName {
                let fresh = freshComputedIDs(decl, idName: idName, owner: owner, project: project)
                if !fresh.isEmpty { diagnostics += fresh }
            }
            let d = Int32(truncatingIfNeeded: ref.index)
            // A member that calls nothing feeds no container and builds nothing (both checks
            // below look only at calls), so it needs no expression scope.
            // Read in place, by the inlinable `calls`: the iterator retained and released every
            // member (105,000 on the 14 apps), most of which call nothing.
            let members = decl.members
            for m in members.indices where !members[m].calls.isEmpty {
                let member = members[m]
                var collectionCalls: [CallSite] = []
                let key = (d, Int32(truncatingIfNeeded: m))
                while next < sites.endIndex && (sites[next].decl, sites[next].member) < key { next += 1 }
                if next < sites.endIndex && (sites[next].decl, sites[next].member) == key {
                    let calls = member.calls
                    while next < sites.endIndex && (sites[next].decl, sites[next].member) == key {
                        let c = Int(sites[next].call)
                        if calls.indices.contains(c) && calls[c].callsSwiftUICollectionView { collectionCalls.append(calls[c]) }
                        next += 1
                    }
                }
                // Nor does one that calls no collection view, unless its builds can be reported
                // as a collection property's (`freshConstructions`): most members, whose scope
                // (three references retained and released) was made for nothing.
                guard !collectionCalls.isEmpty || Self.mayBeCollectionProperty(member) else { continue }
                let scope = ExpressionScope(project: project, owner: owner, member: member)
                var dataRanges: [SourceRange] = []
                for call in collectionCalls {
                    // The first unlabelled argument, found in place: `unlabeledArguments` made a
                    // list of them all, and `first(where:)` copied each argument it asked.
                    let arguments = call.arguments
                    guard let first = arguments.firstUnlabeledIndex else { continue }
                    let data = arguments[first]
                    dataRanges.append(data.range)
                    if let problem = problem(call: call, data: data, scope: scope) ?? freshFactory(call: call, data: data, scope: scope) {
                        // Positions as ids cost little when no row holds state: rows only redraw.
                        let positional = isPositional(call: call, data: data, scope: scope)
                        let stateless = positional && rowsHoldNoState(call, in: member, owner: owner, project: project)
                        diagnostics.append(Diagnostic(
                            range: call.calleeRange,
                            message: stateless ? positionalNote(call: call, data: data, scope: scope) : problem,
                            symbol: "\(owner.qualifiedName).\(member.name):\(call.name)(\(data.text))",
                            severity: stateless ? .note : nil))
                    }
                }
                let fresh = freshConstructions(member, scope: scope, dataRanges: dataRanges)
                if !fresh.isEmpty { diagnostics += fresh }
            }
        }
        return diagnostics
    }

    /// What is wrong with a container's data and id: positions as ids (`\.offset`, indices of a
    /// changing collection), a range that changes, or whole editable values as ids (`\.self`).
    func problem(call: CallSite, data: Argument, scope: ExpressionScope) -> String? {
        let project = scope.project
        let shape = data.shape.unwrappingElementWrappers
        if let reason = scope.repeatedElementsReason(of: data.shape) {
            return "every row of '\(call.name)' gets the same id: its data \(reason), and duplicate ids leave SwiftUI unable to tell rows apart (rows go missing, show another row's state or animate wrongly); give each element its own id"
        }
        let id = call.argument("id")
        let idPath: [String]? = {
            if case .keyPath(_, let components)? = id?.shape { return components }
            return nil
        }()
        if let idPath, idPath == ["offset"] || idPath == ["0"] {
            if shape.containsCall(named: "enumerated") || (idPath == ["0"] && shape.containsMember(named: "indices")) {
                return scope.constness(shape) == .constant ? nil
                    : "'\(call.name)' is keyed by the element's position ('\\.\(idPath[0])'), so deleting or inserting an element moves every row's state to its neighbour; iterate the elements and use a stable id"
            }
            // `\.offset` is a position unless it names a property of the element: of the element
            // type when the data's declarations spell it, of any project type otherwise.
            // `[(offset: Int, element: Item)]` spells the pairs of `enumerated()`.
            let enumeratedPairs = scope.declaredTypeText(of: shape).map { $0.filter { $0 != " " }.contains("(offset:Int,element:") } ?? false
            let elementHasOffset = enumeratedPairs ? false : scope.elementType(of: shape).map { project.property("offset", of: $0) != nil }
            if idPath == ["offset"] && !(elementHasOffset ?? project.declaresProperty(named: "offset")) {
                return "'\(call.name)' is keyed by '\\.offset', a position, so deleting or inserting an element moves every row's state to its neighbour; use a stable id of the element"
            }
            return nil
        }
        if let indexed = scope.indexedCollection(shape) {
            return "'\(call.name)' iterates the indices of '\(indexed)', so its rows are keyed by position and deleting or inserting an element moves state and animations to the wrong rows; iterate '\(indexed)' itself with a stable id"
        }
        if id == nil, let (lower, upper) = shape.rangeBounds {
            let bounds = [lower, upper].compactMap { $0 }
            if bounds.contains(where: { scope.constness($0) == .variable }) {
                return "'\(call.name)' over the range '\(data.text)' needs a constant range: SwiftUI reads it once and ignores later changes; add 'id: \\.self' or iterate the elements themselves"
            }
            return nil
        }
        // With `selection:`, the selection's type is the id's type: `\.self` is how whole values
        // are selected, and dropping it would change the binding's type. Inside a `Picker` (or a
        // `List`, `TabView`... with a selection) the id is each row's implicit tag, which must have
        // the selection's type: dropping `\.self` would silently break the selection.
        if idPath == ["self"], call.argument("selection") == nil, scope.constness(shape) != .constant,
           let element = scope.elementType(of: shape),
           element.kind == .struct, element.isDeclaredInProject, isEditableIdentity(element, project: project),
           !Self.tagsSelection(call, of: element, scope: scope) {
            let name = element.qualifiedName
            let advice: String
            if project.conforms(element, toAnyOf: KnownNames.identifiable) {
                advice = "drop 'id:' to use its stable 'id'"
            } else if let idLike = project.idLikeProperty(of: element) {
                advice = "key it by its '\(idLike)' ('id: \\.\(idLike)')"
            } else {
                advice = "make '\(name)' Identifiable with a stored id and drop 'id:'"
            }
            return "'\(call.name)' is keyed by whole '\(name)' values ('\\.self'), so editing any field makes a different row and equal values collide; \(advice)"
        }
        return nil
    }

    /// Are the call's ids the tags of a selection around it (`Picker`, any call with a
    /// `selection:`), which then has the element's type? Unless the selection's declared type is
    /// known to be another (`@State var selection: File?` around rows of `Change`).
    static func tagsSelection(_ call: CallSite, of element: ProjectModel.TypeInfo, scope: ExpressionScope) -> Bool {
        scope.member.calls.contains { outer in
            guard outer.range.start < call.range.start, call.range.end <= outer.range.end,
                  outer.name == "Picker" || outer.argument("selection") != nil else { return false }
            guard let selection = outer.argument("selection"), let text = scope.declaredTypeText(of: selection.shape) else { return true }
            var (base, _) = TypeText.unwrappingOptional(text)
            if base.hasPrefix("Set<") && base.hasSuffix(">") { base = String(base.dropFirst(4).dropLast()) }
            guard let selected = scope.project.certainValueType(base, from: scope.owner) else { return true }
            return selected == element.qualifiedName
        }
    }

    /// The message for positions as ids over rows that hold no state.
    func positionalNote(call: CallSite, data: Argument, scope: ExpressionScope) -> String {
        let shape = data.shape.unwrappingElementWrappers
        let what: String
        if let indexed = scope.indexedCollection(shape) {
            what = indexed == "the collection" ? "'\(data.text)'" : "the indices of '\(indexed)'"
        } else if case .keyPath(_, let components)? = call.argument("id")?.shape {
            what = "'\\.\(components.joined(separator: "."))'"
        } else {
            what = "position"
        }
        return "'\(call.name)' keys its rows by position (\(what)); no row holds state, so an insertion or deletion only redraws the rows after it and animates in the wrong place; key the rows by a stable id of the element if the data changes"
    }

    /// Is the finding about positions as ids (indices, `\.offset`, `0..<items.count`)?
    func isPositional(call: CallSite, data: Argument, scope: ExpressionScope) -> Bool {
        let shape = data.shape.unwrappingElementWrappers
        if case .keyPath(_, let components)? = call.argument("id")?.shape, components == ["offset"] || components == ["0"] {
            return true
        }
        // `ForEach(0..<items.count)` without `id:` keeps its first range: rows past a shrunken
        // collection index out of bounds whatever they hold.
        if call.argument("id") == nil && shape.rangeBounds != nil { return false }
        return scope.indexedCollection(shape) != nil
    }

    // MARK: rows without state

    /// Do the rows of this container hold no state: built only of text, images, shapes, stacks
    /// of them and buttons, or project views without `@State`-like properties or bindings (three
    /// levels deep)? Then a row keyed by position that moves to another element only redraws.
    func rowsHoldNoState(_ call: CallSite, in member: Member, owner: ProjectModel.TypeInfo, project: ProjectModel) -> Bool {
        guard let (row, inMenu) = containerExpression(call, in: member), let content = row.contents.first else { return false }
        // A menu's, context menu's or alert's items are rebuilt each time it opens: nothing is
        // kept by position.
        if inMenu { return true }
        var budget = 400
        return isStateless(content, owner: owner, project: project, depth: 0, budget: &budget)
    }

    /// The view expression of the call in the member's builder tree, and whether it sits in the
    /// content of a `Menu`.
    func containerExpression(_ call: CallSite, in member: Member) -> (ViewExpression, Bool)? {
        var stack: [(BuilderBlock, Bool)] = [member.builder, member.returnedViews].compactMap { $0 }.map { ($0, false) }
        var steps = 0
        while let (block, inMenu) = stack.popLast(), steps < 10_000 {
            steps += 1
            for item in block.items {
                switch item {
                case .view(let expression):
                    if expression.baseRange.start == call.range.start, expression.baseCallee?.last == call.name {
                        return (expression, inMenu)
                    }
                    let isMenu = expression.baseCallee == ["Menu"]
                    for (block, owner) in zip(expression.contents, expression.contentOwners) {
                        let rebuilt = owner.isEmpty ? isMenu && block.label == nil : Self.rebuiltItemOwners.contains(owner)
                        stack.append((block, inMenu || rebuilt))
                    }
                    for m in expression.modifiers { stack.append(contentsOf: m.helperContents.map { ($0, inMenu) }) }
                case .conditional(let conditional):
                    stack.append(contentsOf: conditional.branches.map { ($0.block, inMenu) })
                case .other:
                    break
                }
            }
        }
        return nil
    }

    static let statelessLeaves: Set<String> = [
        "Text", "Image", "Label", "Divider", "Spacer", "Color", "Rectangle", "Circle", "Capsule",
        "RoundedRectangle", "UnevenRoundedRectangle", "Ellipse", "EmptyView", "ProgressView", "Gauge",
        "HStack", "VStack", "ZStack", "Group", "LazyVStack", "LazyHStack", "GridRow", "Button", "Link",
        "ViewThatFits", "LabeledContent", "ForEach", "Section", "Grid", "LazyVGrid", "LazyHGrid",
    ]
    /// Modifiers whose content is a list of items rebuilt each time it is shown.
    static let rebuiltItemOwners: Set<String> = ["contextMenu", "alert", "confirmationDialog"]
    static let stateWrappers: Set<String> = [
        "State", "StateObject", "FocusState", "GestureState", "SceneStorage", "Binding", "Bindable", "ObservedObject",
    ]

    func isStateless(_ block: BuilderBlock, owner: ProjectModel.TypeInfo, project: ProjectModel, depth: Int,
                     budget: inout Int) -> Bool {
        budget -= 1
        if budget < 0 || depth > 3 { return false }
        for item in block.items {
            switch item {
            case .other:
                continue
            case .conditional(let conditional):
                for branch in conditional.branches
                where !isStateless(branch.block, owner: owner, project: project, depth: depth, budget: &budget) { return false }
            case .view(let expression):
                guard let callee = expression.baseCallee, let name = callee.last, callee.count == 1 else { return false }
                if name.first?.isLowercase == true {
                    // A helper of the same type that builds the row (`profileView(...)`).
                    let helpers = project.members(of: owner).map(\.member).filter { $0.name == name && $0.kind == .function }
                    guard helpers.count == 1, let built = helpers[0].builder ?? helpers[0].returnedViews,
                          isStateless(built, owner: owner, project: project, depth: depth + 1, budget: &budget) else { return false }
                } else if !Self.statelessLeaves.contains(name) {
                    guard let type = project.resolveType(name, from: owner), type.isDeclaredInProject,
                          isStatelessView(type, project: project, depth: depth + 1, budget: &budget) else { return false }
                }
                for content in expression.contents
                where !isStateless(content, owner: owner, project: project, depth: depth, budget: &budget) { return false }
            }
        }
        return true
    }

    func isStatelessView(_ type: ProjectModel.TypeInfo, project: ProjectModel, depth: Int, budget: inout Int) -> Bool {
        let members = project.members(of: type).map(\.member)
        for m in members where m.kind == .storedProperty && !m.isStatic {
            if let wrapper = m.propertyWrapper, Self.stateWrappers.contains(wrapper.name) { return false }
            if m.typeText?.hasPrefix("Binding<") == true { return false }
        }
        guard let body = members.first(where: { $0.name == "body" && $0.kind == .computedProperty })?.builder else { return false }
        return isStateless(body, owner: type, project: project, depth: depth, budget: &budget)
    }

    /// Is `\.self` over this struct a problem? Only when it has an identity of its own to use
    /// instead (`Identifiable`, an `id`), or `var` fields that rows edit in place through a
    /// binding somewhere in the project (`ForEach($notes) { $note in TextField("", text:
    /// $note.text) }`). A struct without an id that no row edits in place is its own natural
    /// identity (a chart's points rebuilt from data): a stored id would be no more stable.
    func isEditableIdentity(_ element: ProjectModel.TypeInfo, project: ProjectModel) -> Bool {
        // A custom `==` (and `hash`) decides what `\.self` compares: the type chose its identity.
        if project.hasCustomEquality(element) { return false }
        if project.conforms(element, toAnyOf: KnownNames.identifiable) || project.idLikeProperty(of: element) != nil { return true }
        return project.elementsEditedThroughBindings.contains(element.key) && project.members(of: element).contains {
            $0.member.kind == .storedProperty && !$0.member.isStatic && !$0.member.isLet
        }
    }

    // MARK: data rebuilt by a project factory

    /// `ForEach(Item.placeholders())`, `ForEach(Item.samples)`, `ForEach(makeRows())`: data that
    /// a project function or computed property builds afresh on every evaluation, from elements
    /// whose `id` is a new `UUID()` each time (passed as `id: UUID()` or by default).
    func freshFactory(call: CallSite, data: Argument, scope: ExpressionScope) -> String? {
        guard call.argument("id") == nil, let built = scope.freshFactoryElementType(of: data.shape) else { return nil }
        return "'\(call.name)' shows '\(data.text)', which builds '\(built.qualifiedName)' with a new 'id' on every call, so every row is new each time the view updates and state and animations are lost; build the elements once and store them, or derive 'id' from their data"
    }

    // MARK: ids that are new on every access

    /// `idName` is the interned `id`: members are compared by their ids, not their spellings.
    func freshComputedIDs(_ decl: TypeDecl, idName: NameID, owner: ProjectModel.TypeInfo,
                          project: ProjectModel) -> [Diagnostic] {
        guard let id = decl.members.first(where: { $0.nameID == idName && $0.kind == .computedProperty && !$0.isStatic }),
              let shape = id.initializer, shape.isFreshValue(typeText: id.typeText),
              project.conforms(owner, toAnyOf: KnownNames.identifiable) else { return [] }
        return [Diagnostic(
            range: id.nameRange,
            message: "'id' of '\(owner.qualifiedName)' makes a new value on every access, so SwiftUI sees a new element each time it asks; store the id (`let id = UUID()`) or derive it from the element's data",
            symbol: "\(owner.qualifiedName).id")]
    }

    // MARK: elements whose default id is new every time they are built

    /// Builds of an `Identifiable` type whose `id` defaults to a fresh value, where every
    /// evaluation builds them again: in a computed property that returns a collection of them
    /// and feeds a collection view, or right in a container's data (`ForEach(names.map { Row(name: $0) })`).
    func freshConstructions(_ member: Member, scope: ExpressionScope, dataRanges: [SourceRange]) -> [Diagnostic] {
        // `isStatic` searches the member's modifiers: asked only of the few members that could
        // report (see below), not of every member that calls something.
        if member.calls.isEmpty { return [] }
        let project = scope.project
        let owner = scope.owner
        // The element type of a collection property, when its builds can be reported there: only
        // an element whose `id` defaults to a fresh value can be, so that is asked first, and the
        // project-wide index of containers' data (a walk of every call of the project) only for
        // such an element.
        var collectionElementType: ProjectModel.TypeInfo? = nil
        if Self.mayBeCollectionProperty(member), let element = member.typeText.flatMap(TypeText.elementTypeName),
           let type = project.resolveType(element, from: owner), project.hasFreshDefaultID(type),
           // Only a property that feeds a container is rebuilt on every evaluation of a view:
           // one read once (to seed state, in a function) is not.
           project.feedsCollectionView(member.name) {
            collectionElementType = type
        }
        if collectionElementType == nil && dataRanges.isEmpty || member.isStatic { return [] }
        var diagnostics: [Diagnostic] = []
        let calls = member.calls
        for c in calls.indices {
            // Where the call is costs a comparison of ranges; what it constructs, a resolution.
            // A call that is neither in a container's data nor in a collection property is
            // never asked the second.
            let range = calls[c].range
            let inData = dataRanges.contains { $0.start <= range.start && range.end <= $0.end }
            guard inData || collectionElementType != nil, !calls[c].arguments.contains(where: { $0.label == "id" }) else { continue }
            let call = calls[c]
            guard let type = scope.constructedProjectType(call) else { continue }
            let inCollection = collectionElementType?.qualifiedName == type.qualifiedName
            guard inData || inCollection, project.hasFreshDefaultID(type) else { continue }
            let place = inData ? "inside the data of a collection view" : "in computed property '\(member.name)'"
            diagnostics.append(Diagnostic(
                range: call.calleeRange,
                message: "'\(type.qualifiedName)' gets a new 'id' each time it is built, and it is built \(place) on every evaluation, so every row is new each time; build the elements once and store them, or derive 'id' from their data",
                symbol: "\(owner.qualifiedName).\(member.name):\(type.qualifiedName)"))
        }
        return diagnostics
    }
}

extension UnstableForEachID {
    /// Is the member a computed property whose annotation may name a collection
    /// (`mayNameCollection`), whose builds `freshConstructions` can report?
    static func mayBeCollectionProperty(_ member: Member) -> Bool {
        member.kind == .computedProperty && member.typeText.map(mayNameCollection) == true
    }

    /// Could `TypeText.elementTypeName` find an element type in this annotation? Only in one
    /// that ends in `]` or `>` once spaces and trailing `?` and `!` are taken off, so not in
    /// one whose last byte is none of these: every `body`'s `some View` is answered by its
    /// last byte, without the search for brackets.
    static func mayNameCollection(_ text: String) -> Bool {
        guard let last = text.utf8.last else { return false }
        return last == 0x5D || last == 0x3E || last == 0x3F || last == 0x21 || last == 0x20
    }
}

extension ProjectModel {
    /// Keys of the element types of collections that some container of the project iterates
    /// through a binding (`ForEach($notes) { $note in ... }`), so that rows can edit them in place.
    /// A part per file, like the other project facts.
    ///
    /// Members of types only: in a global function a `$` name is a wrapped parameter
    /// (`func rows(@Binding notes: [Note])`), whose type no type's scope declares, so an element
    /// edited only there is not known to be edited (fixture unstable_foreach_id/GlobalEditor).
    var elementsEditedThroughBindings: Set<String> {
        // The file's collection view calls (`collectionViewCalls(inFile:)`): its members' calls
        // are not searched again. The index asked once per thread that makes parts.
        var index: Memo<CollectionViewCallsByFile> = .notAsked
        return fact("unstable_foreach_id.elementsEditedThroughBindings", perFile: { f in
            var keys: Set<String> = []
            let sites = index.answer { collectionViewCallsByFile }[f]
            if sites.isEmpty { return keys }
            let types = files[f].types
            for site in sites {
                let i = Int(site.decl)
                guard let owner = typeInfo(of: DeclRef(file: f, index: i)) else { continue }
                let member = types[i].members[Int(site.member)]
                let call = member.calls[Int(site.call)]
                guard call.callsSwiftUICollectionView, let data = call.unlabeledArguments.first,
                      data.shape.nameChain?.first?.hasPrefix("$") == true,
                      let element = ExpressionScope(project: self, owner: owner, member: member).elementType(of: data.shape)
                else { continue }
                keys.insert(element.key)
            }
            return keys
        }, merge: ProjectModel.mergeUnion)
    }
}
