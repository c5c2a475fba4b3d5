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
    static let containers: Set<String> = ["List", "Picker", "TabView"]
    /// Standard types a declaration can name with certainty.
    static let standardTypes: Set<String> = [
        "Int", "String", "Double", "Bool", "UUID", "Float", "Int8", "Int16", "Int32", "Int64", "UInt", "Character",
        "Date", "URL",
    ]

    public static let description = RuleDescription(
        id: "selection_type_mismatch",
        name: "Selection type mismatch",
        summary: "A .tag(...) inside a List, Picker, TabView or .searchScopes with a selection has a different type than the selection, or a picker row or scope has no tag, so it never matches.",
        rationale: """
            `Picker(selection: $tab)`, `List(selection: $selection)` and `TabView(selection: $tab)` find the \
            selected row by comparing each row's tag with the selection, and only tags of the selection's type \
            take part. `.tag(0)` is an `Int`; with a `Tab` selection (even an enum whose raw values are \
            integers) it never matches: the picker shows nothing selected, the tab view ignores \
            programmatic changes, and choosing a row does not update the binding.

            Tag rows with values of the selection's type: `.tag(Tab.home)`. A `T` tag for a `T?` selection \
            matches (`tag(_:includeOptional:)` also tags `Optional<T>`) and is not reported. The scopes of \
            `.searchScopes($scope) { ... }` are matched the same way.

            In a `Picker` or `.searchScopes`, a `Text`, `Label` or `Image` row written without a tag while its \
            siblings have one is reported too: it has no value to compare, so it can never be chosen (the picker \
            shows it but selecting it changes nothing). This needs no types, so it applies whatever the selection \
            is declared as. Rows in an `if` (placeholders such as `Text("No servers")` shown when there is nothing \
            to choose), rows of a `ForEach` (tagged with their id), sections, dividers and groups are not \
            rows of their own and are left alone; `List` and `TabView` rows without a tag are commonly meant not \
            to be selectable and are not reported.

            Not reported unless both types are certain: the selection's type must be declared (a property's \
            annotation or initialiser, through `$model.property` chains) as a standard type (`Int`, `String`, \
            `UUID`...) or a project type, and the tag must be a literal or a case of a project enum \
            (`Tab.home`). Tags of rows inside a nested list, picker or tab view, or inside a tagged view, \
            belong to them; rows tagged implicitly by `ForEach` are not checked.
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
            "A tag computed from a variable (`.tag(item.id)`) is not checked.",
        ]
    )

    public init(options: RuleOptions) {}

    public func check(_ context: RuleContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let project = context.project
        for (type, _, member) in context.builderMembers {
            for (view, _) in context.viewsWithAncestors(of: member) {
                // `.searchScopes($scope) { Text("Fruit").tag(Scope.fruit) }`: the scopes are the rows.
                for (index, modifier) in view.modifiers.enumerated() where modifier.name == "searchScopes" {
                    guard let selection = modifier.arguments.first, selection.label == nil else { continue }
                    let rows = view.contents(ofModifierAt: index)
                    diagnostics += missingTags(in: rows, container: ".searchScopes", selection: selection.text, member: member, type: type)
                    guard let declared = project.boundTypeText(selection.shape, in: type, member: member),
                          let selectionType = certainType(declared, project: project, from: type) else { continue }
                    diagnostics += mismatches(tags(in: rows), container: ".searchScopes", selection: selection.text,
                                              declared: declared, selectionType: selectionType, member: member,
                                              type: type, project: project)
                }
                guard let container = view.baseTypeName, Self.containers.contains(container),
                      project.isSDKType(container), let call = member.call(at: view.baseRange),
                      let selection = call.argument("selection") else { continue }
                if container == "Picker" {
                    // The rows' closure, not the `label:` one.
                    let rows = view.baseContents.filter { $0.label == nil || $0.label == "content" }
                    diagnostics += missingTags(in: rows, container: container, selection: selection.text,
                                               member: member, type: type)
                }
                guard let declared = project.boundTypeText(selection.shape, in: type, member: member),
                      let selectionType = certainType(declared, project: project, from: type) else { continue }
                diagnostics += mismatches(tags(in: view.baseContents), container: container, selection: selection.text,
                                          declared: declared, selectionType: selectionType, member: member,
                                          type: type, project: project)
            }
        }
        return diagnostics
    }

    func mismatches(_ tags: [ModifierCall], container: String, selection: String, declared: String,
                    selectionType: String, member: Member, type: ProjectModel.TypeInfo?,
                    project: ProjectModel) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for tag in tags {
            guard let argument = tag.arguments.first, argument.label == nil,
                  let tagType = certainTagType(argument.shape, project: project, from: type),
                  tagType != selectionType else { continue }
            diagnostics.append(Diagnostic(
                range: tag.nameRange,
                message: "'.tag(\(argument.text))' is a '\(tagType)', but the '\(container)' selection '\(selection)' is a '\(declared)', so this row never matches it; tag it with a '\(selectionType)' value",
                symbol: "\(type?.qualifiedName ?? "global").\(member.name):\(container).tag"))
        }
        return diagnostics
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
    /// and not in modifier content (a row's sheet or context menu).
    func tags(in blocks: [BuilderBlock]) -> [ModifierCall] {
        var result: [ModifierCall] = []
        var stack = blocks
        var steps = 0
        while let block = stack.popLast(), steps < 10_000 {
            steps += 1
            for item in block.items {
                switch item {
                case .view(let view):
                    let own = view.modifiers.filter { $0.name == "tag" }
                    result.append(contentsOf: own)
                    if own.isEmpty && !(view.baseTypeName.map(Self.containers.contains) ?? false) {
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

    /// The selection's type without optionality, when it is a standard type or a project type
    /// (not a typealias, not generic).
    func certainType(_ text: String, project: ProjectModel, from context: ProjectModel.TypeInfo?) -> String? {
        var t = text.filter { $0 != " " }
        while t.hasSuffix("?") || t.hasSuffix("!") { t.removeLast() }
        if t.hasPrefix("Optional<") && t.hasSuffix(">") { t = String(t.dropFirst(9).dropLast()) }
        guard let name = TypeText.baseName(t), name == t else { return nil }
        let simple = KnownNames.stripModule(name)
        if Self.standardTypes.contains(simple) && project.isSDKType(simple) { return simple }
        guard let type = project.resolveType(simple, from: context), type.isDeclaredInProject,
              type.kind != .protocol else { return nil }
        return type.qualifiedName
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
