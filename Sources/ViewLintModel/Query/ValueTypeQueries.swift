// Part of the query layer (see Query/QueryLayer.swift): the type of a value where the expression
// and the declarations it names decide it with certainty. No general inference: a literal, a case
// of a project enum, `Optional(x)`, a name whose declaration spells its type (or initialises it
// with a literal), a member of a project type, the element and id of a collection. Anything else
// is unknown, and rules stay silent on unknown.

extension TypeText {
    /// Standard types a declaration can name with certainty (when no project type shadows them).
    public static let standardValueTypes: Set<String> = [
        "Int", "String", "Double", "Bool", "UUID", "Float", "Int8", "Int16", "Int32", "Int64", "UInt",
        "UInt8", "UInt16", "UInt32", "UInt64", "Character", "Date", "URL",
    ]

    /// The type a literal has when nothing else constrains it (`Int` for `0`, `String` for `""`).
    public static func literalType(_ shape: ExprShape) -> String? {
        switch shape {
        case .integer: return "Int"
        case .float: return "Double"
        case .string: return "String"
        case .boolean: return "Bool"
        default: return nil
        }
    }

    /// A property's type as its declaration decides it: the annotation, the type it is
    /// initialised with (`Store()`), or the literal it is initialised with (`= 0` is an `Int`).
    public static func declaredOrLiteral(_ property: Member) -> String? {
        if let declared = declared(property) { return declared }
        guard property.kind == .storedProperty, let initializer = property.initializer else { return nil }
        return literalType(initializer)
    }

    /// `Int` and `true` for `Int?`, `Optional<Int>`, `Int!`; the text without spaces and `false`
    /// for anything else.
    public static func unwrappingOptional(_ text: String) -> (String, isOptional: Bool) {
        var t = text.filter { $0 != " " }
        var optional = false
        while t.hasSuffix("?") || t.hasSuffix("!") { t.removeLast(); optional = true }
        if t.hasPrefix("Optional<") && t.hasSuffix(">") { t = String(t.dropFirst(9).dropLast()); optional = true }
        return (t, optional)
    }
}

extension ProjectModel {
    /// The qualified name of the type a (non-optional) type text names, when it is certain: a
    /// standard type not shadowed by the project, a project type that is not a protocol, or
    /// `X.ID` of a project type `X` whose `id` property has such a type (`Self` is `X`).
    public func certainValueType(_ text: String, from context: TypeInfo?) -> String? {
        certainValueType(text, from: context, depth: 0)
    }

    func certainValueType(_ text: String, from context: TypeInfo?, depth: Int) -> String? {
        guard depth < 3, let name = TypeText.baseName(text), name == text.filter({ $0 != " " }) else { return nil }
        let simple = KnownNames.stripModule(name)
        if let type = resolveType(simple, from: context), type.isDeclaredInProject {
            return type.kind == .protocol ? nil : type.qualifiedName
        }
        if TypeText.standardValueTypes.contains(simple) { return simple }
        // `Ocean.ID`: the type of `Ocean`'s `id`.
        if simple.hasSuffix(".ID") {
            let ownerName = String(simple.dropLast(3))
            guard let owner = resolveType(ownerName, from: context), owner.isDeclaredInProject else { return nil }
            return identifierType(of: owner, depth: depth + 1)
        }
        return nil
    }

    /// The certain type of the `id` of a project type (its `id` property: `let id = UUID()`,
    /// `var id: String { ... }`, `var id: Self { self }`).
    public func identifierType(of type: TypeInfo) -> String? { identifierType(of: type, depth: 0) }

    func identifierType(of type: TypeInfo, depth: Int) -> String? {
        guard let id = property("id", of: type), !id.isStatic, let text = TypeText.declaredOrLiteral(id) else { return nil }
        if text == "Self" { return type.qualifiedName }
        return certainValueType(text, from: type, depth: depth)
    }

    /// The certain type of property `name` of the project type `typeName` (qualified), with
    /// its optionality.
    public func memberValueType(_ name: String, ofType typeName: String) -> (String, isOptional: Bool)? {
        guard let type = types[typeName] ?? resolveType(typeName, from: nil), type.isDeclaredInProject else { return nil }
        if name == "self" { return (type.qualifiedName, false) }
        if name == "id", let id = identifierType(of: type) { return (id, false) }
        guard let property = property(name, of: type), !property.isStatic,
              let text = TypeText.declaredOrLiteral(property) else { return nil }
        let (base, optional) = TypeText.unwrappingOptional(text)
        if base == "Self" { return (type.qualifiedName, optional) }
        guard let certain = certainValueType(base, from: type) else { return nil }
        return (certain, optional)
    }
}

extension ExpressionScope {
    /// The certain type of a value expression, with its optionality, written in this member;
    /// `bindings` names closure parameters whose type the caller knows (a `ForEach` row's
    /// element; "" for a parameter of unknown type). Literals, cases of project enums (`Tab.home`), `Optional(x)`, names and member
    /// chains whose declarations spell their types; nil for anything else.
    public func valueType(of shape: ExprShape, bindings: [String: String] = [:]) -> (String, isOptional: Bool)? {
        if let literal = TypeText.literalType(shape) { return (literal, false) }
        switch shape {
        case .call(.identifier("Optional"), let arguments, 0) where arguments.count == 1 && arguments[0].isUnlabeled:
            guard let (inner, _) = valueType(of: arguments[0].shape, bindings: bindings) else { return nil }
            return (inner, true)
        case .call(.member(.identifier("Optional"), "some"), let arguments, 0)
            where arguments.count == 1 && arguments[0].isUnlabeled:
            guard let (inner, _) = valueType(of: arguments[0].shape, bindings: bindings) else { return nil }
            return (inner, true)
        default:
            break
        }
        guard var chain = shape.nameChain, let first = chain.first, !first.isEmpty else { return nil }
        if chain.count > 1 && first == "self" { chain.removeFirst() }
        // `Tab.home`: a case of a project enum.
        if chain.count >= 2, chain[0].first?.isUppercase == true,
           let enumType = project.resolveType(chain.dropLast().joined(separator: "."), from: owner) {
            guard enumType.kind == .enum, enumType.isDeclaredInProject,
                  project.members(of: enumType).contains(where: { $0.member.kind == .enumCase && $0.member.name == chain.last! })
            else { return nil }
            return (enumType.qualifiedName, false)
        }
        // A closure parameter the caller knows, else a parameter or property of the view.
        var current: (String, isOptional: Bool)
        if let bound = bindings[chain[0]] {
            // A closure parameter of unknown type (bound to "") shadows the view's names.
            guard !bound.isEmpty else { return nil }
            current = (bound, false)
        } else {
            guard chain[0].first?.isLowercase == true || chain[0].first == "_" else { return nil }
            // A local declared in the member shadows the view's properties; its type is not known.
            if member.localValues[chain[0]] != nil { return nil }
            let text: String?
            if member.boundValues[chain[0]] != nil {
                // Bound by `if let`, `guard let` or `for`: the type of the value it is bound to.
                text = project.typeText(of: chain[0], in: owner, member: member)
            } else if let parameter = member.parameters.first(where: { $0.name == chain[0] }) {
                text = parameter.typeText
            } else if let property = project.property(chain[0], of: owner), !property.isStatic {
                text = TypeText.declaredOrLiteral(property)
            } else {
                text = nil
            }
            guard let text else { return nil }
            let (base, optional) = TypeText.unwrappingOptional(text)
            guard let certain = project.certainValueType(base, from: owner) else { return nil }
            current = (certain, optional)
        }
        for name in chain.dropFirst() {
            // Through an optional the chain would need `?`: not a plain name chain.
            guard !current.isOptional, let next = project.memberValueType(name, ofType: current.0) else { return nil }
            current = next
        }
        return current
    }

    /// The certain type of the elements of a data expression (`ForEach(data)`, `List(data)`):
    /// an array literal of literals or of one project type's initialisers, a range with an
    /// integer literal bound, `Type.allCases` of a project enum, a name whose declaration spells a
    /// collection type or initialises it with an array literal.
    public func dataElementType(of shape: ExprShape, bindings: [String: String] = [:]) -> String? {
        switch shape.unwrappingElementWrappers {
        case .array(let elements):
            guard !elements.isEmpty else { return nil }
            var types: Set<String> = []
            for element in elements {
                if let literal = TypeText.literalType(element) {
                    types.insert(literal)
                } else if case .call(let callee, _, _) = element, let chain = callee.nameChain,
                          chain.first?.first?.isUppercase == true,
                          let built = project.resolveType((chain.last == "init" ? chain.dropLast() : chain[...]).joined(separator: "."), from: owner),
                          built.isDeclaredInProject, built.kind == .struct || built.kind == .class || built.kind == .enum {
                    types.insert(built.qualifiedName)
                } else {
                    return nil
                }
            }
            return types.count == 1 ? types.first : nil
        case .range(let lower?, let op, let upper?) where op == "..<" || op == "...":
            // `0..<5`, `0..<items.count`: an integer literal bound makes the range one of `Int`s
            // unless the other bound is of another integer type, which a literal or a `count` is not.
            func isInt(_ bound: ExprShape) -> Bool {
                if case .integer = bound { return true }
                if case .member(_, "count") = bound { return true }
                return false
            }
            return isInt(lower) && isInt(upper) ? "Int" : nil
        case .member(let base?, "allCases"):
            guard let chain = base.nameChain, chain.first?.first?.isUppercase == true,
                  let type = project.resolveType(chain.joined(separator: "."), from: owner),
                  type.isDeclaredInProject, type.kind == .enum else { return nil }
            return type.qualifiedName
        default:
            break
        }
        guard var chain = shape.nameChain, let first = chain.first, first.first?.isLowercase == true else { return nil }
        if chain.count > 1 && first == "self" { chain.removeFirst() }
        if member.localValues[chain[0]] != nil || bindings[chain[0]] != nil { return nil }
        if chain.count == 1, member.boundValues[chain[0]] == nil, let property = project.property(chain[0], of: owner), !property.isStatic {
            if let text = property.typeText {
                guard let element = TypeText.elementTypeName(text) else { return nil }
                return project.certainValueType(element, from: owner)
            }
            if property.kind == .storedProperty, let initializer = property.initializer, case .array = initializer {
                return dataElementType(of: initializer)
            }
            return nil
        }
        guard let text = declaredTypeText(of: shape), let element = TypeText.elementTypeName(text) else { return nil }
        return project.certainValueType(element, from: owner)
    }

    /// The certain type of the id `ForEach(data, id: keyPath)` tags each row with: the element for
    /// `\.self`, the element's property for `\.name`, the element's `id` without a key path.
    public func rowIdentifierType(element: String, idKeyPath: ExprShape?) -> String? {
        guard let idKeyPath else {
            guard let type = project.types[element] ?? project.resolveType(element, from: owner),
                  type.isDeclaredInProject else { return nil }
            return project.identifierType(of: type)
        }
        guard case .keyPath(nil, let components) = idKeyPath, !components.isEmpty else { return nil }
        var current = (element, isOptional: false)
        for name in components {
            if name == "self" { continue }
            guard !current.isOptional, let next = project.memberValueType(name, ofType: current.0) else { return nil }
            current = next
        }
        return current.isOptional ? nil : current.0
    }
}
