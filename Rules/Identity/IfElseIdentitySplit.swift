import ViewLintCore
import ViewLintModel

/// ## What it does
/// Flags an `if`/`else` in a view builder whose two branches build the same view and differ
/// only in modifiers or modifier arguments.
///
/// ## Why is this bad?
/// In a view builder each branch of an `if` is its own view with its own identity. Flipping the
/// condition removes one view and inserts the other: their `@State` is reset, `onAppear`
/// runs again, and the change animates as a fade between two views instead of a change of one.
///
/// ## Use instead
/// One view whose modifier takes a conditional value: `card.opacity(isDimmed ? 0.4 : 1)`.
public struct IfElseIdentitySplit: Rule {
    public static let description = RuleDescription(
        id: "if_else_identity_split",
        name: "If/else identity split",
        summary: "An if/else builds the same view in both branches, differing only in modifiers, which gives it two identities.",
        rationale: """
            A view builder turns `if condition { A } else { B }` into a conditional view with two slots, and SwiftUI \
            gives each slot its own identity. When both branches build the same view with different modifiers, \
            SwiftUI still sees two different views: when the condition flips, the view in the old branch is \
            removed and a new one is inserted. Its `@State` and the state of everything inside it start over, \
            `onAppear` and `task` run again, and instead of animating the changed property the default \
            transition cross-fades between two copies.

            Keep a single view and move the condition into the modifier's argument: \
            `card.opacity(isDimmed ? 0.4 : 1)` instead of `if isDimmed { card.opacity(0.4) } else { card }`, \
            `.foregroundStyle(isOn ? .yellow : .gray)` instead of two labels. A modifier applied in one branch \
            only usually has a form that takes the condition (`.disabled(flag)`, `.bold(flag)`, \
            `.opacity(flag ? 0 : 1)` for `.hidden()`), and an overlay can hold the `if` inside it.

            Not reported: branches with different base views, more than one view, or `if let`/`if case` \
            bindings; an `if` without `else`; `#if` and `if #available`; differences in `.id`, `.transition`, \
            `matchedGeometryEffect`, `onAppear` or `task` (a new identity is then the point); presentations \
            (`.alert`, `.sheet`), actions and modifiers without a neutral value (`.clipped()`, `.labelsHidden()`, \
            `.animation(nil, value:)`) attached in one branch only; style modifiers such as `.buttonStyle`, \
            whose branches take values of different types; arguments that build different views or shapes; and \
            bodies with an explicit `return`, where no view builder applies.
            """ + "\n\n" + ViewDefinition.documentation + "\n\n"
            + ViewDefinition.scope("the view builders of views and view modifiers (`body`, `@ViewBuilder` members and the content closures they pass)",
                                   notChecked: "scenes, commands and toolbar or table content are built by other result builders, whose identity rules this rule does not model."),
        severity: .warning,
        precision: .high,
        tags: ["identity", "swiftui"],
        triggeringExamples: [
            RuleExample("""
                struct Card: View {
                    let isDimmed: Bool
                    var body: some View {
                        ↓if isDimmed {
                            content.opacity(0.4)
                        } else {
                            content
                        }
                    }
                    var content: some View { Text("Card") }
                }
                """),
            RuleExample("""
                struct Favorite: View {
                    let title: String
                    let isOn: Bool
                    var body: some View {
                        HStack {
                            ↓if isOn {
                                Label(title, systemImage: "star").foregroundStyle(.yellow)
                            } else {
                                Label(title, systemImage: "star").foregroundStyle(.gray)
                            }
                        }
                    }
                }
                """),
            RuleExample("""
                struct Dimmed: ViewModifier {
                    let active: Bool
                    func body(content: Content) -> some View {
                        ↓if active { content.opacity(0.3).disabled(true) } else { content }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct Card: View {
                    let isDimmed: Bool
                    var body: some View {
                        Text("Card").opacity(isDimmed ? 0.4 : 1)
                    }
                }
                """),
            RuleExample("""
                struct Status: View {
                    let user: User?
                    var body: some View {
                        if let user {
                            Text(user.name).bold()
                        } else {
                            Text(placeholder)
                        }
                        if isLoading { ProgressView() } else { Text("Done") }
                        if isLoading { Text("Done").opacity(0.5) }
                    }
                }
                """),
            RuleExample("""
                struct Modern: View {
                    var body: some View {
                        if #available(iOS 17, *) {
                            Text("New").fontDesign(.rounded)
                        } else {
                            Text("New")
                        }
                        #if os(iOS)
                        Text("Phone").padding()
                        #else
                        Text("Phone")
                        #endif
                    }
                }
                """),
            RuleExample("""
                struct Flip: View {
                    @State private var flipped = false
                    var body: some View {
                        if flipped {
                            Text("Card").transition(.scale)
                        } else {
                            Text("Card")
                        }
                        if flipped {
                            Button("Go") {}.buttonStyle(.borderedProminent)
                        } else {
                            Button("Go") {}.buttonStyle(.bordered)
                        }
                    }
                }
                """),
            RuleExample("""
                struct Plain: View {
                    let flag: Bool
                    var body: some View {
                        if flag {
                            return Text("A").bold()
                        } else {
                            return Text("A").bold(false)
                        }
                    }
                }
                """),
        ],
        knownLimits: [
            "Only `if`/`else` with exactly two branches is checked; `else if` chains and `switch` are not.",
            "Arguments are compared as text: branches whose modifier arguments have different types (`.background(Color.red)` and `.background(.thinMaterial)`) are reported although a single modifier needs a type-erased value such as `AnyShapeStyle`.",
        ]
    )

    public init(options: RuleOptions) {}

    public func check(_ context: RuleContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let project = context.project
        for (ref, decl) in context.declarations where decl.kind != .protocol {
            guard let view = project.view(of: ref) else { continue }
            for member in decl.members {
                // A block and whether a result builder applies to it: the builder closures of
                // returned views do, the statements of a plain function returning them do not.
                var stack: [(block: BuilderBlock, isBuilder: Bool)] = []
                if let builder = member.builder {
                    stack.append((builder, !builder.hasReturn))
                } else if let returned = member.returnedViews {
                    stack.append((returned, false))
                }
                var steps = 0
                while let (block, isBuilder) = stack.popLast(), steps < 100_000 {
                    steps += 1
                    for item in block.items {
                        switch item {
                        case .view(let expression):
                            stack.append(contentsOf: expression.contents.map { ($0, !$0.hasReturn) })
                        case .conditional(let conditional):
                            let branchesAreBuilders = isBuilder && conditional.branches.allSatisfy { !$0.block.hasReturn }
                            stack.append(contentsOf: conditional.branches.map { ($0.block, branchesAreBuilders) })
                            if branchesAreBuilders, let differing = split(conditional) {
                                diagnostics.append(diagnostic(conditional, split: differing, view: view,
                                                              member: member))
                            }
                        case .other:
                            break
                        }
                    }
                }
            }
        }
        return diagnostics
    }

    /// How the branches differ: in the arguments of modifiers both have, or in modifiers only
    /// one has (`extraInFirst` tells which).
    struct Split {
        var modifiers: [ModifierCall]
        var isExtra: Bool
        var extraInFirst: Bool
        /// For one modifier with one differing unlabelled argument: the two argument texts.
        var arguments: (String, String)?
    }

    func diagnostic(_ conditional: Conditional, split: Split, view: ProjectModel.TypeInfo,
                    member: Member) -> Diagnostic {
        var names: [String] = []
        for m in split.modifiers where !names.contains(m.name) { names.append(m.name) }
        let list = names.map { "'.\($0)'" }.joined(separator: ", ")
        let what = split.isExtra
            ? "differ only in \(names.count == 1 ? "the modifier" : "the modifiers") \(list) applied in one of them"
            : "differ only in the arguments of \(list)"
        return Diagnostic(
            range: conditional.keywordRange,
            message: "both branches of this 'if' build the same view and \(what); each branch has its own identity, "
                + "so flipping the condition resets the view's state and cross-fades instead of animating; "
                + "keep one view and make the modifier conditional\(hint(conditional, split))",
            symbol: "\(view.qualifiedName).\(member.name):if \(conditional.branches.first?.conditionText ?? "")")
    }

    /// `, e.g. '.opacity(isDimmed ? 0.4 : 1)'` when the fix can be spelled out.
    func hint(_ conditional: Conditional, _ split: Split) -> String {
        var condition = conditional.branches.first?.conditionText ?? "condition"
        if condition.contains(",") { return "" }
        guard split.modifiers.count == 1, let modifier = split.modifiers.first else { return "" }
        if let (a, b) = split.arguments {
            return ", e.g. '.\(modifier.name)(\(condition) ? \(a) : \(b))'"
        }
        guard split.isExtra else { return "" }
        let arguments = modifier.argumentsText
        if modifier.name == "hidden" && arguments == "()" {
            return ", e.g. '.opacity(\(condition) ? \(split.extraInFirst ? "0 : 1" : "1 : 0"))'"
        }
        if !split.extraInFirst {
            condition = condition.contains(" ") ? "!(\(condition))" : "!\(condition)"
        }
        if ["bold", "italic", "strikethrough", "underline"].contains(modifier.name) && arguments == "()" {
            return ", e.g. '.\(modifier.name)(\(condition))'"
        }
        if modifier.name == "disabled" && arguments == "(true)" {
            return ", e.g. '.disabled(\(condition))'"
        }
        return ""
    }

    /// How the branches differ when both build the same view; nil when the `if` is not such a split.
    func split(_ conditional: Conditional) -> Split? {
        guard conditional.kind == .if, conditional.hasElse, conditional.branches.count == 2 else { return nil }
        var views: [ViewExpression] = []
        for branch in conditional.branches {
            guard !branch.bindsNames, !branch.isAvailabilityCheck, !branch.block.hasReturn,
                  branch.block.items.count == 1, case .view(let view) = branch.block.items[0],
                  !view.hasConditionalCompilation else { return nil }
            views.append(view)
        }
        let (a, b) = (views[0], views[1])
        guard a.baseText == b.baseText else { return nil }
        if a.modifiers.map(\.name) == b.modifiers.map(\.name) {
            let pairs = zip(a.modifiers, b.modifiers).filter { $0.argumentsText != $1.argumentsText }
            guard !pairs.isEmpty, pairs.allSatisfy({ mergeable($0, $1) }) else { return nil }
            var arguments: (String, String)? = nil
            if pairs.count == 1, pairs[0].0.arguments.count == 1, pairs[0].0.arguments[0].label == nil,
               pairs[0].0.trailingClosures == 0 {
                arguments = (pairs[0].0.arguments[0].text, pairs[0].1.arguments[0].text)
            }
            return Split(modifiers: pairs.map(\.0), isExtra: false, extraInFirst: false, arguments: arguments)
        }
        let firstIsLonger = a.modifiers.count > b.modifiers.count
        let (short, long) = firstIsLonger ? (b, a) : (a, b)
        guard let extra = extraModifiers(short.modifiers, in: long.modifiers), !extra.isEmpty,
              extra.allSatisfy({ canBeMadeConditional($0) }) else { return nil }
        return Split(modifiers: extra, isExtra: true, extraInFirst: firstIsLonger, arguments: nil)
    }

    /// The modifiers of `long` that are not in `short`, when `short` appears in `long` in order
    /// with the same arguments; nil otherwise.
    func extraModifiers(_ short: [ModifierCall], in long: [ModifierCall]) -> [ModifierCall]? {
        var extra: [ModifierCall] = []
        var i = 0
        for m in long {
            if i < short.count && short[i].name == m.name && short[i].argumentsText == m.argumentsText {
                i += 1
            } else {
                extra.append(m)
            }
        }
        return i == short.count ? extra : nil
    }

    /// Can a modifier found in one branch only be applied in both with a value that depends on
    /// the condition? Not for identity, presentation and typed style modifiers, not for
    /// modifiers without a neutral value (`.clipped()`), and not for closures other than
    /// content that can hold the condition (`.overlay { if c { ... } }`).
    func canBeMadeConditional(_ m: ModifierCall) -> Bool {
        if isSpecial(m.name) || KnownNames.modifiersWithoutNeutralValue.contains(m.name) { return false }
        let hasClosure = m.trailingClosures > 0 || m.arguments.contains { $0.shape == .closure }
        return !hasClosure || KnownNames.contentModifiers.contains(m.name)
    }

    func isSpecial(_ name: String) -> Bool {
        KnownNames.identityModifiers.contains(name) || KnownNames.presentationModifiers.contains(name)
            || KnownNames.isTypedStyleModifier(name)
    }

    /// Could one call with a conditional argument replace the two? Same labels, no closures
    /// (content of other types, actions), no identity, presentation or typed style modifiers,
    /// and no arguments that build different types (`Circle()` and `Capsule()`).
    func mergeable(_ x: ModifierCall, _ y: ModifierCall) -> Bool {
        if isSpecial(x.name) { return false }
        if x.trailingClosures > 0 || y.trailingClosures > 0 { return false }
        guard x.arguments.map(\.label) == y.arguments.map(\.label) else { return false }
        for (p, q) in zip(x.arguments, y.arguments) where p.text != q.text {
            if p.shape == .closure || q.shape == .closure { return false }
            let built = (constructedType(p.shape), constructedType(q.shape))
            if (built.0 != nil || built.1 != nil) && built.0 != built.1 { return false }
        }
        return true
    }

    /// `Circle` for `Circle()` or `Circle().fill(.red)`: a view or style built in the argument.
    func constructedType(_ shape: ExprShape) -> String? {
        var current = shape
        for _ in 0..<16 {
            switch current {
            case .call(.identifier(let name), _, _) where name.first?.isUppercase == true:
                return name
            case .call(.member(let base?, _), _, _):
                current = base
            case .member(let base?, _):
                current = base
            default:
                return nil
            }
        }
        return nil
    }

}
