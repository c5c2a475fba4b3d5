import ViewLintCore
import ViewLintModel

/// ## What it does
/// Flags a `.tag(...)` inside a `List(selection:)`, `Picker(selection:)`, `TabView(selection:)` or
/// `.searchScopes($scope)` whose value has a different type than the selection, and a picker row
/// or search scope left untagged among tagged siblings.
///
/// ## Why is this bad?
/// SwiftUI matches rows to the selection by comparing tags of the selection's type. A tag of
/// another type never equals it: the row is never shown as selected and choosing it does not
/// change the selection, with no warning.
///
/// ## Use instead
/// Tag each row with a value of the selection's type (`.tag(Tab.home)` for a `Tab` selection).
public struct SelectionTypeMismatch: Rule {
    static let containers: NameList = ["List", "Picker", "TabView"]
    public static let description = RuleDescription(
        id: "selection_type_mismatch",
        name: "Selection type mismatch",
        summary: "A .tag(...) (or a ForEach row's implicit id tag) inside a List, Picker, TabView or .searchScopes with a selection has a different type than the selection, or a picker row or scope has no tag, so it never matches.",
        rationale: """
            `Picker(selection: $tab)`, `List(selection: $selection)` and `TabView(selection: $tab)` find the \
            selected row by comparing each row's tag with the selection, and only tags of the selection's type \
            take part. `.tag(0)` is an `Int`; with a `Tab` selection (even an enum whose raw values are \
            integers) it never matches: the picker shows nothing selected, the tab view ignores \
            programmatic changes, and choosing a row does not update the binding.

            Tag rows with values of the selection's type: `.tag(Tab.home)`. A `T` tag for a `T?` selection \
            matches (`tag(_:includeOptional:)` also tags `Optional<T>`) and is not reported; an `Optional<T>` \
            tag (`.tag(Optional(x))`) never equals a `T` selection and is. The scopes of \
            `.searchScopes($scope) { ... }` are matched the same way.

            In a `Picker` or `.searchScopes`, a `Text`, `Label` or `Image` row written without a tag while its \
            siblings have one is reported too: it has no value to compare, so it can never be chosen (the picker \
            shows it but selecting it changes nothing). This needs no types, so it applies whatever the selection \
            is declared as. Rows in an `if` (placeholders such as `Text("No servers")` shown when there is nothing \
            to choose), rows of a `ForEach` (tagged with their id), sections, dividers and groups are not \
            rows of their own and are left alone; `List` and `TabView` rows without a tag are commonly meant not \
            to be selectable and are not reported.

            Rows a `ForEach` builds without a tag of their own are tagged with their ids: `ForEach(names, \
            id: \\.self)` tags each row with a `String`, `ForEach(items)` with the item's `id`, `ForEach(0..<5)` \
            with an `Int`. When the id's type is not the selection's, no row can ever be selected; the finding \
            is on the `ForEach` (or the `List(items, id:, selection:)`).

            Not reported unless both types are certain. The selection's type is declared on the bound \
            property (its annotation, the type it is initialised with, or a literal: `= 0` is an `Int`, \
            through `$model.property` chains), a standard type (`Int`, `String`, `UUID`...), a project type, or \
            `Item.ID` of a project type whose `id` is declared; a `List`'s `Set<ID>` selection is compared by \
            its element. A tag's type is certain for literals, cases of project enums (`Tab.home`), \
            `Optional(x)`, the view's properties and parameters whose types are declared, and the element of an \
            enclosing `ForEach` (`.tag(item)`, `.tag(item.kind)`, `.tag($0)`) whose data is an array literal, a \
            range of integers, `Enum.allCases` or a property declared as a collection. A local, a closure \
            parameter with a written type or several parameters, and an element of unknown type leave the \
            tag unknown. `ForEach` rows in a `Picker` or `TabView` with an optional selection and implicit \
            tags of the right type are not reported (whether implicit tags match an optional selection depends \
            on the SwiftUI version running the app). Tags of rows inside a nested list, picker or tab view, or \
            inside a tagged view, belong to them; a `ForEach` whose rows are sections of another `ForEach` \
            leaves the tagging to the inner one; rows that may tag themselves (a modifier the project declares \
            on `View`, a project row view whose `body` has a tag, a `NavigationLink(value:)`) are not checked \
            for implicit tags; a subclass tag for a base-class selection is not a certain mismatch.
            """,
        severity: .error,
        precision: .high,
        tags: ["correctness", "swiftui"],
        triggeringExamples: [
            RuleExample("""
                enum Tab: Int { case home, settings }
                struct Root: View {
                    @State private var tab: Tab = .home
                    var body: some View {
                        TabView(selection: $tab) {
                            Text("Home").tabItem { Text("Home") }.↓tag(0)
                            Text("Settings").tabItem { Text("Settings") }.↓tag(1)
                        }
                    }
                }
                """),
            RuleExample("""
                struct Sort: View {
                    @State private var order: String = "name"
                    var body: some View {
                        Picker("Order", selection: $order) {
                            Text("Name").tag("name")
                            Text("Date").↓tag(2)
                            ↓Text("Size")
                        }
                    }
                }
                """),
            RuleExample("""
                struct Oceans: View {
                    @State private var selection: Int?
                    private let oceans = ["Pacific", "Atlantic"]
                    var body: some View {
                        List(selection: $selection) {
                            ↓ForEach(oceans, id: \\.self) { ocean in
                                Text(ocean)
                            }
                        }
                    }
                }
                """),
            RuleExample("""
                enum Scope { case fruit, vegetable }
                struct Products: View {
                    @State private var scope: Scope = .fruit
                    @State private var query = ""
                    var body: some View {
                        List { Text("Apple") }
                            .searchable(text: $query)
                            .searchScopes($scope) {
                                Text("Fruit").↓tag(0)
                                Text("Vegetable").tag(Scope.vegetable)
                            }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct Ocean: Identifiable { let id = UUID(); let name: String }
                struct Oceans: View {
                    @State private var selection: Ocean.ID?
                    let oceans: [Ocean]
                    var body: some View {
                        List(selection: $selection) {
                            ForEach(oceans) { ocean in
                                Text(ocean.name)
                            }
                        }
                    }
                }
                """),
            RuleExample("""
                enum Tab: Int { case home, settings }
                struct Root: View {
                    @State private var tab: Tab = .home
                    @State private var size: Int? = nil
                    var body: some View {
                        TabView(selection: $tab) {
                            Text("Home").tag(Tab.home)
                            Text("Settings").tag(Tab.settings)
                        }
                        Picker("Size", selection: $size) {
                            Text("None").tag(Int?.none)
                            Text("Small").tag(1)
                        }
                    }
                }
                """),
        ],
        knownLimits: [
            "A tag computed by a call or from a local (`.tag(item.id.uuidString)`, `let id = ...; .tag(id)`) is not checked.",
            "A selection initialised with a generic call (`Set<Int>()`) is known only by its annotation.",
        ]
    )

    public init(options: RuleOptions) {}

    /// The selection a container compares its rows' tags with: its certain type (without
    /// optionality), whether it is optional, and its type as written, for messages.
    struct Selection {
        var container: String
        var text: String
        var declared: String
        var type: String
        var isOptional: Bool
    }

    public func check(_ context: RuleContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let project = context.project
        // The file's views by member with their names, asked of the fact store once.
        let memberViews = context.memberViews
        for (type, _, member) in context.builderMembers {
            let scope = type.map { ExpressionScope(project: project, owner: $0, member: member) }
            let views = memberViews.views(of: member)
            for v in views.views.indices {
                let view = views.views[v]
                // `.searchScopes($scope) { Text("Fruit").tag(Scope.fruit) }`: the scopes are the rows.
                for (index, modifier) in view.modifiers.enumerated() where modifier.name == "searchScopes" {
                    guard let selection = modifier.arguments.first, selection.isUnlabeled else { continue }
                    let rows = view.contents(ofModifierAt: index)
                    diagnostics += missingTags(in: rows, container: ".searchScopes", selection: selection.text, member: member, type: type)
                    guard let resolved = self.selection(selection, container: ".searchScopes", project: project,
                                                        type: type, member: member) else { continue }
                    diagnostics += mismatches(tags(in: rows, context: context, scope: scope), selection: resolved,
                                              member: member, type: type, scope: scope, project: project)
                }
                guard let container = views.baseTypeNames[v], Self.containers.contains(container),
                      project.isSDKType(container), let call = member.call(at: view.baseRange),
                      let selectionArgument = call.argument("selection") else { continue }
                if container == "Picker" {
                    // The rows' closure, not the `label:` one.
                    let rows = view.baseContents.filter { $0.label == nil || $0.label == "content" }
                    diagnostics += missingTags(in: rows, container: container, selection: selectionArgument.text,
                                               member: member, type: type)
                }
                guard let selection = self.selection(selectionArgument, container: container, project: project,
                                                     type: type, member: member) else { continue }
                let listData = container == "List" && call.unlabeledArguments.count == 1 ? call.unlabeledArguments[0].shape : nil
                diagnostics += mismatches(tags(in: view.baseContents, context: context, scope: scope, rowData: listData),
                                          selection: selection,
                                          member: member, type: type, scope: scope, project: project)
                guard let scope else { continue }
                // `List(items, id: \.self, selection: $selection) { ... }`: the list is the `ForEach`.
                if container == "List", call.unlabeledArguments.count == 1,
                   let finding = implicitTagMismatch(data: call.unlabeledArguments[0].shape, dataText: call.unlabeledArguments[0].text, id: call.argument("id")?.shape,
                                                     rows: view.baseContents, at: call.calleeRange, name: "List",
                                                     selection: selection, scope: scope, member: member, type: type) {
                    diagnostics.append(finding)
                }
                for row in forEachRows(in: view.baseContents, project: project) {
                    guard let rowCall = member.call(at: row.baseRange), rowCall.unlabeledArguments.count == 1,
                          let finding = implicitTagMismatch(data: rowCall.unlabeledArguments[0].shape,
                                                            dataText: rowCall.unlabeledArguments[0].text + (rowCall.argument("id").map { ", id: " + $0.text } ?? ""),
                                                            id: rowCall.argument("id")?.shape, rows: row.baseContents,
                                                            at: rowCall.calleeRange, name: "ForEach", selection: selection,
                                                            scope: scope, member: member, type: type) else { continue }
                    diagnostics.append(finding)
                }
            }
        }
        return diagnostics
    }

    /// The selection's certain type: declared on the bound property (its annotation, the type it
    /// is initialised with, or the literal it starts from), a standard or project type. A `List`
    /// selects several rows with a `Set<ID>`, compared by its element.
    func selection(_ argument: Argument, container: String, project: ProjectModel, type: ProjectModel.TypeInfo?,
                   member: Member) -> Selection? {
        var declared = project.boundTypeText(argument.shape, in: type, member: member)
        if declared == nil, let chain = argument.shape.nameChain, chain.count == 1, chain[0].hasPrefix("$"),
           !member.parameters.contains(where: { $0.name == String(chain[0].dropFirst()) }),
           let type, let property = project.property(String(chain[0].dropFirst()), of: type),
           property.kind == .storedProperty, !property.isStatic, let initializer = property.initializer {
            declared = TypeText.literalType(initializer)
        }
        guard let declared else { return nil }
        var (text, optional) = TypeText.unwrappingOptional(declared)
        if container == "List", !optional, TypeText.genericBaseName(text) == "Set",
           let element = TypeText.elementTypeName(text) {
            text = element
        }
        guard let certain = project.certainValueType(text, from: type) else { return nil }
        return Selection(container: container, text: argument.text, declared: declared, type: certain, isOptional: optional)
    }

    func mismatches(_ tags: [(tag: ModifierCall, bindings: [String: String])], selection: Selection, member: Member,
                    type: ProjectModel.TypeInfo?, scope: ExpressionScope?, project: ProjectModel) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for (tag, bindings) in tags {
            guard let argument = tag.arguments.first, argument.isUnlabeled else { continue }
            let tagType: (String, isOptional: Bool)?
            if let scope, bindings[Self.unknownNames] == nil {
                tagType = scope.valueType(of: argument.shape, bindings: bindings)
            } else {
                tagType = certainTagType(argument.shape, project: project, from: type).map { ($0, false) }
            }
            guard let (tagName, tagOptional) = tagType else { continue }
            // A `T` tag also tags `Optional<T>` (`tag(_:includeOptional:)`); an `Optional<T>` tag
            // never equals a `T` selection.
            guard tagName != selection.type || (tagOptional && !selection.isOptional),
                  !areRelatedClasses(tagName, selection.type, project: project) else { continue }
            let shown = tagOptional ? "\(tagName)?" : tagName
            diagnostics.append(Diagnostic(
                range: tag.nameRange,
                message: "'.tag(\(argument.text))' is a '\(shown)', but the '\(selection.container)' selection '\(selection.text)' is a '\(selection.declared)', so this row never matches it; tag it with a '\(selection.type)' value",
                symbol: "\(type?.qualifiedName ?? "global").\(member.name):\(selection.container).tag"))
        }
        return diagnostics
    }

    /// `ForEach(data, id: ...)` rows with no tag of their own are tagged with their ids; an id of
    /// another type than the selection never matches it. Silent unless the element and id types
    /// are certain, and when the rows have explicit tags or are sections of nested rows.
    func implicitTagMismatch(data: ExprShape, dataText: String, id: ExprShape?, rows: [BuilderBlock], at range: SourceRange, name: String,
                             selection: Selection, scope: ExpressionScope, member: Member,
                             type: ProjectModel.TypeInfo?) -> Diagnostic? {
        guard rowsTakeImplicitTags(rows, project: scope.project, from: scope.owner), let element = scope.dataElementType(of: data),
              // `ForEach(0..<5)`: a range's integers are their own ids.
              let idType = isRange(data) && id == nil ? element : scope.rowIdentifierType(element: element, idKeyPath: id),
              idType != selection.type, !areRelatedClasses(idType, selection.type, project: scope.project) else { return nil }
        let what = id.map { _ in "their id" } ?? "their 'id'"
        let subject = idType == element ? "'\(idType)'" : "'\(idType)' (of '\(element)')"
        return Diagnostic(
            range: range,
            message: "the rows of this '\(name)' are tagged with \(what), a \(subject), but the '\(selection.container)' selection '\(selection.text)' is a '\(selection.declared)', so no row ever matches it; select by the rows' id type or tag each row with a '\(selection.type)' value",
            symbol: "\(type?.qualifiedName ?? "global").\(member.name):\(selection.container).\(name)(\(dataText))")
    }

    /// Two project classes of which one inherits from the other: a subclass value may be what the
    /// selection holds, so the mismatch is not certain.
    func areRelatedClasses(_ a: String, _ b: String, project: ProjectModel) -> Bool {
        guard a != b, let left = project.types[a] ?? project.resolveType(a), let right = project.types[b] ?? project.resolveType(b),
              left.kind == .class || left.kind == .protocol, right.kind == .class || right.kind == .protocol else { return false }
        return project.inherits(left, from: right) || project.inherits(right, from: left)
    }

    func isRange(_ shape: ExprShape) -> Bool {
        if case .range = shape { return true }
        return false
    }

    /// Rows a `ForEach` tags: none of its content has a `.tag`, and no `ForEach`, `Section` or
    /// selection container inside takes the rows over.
    func rowsTakeImplicitTags(_ blocks: [BuilderBlock], project: ProjectModel, from owner: ProjectModel.TypeInfo?,
                              depth: Int = 0) -> Bool {
        let viewExtensions = viewExtensionMethods(project)
        var stack = blocks
        var steps = 0
        var sawView = false
        while let block = stack.popLast(), steps < 10_000 {
            steps += 1
            for item in block.items {
                switch item {
                case .view(let view):
                    sawView = true
                    if view.hasModifier("tag") || view.hasConditionalCompilation { return false }
                    // A project modifier may tag the row (`.selectable(item)`).
                    if view.modifiers.contains(where: { viewExtensions.contains($0.name) }) { return false }
                    guard let name = view.baseTypeName else { continue }
                    // `NavigationLink(value:)` rows are selected by their value.
                    if name == "ForEach" || name == "Section" || name == "OutlineGroup" || name == "NavigationLink"
                        || Self.containers.contains(name) { return false }
                    // A project view whose body tags itself tags the row.
                    if let type = project.resolveType(name, from: owner), type.isDeclaredInProject {
                        guard depth < 2, let body = project.members(of: type).first(where: { $0.member.name == "body" })?.member,
                              let builder = body.builder ?? body.returnedViews,
                              rowsTakeImplicitTags([builder], project: project, from: type, depth: depth + 1) else { return false }
                    }
                case .conditional(let conditional):
                    stack.append(contentsOf: conditional.branches.map(\.block))
                case .other:
                    break
                }
            }
        }
        return sawView
    }

    /// Functions the project declares in extensions of `View`: modifiers whose effect (a tag)
    /// this rule does not see.
    func viewExtensionMethods(_ project: ProjectModel) -> Set<String> {
        project.fact("selectionTypeMismatch.viewExtensionMethods") { () -> Set<String> in
            var names: Set<String> = []
            for type in project.types.values where type.isDeclaredInProject || type.kind == .extension {
                guard KnownNames.isViewProtocolName(type.qualifiedName) else { continue }
                for (_, member) in project.members(of: type) where member.kind == .function { names.insert(member.name) }
            }
            return names
        }
    }

    /// The `ForEach`s among a container's rows (through stacks, sections and groups, not inside a
    /// tagged view or a nested selection container).
    func forEachRows(in blocks: [BuilderBlock], project: ProjectModel) -> [ViewExpression] {
        var result: [ViewExpression] = []
        var stack = blocks
        var steps = 0
        while let block = stack.popLast(), steps < 10_000 {
            steps += 1
            for item in block.items {
                switch item {
                case .view(let view):
                    guard !view.hasModifier("tag"), let name = view.baseTypeName, !Self.containers.contains(name) else { continue }
                    if name == "ForEach" {
                        if project.isSDKType("ForEach") { result.append(view) }
                    } else {
                        stack.append(contentsOf: view.baseContents)
                    }
                case .conditional(let conditional):
                    stack.append(contentsOf: conditional.branches.map(\.block))
                case .other:
                    break
                }
            }
        }
        return result
    }

    /// Views that show one choice and can carry a tag; an untagged one among tagged siblings
    /// is a row the user can never choose.
    static let choiceViews: Set<String> = ["Text", "Label", "Image"]

    /// The rows written directly in a picker's or search scopes' content (not in an `if`) with
    /// no `.tag`, when some sibling row has one: such a row can never be chosen. Rows of a
    /// `ForEach` (tagged by their id), sections, groups and separators are left alone.
    func missingTags(in blocks: [BuilderBlock], container: String, selection: String, member: Member,
                     type: ProjectModel.TypeInfo?) -> [Diagnostic] {
        // Direct rows only: an untagged row in an `if` is usually a placeholder shown when there is
        // nothing to choose (`if servers.isEmpty { Text("No servers") }`).
        let rows = blocks.flatMap { block in block.items.compactMap { item -> ViewExpression? in
            if case .view(let view) = item { return view } else { return nil }
        } }
        let tagged = blocks.flatMap(\.directViews).contains { $0.hasModifier("tag") }
        guard tagged else { return [] }
        var diagnostics: [Diagnostic] = []
        for row in rows where !row.hasModifier("tag") && !row.hasConditionalCompilation {
            guard let name = row.baseTypeName, Self.choiceViews.contains(name) else { continue }
            let start = row.baseRange.start
            diagnostics.append(Diagnostic(
                range: SourceRange(start: start, end: start + name.utf8.count),
                message: "this '\(name)' in the '\(container)' bound to '\(selection)' has no '.tag(...)' while its siblings "
                    + "have one, so it can never be chosen; tag it with a value of the selection's type",
                symbol: "\(type?.qualifiedName ?? "global").\(member.name):\(container).untagged"))
        }
        return diagnostics
    }

    /// The `.tag` modifiers of the container's rows: views in its content, through stacks,
    /// sections, groups and `ForEach`, not inside a tagged view or a nested selection container,
    /// and not in modifier content (a row's sheet or context menu). Each comes with the types of
    /// the `ForEach` closure parameters around it whose elements are certain (`ocean` in
    /// `ForEach(oceans, id: \.self) { ocean in ... }`, or `$0`).
    func tags(in blocks: [BuilderBlock], context: RuleContext, scope: ExpressionScope?,
              rowData: ExprShape? = nil) -> [(tag: ModifierCall, bindings: [String: String])] {
        var result: [(tag: ModifierCall, bindings: [String: String])] = []
        // `List(items) { item in ... }`: the list's own rows closure names its elements.
        var stack = blocks.map { ($0, bind($0, data: rowData, to: [:], context: context, scope: scope)) }
        var steps = 0
        while let (block, bindings) = stack.popLast(), steps < 10_000 {
            steps += 1
            for item in block.items {
                switch item {
                case .view(let view):
                    let own = view.modifiers.filter { $0.name == "tag" }
                    result.append(contentsOf: own.map { ($0, bindings) })
                    guard own.isEmpty && !(view.baseTypeName.map(Self.containers.contains) ?? false) else { continue }
                    var data: ExprShape?
                    if view.baseTypeName == "ForEach", let call = scope?.member.call(at: view.baseRange),
                       call.unlabeledArguments.count == 1 {
                        data = call.unlabeledArguments[0].shape
                    }
                    for content in view.baseContents {
                        stack.append((content, bind(content, data: data, to: bindings, context: context, scope: scope)))
                    }
                case .conditional(let conditional):
                    // `if let x = ...`, `case .a(let x)`: names this rule does not type.
                    stack.append(contentsOf: conditional.branches.map { branch in
                        var inner = bindings
                        if branch.bindsNames { inner[Self.unknownNames] = "" }
                        return (branch.block, inner)
                    })
                case .other:
                    break
                }
            }
        }
        return result
    }

    /// The names a content closure binds, added to `bindings`: the element type of `data` for a
    /// `ForEach`'s parameter when it is certain, else "" (unknown), so that every closure
    /// parameter (of a `ForEach`, a `GeometryReader`, a project container) shadows the view's
    /// properties of the same name; a signature not read makes every name unknown.
    func bind(_ content: BuilderBlock, data: ExprShape?, to bindings: [String: String], context: RuleContext,
              scope: ExpressionScope?) -> [String: String] {
        var inner = bindings
        let element = { data.flatMap { scope?.dataElementType(of: $0, bindings: bindings) } ?? "" }
        switch closureParameter(content, file: context.file) {
        case .named(let name): inner[name] = element()
        case .anonymous: inner["$0"] = element()
        case .unknown: inner[Self.unknownNames] = ""
        }
        return inner
    }

    /// A binding key saying that the closures around a tag name parameters this rule did not read.
    static let unknownNames = "\u{0}unknown"

    enum ClosureParameter { case named(String), anonymous, unknown }

    /// The single parameter a closure names (`ocean` in `{ ocean in` or `{ (ocean) in`), `anonymous`
    /// when it names none (it uses `$0`), `unknown` for any other signature.
    func closureParameter(_ block: BuilderBlock, file: FileModel) -> ClosureParameter {
        let text = file.text(SourceRange(start: block.range.start, end: min(block.range.end, block.range.start + 160)))
        let rest = Substring(text)
        // Not a closure's text (a block the builder summarised differently): no parameters.
        guard rest.first == "{" else { return .anonymous }
        let head = rest.prefix { $0 != "\n" }
        // No ` in` on the first line: no signature (multi-line signatures are rare; then unknown).
        let hasSignature = head.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).contains("in")
        let simple = parameterName(rest)
        if let simple { return .named(simple) }
        return hasSignature ? .unknown : .anonymous
    }

    func parameterName(_ text: Substring) -> String? {
        var rest = text
        rest = rest.dropFirst().drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
        var parenthesised = false
        if rest.first == "(" { rest = rest.dropFirst().drop { $0 == " " }; parenthesised = true }
        let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }
        guard !name.isEmpty else { return nil }
        rest = rest.dropFirst(name.count).drop { $0 == " " }
        if parenthesised {
            guard rest.first == ")" else { return nil }
            rest = rest.dropFirst().drop { $0 == " " }
        }
        guard rest.hasPrefix("in"), rest.dropFirst(2).first.map({ !($0.isLetter || $0.isNumber || $0 == "_") }) ?? false
        else { return nil }
        return String(name)
    }

    /// A tag's type where the expression alone decides it: literals (a generic `Hashable`
    /// parameter takes the literal's default type) and cases of project enums.
    func certainTagType(_ shape: ExprShape, project: ProjectModel, from context: ProjectModel.TypeInfo?) -> String? {
        switch shape {
        case .integer: return "Int"
        case .float: return "Double"
        case .string: return "String"
        case .boolean: return "Bool"
        case .member(base: let base?, name: let name):
            guard let chain = base.nameChain, let enumType = project.resolveType(chain.joined(separator: "."), from: context),
                  enumType.kind == .enum, enumType.isDeclaredInProject,
                  project.members(of: enumType).contains(where: { $0.member.kind == .enumCase && $0.member.name == name })
            else { return nil }
            return enumType.qualifiedName
        default:
            return nil
        }
    }
}
