import ViewLintCore
import ViewLintModel

/// ## What it does
/// Flags a stored property of a view whose type is a function type: an action callback
/// (`let onSelect: (Item) -> Void`) or stored builder content (`let content: () -> Content`).
///
/// ## Why is this bad?
/// SwiftUI decides whether a child must re-run its body by comparing its stored properties
/// with their previous values. A closure has no equality SwiftUI can rely on, so a view that
/// stores one is treated as changed on every update of its parent.
///
/// ## Use instead
/// Call a builder in `init` and store the `Content` it returns; pass comparable values instead
/// of actions, or reach the action through a model or the environment; or make the view
/// `Equatable` with an `==` that leaves the closure out.
public struct ClosureInput: Rule {
    public static let description = RuleDescription(
        id: "closure_input",
        name: "Closure input",
        summary: "A view stores a closure, which SwiftUI cannot compare, so its body re-runs on every parent update.",
        rationale: """
            When a parent's `body` runs, SwiftUI compares each child view's stored properties with the values \
            they had before and skips the child's `body` when nothing changed. Values of function type cannot \
            take part in that comparison: two closures are never known to be equal, even when they were created \
            by the same code and capture the same values. A view that stores a closure therefore looks changed \
            every time its parent is evaluated, and its `body` runs again, together with everything below it that \
            depends on its output.

            For view-builder content (`@ViewBuilder let content: () -> Content`), call the builder in `init` and \
            store the built `Content`: views are compared structurally, closures are not. For actions \
            (`let onDelete: (Item) -> Void`), pass comparable values and let the view reach the behaviour through \
            a model or an environment value, or make the view `Equatable` with a custom `==` that compares \
            only the data and leaves the closure out; SwiftUI then uses that `==`.

            Properties of views that declare their own `==` are not reported, nor are `static` properties, \
            properties with a property wrapper, and closures the view sets itself (a `let` or `private` \
            property with a default value that no initializer replaces).
            """ + "\n\n" + ViewDefinition.documentation + "\n\n"
            + ViewDefinition.scope("views, view modifiers, shapes and representables (for a representable, what re-runs is `updateUIView`/`updateNSView`)",
                                   notChecked: "an `App` has no parent that re-creates it, previews never run in the app, and the cost of a stored closure in scenes, commands, toolbar and table content is not measured by this rule."),
        severity: .warning,
        precision: .high,
        tags: ["performance", "swiftui"],
        triggeringExamples: [
            RuleExample("""
                struct DeleteRow: View {
                    let title: String
                    let ↓onDelete: () -> Void
                    var body: some View {
                        Button(title, role: .destructive) { onDelete() }
                    }
                }
                """),
            RuleExample("""
                struct Card<Content: View>: View {
                    @ViewBuilder let ↓content: () -> Content
                    var body: some View { content().padding() }
                }
                """),
            RuleExample("""
                struct LinkRow: View {
                    let url: URL
                    var ↓onOpen: (@MainActor @Sendable (URL) -> Void)?
                    var body: some View {
                        Button(url.absoluteString) { onOpen?(url) }
                    }
                }
                """),
            RuleExample("""
                struct Picker: View {
                    let options: [String]
                    private let ↓onPick: (String) -> Void
                    init(options: [String], onPick: @escaping (String) -> Void) {
                        self.options = options
                        self.onPick = onPick
                    }
                    var body: some View {
                        ForEach(options, id: \\.self) { option in Button(option) { onPick(option) } }
                    }
                }
                """),
            RuleExample("""
                struct Toolbar: View {
                    let onSave: () -> Void
                    let ↓onShare: () -> Void
                    var body: some View {
                        HStack {
                            Button("Save", action: onSave)
                            Button("Share", action: onShare)
                        }
                    }
                }
                """, options: ["ignore_names": .list(["onSave"])]),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct Card<Content: View>: View {
                    let content: Content
                    init(@ViewBuilder content: () -> Content) {
                        self.content = content()
                    }
                    var body: some View { content.padding() }
                }
                """),
            RuleExample("""
                struct ItemRow: View, Equatable {
                    let item: Item
                    let onSelect: () -> Void
                    static func == (lhs: Self, rhs: Self) -> Bool { lhs.item == rhs.item }
                    var body: some View { Button(item.name, action: onSelect) }
                }
                """),
            RuleExample("""
                struct Styled: View {
                    static let formatter: (Double) -> String = { String($0) }
                    private let trim: (String) -> String = { $0.trimmingCharacters(in: .whitespaces) }
                    let value: Double
                    var body: some View { Text(trim(Self.formatter(value))) }
                }
                """),
            RuleExample("""
                struct Toolbar: View {
                    let onSave: () -> Void
                    let onShare: () -> Void
                    var body: some View {
                        HStack {
                            Button("Save", action: onSave)
                            Button("Share", action: onShare)
                        }
                    }
                }
                """, options: ["ignore_names": .list(["on*"])]),
            RuleExample("""
                final class Coordinator {
                    var onFinish: () -> Void = {}
                }
                """),
        ],
        options: [
            RuleOption("ignore_names", .list, default: .list([]),
                       "Property names never reported. A trailing or leading `*` matches any rest (`on*` accepts every `onSomething` callback)."),
        ],
        knownLimits: [
            "A function type spelled through a type alias declared outside the view and its enclosing types (`let action: Action`) is not recognised.",
            "A view whose `==` is declared in a conformance the linted files do not contain is treated as comparing fields.",
            "`UIViewRepresentable` and other representables are reported too: for them a new closure means another `updateUIView` call rather than another `body`.",
        ]
    )

    let ignoredNames: [String]

    public init(options: RuleOptions) {
        ignoredNames = options.list("ignore_names")
    }

    func isIgnored(_ name: String) -> Bool {
        ignoredNames.contains { pattern in
            if pattern == "*" { return true }
            if pattern.hasSuffix("*") { return name.hasPrefix(pattern.dropLast()) }
            if pattern.hasPrefix("*") { return name.hasSuffix(pattern.dropFirst()) }
            return name == pattern
        }
    }

    public func check(_ context: RuleContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let project = context.project
        // Names of every type alias in the project: most property types are none.
        let aliases = project.fact("closure_input.typeAliasNames") { () -> Set<String> in
            var names: Set<String> = []
            for file in project.files {
                for decl in file.types { for m in decl.members where m.kind == .typeAlias { names.insert(m.name) } }
            }
            return names
        }
        for (view, decl) in context.viewDeclarations {
            let candidates = decl.members.filter {
                $0.kind == .storedProperty && !$0.isStatic && $0.propertyWrapper == nil
                    && (isFunctionType($0, in: view, project: project, aliases: aliases)) && !isIgnored($0.name)
            }
            if candidates.isEmpty || project.hasCustomEquality(view) { continue }
            let initializerWrites = project.members(of: view)
                .filter { $0.member.kind == .initializer }
                .reduce(into: Set<String>()) { $0.formUnion($1.member.writes) }
            for property in candidates {
                // A closure the view gives itself, that no caller can replace, is a constant.
                if property.initializer != nil && (property.isLet || property.modifiers.contains("private")
                                                   || property.modifiers.contains("fileprivate"))
                    && !initializerWrites.contains(property.name) {
                    continue
                }
                let advice: String
                switch role(of: property, in: decl) {
                case .content:
                    advice = "call the builder in 'init' and store the built content instead"
                case .viewsFromArguments:
                    advice = "it builds views from arguments, so give the view an '==' that compares its data and leaves the closure out"
                case .action:
                    advice = "pass comparable values and reach the action through a model or the environment, or give the view an '==' that leaves it out"
                }
                diagnostics.append(Diagnostic(
                    range: property.nameRange,
                    message: "closure input '\(property.name)' cannot be compared, so '\(decl.name)' re-runs its body on every parent update; \(advice)",
                    symbol: "\(view.qualifiedName).\(property.name)"))
            }
        }
        return diagnostics
    }

    /// A function type as written, or through a type alias declared in the view or a type
    /// enclosing it (`typealias Action = () -> Void`).
    func isFunctionType(_ property: Member, in view: ProjectModel.TypeInfo, project: ProjectModel,
                        aliases: Set<String>) -> Bool {
        if property.isFunctionType { return true }
        guard let text = property.typeText, let name = TypeText.baseName(text), !name.contains(".") else { return false }
        // Most property types are no alias at all: one set lookup rules them out.
        guard aliases.contains(name) else { return false }
        var scope: String? = view.qualifiedName
        while let current = scope {
            if let type = project.types[current],
               let alias = project.members(of: type).first(where: { $0.member.kind == .typeAlias && $0.member.name == name }) {
                return alias.member.isFunctionType
            }
            scope = current.lastIndex(of: ".").map { String(current[..<$0]) }
        }
        return false
    }

    enum Role { case content, viewsFromArguments, action }

    /// Builder content (`@ViewBuilder`, or `() -> Content` returning a generic parameter or a
    /// view) can be built once in `init`; a closure that builds views from arguments
    /// (`(Item) -> Row`) cannot; anything else is treated as an action.
    func role(of property: Member, in decl: TypeDecl) -> Role {
        guard var text = property.typeText?.filter({ $0 != " " }) else { return .action }
        // `@MainActor () -> Content`: attributes do not change what the closure returns.
        while text.hasPrefix("@") { text = String(text.dropFirst().drop { $0.isLetter || $0.isNumber || $0 == "_" }) }
        while text.hasSuffix("?") || text.hasSuffix("!") { text.removeLast() }
        while text.hasPrefix("("), text.hasSuffix(")"), Self.closingParen(of: text) == text.count - 1 {
            text = String(text.dropFirst().dropLast())
        }
        let hasParameters = !text.hasPrefix("()")
        var result = text
        if let arrow = Self.lastArrow(in: text) { result = String(text[arrow...].dropFirst(2)) }
        while let last = result.last, last == ")" || last == "?" { result.removeLast() }
        let buildsViews = property.attributes.contains { $0.name.hasSuffix("Builder") }
            || decl.genericParameters.contains(result) || ["AnyView", "someView", "Text", "Image"].contains(result)
        guard buildsViews else { return .action }
        return hasParameters ? .viewsFromArguments : .content
    }

    /// The offset of the parenthesis closing the one that opens `text`.
    static func closingParen(of text: String) -> Int? {
        var depth = 0
        for (offset, character) in text.enumerated() {
            if character == "(" { depth += 1 }
            if character == ")" {
                depth -= 1
                if depth == 0 { return offset }
            }
        }
        return nil
    }

    static func lastArrow(in text: String) -> String.Index? {
        var found: String.Index? = nil
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            if text[index] == "-", next < text.endIndex, text[next] == ">" { found = index }
            index = next
        }
        return found
    }
}
