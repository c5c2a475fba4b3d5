import ViewLintCore
import ViewLintModel
import ViewLintSyntax

/// ## What it does
/// Flags SwiftUI APIs deprecated at or below the deployment target: `NavigationView`,
/// `foregroundColor`, `presentationMode`, `cornerRadius`, `onChange(of:perform:)` and the others
/// listed in `Rules/Support/Deprecations.swift`.
///
/// ## Why is this bad?
/// A deprecated API is frozen: it gets no fixes and no new behaviour, and some (`NavigationView`,
/// `animation(_:)`) behave worse than their replacements.
///
/// ## Use instead
/// The replacement each message names.
public struct DeprecatedAPI: Rule {
    public static let description = RuleDescription(
        id: "deprecated_api",
        name: "Deprecated SwiftUI API",
        summary: "A SwiftUI API is deprecated at the deployment target and has a replacement available there.",
        rationale: """
            SwiftUI replaces APIs as it grows: `NavigationView` by `NavigationStack` and `NavigationSplitView`, \
            `foregroundColor` by `foregroundStyle`, `presentationMode` by `dismiss`, `cornerRadius` by \
            `clipShape(.rect(cornerRadius:))`, `onChange(of:perform:)` by the two-value `onChange`, `animation(_:)` \
            by `animation(_:value:)`, `Alert` and `ActionSheet` by the `alert` and `confirmationDialog` \
            modifiers. The old API keeps compiling but gets no fixes; several behave worse (`animation(_:)` \
            animates every change of the view, `NavigationLink(isActive:)` breaks with programmatic \
            navigation, `NavigationView` shows a split view on iPad by default).

            The rule is deployment-target aware: each entry of the table records the OS versions that deprecate \
            it, which are also versions where the replacement exists, and a finding is reported only when every \
            platform the target declares is at or above them. A project that still supports iOS 15 is not told \
            to use `NavigationStack`. With no deployment target known, the newest OS is assumed. The table lives \
            in one data file, `Rules/Support/Deprecations.swift`; where the SDK marks an API as "to be \
            deprecated" without a version, the entry uses the release that introduced the replacement on every \
            platform.

            Not reported: `.background(Color.red)` and `.overlay(.thinMaterial)` (the current shape-style \
            overloads, unlike `.background(Text("a"))`), `onChange` closures with no or two parameters, \
            `animation(_:value:)` and `animation(_:body:)`, and APIs of the same name on project types (a \
            project `NavigationView` struct is not SwiftUI's).
            """,
        severity: .warning,
        precision: .high,
        tags: ["deprecation", "swiftui"],
        triggeringExamples: [
            RuleExample("""
                struct Root: View {
                    @Environment(↓\\.presentationMode) private var presentationMode
                    @State private var count = 0
                    var body: some View {
                        ↓NavigationView {
                            Text("Hello")
                                .↓foregroundColor(.red)
                                .↓onChange(of: count) { newValue in print(newValue) }
                        }
                    }
                }
                """),
            RuleExample("""
                struct Badge: View {
                    var body: some View {
                        Text("3").padding(4).↓background(Circle().fill(.red), alignment: .center)
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct Root: View {
                    @Environment(\\.dismiss) private var dismiss
                    @State private var count = 0
                    var body: some View {
                        NavigationStack {
                            Text("Hello")
                                .foregroundStyle(.red)
                                .background(Color.red)
                                .onChange(of: count) { old, new in print(new) }
                                .onChange(of: count) { print("changed") }
                                .animation(.default, value: count)
                        }
                    }
                }
                """),
            RuleExample("""
                struct Root: View {
                    var body: some View {
                        NavigationView { Text("Hello").foregroundColor(.red) }
                    }
                }
                """, deploymentTarget: ["ios": "15.0"]),
        ],
        knownLimits: [
            "Deprecations are matched by name and overload shape, not by type: a project modifier named like a deprecated SwiftUI one (`func cornerRadius(_:)` in a `View` extension) is reported unless the project declares a type or function of that name that shadows it.",
        ]
    )

    public init(options: RuleOptions) {}

    public func check(_ context: RuleContext) -> [Diagnostic] {
        let target = context.deploymentTarget?.platforms
        // The deprecations of a name that apply to the file's target, looked up by the names the
        // file uses (filtering the whole table for every file cost more than the rest of the rule).
        func active(_ name: String) -> LazyFilterSequence<[Deprecation]>? {
            Deprecation.named(name).map { $0.lazy.filter { $0.applies(to: target) } }
        }
        // Asked only once a deprecated API is found: most files use none.
        var shadowedNames: Set<String>? = nil
        func isShadowed(_ name: String) -> Bool {
            if shadowedNames == nil { shadowedNames = projectShadowedNames(context) }
            return shadowedNames?.contains(name) == true
        }
        var diagnostics: [Diagnostic] = []
        func report(_ d: Deprecation, at range: SourceRange, symbol: String) {
            diagnostics.append(Diagnostic(
                range: range,
                message: "'\(d.spelling)' is deprecated\(since(d, target)); use \(d.replacement) instead",
                symbol: "\(symbol):\(d.spelling)"))
        }
        context.forEachPlacedView { placed in
            // Read in place: iterating copied every modifier (its texts, arguments and closures),
            // and nearly every modifier's name alone rules it out.
            let modifiers = placed.view.modifiers
            for m in modifiers.indices {
                guard let candidates = active(modifiers[m].name),
                      let d = candidates.first(where: { isModifier($0) && matches($0, modifiers[m]) }),
                      !isShadowed(modifiers[m].name) else { continue }
                report(d, at: modifiers[m].nameRange, symbol: placed.symbol)
            }
        }
        // Members read in place, their symbols spelled only for a finding: most members have none.
        func checkCalls(in member: Member, of typeName: String) {
            func symbol() -> String { typeName.isEmpty ? member.name : "\(typeName).\(member.name)" }
            let calls = member.calls
            for c in calls.indices {
                let callee = calls[c].callee
                guard callee.count == 1 || (callee.count == 2 && callee[0] == "SwiftUI"), let name = callee.last,
                      let d = active(name)?.first(where: { isType($0) && matches($0, calls[c]) }),
                      !isShadowed(name) else { continue }
                report(d, at: calls[c].calleeRange, symbol: symbol())
            }
            // Read in place: iterating copied every attribute of every member.
            let attributes = member.attributes
            for a in attributes.indices where attributes[a].name == "Environment" {
                guard let key = attributes[a].argumentShapes.first, case .keyPath(_, let components) = key.shape,
                      components.count == 1,
                      let d = active(components[0])?.first(where: { if case .environmentKey = $0.kind { return true }; return false })
                else { continue }
                report(d, at: key.range, symbol: symbol())
            }
        }
        // Calls and `@Environment` keys are names the file spells: one that spells none of the
        // deprecated ones (most files) has no member's calls read.
        guard context.file.mentions(anyOf: Self.typeAndKeyWords) else { return diagnostics }
        for (_, decl) in context.declarations { for member in decl.members { checkCalls(in: member, of: decl.qualifiedName) } }
        for member in context.file.globals { checkCalls(in: member, of: "") }
        return diagnostics
    }

    func since(_ d: Deprecation, _ target: DeploymentTargetVersions?) -> String {
        guard let target, let (platform, _) = target.sorted(by: { $0.key < $1.key }).first,
              let version = d.deprecated[platform] else { return "" }
        let names = ["ios": "iOS", "macos": "macOS", "tvos": "tvOS", "watchos": "watchOS", "visionos": "visionOS",
                     "maccatalyst": "Mac Catalyst"]
        return " since \(names[platform] ?? platform) \(version.map(String.init).joined(separator: "."))"
    }

    func isModifier(_ d: Deprecation) -> Bool { if case .modifier = d.kind { return true }; return false }
    func isType(_ d: Deprecation) -> Bool { if case .type = d.kind { return true }; return false }

    func matches(_ d: Deprecation, _ m: ModifierCall) -> Bool {
        switch d.overload {
        case .any: return true
        case .hasLabel(let label): return m.arguments.contains { $0.label == label }
        case .lacksLabel(let label):
            return m.trailingClosures == 0 && !m.arguments.isEmpty && !m.arguments.contains { $0.label == label || $0.label == "body" }
        case .viewArgument:
            guard m.trailingClosures == 0, let first = m.arguments.first, first.isUnlabeled else { return false }
            return isViewConstruction(first.shape)
        case .valueArgument:
            guard m.trailingClosures == 0, let first = m.arguments.first, first.isUnlabeled else { return false }
            if case .closure = first.shape { return false }
            return true
        case .singleParameterClosure:
            return closureParameterCount(m.argumentsText) == 1
        }
    }

    func matches(_ d: Deprecation, _ call: CallSite) -> Bool {
        switch d.overload {
        case .hasLabel(let label): return call.arguments.contains { $0.label == label }
        default: return true
        }
    }

    /// `Deprecation.typeAndKeyNames`, each a registered word the file's model has looked for.
    static let typeAndKeyWords = MentionedWordList(Deprecation.typeAndKeyNames)

    /// Shape styles, which the current `background`/`overlay` overloads take.
    static let shapeStyles: Set<String> = [
        "Color", "LinearGradient", "RadialGradient", "AngularGradient", "EllipticalGradient", "Material",
        "ImagePaint", "AnyShapeStyle", "HierarchicalShapeStyle", "ForegroundStyle", "BackgroundStyle",
        "TintShapeStyle", "SelectionShapeStyle", "SeparatorShapeStyle", "Gradient", "MeshGradient",
    ]

    /// Is the argument surely a view built here (`Text("a")`, `Circle().fill(.red)`) rather than
    /// a shape style or a value of unknown type?
    func isViewConstruction(_ shape: ExprShape) -> Bool {
        var current = shape
        for _ in 0..<32 {
            switch current {
            case .call(.identifier(let name), _, _):
                guard let first = name.unicodeScalars.first, first.properties.isUppercase else { return false }
                return !Self.shapeStyles.contains(name)
            case .call(.member(let base?, _), _, _), .member(let base?, _):
                current = base
            default:
                return false
            }
        }
        return false
    }

    /// Parameters of the first closure in a modifier's argument text: `{ newValue in ... }` has
    /// one, `{ old, new in ... }` two, `{ ... }` none unless it uses `$0` (and not `$1`).
    func closureParameterCount(_ text: String) -> Int? {
        let bytes = Array(text.utf8)
        guard let open = bytes.firstIndex(of: 0x7B) else { return nil }
        var i = open + 1
        var signature: [UInt8] = []
        var hasIn = false
        while i < bytes.count, bytes[i] != 0x7B, bytes[i] != 0x7D {
            if bytes[i] == 0x69, i + 1 < bytes.count, bytes[i + 1] == 0x6E,
               i > open + 1, bytes[i - 1] == 0x20, i + 2 >= bytes.count || bytes[i + 2] == 0x20 {
                hasIn = true
                break
            }
            signature.append(bytes[i])
            i += 1
        }
        if hasIn {
            let params = signature.filter { $0 != 0x28 && $0 != 0x29 }
            return params.split(separator: 0x2C).filter { !$0.allSatisfy { $0 == 0x20 } }.count
        }
        // Anonymous parameters of this closure, not of closures nested in it
        // (`{ update { $0.flag = true } }` takes none).
        var depth = 0
        var uses: Set<UInt8> = []
        var j = open
        while j < bytes.count {
            switch bytes[j] {
            case 0x7B: depth += 1
            case 0x7D:
                depth -= 1
                if depth == 0 { j = bytes.count }
            case 0x24 where depth == 1 && j + 1 < bytes.count && bytes[j + 1] >= 0x30 && bytes[j + 1] <= 0x39:
                uses.insert(bytes[j + 1])
            default: break
            }
            j += 1
        }
        if uses.contains(0x31) { return 2 }
        return uses.contains(0x30) ? 1 : 0
    }

    /// The extended types whose project methods shadow SwiftUI's modifiers: a list made once,
    /// where a literal in the loop was made and destroyed for every extension of the project.
    static let shadowingExtensions = ["View", "SwiftUI.View", "Text", "Shape"]

    /// Names of deprecated APIs the project declares itself (a `NavigationView` struct, a
    /// `func cornerRadius` in a `View` extension), which then are not SwiftUI's.
    func projectShadowedNames(_ context: RuleContext) -> Set<String> {
        context.project.fact("deprecated_api.shadowed") { () -> Set<String> in
            var names: Set<String> = []
            for file in context.project.files {
                for type in file.types {
                    if type.kind != .extension {
                        if Deprecation.named(type.name) != nil { names.insert(type.name) }
                        continue
                    }
                    // Only modifiers the project adds to views shadow SwiftUI's.
                    guard Self.shadowingExtensions.contains(type.name) else { continue }
                    for m in type.members where m.kind == .function && Deprecation.named(m.name) != nil {
                        names.insert(m.name)
                    }
                }
            }
            return names
        }
    }
}
