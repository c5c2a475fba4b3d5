import ViewLintCore
import ViewLintModel

/// ## What it does
/// Flags a `Toggle` whose only content is an asset image with no accessibility label (a button,
/// link or menu labelled only by an image is `control_accessibility_label`'s finding).
///
/// ## Why is this bad?
/// VoiceOver names a control by its content. An asset image has no name of its own: VoiceOver
/// reads the asset's file name (`"ic_close_24"`) or just "button".
///
/// ## Use instead
/// `.accessibilityLabel("Close")` on the image or the control, or `Label("Close", image: "ic_close")`
/// with `.labelStyle(.iconOnly)`.
public struct AccessibilityImageLabel: Rule {
    /// Buttons, links and menus whose label is only an image are `control_accessibility_label`'s
    /// findings (one finding per mistake); this rule covers the other controls.
    static let controls: NameList = ["Toggle"]
    /// Modifiers that name the view for assistive technologies, or hide it from them.
    static let labelModifiers: NameList = [
        "accessibilityLabel", "accessibility", "accessibilityRepresentation", "accessibilityHidden",
        "accessibilityElement", "accessibilityLabeledPair", "accessibilityChildren",
    ]
    /// `Image` initialisers that do not take an asset name: symbols carry their own labels,
    /// `label:` and `decorative:` say what the image is, platform images are not assets.
    static let nonAssetLabels: Set<String> = [
        "systemName", "decorative", "label", "uiImage", "nsImage", "cgImage", "size", "variableValue",
    ]

    public static let description = RuleDescription(
        id: "accessibility_image_label",
        name: "Unlabelled image in a control",
        summary: "A toggle whose only content is an asset image without an accessibility label, so VoiceOver reads the asset's name.",
        rationale: """
            VoiceOver announces a control by what it contains. `Toggle(isOn: $starred) { Image("ic_star") }` \
            contains an image whose only name is its asset name: VoiceOver reads "ic star, switch", or nothing \
            useful at all, and Voice Control users cannot say its name. (Buttons, links and menus labelled only \
            by an image are reported by `control_accessibility_label`, so one mistake gets one finding.)

            Name the control: `.accessibilityLabel("Delete")` on the image or on the control (at the end of its \
            chain), `Image("ic_trash", label: Text("Delete"))`, or `Label("Delete", image: "ic_trash")` with \
            `.labelStyle(.iconOnly)`, which keeps the title for accessibility and shows only the icon.

            Not reported: `Image(systemName:)` (SF Symbols carry labels), `Image(decorative:)`, \
            `Image(_:label:)`, platform images (`Image(uiImage:)`); controls with any text beside the image; \
            images or controls with `.accessibilityLabel`, `.accessibilityRepresentation`, \
            `.accessibilityElement` or `.accessibilityHidden`, also on an enclosing view. `.help(...)` is a \
            tooltip, not a label, and does not count. Images that stand alone (not the content of a control) \
            are not reported: most are decorative.
            """,
        severity: .warning,
        precision: .high,
        tags: ["accessibility", "swiftui"],
        triggeringExamples: [
            RuleExample("""
                struct Favorite: View {
                    @Binding var isStarred: Bool
                    var body: some View {
                        Toggle(isOn: $isStarred) {
                            ↓Image("ic_star")
                        }
                        .help("Favorite")
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct Favorite: View {
                    @Binding var isStarred: Bool
                    var body: some View {
                        Toggle(isOn: $isStarred) {
                            Image("ic_star")
                        }
                        .accessibilityLabel("Favorite")
                        Toggle(isOn: $isStarred) { Image(systemName: "star") }
                        Toggle(isOn: $isStarred) {
                            Image("ic_star")
                            Text("Favorite")
                        }
                    }
                }
                """),
        ],
        knownLimits: [
            "A label added by the caller of a view that returns the control is not seen.",
            "An `Image(name)` whose name is a variable is treated as an asset image.",
        ]
    )

    public init(options: RuleOptions) {}

    public func check(_ context: RuleContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        guard context.project.isSDKType("Image") else { return [] }
        let memberViews = context.memberViews
        for (type, _, member) in context.builderMembers {
            for (view, ancestors) in memberViews.views(of: member).withAncestors {
                guard let control = view.baseTypeName, Self.controls.contains(control),
                      !hasLabel(view), !ancestors.contains(where: hasLabel) else { continue }
                for block in view.baseContents {
                    guard block.items.count == 1, case .view(let image) = block.items[0],
                          image.baseTypeName == "Image", !hasLabel(image), !image.hasConditionalCompilation,
                          let call = member.call(at: image.baseRange), isAssetImage(call) else { continue }
                    diagnostics.append(Diagnostic(
                        range: call.calleeRange,
                        message: "this '\(control)' shows only the image '\(call.arguments.first?.text ?? "")', which has no accessibility label, so VoiceOver reads the asset's name; add '.accessibilityLabel(...)' to the \(control.lowercased()) or use a 'Label' with '.labelStyle(.iconOnly)'",
                        symbol: "\(type?.qualifiedName ?? "global").\(member.name):\(control).Image"))
                }
            }
        }
        return diagnostics
    }

    func hasLabel(_ view: ViewExpression) -> Bool {
        view.modifiers.contains { Self.labelModifiers.contains($0.name) }
    }

    /// `Image("name")`, `Image(name, bundle: .module)`, `Image(.name)` (an `ImageResource`).
    func isAssetImage(_ call: CallSite) -> Bool {
        guard let first = call.arguments.first else { return false }
        return !call.arguments.contains { $0.label.map { Self.nonAssetLabels.contains($0) } ?? false }
            && first.isUnlabeled
    }
}
