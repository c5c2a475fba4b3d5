import ViewLintCore
import ViewLintModel

/// ## What it does
/// Flags an assignment or in-place change of a view's `@State` or `@Binding` in `body`, a
/// `@ViewBuilder` or a member returning views, outside any closure.
///
/// ## Why is this bad?
/// The change happens while SwiftUI evaluates the view. SwiftUI logs "Modifying state during
/// view update, this will cause undefined behavior", and the change either is lost or
/// schedules another update that evaluates the body again, which can loop.
///
/// ## Use instead
/// Change state in response to an event: an action, `.onAppear`, `.task`, `.onChange(of:)`;
/// or derive the value in a computed property instead of storing it.
public struct StateMutationInBody: Rule {
    static let wrapperList = ["State", "Binding"]

    public static let description = RuleDescription(
        id: "state_mutation_in_body",
        name: "State changed while the view is evaluated",
        summary: "`body` or a view builder assigns or mutates the view's `@State` or `@Binding` outside any closure.",
        rationale: """
            SwiftUI evaluates `body` to find out what the view looks like; it expects the evaluation to read \
            state, not change it. Assigning `@State` or `@Binding` there (`count += 1`, `isReady = true`, \
            `items.append(x)`) is "modifying state during view update": SwiftUI reports it at run time as \
            undefined behavior, the new value may be dropped, and when it is kept it invalidates the view that \
            is being evaluated, so `body` runs again, and again if the code changes the value every time.

            Change state in response to an event: an action closure, `.onAppear`, `.task`, `.onChange(of:)`, \
            `.onReceive`. A value that follows from other state belongs in a computed property, not in state.

            Reported: `x = ...`, `x += ...` and the standard mutating methods (`toggle()`, `append`, `insert`, \
            `remove...`, `sort`) on a `@State` or `@Binding` property of the view, in `body`, a `@ViewBuilder` \
            member or a member that returns views, including inside content closures (`VStack { }`, \
            `ForEach { }`), which run with the body. Not reported: changes inside closures that run later (actions, \
            `onAppear`, `task`, gesture handlers, a `Binding`'s setter), in `init`, or of a local variable with \
            the same name.
            """,
        severity: .error,
        precision: .high,
        tags: ["correctness", "swiftui"],
        triggeringExamples: [
            RuleExample("""
                struct Counter: View {
                    @State private var renders = 0
                    @Binding var isReady: Bool
                    var body: some View {
                        ↓renders += 1
                        ↓isReady = true
                        return Text("\\(renders)")
                    }
                }
                """),
            RuleExample("""
                struct Log: View {
                    @State private var lines: [String] = []
                    let entry: String
                    var body: some View {
                        VStack {
                            let _ = ↓lines.append(entry)
                            ForEach(lines, id: \\.self) { Text($0) }
                        }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct Counter: View {
                    @State private var count = 0
                    @Binding var isReady: Bool
                    var body: some View {
                        Button("\\(count)") { count += 1 }
                            .onAppear { isReady = true }
                            .task { count = 0 }
                    }
                }
                """),
            RuleExample("""
                struct Summary: View {
                    @State private var total = 0
                    let values: [Int]
                    var body: some View {
                        var total = 0
                        for value in values { total += value }
                        return Text("\\(total) \\(self.total)")
                    }
                }
                """),
            RuleExample("""
                struct Toggles: View {
                    @State private var isOn = false
                    var body: some View {
                        Toggle("On", isOn: Binding(get: { isOn }, set: { isOn = $0 }))
                    }
                }
                """),
        ],
        knownLimits: [
            "Changes made in a function that `body` calls (`body` calling `bump()`) are not seen; only the view-building members themselves are checked.",
            "A local function declared inside `body` is treated as code of `body`.",
            "Only the content closures of SDK containers (`VStack`, `List`, `ForEach`, `Button`'s label...) and builder modifiers count as running with `body`: a change in the content closure of a project view is not reported, since such a closure may be an action (`CloseButton { isShown = false }`).",
            "Changes through a model (`model.count += 1` on an `@Observable` in `@State`) are not reported.",
        ]
    )

    public init(options: RuleOptions) {}

    public func check(_ context: RuleContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let project = context.project
        // Whether a declaration is a view is asked once one of its members changes something
        // while it builds views (most change nothing), and kept for its other members.
        var owner: Memo<ProjectModel.TypeInfo?> = .notAsked
        var ownerDecl: TypeDecl? = nil
        context.forEachDeclarationBuilder { type, decl, member in
            // A member's changes are copied out of its tail only for a member that builds views.
            let mutations = member.mutations
            guard !mutations.isEmpty, let block = BodyQueries.viewBuildingBlock(of: member) else { return }
            if decl !== ownerDecl {
                ownerDecl = decl
                owner = .notAsked
            }
            guard let view = owner.answer({ type.flatMap { project.isView($0) ? $0 : nil } }) else { return }
            for mutation in mutations {
                // The view's wrapped property of that name is looked up per change (a body
                // changes a name or two): a table of the view's wrapped properties cost
                // twice the lookup it saved.
                guard let wrapper = stateWrapper(named: mutation.name, of: view, project: project),
                      mutation.throughSelf || !member.localNames.contains(mutation.name),
                      BodyQueries.runsWithBody(mutation.range, in: member, block: block) else { continue }
                diagnostics.append(Diagnostic(
                    range: mutation.range,
                    message: "@\(wrapper) property '\(mutation.name)' is changed while '\(member.name)' is evaluated (modifying state during view update), which SwiftUI drops or answers with another update; change it in an action, .onAppear, .task or .onChange",
                    symbol: "\(view.qualifiedName).\(member.name):\(mutation.name)"))
            }
        }
        return diagnostics
    }

    /// The wrapper (one of `wrapperList`) of the view's stored, non-static property `name`; of the
    /// last such property when declarations repeat the name.
    func stateWrapper(named name: String, of owner: ProjectModel.TypeInfo, project: ProjectModel) -> String? {
        // Compared by the name's id: a member's name is spelled from the name table at each read.
        // A name never interned is no member's.
        guard let id = NameID.existing(name) else { return nil }
        var wrapper: String? = nil
        // Read in place, declaration by declaration: the members' iterator retained every member
        // it handed out, and cost as much again in its own bookkeeping.
        let files = project.files
        for ref in owner.declarations {
            let members = files[ref.file].types[ref.index].members
            for m in members.indices where members[m].isStoredProperty && members[m].nameID == id && !members[m].isStatic {
                if let index = members[m].propertyWrapperIndex(among: Self.wrapperList) { wrapper = members[m].attributes[index].name }
            }
        }
        return wrapper
    }
}
