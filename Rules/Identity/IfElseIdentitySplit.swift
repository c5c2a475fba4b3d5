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

            The closures a project passes to its own modifier helpers are view builders too when the helper's \
            closure parameter is `@ViewBuilder` (`.applying { if isTurn { $0.zIndex(1) } else { $0.opacity(0.4) } }`, \
            `.if(condition) { view in ... }`): the `if` there splits the view the same way. Both branches may also \
            each add modifiers of their own (`$0.zIndex(1)` and `$0.opacity(0.4)`): one view takes both with \
            values that depend on the condition.

            Not reported: branches with different base views, more than one view, or `if let`/`if case` \
            bindings; an `if` without `else`; `#if` and `if #available`; differences in `.id`, `.transition`, \
            `matchedGeometryEffect`, `onAppear` or `task` (a new identity is then the point); presentations \
            (`.alert`, `.sheet`), actions and modifiers without a neutral value (`.clipped()`, `.labelsHidden()`, \
            `.animation(nil, value:)`) attached in one branch only; style modifiers such as `.buttonStyle`, \
            whose branches take values of different types; arguments that build different views or shapes; and \
            bodies with an explicit `return`, where no view builder applies; closures of helpers the project does \
            not declare, or whose closure parameter is not `@ViewBuilder` (an `if` there is an `if` expression of \
            one type, and one identity).
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
            RuleExample("""
                extension View {
                    func applying<V: View>(@ViewBuilder _ transform: (Self) -> V) -> some View { transform(self) }
                }
                struct Score: View {
                    let isPlayerTurn: Bool
                    var body: some View {
                        Text("12").applying {
                            ↓if isPlayerTurn { $0.zIndex(1) } else { $0.opacity(0.4) }
                        }
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
            "How long a condition keeps its value is not known: an `if`/`else` on a value that cannot change while the view lives (a widget's `widgetFamily`, a device-size flag computed once) is reported, although its two identities never swap there. Suppress the finding on such a line.",
            "A project's own modifier added in one branch only (`.subtleShadow()`, `.foreground(gradient)`) is reported like SwiftUI's, although it may have no neutral value: making it conditional can then need a parameter on the helper.",
            "Closures of the project's helpers count as view builders only when every overload of that name declares the matching closure parameter `@ViewBuilder`; helpers from packages outside the linted project are not known.",
            "Arguments are compared as text: branches whose modifier arguments have different types (`.background(Color.red)` and `.background(.thinMaterial)`) are reported although a single modifier needs a type-erased value such as `AnyShapeStyle`.",
            "Fix (safe): replaces the `if`/`else` with one view. When both branches have the same modifiers, each differing argument becomes `condition ? first : second`; when one branch adds one modifier with a known inert value (`opacity` 1, `saturation` 1, `scaleEffect` 1 and `padding` 0 for a number, `blur(radius:)` 0, `offset` `.zero` or 0, `disabled` false), that modifier is kept with `condition ? value : inert` (`.disabled(condition)` for `.disabled(true)`). Not offered for conditions with several clauses, `try` or `await`, for branches with comments outside the kept view, for views holding multi-line strings, or when the two arguments may have different types (variables, mixed literals, implicit members of a generic `ShapeStyle` other than colors): the finding then only describes the change.",
        ]
    )

    public init(options: RuleOptions) {}

    public func check(_ context: RuleContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let project = context.project
        let source = context.file.source
        // One stack for every member of the file, emptied between members with its capacity
        // kept: made per member, it grew from nothing (three allocations) for each one walked.
        var stack: [(block: BuilderBlock, isBuilder: Bool)] = []
        stack.reserveCapacity(16)
        for (ref, decl) in context.declarations where decl.kind != .protocol {
            guard let view = project.view(of: ref) else { continue }
            // Read in place, by index, through the inlinable `buildsViews`: iterating retained
            // and released every member, most of which build nothing.
            let members = decl.members
            for m in members.indices where members[m].buildsViews {
                let member = members[m]
                // A finding is an `if` with an `else`, spelled in the member's own text: a member
                // that spells no `else` (most helpers and rows, and members whose `if`s have
                // none) is not walked. One search of its bytes costs less than the walk of its
                // views.
                guard source.mentions("else", within: member.range.start..<member.range.end) else { continue }
                func check(_ conditional: Conditional) {
                    guard let differing = split(conditional) else { return }
                    var found = diagnostic(conditional, split: differing, view: view, member: member)
                    found.fixes = [merge(conditional, differing, file: context.file)]
                    diagnostics.append(found)
                }
                // `member.builderConditionals` whose branches are builders, found in one pass over
                // each block's items: walked with `forEachBuilderBlock`, the items were read twice,
                // once by the walk for the blocks below and once here for the `if`s (the same
                // blocks, in the same order). The same pass tells whether any modifier takes a
                // helper's closure: the helpers' walk below meets no other block first, so without
                // one it would find nothing.
                var passesHelperClosures = false
                stack.removeAll(keepingCapacity: true)
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
                            for content in expression.contents { stack.append((content, !content.hasReturn)) }
                            if !passesHelperClosures { passesHelperClosures = expression.modifiers.contains { !$0.helperContents.isEmpty } }
                        case .conditional(let conditional):
                            let branchesAreBuilders = isBuilder && conditional.branches.allSatisfy { !$0.block.hasReturn }
                            if branchesAreBuilders { check(conditional) }
                            for branch in conditional.branches { stack.append((branch.block, branchesAreBuilders)) }
                        case .other:
                            break
                        }
                    }
                }
                // Closures passed to the project's own `@ViewBuilder` helpers are view builders too.
                if !passesHelperClosures { continue }
                for (conditional, branchesAreBuilders) in project.helperBuilderConditionals(of: member) where branchesAreBuilders {
                    check(conditional)
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
        /// The two branches' views.
        var views: (ViewExpression, ViewExpression)
        /// Each branch adds modifiers of its own (`modifiers` lists the first's, then the second's).
        var extraInBoth: Bool = false
    }

    func diagnostic(_ conditional: Conditional, split: Split, view: ProjectModel.TypeInfo,
                    member: Member) -> Diagnostic {
        var names: [String] = []
        for m in split.modifiers where !names.contains(m.name) { names.append(m.name) }
        let list = names.map { "'.\($0)'" }.joined(separator: ", ")
        let what = split.extraInBoth
            ? "differ only in the modifiers \(list), each applied in one of them"
            : split.isExtra
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

    // MARK: Fix

    /// One view instead of the `if`: the kept branch's view (the longer one when a modifier is
    /// extra), with the differing arguments made conditional. Only advice when the merge
    /// could change the code's meaning or lose a comment.
    func merge(_ conditional: Conditional, _ split: Split, file: FileModel) -> Fix {
        let advice = Fix(summary: "keep one view and make the modifier's arguments depend on the condition")
        guard var condition = conditional.branches.first?.conditionText, !condition.isEmpty,
              !condition.contains(","), !condition.contains("…#"), !condition.contains("try "), !condition.contains("await ")
        else { return advice }
        if condition.contains("?") { condition = "(\(condition))" }
        let (a, b) = split.views
        let keep = split.isExtra && !split.extraInFirst ? b : a
        for comment in file.comments
        where comment.lowerBound < conditional.range.end && comment.upperBound > conditional.range.start
            && !(comment.lowerBound >= keep.range.start && comment.upperBound <= keep.range.end) {
            return advice
        }
        func text(_ r: SourceRange) -> String { file.text(r) }
        func operand(_ r: SourceRange) -> String {
            let t = text(r)
            return t.contains("?") || t.contains("=") ? "(\(t))" : t
        }
        var replacements: [(range: SourceRange, text: String)] = []
        if !split.isExtra {
            for (x, y) in zip(a.modifiers, b.modifiers) where x.argumentsText != y.argumentsText {
                guard x.arguments.count == y.arguments.count, x.trailingClosures == 0, y.trailingClosures == 0 else { return advice }
                for (p, q) in zip(x.arguments, y.arguments) where p.text != q.text {
                    guard surelyOneType(p.shape, q.shape, modifier: x.name) else { return advice }
                    replacements.append((p.range, "\(condition) ? \(operand(p.range)) : \(operand(q.range))"))
                }
            }
        } else {
            guard split.modifiers.count == 1, let modifier = split.modifiers.first,
                  let inert = inertArguments(modifier) else { return advice }
            for (index, inertText) in inert {
                let argument = modifier.arguments[index]
                let value = operand(argument.range)
                if modifier.name == "disabled" && value == "true" {
                    let negated = condition.contains(" ") ? "!(\(condition))" : "!\(condition)"
                    replacements.append((argument.range, split.extraInFirst ? condition : negated))
                } else {
                    let (whenTrue, whenFalse) = split.extraInFirst ? (value, inertText) : (inertText, value)
                    replacements.append((argument.range, "\(condition) ? \(whenTrue) : \(whenFalse)"))
                }
            }
        }
        guard !replacements.isEmpty,
              replacements.allSatisfy({ $0.range.start >= keep.range.start && $0.range.end <= keep.range.end }) else { return advice }
        // The kept view with its arguments replaced, back to front.
        var bytes = Array(file.source.bytes[keep.range.start..<keep.range.end])
        for r in replacements.sorted(by: { $0.range.start > $1.range.start }) {
            bytes.replaceSubrange((r.range.start - keep.range.start)..<(r.range.end - keep.range.start), with: Array(r.text.utf8))
        }
        var merged = String(decoding: bytes, as: UTF8.self)
        if merged.contains("\"\"\"") { return advice }
        // The view moves out of its branch: one level less of indentation on its later lines.
        let viewIndent = EditRanges.indentation(ofLineAt: keep.range.start, in: file.source)
        let ifIndent = EditRanges.indentation(ofLineAt: conditional.range.start, in: file.source)
        if viewIndent.count > ifIndent.count && viewIndent.hasPrefix(ifIndent) && merged.contains("\n") {
            let lines = merged.split(separator: "\n", omittingEmptySubsequences: false)
            merged = ([String(lines[0])] + lines.dropFirst().map { line in
                line.hasPrefix(viewIndent) ? ifIndent + line.dropFirst(viewIndent.count) : String(line)
            }).joined(separator: "\n")
        }
        return Fix(summary: "replace the 'if' with one view whose modifier arguments depend on the condition",
                   edits: [TextEdit(range: conditional.range, text: merged)])
    }

    /// Do both arguments have one type, so that `condition ? p : q` compiles? Literals of one
    /// kind, the same type built or named (`Color.red`, `Color(white: 0.5)`), or implicit members
    /// where the parameter has one concrete type, or are all colors. Variables and mixed shapes
    /// may differ in type (`Color` and `Material` for a `ShapeStyle`): then only advice.
    func surelyOneType(_ p: ExprShape, _ q: ExprShape, modifier: String) -> Bool {
        switch (p, q) {
        case (.integer, .integer), (.float, .float), (.integer, .float), (.float, .integer),
             (.boolean, .boolean), (.string, .string):
            return true
        case (.member(nil, let a), .member(nil, let b)):
            return Self.concreteParameterModifiers.contains(modifier)
                || (Self.colorNames.contains(a) && Self.colorNames.contains(b))
        case (.member(let a?, _), .member(let b?, _)):
            return a.nameChain != nil && a.nameChain == b.nameChain && a.nameChain?.first?.first?.isUppercase == true
        default:
            let built = (p.builtTypeName, q.builtTypeName)
            return built.0 != nil && built.0 == built.1
        }
    }

    /// Modifiers whose argument has one concrete type, so `.a` and `.b` are members of it.
    static let concreteParameterModifiers: Set<String> = [
        "font", "fontWeight", "fontDesign", "fontWidth", "foregroundColor", "multilineTextAlignment", "textCase",
        "imageScale", "symbolRenderingMode", "controlSize", "truncationMode", "lineLimit", "frame", "dynamicTypeSize",
    ]

    /// Static members of `Color` that `ShapeStyle` contexts also resolve to `Color`.
    static let colorNames: Set<String> = [
        "red", "orange", "yellow", "green", "mint", "teal", "cyan", "blue", "indigo", "purple", "pink", "brown",
        "white", "gray", "black", "clear", "accentColor",
    ]

    /// The arguments of a modifier applied in one branch only that can take a value under
    /// which the modifier does nothing, with that value; nil when there is none the rule knows.
    /// Numbers only where another overload takes a value of another type (`padding` also takes
    /// `EdgeInsets`, `scaleEffect` a `CGSize`).
    func inertArguments(_ m: ModifierCall) -> [(Int, String)]? {
        guard m.trailingClosures == 0 else { return nil }
        let args = m.arguments
        func isNumber(_ a: Argument) -> Bool {
            switch a.shape {
            case .integer, .float: return true
            default: return false
            }
        }
        switch m.name {
        case "opacity", "saturation":
            return args.count == 1 && args[0].isUnlabeled ? [(0, "1")] : nil
        case "scaleEffect":
            guard args.count >= 1, args[0].isUnlabeled, isNumber(args[0]),
                  args.dropFirst().allSatisfy({ $0.label == "anchor" }) else { return nil }
            return [(0, "1")]
        case "blur":
            guard let radius = args.firstIndex(where: { $0.label == "radius" }) else { return nil }
            return [(radius, "0")]
        case "padding":
            if args.count == 1 && args[0].isUnlabeled && isNumber(args[0]) { return [(0, "0")] }
            if args.count == 2 && args[0].isUnlabeled && args[1].isUnlabeled && isNumber(args[1]) { return [(1, "0")] }
            return nil
        case "offset":
            if args.count == 1 && args[0].isUnlabeled { return [(0, ".zero")] }
            let labeled = args.enumerated().filter { $0.element.label == "x" || $0.element.label == "y" }
            return !labeled.isEmpty && labeled.count == args.count ? labeled.map { ($0.offset, "0") } : nil
        case "disabled":
            return args.count == 1 && args[0].isUnlabeled ? [(0, "false")] : nil
        default:
            return nil
        }
    }

    /// How the branches differ when both build the same view; nil when the `if` is not such a split.
    func split(_ conditional: Conditional) -> Split? {
        guard conditional.kind == .if, conditional.hasElse, conditional.branches.count == 2,
              let a = soleView(conditional.branches[0]), let b = soleView(conditional.branches[1]),
              a.hasSameBaseText(as: b) else { return nil }
        if a.modifiers.map(\.name) == b.modifiers.map(\.name) {
            let pairs = zip(a.modifiers, b.modifiers).filter { $0.argumentsText != $1.argumentsText }
            guard !pairs.isEmpty, pairs.allSatisfy({ mergeable($0, $1) }) else { return nil }
            var arguments: (String, String)? = nil
            if pairs.count == 1, pairs[0].0.arguments.count == 1, pairs[0].0.arguments[0].isUnlabeled,
               pairs[0].0.trailingClosures == 0 {
                arguments = (pairs[0].0.arguments[0].text, pairs[0].1.arguments[0].text)
            }
            return Split(modifiers: pairs.map(\.0), isExtra: false, extraInFirst: false, arguments: arguments, views: (a, b))
        }
        let firstIsLonger = a.modifiers.count > b.modifiers.count
        let (short, long) = firstIsLonger ? (b, a) : (a, b)
        if let extra = extraModifiers(short.modifiers, in: long.modifiers) {
            guard !extra.isEmpty, extra.allSatisfy({ canBeMadeConditional($0) }) else { return nil }
            return Split(modifiers: extra, isExtra: true, extraInFirst: firstIsLonger, arguments: nil, views: (a, b))
        }
        // Each branch adds its own modifiers (`$0.zIndex(1)` and `$0.opacity(0.4)`): both can be
        // applied to one view with values that depend on the condition.
        // Only modifiers with a known neutral value: a chain that differs in calls of other
        // names (`set.remove(id)` and `set.insert(id)` in a closure taken for content) is not
        // known to be two versions of one view.
        let (onlyA, onlyB) = unsharedModifiers(a.modifiers, b.modifiers)
        guard !onlyA.isEmpty, !onlyB.isEmpty,
              (onlyA + onlyB).allSatisfy({ canBeMadeConditional($0) && hasNeutralValue($0) }) else { return nil }
        for x in onlyA {
            if let y = onlyB.first(where: { $0.name == x.name }), !mergeable(x, y) { return nil }
        }
        return Split(modifiers: onlyA + onlyB, isExtra: true, extraInFirst: true, arguments: nil, views: (a, b),
                     extraInBoth: true)
    }

    /// The one view a branch builds, when it binds no names, checks no availability, returns
    /// nothing and compiles the same under every `#if`; nil otherwise.
    func soleView(_ branch: Branch) -> ViewExpression? {
        guard !branch.bindsNames, !branch.isAvailabilityCheck, !branch.block.hasReturn,
              branch.block.items.count == 1, case .view(let view) = branch.block.items[0],
              !view.hasConditionalCompilation else { return nil }
        return view
    }

    /// Modifiers that a value makes a no-op (`opacity(1)`, `zIndex(0)`, `padding(0)`).
    func hasNeutralValue(_ m: ModifierCall) -> Bool {
        ["zIndex", "rotationEffect", "brightness", "contrast", "grayscale", "hueRotation", "shadow"].contains(m.name)
            || inertArguments(m) != nil
    }

    /// The modifiers of each chain outside their longest common subsequence (same name and
    /// arguments); chains are short, the table is at most 32 by 32.
    func unsharedModifiers(_ a: [ModifierCall], _ b: [ModifierCall]) -> ([ModifierCall], [ModifierCall]) {
        guard a.count <= 32, b.count <= 32 else { return ([], []) }
        func same(_ x: ModifierCall, _ y: ModifierCall) -> Bool { x.name == y.name && x.argumentsText == y.argumentsText }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = same(a[i], b[j]) ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var onlyA: [ModifierCall] = []
        var onlyB: [ModifierCall] = []
        var (i, j) = (0, 0)
        while i < a.count && j < b.count {
            if same(a[i], b[j]) { i += 1; j += 1 }
            else if table[i + 1][j] >= table[i][j + 1] { onlyA.append(a[i]); i += 1 }
            else { onlyB.append(b[j]); j += 1 }
        }
        onlyA += a[i...]
        onlyB += b[j...]
        return (onlyA, onlyB)
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
            let built = (p.shape.builtTypeName, q.shape.builtTypeName)
            if (built.0 != nil || built.1 != nil) && built.0 != built.1 { return false }
        }
        return true
    }
}
