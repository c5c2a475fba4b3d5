import ViewLintSyntax

/// Reduces view-builder code to the tree of views it produces: each statement becomes a view
/// expression (a base plus its modifiers), a conditional with its branches, or "other".
/// Closures become nested builder blocks only where SwiftUI takes view content (see
/// `KnownNames.takesViewContent`, `takesActionUnlabeled` and `builderModifiers`): an `if`
/// inside a button's action closure is control flow, not a view.
extension SyntaxTree {
    static let maxBuilderDepth = 48

    /// The builder block of a code block or closure body. A view whose base call is one of
    /// `calls` (the member's call sites) takes the call site's callee and arguments.
    func builderBlock(_ node: Int, depth: Int = 0, calls: CallSiteIndex) -> BuilderBlock {
        var items: [BuilderItem] = []
        var hasReturn = false
        if depth <= SyntaxTree.maxBuilderDepth {
            // Room for every statement at once: grown item by item, a block's list was
            // reallocated at its second, third and fifth item, and the model keeps it.
            var statements = 0
            var c = Int(nodes[node].firstChild)
            while c >= 0 {
                let k = kind(c)
                if k != .closureSignature && k != .captureList { statements += 1 }
                c = Int(nodes[c].nextSibling)
            }
            if statements > 0 { items.reserveCapacity(statements) }
            for statement in children(node) {
                switch kind(statement) {
                case .closureSignature, .captureList: continue
                case .returnStmt:
                    hasReturn = true
                    items.append(builderItem(statement, depth: depth, calls: calls))
                default: items.append(builderItem(statement, depth: depth, calls: calls))
                }
            }
        }
        return BuilderBlock(items: items, range: sourceRange(node), hasReturn: hasReturn)
    }

    func builderItem(_ node: Int, depth: Int, calls: CallSiteIndex) -> BuilderItem {
        switch kind(node) {
        case .ifStmt:
            return .conditional(ifConditional(node, depth: depth, calls: calls))
        case .switchStmt:
            return .conditional(switchConditional(node, depth: depth, calls: calls))
        case .returnStmt:
            if let expr = firstChildNode(node) { return .view(viewExpression(expr, depth: depth, calls: calls)) }
            return .other(sourceRange(node))
        case .variableDecl, .functionDecl, .structDecl, .classDecl, .enumDecl, .forStmt, .whileStmt, .guardStmt,
             .doStmt, .deferStmt, .ifConfigDecl, .unexpected, .opaque, .throwStmt, .breakStmt, .continueStmt:
            return .other(sourceRange(node))
        default:
            return .view(viewExpression(node, depth: depth, calls: calls))
        }
    }

    func ifConditional(_ node: Int, depth: Int, calls: CallSiteIndex) -> Conditional {
        var branches: [Branch] = []
        var hasElse = false
        var current = node
        var steps = 0
        while steps < 256 {
            steps += 1
            // The conditions, the first two code blocks and the last child, through the sibling
            // links: lists of the children and of the blocks were made for every `if`.
            let conditions = firstChild(current, .conditionList)
            let body = firstChild(current, .codeBlock)
            var elseBlock = body.map { Int(nodes[$0].nextSibling) } ?? -1
            while elseBlock >= 0 && kind(elseBlock) != .codeBlock { elseBlock = Int(nodes[elseBlock].nextSibling) }
            var binds = false
            var availability = false
            if let conditions {
                for c in children(conditions) {
                    switch kind(c) {
                    case .optionalBinding, .matchingPattern: binds = true
                    case .availabilityCondition: availability = true
                    default: break
                    }
                }
            }
            if let body {
                branches.append(Branch(conditionText: conditions.map { normalizedText($0) } ?? "",
                                       bindsNames: binds, isAvailabilityCheck: availability,
                                       block: builderBlock(body, depth: depth + 1, calls: calls)))
            }
            if let elseIf = lastChild(current), kind(elseIf) == .ifStmt, elseIf != node {
                current = elseIf
                continue
            }
            if elseBlock >= 0 {
                hasElse = true
                branches.append(Branch(conditionText: "", bindsNames: false, isAvailabilityCheck: false,
                                       block: builderBlock(elseBlock, depth: depth + 1, calls: calls)))
            }
            break
        }
        let keyword = Int(nodes[node].firstToken)
        return Conditional(kind: .if, keywordRange: sourceRange(token: keyword), branches: branches,
                           hasElse: hasElse, range: sourceRange(node))
    }

    func switchConditional(_ node: Int, depth: Int, calls: CallSiteIndex) -> Conditional {
        var branches: [Branch] = []
        var hasDefault = false
        for c in children(node) where kind(c) == .switchCase {
            let label = firstChild(c, .switchCaseLabel)
            let labelText = label.map { normalizedText($0) } ?? ""
            if labelText.hasPrefix("default") { hasDefault = true }
            var items: [BuilderItem] = []
            for s in children(c) where kind(s) != .switchCaseLabel && kind(s) != .attribute {
                items.append(builderItem(s, depth: depth + 1, calls: calls))
            }
            branches.append(Branch(conditionText: labelText, bindsNames: SyntaxTree.containsASCII(labelText, "let ") || SyntaxTree.containsASCII(labelText, "var "),
                                   isAvailabilityCheck: false,
                                   block: BuilderBlock(items: items, range: sourceRange(c))))
        }
        let keyword = Int(nodes[node].firstToken)
        return Conditional(kind: .switch, keywordRange: sourceRange(token: keyword), branches: branches,
                           hasElse: hasDefault, range: sourceRange(node))
    }

    /// `text.contains(needle)` for an ASCII needle, by bytes: `String.contains` compares
    /// Characters, about 23,000 instructions for a case label, a fifth of the builder's
    /// extraction on the real apps. The bytes decide whenever they do not match (only the
    /// needle's own bytes are equal to its Characters) and when the text is ASCII; a
    /// non-ASCII text that matches is asked as before (a combining mark after the needle's
    /// last byte makes another Character).
    public static func containsASCII(_ text: String, _ needle: StaticString) -> Bool {
        guard text.utf8.containsBytes(needle) else { return false }
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return true }
        return text.contains(String(describing: needle))
    }

    /// Splits `base.modifier(...).modifier(...)` into its base and modifier calls.
    func viewExpression(_ node: Int, depth: Int, calls: CallSiteIndex) -> ViewExpression {
        var modifiers: [ModifierCall] = []
        // The chain's length first, so that its list is made once at its size and reversed in
        // place: appended one by one, it was reallocated at its second and third modifier, then
        // copied reversed. An upper bound: the walk below may stop earlier (`Image.init`).
        let chainLength = modifierChainLength(node)
        if chainLength > 0 { modifiers.reserveCapacity(chainLength) }
        var contents: [BuilderBlock] = []
        var owners: [String] = []
        var current = node
        var steps = 0
        var hasConditionalCompilation = false
        while steps < 512 {
            steps += 1
            let k = kind(current)
            if k == .postfixIfConfigExpr, let base = firstChildNode(current) {
                hasConditionalCompilation = true
                current = base
                continue
            }
            guard k == .callExpr else { break }
            guard let callee = firstChildNode(current), kind(callee) == .memberAccessExpr,
                  let base = firstChildNode(callee), let nameToken = memberNameToken(callee) else { break }
            // Spelled by the file's names: the member's reads met the modifier's name before, and
            // the table's string was read where one made from the bytes cost about 220
            // instructions (see `identifierName(_:names:)`).
            let name = identifierName(nameToken, names: calls.arguments.names)
            // `Image.init("x")` is the call `Image("x")` spelled out, not a modifier `init` on `Image`.
            if name == "init" { break }
            // Nor is `SwiftUI.Image("x")` a modifier `Image` on `SwiftUI`: it is `Image("x")` with
            // its module named. Told by bytes: most bases are calls, and no name is made for them.
            if kind(base) == .identifierExpr,
               source.bytes[identifierByteRange(Int(nodes[base].firstToken))].elementsEqual("SwiftUI".utf8) { break }
            // Everything after the callee: the argument list and trailing closures, as one text,
            // made now only where it is not the source's bytes as they stand.
            let afterCallee = Int(nodes[callee].nextSibling)
            let callEnd = sourceRange(current).end
            var argumentsStart = callEnd
            var argumentsText = ArgumentText.source(source.bytes)
            // The arguments' tokens when their text is the source's: the arguments inside are
            // then their source's too (see `ArgumentTable.sourceTextTokens`).
            var sourceTextTokens = 0..<0
            if afterCallee >= 0 {
                let spanned = Int(nodes[afterCallee].firstToken)..<Int(nodes[current].endToken)
                if normalizedTextIsSource(spanning: spanned) {
                    sourceTextTokens = spanned
                    argumentsStart = Int(tokens[spanned.lowerBound].textStart)
                    assert(argumentsText.text(at: SourceRange(start: argumentsStart, end: callEnd)).utf8
                           .elementsEqual(normalizedText(spanning: spanned).utf8), "a modifier's arguments spelled otherwise in the source")
                } else {
                    argumentsText = .normalized(calls.arguments.names.sharedTextBox(normalizedText(spanning: spanned)))
                }
            }
            var arguments = ArgumentList()
            var trailingClosures = 0
            for c in children(current).dropFirst() {
                switch kind(c) {
                case .argumentList:
                    let enclosing = calls.arguments.sourceTextTokens
                    if !sourceTextTokens.isEmpty { calls.arguments.sourceTextTokens = sourceTextTokens }
                    arguments = self.arguments(c, in: calls.arguments)
                    calls.arguments.sourceTextTokens = enclosing
                case .closureExpr, .labeledTrailingClosure: trailingClosures += 1
                default: break
                }
            }
            let isBuilderModifier = KnownNames.isBuilderModifier(name)
            let nameRange = sourceRange(token: nameToken)
            // A closure among the arguments (whose shape is `.closure`) or trailing them: without
            // one, the modifier has no closures to summarise nor helper contents.
            let passesClosure = trailingClosures > 0 || arguments.contains {
                if case .closure = $0.shape { return true }
                return false
            }
            // A modifier SwiftUI does not define may be a project helper taking view builders.
            let helperContents = isBuilderModifier || !passesClosure
                || KnownNames.isSwiftUIActionModifier(name)
                ? [] : builderClosures(of: current, callee: name, isModifier: true, depth: depth, calls: calls)
            modifiers.append(ModifierCall(name: name, argumentsText: argumentsText, argumentsStart: argumentsStart,
                                          nameRange: nameRange, arguments: arguments,
                                          trailingClosures: trailingClosures,
                                          end: callEnd,
                                          actionClosures: isBuilderModifier || !passesClosure ? []
                                            : closureSummaries(of: current, levels: 2, in: calls.arguments),
                                          helperContents: helperContents))
            if isBuilderModifier {
                let blocks = builderClosures(of: current, callee: name, isModifier: true, depth: depth, calls: calls)
                // The first modifier's contents taken as they are: appended, they were copied
                // into a list of their own.
                if contents.isEmpty { contents = blocks } else { contents.append(contentsOf: blocks) }
                // One by one: `Array(repeating:count:)` is not specialised, and looked the
                // array's type up in the runtime for every modifier, content or not.
                for _ in blocks { owners.append(name) }
            }
            current = base
        }
        // The list was reserved at the chain's counted length (`modifierChainLength`), so it is
        // usually reversed in place. When the count was off, it is copied reversed into an array
        // of its own size (appended one by one, it kept up to twice its room for as long as the
        // model is held), and only where there is an order to change or room to drop. Reversed
        // in its buffer, whose swaps move the calls: the array's own `reverse()` copied each
        // call and destroyed the copy (retaining and releasing its lists) at every swap.
        if modifiers.count == chainLength {
            if modifiers.count > 1 { modifiers.withUnsafeMutableBufferPointer { $0.reverse() } }
        } else if modifiers.count > 1 || modifiers.capacity > modifiers.count {
            modifiers = Array(modifiers.reversed())
        }
        var baseCallee: [String]? = nil
        var baseCalleeEnd = -1
        var baseCall: CallSite? = nil
        let baseRange = sourceRange(current)
        if kind(current) == .callExpr, let callee = firstChildNode(current) {
            if let site = calls.callSite(current, range: baseRange) {
                // Extracted from this very call by the member's reads: the same values, and the
                // view holds the call site itself.
                baseCallee = site.callee
                baseCall = site
            } else {
                baseCallee = nameChain(callee)
                var baseArguments = ArgumentList()
                if let list = firstChild(current, .argumentList) { baseArguments = arguments(list, in: calls.arguments) }
                if baseCallee != nil || !baseArguments.isEmpty {
                    baseCall = CallSite(callee: baseCallee ?? [], arguments: baseArguments, trailingClosures: 0,
                                        calleeRange: sourceRange(callee), range: baseRange, in: calls.arguments)
                }
            }
            if baseCallee != nil {
                // The callee as written, backticks and spaces included, up to its last name
                // (`ForEach<Data, ID, Row>` ends at `ForEach`).
                var named = callee
                while kind(named) == .specializedExpr, let inner = firstChildNode(named) { named = inner }
                baseCalleeEnd = sourceRange(named).end
            }
            if let chain = baseCallee, var name = chain.last {
                // `VStack.init { ... }` takes the content `VStack { ... }` takes.
                if name == "init" && chain.count > 1 { name = chain[chain.count - 2] }
                let blocks = builderClosures(of: current, callee: name, isModifier: false, depth: depth, calls: calls)
                if contents.isEmpty {
                    // All the contents are the base call's: their owners are left to
                    // `ViewExpression` (its shared lists), with no list made and moved here.
                    contents = blocks
                } else if !blocks.isEmpty {
                    contents.insert(contentsOf: blocks, at: 0)
                    owners.insert(contentsOf: Array(repeating: "", count: blocks.count), at: 0)
                }
            }
        }
        // The base's text is the source's bytes; where they are not in the canonical spacing,
        // it is normalised only when asked (no rule does).
        let view = ViewExpression(baseText: .source(source.bytes), baseNeedsNormalizing: !normalizedTextIsSource(current),
                                  baseCall: baseCall, hasBaseCallee: baseCallee != nil,
                                  baseRange: baseRange, modifiers: modifiers, contents: contents,
                                  range: sourceRange(node), hasConditionalCompilation: hasConditionalCompilation,
                                  contentOwners: owners.isEmpty ? nil : owners, baseCalleeEnd: baseCalleeEnd)
        assert(view.baseText == normalizedText(current), "a view's base normalised otherwise out of its file")
        return view
    }

    /// How many modifier calls `viewExpression` may find above the base of `node`'s chain: each
    /// call whose callee is a member access with a name, through `#if` postfixes.
    func modifierChainLength(_ node: Int) -> Int {
        var count = 0
        var current = node
        var steps = 0
        while steps < 512 {
            steps += 1
            let k = kind(current)
            if k == .postfixIfConfigExpr, let base = firstChildNode(current) {
                current = base
                continue
            }
            guard k == .callExpr, let callee = firstChildNode(current), kind(callee) == .memberAccessExpr,
                  let base = firstChildNode(callee), memberNameToken(callee) != nil else { break }
            count += 1
            current = base
        }
        return count
    }

    /// The closures of a call that SwiftUI treats as view content.
    func builderClosures(of call: Int, callee: String, isModifier: Bool, depth: Int, calls: CallSiteIndex) -> [BuilderBlock] {
        // Most calls in a builder are views without content (`Text`, `Image`): answered before
        // their arguments are looked at.
        if !isModifier && !KnownNames.takesViewContent(callee) { return [] }
        guard hasClosure(call) else { return [] }
        // Read in place, twice: lists of the labels and of the labelled closures were made
        // for every call with a closure, to ask one label and find the rare labelled closure.
        let list = firstChild(call, .argumentList)
        // `Button { action } label: { ... }`: the unlabelled closure may be an action even
        // where the labelled ones are content; it is the label only after an `action:`
        // argument. The arguments are looked through for one only for such a callee: for
        // every call with a closure, they were (a million instructions on the real apps).
        var unlabeledIsContent = isModifier || !KnownNames.takesActionUnlabeled(callee)
        if !unlabeledIsContent, let list {
            for arg in children(list) where kind(arg) == .argument {
                guard let labelToken = argumentLabel(arg) else { continue }
                if source.bytes[identifierByteRange(labelToken)].elementsEqual("action".utf8) {
                    unlabeledIsContent = true
                    break
                }
            }
        }
        var blocks: [BuilderBlock] = []
        if let list {
            for arg in children(list) where kind(arg) == .argument {
                guard let labelToken = argumentLabel(arg), let closure = firstChildNode(arg),
                      kind(closure) == .closureExpr else { continue }
                let label = identifierName(labelToken)
                guard !KnownNames.isActionLabel(label) else { continue }
                var block = builderBlock(closure, depth: depth + 1, calls: calls)
                block.label = label
                blocks.append(block)
            }
        }
        for c in children(call).dropFirst() {
            switch kind(c) {
            case .closureExpr:
                if unlabeledIsContent { blocks.append(builderBlock(c, depth: depth + 1, calls: calls)) }
            case .labeledTrailingClosure:
                let label = firstOwnToken(c, where: { _ in true }).map { identifierName($0) } ?? ""
                if !KnownNames.isActionLabel(label), let closure = firstChild(c, .closureExpr) {
                    var block = builderBlock(closure, depth: depth + 1, calls: calls)
                    block.label = label
                    blocks.append(block)
                }
            default:
                break
            }
        }
        return blocks
    }

    /// Does the call pass a closure, as an argument or a trailing closure (or is its callee one)?
    func hasClosure(_ call: Int) -> Bool {
        for c in children(call) {
            switch kind(c) {
            case .closureExpr, .labeledTrailingClosure:
                return true
            case .argumentList:
                for arg in children(c) where kind(arg) == .argument {
                    if let expr = firstChildNode(arg), kind(expr) == .closureExpr { return true }
                }
            default:
                break
            }
        }
        return false
    }

    /// The closures a call passes, as arguments or trailing closures, in source order.
    func closureSummaries(of call: Int, levels: Int, in table: ArgumentTable) -> [ClosureSummary] {
        guard levels > 0 else { return [] }
        var result: [ClosureSummary] = []
        for c in children(call) {
            switch kind(c) {
            case .argumentList:
                for arg in children(c) where kind(arg) == .argument {
                    if let expr = firstChildNode(arg), kind(expr) == .closureExpr {
                        result.append(closureSummary(expr, levels: levels, in: table))
                    }
                }
            case .closureExpr:
                result.append(closureSummary(c, levels: levels, in: table))
            case .labeledTrailingClosure:
                if let closure = firstChild(c, .closureExpr) { result.append(closureSummary(closure, levels: levels, in: table)) }
            default:
                break
            }
        }
        return result
    }

    func closureSummary(_ closure: Int, levels: Int, in table: ArgumentTable) -> ClosureSummary {
        var statements: [ClosureStatement] = []
        var hasSignature = false
        for statement in children(closure) {
            switch kind(statement) {
            case .closureSignature, .captureList:
                hasSignature = true
            case .variableDecl, .functionDecl, .structDecl, .classDecl, .enumDecl, .forStmt, .whileStmt, .guardStmt,
                 .doStmt, .deferStmt, .ifConfigDecl, .unexpected, .opaque, .throwStmt, .breakStmt, .continueStmt,
                 .ifStmt, .switchStmt, .returnStmt, .repeatStmt, .labeledStmt, .otherStmt, .fallthroughStmt:
                statements.append(ClosureStatement(range: sourceRange(statement), shape: nil, closures: []))
            default:
                let closures = kind(statement) == .callExpr ? closureSummaries(of: statement, levels: levels - 1, in: table) : []
                statements.append(ClosureStatement(range: sourceRange(statement), shape: shape(statement, in: table),
                                                   closures: closures))
            }
        }
        return ClosureSummary(range: sourceRange(closure), hasSignature: hasSignature, statements: statements)
    }
}

/// A member's call sites, sorted by range, with the `callExpr` node of each, and the file's
/// argument lists (which the views' modifiers and bases store theirs in).
struct CallSiteIndex {
    let calls: [CallSite]
    let nodes: [Int]
    let arguments: ArgumentTable

    /// The call site made from `node`, whose range is `range`.
    func callSite(_ node: Int, range: SourceRange) -> CallSite? {
        var low = 0
        var high = calls.count
        while low < high {
            let middle = (low + high) / 2
            if calls[middle].range < range { low = middle + 1 } else { high = middle }
        }
        while low < calls.count && calls[low].range == range {
            if nodes[low] == node { return calls[low] }
            low += 1
        }
        return nil
    }
}
