import Testing
import ViewLintModel
import ViewLintSyntax

/// Which types are views: one test per SDK protocol in `KnownNames.viewProtocols`, each plain
/// and `SwiftUI.`-qualified, directly, by extension, and through a project protocol.
@Suite("View classification")
struct ViewClassificationTests {
    func isView(_ name: String, _ code: String) -> Bool {
        let project = ProjectModel(files: [FileModel.build(SourceFile(path: "t.swift", text: code))])
        guard let type = project.types[name] else { return false }
        return project.isView(type)
    }

    @Test(arguments: KnownNames.viewProtocols.sorted())
    func sdkProtocolMakesAView(_ proto: String) {
        #expect(isView("A", "struct A: \(proto) {}"))
        #expect(isView("B", "struct B: SwiftUI.\(proto) {}"))
        #expect(isView("C", "struct C {}\nextension C: \(proto) {}"))
        #expect(isView("D", "protocol P: \(proto) {}\nprotocol Q: P {}\nstruct D: Q {}"))
    }

    @Test func othersAreNot() {
        #expect(!isView("A", "struct A: Identifiable {}"))
        #expect(!isView("P", "protocol P: View {}"))
        #expect(!isView("A", "struct A: App { var body: some Scene { WindowGroup {} } }"))
        // A representable's coordinator is nested in a view but is not one.
        #expect(!isView("M.Coordinator", "struct M: UIViewRepresentable { final class Coordinator {} }"))
        #expect(isView("M", "struct M: UIViewRepresentable { final class Coordinator {} }"))
    }
}
