import Testing
import ViewLintSyntax

/// `SourceFile.mentions` lets a rule return early on a file that cannot hold a candidate, so a
/// miss here would hide findings: it must find every occurrence, wherever it sits.
@Suite("Source file: mentions")
struct SourceFileMentionsTests {
    func file(_ text: String) -> SourceFile { SourceFile(path: "F.swift", text: text) }

    @Test func findsAWordAtTheStartTheMiddleAndTheEnd() {
        #expect(file("onAppear { }").mentions("onAppear"))
        #expect(file("Text(\"x\").onAppear { }").mentions("onAppear"))
        #expect(file("let x = 1 // .onAppear").mentions("onAppear"))
    }

    @Test func aPrefixOrAnOverlapIsNotAMatch() {
        #expect(!file("ForEac").mentions("ForEach"))
        #expect(!file("For Each").mentions("ForEach"))
        #expect(file("aaab").mentions("aab"))
        #expect(file("ForForEach").mentions("ForEach"))
    }

    @Test func shortAndEmptyFiles() {
        #expect(!file("").mentions("List"))
        #expect(!file("Lis").mentions("List"))
        #expect(file("List").mentions("List"))
        #expect(file("").mentions(""))
    }

    @Test func bytesAfterMultiByteTextAreSearched() {
        #expect(file("// é 🙂\n.environment(Model())").mentions("environment"))
    }
}
