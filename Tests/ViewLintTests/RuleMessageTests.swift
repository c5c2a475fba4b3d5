import Testing
import ViewLintCore
import ViewLintEngine

/// Messages say what to do, and what to do depends on the case: these check the advice the
/// rules give, which positions alone (fixtures, examples) do not.
@Suite("Rule messages")
struct RuleMessageTests {
    func messages(_ rule: String, _ code: String) -> [String] {
        LintHarness.lint([(path: "t.swift", text: code)], only: [rule]).findings.map(\.message)
    }

    @Test func closureInputAdviceDependsOnWhatTheClosureDoes() throws {
        func found(_ code: String) -> [String] {
            LintHarness.lint([(path: "t.swift", text: code)], only: ["closure_input"],
                             options: ["closure_input": ["callbacks": .string("all")]]).findings.map(\.message)
        }
        let mixed = found("""
            struct Rows<Row: View, Header: View>: View {
                let count: Int
                @ViewBuilder let header: () -> Header
                let row: (Int) -> Row
                let onSelect: (Int) -> Void
                var body: some View { VStack { header(); row(count); Button("x") { onSelect(count) } } }
            }
            """)
        try #require(mixed.count == 2)
        #expect(mixed[0].contains("'header'") && mixed[0].contains("store the built content"))
        #expect(mixed[1].contains("'row' and 'onSelect'") && mixed[1].contains("through a model or the environment"))
        let builds = found("""
            struct Rows<Row: View>: View {
                let count: Int
                let row: (Int) -> Row
                var body: some View { VStack { row(count) } }
            }
            """)
        #expect(builds.count == 1)
        #expect(builds.first?.contains("'row'") == true && builds.first?.contains("builds views from arguments") == true)
    }

    @Test func ifElseSpellsOutTheSingleView() {
        let found = messages("if_else_identity_split", """
            struct Card: View {
                let dimmed: Bool
                let shown: Bool
                var body: some View {
                    if dimmed { Text("a").opacity(0.4) } else { Text("a").opacity(1) }
                    if shown { Text("b") } else { Text("b").hidden() }
                    if dimmed { Text("c").bold() } else { Text("c") }
                    if dimmed { Text("d").font(.title).padding(2) } else { Text("d").font(.body).padding(4) }
                }
            }
            """)
        #expect(found.count == 4)
        #expect(found[0].contains("'.opacity'") && found[0].contains("'.opacity(dimmed ? 0.4 : 1)'"))
        #expect(found[1].contains("'.hidden'") && found[1].contains("'.opacity(shown ? 1 : 0)'"))
        #expect(found[2].contains("'.bold(dimmed)'"))
        #expect(found[3].contains("'.font', '.padding'") && !found[3].contains("e.g."))
    }

    @Test func foreachMessagesNameTheProblem() {
        let found = messages("unstable_foreach_id", """
            struct Contact: Identifiable, Hashable { let id: Int; var name: String }
            struct Tag: Hashable { var name: String }
            struct V: View {
                let contacts: [Contact]
                @Binding var tags: [Tag]
                let count: Int
                var body: some View {
                    ForEach(self.contacts.indices, id: \\.self) { Text(contacts[$0].name) }
                    ForEach(0..<count) { Text("\\($0)") }
                    ForEach(contacts, id: \\.self) { Text($0.name) }
                    ForEach($tags, id: \\.self) { $tag in TextField("Tag", text: $tag.name) }
                }
            }
            """)
        #expect(found.count == 4)
        #expect(found[0].contains("indices of 'contacts'"))
        #expect(found[1].contains("needs a constant range"))
        #expect(found[2].contains("drop 'id:' to use its stable 'id'"))
        #expect(found[3].contains("make 'Tag' Identifiable"))
    }

    @Test func positionsOverStatelessRowsAreNotes() {
        let findings = LintHarness.lint([(path: "t.swift", text: """
            struct V: View {
                @State private var lines: [String] = []
                @State private var names: [String] = []
                var body: some View {
                    ForEach(lines.indices, id: \\.self) { Text(lines[$0]) }
                    ForEach(names.indices, id: \\.self) { TextField("Name", text: $names[$0]) }
                    ForEach(0..<lines.count) { Text(lines[$0]) }
                    Button("Add") { lines.append(""); names.append("") }
                }
            }
            """)], only: ["unstable_foreach_id"]).findings
        #expect(findings.map(\.severity) == [.note, .warning, .warning])
        #expect(findings.first?.message.contains("no row holds state") == true)
    }

    @Test func observableObjectListsTheMigration() {
        let found = messages("observable_object", "final class Store: ObservableObject { @Published var n = 0 }")
        #expect(found.count == 1)
        for step in ["@Observable", "@State instead of @StateObject", "@Bindable instead of @ObservedObject",
                     "@Environment(Store.self) instead of @EnvironmentObject"] {
            #expect(found.first?.contains(step) == true, "\(step)")
        }
    }

    @Test func observableObjectNamesTheSubclassesThatMoveWithTheRoot() {
        let found = messages("observable_object", """
            class BaseModel: ObservableObject { @Published var isLoading = false }
            class ListModel: BaseModel {}
            final class DetailModel: ListModel { @Published var name = "" }
            final class Unrelated: ObservableObject { @Published var x = 0 }
            """)
        #expect(found.count == 2)
        #expect(found[0].hasPrefix("'BaseModel' conforms to ObservableObject"))
        #expect(found[0].hasSuffix("its subclasses 'DetailModel', 'ListModel' move with it"))
        #expect(found[1].hasPrefix("'Unrelated'") && !found[1].contains("subclass"))
    }

    /// `NavigationLink(destination: { ... }, label: { ... })` pushes its destination like the trailing
    /// and `destination:` forms: the placement graph reads the initializers the one way the other
    /// walks do (it took a closure argument for a label).
    @Test func nestedStackSeesAClosureDestinationAsAPush() throws {
        let found = messages("nested_navigation_stack", """
            struct Inbox: View {
                var body: some View {
                    NavigationStack {
                        List {
                            NavigationLink(destination: { Detail() }, label: { Text("Open") })
                        }
                    }
                }
            }
            struct Detail: View {
                var body: some View { NavigationStack { Text("Detail") } }
            }
            """)
        try #require(found.count == 1)
        #expect(found[0].contains("pushes it onto a stack (NavigationStack > List > NavigationLink destination)"))
    }

    /// navigation_back_link reads the same push: a `destination:` closure back to the view that
    /// pushed this one is the trailing form's loop, and a `label:` closure that builds it is not a push.
    @Test func backLinkSeesAClosureDestinationAsAPush() throws {
        let settings = """
            struct Inbox: View {
                var body: some View {
                    NavigationStack {
                        NavigationLink("Preferences") { Preferences() }
                    }
                }
            }
            struct Preferences: View {
                var body: some View {
                    %@
                }
            }
            """
        let pushed = messages("navigation_back_link", settings.replacingOccurrences(
            of: "%@", with: #"NavigationLink(destination: { Inbox() }, label: { Text("Inbox") })"#))
        try #require(pushed.count == 1)
        #expect(pushed[0].contains("'Inbox'"))
        let labelled = messages("navigation_back_link", settings.replacingOccurrences(
            of: "%@", with: #"NavigationLink(destination: { Text("Inbox") }, label: { Inbox() })"#))
        #expect(labelled.isEmpty)
    }

    /// Without a deployment target, an `#available` check for Observation's first OS says the project
    /// also runs without it: state_holds_reference then stops advising `@Observable`, as
    /// observable_object stops reporting (both ask RuleContext.runsOnlyWhereAvailable).
    @Test func stateHoldsReferenceAdvisesObservationOnlyWhereItRuns() throws {
        let view = """
            final class Loader: ObservableObject { @Published var items: [String] = [] }
            struct Feed: View {
                @State private var loader = Loader()
                var body: some View { List(loader.items, id: \\.self) { Text($0) } }
            }
            """
        let newest = messages("state_holds_reference", view)
        try #require(newest.count == 1)
        #expect(newest[0].contains("or mark 'Loader' @Observable"))
        let checked = messages("state_holds_reference", view + "\nfunc f() { if #available(iOS 17, *) {} }")
        try #require(checked.count == 1)
        #expect(!checked[0].contains("@Observable"))
        #expect(messages("observable_object", view + "\nfunc f() { if #available(iOS 17, *) {} }").isEmpty)
    }
}
