import ViewLintCore
import ViewLintModel

/// ## What it does
/// Flags a control (`Button`, `NavigationLink`, `Link`, `Menu`, `Toggle`...) placed inside the
/// label of a `Button`, `NavigationLink` or `Link`.
///
/// ## Why is this bad?
/// The label is what the outer control makes tappable. A second control inside it competes for
/// the same tap: the inner one wins where it is hit and the outer one never fires there, or (in
/// a `List` row) the row takes the tap and the inner one never fires.
///
/// ## Use instead
/// Put the controls side by side, or make the inner one plain content of the label.
public struct NestedButton: Rule {
    public static let description = RuleDescription(
        id: "nested_button",
        name: "Nested button",
        summary: "A control sits inside the label of a Button, NavigationLink or Link, so one of the two never receives the tap.",
        rationale: """
            A `Button`'s label (and a `NavigationLink`'s or `Link`'s) is the area its tap gesture covers. A control \
            placed inside that label installs a second gesture on part of the same area. Which one fires depends on \
            the context: in a plain stack the innermost control takes the tap and the outer action never runs where \
            the inner control is; in a `List` or `Form` row the row's control takes the whole row and the inner one \
            never fires; VoiceOver sees one element and cannot reach the inner control at all. Either way one of \
            them is dead.

            Place the controls next to each other (`HStack { Button(...); Button(...) }`), or, if the inner view \
            only needs to look like a button, make it plain content (`Image`, `Text`, a styled `Label`) and let \
            the outer action do the work.

            Not reported: an inner control with an explicit `.buttonStyle` or `.toggleStyle` (the known way to \
            give a control in a list row's button its own tap target), controls in a `Link` (widgets wrap whole \
            areas in a `Link` and put intent buttons inside on purpose), controls in a `NavigationLink`'s destination, in the content of a `Menu`, a `Picker` or a \
            `DisclosureGroup`; controls in a presentation or menu attached to the label (`.sheet`, `.popover`, \
            `.contextMenu`, `.swipeActions`, `.toolbar`), which are not part of the tappable area.
            """,
        severity: .error,
        precision: .high,
        tags: ["correctness", "controls", "swiftui"],
        triggeringExamples: [
            RuleExample("""
                struct Row: View {
                    var body: some View {
                        Button {
                            open()
                        } label: {
                            HStack {
                                Text("Open")
                                ↓Button("Delete") { delete() }
                            }
                        }
                    }
                }
                """),
            RuleExample("""
                struct Cell: View {
                    var body: some View {
                        NavigationLink(destination: Detail()) {
                            ↓Toggle("Favorite", isOn: $favorite)
                        }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct Row: View {
                    var body: some View {
                        HStack {
                            Button("Open") { open() }
                            Button("Delete") { delete() }
                        }
                    }
                }
                """),
            RuleExample("""
                struct Cell: View {
                    var body: some View {
                        NavigationLink {
                            Button("Buy") { buy() }
                        } label: {
                            Text("Item")
                                .contextMenu { Button("Share") { share() } }
                        }
                        Menu {
                            Button("Copy") { copy() }
                        } label: {
                            Image(systemName: "ellipsis")
                        }
                    }
                }
                """),
            RuleExample("""
                struct Titled: View {
                    var body: some View {
                        NavigationLink("Settings") {
                            Button("Reset") { reset() }
                        }
                    }
                }
                """),
        ],
        knownLimits: [
            "Only controls written in the label itself are found: a label that is a project view whose own body holds a button is not followed.",
        ]
    )

    /// Controls whose label is a tap target.
    /// `Link` is not among them: a widget wraps whole areas in a `Link` and puts intent buttons
    /// and toggles inside on purpose, each taking the taps on itself.
    static let outerControls: NameList = ["Button", "NavigationLink", "ShareLink"]
    /// Controls that take taps of their own.
    static let innerControls: NameList = [
        "Button", "NavigationLink", "Link", "ShareLink", "Menu", "Toggle", "EditButton", "PasteButton", "Stepper",
    ]
    /// Modifiers whose content is shown elsewhere (a sheet, a menu), outside the tappable label.
    static let detachedContent = NameList(KnownNames.presentationModifiers.union(["swipeActions", "tabItem"]))

    public init(options: RuleOptions) {}

    public func check(_ context: RuleContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        context.forEachPlacedView { placed in
            // An explicit style on the inner control is the known way to give it its own tap
            // target inside a list row's button (`.buttonStyle(.borderless)`): deliberate.
            guard let inner = placed.viewTypeName, Self.innerControls.contains(inner),
                  !placed.view.modifiers.contains(where: { $0.name == "buttonStyle" || $0.name == "toggleStyle" }),
                  let outer = enclosingControl(placed) else { return }
            let start = placed.view.baseRange.start
            let calleeLength = (placed.view.baseCallee ?? [inner]).joined(separator: ".").utf8.count
            diagnostics.append(Diagnostic(
                range: SourceRange(start: start, end: start + calleeLength),
                message: "'\(inner)' is inside the label of '\(outer)': both claim the same taps, so one of them never "
                    + "receives them (in a list row the row takes them all) and VoiceOver cannot reach the inner one; "
                    + "place the controls side by side or make this one plain content of the label",
                symbol: "\(placed.symbol):\(inner) in \(outer)"))
        }
        return diagnostics
    }

    /// The nearest control whose label holds the view, unless detached content (a sheet, a
    /// context menu) lies between them.
    func enclosingControl(_ placed: PlacedView) -> String? {
        for enclosing in placed.enclosingViews {
            if let index = enclosing.view.modifierIndex(owning: enclosing.block),
               Self.detachedContent.contains(enclosing.view.modifiers[index].name) {
                return nil
            }
            guard let name = enclosing.viewTypeName else { continue }
            if Self.outerControls.contains(name) {
                return enclosing.view.isControlLabel(enclosing.block) ? name : nil
            }
            // A menu's or picker's content is a list of commands, not part of a label.
            if name == "Menu" || name == "Picker" || name == "DisclosureGroup" { return nil }
        }
        return nil
    }
}
