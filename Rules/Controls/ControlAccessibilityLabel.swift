import ViewLintCore
import ViewLintModel

/// ## What it does
/// Flags a `Button`, `Link`, `NavigationLink` or `Menu` whose whole label is an `Image` with no
/// accessibility label, and controls whose title is the empty string (`Toggle("", isOn: $on)`).
///
/// ## Why is this bad?
/// VoiceOver, Voice Control and the macOS toolbar read a control's title. An image-only label
/// gives them the image's name at best (`"square.and.arrow.up"`, `"icn_close_24"`), an empty
/// title gives them nothing.
///
/// ## Use instead
/// `Button("Share", systemImage: "square.and.arrow.up") { ... }`, `Label` with
/// `.labelStyle(.iconOnly)`, or a title and `.labelsHidden()`.
public struct ControlAccessibilityLabel: Rule {
    public static let description = RuleDescription(
        id: "control_accessibility_label",
        name: "Control without an accessibility label",
        summary: "A control's label is only an image, or its title is empty, so assistive technologies have no name to read.",
        rationale: """
            SwiftUI gives a control the accessibility label of its title. A `Button { } label: { Image(...) }` has \
            no title: VoiceOver falls back to the image's name, which for an asset is a file name \
            (`"icn_close_24"`) and for many SF Symbols a spelled-out symbol name; Voice Control users cannot say \
            its name to tap it; on macOS the toolbar's text-only mode shows nothing. A title that is the empty \
            string (`Toggle("", isOn: $on)`, `Picker("", selection: $value)`), written to hide the visible title, \
            removes the label outright.

            Give the control a title and let the style decide what is visible: \
            `Button("Share", systemImage: "square.and.arrow.up", action: share)` (iOS 17, macOS 14), \
            `Button { share() } label: { Label("Share", systemImage: "square.and.arrow.up") }` with \
            `.labelStyle(.iconOnly)`, or `Toggle("Notifications", isOn: $on).labelsHidden()`. An \
            `.accessibilityLabel(...)` on the control or the image also fixes it.

            Not reported: hidden controls (`Button("") { ... }.hidden().keyboardShortcut(...)`, a common \
            way to add a shortcut), labels with text beside the image, `Label`s, images with `.accessibilityLabel`, \
            `.accessibilityHidden(true)` or `.accessibilityRepresentation`, controls given an \
            `.accessibilityLabel` or `.accessibilityElement(children:)`, labels that are a project view or a \
            property (their content is not known here), and titles that are not empty literals.
            """,
        severity: .warning,
        precision: .medium,
        tags: ["accessibility", "controls", "swiftui"],
        triggeringExamples: [
            RuleExample("""
                struct Composer: View {
                    var body: some View {
                        ↓Button {
                            send()
                        } label: {
                            Image(systemName: "paperplane")
                        }
                        ↓Button(action: close) { Image("icn_close").resizable().frame(width: 20, height: 20) }
                    }
                }
                """),
            RuleExample("""
                struct Settings: View {
                    @State private var on = false
                    var body: some View {
                        Toggle(↓"", isOn: $on)
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct Composer: View {
                    @State private var on = false
                    var body: some View {
                        Button("Send", systemImage: "paperplane") { send() }
                        Button { send() } label: { Label("Send", systemImage: "paperplane") }
                            .labelStyle(.iconOnly)
                        Button(action: close) { Image(systemName: "xmark") }
                            .accessibilityLabel("Close")
                        Button(action: close) { Image(systemName: "xmark").accessibilityLabel(Text("Close")) }
                        Button(action: close) { HStack { Image(systemName: "xmark"); Text("Close") } }
                        Toggle("Notifications", isOn: $on).labelsHidden()
                    }
                }
                """),
        ],
        knownLimits: [
            "Many SF Symbols carry a system accessibility label (`plus` is read as \"Add\"), so for those the finding is about Voice Control, the macOS text-only toolbar and localisation rather than a silent control; asset images have no such label.",
            "A label given elsewhere (`.accessibilityLabel` in a custom modifier or style, `.accessibilityElement` on a container) is not seen.",
        ]
    )

    static let imageLabelledControls: NameList = ["Button", "Link", "NavigationLink", "Menu", "ShareLink"]
    /// Controls whose first unlabelled argument is their title.
    static let titledControls: NameList = [
        "Toggle", "Picker", "Stepper", "TextField", "SecureField", "DatePicker", "ColorPicker", "Button", "Menu",
        "Slider", "Link", "NavigationLink", "LabeledContent", "Gauge", "ProgressView",
    ]
    static let labelModifiers: NameList = [
        "accessibilityLabel", "accessibilityHidden", "accessibilityRepresentation", "accessibilityElement",
        "accessibility", "accessibilityChildren",
    ]

    public init(options: RuleOptions) {}

    public func check(_ context: RuleContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        context.forEachPlacedView { placed in
            let control = placed.view
            guard let name = placed.viewTypeName else { return }
            if Self.titledControls.contains(name), let title = control.baseArguments.first, title.isUnlabeled,
               case .string(isConstant: true) = title.shape, title.text == "\"\"",
               !control.modifiers.contains(where: { Self.labelModifiers.contains($0.name) || $0.name == "hidden" }) {
                diagnostics.append(Diagnostic(
                    range: title.range,
                    message: "'\(name)' has an empty title, so VoiceOver has no name to read; give it a title and "
                        + "hide it with '.labelsHidden()' instead",
                    symbol: "\(placed.symbol):\(name)(\"\")"))
                return
            }
            guard Self.imageLabelledControls.contains(name),
                  !control.modifiers.contains(where: { Self.labelModifiers.contains($0.name) }),
                  let label = control.baseContents.first(where: { control.isControlLabel($0) || name == "Menu" && $0.label == "label" }),
                  label.viewItems.count == 1, case .view(let image) = label.viewItems[0],
                  image.viewTypeName == "Image", !image.baseArguments.isEmpty,
                  !image.modifiers.contains(where: { Self.labelModifiers.contains($0.name) }),
                  // `Image("x", label: Text("Delete"))` carries its own label.
                  !image.baseArguments.contains(where: { $0.label == "label" }),
                  // An enclosing element that replaces its children's accessibility names them itself.
                  !placed.enclosingViews.contains(where: { $0.view.modifiers.contains { $0.name == "accessibilityElement" } })
            else { return }
            let advice = name == "Button"
                ? "use 'Button(_:systemImage:action:)' or a 'Label' with '.labelStyle(.iconOnly)'"
                : "use a 'Label' with '.labelStyle(.iconOnly)'"
            diagnostics.append(Diagnostic(
                range: control.baseCalleeRange,
                message: "the label of this '\(name)' is only an image, so VoiceOver reads the image's name instead of "
                    + "a title; \(advice), or add '.accessibilityLabel(...)'",
                symbol: "\(placed.symbol):\(name)(image label)"))
        }
        return diagnostics
    }
}
