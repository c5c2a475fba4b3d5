import Testing
import ViewLintCore
import ViewLintEngine

/// `closure_input`'s mechanical fix for builder closures, and how its `callbacks` option and
/// per-finding severities behave.
@Suite("closure_input: builder fix and callbacks")
struct ClosureInputTests {
    func findings(_ source: String, options: [String: OptionValue] = [:]) -> [Finding] {
        LintHarness.lint([("V.swift", source)], only: ["closure_input"], options: ["closure_input": options]).findings
    }

    /// Applies a finding's replacement to the source it was found in.
    func applyingFix(_ finding: Finding, to source: String) -> String? {
        guard let replacement = finding.fixes.first?.replacement else { return nil }
        var bytes = Array(source.utf8)
        bytes.replaceSubrange(replacement.range.start..<replacement.range.end, with: Array(replacement.text.utf8))
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("a memberwise view gets an initializer that calls the builder, and the fixed view is silent")
    func memberwise() throws {
        let source = """
            struct Card<Content: View>: View {
                let title: String
                var isCompact: Bool = false
                @ViewBuilder let content: () -> Content
                var body: some View {
                    VStack { Text(title); content() }
                }
            }
            """
        let found = findings(source)
        #expect(found.count == 1)
        let fixed = try #require(found.first.flatMap { applyingFix($0, to: source) })
        #expect(fixed == """
            struct Card<Content: View>: View {
                let title: String
                var isCompact: Bool = false
                let content: Content

                init(title: String, isCompact: Bool = false, @ViewBuilder content: () -> Content) {
                    self.title = title
                    self.isCompact = isCompact
                    self.content = content()
                }
                var body: some View {
                    VStack { Text(title); content }
                }
            }
            """)
        #expect(findings(fixed).isEmpty)
    }

    @Test("an explicit initializer calls the builder; several builders are fixed together")
    func explicitInitializer() throws {
        let source = """
            struct Disclosure<Label: View, Destination: View>: View {
                let label: () -> Label
                let destination: () -> Destination
                init(@ViewBuilder label: @escaping () -> Label, @ViewBuilder destination: @escaping () -> Destination) {
                    self.label = label
                    self.destination = destination
                }
                var body: some View { VStack { self.label(); destination() } }
            }
            """
        let found = findings(source)
        #expect(found.count == 1)
        #expect(found.first?.message.contains("'label' and 'destination'") == true)
        let fixed = try #require(found.first.flatMap { applyingFix($0, to: source) })
        #expect(fixed.contains("self.label = label()\n") && fixed.contains("self.destination = destination()\n"))
        #expect(fixed.contains("VStack { self.label; destination }"))
        #expect(findings(fixed).isEmpty)
    }

    @Test("an untyped property leaves the memberwise initializer to be written by hand")
    func untypedProperty() {
        let found = findings("""
            struct Card<Content: View>: View {
                var isCompact = false
                let content: () -> Content
                var body: some View { content() }
            }
            """)
        #expect(found.count == 1 && found.first?.fixes.first?.replacement == nil)
    }

    @Test("no replacement where the change is not certain to compile", arguments: [
        // Passed on as a closure.
        """
        struct Passes<Content: View>: View {
            let content: () -> Content
            var body: some View { Wrapper(content: content) }
        }
        """,
        // Optional.
        """
        struct Maybe<Content: View>: View {
            let content: (() -> Content)?
            var body: some View { content?() }
        }
        """,
        // Read in another declaration.
        """
        struct Split<Content: View>: View {
            let content: () -> Content
            var body: some View { content() }
        }
        extension Split { var again: some View { content() } }
        """,
        // A memberwise initializer over a property wrapper.
        """
        struct Stateful<Content: View>: View {
            @State private var isOn = false
            let content: () -> Content
            var body: some View { content() }
        }
        """,
        // An initializer that does not assign the builder from its parameter.
        """
        struct Wrapped<Content: View>: View {
            let content: () -> Content
            init(make: @escaping () -> Content) { self.content = { make() } }
            var body: some View { content() }
        }
        """,
    ])
    func noReplacement(source: String) {
        let found = findings(source)
        #expect(found.count == 1)
        #expect(found.first?.fixes.first?.replacement == nil)
    }

    static let leaf = """
        struct Chip: View {
            let title: String
            let onTap: () -> Void
            var body: some View { Button(title, action: onTap) }
        }
        """

    @Test("callbacks of a small leaf: silent by default, a note with 'all', silent with 'none'")
    func leafCallbacks() {
        #expect(findings(Self.leaf).isEmpty)
        let all = findings(Self.leaf, options: ["callbacks": .string("all")])
        #expect(all.map(\.severity) == [.note])
        #expect(findings(Self.leaf, options: ["callbacks": .string("none")]).isEmpty)
    }

    @Test("callbacks of a row: a warning that names the container, unless 'none'")
    func rowCallbacks() {
        let source = Self.leaf + """

            struct Chips: View {
                let titles: [String]
                var body: some View { ForEach(titles, id: \\.self) { Chip(title: $0) {} } }
            }
            """
        let found = findings(source)
        #expect(found.map(\.severity) == [.warning])
        #expect(found.first?.message.contains("once per row of the ForEach in 'Chips.body'") == true)
        #expect(findings(source, options: ["callbacks": .string("none")]).isEmpty)
    }

    @Test("a finding's own severity never rises above the configured one")
    func severityOnlyLowers() {
        var configuration = Configuration()
        configuration.onlyRules = ["closure_input"]
        configuration.rules["closure_input"] = RuleSetting(severity: .error, options: ["callbacks": .string("all")])
        let result = Linter.lint([LintInput(source: .init(path: "V.swift", text: Self.leaf), isReported: true, deploymentTarget: nil)],
                                 rules: configuration.configuredRules(), knownRuleIDs: [], metaSeverities: [:], parallel: false)
        #expect(result.findings.map(\.severity) == [.note])
    }
}
