import ViewLintCore
import ViewLintModel
import ViewLintSyntax

/// ## What it does
/// Flags a `Picker` whose selection is bound to a `Set`.
///
/// ## Why is this bad?
/// `Picker` selects one value: its tags are compared with the whole set, never match, and
/// choosing a row does nothing.
///
/// ## Use instead
/// A single optional value for `Picker`, or `List(selection:)` / a multi-selection control for a set.
public struct PickerMultipleSelection: Rule {
    public static let description = RuleDescription(
        id: "picker_multiple_selection",
        name: "Picker bound to a set",
        summary: "A Picker's selection is bound to a Set, but Picker supports a single value, so no row ever matches.",
        rationale: """
            `Picker(selection:)` takes a binding to one value and compares it with each row's `tag`. Bound to a \
            `Set<Item>`, the whole set is compared with each single tag: no row is ever shown as selected, and \
            choosing one writes nothing the set understands. It compiles because `Set` is `Hashable`.

            Bind the picker to one value (`@State var selection: Item?`); for several values use \
            `List(selection:)` with a `Set`, toggles, or a `MultiDatePicker`. Before iOS 18 and macOS 15 no \
            `Picker` initialiser takes a collection of selections; the newer `Picker(_:sources:selection:)` \
            takes a key path to each source's value, not a set, and is not reported.

            Not reported: bindings whose type is not written in a declaration (a local, an inferred property, \
            a custom `Binding(get:set:)`), and `Picker(sources:selection:)`.
            """,
        severity: .error,
        precision: .high,
        tags: ["correctness", "swiftui"],
        triggeringExamples: [
            RuleExample("""
                struct Filter: View {
                    @State private var tags: Set<String> = []
                    var body: some View {
                        Picker("Tags", selection: ↓$tags) {
                            Text("Red").tag("red")
                        }
                    }
                }
                """),
            RuleExample("""
                struct Filter: View {
                    @ObservedObject var model: FilterModel
                    var body: some View {
                        Picker(selection: ↓$model.selected, label: Text("Kinds")) { Text("A").tag(1) }
                    }
                }
                final class FilterModel: ObservableObject { @Published var selected = Set<Int>() }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct Filter: View {
                    @State private var tag: String? = nil
                    @State private var tags: Set<String> = []
                    var body: some View {
                        Picker("Tag", selection: $tag) { Text("Red").tag("red" as String?) }
                        List(["red"], id: \\.self, selection: $tags) { Text($0) }
                    }
                }
                """),
        ],
        knownLimits: [
            "A `typealias` for a set is not followed.",
        ]
    )

    public init(options: RuleOptions) {}

    public func check(_ context: RuleContext) -> [Diagnostic] {
        // Every call of every member was read to find the few `Picker`s: a file that spells
        // none (most) has no call read.
        guard context.file.mentions(anyOf: Self.pickerWord) else { return [] }
        var diagnostics: [Diagnostic] = []
        let project = context.project
        // Members read in place, the type asked only of a member that calls `Picker`: most call none.
        func checkPickers(in member: Member, of type: () -> ProjectModel.TypeInfo?) {
            let calls = member.calls
            for c in calls.indices where Self.isPicker(calls[c].callee) {
                let call = calls[c]
                let type = type()
                guard call.argument("sources") == nil, let selection = call.argument("selection"),
                      let text = project.boundTypeText(selection.shape, in: type, member: member),
                      TypeText.genericBaseName(text) == "Set" else { continue }
                diagnostics.append(Diagnostic(
                    range: selection.range,
                    message: "this 'Picker' is bound to '\(selection.text)' of type '\(text)', but a picker selects a single value, so no tag ever matches the set; bind it to one value, or use 'List(selection:)' for several",
                    symbol: "\(type?.qualifiedName ?? "global").\(member.name):Picker"))
            }
        }
        for (ref, decl) in context.declarations where decl.kind != .protocol {
            for member in decl.members { checkPickers(in: member) { project.typeInfo(of: ref) } }
        }
        for member in context.file.globals { checkPickers(in: member) { nil } }
        return diagnostics
    }

    /// `Picker`, a registered word the file's model looked for.
    static let pickerWord = MentionedWordList(["Picker"])

    /// `Picker` or `SwiftUI.Picker`, compared without building an array to compare with.
    static func isPicker(_ callee: [String]) -> Bool {
        callee.count == 1 ? callee[0] == "Picker" : callee.count == 2 && callee[1] == "Picker" && callee[0] == "SwiftUI"
    }
}
