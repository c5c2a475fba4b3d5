import ViewLintSyntax

/// Walks a syntax tree once and records its declarations, what each member reads, the calls
/// it makes to types, and the views its builders produce.
///
/// Its helpers that only read (`attributes`, `modifiers`, `singleExpression`, ...) are
/// `mutating` all the same: called from the mutating walk, a non-mutating one got a copy of the
/// whole extractor, collector included (`memcpy` of 424 bytes), at every call, about half a
/// million copies on the real apps.
struct ModelExtractor {
    let tree: SyntaxTree
    var types: [TypeDecl] = []
    var imports: [String] = []
    var globals: [Member] = []
    var macros: [MacroExpansion] = []
    /// The file's names, interned from their bytes (see `ReadCollector`): the thread's cache,
    /// lent for this extraction only (`NameTable.withFileNames`).
    let names: FileNames
    /// The file's argument lists, shared by the call sites and the shapes that hold the same call.
    let arguments: ArgumentTable
    /// Walks every member's code, emptied before each (`ReadCollector.reset`): one per file,
    /// used in place (a collector copied in and out of a variable retained each of its lists).
    private var collector: ReadCollector
    /// The names a binding's pattern declares, kept with its room from binding to binding (a
    /// list per property was allocated and freed for its one name).
    private var patternNames: [(SourceRange, NameID)] = []
    /// The ids of the names the extractor compares members' names with.
    private let bodyID: NameID
    private let initID: NameID
    private let deinitID: NameID
    private let subscriptID: NameID
    private let emptyID: NameID

    init(tree: SyntaxTree, names: FileNames, arguments: ArgumentTable) {
        self.tree = tree
        self.names = names
        self.arguments = arguments
        let fixed = names.fixed
        bodyID = fixed.body
        initID = fixed.initializer
        deinitID = fixed.deinitializer
        subscriptID = fixed.subscriptName
        emptyID = fixed.empty
        collector = ReadCollector(tree: tree, names: names, arguments: arguments, spare: &names.spareCollectorLists)
    }

    /// Gives the collector's lists back to the thread's name cache for its next file.
    mutating func finish() {
        collector.giveLists(to: &names.spareCollectorLists)
    }

    // MARK: Declarations

    mutating func run() {
        for child in tree.children(tree.root) {
            topLevel(child)
        }
    }

    mutating func topLevel(_ node: Int) {
        switch tree.kind(node) {
        case .structDecl, .classDecl, .actorDecl, .enumDecl, .protocolDecl, .extensionDecl:
            typeDecl(node, parent: nil)
        case .ifConfigDecl:
            forEachClauseItem(node) { $0.topLevel($1) }
        case .functionDecl:
            globals.append(functionMember(node))
        case .variableDecl:
            // Taken out while appended to: the call changes `self` too.
            var list = globals
            globals = []
            variableMembers(node, into: &list)
            globals = list
        case .macroExpansionDecl, .macroExpansionExpr:
            // `#Preview { Row(isOn: true) }` builds views: its calls are call sites of them.
            globals.append(macroExpansionMember(node))
            macroExpansion(node, in: nil)
        case .importDecl:
            if let last = tree.lastOwnToken(node, where: { tree.tokens[$0].kind == .identifier }) { imports.append(tree.identifierName(last)) }
        default:
            break
        }
    }

    mutating func macroExpansion(_ node: Int, in owner: Int?) {
        let own = tree.ownTokens(node)
        guard let pound = own.first, own.count >= 2, tree.tokens[own[1]].kind == .identifier
                || tree.tokens[own[1]].kind == .keyword else { return }
        let nameToken = own[1]
        let closure = tree.firstChild(node, .closureExpr)
        let builder = closure.map { tree.builderBlock($0, calls: CallSiteIndex(calls: [], nodes: [], arguments: arguments)) }
        let nameEnd = tree.sourceRange(token: nameToken).end
        let header = nameEnd..<max(nameEnd, builder?.range.start ?? nameEnd)
        macros.append(MacroExpansion(
            name: tree.identifierName(nameToken),
            nameRange: SourceRange(start: tree.sourceRange(token: pound).start, end: nameEnd),
            range: tree.sourceRange(node), enclosingType: owner, builder: builder,
            headerSpellsTraitsOrModifier: tree.source.mentions("traits", within: header)
                || tree.source.mentions("modifier", within: header)))
    }

    /// Calls `body` for each item in every clause of an `#if` (all branches are kept).
    mutating func forEachClauseItem(_ node: Int, _ body: (inout ModelExtractor, Int) -> Void) {
        for clause in tree.childList(node) where tree.kind(clause) == .ifConfigClause {
            for item in tree.childList(clause) where tree.kind(item) != .ifConfigCondition {
                body(&self, item)
            }
        }
    }

    mutating func attributes(_ node: Int) -> [Attribute] {
        var result: [Attribute] = []
        for c in tree.children(node) where tree.kind(c) == .attribute { result.append(attribute(c)) }
        return result
    }

    /// The attribute's name: the last identifier before the arguments (`@SwiftUI.State` is `State`).
    /// `mutating`, as the helpers above: called from `attribute`, it copied the extractor.
    mutating func attributeName(_ node: Int) -> String {
        let nameToken = tree.lastOwnToken(node) {
            let k = tree.tokens[$0].kind
            return k == .identifier || k == .keyword
        }
        return nameToken.map { tree.identifierName($0) } ?? ""
    }

    mutating func attribute(_ node: Int) -> Attribute {
        let attributeName = self.attributeName(node)
        var argumentsText: String? = nil
        var shapes = ArgumentList()
        if let args = tree.firstChild(node, .attributeArguments) {
            let first = Int(tree[args].firstToken)
            let end = Int(tree[args].endToken)
            if end - first >= 2 && end - first <= SyntaxTree.normalizedTokenLimit
                && tree.tokens[first].kind == .leftParen && tree.tokens[end - 1].kind == .rightParen {
                // The text between the parentheses, made from its tokens: the same text as the
                // whole one's without them (no space is put after `(` or before `)` but around
                // braces, which trimming took off), with no Characters walked.
                argumentsText = tree.normalizedText(spanning: first + 1..<end - 1)
            } else {
                let text = tree.normalizedText(args)
                argumentsText = String(text.dropFirst(text.hasPrefix("(") ? 1 : 0).dropLast(text.hasSuffix(")") ? 1 : 0))
                    .trimmingSpaces()
            }
            if let list = tree.firstChild(args, .argumentList) { shapes = tree.arguments(list, in: arguments) }
        }
        return Attribute(name: attributeName, arguments: argumentsText, argumentShapes: shapes, range: tree.sourceRange(node))
    }

    mutating func modifiers(_ node: Int) -> [String] {
        // One or two modifiers of one token each (`private`, `static`, `private static`, most):
        // their shared list is found by the tokens' ids, and no string or list is made once any
        // file has made it.
        var first: Int? = nil
        var second: Int? = nil
        var simple = true
        for c in tree.children(node) where tree.kind(c) == .declModifier {
            guard tree[c].endToken - tree[c].firstToken == 1, second == nil else {
                simple = false
                break
            }
            if first == nil { first = Int(tree[c].firstToken) } else { second = Int(tree[c].firstToken) }
        }
        if simple {
            guard let first else { return [] }
            // A lone keyword (`private`, `static`, `override`; a modifier is one nearly always)
            // is its word's list, made once for the process: interning its bytes and finding
            // the shared list by the id cost about 200 instructions a member.
            let keyword = tree.tokens[first].keyword
            if second == nil && keyword != .none { return ModelExtractor.keywordModifierLists[Int(keyword.rawValue)] }
            return sharedList(tree.tokens[first].textRange, second.map { tree.tokens[$0].textRange })
        }
        var result: [String] = []
        for c in tree.children(node) where tree.kind(c) == .declModifier {
            let first = Int(tree[c].firstToken)
            var text = tree.text(token: first)
            if tree[c].endToken - tree[c].firstToken > 1 {
                // Filtered only where it has a space: `private(set)`, the usual one, has none,
                // and filtering walked its Characters and built the string again (about 3,600
                // instructions).
                let written = tree.normalizedText(c)
                text = written.utf8.contains(UInt8(ascii: " ")) ? String(written.filter { $0 != " " }) : written
            }
            result.append(text)
        }
        return names.shared(result)
    }

    /// `[keyword.text]` for every keyword, by its raw value: the modifiers of a member that has
    /// that one keyword for its only modifier (a keyword token's text is its word).
    static let keywordModifierLists: [[String]] = {
        var lists = [[String]](repeating: [], count: 256)
        for keyword in Keyword.allCases where keyword != .none { lists[Int(keyword.rawValue)] = [keyword.text] }
        return lists
    }()

    /// A type's name as written, without generic arguments or module prefix.
    mutating func typeName(_ node: Int) -> String {
        switch tree.kind(node) {
        case .simpleType:
            return tree.identifierName(Int(tree[node].firstToken))
        case .memberType:
            let first = Int(tree[node].firstChild)
            let base = first >= 0 ? typeName(first) : ""
            let last = tree.lastOwnToken(node) { tree.tokens[$0].kind == .identifier || tree.tokens[$0].kind == .keyword }
            let member = last.map { tree.identifierName($0) } ?? ""
            return KnownNames.stripModule(base.isEmpty ? member : base + "." + member)
        case .attributedType, .optionalType, .implicitlyUnwrappedType:
            if let inner = tree.lastChild(node, notOf: .attribute) { return typeName(inner) }
            return tree.normalizedText(node)
        case .someOrAnyType:
            // `~Copyable` suppresses a conformance; it adds none.
            if tree.tokenIs(Int(tree[node].firstToken), "~") { return "" }
            return tree.lastChild(node).map { typeName($0) } ?? ""
        default:
            return tree.normalizedText(node)
        }
    }

    mutating func typeDecl(_ node: Int, parent: Int?) {
        let kind: TypeDecl.Kind
        switch tree.kind(node) {
        case .structDecl: kind = .struct
        case .classDecl: kind = .class
        case .actorDecl: kind = .actor
        case .enumDecl: kind = .enum
        case .protocolDecl: kind = .protocol
        default: kind = .extension
        }
        var declName = ""
        var nameRange = tree.sourceRange(node)
        if kind == .extension {
            if let typeNode = firstTypeNode(node) {
                declName = KnownNames.stripModule(typeName(typeNode))
                nameRange = tree.sourceRange(typeNode)
            }
        } else {
            // The name is the first identifier after the introducing keyword.
            if let t = declNameToken(node) {
                declName = tree.identifierName(t)
                nameRange = tree.sourceRange(token: t)
            }
        }
        let qualified: String
        if let parent { qualified = types[parent].qualifiedName + "." + declName } else { qualified = declName }
        var inherited: [String] = []
        var specializedInheritance: [String] = []
        if let clause = tree.firstChild(node, .inheritanceClause) {
            inherited = inheritedNames(clause)
            for t in tree.children(clause) {
                // Spelled only when its bytes hold a `<` (most conformances are one plain name);
                // then asked again of the spelling, as a `<` in a comment is no specialisation.
                // Compared as bytes: `String.contains` compared Characters.
                guard tree.source.bytes[tree.byteRange(t)].contains(UInt8(ascii: "<")) else { continue }
                let written = tree.normalizedText(t)
                if written.utf8.contains(UInt8(ascii: "<")) { specializedInheritance.append(written) }
            }
        }
        let index = types.count
        types.append(TypeDecl(kind: kind, name: declName, qualifiedName: qualified, nameRange: nameRange,
                              range: tree.sourceRange(node),
                              inherited: inherited, attributes: attributes(node),
                              modifiers: modifiers(node), parent: parent,
                              genericParameters: tree.firstChild(node, .genericParameterClause).map { genericParameterNames($0) } ?? []))
        if !specializedInheritance.isEmpty { types[index].specializedInheritance = specializedInheritance }
        if let block = tree.firstChild(node, .memberBlock) {
            let expected = memberCount(block)
            if expected > 0 { types[index].members.reserveCapacity(expected) }
            for item in tree.children(block) { member(item, owner: index) }
            // The model holds the list for the whole run: without the room appending grew it to
            // (a type's members are a few words each, its list's spare room up to as many).
            if types[index].members.capacity - types[index].members.count >= 2 {
                types[index].members = types[index].members.exactSizeCopy()
            }
        }
    }

    /// The names an inheritance clause lists, without module prefixes, shared with the project's
    /// other lists of the same one or two names (`[View]`, held by every view for the whole run).
    /// One or two plain names (`View`; `Identifiable, Hashable`), most clauses, are found by
    /// their bytes (`sharedList`): spelled first and then found (`FileNames.shared(_:)`), each
    /// clause made a list of its own and dropped it (13,600 on the real apps).
    mutating func inheritedNames(_ clause: Int) -> [String] {
        var first: Range<Int>? = nil
        var second: Range<Int>? = nil
        var plain = true
        for t in tree.children(clause) {
            // A plain name is its token's (`typeName`), which holds no module prefix.
            let name = tree.kind(t) == .simpleType ? tree.identifierByteRange(Int(tree[t].firstToken)) : 0..<0
            guard !name.isEmpty, second == nil else {
                plain = false
                break
            }
            if first == nil { first = name } else { second = name }
        }
        if plain, let first { return sharedList(first, second) }
        var inherited: [String] = []
        for t in tree.children(clause) {
            let n = KnownNames.stripModule(typeName(t))
            if !n.isEmpty { inherited.append(n) }
        }
        return names.shared(inherited)
    }

    /// The list of the names the source's bytes spell at `first` and `second`, shared with
    /// every equal list of any file (`FileNames.shared`): found by the names' ids, interned from
    /// the bytes, and spelled only where no file made the list before.
    /// The extractor's, unlike `SyntaxTree.identifierID`: as the tree's, `modifiers` took 7.4 M
    /// instructions more on the real apps (21.8 → 29.2 M).
    mutating func sharedList(_ first: Range<Int>, _ second: Range<Int>?) -> [String] {
        let bytes = tree.source.bytes
        // The closure captures the bytes only: capturing `self` copied the whole extractor.
        return names.shared(names.id(bytes, first), second.map { names.id(bytes, $0) }) {
            [SyntaxTree.string(bytes, first)] + (second.map { [SyntaxTree.string(bytes, $0)] } ?? [])
        }
    }

    /// The identifier right after a type declaration's introducing keyword (`struct`, `class`,
    /// `enum`, `protocol`, `actor`), among the node's own tokens; nil when the token after the
    /// keyword is no identifier. Walked in a loop of its own: through `forEachOwnToken`'s closure,
    /// every declaration copied the tree and released the copy.
    mutating func declNameToken(_ node: Int) -> Int? {
        var t = Int(tree[node].firstToken)
        let end = Int(tree[node].endToken)
        var child = Int(tree[node].firstChild)
        var sawKeyword = false
        while t < end {
            if child >= 0 && Int(tree[child].firstToken) <= t {
                t = max(t, Int(tree[child].endToken))
                child = Int(tree[child].nextSibling)
                continue
            }
            let tok = tree.tokens[t]
            if sawKeyword { return tok.kind == .identifier ? t : nil }
            if tok.kind == .keyword || (tok.kind == .identifier && tok.keyword == .actor) {
                if tok.keyword == .struct || tok.keyword == .class || tok.keyword == .enum
                    || tok.keyword == .protocol || tok.keyword == .actor {
                    sawKeyword = true
                }
            }
            t += 1
        }
        return nil
    }

    /// How many members `member` makes of a member block's items, but for those under `#if`
    /// and in tuple patterns: the type's list is made at that size once, where appending grew
    /// it by doubling (a reallocation at its 2nd, 3rd, 5th and 9th member, and the room left
    /// over kept with the model).
    mutating func memberCount(_ block: Int) -> Int {
        var count = 0
        for item in tree.children(block) {
            switch tree.kind(item) {
            case .variableDecl:
                for c in tree.children(item) where tree.kind(c) == .patternBinding { count += 1 }
            case .enumCaseDecl:
                for c in tree.children(item) where tree.kind(c) == .enumCaseElement { count += 1 }
            case .functionDecl, .initializerDecl, .deinitializerDecl, .subscriptDecl, .typeAliasDecl:
                count += 1
            default:
                break
            }
        }
        return count
    }

    /// `<Content: View, each T>`: the names right after `<` or a comma at the outer level.
    mutating func genericParameterNames(_ clause: Int) -> [String] {
        var names: [String] = []
        var depth = 0
        var expectName = false
        for t in tree[clause].tokenRange {
            let tok = tree.tokens[t]
            if tok.isOperator {
                let text = tree.text(token: t)
                if text.hasPrefix("<") {
                    depth += text.utf8.count
                    if depth == 1 { expectName = true }
                    continue
                }
                if text.hasPrefix(">") { depth -= text.utf8.count }
                continue
            }
            if tok.kind == .comma && depth == 1 {
                expectName = true
            } else if expectName && tok.kind == .identifier {
                if tree.tokenIs(t, "each") { continue }
                names.append(tree.identifierName(t))
                expectName = false
            } else {
                expectName = false
            }
        }
        return names
    }

    mutating func isTypeNode(_ k: NodeKind) -> Bool {
        switch k {
        case .simpleType, .memberType, .arrayType, .dictionaryType, .tupleType, .functionType, .optionalType,
             .implicitlyUnwrappedType, .attributedType, .someOrAnyType, .compositionType, .metatypeType:
            return true
        default:
            return false
        }
    }

    mutating func member(_ node: Int, owner: Int) {
        switch tree.kind(node) {
        case .structDecl, .classDecl, .actorDecl, .enumDecl, .protocolDecl, .extensionDecl:
            typeDecl(node, parent: owner)
        case .ifConfigDecl:
            forEachClauseItem(node) { $0.member($1, owner: owner) }
        case .variableDecl:
            variableMembers(node, into: &types[owner].members)
        case .functionDecl, .initializerDecl, .deinitializerDecl, .subscriptDecl:
            types[owner].members.append(functionMember(node))
        case .macroExpansionDecl:
            macroExpansion(node, in: owner)
        case .enumCaseDecl:
            let attrs = attributes(node)
            for element in tree.children(node) where tree.kind(element) == .enumCaseElement {
                let t = Int(tree[element].firstToken)
                let name = tree.identifierName(t)
                let m = Member(kind: .enumCase, nameID: self.names.id(name), nameRange: tree.sourceRange(token: t), range: tree.sourceRange(element))
                m.attributes = attrs
                types[owner].members.append(m)
            }
        case .typeAliasDecl:
            guard let nameToken = tree.firstOwnToken(node, where: { tree.tokens[$0].kind == .identifier }) else { return }
            let name = tree.identifierName(nameToken)
            let m = Member(kind: .typeAlias, nameID: self.names.id(name), nameRange: tree.sourceRange(token: nameToken), range: tree.sourceRange(node))
            if let typeNode = lastTypeNode(node) {
                m._typeTextID = tree.normalizedTextID(typeNode, names: names).id
                m.isFunctionType = isFunctionType(typeNode)
            }
            types[owner].members.append(m)
        default:
            break
        }
    }

    /// A type is a function type when, under attributes, optionals and parentheses, it is `(...) -> R`.
    mutating func isFunctionType(_ node: Int) -> Bool {
        var n = node
        var steps = 0
        while steps < 32 {
            steps += 1
            switch tree.kind(n) {
            case .functionType: return true
            case .attributedType, .optionalType, .implicitlyUnwrappedType:
                guard let inner = tree.lastChild(n, notOf: .attribute) else { return false }
                n = inner
            case .tupleType:
                guard let element = tree.onlyChild(n), let inner = tree.lastChild(element),
                      tree.firstOwnToken(element, where: { _ in true }) == nil else { return false }
                n = inner
            default:
                return false
            }
        }
        return false
    }

    // MARK: Properties

    /// Appends the members `node` declares to `result` (one list fewer per declaration).
    mutating func variableMembers(_ node: Int, into result: inout [Member]) {
        let attrs = attributes(node)
        let mods = modifiers(node)
        let introducer = tree.firstOwnToken(node) {
            tree.tokens[$0].kind == .keyword && (tree.tokens[$0].keyword == .let || tree.tokens[$0].keyword == .var)
        }
        let isLet = introducer.map { tree.tokens[$0].keyword == .let } ?? false
        // `let a, b: Int` gives both names the type written after the last one (the first type
        // written, for the rare `let a: A, b, c: C`).
        var sharedType: Int? = nil
        for binding in tree.children(node) where tree.kind(binding) == .patternBinding {
            if let annotation = tree.firstChild(binding, .typeAnnotation), let t = tree.firstChildNode(annotation) {
                sharedType = t
                break
            }
        }
        for binding in tree.children(node) where tree.kind(binding) == .patternBinding {
            var names = patternNames
            patternNames = []
            // One by one: most bindings declare one name, and `removeAll(keepingCapacity:)`
            // went through the array's generic range replacement (about 200 instructions).
            while !names.isEmpty { names.removeLast() }
            if let pattern = tree.firstChildNode(binding) {
                collectPatternNames(pattern, into: &names)
            }
            defer { patternNames = names }
            let (annotation, initializerClause, accessors) =
                firstChildren(binding, .typeAnnotation, .initializerClause, .accessorBlock)
            var typeNode: Int? = nil
            if let annotation { typeNode = tree.firstChildNode(annotation) }
            if typeNode == nil && initializerClause == nil { typeNode = sharedType }
            let initializer = initializerClause.flatMap { tree.firstChildNode($0) }
            var kind = Member.Kind.storedProperty
            var hasObservers = false
            var getter: Int? = nil
            if let accessors {
                if let implicitGetter = tree.firstChild(accessors, .codeBlock) {
                    kind = .computedProperty
                    getter = implicitGetter
                } else {
                    for accessor in tree.children(accessors) where tree.kind(accessor) == .accessorDecl {
                        let word = accessorWord(accessor)
                        if word == "willSet" || word == "didSet" {
                            hasObservers = true
                        } else {
                            kind = .computedProperty
                            if word == "get" || word == "_read" || word == "read" {
                                getter = tree.firstChild(accessor, .codeBlock)
                            }
                        }
                    }
                }
            }
            // Walked once for all the binding's names (`let (a, b) = pair`), and not at all for a
            // property with neither a value nor accessors (`let title: String`).
            var walked = false
            if initializer != nil || accessors != nil {
                collector.reset()
                if let initializer { collector.collect(initializer) }
                if let accessors { collector.collect(accessors) }
                walked = true
            }
            for (nameRange, nameID) in names {
                var m = Member(kind: kind, nameID: nameID, nameRange: nameRange, range: tree.sourceRange(node))
                m.attributes = attrs
                m.modifiers = mods
                m.isLet = isLet
                m.introducerRange = introducer.map { tree.sourceRange(token: $0) }
                m.hasObservers = hasObservers
                let isBuilder = getter != nil && (nameID == bodyID || attrs.contains(where: { $0.name == "ViewBuilder" }))
                var returnsViews = false
                if let typeNode {
                    (m._typeTextID, returnsViews) = tree.normalizedTextID(typeNode, names: self.names, askingViews: getter != nil && !isBuilder)
                    m.isFunctionType = isFunctionType(typeNode)
                }
                if let expression = initializer ?? getter.flatMap({ singleExpression($0) }) {
                    // Not for a view's `body`: its one expression is the whole view, held as its
                    // builder block, and no query asks a `body` for its value. The shape was a
                    // box or more for every view, held for the run (a fortieth of a file of
                    // 130,000 views' peak).
                    if !(isBuilder && nameID == bodyID) {
                        let shape = tree.shape(expression, in: arguments)
                        m.initializer = shape
                        // Only for a stored property's initial value, the one text a rule
                        // quotes (a memberwise initializer's default): a getter's expression
                        // (a view it builds, whole and summarised, or any computed value) was
                        // made into a string for every computed property while nothing read it.
                        // Normalised only when asked where it is not the source's bytes as they
                        // stand (see `Member._initializerTextNeedsNormalizing`).
                        if initializer != nil {
                            let range = tree.byteRange(expression)
                            let normalizing = !tree.normalizedTextIsSource(expression)
                            assert(!normalizing || SyntaxTree.normalizedText(ofCode: tree.source.bytes[range])
                                   == tree.normalizedText(expression, shape: shape), "an initial value normalised otherwise out of its file")
                            m.setInitializerText(source: range, normalizing: normalizing,
                                                 else: { tree.normalizedText(expression, shape: shape) })
                        }
                    }
                } else if let getter {
                    m.branchValues = branchValues(getter)
                }
                let callNodes = walked ? collector.store(into: &m) : []
                if let getter, isBuilder {
                    m.builder = tree.builderBlock(getter, calls: CallSiteIndex(calls: m.calls, nodes: callNodes, arguments: arguments))
                } else if let getter, returnsViews {
                    m.returnedViews = tree.builderBlock(getter, calls: CallSiteIndex(calls: m.calls, nodes: callNodes, arguments: arguments))
                }
                result.append(m)
            }
        }
    }

    /// The node's first child of each of the kinds `a`, `b` and `c`, in one walk of its children:
    /// a binding's or a function's parts, which were walked once for each. Three kinds: a fourth,
    /// for the accessors of a subscript, cost every function's other children (attributes,
    /// generics, effects) a comparison for the rare member that has them.
    func firstChildren(_ node: Int, _ a: NodeKind, _ b: NodeKind, _ c: NodeKind) -> (Int?, Int?, Int?) {
        var found: (Int?, Int?, Int?) = (nil, nil, nil)
        for child in tree.children(node) {
            let kind = tree.kind(child)
            if kind == a {
                if found.0 == nil { found.0 = child }
            } else if kind == b {
                if found.1 == nil { found.1 = child }
            } else if kind == c {
                if found.2 == nil { found.2 = child }
            }
        }
        return found
    }

    /// For a block that is one `switch` or `if`/`else` whose every branch is a single value
    /// (`case .a: [1, 2]`, `case .b: return [3]`): the values, and the subject and conditions
    /// that choose among them. At most 64 branches, nested `else if` included.
    mutating func branchValues(_ codeBlock: Int) -> (values: [ExprShape], subjects: [ExprShape])? {
        guard let statement = tree.onlyChild(codeBlock) else { return nil }
        // Told first, then shaped: shaped as they were met, the subjects and values of every
        // block that proved no such choice (a case of two statements, an `if let` below the
        // first `else`) were made and dropped.
        var valueCount = 0
        guard forEachBranchPart(statement, subject: { _ in }, value: { _ in valueCount += 1 }), valueCount > 0 else {
            return nil
        }
        let tree = tree
        let arguments = arguments
        var values: [ExprShape] = []
        values.reserveCapacity(valueCount)
        var subjects: [ExprShape] = []
        _ = forEachBranchPart(statement, subject: { subjects.append(tree.shape($0, in: arguments)) },
                              value: { values.append(tree.shape($0, in: arguments)) })
        return (values, subjects)
    }

    /// Calls `subject` and `value` for the parts of `branchValues`' choice, in the order they are
    /// written; false, part way, where `statement` proves no such choice.
    mutating func forEachBranchPart(_ statement: Int, subject: (Int) -> Void, value: (Int) -> Void) -> Bool {
        var current = statement
        switch tree.kind(current) {
        case .switchStmt:
            // Walked in place: lists of the children and of each case's statements were made
            // for every `switch`.
            let subjectNode = Int(tree[current].firstChild)
            guard subjectNode >= 0, tree.kind(subjectNode) != .switchCase else { return false }
            subject(subjectNode)
            for c in tree.children(current).dropFirst() {
                guard tree.kind(c) == .switchCase else { return false }
                var statement = -1
                var statements = 0
                for s in tree.children(c) where tree.kind(s) != .switchCaseLabel && tree.kind(s) != .attribute {
                    statements += 1
                    if statement < 0 { statement = s }
                }
                guard statements == 1, let valueNode = valueOfStatement(statement) else { return false }
                value(valueNode)
            }
            return true
        case .ifStmt:
            for _ in 0..<64 {
                guard let conditions = tree.firstChild(current, .conditionList) else { return false }
                for c in tree.children(conditions) {
                    // `if let`, `if case` bind names: not a plain choice between values.
                    if tree.kind(c) == .optionalBinding || tree.kind(c) == .matchingPattern
                        || tree.kind(c) == .availabilityCondition { return false }
                    subject(c)
                }
                // The first two code blocks and the last child, through the links.
                guard let first = tree.firstChild(current, .codeBlock), let valueNode = singleExpression(first) else { return false }
                value(valueNode)
                var second = Int(tree[first].nextSibling)
                while second >= 0 && tree.kind(second) != .codeBlock { second = Int(tree[second].nextSibling) }
                if second >= 0 {
                    guard let valueNode = singleExpression(second) else { return false }
                    value(valueNode)
                    return true
                }
                guard let next = tree.lastChild(current), tree.kind(next) == .ifStmt, next != current else { return false }
                current = next
            }
            return false
        default:
            return false
        }
    }

    /// The value of a statement that is an expression or `return expression`.
    mutating func valueOfStatement(_ statement: Int) -> Int? {
        switch tree.kind(statement) {
        case .returnStmt:
            return tree.firstChildNode(statement)
        case .sequenceExpr, .prefixExpr, .identifierExpr, .memberAccessExpr, .callExpr, .subscriptExpr,
             .literalExpr, .stringLiteralExpr, .arrayExpr, .tupleExpr, .keyPathExpr, .forceUnwrapExpr:
            return statement
        default:
            return nil
        }
    }

    /// The expression a getter consists of (`{ UUID() }`, `{ return items.map(Row.init) }`).
    mutating func singleExpression(_ codeBlock: Int) -> Int? {
        guard let statement = tree.onlyChild(codeBlock) else { return nil }
        switch tree.kind(statement) {
        case .returnStmt:
            return tree.firstChildNode(statement)
        case .sequenceExpr, .prefixExpr, .tryExpr, .awaitExpr, .identifierExpr, .memberAccessExpr, .callExpr,
             .subscriptExpr, .optionalChainExpr, .forceUnwrapExpr, .postfixOperatorExpr, .specializedExpr,
             .closureExpr, .literalExpr, .stringLiteralExpr, .arrayExpr, .dictionaryExpr, .tupleExpr, .keyPathExpr:
            return statement
        default:
            return nil
        }
    }

    mutating func collectPatternNames(_ node: Int, into names: inout [(SourceRange, NameID)]) {
        switch tree.kind(node) {
        case .identifierPattern:
            let t = Int(tree[node].firstToken)
            // The id from the name's bytes in the source; the member is named by it alone.
            names.append((tree.sourceRange(token: t), tree.identifierID(t, names: self.names)))
        case .tuplePattern:
            for c in tree.children(node) { collectPatternNames(c, into: &names) }
        default:
            break
        }
    }

    mutating func accessorWord(_ accessor: Int) -> String {
        // Through the tokens in place: a list of them was made for every accessor.
        let word = tree.firstOwnToken(accessor) { t in
            let kind = tree.tokens[t].kind
            return (kind == .identifier || kind == .keyword) && !tree.tokenIs(t, "mutating") && !tree.tokenIs(t, "nonmutating")
        }
        return word.map { tree.text(token: $0) } ?? ""
    }

    // MARK: Functions

    /// A freestanding macro at the top level (`#Preview("Dark") { ... }`), as a function named
    /// after the macro (`#Preview`) whose code is the expansion's arguments and closures.
    mutating func macroExpansionMember(_ node: Int) -> Member {
        let own = tree.ownTokens(node)
        let nameToken = own.dropFirst().first
        let name = "#" + (nameToken.map { tree.identifierName($0) } ?? "")
        var m = Member(kind: .function, nameID: self.names.id(name),
                       nameRange: nameToken.map { tree.sourceRange(token: $0) } ?? tree.sourceRange(node),
                       range: tree.sourceRange(node))
        collector.reset()
        for child in tree.children(node) { collector.collect(child) }
        collector.store(into: &m)
        return m
    }

    mutating func functionMember(_ node: Int) -> Member {
        let kind: Member.Kind
        // Named by the id alone, interned from the name's bytes (no string made of them).
        var memberName: NameID
        var nameRange = tree.sourceRange(node)
        switch tree.kind(node) {
        case .initializerDecl:
            kind = .initializer
            memberName = initID
        case .deinitializerDecl:
            kind = .deinitializer
            memberName = deinitID
        case .subscriptDecl:
            kind = .subscript
            memberName = subscriptID
        default:
            kind = .function
            memberName = emptyID
        }
        // The keyword's token gives the name's position; for functions the name follows it.
        // Found in place: a list of the declaration's own tokens was made for every function.
        var keyword = -1
        var afterKeyword = -1
        tree.forEachOwnToken(node) { t in
            guard keyword >= 0 else {
                let tok = tree.tokens[t]
                if tok.kind == .keyword && (tok.keyword == .func || tok.keyword == .`init` || tok.keyword == .deinit
                                            || tok.keyword == .subscript) { keyword = t }
                return true
            }
            afterKeyword = t
            return false
        }
        if keyword >= 0 {
            nameRange = tree.sourceRange(token: keyword)
            if kind == .function, afterKeyword >= 0 {
                memberName = tree.identifierID(afterKeyword, names: names)
                nameRange = tree.sourceRange(token: afterKeyword)
            }
        }
        var m = Member(kind: kind, nameID: memberName, nameRange: nameRange, range: tree.sourceRange(node))
        m.attributes = attributes(node)
        m.modifiers = modifiers(node)
        let (parameterClause, returnClause, body) = firstChildren(node, .parameterClause, .returnClause, .codeBlock)
        // Added with the member's other extras (see `ExtrasBatch`), once its body is collected.
        let parameterList = parameterClause.map { parameters($0) } ?? []
        // `body(content:)` of a view modifier is a view builder through the protocol requirement.
        let isBuilder = m.hasAttribute("ViewBuilder") || (kind == .function && memberName == bodyID)
        var returnsViews = false
        if let returnClause, let t = tree.firstChildNode(returnClause) {
            (m._typeTextID, returnsViews) = tree.normalizedTextID(t, names: names, askingViews: !isBuilder)
        }
        collector.reset()
        collector.shadow(parameters: parameterList)
        for c in tree.children(node) {
            switch tree.kind(c) {
            case .codeBlock, .accessorBlock: collector.collect(c)
            case .parameterClause:
                // Default values are evaluated in the caller's context, but count them anyway.
                collector.collect(c)
            default: break
            }
        }
        let callNodes = collector.storeKeepingExtras(into: &m)
        let extras = collector.extrasBatch
        if !parameterList.isEmpty { extras.add(.parameters(parameterList)) }
        // What a function returns, when its body is one value or one `switch`/`if` of values.
        if kind == .function, let body {
            let values: (values: [ExprShape], subjects: [ExprShape])?
            if let expression = singleExpression(body) {
                values = ([tree.shape(expression, in: arguments)], [])
            } else {
                values = branchValues(body)
            }
            extras.add(.branchValues(FieldBox(values)), unless: values == nil)
        }
        if isBuilder || returnsViews {
            var block: BuilderBlock? = nil
            let calls = CallSiteIndex(calls: m.calls, nodes: callNodes, arguments: arguments)
            if let body {
                block = tree.builderBlock(body, calls: calls)
            } else if let accessors = tree.firstChild(node, .accessorBlock), let body = tree.firstChild(accessors, .codeBlock) {
                // A subscript's getter; looked for here, where a function has no body, and not
                // in the walk above, which would test every function's children for it.
                block = tree.builderBlock(body, calls: calls)
            }
            if isBuilder {
                m.writeExtras(from: extras)
                m.builder = block
                return m
            }
            extras.add(.returnedViews(FieldBox(block)), unless: block == nil)
        }
        m.writeExtras(from: extras)
        return m
    }

    /// `some View`, `AnyView`, `some ToolbarContent`: a result type made of views.
    static func returnsViews(_ typeText: String) -> Bool {
        var text = typeText
        return text.withUTF8 { returnsViews($0) }
    }

    /// `returnsViews` of the text `bytes` spell, tested on the bytes: `String.contains` and
    /// `hasPrefix` go by Characters, thousands of instructions a call. `some ` is a prefix by
    /// Characters too unless what follows the space joins it (a combining mark, never an ASCII
    /// byte), which only the string tells.
    static func returnsViews(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if bytes.containsBytes("View") { return true }
        let some: StaticString = "some "
        let length = some.utf8CodeUnitCount
        guard bytes.count >= length,
              UnsafeBufferPointer(start: some.utf8Start, count: length).elementsEqual(bytes.prefix(length)) else { return false }
        if bytes.count == length || bytes[length] < 0x80 { return true }
        return String(decoding: bytes, as: UTF8.self).hasPrefix("some ")
    }

    mutating func parameters(_ clause: Int) -> [Parameter] {
        // Room for every parameter at once: the member holds the list for the whole run, and
        // grown one by one it was reallocated at the second and third.
        var count = 0
        for p in tree.children(clause) where tree.kind(p) == .parameter || tree.kind(p) == .closureParameter { count += 1 }
        guard count > 0 else { return [] }
        var result: [Parameter] = []
        result.reserveCapacity(count)
        for p in tree.children(clause) where tree.kind(p) == .parameter || tree.kind(p) == .closureParameter {
            // The first and last name before the colon, found in place: a list of the tokens
            // and one of the names were made for every parameter.
            var firstName: Int? = nil
            var lastName: Int? = nil
            tree.forEachOwnToken(p) { t in
                let kind = tree.tokens[t].kind
                if kind == .colon { return false }
                if kind == .identifier || kind == .wildcard || kind == .keyword || kind == .dollarIdentifier {
                    if firstName == nil { firstName = t }
                    lastName = t
                }
                return true
            }
            guard let firstName, let lastName else { continue }
            let last = tree.identifierName(lastName)
            // The last type and the attributes' names in one walk of the children. Only the
            // names: a parameter keeps no attribute's arguments or range, which were made for
            // each attribute and dropped.
            var typeNode: Int? = nil
            var attributeNames: [String] = []
            for c in tree.children(p) {
                let k = tree.kind(c)
                if k == .attribute {
                    attributeNames.append(attributeName(c))
                } else if isTypeNode(k) {
                    typeNode = c
                }
            }
            result.append(Parameter(label: firstName == lastName ? last : tree.identifierName(firstName), name: last,
                                    typeText: typeNode.map { tree.normalizedText($0) },
                                    attributes: attributeNames))
        }
        return result
    }

    /// The node's first child that is a type.
    mutating func firstTypeNode(_ node: Int) -> Int? {
        for c in tree.children(node) where isTypeNode(tree.kind(c)) { return c }
        return nil
    }

    /// The node's last child that is a type.
    mutating func lastTypeNode(_ node: Int) -> Int? {
        var found: Int? = nil
        for c in tree.children(node) where isTypeNode(tree.kind(c)) { found = c }
        return found
    }
}

extension SyntaxTree {
    /// The id of `normalizedText(node)` (`Member.typeText`), interned through the file's
    /// `names`: from the source's bytes where they are the text as it stands (most types,
    /// `String`, `[Item]`), so no string is made.
    /// With it, `askingViews`, whether the text `returnsViews`, told from the same bytes: read
    /// back through `NameTable.shared` (`Member.typeText`), the text was a string made per
    /// member (~2 M).
    /// The tree's, not the extractor's: as the extractor's non-mutating method it was handed a
    /// copy of the whole extractor at each call (56,000 on the real apps), and as a `mutating`
    /// one it retained and released the source's bytes at each.
    func normalizedTextID(_ node: Int, names: FileNames, askingViews: Bool = false) -> (id: UInt32, returnsViews: Bool) {
        let range = byteRange(node)
        if !range.isEmpty && normalizedTextIsSource(node) {
            let returnsViews = askingViews && source.bytes.withUnsafeBufferPointer {
                ModelExtractor.returnsViews(UnsafeBufferPointer(rebasing: $0[range]))
            }
            return (names.id(source.bytes, range).raw, returnsViews)
        }
        let text = normalizedText(node)
        return (names.id(text).raw, askingViews && ModelExtractor.returnsViews(text))
    }

    /// The id of the identifier token `t`'s name (without backticks), interned through `names`
    /// from the source's bytes: asked of the tree, as `normalizedTextID` is, since the
    /// extractor's `mutating` helpers retained and released the source's bytes around each.
    func identifierID(_ t: Int, names: FileNames) -> NameID {
        names.id(source.bytes, identifierByteRange(t))
    }
}

extension Collection<UInt8> {
    /// Does the text contain `needle`'s bytes, contiguous?
    func containsBytes(_ needle: StaticString) -> Bool {
        let count = needle.utf8CodeUnitCount
        return withContiguousStorageIfAvailable { bytes -> Bool in
            guard bytes.count >= count else { return false }
            let first = needle.utf8Start
            for start in 0...(bytes.count - count) {
                var k = 0
                while k < count && bytes[start + k] == first[k] { k += 1 }
                if k == count { return true }
            }
            return false
        } ?? String(decoding: self, as: UTF8.self).contains(String(describing: needle))
    }
}

extension String {
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
