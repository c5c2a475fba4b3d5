import ViewLintCore
import ViewLintModel
import ViewLintSyntax

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

            What a re-run costs decides what is reported. Builder closures (`() -> Content`) are reported, one \
            finding per view naming all of them, since storing the built views is a mechanical change, unless the \
            view defers them on purpose (see the known limits). An \
            action callback in a small leaf view costs one small `body` per parent update, the same as SwiftUI's \
            own `Button(action:)`: by default only the callbacks of views built once per row of a container are \
            reported (option `callbacks`). A large body holding a callback is usually a whole screen (a settings \
            page, an editor, a sheet) whose parent rarely updates, so its re-runs are rare: read on real apps, \
            most such findings were not worth acting on, and they are reported only with \
            `callbacks: rows_and_large_bodies` or `all`. For a representable, what re-runs is its \
            `updateUIView`/`updateNSView`.

            Properties of views that declare their own `==`, or that the project builds wrapped in \
            `.equatable()` or `EquatableView(content:)`, are not reported, nor are `static` properties, \
            properties with a property wrapper, closures nothing reads (`unused_stored_input` reports them), \
            and closures the view sets itself (a `let` or `private` property with a default value that no \
            initializer replaces).
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
                struct Trash: View {
                    let titles: [String]
                    var body: some View {
                        List(titles, id: \\.self) { title in DeleteRow(title: title) { print(title) } }
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
                """, options: ["callbacks": .string("all")]),
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
                """, options: ["callbacks": .string("all")]),
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
                """, options: ["ignore_names": .list(["onSave"]), "callbacks": .string("all")]),
            RuleExample("""
                struct Disclosure<Label: View, Destination: View>: View {
                    let ↓label: () -> Label
                    let destination: () -> Destination
                    var body: some View { NavigationLink(destination: destination, label: label) }
                }
                """),
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
                struct Chip: View {
                    let title: String
                    let onTap: () -> Void
                    var body: some View { Button(title, action: onTap) }
                }
                """),
            RuleExample("""
                struct Chips: View {
                    let titles: [String]
                    var body: some View { ForEach(titles, id: \\.self) { Chip(title: $0) {} } }
                }
                struct Chip: View {
                    let title: String
                    let onTap: () -> Void
                    var body: some View { Button(title, action: onTap) }
                }
                """, options: ["callbacks": .string("none")]),
            RuleExample("""
                struct AnyModifier: ViewModifier {
                    let apply: (Content) -> AnyView
                    func body(content: Content) -> some View { apply(content) }
                }
                """, options: ["callbacks": .string("all")]),
            RuleExample("""
                final class Coordinator {
                    var onFinish: () -> Void = {}
                }
                """),
        ],
        options: [
            RuleOption("callbacks", .string, default: .string("rows"),
                       "Which action callbacks to report. `rows` (the default): those of views built once per row of a `ForEach`, `List`, `Table` or `OutlineGroup` in the project, where the re-runs add up (warnings). `rows_and_large_bodies`: also those of views whose code builds \(ClosureInput.largeBodyViews) views or more. `all`: every callback, the cheap ones of small leaf views at `note` severity. `none`: builder closures only. On 17 real apps most callbacks are small leaves' (`Button(action:)`-shaped), whose re-run costs little; and the large bodies holding a callback are mostly whole screens (settings, editors, sheets, migration prompts) whose parent, a sheet presenter or a hosting controller, rarely updates: of 23 such findings on 13 apps, a reader would act on few, hence the default."),
            RuleOption("ignore_names", .list, default: .list([]),
                       "Property names never reported. A trailing or leading `*` matches any rest (`on*` accepts every `onSomething` callback)."),
        ],
        knownLimits: [
            "A function type spelled through a type alias declared outside the view and its enclosing types (`let action: Action`) is not recognised.",
            "A view whose `==` is declared in a conformance the linted files do not contain is treated as comparing fields.",
            "Rows built by a helper that a row closure calls (`ForEach(items) { row(for: $0) }`) do not count as built per row; only views constructed in the row closure itself do.",
            "A view is silent when it has a custom `==`, or when any code of the project builds it wrapped in `.equatable()` or `EquatableView(content:)` in a view builder or a call (its `==` may be declared outside the linted files); wrapping it through a helper (`func wrap<V: View & Equatable>(_ v: V)`) is not seen.",
            "A builder closure deferred on purpose is not reported: taken as an `@autoclosure` by the initializer (a lazy destination), stored by a representable (built in its update method), or called only in presentation content (`.sheet { content() }`) or in a closure of something other than a view type (`resolver.resolve { content() }`); building it in `init` would build what may never be shown. Where the model cannot tell when the call runs (behind a cache, in a method of another type such as `resolver.resolve { content() }`, in a project modifier's closure such as `.actionBar { content() }`), it is not reported either: precision first.",
            "A builder called only in a branch that the view's own `@State` chooses (`if didAppear { content() }`, a carousel page loaded once visible, the details of a collapsed section) is deferred on purpose and not reported: building it in `init` would run the builder for content that may never be shown, and read on real apps (SwiftUIX, pocket-casts, isowords, home-assistant) these lazy loaders were judged debatable at best. Called in every branch of an `if`/`else` on that state, it is always shown and is reported. A branch chosen by an input (`switch loadingState`) is not deferred by the view itself: reported.",
            "A screen presented from a row by a modifier's content (`.sheet { Editor() }`, `.popover`, `.navigationDestination`) counts as built once per row; a `NavigationLink` destination (`destination:`, or the trailing closure of `NavigationLink { Destination() } label: { ... }` and `NavigationLink(\"Title\") { Destination() }`) is recognised as one screen.",
            "Views of a widget extension are treated like an app's, although a widget's body runs once per timeline entry and never for a parent's update: a builder closure there costs nothing extra (home-assistant's `emptyViewGenerator`).",
            "A closure input nothing reads is reported by `unused_stored_input`, not here; a type whose only stored data is closures (a type-erasing wrapper, a grid of `(Item) -> Content`) is not reported for its callbacks, since neither fix applies.",
        ]
    )

    let ignoredNames: [String]
    let callbacks: Callbacks

    /// Which action callbacks to report (`callbacks:`).
    enum Callbacks: String {
        /// Those of views built once per row of a container, as warnings.
        case rows
        /// Those of views built once per row of a container or with a large body, as warnings.
        case rowsAndLargeBodies = "rows_and_large_bodies"
        /// Every callback: the costly ones as warnings, the rest as notes.
        case all
        /// No callbacks; builder closures only.
        case none
    }

    /// A body that builds at least this many views is large: re-running it costs more than a
    /// leaf's few `Text`s and `Image`s.
    static let largeBodyViews = 30

    public init(options: RuleOptions) {
        ignoredNames = options.list("ignore_names")
        callbacks = options.string("callbacks").flatMap(Callbacks.init(rawValue:)) ?? .rows
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
        // Asked once per file, and only for a view storing a closure.
        var aliases: Set<String>? = nil
        var wrappedInEquatable: Set<Int>? = nil
        // The file's views with their properties split by wrapper, as several rules share them.
        for entry in context.viewStoredProperties {
            let (view, decl) = (entry.view, entry.decl)
            let closures = project.storedClosures(among: entry.unwrapped, in: view, aliases: &aliases)
            if closures.isEmpty || project.hasCustomEquality(view) { continue }
            if wrappedInEquatable == nil { wrappedInEquatable = project.viewsWrappedInEquatable }
            if wrappedInEquatable!.contains(view.id) { continue }
            let initializerWrites = project.initializerWrites(of: view)
            // A closure the view gives itself, that no caller can replace, is a constant; one
            // nothing reads is an unused input (`unused_stored_input` reports it).
            let candidates = closures.filter { property in
                !project.isFixedByDeclaration(property, initializerWrites: initializerWrites)
                    && project.isRead(property.nameID, in: view) && !isIgnored(property.name)
            }
            if candidates.isEmpty { continue }
            // Asked only for a finding, or for the cost of a callback: most views with a
            // callback are neither rows nor reported.
            var isRepresentable: Bool? = nil
            func representable() -> Bool {
                if let known = isRepresentable { return known }
                let found = project.conforms(view, toAnyOf: Self.representables)
                isRepresentable = found
                return found
            }
            func rerun() -> String {
                representable() ? "SwiftUI calls its update method ('\(Self.updateMethod(decl, project: project, view: view))') on every parent update"
                    : "'\(decl.name)' re-runs its body on every parent update"
            }

            // A builder called only later than the body's own evaluation (in a presented sheet,
            // a resolver's closure, a cache) is deferred on purpose: building it in `init` would
            // build what may never be shown (a lazy destination).
            // Each closure's role, read once from its type's text.
            let roles = candidates.map { (property: $0, role: role(of: $0, in: decl)) }
            let builders = roles.filter {
                $0.role == .content && !Self.isDeferred($0.property.name, in: view, project: project)
            }.map(\.property)
            if !builders.isEmpty {
                let names = builders.map { "'\($0.name)'" }
                let subject = builders.count == 1 ? "builder closure \(names[0]) cannot" : "builder closures \(Self.list(names)) cannot"
                diagnostics.append(Diagnostic(
                    range: builders[0].nameRange,
                    message: "\(subject) be compared, so \(rerun()); call \(builders.count == 1 ? "the builder" : "the builders") in 'init' and store the built \(builders.count == 1 ? "content" : "views") instead",
                    symbol: "\(view.qualifiedName).\(builders[0].name)",
                    fixes: [Fix(summary: "store the \(builders.count == 1 ? "view" : "views") that \(Self.list(names)) \(builders.count == 1 ? "builds" : "build"), built once in 'init', instead of the \(builders.count == 1 ? "closure" : "closures")",
                                replacement: builderFix(builders, decl: decl, view: view, context: context))]))
            }
            if callbacks == .none { continue }
            // A builder from arguments that is the only stored data (a type-erasing wrapper, a
            // grid of `(Item) -> Content`): neither an `==` on other fields nor building in
            // `init` applies. Asked only when there is such a builder.
            let hasOtherData = roles.contains { $0.role == .viewsFromArguments }
                && project.storesOtherData(decl, than: Set(closures.map(\.name)))
            let otherRoles = roles.filter { $0.role == .action || ($0.role == .viewsFromArguments && hasOtherData) }
            let others = otherRoles.map(\.property)
            if others.isEmpty { continue }
            // What the re-run costs: a row of a container is rebuilt once per element, a large
            // body is expensive each time; a small leaf's body is cheap.
            let cost: String?
            if let container = project.rowContainer(of: view) {
                cost = "it is built once per row of \(container)"
            } else if callbacks != .rows, !representable(), case let built = project.viewsBuilt(by: view, declaration: decl), built >= Self.largeBodyViews {
                cost = "its code builds \(built) views"
            } else {
                cost = nil
            }
            if cost == nil && (callbacks == .rows || callbacks == .rowsAndLargeBodies) { continue }
            // One finding per view: the fix (and the cost) is the view's, not each closure's.
            let names = others.map { "'\($0.name)'" }
            let subject = others.count == 1 ? "closure input \(names[0]) cannot" : "closure inputs \(Self.list(names)) cannot"
            let advice = otherRoles.allSatisfy({ $0.role == .viewsFromArguments })
                ? "\(others.count == 1 ? "it builds" : "they build") views from arguments, so give the view an '==' that compares its data and leaves the \(others.count == 1 ? "closure" : "closures") out"
                : "pass comparable values and reach the \(others.count == 1 ? "action" : "actions") through a model or the environment, or give the view an '==' that leaves \(others.count == 1 ? "it" : "them") out"
            let why = cost.map { ", and \($0)" } ?? "; its body is small, so each parent update costs one small re-run"
            diagnostics.append(Diagnostic(
                range: others[0].nameRange,
                message: "\(subject) be compared, so \(rerun())\(why); \(advice)",
                symbol: "\(view.qualifiedName).\(others[0].name)",
                severity: cost == nil ? .note : nil))
        }
        return diagnostics
    }

    /// Modifiers whose content closure runs when something is presented, not with the body.
    static let deferredContentModifiers: Set<String> = [
        "sheet", "popover", "fullScreenCover", "navigationDestination", "contextMenu", "alert",
        "confirmationDialog", "inspector", "onHover", "draggable", "dropDestination",
    ]

    /// Is the builder `name` deferred on purpose rather than called where the body is evaluated?
    /// Deferred: the initializer takes it as an `@autoclosure` (a lazy destination), the view is a
    /// representable (no body: it builds in its update method), or no call is where the body is
    /// evaluated: only in a presentation modifier's content (`.sheet { content() }`), in a
    /// closure of something that is not a view type (`resolver.resolve { content() }`), where
    /// the model cannot tell when it runs (a cache, a project modifier's closure), or in a branch
    /// the view's own `@State` chooses (`if didAppear { content() }`: a lazy loader, a collapsed
    /// section), which builds it only once that state allows. A call in the body, in a view's
    /// content (`VStack { content() }`) or in `.overlay { }` is eager.
    static func isDeferred(_ name: String, in view: ProjectModel.TypeInfo, project: ProjectModel) -> Bool {
        if project.conforms(view, toAnyOf: representables) { return true }
        var deferredCall = false
        let states = Set(project.members(of: view).compactMap { $0.member.propertyWrapper?.name == "State" ? $0.member.name : nil })
        let id = NameID.existing(name)
        for (_, member) in project.members(of: view) {
            if member.kind == .initializer, member.writes.contains(id),
               member.parameters.contains(where: { $0.typeText.map { SyntaxTree.containsASCII($0, "@autoclosure") } == true }) {
                return true
            }
            guard let top = member.builder ?? member.returnedViews else { continue }
            var stack: [(BuilderBlock, Bool)] = [(top, true)]
            var steps = 0
            while let (block, eager) = stack.popLast(), steps < 10_000 {
                steps += 1
                for item in block.items {
                    switch item {
                    case .view(let expression):
                        if Self.isCall(of: name, expression) {
                            if eager { return false }
                            deferredCall = true
                        }
                        let isType = expression.baseTypeName != nil
                        // Passed to a view type's initializer (`NavigationLink(destination: destination,
                        // label: label)`): SwiftUI's views call their builders as they are made.
                        if eager && isType && expression.baseArguments.contains(where: {
                            $0.shape == .identifier(name) || $0.shape.nameChain == ["self", name]
                        }) {
                            return false
                        }
                        for (index, content) in expression.contents.enumerated() {
                            let owner = expression.contentOwner(at: index)
                            let contentIsEager = owner.isEmpty
                                ? isType
                                : !deferredContentModifiers.contains(where: { owner.hasPrefix($0) })
                            stack.append((content, eager && contentIsEager))
                        }
                    case .conditional(let conditional):
                        // Every branch of an `if`/`switch` on the view's own state is shown only
                        // when that state allows it.
                        // (Called in every branch of one with an `else`, it is always shown.)
                        let onState = conditional.branches.contains { Self.reads(states, $0.conditionText) }
                            && !(conditional.hasElse && conditional.branches.allSatisfy { Self.calls(name, in: $0.block) })
                        stack.append(contentsOf: conditional.branches.map { ($0.block, eager && !onState) })
                    case .other:
                        break
                    }
                }
            }
        }
        // No call where the body is evaluated: deferred (`deferredCall`), or called where the
        // model cannot tell when it runs (a cache, a method of another type, a project
        // modifier's closure). Precision first: both are left alone.
        _ = deferredCall
        return true
    }

    /// `content()`, `self.content()`, and `content?()` for an optional builder. The base's text
    /// is spelled from the source's bytes at each read: read once, and compared with the
    /// optional calls' spellings only when it ends as they do (no other character is
    /// canonically equivalent to `)`), where every view made two strings to compare it with.
    static func isCall(of name: String, _ expression: ViewExpression) -> Bool {
        let callee = expression.baseCallee
        if callee == [name] || callee == ["self", name] { return true }
        let text = expression.baseText
        if text.utf8.last == UInt8(ascii: ")") { return text == name + "?()" || text == "self." + name + "?()" }
        return text == "self" && expression.modifiers.first?.name == name
    }

    /// Does the block call the builder `name`, at any depth?
    static func calls(_ name: String, in block: BuilderBlock) -> Bool {
        Member.blocks(from: block, isBuilder: true).contains { nested in
            nested.block.items.contains { item in
                if case .view(let expression) = item { return isCall(of: name, expression) }
                return false
            }
        }
    }

    /// Does the condition's text name one of `names` (`isLoaded`, `!self.isLoaded`)? A name
    /// after another value's `.` (`model.isLoaded`) is that value's member, not one of these.
    static func reads(_ names: Set<String>, _ condition: String) -> Bool {
        guard !names.isEmpty else { return false }
        let bytes = Array(condition.utf8)
        func isWordByte(_ b: UInt8) -> Bool { b == 0x24 || CharacterClasses.isNameByte(b) }
        var words: [Range<Int>] = []
        var i = 0
        while i < bytes.count {
            guard isWordByte(bytes[i]) else { i += 1; continue }
            let start = i
            while i < bytes.count && isWordByte(bytes[i]) { i += 1 }
            words.append(start..<i)
        }
        // The `.` before a word, blanks between them allowed.
        func followsDot(_ word: Range<Int>) -> Bool {
            var j = word.lowerBound - 1
            while j >= 0 && bytes[j] == 0x20 { j -= 1 }
            return j >= 0 && bytes[j] == 0x2E
        }
        func text(_ word: Range<Int>) -> String { String(decoding: bytes[word], as: UTF8.self) }
        for (k, word) in words.enumerated() where names.contains(text(word)) {
            if !followsDot(word) { return true }
            if k > 0, text(words[k - 1]) == "self", !followsDot(words[k - 1]),
               bytes[words[k - 1].upperBound..<word.lowerBound].allSatisfy({ $0 == 0x2E || $0 == 0x20 }) {
                return true
            }
        }
        return false
    }

    /// In the order `updateMethod` prefers them, UIKit's first, for a type that conforms to
    /// several (one per platform).
    static let representablesInOrder = [
        "UIViewRepresentable", "UIViewControllerRepresentable", "NSViewRepresentable", "NSViewControllerRepresentable",
        "WKInterfaceObjectRepresentable",
    ]
    static let representables = Set(representablesInOrder)

    /// `updateUIView`, `updateNSViewController`...: the method the type declares, or the one
    /// its protocol names.
    static func updateMethod(_ decl: TypeDecl, project: ProjectModel, view: ProjectModel.TypeInfo) -> String {
        if let declared = project.members(of: view).first(where: { $0.member.kind == .function && $0.member.name.hasPrefix("update")
            && ($0.member.name.hasSuffix("View") || $0.member.name.hasSuffix("ViewController")) }) {
            return declared.member.name
        }
        // In a fixed order, not the set's: a view conforming on two platforms named one or the
        // other from run to run (a set's order follows its hash seed, which differs per run).
        for name in representablesInOrder where view.inherited.contains(name) {
            return "update" + name.dropLast("Representable".count)
        }
        return "updateUIView"
    }

    /// `'a'`, `'a' and 'b'`, `'a', 'b' and 'c'`.
    static func list(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + names.last!
    }

    enum Role { case content, viewsFromArguments, action }

    /// Builder content (`@ViewBuilder`, or `() -> Content` returning a generic parameter or a
    /// view) can be built once in `init`; a closure that builds views from arguments
    /// (`(Item) -> Row`) cannot; anything else is treated as an action.
    func role(of property: Member, in decl: TypeDecl) -> Role {
        guard let typeText = property.typeText else { return .action }
        let (hasParameters, result) = Self.closureResult(of: typeText)
        let buildsViews = property.attributes.contains { $0.name.hasSuffix("Builder") }
            || decl.genericParameters.contains(result) || ["AnyView", "someView", "Text", "Image"].contains(result)
        guard buildsViews else { return .action }
        return hasParameters ? .viewsFromArguments : .content
    }

    /// Whether a closure type takes parameters, and what it returns without its trailing `)`
    /// and `?` (`Content` for `@MainActor (() -> Content)?` and `(@MainActor () -> Content)?`).
    /// Read by byte: by Character it cost a sixth of the rule's time.
    static func closureResult(of typeText: String) -> (hasParameters: Bool, result: String) {
        let bytes = withoutBlanks(typeText)
        var upper = bytes.count
        // `@MainActor () -> Content`: attributes do not change what the closure returns.
        var lower = afterAttributes(bytes, from: 0, to: upper)
        while upper > lower && (bytes[upper - 1] == 0x3F || bytes[upper - 1] == 0x21) { upper -= 1 }
        while upper > lower, bytes[lower] == 0x28, bytes[upper - 1] == 0x29, closingParen(of: bytes[lower..<upper]) == upper - 1 {
            // `(@MainActor () -> Content)?`: the attributes written inside the parentheses too.
            lower = afterAttributes(bytes, from: lower + 1, to: upper - 1)
            upper -= 1
        }
        let hasParameters = !(upper - lower >= 2 && bytes[lower] == 0x28 && bytes[lower + 1] == 0x29)
        var start = lower
        var i = upper - 2
        while i >= lower {
            if bytes[i] == 0x2D && bytes[i + 1] == 0x3E { start = i + 2; break }
            i -= 1
        }
        var end = upper
        while end > start && (bytes[end - 1] == 0x29 || bytes[end - 1] == 0x3F) { end -= 1 }
        return (hasParameters, String(decoding: bytes[start..<end], as: UTF8.self))
    }

    /// The text's bytes without its spaces, read in place: filtering the string's `utf8` view
    /// went through it byte by byte.
    static func withoutBlanks(_ text: String) -> [UInt8] {
        var text = text
        return text.withUTF8 { $0.filter { $0 != 0x20 } }
    }

    /// The offset past the attributes (`@MainActor @Sendable`) that start `bytes[from..<to]`,
    /// blanks removed. A byte past ASCII is part of a name, as Swift's identifiers allow.
    static func afterAttributes(_ bytes: [UInt8], from: Int, to: Int) -> Int {
        var i = from
        while i < to && bytes[i] == 0x40 {
            i += 1
            while i < to && (bytes[i] >= 0x80 || CharacterClasses.isASCIIWordByte(bytes[i])) { i += 1 }
        }
        return i
    }

    /// The index of the `)` closing the `(` that opens `bytes`.
    static func closingParen(of bytes: ArraySlice<UInt8>) -> Int? {
        var depth = 0
        for index in bytes.indices {
            if bytes[index] == 0x28 { depth += 1 }
            if bytes[index] == 0x29 {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }
}

// MARK: Views compared through their `==`

extension ProjectModel {
    /// The ids of the views some code of the project builds wrapped in `.equatable()` or
    /// `EquatableView(content:)`. SwiftUI compares those with their `==`, which cannot be
    /// synthesised for a type storing a closure: it is written by hand, perhaps where the linted
    /// files do not show it. One set, asked once per file.
    var viewsWrappedInEquatable: Set<Int> {
        fact("closure_input.equatableWrapped", perFile: { equatableWrapped(inFile: $0) }, merge: ProjectModel.mergeUnion)
    }

    func equatableWrapped(inFile f: Int) -> Set<Int> {
        // A file whose bytes spell neither `equatable` nor `EquatableView` has no modifier
        // or call of those names; most files spell neither, and the words found when the file
        // was read tell it without a pass over its bytes (which may be gone by the time this is
        // asked) or a walk of every member's builders and calls. A file that spells only
        // `Equatable` (a conformance, most of those that spell it at all) is not walked either
        // (the walks were 20 M instructions on the 14 apps).
        let file = files[f]
        guard file.mentions(.equatable) || file.mentions(.equatableView) else { return [] }
        var keys: Set<Int> = []
        func record(_ member: Member, owner: TypeInfo?) {
            for expression in member.viewExpressions where expression.hasModifier("equatable") {
                if let name = expression.baseTypeName, let found = resolveType(name, from: owner) { keys.insert(found.id) }
            }
            for call in member.calls where call.name == "EquatableView" {
                guard let content = call.argument("content") ?? call.unlabeledArguments.first,
                      var chain = content.shape.calleeChain else { continue }
                if chain.count > 1 && chain.last == "init" { chain.removeLast() }
                if let found = resolveType(chain.joined(separator: "."), from: owner) { keys.insert(found.id) }
            }
        }
        for (i, decl) in file.types.enumerated() {
            let owner = typeInfo(of: DeclRef(file: f, index: i))
            for member in decl.members where !member.calls.isEmpty { record(member, owner: owner) }
        }
        for member in file.globals where !member.calls.isEmpty { record(member, owner: nil) }
        return keys
    }
}

// MARK: The mechanical fix for builder closures

extension ClosureInput {
    /// The replacement of the view's declaration that stores the views its builders build:
    /// `let content: () -> Content` becomes `let content: Content`, every `content()` becomes
    /// `content`, and the initializer calls the builder (`self.content = content()`), or, when
    /// the view relies on its memberwise initializer, gets one that does. Nil whenever the
    /// change is not certain to compile: a builder used other than by calling it with no
    /// arguments, read outside this declaration, optional, or with a default value; an
    /// initializer that does not assign it from its parameter; a memberwise initializer with
    /// property wrappers or private or untyped properties.
    func builderFix(_ builders: [Member], decl: TypeDecl, view: ProjectModel.TypeInfo,
                    context: RuleContext) -> (range: SourceRange, text: String)? {
        let project = context.project
        let file = context.file
        // Reads in other declarations (an extension in another file) would be left calling a view.
        let builderNames = NameSet(builders.compactMap { NameID.existing($0.name) })
        for (ref, member) in project.members(of: view) where project.declaration(ref) !== decl {
            if !member.reads.isDisjoint(with: builderNames) { return nil }
        }
        var edits: [(range: SourceRange, text: String)] = []
        let names = Set(builders.map(\.name))
        for builder in builders {
            guard builder.initializer == nil, let typeText = builder.typeText, !typeText.hasSuffix("?"),
                  !typeText.hasSuffix("!"), let result = Self.builtType(typeText) else { return nil }
            // `@ViewBuilder let content: () -> Content` → `let content: Content`.
            for attribute in builder.attributes {
                guard attribute.name.hasSuffix("Builder") else { return nil }
                edits.append((SourceRange(start: attribute.range.start, end: Self.skipSpaces(file.source.bytes, attribute.range.end)), ""))
            }
            guard let colon = Self.colonAfter(builder.nameRange.end, in: file.source.bytes, limit: builder.range.end) else { return nil }
            edits.append((SourceRange(start: colon + 1, end: builder.range.end), " " + result))
        }
        // The declaration's own bytes, not its text decoded to a `String`: invalid UTF-8 decodes
        // to a longer replacement character, and the token offsets must index `file.source.bytes`.
        let fileBytes = file.source.bytes
        let end = min(decl.range.end, fileBytes.count)
        let tokens = Lexer.tokenize(SourceFile(path: file.path, bytes: Array(fileBytes[min(decl.range.start, end)..<end]))).tokens
        let base = decl.range.start
        func tokenText(_ i: Int) -> String {
            let t = tokens[i]
            return String(decoding: file.source.bytes[(base + Int(t.textStart))..<(base + Int(t.textEnd))], as: UTF8.self)
        }
        let initializers = decl.members.filter { $0.kind == .initializer }
        var assigned: Set<String> = []
        var i = 0
        while i < tokens.count {
            let t = tokens[i]
            guard t.kind == .identifier, names.contains(tokenText(i)) else { i += 1; continue }
            let start = base + Int(t.textStart)
            let next = i + 1 < tokens.count ? tokens[i + 1].kind : .endOfFile
            let previous = i > 0 ? tokens[i - 1].kind : .endOfFile
            let throughSelf = previous == .period && i >= 2 && tokens[i - 2].kind == .keyword && tokenText(i - 2) == "self"
            if builders.contains(where: { $0.nameRange.start == start }) {
                i += 1  // the declaration itself
            } else if previous == .period && !throughSelf {
                i += 1  // a member of another value
            } else if next == .colon && !throughSelf {
                i += 1  // a parameter or argument label
            } else if next == .leftParen, i + 2 < tokens.count, tokens[i + 2].kind == .rightParen {
                // `content()` → `content`; a trailing closure after it would now be applied to a view.
                if i + 3 < tokens.count, tokens[i + 3].kind == .leftBrace, !tokens[i + 3].isAtStartOfLine { return nil }
                edits.append((SourceRange(start: base + Int(tokens[i + 1].textStart), end: base + Int(tokens[i + 2].textEnd)), ""))
                i += 3
            } else if throughSelf, next == .equal, i + 2 < tokens.count, tokens[i + 2].kind == .identifier,
                      tokenText(i + 2) == tokenText(i),
                      i + 3 >= tokens.count || ![.leftParen, .period, .postfixQuestionMark, .exclamationMark].contains(tokens[i + 3].kind),
                      initializers.contains(where: { $0.range.start <= start && start < $0.range.end }) {
                // `self.content = content` in an initializer → `self.content = content()`.
                edits.append((SourceRange(start: base + Int(tokens[i + 2].textEnd), end: base + Int(tokens[i + 2].textEnd)), "()"))
                assigned.insert(tokenText(i))
                i += 3
            } else {
                return nil
            }
        }
        if !initializers.isEmpty {
            // Every initializer must build the content, or the stored type would not be set.
            guard assigned == names else { return nil }
            for initializer in initializers {
                guard names.allSatisfy({ initializer.writes.contains(NameID.existing($0)) }) else { return nil }
            }
        } else {
            guard project.members(of: view).allSatisfy({ $0.member.kind != .initializer }),
                  let memberwise = memberwiseInitializer(decl: decl, builders: names, file: file) else { return nil }
            edits.append(memberwise)
        }
        edits.sort { $0.range.start > $1.range.start }
        var bytes = Array(file.source.bytes[decl.range.start..<decl.range.end])
        var previousStart = Int.max
        for edit in edits {
            guard edit.range.end <= previousStart else { return nil }  // overlapping edits: give up
            bytes.replaceSubrange((edit.range.start - base)..<(edit.range.end - base), with: Array(edit.text.utf8))
            previousStart = edit.range.start
        }
        return (decl.range, String(decoding: bytes, as: UTF8.self))
    }

    /// The initializer Swift would have synthesised, calling the builders: inserted after the
    /// last stored property.
    func memberwiseInitializer(decl: TypeDecl, builders: Set<String>, file: FileModel) -> (range: SourceRange, text: String)? {
        let stored = decl.members.filter { $0.kind == .storedProperty && !$0.isStatic }
        guard let last = stored.last else { return nil }
        var parameters: [String] = []
        var assignments: [String] = []
        for property in stored {
            if !property.attributes.isEmpty && !builders.contains(property.name) { return nil }
            if property.modifiers.contains("private") || property.modifiers.contains("fileprivate")
                || property.modifiers.contains("lazy") || property.hasObservers { return nil }
            if property.isLet && property.initializer != nil { continue }
            guard let type = property.typeText else { return nil }
            if builders.contains(property.name) {
                parameters.append("@ViewBuilder \(property.name): \(type)")
                assignments.append("self.\(property.name) = \(property.name)()")
                continue
            }
            let escaping = property.isFunctionType && !type.hasSuffix("?") && !type.hasSuffix("!") ? "@escaping " : ""
            let value = file.initializerText(of: property).map { " = \($0)" } ?? (type.hasSuffix("?") && !property.isLet ? " = nil" : "")
            parameters.append("\(property.name): \(escaping)\(type)\(value)")
            assignments.append("self.\(property.name) = \(property.name)")
        }
        let indent = Self.indentation(of: last.range.start, in: file.source.bytes)
        var text = "\n\n\(indent)init(\(parameters.joined(separator: ", "))) {\n"
        for assignment in assignments { text += "\(indent)    \(assignment)\n" }
        text += "\(indent)}"
        return (SourceRange(start: last.range.end, end: last.range.end), text)
    }

    /// `Content` for `() -> Content`, `@MainActor () -> Content`; nil for a closure with parameters.
    static func builtType(_ typeText: String) -> String? {
        let bytes = withoutBlanks(typeText)
        let start = afterAttributes(bytes, from: 0, to: bytes.count)
        guard bytes.count - start > 4, bytes[start] == 0x28, bytes[start + 1] == 0x29, bytes[start + 2] == 0x2D,
              bytes[start + 3] == 0x3E else { return nil }
        let result = bytes[(start + 4)...]
        for i in result.indices.dropLast() where result[i] == 0x2D && result[i + 1] == 0x3E { return nil }
        return String(decoding: result, as: UTF8.self)
    }

    static func skipSpaces(_ bytes: [UInt8], _ offset: Int) -> Int {
        var i = offset
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
        return i
    }

    static func colonAfter(_ offset: Int, in bytes: [UInt8], limit: Int) -> Int? {
        var i = offset
        while i < min(limit, bytes.count) {
            if bytes[i] == 0x3A { return i }
            if bytes[i] != 0x20 && bytes[i] != 0x09 { return nil }
            i += 1
        }
        return nil
    }

    static func indentation(of offset: Int, in bytes: [UInt8]) -> String {
        var lineStart = min(offset, bytes.count)
        while lineStart > 0, bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
        var end = lineStart
        while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
        return String(decoding: bytes[lineStart..<end], as: UTF8.self)
    }
}
