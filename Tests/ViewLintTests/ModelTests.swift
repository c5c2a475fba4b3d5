import Testing
import ViewLintEngine
@testable import ViewLintModel
import ViewLintSyntax

/// The model facts rules rely on, checked directly on small sources.
@Suite("Model")
struct ModelTests {
    func model(_ text: String) -> FileModel {
        FileModel.build(SourceFile(path: "t.swift", text: text))
    }

    func member(_ name: String, in model: FileModel, type: Int = 0) -> Member? {
        model.types[type].members.first { $0.name == name }
    }

    /// Copies of a list whose storage `Immortal` marked never freed leave its count as it was
    /// (each copy of a shared count's object is an atomic write both cores contend for). Fails
    /// if the runtime's private mark stops working, or on Linux if `Immortal`'s compiler bound
    /// leaves this compiler out (then check the mark with it, and move the bound).
    @Test func immortalStorageIsNotCounted() {
        #if os(Linux)
        #expect(Immortal.marks, "Immortal's compiler bound leaves this compiler out")
        #endif
        func count(_ list: [String]) -> UInt { _getRetainCount(unsafeBitCast(list, to: AnyObject.self)) }
        func copies(of list: [String]) -> [[String]] { Array(repeating: list, count: 8) }
        // Made at run time, so the storage is on the heap and counted.
        let plain = (0..<3).map { "plain \($0)" }
        let plainBefore = count(plain)
        let plainCopies = copies(of: plain)
        // The measure itself sees copies: without this, an unchanged count would prove nothing.
        #expect(count(plain) == plainBefore + 8)
        guard Immortal.marks else { return }
        let kept = (0..<3).map { "kept \($0)" }
        Immortal.keepStorage(of: kept)
        let keptBefore = count(kept)
        let keptCopies = copies(of: kept)
        #expect(count(kept) == keptBefore)
        withExtendedLifetime((plainCopies, keptCopies)) {}
    }

    /// A name list answers by bytes: names sharing a first byte, last byte or length with a
    /// listed one (which pass its filter) are still told apart, and so are long names and names
    /// not in ASCII (by their bytes: a canonically equivalent spelling is another name).
    @Test func nameListsAnswerByteForByte() {
        let listed = ["HStack", "VStack", "Group", "accessibilityRespondsToUserInteraction", "é", "x", "overlay1", "listRowInsets"]
        let list = NameList(listed)
        for name in listed {
            #expect(list.contains(name), "\(name)")
            #expect(list.contains(String(Substring(name))), "\(name)")
        }
        for name in ["", "H", "HStacks", "HStask", "ZStack", "Grou", "Groupp", "GroUp", "VStacK", "e\u{301}",
                     "accessibilityRespondsToUserInteractioN", "accessibilityRespondsToUserInteractions",
                     "accessibilityRespondsXoUserInteraction", "y", "overlay2", "overlaz1", "listRowInsetz", "listXowInsets"] {
            #expect(!list.contains(name), "\(name)")
        }
        #expect(NameList(["", "a"]).contains(""))
        #expect(!NameList([String]()).contains(""))
        #expect(!NameList([String]()).contains("a"))
    }

    @Test func genericParameterNames() {
        let m = model("""
            struct Card<Content: View, each T, Label>: View where Label: View {}
            struct Plain {}
            struct Nested<A: Collection<Int>, B> {}
            """)
        #expect(m.types.map(\.genericParameters) == [["Content", "T", "Label"], [], ["A", "B"]])
    }

    /// Every kind of member carries its name's id, the one the process's table gives that name:
    /// rules ask name sets by it (`reads.contains(member.nameID)`) instead of looking it up.
    @Test func membersCarryTheirNamesIDs() {
        let m = model("""
            struct Row: View {
                @State private var `isOn` = false
                let a, b: Int
                typealias Action = () -> Void
                init() {}
                func toggle() { isOn.toggle() }
                var body: some View { Text("a") }
            }
            enum Mode { case light, dark }
            func helper() {}
            #Preview { Row() }
            """)
        let members = m.types.flatMap(\.members) + m.globals
        #expect(members.map(\.name) == ["isOn", "a", "b", "Action", "init", "toggle", "body", "light", "dark", "helper", "#Preview"])
        for member in members { #expect(member.nameID == NameID.existing(member.name), "\(member.name)") }
        #expect(member("toggle", in: m)?.reads.contains(member("isOn", in: m)!.nameID) == true)
    }

    /// A view expression's fields are shared between copies until one is changed: the change
    /// stays in that copy, and equal fields still compare and hash equal.
    @Test func viewExpressionCopiesAreIndependent() {
        let m = model("""
            struct Row: View {
                var body: some View { Text("a").padding().font(.body) }
            }
            """)
        guard case .view(let original)? = member("body", in: m)?.builder?.items.first else {
            Issue.record("no view")
            return
        }
        var copy = original
        #expect(copy == original && copy.hashValue == original.hashValue)
        copy.modifiers.removeLast()
        copy.baseText = "Image(a)"
        #expect(original.modifiers.map(\.name) == ["padding", "font"] && original.baseText == "Text(\"a\")")
        #expect(copy.modifiers.map(\.name) == ["padding"] && copy.baseText == "Image(a)")
        #expect(copy != original)
        var rebuilt = copy
        rebuilt.modifiers = original.modifiers
        rebuilt.baseText = original.baseText
        #expect(rebuilt == original && rebuilt.hashValue == original.hashValue)
    }

    /// A call site's fields are shared between copies until one is changed; an unlabelled
    /// argument has no label range; equal callee chains and modifier lists, in any file, share
    /// one array.
    @Test func callSitesCopyOnWriteAndShareTheirNameLists() {
        let source = """
            struct Row: View {
                private var count = 0
                var body: some View { VStack { Label(title: "t", systemImage: "star"); Text("a") } }
            }
            """
        let first = model(source)
        let second = model(source)
        guard let calls = member("body", in: first)?.calls, calls.count == 3,
              let again = member("body", in: second)?.calls, again.count == 3,
              let count = member("count", in: first), let countAgain = member("count", in: second) else {
            Issue.record("no calls")
            return
        }
        let label = calls[1]
        #expect(calls.map(\.callee) == [["VStack"], ["Label"], ["Text"]])
        #expect(label.arguments.map { argument in argument.labelRange.map { first.text($0) } } == ["title", "systemImage"])
        #expect(calls[2].arguments.count == 1 && calls[2].arguments[0].labelRange == nil)
        var copy = label
        copy.arguments.removeLast()
        copy.trailingClosures = 2
        #expect(label.arguments.count == 2 && label.trailingClosures == 0 && label == again[1])
        #expect(copy.arguments.count == 1 && copy.trailingClosures == 2 && copy != label)

        func storage(_ list: [String]) -> UnsafeRawPointer? {
            list.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
        }
        #expect(storage(label.callee) == storage(again[1].callee) && storage(label.callee) != storage(calls[2].callee))
        #expect(count.modifiers == ["private"] && storage(count.modifiers) == storage(countAgain.modifiers))
    }

    /// Type names are told by their first character, from the byte for ASCII and by the
    /// Unicode properties otherwise.
    @Test func typeNameInitials() {
        #expect("Text".firstScalarIsUppercase && !"text".firstScalarIsUppercase && !"_Text".firstScalarIsUppercase && !"".firstScalarIsUppercase)
        #expect("Élan".firstScalarIsUppercase && !"élan".firstScalarIsUppercase && "Δelta".firstScalarIsUppercase)
        #expect(!"δelta".firstScalarIsUppercase && !"1View".firstScalarIsUppercase)
    }

    /// A fact whose value is optional is computed on first use and its nil kept: a missing
    /// entry used to cast to `T?` and return nil without computing.
    @Test func optionalFactIsComputedOnceAndKeepsNil() {
        let project = ProjectModel(files: [model("struct A {}")])
        var calls = 0
        let first: Int? = project.fact("test.optional") { calls += 1; return 7 }
        let second: Int? = project.fact("test.optional") { calls += 1; return 8 }
        #expect(first == 7 && second == 7 && calls == 1)
        let none: String? = project.fact("test.none") { calls += 1; return nil }
        let again: String? = project.fact("test.none") { calls += 1; return "computed again" }
        #expect(none == nil && again == nil && calls == 2)
    }

    /// A per-file fact asked from many threads at once: each file's part is made once, by
    /// whichever thread took it, and the merge sees the parts in file order.
    @Test func perFileFactMakesEachPartOnceAndMergesInFileOrder() {
        let files = (0..<40).map { model("struct T\($0) {}") }
        let project = ProjectModel(files: files)
        let made = UnsafeMutablePointer<Int>.allocate(capacity: files.count)
        made.initialize(repeating: 0, count: files.count)
        defer { made.deallocate() }
        nonisolated(unsafe) let counts = made
        nonisolated(unsafe) var merges = 0
        let results = Linter.parallelMap(8, parallel: true) { _ in
            project.fact("test.perFile", perFile: { f -> [String] in
                counts[f] += 1 // each index is taken by one thread only
                return [project.files[f].types[0].name]
            }, merge: { parts -> [String] in
                merges += 1
                return parts.flatMap { $0 }
            })
        }
        let expected = (0..<40).map { "T\($0)" }
        #expect(results.allSatisfy { $0 == expected })
        #expect((0..<files.count).allSatisfy { made[$0] == 1 } && merges == 1)
    }

    /// The query layer's constness: through a `let` written with a literal, a computed property
    /// returning a constant, and static members; parameters and stored inputs vary.
    @Test func constnessThroughDeclarations() {
        let file = model("""
            struct Grid {
                let columns = 3
                var rows: Int { 4 }
                let input: Int
                static let palette = [1, 2]
                func build(count: Int) {
                    let local = columns + 1
                    let a = 0..<local, b = 0..<rows, c = Self.palette, d = 0..<count, e = 0..<input
                }
            }
            """)
        let project = ProjectModel(files: [file])
        guard let type = project.types["Grid"], let build = member("build", in: file) else {
            Issue.record("no 'Grid.build'")
            return
        }
        let shapes = ["a", "b", "c", "d", "e"].compactMap { build.localValues[$0] }
        let scope = ExpressionScope(project: project, owner: type, member: build)
        #expect(shapes.map { scope.constness($0) } == [.constant, .constant, .constant, .variable, .variable])
    }

    @Test func computedPropertyExpressionIsItsInitializer() {
        let m = model("""
            struct Tag {
                var id: UUID { UUID() }
                var name: String { return title.uppercased() }
                var many: String {
                    let x = title
                    return x
                }
            }
            """)
        #expect(member("id", in: m)?.initializer == .call(callee: .identifier("UUID"), arguments: [], trailingClosures: 0))
        #expect(member("name", in: m)?.initializerText == "title.uppercased()")
        #expect(member("many", in: m)?.initializer == nil)
    }

    @Test func viewModifierBodyIsABuilder() {
        let m = model("""
            struct Dim: ViewModifier {
                func body(content: Content) -> some View {
                    if on { content.opacity(0.3) } else { content }
                }
                func helper() -> some View { Text("x") }
            }
            """)
        guard case .conditional(let conditional)? = member("body", in: m)?.builder?.items.first else {
            Issue.record("no conditional in body(content:)")
            return
        }
        #expect(conditional.branches.count == 2 && conditional.hasElse)
        #expect(member("helper", in: m)?.builder == nil)
    }

    @Test func blocksKnowAboutExplicitReturns() {
        let m = model("""
            struct V: View {
                var body: some View {
                    if flag { return Text("a") } else { return Text("b") }
                }
            }
            """)
        guard case .conditional(let conditional)? = member("body", in: m)?.builder?.items.first else {
            Issue.record("no conditional in body")
            return
        }
        #expect(conditional.branches.map(\.block.hasReturn) == [true, true])
        #expect(member("body", in: m)?.builder?.hasReturn == false)
    }

    @Test func modifierArgumentsAndConditionalCompilation() {
        let m = model("""
            struct V: View {
                var body: some View {
                    Text("a")
                        .frame(width: 10, height: 20)
                        .overlay { Circle() }
                        #if os(iOS)
                        .padding()
                        #endif
                }
            }
            """)
        guard case .view(let view)? = member("body", in: m)?.builder?.items.first else {
            Issue.record("no view in body")
            return
        }
        #expect(view.hasConditionalCompilation)
        #expect(view.modifiers.map(\.name) == ["frame", "overlay"])
        #expect(view.modifiers[0].arguments.map(\.label) == ["width", "height"])
        #expect(view.modifiers[0].arguments.map(\.text) == ["10", "20"])
        #expect(view.modifiers[1].trailingClosures == 1)
    }

    @Test func receiversOfPublishers() {
        let m = model("""
            final class Parent {
                func bind() {
                    child.objectWillChange.sink { }
                    self?.store.objectWillChange.send()
                    objectWillChange.send()
                    player.$position.sink { }
                    makePlayer().$position.sink { }
                }
            }
            """)
        let receivers = member("bind", in: m)?.receivers ?? [:]
        #expect(receivers["objectWillChange"] == ["child", "self.store"])
        #expect(receivers["$position"] == ["player", ""])
        #expect(member("bind", in: m)?.reads.contains("objectWillChange") == true)
    }

    @Test func selfAssignmentWritesTheShadowedProperty() {
        let m = model("""
            struct V: View {
                private var onChange: () -> Void = {}
                init(onChange: @escaping () -> Void) { self.onChange = onChange }
            }
            """)
        #expect(member("init", in: m)?.writes.contains("onChange") == true)
        #expect(member("init", in: m)?.reads.contains("onChange") == false)
    }

    @Test func topLevelFunctionsAndVariables() {
        let m = model("""
            let shared = Store()
            func observe(_ store: Store) { store.objectWillChange.sink { } }
            #if DEBUG
            func debugOnly() {}
            #endif
            struct V {}
            """)
        #expect(m.globals.map(\.name) == ["shared", "observe", "debugOnly"])
        #expect(m.globals[1].receivers["objectWillChange"] == ["store"])
        #expect(m.types.map(\.name) == ["V"])
    }

    @Test func readsThroughValuesOfAType() {
        let files = [
            FileModel.build(SourceFile(path: "a.swift", text: """
                struct Label: View { let text: String; let lines: Int }
                extension UILabel {
                    func apply(_ label: inout Label?) { numberOfLines = label?.lines ?? 0 }
                }
                final class Coordinator { var parent: Label; func sync() { print(parent.text) } }
                """)),
            FileModel.build(SourceFile(path: "b.swift", text: "func render(_ view: Module.Label) { _ = view.text }")),
        ]
        let project = ProjectModel(files: files)
        #expect(project.memberReadsThroughValues["Label"].map { Set($0.names) }?.isSuperset(of: ["lines", "text"]) == true)
        #expect(project.memberReadsThroughValues["UILabel"] == nil)
    }

    @Test func helpersReturningViewsKeepTheirViewTrees() {
        let m = model("""
            struct V: View {
                var body: some View { header }
                private var header: some View { VStack { Text("a") } }
                func chip() -> some View { Group { Text("b") } }
                var count: Int { 1 }
            }
            """)
        #expect(member("body", in: m)?.builder != nil && member("body", in: m)?.returnedViews == nil)
        #expect(member("header", in: m)?.builder == nil)
        guard case .view(let header)? = member("header", in: m)?.returnedViews?.items.first,
              case .view(let chip)? = member("chip", in: m)?.returnedViews?.items.first else {
            Issue.record("no returned views")
            return
        }
        #expect(header.baseCallee == ["VStack"] && header.contents.count == 1)
        #expect(chip.baseCallee == ["Group"] && chip.contents.count == 1)
        #expect(member("count", in: m)?.returnedViews == nil)
    }

    /// The query layer's project questions: reads in any file and through values, construction
    /// sites and whether they always pass a constant, builder conditionals, `#if` branches.
    @Test func queryLayerAnswers() {
        let files = [
            FileModel.build(SourceFile(path: "a.swift", text: """
                struct Badge: View {
                    let title: String
                    let count: Int
                    var body: some View {
                        if count > 0 { Text(title).bold() } else { Text(title) }
                    }
                }
                """)),
            FileModel.build(SourceFile(path: "b.swift", text: """
                struct Screen: View {
                    let limit = 3
                    var body: some View {
                        Badge(title: "A", count: limit)
                        #if DEBUG
                        Badge(title: "B", count: 2)
                        #endif
                    }
                }
                func render(_ badge: Badge) { print(badge.count) }
                """)),
        ]
        let project = ProjectModel(files: files)
        guard let badge = project.types["Badge"] else {
            Issue.record("no Badge")
            return
        }
        #expect(project.views(inFile: 0).map(\.view.key) == ["Badge"])
        #expect(project.storedInputs(of: project.views(inFile: 0)[0].decl).map(\.name) == ["title", "count"])
        #expect(project.isRead("title", in: badge) && project.isReadThroughValues("count", of: badge))
        #expect(!project.isReadThroughValues("title", of: badge))
        let sites = project.constructionSites(of: badge)
        #expect(sites.map(\.file) == [1, 1] && sites.map { $0.arguments.map(\.label) } == [["title", "count"], ["title", "count"]])
        #expect(project.isAlwaysPassedConstant("title", to: badge) && project.isAlwaysPassedConstant("count", to: badge))
        let conditionals = files[0].types[0].members.first { $0.name == "body" }?.builderConditionals ?? []
        #expect(conditionals.count == 1 && conditionals.first?.branchesAreBuilders == true)
        guard let debugSite = sites.last else { return }
        #expect(files[1].compilationBranches(enclosing: debugSite.call.range).map(\.condition) == ["DEBUG"])
    }

    /// A name interned from a file's bytes and from a `String` is one id, in any table; sets stay
    /// sorted and unique through unions, and answer by id and by name.
    @Test func namesAreInternedOnceAndSetsAnswerByIdAndName() {
        let table = NameTable()
        let fileNames = FileNames(table: table)
        let bytes = Array("count `count` total".utf8)
        let fromBytes = bytes.withUnsafeBufferPointer { fileNames.id(UnsafeBufferPointer(rebasing: $0[0..<5])) }
        let quoted = bytes.withUnsafeBufferPointer { fileNames.id(UnsafeBufferPointer(rebasing: $0[7..<12])) }
        #expect(fromBytes == table.intern("count") && quoted == fromBytes)
        #expect(table.name(of: fromBytes) == "count" && table.existing("missing") == nil)

        let a: NameSet = ["items", "count", "items"]
        let b: NameSet = ["title", "count"]
        #expect(a.count == 2 && a.contains("items") && !a.contains("title") && !a.contains("never interned anywhere"))
        #expect(a.contains(NameID("count")) && !a.isDisjoint(with: b) && a.isDisjoint(with: ["title"]))
        let union = a.union(b)
        #expect(union.count == 3 && union.ids == union.ids.sorted() && Set(union.names) == ["items", "count", "title"])
        #expect(union.subtracting(a).names == ["title"] && NameSet().union(b) == b)
    }

    /// The one FNV-1a the interner and the SARIF fingerprints share: the published 64-bit test
    /// vectors, and a hash continued over parts equal to the hash of their concatenation (the
    /// fingerprint hashes rule, file and symbol that way).
    @Test func fnv1aMatchesPublishedVectorsAndContinues() {
        #expect(FNV1a.hash("") == 0xCBF2_9CE4_8422_2325)
        #expect(FNV1a.hash("a") == 0xAF63_DC4C_8601_EC8C)
        #expect(FNV1a.hash("foobar") == 0x8594_4171_F739_67E8)
        let bytes = Array("foobar".utf8)
        #expect(bytes.withUnsafeBufferPointer { FNV1a.hash($0) } == FNV1a.hash("foobar"))
        let continued = FNV1a.hash("bar", from: FNV1a.hash(byte: UInt8(ascii: "o"), from: FNV1a.hash("fo")))
        #expect(continued == FNV1a.hash("foobar"))
    }

    /// Availability checks come from tokens: every argument of a check spread over lines counts,
    /// a mention in a comment or a string does not, and `*` or a spaced version is no argument.
    @Test func availabilityChecksAreReadFromCode() {
        let text = """
            // #available(iOS 13, *)
            let note = "#unavailable(macOS 10.15)"
            func f() {
                if #available(iOS 15.0,
                              macOS 12.0.1, *) {}
                guard #unavailable(tvOS 16 .0, watchOS 9) else { return }
            }
            """
        let file = model(text)
        #expect(file.availabilityChecks.map { [$0.platform, $0.version] } == [["iOS", "15.0"], ["macOS", "12.0.1"], ["watchOS", "9"]])
        // Each argument knows where its check starts: the code the check guards.
        let bytes = Array(text.utf8)
        let available = bytes.firstRange(of: Array("if #available".utf8))!.lowerBound + 3
        let unavailable = bytes.firstRange(of: Array("guard #unavailable".utf8))!.lowerBound + 6
        #expect(file.availabilityChecks.map(\.keywordStart) == [available, available, unavailable])
    }
}
