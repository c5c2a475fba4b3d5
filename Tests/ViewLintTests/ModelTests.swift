import Dispatch
import Testing
import ViewLintEngine
@testable import ViewLintModel
@testable import ViewLintRules
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

    /// A lane's per-type table answers its owner from what it has seen, and whatever the shared
    /// table holds: a value is made once for all lanes, and any other thread reads the shared one.
    @Test func laneTypeFactsShareValues() {
        let shared = PerTypeFact<Int>("test", count: 3)
        let lane = PerTypeFact(laneOf: shared)
        #expect(lane.value(1) { 7 } == 7)
        // The lane keeps what it made, and the shared table has it too.
        #expect(lane.heldHere(1) == 7 && shared.heldHere(1) == 7)
        #expect(shared.value(1) { 9 } == 7)
        #expect(lane.value(1) { 8 } == 7)
        #expect(shared.value(2) { 5 } == 5)
        #expect(lane.heldHere(2) == nil)
        #expect(lane.value(2) { 6 } == 5)
        #expect(lane.heldHere(2) == 5)
        // Another lane makes nothing a lane made before it.
        var makes = 0
        let second = PerTypeFact(laneOf: shared)
        let seen = second.value(1) {
            makes += 1
            return 10
        }
        #expect(seen == 7 && makes == 0 && second.heldHere(1) == 7)
        // Out of range (a type of another model): made, kept nowhere.
        #expect(lane.value(3) { 4 } == 4 && lane.value(3) { 3 } == 3)
        final class Answer: @unchecked Sendable { var value = 0 }
        let other = Answer()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            other.value = lane.value(0) { 11 }
            done.signal()
        }
        done.wait()
        // Another thread's value is the shared table's, not kept by the lane it did not make.
        #expect(other.value == 11 && lane.heldHere(0) == nil && shared.heldHere(0) == 11)
        #expect(shared.value(0) { 12 } == 11 && lane.value(0) { 13 } == 11)
    }

    /// `ValueChain.element` is no name's id: spelling it gives an empty name, where indexing
    /// the name table with it went out of bounds.
    @Test func elementStepHasNoName() {
        #expect(ValueChain.element.name == "")
        #expect(NameID("body").name == "body")
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
            // Cut out of a longer text at run time: storage of its own (a literal's, or the
            // whole string a slice spans, is the literal's), with other bytes around the name.
            let cut = String(("<" + name + "!>").dropFirst().dropLast(2))
            #expect(cut == name && list.contains(cut), "\(name)")
        }
        #expect(Set(list.names) == Set(listed))
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

    /// `MemberViews` walks a member's blocks again (to carry ancestors), and
    /// `RuleContext.viewExpressions(of:)` returns its views or `viewExpressions`: both must list
    /// the same views in the same order, through conditionals, modifier contents and `ForEach`.
    @Test func memberViewsKeepViewExpressionsOrder() {
        let m = model("""
            struct Screen: View {
                @State var on = false
                var body: some View {
                    VStack {
                        if on {
                            Text("a").sheet(isPresented: $on) { Image("s"); Text("in sheet") }
                        } else {
                            HStack { Text("b"); Spacer() }
                        }
                        ForEach(items) { item in
                            switch item.kind {
                            case .x: Label("x", systemImage: "x")
                            default: Button { } label: { Text("tap") }
                            }
                        }
                        .overlay { Color.red }
                    }
                    List { Text("row") }
                }
            }
            """)
        guard let body = member("body", in: m) else {
            Issue.record("no body")
            return
        }
        let expected = body.viewExpressions
        let walked = MemberViews(body)
        #expect(expected.count == 14)
        #expect(walked.views.map(\.baseRange) == expected.map(\.baseRange))
        #expect(Array(walked.baseTypeNames) == expected.map(\.baseTypeName))
        // Ancestors ride along: the sheet's `Image` is inside the `Text` it modifies and the `VStack`.
        let image = walked.views.firstIndex { $0.baseTypeName == "Image" }
        #expect(image.map { Array(walked.ancestors(of: $0).compactMap(\.baseTypeName).reversed()) } == ["VStack", "Text"])
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
        copy.arguments = ArgumentList(Array(copy.arguments.dropLast()))
        copy.trailingClosures = 2
        #expect(label.arguments.count == 2 && label.trailingClosures == 0 && label == again[1])
        #expect(copy.arguments.count == 1 && copy.trailingClosures == 2 && copy != label)

        func storage(_ list: [String]) -> UnsafeRawPointer? {
            list.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
        }
        #expect(storage(label.callee) == storage(again[1].callee) && storage(label.callee) != storage(calls[2].callee))
        #expect(count.modifiers == ["private"] && storage(count.modifiers) == storage(countAgain.modifiers))
    }

    /// A call's arguments are stored once: the call site a member records and the shape of an
    /// expression holding the same call (an initial value, another call's argument) share them.
    @Test func callArgumentsAreStoredOnce() {
        let m = model("""
            struct Row: View {
                let title = Text(String(format: "%d", 1))
                var body: some View { Text(String(format: "%d", 2)).padding(Edge.Set(rawValue: 1)) }
            }
            """)
        guard let title = member("title", in: m), let body = member("body", in: m),
              case .call(_, let outer, _)? = title.initializer, case .call(_, let inner, _) = outer[0].shape,
              let formatSite = title.calls.first(where: { $0.callee == ["String"] }),
              let textSite = title.calls.first(where: { $0.callee == ["Text"] }),
              case .view(let view)? = body.builder?.items.first,
              case .call(_, let rawValue, _) = view.modifiers[0].arguments[0].shape,
              let setSite = body.calls.first(where: { $0.callee == ["Edge", "Set"] }) else {
            Issue.record("no calls")
            return
        }
        #expect(inner.map(\.label) == ["format", nil] && inner.map(\.text) == ["\"%d\"", "1"])
        #expect(sameStorage(inner, formatSite.arguments) && sameStorage(outer, textSite.arguments))
        #expect(rawValue.map(\.text) == ["1"] && sameStorage(rawValue, setSite.arguments))
        #expect(!sameStorage(inner, body.calls.first { $0.callee == ["String"] }?.arguments ?? []))
    }

    /// Shapes are cut at `SyntaxTree.maxShapeDepth`, counted from where each is asked: a call
    /// site deep inside an initial value keeps its arguments whole although the initial value's
    /// shape has them cut, so the list is shared only where both would be the same.
    @Test func sharedArgumentsKeepEachDepthsCut() {
        let nested = (1...14).map { "A\($0)(" }.joined() + "x" + String(repeating: ")", count: 14)
        let m = model("struct S { let v = \(nested) }")
        guard let v = member("v", in: m), var shape = v.initializer,
              let deep = v.calls.first(where: { $0.callee == ["A13"] }),
              let outermost = v.calls.first(where: { $0.callee == ["A1"] }) else {
            Issue.record("no calls")
            return
        }
        // The initial value's shape: A2 is at depth 1, ..., A13 at 12, and A14 cut.
        for _ in 1...12 {
            guard case .call(_, let arguments, _) = shape, arguments.count == 1 else { Issue.record("not a call"); return }
            shape = arguments[0].shape
        }
        guard case .call(_, let cut, _) = shape else { Issue.record("A13 not a call"); return }
        #expect(cut[0].shape == .other("A14(x)"))
        guard case .call(_, let whole, _) = deep.arguments[0].shape else { Issue.record("A14 cut at the call site"); return }
        #expect(whole.map(\.shape) == [.identifier("x")] && !sameStorage(cut, deep.arguments))
        // The outermost call site counts from its arguments, one level above the initial
        // value's: its cut falls inside A14 (`x`), not around it, and it has a list of its own.
        var site = outermost.arguments[0].shape
        for _ in 2...13 {
            guard case .call(_, let arguments, _) = site, arguments.count == 1 else { Issue.record("not a call"); return }
            site = arguments[0].shape
        }
        guard case .call(_, let last, _) = site, case .call(_, let first, _)? = v.initializer else {
            Issue.record("the outermost call site or the initial value is not a call")
            return
        }
        #expect(last.map(\.shape) == [.other("x")] && !sameStorage(first, outermost.arguments))
    }

    /// Arguments are moved from the table's stack into chunks that grow and then fill up
    /// (`ArgumentTable.chunkCapacity`): lists in a later chunk, and lists whose arguments were
    /// stacked under many inner ones, keep their own arguments, and are still shared.
    @Test func argumentsSurviveChunksAndDeepStacks() {
        let wide = "Wide(" + (0..<40).map { "a\($0): Inner(\($0))" }.joined(separator: ", ") + ")"
        let lines = (0..<3000).map { "    let p\($0) = Pair(\($0), b: \($0 + 1))" }
        let m = model("struct S {\n" + lines.joined(separator: "\n") + "\n    let wide = \(wide)\n}")
        if case .call(_, let first, _)? = member("p0", in: m)?.initializer,
           case .call(_, let last, _)? = member("p2999", in: m)?.initializer {
            #expect(first.chunk !== last.chunk)
        } else {
            Issue.record("p0 or p2999 has no call")
        }
        for name in ["p0", "p1500", "p2999"] {
            guard let p = member(name, in: m), case .call(_, let arguments, _)? = p.initializer,
                  let site = p.calls.first(where: { $0.callee == ["Pair"] }) else {
                Issue.record("no call in \(name)")
                continue
            }
            let n = Int(name.dropFirst())!
            #expect(arguments.map(\.text) == ["\(n)", "\(n + 1)"] && arguments.map(\.label) == [nil, "b"])
            #expect(sameStorage(arguments, site.arguments))
        }
        guard let w = member("wide", in: m), case .call(_, let outer, _)? = w.initializer else {
            Issue.record("no wide call")
            return
        }
        #expect(outer.map(\.label) == (0..<40).map { "a\($0)" })
        for (i, argument) in outer.enumerated() {
            guard case .call(_, let inner, _) = argument.shape else { Issue.record("a\(i) not a call"); continue }
            #expect(inner.map(\.text) == ["\(i)"])
        }
    }

    /// A file's argument chunks are freed with its model. The arguments of `Text(String(...))`
    /// hold the shape of the inner call and so its list: when the inner list shared the outer
    /// one's chunk, the chunk held itself and no model's arguments were ever freed (the first
    /// table's leak, which only the fuzzer's leak check saw).
    @Test func argumentChunksAreFreedWithTheirModel() {
        final class Weak { weak var chunk: ArgumentChunk?; init(_ chunk: ArgumentChunk?) { self.chunk = chunk } }
        func collect(_ list: ArgumentList, into refs: inout [Weak]) {
            guard let chunk = list.chunk else { return }
            refs.append(Weak(chunk))
            for argument in list { collect(argument.shape, into: &refs) }
        }
        func collect(_ shape: ExprShape, into refs: inout [Weak]) {
            switch shape {
            case .call(let callee, let arguments, _):
                collect(callee, into: &refs)
                collect(arguments, into: &refs)
            case .member(let base?, _): collect(base, into: &refs)
            case .operators(_, let operands): for operand in operands { collect(operand, into: &refs) }
            default: break
            }
        }
        func chunks() -> [Weak] {
            let m = model("""
                struct Row: View {
                    let title = Text(String(format: "%d", Int(max(1, min(2, 3)))))
                    let sum = Item(a: 1) + Item(b: Pair(1, 2))
                    var body: some View {
                        Text(String(format: "%d", 2)).padding(Edge.Set(rawValue: 1)).font(.system(size: 12))
                    }
                }
                """)
            var refs: [Weak] = []
            for member in m.types[0].members {
                member.initializer.map { collect($0, into: &refs) }
                for call in member.calls { collect(call.arguments, into: &refs) }
            }
            return refs
        }
        let refs = chunks()
        #expect(refs.count >= 10)
        #expect(refs.allSatisfy { $0.chunk == nil }, "\(refs.filter { $0.chunk != nil }.count) of \(refs.count) chunks outlived their model")
    }

    func sameStorage(_ a: ArgumentList, _ b: ArgumentList) -> Bool {
        !a.isEmpty && a.chunk === b.chunk && a.start == b.start && a.count == b.count
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
                var badge: some View { Text(title) }
            }
            """)
        #expect(member("id", in: m)?.initializer == .call(callee: .identifier("UUID"), arguments: [], trailingClosures: 0))
        #expect(member("name", in: m)?.initializer != nil)
        // A getter's text is not made: only a stored property's initial value is quoted.
        #expect(member("name", in: m).flatMap { m.initializerText(of: $0) } == nil)
        #expect(member("many", in: m)?.initializer == nil)
        // A getter that builds views keeps its shape, but no text (nothing reads it).
        #expect(member("badge", in: m)?.initializer != nil)
        #expect(member("badge", in: m).flatMap { m.initializerText(of: $0) } == nil)
    }

    /// A result type made of views, told from the type's bytes: `some ` counts as a prefix only
    /// where it is one by Characters (a combining mark after the space joins it).
    @Test func aResultTypeOfViewsIsToldFromItsText() {
        for text in ["some View", "some ToolbarContent", "AnyView", "Optional<AnyView>", "some Ä", "some V\u{301}"] {
            #expect(ModelExtractor.returnsViews(text), "\(text)")
        }
        for text in ["Int", "[Item]", "some", "someType", "some\u{301} Content", "some \u{301}Content", "Vie"] {
            #expect(!ModelExtractor.returnsViews(text), "\(text)")
        }
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

    /// The read collector's per-member tables start at 64 slots and double past half full: a
    /// member that binds 200 names or meets 200 chains makes them grow three times, moving
    /// every entry. The names whose writes moved the table must still shadow the properties
    /// they name, and a repeated chain still be told from a new one.
    @Test func manyBindingsAndChainsOutgrowTheMembersTables() {
        let count = 200
        let locals = (0..<count).map { "        let local\($0) = model.field\($0)" }.joined(separator: "\n")
        let m = model("""
            struct V: View {
                var model: Model
                var shown = 0
                var local32 = 0, local64 = 0, local128 = 0, local150 = 0
                func f() {
            \(locals)
                    print(shown, local32, local64, local128, local150, model.field7)
                }
            }
            """)
        let f = member("f", in: m)
        #expect(f?.reads.contains("shown") == true)
        // The 33rd, 65th and 129th names bound are the ones whose writes move the table.
        for shadowed in ["local32", "local64", "local128", "local150"] {
            #expect(f?.reads.contains(shadowed) == false, "\(shadowed)")
        }
        #expect(f?.valueChains.count == count)
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

    /// A finding about a view points at its callee as written, backticks and line breaks
    /// included and generic arguments left out; `SwiftUI.Image(...)` builds an image, it is no
    /// modifier `Image` applied to `SwiftUI`.
    @Test func baseCalleeRangeIsTheCalleeAsWritten() {
        let text = """
            struct V: View {
                var body: some View {
                    `VStack` { Text("a") }
                    SwiftUI
                        .List { Text("b") }
                    ForEach<[Int], Int, Text>([1], id: \\.self) { Text("\\($0)") }
                    SwiftUI.Image("c").padding()
                    VStack.init { Text("d") }
                }
            }
            """
        let m = model(text)
        let views = (member("body", in: m)?.builder?.items ?? []).compactMap { item -> ViewExpression? in
            if case .view(let view) = item { return view }
            return nil
        }
        let bytes = Array(text.utf8)
        let spelled = views.map { view -> String in
            let range = view.baseCalleeRange
            return String(decoding: bytes[range.start..<range.end], as: UTF8.self)
        }
        #expect(spelled == ["`VStack`", "SwiftUI\n            .List", "ForEach", "SwiftUI.Image", "VStack.init"])
        #expect(views.count == 5 && views[3].baseCallee == ["SwiftUI", "Image"] && views[3].baseTypeName == "Image"
            && views[3].modifiers.map(\.name) == ["padding"])
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
        #expect(project.unwrappedStoredProperties(of: project.views(inFile: 0)[0].decl).filter { project.isStoredInput(unwrapped: $0) }.map(\.name) == ["title", "count"])
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

    /// Names are told apart by their bytes, found again after the table grows, and spelled as
    /// interned; bytes that are not UTF-8 are the name their repaired spelling is.
    @Test func theNameTableFindsEveryNameByItsBytes() {
        let table = NameTable()
        let fileNames = FileNames(table: table)
        let names = (0..<5_000).map { "name\($0)" }
        let ids = names.map { table.intern($0) }
        #expect(Set(ids).count == names.count)
        for (name, id) in zip(names, ids) {
            #expect(table.intern(name) == id && table.existing(name) == id && table.name(of: id) == name)
            #expect(fileNames.id(name) == id)
        }
        #expect(table.existing("name5000") == nil && table.existing("") == nil)
        #expect(table.intern("") == table.intern("") && table.name(of: table.intern("")) == "")
        let precomposed = table.intern("caf\u{E9}"), decomposed = table.intern("cafe\u{301}")
        #expect(precomposed != decomposed && table.name(of: decomposed) == "cafe\u{301}")
        let invalid: [UInt8] = [0x61, 0xFF, 0x62], otherInvalid: [UInt8] = [0x61, 0xFE, 0x62]
        let a = invalid.withUnsafeBufferPointer { fileNames.id($0) }
        let b = otherInvalid.withUnsafeBufferPointer { fileNames.id($0) }
        #expect(a == b && a == table.intern("a\u{FFFD}b"))
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
