// Part of the query layer (see Query/QueryLayer.swift): a type's properties and who reads and writes
// them, across every declaration and file of the type.

extension Member {
    /// A stored instance property: the properties a declaration's `unwrappedStoredProperties(of:)`
    /// and `wrappedProperties(of:where:)` split by their wrapper, and the rules' per-file split
    /// (`ViewStoredProperties`) too, so that both read one test.
    public var isStoredInstanceProperty: Bool { kind == .storedProperty && !isStatic }
}

extension ProjectModel {
    // MARK: Stored properties

    /// The stored instance properties a declaration declares without a property wrapper, in
    /// declaration order: what the rules' per-file split of a view's properties calls
    /// `unwrapped`, and what `isStoredInput(unwrapped:)` and `storedClosures(among:)` read.
    public func unwrappedStoredProperties(of decl: TypeDecl) -> [Member] {
        // The wrapper found in place: `propertyWrapper` copies the attribute out.
        decl.members.filter { $0.isStoredInstanceProperty && $0.propertyWrapperIndex == nil }
    }

    /// Is a property of `unwrappedStoredProperties(of:)` a plain stored input: not `lazy`, and
    /// not a stored `body` (the `View` requirement itself)?
    public func isStoredInput(unwrapped member: Member) -> Bool {
        !member.modifiers.contains("lazy") && member.name != "body"
    }

    /// The stored instance properties a declaration declares with a property wrapper whose name
    /// `wrapper` accepts (`@Environment`, `@EnvironmentObject`, a project wrapper), in
    /// declaration order.
    public func wrappedProperties(of decl: TypeDecl, where wrapper: (String) -> Bool) -> [Member] {
        decl.members.filter { member in
            member.isStoredInstanceProperty && member.propertyWrapper.map { wrapper($0.name) } == true
        }
    }

    /// The properties of `unwrapped` (a declaration's `unwrappedStoredProperties(of:)`) whose
    /// type is a function type, as written or through a type alias of the type or a type
    /// enclosing it (`typealias Action = () -> Void`), in their order.
    /// `aliases` keeps `declaredTypeAliasNames` between calls, asked only once a property needs it:
    /// a rule asking for each view of a file asks for the set once.
    public func storedClosures(among unwrapped: [Member], in type: TypeInfo, aliases: inout Set<String>?) -> [Member] {
        var closures: [Member] = []
        for property in unwrapped {
            if property.isFunctionType {
                closures.append(property)
                continue
            }
            if aliases == nil { aliases = declaredTypeAliasNames }
            if isFunctionTypeAlias(property, in: type, aliases: aliases!) { closures.append(property) }
        }
        return closures
    }

    /// The names of the stored instance properties a declaration declares (wrapped or not, other
    /// than `body`) that are not in `excluded`: does the type store anything else?
    public func storesOtherData(_ decl: TypeDecl, than excluded: Set<String>) -> Bool {
        decl.members.contains {
            $0.kind == .storedProperty && !$0.isStatic && !excluded.contains($0.name) && $0.name != "body"
        }
    }

    /// Is the property's type a function type, as written or through a type alias declared in
    /// `type` or a type enclosing it?
    public func hasFunctionType(_ property: Member, in type: TypeInfo) -> Bool {
        property.isFunctionType || isFunctionTypeAlias(property, in: type, aliases: declaredTypeAliasNames)
    }

    /// Is the property's type, as written, a type alias of a function type declared in `type`
    /// or a type enclosing it? `aliases` is `declaredTypeAliasNames`.
    func isFunctionTypeAlias(_ property: Member, in type: TypeInfo, aliases: Set<String>) -> Bool {
        // Most projects declare few aliases or none, and most property types are no alias at
        // all: one set lookup rules them out.
        guard !aliases.isEmpty, let text = property.typeText, let name = TypeText.baseName(text), !name.containsByte(0x2E),
              aliases.contains(name) else { return false }
        var scope: String? = type.qualifiedName
        while let current = scope {
            if let found = types[current],
               let alias = members(of: found).first(where: { $0.member.kind == .typeAlias && $0.member.name == name }) {
                return alias.member.isFunctionType
            }
            scope = current.lastIndex(of: ".").map { String(current[..<$0]) }
        }
        return false
    }

    /// Names of every type alias declared in the project, in a type or at the top level. The
    /// top-level ones only widen `isFunctionTypeAlias`'s first test, which looks the name up in
    /// the enclosing types; the view graph needs them, and one fact merged from parts serves both.
    public var declaredTypeAliasNames: Set<String> {
        fact("query.typeAliasNames", perFile: { f -> Set<String> in
            var names: Set<String> = []
            // A read of every member's kind: a scan of every file's bytes for the keyword cost
            // more (the fact's parts were 20 M instructions on the 14 apps, 9 M reading kinds).
            // Read in place, by index: the members' iterator retained and released each one
            // (160,000 on the 14 apps, for 300 aliases).
            func record(_ members: [Member]) {
                for m in members.indices where members[m].kind == .typeAlias { names.insert(members[m].name) }
            }
            let file = files[f]
            let types = file.types
            for d in types.indices { record(types[d].members) }
            record(file.globals)
            return names
        }, merge: ProjectModel.mergeUnion)
    }

    /// The names of the project's top-level property wrappers that store a property wrapped by
    /// one of `wrappers` themselves (a settings wrapper holding `@Environment(\.settings)`).
    /// A simple name that some nested type also has is left out: attributes are matched by their
    /// simple name, so it would be ambiguous. `key` names the fact (one per set of wrappers).
    public func projectWrappers(storingAnyOf wrappers: Set<String>, key: StaticString) -> Set<String> {
        // Asked before, not in the merge, which one thread runs while the others wait.
        let ambiguous = nestedTypeSimpleNames
        return fact(key, perFile: { f -> Set<String> in
            var names: Set<String> = []
            for type in topLevelPropertyWrappers(inFile: f) {
                let stores = members(of: type).contains { entry in
                    entry.member.kind == .storedProperty && !entry.member.isStatic
                        && entry.member.propertyWrapper.map { wrappers.contains($0.name) } == true
                }
                if stores { names.insert(type.qualifiedName) }
            }
            return names
        }, merge: { parts in ProjectModel.mergeUnion(parts).subtracting(ambiguous) })
    }

    /// The top-level, project-declared, not file-private, non-protocol types marked
    /// `@propertyWrapper` in a declaration in file `f` (a type marked in several files is listed
    /// by each). Only top-level wrappers count: an attribute is matched by its simple name, and
    /// a nested `EnvironmentObject.Optional` must not make every `@X.Optional` a subscription.
    public func topLevelPropertyWrappers(inFile f: Int) -> [TypeInfo] {
        var found: [TypeInfo] = []
        // Most files declare no wrapper: one pass over the bytes instead of every type's attributes,
        // from `W`, rarer than `p` (`private`, `padding`), whose every occurrence was a comparison.
        guard files[f].mentions(.wrapper) else { return found }
        for (i, decl) in files[f].types.enumerated() where decl.hasAttribute("propertyWrapper") {
            guard let type = typeInfo(of: DeclRef(file: f, index: i)), type.isDeclaredInProject, type.kind != .protocol,
                  // By byte: `String.contains(".")` goes by Character.
                  !type.qualifiedName.containsByte(0x2E), !type.key.containsByte(0x23) else { continue }
            found.append(type)
        }
        return found
    }

    /// The simple names of the project's nested types (`Inner` for `Outer.Inner`): a simple name
    /// one of them has is ambiguous as an attribute. Every type is some declaration's (its own
    /// or an extension's), so the types are read once each, by id: a part per file read each
    /// declaration's type, one name per declaration, and merged the files' sets (15.4 M
    /// instructions on the 14 apps).
    public var nestedTypeSimpleNames: Set<String> {
        fact("model.nestedTypeSimpleNames") { () -> Set<String> in
            var names: Set<String> = []
            for type in typesByID where type.qualifiedName.containsByte(0x2E) {
                names.insert(ProjectModel.simpleName(type.qualifiedName))
            }
            return names
        }
    }

    /// The project's `@Observable` class that `@Environment(Model.self)` names; nil for any other
    /// wrapper or argument, or when the type is not such a class of the project.
    public func observableEnvironmentClass(_ property: Member, in type: TypeInfo) -> TypeInfo? {
        guard let wrapper = property.propertyWrapper, wrapper.name == "Environment",
              let argument = wrapper.argumentShapes.first, case .member(let base?, "self") = argument.shape,
              let chain = base.nameChain, let found = resolveType(chain.joined(separator: "."), from: type),
              found.isDeclaredInProject, found.kind == .class,
              found.declarations.contains(where: { declaration($0).hasAttribute("Observable") }) else { return nil }
        return found
    }

    // MARK: Reads

    /// Is `name` read by any member of the type, in any file (see `namesRead(in:)`), including
    /// through values of the type elsewhere and in a custom `==`?
    public func isRead(_ name: String, in type: TypeInfo) -> Bool {
        namesRead(in: type).contains(name)
    }

    /// `isRead(_:in:)` by the name's id (a property's `nameID`): no lookup in the name table.
    public func isRead(_ id: NameID, in type: TypeInfo) -> Bool {
        namesRead(in: type).contains(id)
    }

    /// Is the property used at all in the type: read (`x`, `$x`, `_x`, `self.x`, in any file, from
    /// a nested type as `parent.x`, through a value of the type elsewhere), or written outside
    /// the initialisers? Asked by the name's id (a member's `nameID`).
    public func isUsed(_ id: NameID?, in type: TypeInfo) -> Bool {
        if namesRead(in: type).contains(id) { return true }
        for (_, member) in members(of: type) where member.kind != .initializer {
            if member.writes.contains(id) || member.changedRoots.contains(id) { return true }
        }
        return false
    }

    /// Is the property `name` read through an expression whose type is `type`, anywhere in the
    /// project (`controller.view.name`, `func configure(with view: Label) { view.name }`)? Only
    /// views are indexed: for any other type the answer is false.
    public func isReadThroughValues(_ name: String, of type: TypeInfo) -> Bool {
        memberReadsThroughValues[ProjectModel.simpleName(type.qualifiedName)]?.contains(name) ?? false
    }

    /// Does a project protocol the type conforms to require a property `name` (or is it `id`
    /// of an `Identifiable` type)? Generic code may read it out of sight.
    public func isRequiredByProtocol(_ name: String, of type: TypeInfo) -> Bool {
        let required = protocolRequirementNames(of: type)
        return !required.isEmpty && required.contains(name)
    }

    // MARK: Writes

    /// The names the type's initializers assign, in every declaration of the type.
    public func initializerWrites(of type: TypeInfo) -> NameSet {
        var names = NameSet()
        for (_, member) in members(of: type) where member.kind == .initializer { names.formUnion(member.writes) }
        return names
    }

    /// Is the property assigned anywhere in the type (`name = ...`, `self.name = ...`,
    /// `_name = ...`), in any member of any of its declarations?
    public func isAssigned(_ name: String, in type: TypeInfo) -> Bool {
        let id = NameID.existing(name)
        let underscored = NameID.existing("_" + name)
        return members(of: type).contains { _, m in m.writes.contains(id) || m.writes.contains(underscored) }
    }

    /// Does the declaration alone decide the property's value: it is written with an initial
    /// value, no caller can replace it (a `let`, or `private`/`fileprivate`), and no
    /// initializer assigns it? `initializerWrites` is `initializerWrites(of:)` of its type,
    /// asked once by callers that check several properties.
    public func isFixedByDeclaration(_ property: Member, initializerWrites: NameSet) -> Bool {
        property.initializer != nil
            && (property.isLet || property.modifiers.contains("private") || property.modifiers.contains("fileprivate"))
            && !initializerWrites.contains(property.nameID)
    }
}

extension TypeDecl {
    /// Does the declaration that declares `property` declare other names too (`let a, b: Int`)?
    public func declaresOthers(with property: Member) -> Bool {
        members.contains { $0 !== property && $0.range == property.range }
    }
}

// Here, in the model's module, and not among the rules' helpers: a rule that reads a member's
// stored field itself pays the runtime's exclusivity check on every read (`@exclusivity(unchecked)`
// holds only in the module that declares the field), about 80 instructions, per member and rule.
extension Member {
    /// The index in `attributes` of the property wrapper (`propertyWrapper`), found in place.
    public var propertyWrapperIndex: Int? {
        let attributes = self.attributes
        for i in attributes.indices where KnownNames.isPropertyWrapperCandidate(attributes[i].name) { return i }
        return nil
    }

    /// The index in `attributes` of the property wrapper (`propertyWrapper`) when it is one of
    /// `wrappers` (names `KnownNames.isPropertyWrapperCandidate` accepts); nil for another
    /// wrapper or none. Read in place: `propertyWrapper` copies the attribute out (retaining its
    /// strings and argument shapes) and hashes every attribute's name, where the common case
    /// here, the wanted wrapper written first, costs a comparison or two.
    public func propertyWrapperIndex(among wrappers: [String]) -> Int? {
        let attributes = self.attributes
        for i in attributes.indices {
            // Lengths first: comparing two different names costs a call each, and most of the
            // wrappers asked about differ from the attribute's name in length.
            let name = attributes[i].name
            let length = name.utf8.count
            for w in wrappers.indices where wrappers[w].utf8.count == length && wrappers[w] == name { return i }
            if KnownNames.isPropertyWrapperCandidate(name) { return nil }
        }
        return nil
    }
}
