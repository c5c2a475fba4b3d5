import ViewLintCore
import ViewLintModel

/// ## What it does
/// Flags style and shape arguments spelled as an initialiser where SwiftUI has a static member
/// for the same value: `.buttonStyle(BorderedButtonStyle())`, `.clipShape(Circle())`.
///
/// ## Why is this bad?
/// The static member is the documented spelling, reads as the choice it is (`.bordered`,
/// `.circle`) and is what completion offers; the initialiser is an older spelling of the
/// same value.
///
/// ## Use instead
/// `.buttonStyle(.bordered)`, `.labelStyle(.iconOnly)`, `.clipShape(.circle)`.
public struct SimplifiableStyle: Rule {
    public static let description = RuleDescription(
        id: "simplifiable_style",
        name: "Simplifiable style",
        summary: "A style or shape is built with its initialiser where a static member such as .bordered or .circle says the same.",
        rationale: """
            Since Swift 5.5, SwiftUI's style protocols have static members for their built-in styles \
            (`.bordered`, `.plain`, `.insetGrouped`, `.iconOnly`, `.segmented`...), and since iOS 17 and macOS 14 \
            `Shape` has them too (`.circle`, `.capsule`, `.rect(cornerRadius:)`). `BorderedButtonStyle()` and \
            `.bordered` are the same value; the member is shorter, reads as a choice among the platform's \
            styles, and is the form the documentation and completion use. The fix replaces the initialiser.

            Shape members are only suggested when the deployment target has them (iOS 17, macOS 14, tvOS 17, \
            watchOS 10, visionOS 1; with no target known, the newest OS is assumed unless the code checks \
            `#available` for an older one). Style members exist wherever the style does.

            Not reported: initialisers with arguments (`PageTabViewStyle(indexDisplayMode: .never)`), except a \
            rounded rectangle that spells its corner style (`RoundedRectangle(cornerRadius: 8, style: \
            .continuous)` becomes `.rect(cornerRadius: 8, style: .continuous)`; without `style:` the two defaults \
            are not documented to agree on every SDK, so it is left alone), \
            project styles, and shapes outside `clipShape`, `contentShape`, `containerShape` and \
            `background(_:in:)`.
            """,
        severity: .note,
        precision: .veryHigh,
        tags: ["style", "simplification", "swiftui"],
        triggeringExamples: [
            RuleExample("""
                struct Avatar: View {
                    var body: some View {
                        Image("avatar")
                            .clipShape(↓Circle())
                        Button("Follow") { follow() }
                            .buttonStyle(↓BorderedProminentButtonStyle())
                        List { Text("Row") }
                            .listStyle(↓InsetGroupedListStyle())
                    }
                }
                """),
            RuleExample("""
                struct Card: View {
                    var body: some View {
                        Text("Card").clipShape(↓RoundedRectangle(cornerRadius: 12, style: .continuous))
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct Avatar: View {
                    var body: some View {
                        Image("avatar").clipShape(.circle)
                        Button("Follow") { follow() }.buttonStyle(.borderedProminent)
                        TabView { Text("A") }.tabViewStyle(PageTabViewStyle(indexDisplayMode: .never))
                        Button("Custom") { }.buttonStyle(ScaleButtonStyle())
                    }
                }
                """),
            RuleExample("""
                struct Avatar: View {
                    var body: some View {
                        Image("avatar").clipShape(Circle())
                    }
                }
                """, deploymentTarget: ["ios": "16.0"]),
        ]
    )

    /// Built-in styles by type, with their static member.
    static let styleMembers: [String: String] = [
        "AutomaticButtonStyle": "automatic", "DefaultButtonStyle": "automatic", "BorderedButtonStyle": "bordered",
        "BorderedProminentButtonStyle": "borderedProminent", "BorderlessButtonStyle": "borderless",
        "PlainButtonStyle": "plain", "LinkButtonStyle": "link",
        "DefaultPickerStyle": "automatic", "InlinePickerStyle": "inline", "MenuPickerStyle": "menu",
        "SegmentedPickerStyle": "segmented", "WheelPickerStyle": "wheel", "NavigationLinkPickerStyle": "navigationLink",
        "PalettePickerStyle": "palette", "RadioGroupPickerStyle": "radioGroup",
        "DefaultListStyle": "automatic", "GroupedListStyle": "grouped", "InsetGroupedListStyle": "insetGrouped",
        "InsetListStyle": "inset", "PlainListStyle": "plain", "SidebarListStyle": "sidebar",
        "BorderedListStyle": "bordered", "CarouselListStyle": "carousel", "EllipticalListStyle": "elliptical",
        "DefaultLabelStyle": "automatic", "IconOnlyLabelStyle": "iconOnly", "TitleOnlyLabelStyle": "titleOnly",
        "TitleAndIconLabelStyle": "titleAndIcon",
        "DefaultToggleStyle": "automatic", "SwitchToggleStyle": "switch", "ButtonToggleStyle": "button",
        "CheckboxToggleStyle": "checkbox",
        "DefaultTextFieldStyle": "automatic", "PlainTextFieldStyle": "plain",
        "RoundedBorderTextFieldStyle": "roundedBorder", "SquareBorderTextFieldStyle": "squareBorder",
        "DefaultProgressViewStyle": "automatic", "CircularProgressViewStyle": "circular",
        "LinearProgressViewStyle": "linear",
        "DefaultTabViewStyle": "automatic", "PageTabViewStyle": "page", "VerticalPageTabViewStyle": "verticalPage",
        "DefaultNavigationViewStyle": "automatic", "StackNavigationViewStyle": "stack",
        "DoubleColumnNavigationViewStyle": "columns",
        "DefaultDatePickerStyle": "automatic", "CompactDatePickerStyle": "compact",
        "GraphicalDatePickerStyle": "graphical", "WheelDatePickerStyle": "wheel", "FieldDatePickerStyle": "field",
        "StepperFieldDatePickerStyle": "stepperField",
        "DefaultMenuStyle": "automatic", "BorderlessButtonMenuStyle": "borderlessButton", "ButtonMenuStyle": "button",
        "DefaultGroupBoxStyle": "automatic", "DefaultGaugeStyle": "automatic",
        "AutomaticFormStyle": "automatic", "GroupedFormStyle": "grouped", "ColumnsFormStyle": "columns",
        "AutomaticControlGroupStyle": "automatic", "NavigationControlGroupStyle": "navigation",
        "PageIndexViewStyle": "page", "DefaultTableStyle": "automatic", "InsetTableStyle": "inset",
        "BorderedTableStyle": "bordered",
    ]

    static let styleModifiers: NameList = [
        "buttonStyle", "pickerStyle", "listStyle", "labelStyle", "toggleStyle", "textFieldStyle",
        "progressViewStyle", "tabViewStyle", "navigationViewStyle", "datePickerStyle", "menuStyle", "groupBoxStyle",
        "gaugeStyle", "formStyle", "controlGroupStyle", "indexViewStyle", "tableStyle",
    ]

    static let shapeMembers: [String: String] = [
        "Circle": "circle", "Capsule": "capsule", "Rectangle": "rect", "RoundedRectangle": "rect",
        "Ellipse": "ellipse", "UnevenRoundedRectangle": "rect",
    ]
    /// Arguments of a shape initialiser its static member takes too.
    static let shapeArgumentLabels: Set<String> = ["cornerRadius", "cornerSize", "style", "topLeadingRadius",
        "bottomLeadingRadius", "bottomTrailingRadius", "topTrailingRadius", "cornerRadii"]
    static let shapeModifiers: NameList = ["clipShape", "contentShape", "containerShape"]
    static let shapeMinimum: [String: [Int]] = [
        "ios": [17, 0], "macos": [14, 0], "tvos": [17, 0], "watchos": [10, 0], "visionos": [1, 0], "maccatalyst": [17, 0],
    ]

    public init(options: RuleOptions) {}

    public func check(_ context: RuleContext) -> [Diagnostic] {
        let shapesAvailable = context.runsOnlyWhereAvailable(since: Self.shapeMinimum)
        var diagnostics: [Diagnostic] = []
        context.forEachPlacedView { placed in
            // Read in place: iterating copied every modifier (its texts, arguments and closures),
            // and nearly every modifier's name alone rules it out.
            let modifiers = placed.view.modifiers
            for m in modifiers.indices {
                let name = modifiers[m].name
                let isStyle = Self.styleModifiers.contains(name)
                let candidates: [Argument]
                if isStyle {
                    candidates = Array(modifiers[m].arguments.prefix(1).filter { $0.isUnlabeled })
                } else if shapesAvailable && Self.shapeModifiers.contains(name) {
                    candidates = modifiers[m].arguments.filter { $0.isUnlabeled || $0.label == "in" }
                } else if shapesAvailable && name == "background" {
                    candidates = modifiers[m].arguments.filter { $0.label == "in" }
                } else {
                    continue
                }
                for argument in candidates {
                    guard let member = replacement(argument, isStyle: isStyle) else { continue }
                    diagnostics.append(Diagnostic(
                        range: argument.range,
                        message: "'\(argument.text)' has a static member spelling; use '\(member)'",
                        symbol: "\(placed.symbol):\(name)(\(argument.text))",
                        fixes: [Fix(summary: "use '\(member)'", replacement: (argument.range, member))]))
                }
            }
        }
        return diagnostics
    }

    /// `.bordered` for `BorderedButtonStyle()`, `.rect(cornerRadius: 8)` for
    /// `RoundedRectangle(cornerRadius: 8)`; nil when there is none.
    func replacement(_ argument: Argument, isStyle: Bool) -> String? {
        guard case .call(let callee, let arguments, 0) = argument.shape, var chain = callee.nameChain else { return nil }
        if chain.count == 2 && chain[0] == "SwiftUI" { chain.removeFirst() }
        guard chain.count == 1 else { return nil }
        if isStyle {
            guard arguments.isEmpty, let member = Self.styleMembers[chain[0]] else { return nil }
            return "." + member
        }
        guard let member = Self.shapeMembers[chain[0]] else { return nil }
        if arguments.isEmpty { return chain[0] == "RoundedRectangle" || chain[0] == "UnevenRoundedRectangle" ? nil : "." + member }
        // The initialisers' default corner style has changed between SDKs while `.rect`'s is
        // `.continuous`: only a written style makes the two spellings surely equal.
        guard member == "rect", arguments.contains(where: { $0.label == "style" }),
              arguments.allSatisfy({ $0.label.map { Self.shapeArgumentLabels.contains($0) } ?? false }) else {
            return nil
        }
        return ".rect(" + arguments.map { "\($0.label!): \($0.text)" }.joined(separator: ", ") + ")"
    }
}
