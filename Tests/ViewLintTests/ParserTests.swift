import Testing
import ViewLintModel
import ViewLintSyntax

@Suite("Parser")
struct ParserTests {
    func outline(_ source: String) -> String {
        Parser.parse(SourceFile(path: "t.swift", text: source)).dump()
    }

    func kinds(_ source: String) -> [NodeKind] {
        Parser.parse(SourceFile(path: "t.swift", text: source)).nodes.map(\.kind)
    }

    @Test func typeDeclarationWithEverything() {
        let tree = outline("""
            @MainActor public struct Card<T: View>: View, Sendable where T: Equatable {
                @Environment(\\.dismiss) private var dismiss
                let title: String, count: Int
                var body: some View { Text(title) }
            }
            """)
        #expect(tree == """
            sourceFile
              structDecl
                attribute @MainActor
                declModifier public
                genericParameterClause <T: View>
                inheritanceClause
                  simpleType View
                  simpleType Sendable
                genericWhereClause where T: Equatable
                memberBlock
                  variableDecl
                    attribute
                      attributeArguments
                        argumentList
                          argument
                            keyPathExpr \\.dismiss
                    declModifier private
                    patternBinding
                      identifierPattern dismiss
                  variableDecl
                    patternBinding
                      identifierPattern title
                      typeAnnotation
                        simpleType String
                    patternBinding
                      identifierPattern count
                      typeAnnotation
                        simpleType Int
                  variableDecl
                    patternBinding
                      identifierPattern body
                      typeAnnotation
                        someOrAnyType
                          simpleType View
                      accessorBlock
                        codeBlock
                          callExpr
                            identifierExpr Text
                            argumentList
                              argument
                                identifierExpr title
            """)
    }

    @Test func modifierChainsAndTrailingClosures() {
        let tree = outline("""
            Button { save() } label: { Label("Save", systemImage: "tray") }
                .padding()
            """)
        #expect(tree == """
            sourceFile
              callExpr
                memberAccessExpr
                  callExpr
                    identifierExpr Button
                    closureExpr
                      callExpr
                        identifierExpr save
                        argumentList ()
                    labeledTrailingClosure
                      closureExpr
                        callExpr
                          identifierExpr Label
                          argumentList
                            argument
                              stringLiteralExpr "Save"
                            argument
                              stringLiteralExpr "tray"
                argumentList ()
            """)
    }

    @Test func conditionsDoNotTakeTrailingClosures() {
        let tree = outline("if let user, count > 0, case .some(let x) = y { a } else if #available(iOS 17, *) { b } else { c }")
        #expect(tree == """
            sourceFile
              ifStmt
                conditionList
                  optionalBinding
                    identifierPattern user
                  sequenceExpr
                    identifierExpr count
                    binaryOperator >
                    literalExpr 0
                  matchingPattern
                    callExpr
                      memberAccessExpr .some
                      argumentList
                        argument
                          valueBindingPattern
                            identifierExpr x
                    identifierExpr y
                codeBlock
                  identifierExpr a
                ifStmt
                  conditionList
                    availabilityCondition #available(iOS 17, *)
                  codeBlock
                    identifierExpr b
                  codeBlock
                    identifierExpr c
            """)
    }

    @Test func genericArgumentsVersusComparison() {
        #expect(kinds("let a = Array<Int>()").contains(.specializedExpr))
        #expect(!kinds("let b = x < y && y > z").contains(.specializedExpr))
        #expect(kinds("let c: [String: [Int]]? = nil").contains(.dictionaryType))
        #expect(kinds("let g: Dictionary<String, [Int]>? = nil").contains(.genericArgumentClause))
        #expect(kinds("var d: Binding<Set<Int>> = .constant([])").filter { $0 == .genericArgumentClause }.count == 2)
    }

    @Test func functionTypesInAnnotations() {
        let model = FileModel.build(SourceFile(path: "t", text: """
            struct V {
                let a: () -> Void
                let b: ((URL) -> Void)?
                let c: @escaping @Sendable (Int) async throws -> String
                @ViewBuilder let d: () -> Content
                let e: (Int, String)
                let f: [() -> Void]
            }
            """))
        #expect(model.types[0].members.map(\.isFunctionType) == [true, true, true, true, false, false])
    }

    @Test func attributeArgumentsFollowTheNameDirectly() {
        // `@MainActor (Int) -> Void` is an attributed function type, not `@MainActor(Int)`.
        let model = FileModel.build(SourceFile(path: "t", text: """
            struct V {
                let a: @MainActor (Int) -> Void
                let b: @Sendable () -> Void
                @Environment(\\.dismiss) var dismiss
                @AppStorage("k") var k = 0
            }
            """))
        let members = model.types[0].members
        #expect(members.map(\.name) == ["a", "b", "dismiss", "k"])
        #expect(members.map(\.isFunctionType) == [true, true, false, false])
        #expect(members.map(\.typeText) == ["@MainActor(Int) -> Void", "@Sendable() -> Void", nil, nil])
        #expect(members[2].propertyWrapper?.arguments == "\\.dismiss")
        #expect(members[3].propertyWrapper?.arguments == "\"k\"")
    }

    @Test func ifConfigKeepsEveryBranch() {
        let model = FileModel.build(SourceFile(path: "t", text: """
            struct V {
            #if os(iOS)
                let a = 1
            #elseif os(macOS)
                let b = 2
            #else
                let c = 3
            #endif
            }
            """))
        #expect(model.types[0].members.map(\.name) == ["a", "b", "c"])
    }

    @Test func postfixIfConfig() {
        #expect(kinds("""
            Text("a")
            #if os(iOS)
                .padding()
            #endif
                .bold()
            """).contains(.postfixIfConfigExpr))
    }

    @Test func accessorsAndObservers() {
        let model = FileModel.build(SourceFile(path: "t", text: """
            struct V {
                var a: Int { get }
                var b: Int { didSet { print(b) } }
                var c: Int { 1 }
                var d = 0 { willSet { } }
                var e: Int { get { 1 } set { } }
            }
            """))
        #expect(model.types[0].members.map(\.kind) == [.computedProperty, .storedProperty, .computedProperty,
                                                       .storedProperty, .computedProperty])
        #expect(model.types[0].members.map(\.hasObservers) == [false, true, false, true, false])
    }

    @Test(arguments: [10_000, 100_000])
    func deepNestingDegradesGracefully(depth: Int) {
        for (open, close) in [("(", ")"), ("[", "]"), ("{", "}"), ("\"\\(", ")\"")] {
            let text = String(repeating: open, count: depth) + "x" + String(repeating: close, count: depth)
            let file = Lexer.tokenize(SourceFile(path: "deep", text: "let v = " + text))
            #expect(file.reassembled() == Array(("let v = " + text).utf8))
            let tree = Parser.parse(file)
            #expect(tree.nodes.contains { $0.kind == .opaque })
            _ = FileModel.extract(from: tree)
        }
    }

    @Test func recoveryKeepsLaterDeclarations() {
        let model = FileModel.build(SourceFile(path: "t", text: """
            struct A: View {
                let x = ))) {{ ]
                func f( { }
            }
            struct B: View {
                let y: Int
            }
            """))
        #expect(model.types.map(\.name).contains("B"))
    }
}
