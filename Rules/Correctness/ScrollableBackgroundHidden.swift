import ViewLintCore
import ViewLintModel

/// ## What it does
/// Flags `.background(...)` with a color, material, gradient or image on a `List`, `Form` or
/// `TextEditor` that does not hide its scroll content background.
///
/// ## Why is this bad?
/// These views draw their own opaque background over the whole scroll area: a background
/// placed behind them is covered and never seen.
///
/// ## Use instead
/// `.scrollContentBackground(.hidden)` before `.background(...)` (iOS 16, macOS 13).
public struct ScrollableBackgroundHidden: Rule {
    /// `List`, `Form`, `TextEditor`: told by length, then one comparison, for every view of the
    /// file (a set's lookup hashed each view's name).
    static func isScrollingView(_ name: String) -> Bool {
        switch name.utf8.count {
        case 4: return name == "List" || name == "Form"
        case 10: return name == "TextEditor"
        default: return false
        }
    }
    /// Types whose value is a visible fill when passed to `.background`.
    static let fillTypes: Set<String> = [
        "Color", "LinearGradient", "RadialGradient", "AngularGradient", "EllipticalGradient", "Image", "Material",
    ]
    static let minimum: [String: [Int]] = ["ios": [16, 0], "macos": [13, 0], "maccatalyst": [16, 0], "visionos": [1, 0]]
    /// UIKit appearance proxies apps set (before iOS 16) to make lists transparent everywhere.
    static let appearanceTypes: Set<String> = ["UITableView", "UICollectionView", "UITextView", "UITableViewCell"]

    public static let description = RuleDescription(
        id: "scrollable_background_hidden",
        name: "Background hidden by a scroll view",
        summary: "A List, Form or TextEditor is given a .background(...) without .scrollContentBackground(.hidden), so its own background covers it.",
        rationale: """
            `List`, `Form` and `TextEditor` are scroll views that paint an opaque background of their own (the \
            grouped gray, the system background) across their whole area. `.background(Color.blue)` places the \
            color behind that: it is covered, and the view looks unchanged.

            Hide the built-in background first: `Form { ... }.scrollContentBackground(.hidden).background(Color.blue)` \
            (iOS 16, macOS 13). The fix inserts it.

            Not reported: files whose deployment target predates iOS 16 or macOS 13, where \
            `.scrollContentBackground` is not available (with no target known, projects that check \
            `#available` for such an OS); projects that set a UIKit appearance proxy \
            (`UITableView.appearance()`), which makes lists transparent everywhere; types that apply \
            `.scrollContentBackground` anywhere (an enclosing view's value is inherited); backgrounds that are \
            not a visible fill (a `GeometryReader` that measures, `.clear`, a closure whose content is not seen).
            """,
        severity: .warning,
        precision: .high,
        tags: ["correctness", "swiftui"],
        triggeringExamples: [
            RuleExample("""
                struct Settings: View {
                    var body: some View {
                        Form {
                            Toggle("Sync", isOn: .constant(true))
                        }
                        .↓background(Color.indigo)
                    }
                }
                """),
            RuleExample("""
                struct Notes: View {
                    @State private var text = ""
                    var body: some View {
                        TextEditor(text: $text).↓background(.yellow.opacity(0.2))
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct Settings: View {
                    var body: some View {
                        Form { Toggle("Sync", isOn: .constant(true)) }
                            .scrollContentBackground(.hidden)
                            .background(Color.indigo)
                    }
                }
                """),
            RuleExample("""
                struct Rows: View {
                    var body: some View {
                        List { Text("a") }
                            .background(GeometryReader { proxy in Color.clear })
                    }
                }
                """),
            RuleExample("""
                struct Settings: View {
                    var body: some View {
                        Form { Toggle("Sync", isOn: .constant(true)) }
                            .background(Color.indigo)
                    }
                }
                """, deploymentTarget: ["ios": "15.0"]),
        ],
        knownLimits: [
            "`.scrollContentBackground(.hidden)` applied by a parent view in another type is not seen, and the background is reported.",
            "A background passed in a trailing closure is not checked.",
        ]
    )

    public init(options: RuleOptions) {}

    public func check(_ context: RuleContext) -> [Diagnostic] {
        guard context.runsOnlyWhereAvailable(since: Self.minimum) else { return [] }
        let project = context.project
        var diagnostics: [Diagnostic] = []
        for (type, _, member) in context.builderMembers {
            for expression in context.viewExpressions(of: member) {
                guard let name = expression.baseTypeName, Self.isScrollingView(name), project.isSDKType(name),
                      !expression.hasModifier("scrollContentBackground"), !expression.hasConditionalCompilation,
                      let modifier = expression.modifiers.first(where: { $0.name == "background" && isFill($0) })
                else { continue }
                // The project-wide questions are asked only about a file that has a candidate.
                if let type, typeHidesScrollBackground(type, project) { break }
                if usesAppearance(project) { return [] }
                let insertion = SourceRange(start: modifier.nameRange.start - 1, end: modifier.nameRange.start - 1)
                diagnostics.append(Diagnostic(
                    range: modifier.nameRange,
                    message: "'\(name)' paints its own background over the '.background' behind it, so the background is never seen; add '.scrollContentBackground(.hidden)' before it",
                    symbol: "\(type?.qualifiedName ?? "global").\(member.name):\(name).background",
                    fixes: [Fix(summary: "insert '.scrollContentBackground(.hidden)' before '.background'",
                                replacement: (insertion, ".scrollContentBackground(.hidden)"))]))
            }
        }
        return diagnostics
    }

    /// Does the project set a scroll view's background through UIKit's appearance proxies
    /// (`UITableView.appearance()`)? Then every scroll background may be cleared that way.
    func usesAppearance(_ project: ProjectModel) -> Bool {
        project.fact("scrollable_background_hidden.appearance") { () -> Bool in
            for file in project.files {
                let members = file.types.flatMap(\.members) + file.globals
                for member in members where member.calls.contains(where: {
                    $0.callee.count == 2 && $0.callee[1] == "appearance" && Self.appearanceTypes.contains($0.callee[0])
                }) { return true }
            }
            return false
        }
    }

    func typeHidesScrollBackground(_ type: ProjectModel.TypeInfo, _ project: ProjectModel) -> Bool {
        project.fact(named: "scrollable_background_hidden.hides#" + type.key) {
            project.members(of: type).contains { $0.member.viewExpressions.contains { $0.hasModifier("scrollContentBackground") } }
        }
    }

    /// Is the modifier's first argument a visible fill: a color, material, gradient or image?
    func isFill(_ modifier: ModifierCall) -> Bool {
        guard modifier.trailingClosures == 0, let first = modifier.arguments.first, first.isUnlabeled else { return false }
        var current = first.shape
        for _ in 0..<12 {
            switch current {
            case .member(nil, let name):
                // `.red`, `.ultraThinMaterial`, `.background`: a style; `.clear` shows nothing.
                return name != "clear"
            case .member(.identifier(let base), let name):
                return Self.fillTypes.contains(base) && name != "clear"
            case .call(.identifier(let callee), _, _):
                return Self.fillTypes.contains(callee)
            case .call(.member(let base?, _), _, _):
                current = base
            case .member(let base?, _):
                current = base
            default:
                return false
            }
        }
        return false
    }
}
