import Testing
import ViewLintCore

/// `unused_environment`'s severity follows what the unread dependency costs.
@Suite("unused_environment: cost-based severity")
struct UnusedEnvironmentTests {
    @Test("an @Observable object is dead code (a note); an ObservableObject and a key path subscribe (warnings)")
    func severities() {
        let source = """
            @Observable final class Library { var books: [String] = [] }
            final class Session: ObservableObject { @Published var user = "" }
            struct Shelf: View {
                @Environment(Library.self) private var library
                @EnvironmentObject var session: Session
                @Environment(\\.colorScheme) private var colorScheme
                @Environment(Unknown.self) private var unknown
                var body: some View { Text("Shelf") }
            }
            """
        let found = LintHarness.lint([("S.swift", source)], only: ["unused_environment"]).findings
        let bySymbol = Dictionary(uniqueKeysWithValues: found.map { ($0.symbol, $0) })
        #expect(bySymbol["Shelf.library"]?.severity == .note)
        #expect(bySymbol["Shelf.library"]?.message.contains("dead code") == true)
        #expect(bySymbol["Shelf.session"]?.severity == .warning)
        #expect(bySymbol["Shelf.colorScheme"]?.severity == .warning)
        #expect(bySymbol["Shelf.unknown"]?.severity == .warning)
        #expect(bySymbol["Shelf.unknown"]?.message.contains("subscribes") == true)
    }
}
