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

            Constant data is fine with any of these: literal arrays, `static let` properties, `let` properties \
            whose value is written in their declaration, literal ranges and `allCases`. `id: \\.self` is also \
            left alone when the container has a `selection:`, whose type is then the element type, and over \
            a struct of `let` fields with no `id` (not `Identifiable`): such a value is its own identity, and no \
            edit can change a row in place; nor over a struct with its own `==`, which chose what identifies it. `id: \\.offset` is left alone when it names a property of the \
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
                struct Contact: Hashable {
                    var name: String
                    var phone: String
                }
                struct Contacts: View {
                    @State private var contacts: [Contact] = []
                    var body: some View {
                        ↓List(contacts, id: \\.self) { Text($0.name) }
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
        ]
    )

    public init(options: RuleOptions) {}

    public func check(_ context: RuleContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let project = context.project
        var dataNames: Set<String>? = nil
        for (ref, decl) in context.declarations {
            guard let owner = project.typeInfo(of: ref) else { continue }
            if decl.kind != .protocol { diagnostics += freshComputedIDs(decl, owner: owner, project: project) }
            for member in decl.members {
                let scope = Scope(project: project, owner: owner, member: member)
                var dataRanges: [SourceRange] = []
                for call in member.calls where KnownNames.collectionViews.contains(call.name) && isContainer(call) {
                    guard let data = call.unlabeledArguments.first else { continue }
                    dataRanges.append(data.range)
                    if let problem = scope.problem(call: call, data: data) ?? freshFactory(call: call, data: data, owner: owner,
                                                                                           project: project) {
                        diagnostics.append(Diagnostic(
                            range: call.calleeRange,
                            message: problem,
                            symbol: "\(owner.qualifiedName).\(member.name):\(call.name)(\(data.text))"))
                    }
                }
                diagnostics += freshConstructions(member, owner: owner, dataRanges: dataRanges, project: project,
                                                  dataNames: &dataNames)
            }
        }
        return diagnostics
    }

    // MARK: data rebuilt by a project factory

    /// `ForEach(Item.placeholders())`, `ForEach(Item.samples)`, `ForEach(makeRows())`: data that
    /// a project function or computed property builds afresh on every evaluation, from elements
    /// whose `id` is a new `UUID()` each time (passed as `id: UUID()` or by default).
    func freshFactory(call: CallSite, data: Argument, owner: ProjectModel.TypeInfo, project: ProjectModel) -> String? {
        guard call.argument("id") == nil else { return nil }
        var shape = Scope.unwrap(data.shape)
        for _ in 0..<8 {
            if case .call(.member(let base?, let method), _, _) = shape, KnownNames.elementPreservingMethods.contains(method) {
                shape = Scope.unwrap(base)
                continue
            }
            break
        }
        let chain: [String]
        switch shape {
        case .call(let callee, _, _):
            guard let names = callee.nameChain else { return nil }
            chain = names
        case .member, .identifier:
            guard let names = shape.nameChain else { return nil }
            chain = names
        default:
            return nil
        }
        // `Type.factory` / `Type.factory()` or a member of the view itself (`makeRows()`).
        let factoryOwner: ProjectModel.TypeInfo?
        let factoryName: String
        if chain.count == 1 {
            factoryOwner = owner
            factoryName = chain[0]
        } else if chain.count == 2, chain[0] == "self" || chain[0] == "Self" {
            factoryOwner = owner
            factoryName = chain[1]
        } else if chain.count >= 2, chain[0].first?.isUppercase == true {
            factoryOwner = project.resolveType(chain.dropLast().joined(separator: "."), from: owner)
            factoryName = chain[chain.count - 1]
        } else {
            return nil
        }
        guard let factoryOwner, factoryOwner.isDeclaredInProject else { return nil }
        let factories = project.members(of: factoryOwner).map(\.member).filter {
            $0.name == factoryName && ($0.kind == .function || $0.kind == .computedProperty)
        }
        for factory in factories {
            for construction in factory.calls {
                var callee = construction.callee
                if callee.count > 1 && callee.last == "init" { callee.removeLast() }
                guard callee.last?.first?.isUppercase == true,
                      let built = project.resolveType(callee.joined(separator: "."), from: factoryOwner),
                      built.isDeclaredInProject, project.conforms(built, toAnyOf: ["Identifiable"]) else { continue }
                let freshArgument = construction.argument("id").map { BodyQueries.isFreshValue($0.shape, typeText: nil) } ?? false
                // A computed property of the view that builds elements with a default fresh id is
                // reported at the construction already (see `freshConstructions`).
                let coveredAtConstruction = factoryOwner.key == owner.key && factory.kind == .computedProperty
                    && !factory.isStatic
                let freshDefault = construction.argument("id") == nil && !coveredAtConstruction
                    && hasFreshDefaultID(built, project: project)
                guard freshArgument || freshDefault else { continue }
                return "'\(call.name)' shows '\(data.text)', which builds '\(built.qualifiedName)' with a new 'id' on every call, so every row is new each time the view updates and state and animations are lost; build the elements once and store them, or derive 'id' from their data"
            }
        }
        return nil
    }

    /// `ForEach(...)` or `SwiftUI.ForEach(...)`, not `Model.List(...)` or `list.ForEach`.
    func isContainer(_ call: CallSite) -> Bool {
        call.callee.count == 1 || (call.callee.count == 2 && call.callee[0] == "SwiftUI")
    }

    // MARK: ids that are new on every access

    func freshComputedIDs(_ decl: TypeDecl, owner: ProjectModel.TypeInfo, project: ProjectModel) -> [Diagnostic] {
        guard let id = decl.members.first(where: { $0.name == "id" && $0.kind == .computedProperty && !$0.isStatic }),
              let shape = id.initializer, BodyQueries.isFreshValue(shape, typeText: id.typeText),
              project.conforms(owner, toAnyOf: ["Identifiable"]) else { return [] }
        return [Diagnostic(
            range: id.nameRange,
            message: "'id' of '\(owner.qualifiedName)' makes a new value on every access, so SwiftUI sees a new element each time it asks; store the id (`let id = UUID()`) or derive it from the element's data",
            symbol: "\(owner.qualifiedName).id")]
    }

    // MARK: elements whose default id is new every time they are built

    /// Builds of an `Identifiable` type whose `id` defaults to a fresh value, where every
    /// evaluation builds them again: in a computed property that returns a collection of them,
    /// or right in a container's data (`ForEach(names.map { Row(name: $0) })`).
    func freshConstructions(_ member: Member, owner: ProjectModel.TypeInfo, dataRanges: [SourceRange],
                            project: ProjectModel, dataNames: inout Set<String>?) -> [Diagnostic] {
        if member.isStatic || member.calls.isEmpty { return [] }
        var collectionElement: String? = nil
        if member.kind == .computedProperty, let typeText = member.typeText,
           let element = TypeText.elementTypeName(typeText) {
            // Only a property that feeds a container is rebuilt on every evaluation of a view:
            // one read once (to seed state, in a function) is not.
            let names = dataNames ?? project.fact("unstable_foreach_id.containerDataNames") { Self.containerDataNames(project) }
            dataNames = names
            if names.contains(member.name) { collectionElement = element }
        }
        if collectionElement == nil && dataRanges.isEmpty { return [] }
        var diagnostics: [Diagnostic] = []
        for call in member.calls where call.argument("id") == nil {
            var chain = call.callee
            if chain.count > 1 && chain.last == "init" { chain.removeLast() }
            guard let name = chain.last, name.first?.isUppercase == true,
                  let type = project.resolveType(chain.joined(separator: "."), from: owner),
                  type.isDeclaredInProject else { continue }
            let inData = dataRanges.contains { $0.start <= call.range.start && call.range.end <= $0.end }
            let inCollection = collectionElement.flatMap { project.resolveType($0, from: owner) }?
                .qualifiedName == type.qualifiedName
            guard inData || inCollection, hasFreshDefaultID(type, project: project) else { continue }
            let place = inData ? "inside the data of a collection view" : "in computed property '\(member.name)'"
            diagnostics.append(Diagnostic(
                range: call.calleeRange,
                message: "'\(type.qualifiedName)' gets a new 'id' each time it is built, and it is built \(place) on every evaluation, so every row is new each time; build the elements once and store them, or derive 'id' from their data",
                symbol: "\(owner.qualifiedName).\(member.name):\(type.qualifiedName)"))
        }
        return diagnostics
    }

    /// The last name of every container's data expression in the project (`rows` for
    /// `ForEach(model.rows)` and `List(rows.filter { ... })`).
    static func containerDataNames(_ project: ProjectModel) -> Set<String> {
        var names: Set<String> = []
        for file in project.files {
            for decl in file.types {
                for member in decl.members {
                    for call in member.calls where KnownNames.collectionViews.contains(call.name) {
                        guard var shape = call.unlabeledArguments.first?.shape else { continue }
                        for _ in 0..<8 {
                            shape = Scope.unwrap(shape)
                            if case .call(.member(let base?, let method), _, _) = shape,
                               KnownNames.elementPreservingMethods.contains(method) {
                                shape = base
                                continue
                            }
                            break
                        }
                        if let last = shape.nameChain?.last { names.insert(last) }
                    }
                }
            }
        }
        return names
    }

    func hasFreshDefaultID(_ type: ProjectModel.TypeInfo, project: ProjectModel) -> Bool {
        guard project.conforms(type, toAnyOf: ["Identifiable"]),
              let id = project.property("id", of: type), id.kind == .storedProperty, !id.isStatic,
              let initializer = id.initializer else { return false }
        return BodyQueries.isFreshValue(initializer, typeText: id.typeText)
    }
}

/// What a name or an expression is, seen from one member of one type.
private struct Scope {
    let project: ProjectModel
    let owner: ProjectModel.TypeInfo
    let member: Member

    // MARK: Classifying a container's data

    func problem(call: CallSite, data: Argument) -> String? {
        let shape = Scope.unwrap(data.shape)
        let id = call.argument("id")
        let idPath: [String]? = {
            if case .keyPath(_, let components)? = id?.shape { return components }
            return nil
        }()
        if let idPath, idPath == ["offset"] || idPath == ["0"] {
            if containsCall(shape, named: "enumerated") || (idPath == ["0"] && containsMember(shape, named: "indices")) {
                return constness(shape) == .constant ? nil
                    : "'\(call.name)' is keyed by the element's position ('\\.\(idPath[0])'), so deleting or inserting an element moves every row's state to its neighbour; iterate the elements and use a stable id"
            }
            // `\.offset` is a position unless it names a property of the element: of the element
            // type when the data's declarations spell it, of any project type otherwise.
            // `[(offset: Int, element: Item)]` spells the pairs of `enumerated()`.
            let enumeratedPairs = collectionTypeText(shape).map { $0.replacingSpaces.contains("(offset:Int,element:") } ?? false
            let elementHasOffset = enumeratedPairs ? false : elementType(shape).map { project.property("offset", of: $0) != nil }
            if idPath == ["offset"] && !(elementHasOffset ?? project.declaresProperty(named: "offset")) {
                return "'\(call.name)' is keyed by '\\.offset', a position, so deleting or inserting an element moves every row's state to its neighbour; use a stable id of the element"
            }
            return nil
        }
        if let indexed = indexSource(shape) {
            return "'\(call.name)' iterates the indices of '\(indexed)', so its rows are keyed by position and deleting or inserting an element moves state and animations to the wrong rows; iterate '\(indexed)' itself with a stable id"
        }
        if id == nil, let (lower, upper) = Scope.range(shape) {
            let bounds = [lower, upper].compactMap { $0 }
            if bounds.contains(where: { constness($0) == .variable }) {
                return "'\(call.name)' over the range '\(data.text)' needs a constant range: SwiftUI reads it once and ignores later changes; add 'id: \\.self' or iterate the elements themselves"
            }
            return nil
        }
        // With `selection:`, the selection's type is the id's type: `\.self` is how whole values
        // are selected, and dropping it would change the binding's type.
        if idPath == ["self"], call.argument("selection") == nil, constness(shape) != .constant,
           let element = elementType(shape),
           element.kind == .struct, element.isDeclaredInProject, isEditableIdentity(element) {
            let name = element.qualifiedName
            let advice: String
            if project.conforms(element, toAnyOf: ["Identifiable"]) {
                advice = "drop 'id:' to use its stable 'id'"
            } else if let idLike = idLikeProperty(of: element) {
                advice = "key it by its '\(idLike)' ('id: \\.\(idLike)')"
            } else {
                advice = "make '\(name)' Identifiable with a stored id and drop 'id:'"
            }
            return "'\(call.name)' is keyed by whole '\(name)' values ('\\.self'), so editing any field makes a different row and equal values collide; \(advice)"
        }
        return nil
    }

    /// Is `\.self` over this struct a problem? Only when it has an identity of its own to use
    /// instead (`Identifiable`, an `id`), or `var` fields an edit can change. A struct of `let`
    /// fields without an id is its own natural identity: no row's value changes in place.
    func isEditableIdentity(_ element: ProjectModel.TypeInfo) -> Bool {
        // A custom `==` (and `hash`) decides what `\.self` compares: the type chose its identity.
        if project.hasCustomEquality(element) { return false }
        if project.conforms(element, toAnyOf: ["Identifiable"]) || idLikeProperty(of: element) != nil { return true }
        return project.members(of: element).contains {
            $0.member.kind == .storedProperty && !$0.member.isStatic && !$0.member.isLet
        }
    }

    /// `id`, `uuid`, `identifier` or a name ending in `ID`/`Id`/`UUID` among the stored properties.
    func idLikeProperty(of element: ProjectModel.TypeInfo) -> String? {
        let stored = project.members(of: element).map(\.member).filter { $0.kind == .storedProperty && !$0.isStatic }
        if let exact = stored.first(where: { ["id", "uuid", "identifier"].contains($0.name) }) { return exact.name }
        return stored.first { $0.name.hasSuffix("ID") || $0.name.hasSuffix("Id") || $0.name.hasSuffix("UUID") || $0.name.hasSuffix("Uuid") }?.name
    }

    /// Looks through wrappers that keep the elements: `Array(x)`, `x!`, `try x`.
    static func unwrap(_ shape: ExprShape) -> ExprShape {
        var current = shape
        for _ in 0..<8 {
            switch current {
            case .call(let callee, let arguments, 0) where arguments.count == 1 && arguments[0].label == nil:
                if case .identifier(let name) = callee, name == "Array" || name == "ContiguousArray" {
                    current = arguments[0].shape
                    continue
                }
                return current
            case .forceUnwrap(let inner), .optionalChain(let inner), .tryOrAwait(let inner):
                current = inner
            default:
                return current
            }
        }
        return current
    }

    /// For `x.indices` or `0..<x.count`, the text of `x` when it is not constant.
    func indexSource(_ shape: ExprShape) -> String? {
        switch shape {
        case .member(let base?, "indices"):
            return isVariableCollection(base) ? Scope.text(base) : nil
        case .call(.member(let base?, let method), _, _) where method == "reversed" || method == "sorted":
            return indexSource(Scope.unwrap(base))
        default:
            guard let (lower, upperBound) = Scope.range(shape), let upper = upperBound else { return nil }
            if let lower, constness(lower) == .variable { return nil }
            return countSource(upper)
        }
    }

    /// The bounds of `a..<b`, also when arithmetic makes it a flat operator sequence
    /// (`0 ..< n + 1`, `0 ... items.count - 1`): range operators bind looser than arithmetic.
    static func range(_ shape: ExprShape) -> (ExprShape?, ExprShape?)? {
        switch shape {
        case .range(let lower, _, let upper):
            return (lower, upper)
        case .operators(let ops, let operands) where operands.count == ops.count + 1:
            let rangeOps = ops.indices.filter { ops[$0] == "..<" || ops[$0] == "..." }
            guard rangeOps.count == 1,
                  ops.allSatisfy({ ["..<", "...", "+", "-", "*", "/", "%"].contains($0) }) else { return nil }
            let i = rangeOps[0]
            func side(_ range: Range<Int>) -> ExprShape {
                let opsSlice = Array(ops[range.dropLast()])
                let operandSlice = Array(operands[range])
                return opsSlice.isEmpty ? operandSlice[0] : .operators(opsSlice, operands: operandSlice)
            }
            return (side(0..<(i + 1)), side((i + 1)..<operands.count))
        default:
            return nil
        }
    }

    /// `x.count`, `x.count - 1`, `(x.count)`: the `x` when it is not constant; a local
    /// constant holding such a count (`let count = items.count`) is followed.
    func countSource(_ shape: ExprShape, depth: Int = 0) -> String? {
        switch shape {
        case .identifier(let name):
            guard depth < 4, let value = member.localValues[name], project.property(name, of: owner) == nil else { return nil }
            return countSource(value, depth: depth + 1)
        case .member(let base?, "count"):
            return isVariableCollection(base) ? Scope.text(base) : nil
        case .operators(let ops, let operands) where ops.allSatisfy({ $0 == "-" || $0 == "+" }) && !operands.isEmpty:
            guard operands.dropFirst().allSatisfy(\.isLiteral) else { return nil }
            return countSource(operands[0], depth: depth + 1)
        default:
            return nil
        }
    }

    /// Known to change, or reached through a chain of properties whose root is a local or a
    /// closure parameter (`section.items`): such chains are instance data.
    func isVariableCollection(_ shape: ExprShape) -> Bool {
        switch constness(shape) {
        case .variable: return true
        case .constant: return false
        case .unknown:
            guard let chain = shape.nameChain, chain.count >= 2, let root = chain.first,
                  root.first?.isLowercase == true, root != "self" else { return false }
            return true
        }
    }

    /// `model.items` for `self.model!.items`; "the collection" for anything but a name chain.
    static func text(_ shape: ExprShape) -> String {
        var names: [String] = []
        var current = shape
        for _ in 0..<16 {
            switch current {
            case .member(let base?, let name):
                names.append(name)
                current = base
            case .forceUnwrap(let inner), .optionalChain(let inner):
                current = inner
            case .identifier(let name):
                if name != "self" { names.append(name) }
                return names.isEmpty ? "the collection" : names.reversed().joined(separator: ".")
            default:
                return "the collection"
            }
        }
        return "the collection"
    }

    func containsCall(_ shape: ExprShape, named name: String) -> Bool {
        var stack = [shape]
        var steps = 0
        while let s = stack.popLast(), steps < 64 {
            steps += 1
            switch s {
            case .call(let callee, let arguments, _):
                if case .member(_, name) = callee { return true }
                stack.append(callee)
                stack.append(contentsOf: arguments.map(\.shape))
            case .member(let base?, _): stack.append(base)
            case .forceUnwrap(let inner), .optionalChain(let inner), .tryOrAwait(let inner): stack.append(inner)
            default: break
            }
        }
        return false
    }

    func containsMember(_ shape: ExprShape, named name: String) -> Bool {
        var stack = [shape]
        var steps = 0
        while let s = stack.popLast(), steps < 64 {
            steps += 1
            switch s {
            case .member(let base, let member):
                if member == name { return true }
                if let base { stack.append(base) }
            case .call(let callee, let arguments, _):
                stack.append(callee)
                stack.append(contentsOf: arguments.map(\.shape))
            case .forceUnwrap(let inner), .optionalChain(let inner), .tryOrAwait(let inner): stack.append(inner)
            default: break
            }
        }
        return false
    }

    // MARK: Constness

    enum Constness { case constant, variable, unknown }

    static func combine(_ values: [Constness]) -> Constness {
        if values.contains(.variable) { return .variable }
        if values.allSatisfy({ $0 == .constant }) { return .constant }
        return .unknown
    }

    func constness(_ shape: ExprShape, depth: Int = 0) -> Constness {
        if depth > 12 { return .unknown }
        let d = depth + 1
        if shape.isLiteral { return .constant }
        switch shape {
        case .string(isConstant: false):
            return .unknown
        case .array(let elements):
            return Scope.combine(elements.map { constness($0, depth: d) })
        case .range(let lower, _, let upper):
            return Scope.combine([lower, upper].compactMap { $0 }.map { constness($0, depth: d) })
        case .operators(_, let operands):
            return Scope.combine(operands.map { constness($0, depth: d) })
        case .ternary(let condition, let then, let otherwise):
            return Scope.combine([condition, then, otherwise].map { constness($0, depth: d) })
        case .forceUnwrap(let inner), .optionalChain(let inner), .tryOrAwait(let inner):
            return constness(inner, depth: d)
        case .identifier(let name):
            return nameConstness(name.hasPrefix("$") ? String(name.dropFirst()) : name, depth: d)
        case .member(nil, _):
            return .constant
        case .member(let base?, let name):
            if name == "allCases" { return .constant }
            if let chain = base.nameChain, let root = chain.first {
                if root == "self" && chain.count == 1 { return nameConstness(name, depth: d) }
                // `Self.colors`, `Palette.colors`: a static member.
                if root == "Self" || root.first?.isUppercase == true {
                    return staticConstness(typeChain: chain, name: name, depth: d)
                }
            }
            return constness(base, depth: d)
        case .call(let callee, let arguments, let closures):
            let args = arguments.map { constness($0.shape, depth: d) }
            switch callee {
            case .identifier(let name) where name.first?.isUppercase == true:
                // `Array(x)`, `Color(red: 1, ...)`: a type built from its arguments.
                return Scope.combine(args)
            case .identifier("zip"), .identifier("stride"):
                return Scope.combine(args)
            case .member(nil, _):
                return Scope.combine(args)
            case .member(let base?, _):
                // A closure argument can capture anything.
                let own: Constness = closures > 0 || arguments.contains(where: { $0.shape == .closure }) ? .unknown : .constant
                if let chain = base.nameChain, chain.first?.first?.isUppercase == true || chain.first == "Self" {
                    return Scope.combine([own] + args)
                }
                return Scope.combine([constness(base, depth: d), own] + args)
            default:
                return .unknown
            }
        case .subscriptCall(let base, let arguments):
            return Scope.combine([constness(base, depth: d)] + arguments.map { constness($0.shape, depth: d) })
        default:
            return .unknown
        }
    }

    /// A name read in the member: one of its parameters, a property of the type, or unknown
    /// (a local, a closure parameter, a global).
    func nameConstness(_ name: String, depth: Int) -> Constness {
        if member.parameters.contains(where: { $0.name == name }) { return .variable }
        // A local constant of the member is as constant as its value (`let count = items.count`).
        // A property of the same name may be what another scope of the member reads: unknown.
        if let value = member.localValues[name] {
            return project.property(name, of: owner) == nil ? constness(value, depth: depth + 1) : .unknown
        }
        guard let property = project.property(name, of: owner) else { return .unknown }
        return propertyConstness(property, depth: depth)
    }

    /// `depth` bounds the walk through properties defined by other properties (`var a { b }`).
    func propertyConstness(_ property: Member, depth: Int) -> Constness {
        if property.isStatic {
            if property.kind == .storedProperty { return property.isLet ? .constant : .unknown }
        } else if property.kind == .storedProperty {
            // A `let` with its value written in the declaration cannot be set by an initializer,
            // and its expression cannot read the instance: every instance holds the same value.
            if property.isLet && property.propertyWrapper == nil, let initializer = property.initializer {
                return BodyQueries.isFreshValue(initializer, typeText: property.typeText) ? .variable : .constant
            }
            return .variable
        }
        // Computed: as constant as its expression; a body of statements is not classified.
        guard let expression = property.initializer else { return .unknown }
        return Scope(project: project, owner: owner, member: property).constness(expression, depth: depth + 1)
    }

    /// `Self.name`, `Type.name`: static members; unknown types are assumed to hold constants.
    func staticConstness(typeChain: [String], name: String, depth: Int) -> Constness {
        let typeName = typeChain == ["Self"] ? owner.qualifiedName : typeChain.joined(separator: ".")
        guard let type = project.resolveType(typeName, from: owner) else { return .constant }
        guard let property = project.property(name, of: type) else {
            // An enum case or a static function's result.
            return .constant
        }
        if property.isStatic && property.kind == .storedProperty && !property.isLet { return .unknown }
        return Scope(project: project, owner: type, member: property).propertyConstness(property, depth: depth)
    }

    // MARK: Element types

    /// The project type of the elements of a data expression, when declarations spell it out.
    func elementType(_ shape: ExprShape) -> ProjectModel.TypeInfo? {
        var current = shape
        for _ in 0..<8 {
            switch current {
            case .call(.member(let base?, let method), _, _) where KnownNames.elementPreservingMethods.contains(method):
                current = Scope.unwrap(base)
                continue
            case .call(.identifier(let name), let arguments, 0)
                where (name == "Array" || name == "Set") && arguments.count == 1 && arguments[0].label == nil:
                current = arguments[0].shape
                continue
            case .operators(let ops, let operands) where ops == ["??"] && operands.count == 2:
                current = operands[0]
                continue
            case .forceUnwrap(let inner), .optionalChain(let inner), .tryOrAwait(let inner):
                current = inner
                continue
            default:
                break
            }
            break
        }
        guard let text = collectionTypeText(current), let element = TypeText.elementTypeName(text) else { return nil }
        return project.resolveType(element, from: owner)
    }

    /// The declared type of a name chain (`items`, `self.items`, `model.items`, `$items`).
    func collectionTypeText(_ shape: ExprShape) -> String? {
        guard var chain = shape.nameChain, !chain.isEmpty, chain.first != "" else { return nil }
        if chain.count > 1 && chain[0] == "self" { chain.removeFirst() }
        var name = chain[0]
        if name.hasPrefix("$") { name.removeFirst() }
        guard var text = project.typeText(of: name, in: owner, member: member) else { return nil }
        var context = owner
        for next in chain.dropFirst() {
            guard let type = project.resolveTypeText(text, from: context),
                  let property = project.property(next, of: type), let nextText = property.typeText else { return nil }
            text = nextText
            context = type
        }
        return text
    }
}

extension String {
    fileprivate var replacingSpaces: String { String(filter { $0 != " " }) }
}

extension ProjectModel {
    /// Does any type of the project declare a property with this name?
    func declaresProperty(named name: String) -> Bool {
        for type in types.values where type.isDeclaredInProject {
            if property(name, of: type) != nil { return true }
        }
        return false
    }
}
