import ViewLintCore
import ViewLintModel
import ViewLintSyntax

/// ## What it does
/// Flags type erasure in views: `AnyView(...)` in a view builder, helpers that wrap a view in
/// `AnyView` (`.eraseToAnyView()`), and members of a view that return `AnyView`.
///
/// ## Why is this bad?
/// SwiftUI diffs views by their types. `AnyView` hides the type, so when the wrapped view's
/// type changes SwiftUI cannot tell what stayed: it tears down and rebuilds the subtree, losing
/// state and animations, and it must compare through the erasure on every update.
///
/// ## Use instead
/// `@ViewBuilder` (an `if`/`switch` keeps each branch's type), `some View`, or a generic.
public struct AnyViewUsage: Rule {
    public static let description = RuleDescription(
        id: "any_view",
        name: "AnyView in a view",
        summary: "A view erases a view's type with `AnyView`, which hides its structure from SwiftUI's diffing.",
        rationale: """
            SwiftUI compares a view's new body with the old one by structure: the type of each view says which \
            parts can change and how, and an `if`/`else` or `switch` in a view builder keeps one type per branch \
            so SwiftUI knows which branch is shown. `AnyView` erases that type. When the view inside changes \
            from one type to another, SwiftUI sees only "some other view": it destroys the old subtree with its \
            `@State`, focus and scroll position, builds the new one and cannot animate between them; when the \
            type is the same, it still has to look through the erasure on every update.

            Build the alternatives in a `@ViewBuilder` function or property (`if`/`switch` with a view per \
            branch), return `some View`, or make a container generic over its content \
            (`struct Card<Content: View>`).

            Reported: `AnyView(...)` in a view's builder or in a member of a view that returns views, a call of \
            `.eraseToAnyView()` or of a project `View` extension method that returns `AnyView`, and a computed \
            property or function of a view declared to return `AnyView` (reported once, at its name).

            Not reported: `AnyView` as a type argument or stored property (`UIHostingController<AnyView>`, \
            `let content: AnyView`, `[AnyView]`), `AnyView` in code that does not build views (UIKit \
            controllers, factories outside views), in the closure of a project view (`Container(empty: { \
            AnyView(...) })`, whose parameter type asks for it), and the helper's own declaration.
            """,
        severity: .warning,
        precision: .high,
        tags: ["performance", "identity", "swiftui"],
        triggeringExamples: [
            RuleExample("""
                struct Detail: View {
                    let isEditing: Bool
                    var body: some View {
                        if isEditing {
                            ↓AnyView(EditorView())
                        } else {
                            Text("Read only").↓eraseToAnyView()
                        }
                    }
                }
                """),
            RuleExample("""
                struct Router: View {
                    let route: Route
                    var body: some View { destination }
                    var ↓destination: AnyView {
                        switch route {
                        case .home: return AnyView(HomeView())
                        case .settings: return AnyView(SettingsView())
                        }
                    }
                }
                """),
            RuleExample("""
                struct Badge: View {
                    let isCompact: Bool
                    var body: some View {
                        if isCompact {
                            ↓SwiftUI.AnyView(Image(systemName: "star"))
                        } else {
                            ↓AnyView.init(Label("Starred", systemImage: "star"))
                        }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct Router: View {
                    let route: Route
                    var body: some View { destination }
                    @ViewBuilder var destination: some View {
                        switch route {
                        case .home: HomeView()
                        case .settings: SettingsView()
                        }
                    }
                }
                """),
            RuleExample("""
                final class HostController: UIHostingController<AnyView> {
                    init(content: some View) { super.init(rootView: AnyView(content)) }
                }
                struct Slot: View {
                    let content: AnyView
                    let pages: [AnyView]
                    var body: some View { content }
                }
                extension View {
                    func eraseToAnyView() -> AnyView { AnyView(self) }
                }
                """),
            RuleExample("""
                protocol Step {
                    func description(units: Int) -> any View
                }
                struct StepDetail<S: Step>: View {
                    let step: S
                    let content: (S) -> any View
                    var body: some View {
                        VStack {
                            step.description(units: 1).eraseToAnyView()
                            AnyView(content(step))
                        }
                    }
                }
                """),
        ],
        knownLimits: [
            "Members of types that are not views (routers, factories) returning `AnyView` are not reported, though their result may end up in a view: they are often where UIKit hosting needs the erasure.",
            "An erasure of a value declared `any View` (`step.description().eraseToAnyView()` where `func description() -> any View`, `AnyView(content(item))` where `let content: (Item) -> any View`) is not reported: it is forced there, and the choice was made where the type is declared. Where the value's receiver has no project type (a generic parameter, a closure parameter), every declaration of the name in the project is read, and all of them must be `any View`; a same-named function outside the project would then go unreported. A value whose type is not written (a local, or a chain read through one) is reported. A closure's parameter named like a property or parameter of the member (`ForEach(rows) { content in AnyView(content) }` in a view with `let content: any View`) is taken for it, and not reported.",
            "An `AnyView` passed as an argument (`NavigationLink(destination: AnyView(...))`, `.background(AnyView(...))`) is not reported.",
        ]
    )

    public init(options: RuleOptions) {}

    public func check(_ context: RuleContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let project = context.project
        // Every finding spells `AnyView` in this file (a type, a call, `eraseToAnyView`) unless
        // the project has an eraser named otherwise: then the file is walked whatever it spells.
        guard context.file.mentions(.anyView) || Self.hasEraserNamedOtherwise(project) else { return [] }
        let erasers = Self.erasingHelpers(project)
        for (ref, decl) in context.declarations {
            guard let owner = project.typeInfo(of: ref) else { continue }
            // `extension View { func eraseToAnyView() -> AnyView }` is the helper, not a view.
            let isView = project.isView(owner) && owner.isDeclaredInProject && owner.kind != .protocol
            for member in decl.members where !member.isStatic {
                if Self.returnsAnyView(member) && !isView { continue }
                if isView, Self.returnsAnyView(member) {
                    diagnostics.append(Diagnostic(
                        range: member.nameRange,
                        message: "'\(member.name)' of '\(decl.name)' returns AnyView, which hides the views' types from SwiftUI's diffing; return 'some View' from a @ViewBuilder (an if or switch keeps each branch's type)",
                        symbol: "\(owner.qualifiedName).\(member.name):AnyView"))
                    continue
                }
                guard isView || member.builder != nil, let block = BodyQueries.viewBlock(of: member) else { continue }
                let scope = ExpressionScope(project: project, owner: owner, member: member)
                BodyQueries.forEachView(in: block) { view, _ in
                    let anyViewCall = Self.anyViewCallRange(view)
                    // Names read in place: a modifier copied out of the list retains each of its fields.
                    let modifiers = view.modifiers
                    guard anyViewCall != nil || modifiers.indices.contains(where: { erasers.contains(modifiers[$0].name) }) else {
                        return
                    }
                    // In a project view's closure (`emptyView: { AnyView(...) }`) the erasure is
                    // what that parameter's type asks for: an argument, not a choice of this view.
                    guard BodyQueries.runsWithBody(view.baseRange, in: member, block: block) else { return }
                    if let anyViewCall, !Self.isExistentialView(Self.erasedByCall(view), in: scope) {
                        diagnostics.append(Diagnostic(
                            range: anyViewCall,
                            message: "'AnyView' in '\(member.name)' erases the view's type, so SwiftUI cannot diff it and rebuilds it when the content changes; use @ViewBuilder with an if or switch",
                            symbol: "\(owner.qualifiedName).\(member.name):AnyView"))
                    }
                    for (i, modifier) in view.modifiers.enumerated() where Self.isErasure(modifier, erasers)
                        && !Self.isExistentialView(Self.erased(byModifierAt: i, of: view), in: scope) {
                        diagnostics.append(Diagnostic(
                            range: modifier.nameRange,
                            message: "'.\(modifier.name)()' in '\(member.name)' wraps the view in AnyView, so SwiftUI cannot diff it and rebuilds it when the content changes; use @ViewBuilder with an if or switch",
                            symbol: "\(owner.qualifiedName).\(member.name):\(modifier.name)"))
                    }
                }
            }
        }
        return diagnostics
    }

    /// Where a view's base is a call of `AnyView`: `AnyView(...)`, or the same type spelled
    /// `SwiftUI.AnyView(...)` or `AnyView.init(...)` (then its callee as written).
    static func anyViewCallRange(_ view: ViewExpression) -> SourceRange? {
        guard let chain = view.baseCallee else { return nil }
        if chain.count == 1 && chain[0] == "AnyView" {
            return SourceRange(start: view.baseRange.start, end: view.baseRange.start + 7)
        }
        return view.baseTypeName == "AnyView" ? view.baseCalleeRange : nil
    }

    /// Is `erased` declared `any View` (or `(any View)?`) where the project declares it: a
    /// function's result, a property, a closure property's result? Then the erasure is forced
    /// here (an existential cannot be placed in a builder unwrapped), and the choice to erase was
    /// made where that type is declared. Unknown is not existential: the erasure is reported.
    static func isExistentialView(_ erased: ExprShape?, in scope: ExpressionScope) -> Bool {
        guard let erased, let text = scope.declaredResultTypeText(of: erased) else { return false }
        var t = text.utf8[...]
        while let last = t.last, last == 0x3F || last == 0x21 || last == 0x20 { t = t.dropLast() }
        while t.first == 0x28 && t.last == 0x29 { t = t.dropFirst().dropLast() }
        return t.elementsEqual("any View".utf8) || t.elementsEqual("any SwiftUI.View".utf8)
    }

    /// What `AnyView(x)` (or `AnyView(erasing: x)`) erases: `x`.
    static func erasedByCall(_ view: ViewExpression) -> ExprShape? {
        let arguments = view.baseArguments
        guard arguments.count == 1, arguments[0].isUnlabeled || arguments[0].label == "erasing" else { return nil }
        switch arguments[0].shape {
        case .forceUnwrap(let inner), .optionalChain(let inner): return inner
        case let shape: return shape
        }
    }

    /// What the modifier at `index` of `view` erases: the base and the modifiers before it
    /// (`step.description(units: u)` in `step.description(units: u).eraseToAnyView()`); nil for
    /// a base that is neither a call of a name nor a name.
    static func erased(byModifierAt index: Int, of view: ViewExpression) -> ExprShape? {
        var shape: ExprShape
        if let callee = view.baseCallee {
            guard let calleeShape = ExprShape(nameChain: callee) else { return nil }
            shape = .call(callee: calleeShape, arguments: view.baseArguments, trailingClosures: 0)
        } else {
            // `header?.eraseToAnyView()`, `header!.eraseToAnyView()`: the optional's value.
            var text = Substring(view.baseText)
            if let last = text.utf8.last, last == 0x3F || last == 0x21 { text = text.dropLast() }
            // `.placeholder` or `a..b` is no chain of names.
            let names = text.split(separator: ".", omittingEmptySubsequences: false)
            guard text.utf8.allSatisfy({ CharacterClasses.isNameByte($0) || $0 == 0x2E || $0 == 0x24 }),
                  !names.contains(where: \.isEmpty), let chain = ExprShape(nameChain: names.map(String.init)) else { return nil }
            shape = chain
        }
        for modifier in view.modifiers.prefix(index) {
            shape = .call(callee: .member(base: shape, name: modifier.name), arguments: modifier.arguments,
                          trailingClosures: modifier.trailingClosures)
        }
        return shape
    }

    /// An eraser modifier as called to erase (`.eraseToAnyView()`): one of `erasers`, without
    /// arguments (a modifier of that name that takes any is another function).
    static func isErasure(_ modifier: ModifierCall, _ erasers: Set<String>) -> Bool {
        erasers.contains(modifier.name) && modifier.arguments.isEmpty && modifier.trailingClosures == 0
    }

    static func returnsAnyView(_ member: Member) -> Bool {
        guard member.kind == .computedProperty || member.kind == .function, let type = member.typeText else { return false }
        return KnownNames.stripModule(type) == "AnyView"
    }

    /// Does some eraser's name not spell `AnyView`? Once per run: by `String.contains`, asking
    /// it for every file cost more than the rest of the rule.
    static func hasEraserNamedOtherwise(_ project: ProjectModel) -> Bool {
        project.fact("anyView.eraserNamedOtherwise") { erasingHelpers(project).contains { !$0.contains("AnyView") } }
    }

    /// `eraseToAnyView`, and every method the project adds to `View` that takes no arguments
    /// and returns `AnyView`.
    static func erasingHelpers(_ project: ProjectModel) -> Set<String> {
        project.fact("anyView.erasingHelpers") { () -> Set<String> in
            var names: Set<String> = ["eraseToAnyView"]
            for file in project.files {
                for decl in file.types where decl.kind == .extension && KnownNames.isViewProtocolName(decl.name) {
                    for member in decl.members where member.kind == .function && member.parameters.isEmpty
                        && returnsAnyView(member) {
                        names.insert(member.name)
                    }
                }
            }
            return names
        }
    }
}
