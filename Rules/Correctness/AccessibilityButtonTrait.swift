import ViewLintCore
import ViewLintModel

/// ## What it does
/// Flags `.onTapGesture` on a view that is not a button, not inside one, and has no
/// `.accessibilityAddTraits(.isButton)` or accessibility action.
///
/// ## Why is this bad?
/// VoiceOver and Switch Control find controls by their traits. A view that only handles a tap
/// gesture is read as plain text or an image: users of assistive technologies do not learn it
/// does anything, and it is not offered as a control.
///
/// ## Use instead
/// A `Button` (with `.buttonStyle(.plain)` to keep the look), or `.accessibilityAddTraits(.isButton)`.
public struct AccessibilityButtonTrait: Rule {
    /// Modifiers that tell assistive technologies what the view does, or hide it from them.
    static let accessibilityModifiers: NameList = [
        "accessibilityAddTraits", "accessibilityAction", "accessibilityActions", "accessibilityRepresentation",
        "accessibilityHidden", "accessibilityElement", "accessibility", "accessibilityRespondsToUserInteraction",
    ]
    /// Controls: a tap added to one (or inside one) adds behaviour to something already announced.
    static let controls: Set<String> = [
        "Button", "NavigationLink", "Link", "Menu", "Toggle", "TextField", "SecureField", "Picker", "Slider",
        "Stepper", "DatePicker", "ColorPicker", "ShareLink", "EditButton", "PasteButton", "TextEditor",
    ]
    /// Full-screen backgrounds (`Color.black.opacity(0.4).ignoresSafeArea().onTapGesture { dismiss() }`):
    /// a scrim's tap dismisses what is above it, which VoiceOver users do with the escape gesture.
    static let backgroundModifiers: Set<String> = ["ignoresSafeArea", "edgesIgnoringSafeArea"]

    public static let description = RuleDescription(
        id: "accessibility_button_trait",
        name: "Tap gesture without button trait",
        summary: "A view handles taps with .onTapGesture but is not a button and has no .isButton trait, so VoiceOver cannot tell it is tappable.",
        rationale: """
            A `Button` is announced as a button, can be activated with a double tap in VoiceOver, and is reached \
            by Switch Control and Full Keyboard Access. A view with `.onTapGesture` is none of that: VoiceOver \
            reads its text or image and nothing tells the user that it does something.

            Use a `Button` (`.buttonStyle(.plain)` keeps a custom look), or add \
            `.accessibilityAddTraits(.isButton)` to the tappable view. The fix adds the trait at the end of the \
            view's modifiers.

            Not reported: views that already say what they do (`.accessibilityAddTraits`, \
            `.accessibilityAction`, `.accessibilityRepresentation`, `.accessibilityElement`) or are hidden from \
            assistive technologies (`.accessibilityHidden`), also on an enclosing view; taps on a control or \
            inside one (`Button`, `NavigationLink`, `Toggle`, `TextField`...); double taps (`count: 2`), which \
            add a shortcut to a view whose main action is elsewhere; full-screen backgrounds and scrims (a \
            `Color`, or a view with `.ignoresSafeArea`); views held in a property or passed in (a \
            modifier's `content`), which may be controls themselves; whose tap dismisses the keyboard or what is above \
            them, which VoiceOver users do with the escape gesture; a tap whose only statement moves focus \
            (`isFocused = true` on a `@FocusState`), a larger target for a field VoiceOver reaches directly; \
            an empty `.onTapGesture {}`, which only keeps a parent scroll view from taking the touch.

            Off by default: in real apps many tappable rows get their traits and actions from the view that \
            shows them (`.accessibilityElement(children: .combine)` and `.accessibilityAction` on the row, in \
            another type), and a tap on a row of a selectable `List` repeats what the list already offers. Both \
            are out of this rule's sight, so it runs only when a configuration names it.
            """,
        severity: .warning,
        precision: .medium,
        tags: ["accessibility", "swiftui"],
        triggeringExamples: [
            RuleExample("""
                struct Row: View {
                    let title: String
                    let open: () -> Void
                    var body: some View {
                        HStack {
                            Text(title)
                            Spacer()
                        }
                        .↓onTapGesture { open() }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct Row: View {
                    let title: String
                    let open: () -> Void
                    var body: some View {
                        Text(title)
                            .onTapGesture { open() }
                            .accessibilityAddTraits(.isButton)
                        Button(action: open) { Text(title) }
                            .buttonStyle(.plain)
                        Text(title).onTapGesture(count: 2) { open() }
                        Color.black.opacity(0.3)
                            .onTapGesture { open() }
                    }
                }
                """),
        ],
        knownLimits: [
            "A trait or action added by the view's caller, in another type, is not seen.",
        ],
        enabledByDefault: false
    )

    public init(options: RuleOptions) {}

    public func check(_ context: RuleContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let memberViews = context.memberViews
        for (type, _, member) in context.builderMembers {
            for (view, ancestors) in memberViews.views(of: member).withAncestors {
                guard let tap = view.modifiers.first(where: { $0.name == "onTapGesture" }), !isMultipleTap(tap),
                      tap.argumentsText != "{ }", tap.argumentsText != "{}",
                      !view.modifiers.contains(where: { Self.accessibilityModifiers.contains($0.name)
                                                          || Self.backgroundModifiers.contains($0.name) }),
                      !isControlOrScrim(view), !onlyMovesFocus(tap, type: type, project: context.project) else { continue }
                if ancestors.contains(where: { ancestor in
                    isControlOrScrim(ancestor)
                        || ancestor.modifiers.contains { Self.accessibilityModifiers.contains($0.name) }
                }) { continue }
                var fixes: [Fix] = []
                if !view.hasConditionalCompilation {
                    let end = SourceRange(start: view.range.end, end: view.range.end)
                    fixes.append(Fix(summary: "add '.accessibilityAddTraits(.isButton)'",
                                     replacement: (end, ".accessibilityAddTraits(.isButton)")))
                }
                diagnostics.append(Diagnostic(
                    range: tap.nameRange,
                    message: "this \(describe(view))handles taps with '.onTapGesture', but VoiceOver does not announce it as tappable; use a 'Button', or add '.accessibilityAddTraits(.isButton)'",
                    symbol: "\(type?.qualifiedName ?? "global").\(member.name):onTapGesture",
                    fixes: fixes))
            }
        }
        return diagnostics
    }

    func describe(_ view: ViewExpression) -> String {
        view.baseTypeName.map { "'\($0)' " } ?? ""
    }

    /// `.onTapGesture { isFocused = true }` with `@FocusState var isFocused`: a larger target for
    /// focusing a field that VoiceOver users reach directly.
    func onlyMovesFocus(_ tap: ModifierCall, type: ProjectModel.TypeInfo?, project: ProjectModel) -> Bool {
        guard let type, tap.argumentsText.hasPrefix("{ "), tap.argumentsText.hasSuffix(" }") else { return false }
        let parts = tap.argumentsText.dropFirst(2).dropLast(2).split(separator: " ")
        guard parts.count == 3, parts[1] == "=" else { return false }
        var target = String(parts[0])
        if target.hasPrefix("self.") { target = String(target.dropFirst(5)) }
        return project.property(target, of: type)?.propertyWrapper?.name == "FocusState"
    }

    /// `onTapGesture(count: 2)`: a shortcut beside the view's main action.
    func isMultipleTap(_ tap: ModifierCall) -> Bool {
        guard let count = tap.arguments.first(where: { $0.label == "count" }) else { return false }
        if case .integer(let text) = count.shape, text == "1" { return false }
        return true
    }

    func isControlOrScrim(_ view: ViewExpression) -> Bool {
        guard let name = view.baseTypeName else {
            // `Color.black.opacity(0.4)`, `Color.clear`: a member of `Color`. A view held in a
            // property or passed in (`content` in a modifier) may itself be a control: unknown.
            return view.baseCallee == nil || view.baseCallee?.first == "Color"
        }
        return Self.controls.contains(name) || name == "Color"
    }
}
