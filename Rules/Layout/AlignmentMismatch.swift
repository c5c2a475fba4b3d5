import ViewLintCore
import ViewLintModel

/// ## What it does
/// Flags `.alignmentGuide(g) { ... }` on a child of a stack that never asks for `g`: a vertical
/// guide in a `VStack`, a horizontal one in an `HStack`, or a guide for another alignment than
/// the stack's (`.bottom` in `ZStack(alignment: .top)`, `.top` in a default `HStack`).
///
/// ## Why is this bad?
/// A stack consults one guide of its children: the one its `alignment` names, on its cross axis.
/// Any other guide is computed for nothing, and the view does not move.
///
/// ## Use instead
/// A guide for the stack's alignment (`.alignmentGuide(.leading)` in `VStack(alignment: .leading)`),
/// or change the stack's alignment.
public struct AlignmentMismatch: Rule {
    public static let description = RuleDescription(
        id: "alignment_mismatch",
        name: "Alignment guide the stack never uses",
        summary: "An .alignmentGuide is for an axis or alignment that its enclosing stack does not align by, so it has no effect.",
        rationale: """
            A stack aligns its children on its cross axis by one guide: `VStack(alignment: .leading)` lines up \
            their `HorizontalAlignment.leading` guides, an `HStack` their vertical `.center` by default, a \
            `ZStack(alignment: .topLeading)` their `.top` and `.leading`. `.alignmentGuide(_:computeValue:)` \
            changes one guide of a view; when that guide is not the one the stack uses, nothing moves. A \
            `VerticalAlignment` guide inside a `VStack` (which aligns horizontally), `.top` inside a default \
            `HStack` (which aligns by `.center`) and `.bottom` inside `ZStack(alignment: .top)` are all silently \
            ignored, usually after a few rounds of changing the closure's value. Use the guide the stack aligns \
            by, or give the stack that alignment.

            Reported only where the container is certain: the view is a direct child of an `HStack`, `VStack`, \
            `ZStack` or lazy stack (through `if`, `ForEach` and `Group`), the stack's alignment is the default or \
            a literal (`.top`, `.topLeading`), and the guide is a built-in alignment (`.top`, \
            `VerticalAlignment.center`, `.firstTextBaseline`...).

            Not reported: custom alignments (`extension VerticalAlignment { static let mid = ... }`), whose \
            guides are meant to pass through inner stacks to an outer one that aligns by them (the \
            "align across stacks" idiom); a guide that an enclosing view in the same builder may use (an outer \
            stack or a frame, `overlay` or `background` naming that alignment), since a stack passes its \
            children's explicit guides on; unqualified `.center`, which names both axes; and stacks whose \
            alignment is a variable.
            """,
        severity: .warning,
        precision: .high,
        tags: ["layout", "correctness", "swiftui"],
        triggeringExamples: [
            RuleExample("""
                struct Row: View {
                    var body: some View {
                        VStack {
                            Text("Title")
                            Text("Subtitle")
                                .alignmentGuide(↓VerticalAlignment.center) { d in d[.top] }
                        }
                        ZStack(alignment: .topLeading) {
                            Color.gray
                            Text("Badge")
                                .alignmentGuide(↓.bottom) { d in d.height }
                        }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct Row: View {
                    var body: some View {
                        VStack(alignment: .leading) {
                            Text("Title")
                            Text("Indented")
                                .alignmentGuide(.leading) { d in d[.leading] - 20 }
                        }
                        HStack(alignment: .top) {
                            VStack {
                                Image(systemName: "star")
                                Text("Star").alignmentGuide(.top) { d in d[.bottom] }
                            }
                            Text("Aligned to the star's caption")
                        }
                    }
                }
                """),
        ],
        knownLimits: [
            "A stack at the root of a member passes its children's guides to whatever places the member's view, which the rule does not see: a built-in guide meant for a parent in another view is reported.",
        ]
    )

    static let vertical: Set<String> = ["top", "bottom", "firstTextBaseline", "lastTextBaseline"]
    static let horizontal: Set<String> = ["leading", "trailing", "listRowSeparatorLeading", "listRowSeparatorTrailing"]
    /// Views that pass their content straight to the enclosing stack.
    static let transparent: Set<String> = ["ForEach", "Group"]

    /// An alignment's axis and value: `("vertical", "top")`.
    typealias Guide = (axis: String, value: String)

    public init(options: RuleOptions) {}

    public func check(_ context: RuleContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        context.forEachPlacedView { placed in
            let view = placed.view
            for modifier in view.modifiers where modifier.name == "alignmentGuide" {
                guard let argument = modifier.arguments.first, argument.isUnlabeled,
                      let guide = Self.guide(argument.shape) else { continue }
                // The stack that lays the view out, through ForEach and Group.
                let ancestors = placed.ancestors
                var level = ancestors.count - 1
                while level >= 0, let name = ancestors[level].viewTypeName, Self.transparent.contains(name),
                      ancestors[level].view.baseContents.contains(ancestors[level].block) {
                    level -= 1
                }
                guard level >= 0 else { continue }
                let enclosing = ancestors[level]
                guard let stack = enclosing.viewTypeName, Layout.stacks.contains(stack),
                      context.project.isSDKType(stack),
                      enclosing.view.baseContents.contains(enclosing.block),
                      let used = Self.stackAlignment(enclosing.view, stack: stack) else { continue }
                let usedOnAxis = used.first { $0.axis == guide.axis }
                if let usedOnAxis, usedOnAxis.value == guide.value { continue }
                // An enclosing view (or the stack's own frame) may align by the guide the stack passes on.
                if Self.mayBeUsedAbove(guide, ancestors: ancestors[...level]) { continue }
                let guideName = Self.typeName(guide.axis) + "." + guide.value
                let reason: String
                if let usedOnAxis {
                    reason = "'\(stack)' aligns its children by '\(Self.typeName(usedOnAxis.axis)).\(usedOnAxis.value)'"
                } else {
                    let other = used[0]
                    reason = "'\(stack)' aligns its children \(other.axis == "vertical" ? "vertically" : "horizontally") "
                        + "(by '\(Self.typeName(other.axis)).\(other.value)'), never \(guide.axis == "vertical" ? "vertically" : "horizontally")"
                }
                diagnostics.append(Diagnostic(
                    range: argument.range,
                    message: "the alignment guide '\(guideName)' has no effect: \(reason); use the guide the stack "
                        + "aligns by, or change the stack's alignment",
                    symbol: "\(placed.symbol):alignmentGuide(\(guideName))"))
            }
        }
        return diagnostics
    }

    static func typeName(_ axis: String) -> String { axis == "vertical" ? "VerticalAlignment" : "HorizontalAlignment" }

    /// A built-in guide: `.top`, `VerticalAlignment.center`, `HorizontalAlignment.leading`.
    static func guide(_ shape: ExprShape) -> Guide? {
        switch shape {
        case .member(nil, let name):
            if vertical.contains(name) { return ("vertical", name) }
            if horizontal.contains(name) { return ("horizontal", name) }
            return nil
        case .member(.identifier(let type)?, let name):
            if type == "VerticalAlignment", vertical.contains(name) || name == "center" { return ("vertical", name) }
            if type == "HorizontalAlignment", horizontal.contains(name) || name == "center" { return ("horizontal", name) }
            return nil
        default:
            return nil
        }
    }

    /// The guides a stack aligns its children by, from its `alignment:` (the default when there
    /// is none); nil when the alignment is not a literal built-in.
    static func stackAlignment(_ view: ViewExpression, stack: String) -> [Guide]? {
        let argument = view.baseArgument("alignment")
        switch stack {
        case "HStack", "LazyHStack":
            guard let argument else { return [("vertical", "center")] }
            guard let name = memberName(argument.shape, type: "VerticalAlignment"),
                  vertical.contains(name) || name == "center" else { return nil }
            return [("vertical", name)]
        case "VStack", "LazyVStack":
            guard let argument else { return [("horizontal", "center")] }
            guard let name = memberName(argument.shape, type: "HorizontalAlignment"),
                  horizontal.contains(name) || name == "center" else { return nil }
            return [("horizontal", name)]
        case "ZStack":
            guard let argument else { return [("horizontal", "center"), ("vertical", "center")] }
            guard let name = memberName(argument.shape, type: "Alignment") else { return nil }
            return zStackAlignments[name]
        default:
            return nil
        }
    }

    static let zStackAlignments: [String: [Guide]] = [
        "center": [("horizontal", "center"), ("vertical", "center")],
        "top": [("horizontal", "center"), ("vertical", "top")],
        "bottom": [("horizontal", "center"), ("vertical", "bottom")],
        "leading": [("horizontal", "leading"), ("vertical", "center")],
        "trailing": [("horizontal", "trailing"), ("vertical", "center")],
        "topLeading": [("horizontal", "leading"), ("vertical", "top")],
        "topTrailing": [("horizontal", "trailing"), ("vertical", "top")],
        "bottomLeading": [("horizontal", "leading"), ("vertical", "bottom")],
        "bottomTrailing": [("horizontal", "trailing"), ("vertical", "bottom")],
        "centerFirstTextBaseline": [("horizontal", "center"), ("vertical", "firstTextBaseline")],
        "centerLastTextBaseline": [("horizontal", "center"), ("vertical", "lastTextBaseline")],
        "leadingFirstTextBaseline": [("horizontal", "leading"), ("vertical", "firstTextBaseline")],
        "leadingLastTextBaseline": [("horizontal", "leading"), ("vertical", "lastTextBaseline")],
        "trailingFirstTextBaseline": [("horizontal", "trailing"), ("vertical", "firstTextBaseline")],
        "trailingLastTextBaseline": [("horizontal", "trailing"), ("vertical", "lastTextBaseline")],
    ]

    /// `.top` or `VerticalAlignment.top` as `top`.
    static func memberName(_ shape: ExprShape, type: String) -> String? {
        switch shape {
        case .member(nil, let name): return name
        case .member(.identifier(let base)?, let name) where base == type: return name
        default: return nil
        }
    }

    /// Does a view from the stack outwards mention the guide's alignment in an argument (an
    /// outer stack's `alignment:`, a `frame(alignment:)`, `overlay(alignment:)`)? The stack passes
    /// its children's explicit guides on, so such a view may be what the guide is for.
    static func mayBeUsedAbove(_ guide: Guide, ancestors: ArraySlice<PlacedView.Enclosing>) -> Bool {
        let needle = guide.value.lowercased()
        func mentions(_ arguments: ArgumentList) -> Bool {
            arguments.contains { $0.label == "alignment" && $0.text.lowercased().contains(needle) }
        }
        for (offset, enclosing) in ancestors.enumerated() {
            let isStack = offset == ancestors.count - 1
            if !isStack && mentions(enclosing.view.baseArguments) { return true }
            if enclosing.view.modifiers.contains(where: { mentions($0.arguments) }) { return true }
        }
        return false
    }
}
