import Foundation
import Testing
import ViewLintCore
@testable import ViewLintEngine
@testable import ViewLintModel

/// Output must not depend on thread timing: not on the order names get their ids (interned by
/// whichever thread meets a name first), not on which thread made or checked which file, and
/// not on the order of a hashed set or table (a set's order follows a hash seed that differs
/// from run to run). The test orders (`VIEWLINT_DEBUG_NAME_ORDER`, `VIEWLINT_DEBUG_FILE_ORDER`,
/// docs/determinism.md) change the first two on purpose; separate processes change the third.
@Suite("Determinism", .serialized)
struct DeterminismCLITests {
    /// A table in another order gives every name another id, but the same spelling back, and
    /// the pinned names (whose ids index static tables) the ids they have in every table.
    @Test func nameOrdersRenumberIdsAndSpellThemBack() {
        let names = (0..<2000).map { "name\($0)" }
        let natural = NameTable()
        let naturalIDs = names.map(natural.intern)
        for order in [NameOrder.reverse, .shuffle(seed: 1), .shuffle(seed: 99)] {
            let table = NameTable(order: order)
            let ids = names.map(table.intern)
            #expect(Set(ids).count == names.count)
            #expect(ids.map(table.name(of:)) == names)
            #expect(names.map { table.existing($0) } == ids)
            #expect(NameTable.pinnedNames.map(table.intern) == NameTable.pinnedNames.map(natural.intern))
            #expect(table.name(of: ValueChain.element) == "")
            // The order of the ids differs from the natural one: sorted sets list other names first.
            let byID = names.indices.sorted { ids[$0] < ids[$1] }
            let byNaturalID = names.indices.sorted { naturalIDs[$0] < naturalIDs[$1] }
            #expect(byID != byNaturalID)
            if order == .reverse {
                // Within a shard (the id's low bits), later names come first.
                let shard = { (id: NameID) in id.raw & 15 }
                for k in 1..<names.count where shard(ids[k]) == shard(ids[0]) { #expect(ids[k] < ids[0]) }
            }
        }
        #expect(NameOrder.parse("reverse") == .reverse && NameOrder.parse("shuffle:7") == .shuffle(seed: 7))
        #expect(NameOrder.parse("shuffle") == .shuffle(seed: 1) && NameOrder.parse("sideways") == nil)
    }

    @Test func fileOrdersArePermutations() {
        for count in [0, 1, 2, 17, 1000] {
            for order in [Linter.FileOrder.reverse, .shuffle(seed: 1), .shuffle(seed: 5)] {
                let permutation = order.permutation(count) ?? []
                #expect(permutation.sorted() == Array(0..<count))
            }
        }
        #expect(Linter.FileOrder.natural.permutation(5) == nil)
        #expect(Linter.FileOrder.reverse.permutation(3) == [2, 1, 0])
        #expect(Linter.FileOrder.shuffle(seed: 1).permutation(50) != Array(0..<50))
        #expect(Linter.FileOrder.parse("shuffle:3") == .shuffle(seed: 3) && Linter.FileOrder.parse("") == nil)
    }

    /// Every fixture, linted with names numbered and files made in other orders, on one thread
    /// and on all, gives the same findings, messages, symbols and fixes (JSON) and the same
    /// suppressed findings (SARIF).
    @Test func fixturesLintTheSameInEveryTestOrder() throws {
        let fixtures = LintHarness.fixturesDirectory
        for format in ["json", "sarif"] {
            let expected = try CLIRunner.run(["lint", "--no-config", "--quiet", "--format", format, "."], in: fixtures)
            #expect(!expected.stdout.isEmpty)
            let orders: [[String: String]] = [
                ["VIEWLINT_DEBUG_NAME_ORDER": "reverse"],
                ["VIEWLINT_DEBUG_NAME_ORDER": "shuffle:3"],
                ["VIEWLINT_DEBUG_FILE_ORDER": "reverse"],
                ["VIEWLINT_DEBUG_NAME_ORDER": "shuffle:11", "VIEWLINT_DEBUG_FILE_ORDER": "shuffle:2"],
            ]
            for environment in orders {
                for jobs in [[], ["--jobs", "1"]] {
                    let out = try CLIRunner.run(["lint", "--no-config", "--quiet", "--format", format] + jobs + ["."],
                                                in: fixtures, environment: environment)
                    #expect(out.stdout == expected.stdout, "\(format) \(environment) \(jobs)")
                }
            }
        }
    }

    /// Files' findings are joined in output order whatever order the files came in; two files
    /// of one path (a caller may hand any inputs) interleave their findings by position, also
    /// when another file came between them.
    @Test func findingsOfFilesJoinInOutputOrder() {
        func finding(_ path: String, _ line: Int) -> Finding { FormatterTests.finding(path: path, line: line) }
        let a1 = finding("a", 1), a3 = finding("a", 3), a5 = finding("a", 5), b2 = finding("b", 2)
        let orders: [[[Finding]]] = [
            [[a1, a5], [b2], [a3]],
            [[b2], [a3], [], [a1, a5]],
            [[a1, a5], [a3], [b2]],
            [[a1, a3, a5], [b2]],
        ]
        for runs in orders {
            for parallel in [false, true] {
                var taken = runs
                let joined = Linter.inOutputOrder(&taken, parallel: parallel)
                #expect(joined.map { "\($0.path):\($0.start.line)" } == ["a:1", "a:3", "a:5", "b:2"])
            }
        }
    }

    /// Runs `files` as a project in `runs` processes (each with its own hash seed, even where the
    /// test runner pins one) and expects one output and exit status, and nothing on standard
    /// error; returns the output and the status.
    func sameOutputInEveryProcess(_ files: [String: String], runs: Int = 12) throws -> (stdout: String, status: Int32) {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (path, text) in files { try CLIRunner.write(text, to: dir.appendingPathComponent(path)) }
        var outputs: Set<String> = []
        var statuses: Set<Int32> = []
        for _ in 0..<runs {
            let run = try CLIRunner.run(["lint", "--no-config", "--quiet"], in: dir,
                                        environment: ["SWIFT_DETERMINISTIC_HASHING": "0"])
            #expect(run.stderr.isEmpty, "\(run.stderr)")
            outputs.insert(run.stdout)
            statuses.insert(run.status)
        }
        #expect(outputs.count == 1, "\(outputs.sorted())")
        #expect(statuses.count == 1, "\(statuses.sorted())")
        return (outputs.first ?? "", statuses.first ?? -1)
    }

    /// A representable conforming on two platforms, with no update method of its own: the message
    /// named `updateUIView` or `updateNSView` by the order of a set of protocol names.
    @Test func representableOnTwoPlatformsNamesOneUpdateMethod() throws {
        let out = try sameOutputInEveryProcess(["Map.swift": """
            import SwiftUI
            struct MapPin: UIViewRepresentable, NSViewRepresentable {
                let name: String
                let onSelect: () -> Void
                func makeUIView(context: Context) -> UIView { _ = onSelect; return UIView() }
                func makeNSView(context: Context) -> NSView { _ = onSelect; return NSView() }
            }
            struct Pins: View {
                let names: [String]
                var body: some View { ForEach(names, id: \\.self) { MapPin(name: $0) {} } }
            }
            """])
        #expect(out.stdout.contains("update method ('updateUIView')"))
    }

    /// A class naming two project classes as superclasses (which does not compile): the chain
    /// `child.model.$count` went through one or the other's `model` by the order of a set, so
    /// `Store` was reported in some runs and not in others.
    @Test func twoSuperclassesResolveOneWay() throws {
        let out = try sameOutputInEveryProcess(["Store.swift": """
            import Combine
            final class Store: ObservableObject { @Published var count = 0 }
            final class Other { var count = 0 }
            class Base1 { var model: Store = Store() }
            class Base2 { var model: Other = Other() }
            class Child: Base1, Base2 {}
            struct Watcher {
                let child: Child
                func watch() -> AnyPublisher<Int, Never> { child.model.$count.eraseToAnyPublisher() }
            }
            """])
        // The first superclass by name, `Base1`, holds the `Store` whose publisher is used.
        #expect(out.status == 0 && out.stdout.isEmpty)
    }
}
