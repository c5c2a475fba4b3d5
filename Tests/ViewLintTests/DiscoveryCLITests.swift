import Foundation
import Testing
@testable import ViewLintCLI

/// The walk's reading of directory entries, which judges names as bytes where it can.
@Suite("File discovery")
struct DiscoveryCLITests {
    /// `walkedName` answers as the string rules it stands for, on ASCII names and on names whose
    /// characters span bytes (a combining mark after the dot, a prepended mark before it).
    @Test func namesAreJudgedAsTheirStrings() {
        let pieces = [".", "swift", ".swift", "Pods", "DerivedData", "node_modules", ".build", "a", "\u{301}", "\u{600}",
                      "\u{E9}", "\r", "\n", "s", "_", "Carthage", ".git"]
        var generator = SystemRandomNumberGenerator()
        var names = pieces + FileDiscovery.skippedDirectories.map { $0 }
        for _ in 0..<20_000 {
            names.append((0..<Int.random(in: 1...4, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined())
        }
        for name in names {
            for isRegularFile in [false, true] {
                let expected: Bool?
                if name.hasPrefix(".") || FileDiscovery.skippedDirectories.contains(name) {
                    expected = nil
                } else if isRegularFile && !name.hasSuffix(".swift") {
                    expected = nil
                } else {
                    expected = name.hasSuffix(".swift")
                }
                let bytes = Array(name.utf8)
                let judged = bytes.withUnsafeBufferPointer { FileDiscovery.walkedName($0, isRegularFile: isRegularFile) }
                #expect(judged == expected, "\(name.debugDescription) \(isRegularFile)")
            }
        }
    }

    /// A tree walked on one core and on several finds the same files in the same order: sorted
    /// by name, depth first, hidden and skipped folders left out.
    @Test func walkOrderDoesNotDependOnCores() throws {
        let root = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        var expected: [String] = []
        for folder in ["B", "a", "A/Z", "A/b", ".hidden", "Pods", "C"] {
            for file in ["y.swift", "X.swift", "notes.txt", "b.swift"] {
                try CLIRunner.write("struct S {}\n", to: root.appendingPathComponent(folder).appendingPathComponent(file))
            }
        }
        for k in 0..<80 { try CLIRunner.write("\n", to: root.appendingPathComponent("C/f\(k).swift")) }
        func walk(_ parallel: Bool) -> [String] {
            var discovery = FileDiscovery()
            discovery.parallel = parallel
            discovery.add(root.path)
            return discovery.files.map { String($0.path.dropFirst(root.path.count + 1)) }
        }
        let one = walk(false)
        for folder in ["A/Z", "A/b", "B", "C", "a"] {
            var names = ["X.swift", "b.swift", "y.swift"]
            if folder == "C" { names += (0..<80).map { "f\($0).swift" } }
            expected += names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }.map { folder + "/" + $0 }
        }
        #expect(one == expected)
        #expect(walk(true) == one)
    }
}
