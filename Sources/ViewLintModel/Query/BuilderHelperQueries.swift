// Part of the query layer (see Query/QueryLayer.swift): the project's own modifier helpers whose
// closures are view builders (`.if(condition) { view in ... }`, `.applying { ... }`), and the
// `if`/`switch` such closures hold.

extension ProjectModel {
    /// The parameter lists of the project's instance functions that take a closure, by name:
    /// the helpers a modifier call of that name may be. Built once per run.
    func closureTakingFunctions(named name: String) -> [[Parameter]] {
        closureTakingFunctionIndex[name] ?? []
    }

    private var closureTakingFunctionIndex: [String: [[Parameter]]] {
        fact("query.closureTakingFunctions") { () -> [String: [[Parameter]]] in
            var index: [String: [[Parameter]]] = [:]
            // Members read in place, by stored field: each member copied out of its list was
            // retained and released, for every member of the project. The parameters are asked
            // before the modifiers: most functions take no closure.
            for f in files.indices {
                let types = files[f].types
                for d in types.indices {
                    let members = types[d].members
                    for m in members.indices where members[m].kind == .function
                        && members[m].parameters.contains(where: { $0.isClosure }) && !members[m].isStatic {
                        index[members[m].name, default: []].append(members[m].parameters)
                    }
                }
            }
            return index
        }
    }

    /// Is this closure of a modifier call a view builder because the modifier is a project
    /// function whose matching closure parameter is `@ViewBuilder` (`func applying<V: View>(@ViewBuilder
    /// _ transform: (Self) -> V) -> some View`)? A labelled closure matches the parameter of its
    /// label; an unlabelled one the first closure parameter no label of the call names. Every
    /// project overload of that name must agree; a helper the project does not declare (from a
    /// package outside it) is not known, and a closure parameter without `@ViewBuilder` is not a
    /// builder (an `if` there is an `if` expression of one type, not two views).
    public func isViewBuilderClosure(_ block: BuilderBlock, of modifier: ModifierCall) -> Bool {
        let overloads = closureTakingFunctions(named: modifier.name)
        if overloads.isEmpty { return false }
        let usedLabels = Set(modifier.arguments.compactMap(\.label) + modifier.helperContents.compactMap(\.label))
        var matched = false
        for parameters in overloads {
            let closures = parameters.filter(\.isClosure)
            let parameter: Parameter?
            if let label = block.label {
                parameter = closures.first { $0.label == label }
            } else {
                parameter = closures.first { $0.label == "_" || !usedLabels.contains($0.label) }
            }
            guard let parameter else { continue }
            if !parameter.isViewBuilder { return false }
            matched = true
        }
        return matched
    }

    /// The `if`/`switch` statements in closures that the member passes to the project's own
    /// view-builder helpers (`content.if(isOn) { if x { $0 } else { $0.mask(...) } }`), anywhere
    /// in the views it builds, with whether a result builder applies to their branches. Those
    /// `Member.builderConditionals` reports are not repeated.
    public func helperBuilderConditionals(of member: Member) -> [(conditional: Conditional, branchesAreBuilders: Bool)] {
        // A project without instance functions taking a closure has no helpers: no walk.
        if closureTakingFunctionIndex.isEmpty { return [] }
        var result: [(conditional: Conditional, branchesAreBuilders: Bool)] = []
        // (block, is a builder, is inside a helper's closure)
        var stack: [(block: BuilderBlock, isBuilder: Bool, inHelper: Bool)] = []
        if let builder = member.builder {
            stack.append((builder, !builder.hasReturn, false))
        } else if let returned = member.returnedViews {
            stack.append((returned, false, false))
        }
        var steps = 0
        while let (block, isBuilder, inHelper) = stack.popLast(), steps < 100_000 {
            steps += 1
            for item in block.items {
                switch item {
                case .view(let expression):
                    for content in expression.contents { stack.append((content, !content.hasReturn, inHelper)) }
                    for modifier in expression.modifiers {
                        for closure in modifier.helperContents where isViewBuilderClosure(closure, of: modifier) {
                            stack.append((closure, !closure.hasReturn, true))
                        }
                    }
                case .conditional(let conditional):
                    let branchesAreBuilders = isBuilder && conditional.branches.allSatisfy { !$0.block.hasReturn }
                    for branch in conditional.branches { stack.append((branch.block, branchesAreBuilders, inHelper)) }
                    if inHelper { result.append((conditional, branchesAreBuilders)) }
                case .other:
                    break
                }
            }
        }
        return result.sorted { $0.conditional.range.start < $1.conditional.range.start }
    }
}

extension Parameter {
    /// Is the parameter's declared type a function type? Asked of every function's parameters.
    var isClosure: Bool {
        // Read from the text's bytes in place: a walk over `String.UTF8View` cost about 450
        // instructions a parameter, and the closure-taking functions' index reads every one.
        guard var text = typeText else { return false }
        return text.withUTF8 { TypeText.spellsArrow($0) }
    }
}

extension ProjectModel {
    /// The type's members that build views (`buildsViews`), by name, the first of each name in
    /// `members(of:)` order: the helpers a builder may use (`content`, `row(item)`). Once per
    /// type: the view graph asks it of every declaration of a type, and a view spread over many
    /// extensions with dozens of helpers rebuilt the same table for each.
    public func builderMembersByName(_ owner: TypeInfo) -> [String: Member] {
        typeFacts.builderMembers.value(owner.id) {
            // Sized once from a count of the builders: grown from empty, the table was rehashed
            // at every doubling for a type with a few helpers. Each name spelled once.
            var count = 0
            for (_, member) in members(of: owner) where member.buildsViews { count += 1 }
            var byName = [String: Member](minimumCapacity: count)
            for (_, member) in members(of: owner) where member.buildsViews {
                let name = member.name
                if byName[name] == nil { byName[name] = member }
            }
            return byName
        }
    }

    /// Bits the view graph keeps about a type as a project container (what its builders do with
    /// the content they are given), made by `make` once per run: by type id, where a fact found
    /// by a name spelled from the type's key made and hashed a string at every ask.
    public func graphContainerBits(_ container: TypeInfo, _ make: () -> UInt8) -> UInt8 {
        typeFacts.graphContainer.value(container.id, make)
    }

    /// The per-type facts of the environment rules, kept here because a fact of theirs found
    /// by a name spelled from the type's key made and hashed a string at every ask.
    public enum EnvironmentFact { case needs, renderingReads, ownedInstances }

    /// The environment fact `kind` of `view`, made by `make` once per run and type.
    public func environmentFact<T: Sendable>(_ kind: EnvironmentFact, of view: TypeInfo, _ make: () -> T) -> T {
        let table: PerTypeFact<ErasedFact>
        switch kind {
        case .needs: table = typeFacts.environmentNeeds
        case .renderingReads: table = typeFacts.renderingReads
        case .ownedInstances: table = typeFacts.ownedInstances
        }
        // The slot holds only what `make` of this kind returned, so the cast holds; made again
        // rather than trapping should a caller ask a kind with another type.
        return (table.value(view.id, { ErasedFact(make()) }).value as? T) ?? make()
    }
}

extension ProjectModel {
    /// Where a member that builds views (`Member.buildsViews`) is in its file: its declaration's
    /// index in the file's `types` (-1 for the file's globals) and its index among that
    /// declaration's members (or the globals).
    public struct BuilderRef: Sendable {
        public var decl: Int32
        public var member: Int32
    }

    /// The members of file `f` that build views, in file order: those of each declaration that
    /// is not a protocol, then the globals. One pass over every member for the run, shared by
    /// the rules' builder lists (`BuilderMembers`), the placement graph and the rooted graph:
    /// each of them asked every member of every declaration (110k on the 14 apps, retaining and
    /// releasing each) for the 5.7k that build views.
    public func builderRefs(inFile f: Int) -> [BuilderRef] { builderRefsByFile[f] }

    /// `builderRefs(inFile:)` of every file, by file: a caller that reads many files' asks for
    /// the fact once, where each ask costs a few hundred instructions. In the model, beside
    /// `Member.buildsViews`: made in the rules, every member's ask was a call across modules.
    public var builderRefsByFile: [[BuilderRef]] {
        fact("query.builderRefs", perFile: { f -> [BuilderRef] in
            var refs: [BuilderRef] = []
            func record(_ members: [Member], decl: Int) {
                // Read in place, by index: the members' iterator retained and released each one.
                for m in members.indices where members[m].buildsViews {
                    refs.append(BuilderRef(decl: Int32(truncatingIfNeeded: decl), member: Int32(truncatingIfNeeded: m)))
                }
            }
            let file = files[f]
            let types = file.types
            for i in types.indices where types[i].kind != .protocol { record(types[i].members, decl: i) }
            record(file.globals, decl: -1)
            return refs
        }, merge: { $0 })
    }
}
