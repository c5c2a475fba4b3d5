// Part of the query layer (see Query/QueryLayer.swift): what an expression is. Questions about one
// expression alone are properties of `ExprShape`; questions that need the names around it (is
// this constant, what are its elements) are asked of an `ExpressionScope`, the member the
// expression is written in. Every walk is iterative or depth-bounded.

/// How an expression's value behaves across evaluations of the code that holds it.
public enum Constness: Sendable, Equatable {
    /// The same on every evaluation: literals, `let`s written with a literal, static constants,
    /// computed properties that return constants, enum cases.
    case constant
    /// May differ between evaluations or instances: parameters, stored instance properties.
    case variable
    /// Not known (a local, a closure parameter, a global, a body of statements).
    case unknown

    /// `variable` if any is, `constant` if all are, else `unknown`.
    public static func combine(_ values: [Constness]) -> Constness {
        if values.contains(.variable) { return .variable }
        if values.allSatisfy({ $0 == .constant }) { return .constant }
        return .unknown
    }
}

// MARK: Questions about one expression

extension ExprShape {
    /// A value that is new on every evaluation and unequal to the last one: `UUID()`,
    /// `UUID().uuidString`, `Date()`, `Date.now`, `Int.random(in:)`, `.init()` where the
    /// annotation (`typeText`) is a UUID or a date.
    public func isFreshValue(typeText: String? = nil) -> Bool {
        switch self {
        case .call(let callee, _, _):
            if let chain = callee.nameChain {
                if chain.count == 1, KnownNames.freshValueTypes.contains(chain[0]) { return true }
                if chain.count == 2, KnownNames.freshValueTypes.contains(chain[0]), chain[1] == "init" { return true }
                if chain.count == 2, chain[0] == "", chain[1] == "init",
                   let typeText, let name = TypeText.baseName(typeText) {
                    return KnownNames.freshValueTypes.contains(name)
                }
                if chain.count == 2, chain[1] == "random", chain[0].first?.isUppercase == true { return true }
            }
            if case .member(let base?, _) = callee { return base.isFreshValue() }
            return false
        case .member(let base?, let name):
            if case .identifier(let type) = base, KnownNames.freshValueTypes.contains(type) { return name == "now" }
            return base.isFreshValue()
        case .tryOrAwait(let inner), .forceUnwrap(let inner), .optionalChain(let inner):
            return inner.isFreshValue(typeText: typeText)
        default:
            return false
        }
    }

    /// Looks through wrappers that keep the elements of a collection: `Array(x)`,
    /// `ContiguousArray(x)`, `x!`, `x?`, `try x`.
    public var unwrappingElementWrappers: ExprShape {
        var current = self
        for _ in 0..<8 {
            switch current {
            case .call(let callee, let arguments, 0) where arguments.count == 1 && arguments[0].isUnlabeled:
                if case .identifier(let name) = callee, name == "Array" || name == "ContiguousArray" {
                    current = arguments[0].shape
                    continue
                }
                return current
            case .forceUnwrap(let inner), .optionalChain(let inner), .tryOrAwait(let inner):
                current = inner
            default:
                return current
            }
        }
        return current
    }

    /// The collection a chain of element-preserving calls starts from (`items` for
    /// `items.filter { ... }.sorted()`), looking through element wrappers at each step; at most
    /// eight steps.
    public var droppingElementPreservingCalls: ExprShape {
        var shape = unwrappingElementWrappers
        for _ in 0..<8 {
            if case .call(.member(let base?, let method), _, _) = shape, KnownNames.elementPreservingMethods.contains(method) {
                shape = base.unwrappingElementWrappers
                continue
            }
            break
        }
        return shape
    }

    /// The bounds of `a..<b`, also when arithmetic makes it a flat operator sequence
    /// (`0 ..< n + 1`, `0 ... items.count - 1`): range operators bind looser than arithmetic.
    public var rangeBounds: (lower: ExprShape?, upper: ExprShape?)? {
        switch self {
        case .range(let lower, _, let upper):
            return (lower, upper)
        case .operators(let ops, let operands) where operands.count == ops.count + 1:
            let rangeOps = ops.indices.filter { ops[$0] == "..<" || ops[$0] == "..." }
            guard rangeOps.count == 1,
                  ops.allSatisfy({ ["..<", "...", "+", "-", "*", "/", "%"].contains($0) }) else { return nil }
            let i = rangeOps[0]
            func side(_ range: Range<Int>) -> ExprShape {
                let opsSlice = Array(ops[range.dropLast()])
                let operandSlice = Array(operands[range])
                return opsSlice.isEmpty ? operandSlice[0] : .operators(opsSlice, operands: operandSlice)
            }
            return (side(0..<(i + 1)), side((i + 1)..<operands.count))
        default:
            return nil
        }
    }

    /// `model.items` for `self.model!.items`; "the collection" for anything but a name chain.
    public var displayName: String {
        var names: [String] = []
        var current = self
        for _ in 0..<16 {
            switch current {
            case .member(let base?, let name):
                names.append(name)
                current = base
            case .forceUnwrap(let inner), .optionalChain(let inner):
                current = inner
            case .identifier(let name):
                if name != "self" { names.append(name) }
                return names.isEmpty ? "the collection" : names.reversed().joined(separator: ".")
            default:
                return "the collection"
            }
        }
        return "the collection"
    }

    /// Does the expression call a method with this name (`x.enumerated()`), at any depth of its
    /// callees, bases and arguments?
    public func containsCall(named name: String) -> Bool {
        var stack = [self]
        var steps = 0
        while let s = stack.popLast(), steps < 64 {
            steps += 1
            switch s {
            case .call(let callee, let arguments, _):
                if case .member(_, name) = callee { return true }
                stack.append(callee)
                stack.append(contentsOf: arguments.map(\.shape))
            case .member(let base?, _): stack.append(base)
            case .forceUnwrap(let inner), .optionalChain(let inner), .tryOrAwait(let inner): stack.append(inner)
            default: break
            }
        }
        return false
    }

    /// Does the expression reach a member with this name (`x.indices`), at any depth?
    public func containsMember(named name: String) -> Bool {
        var stack = [self]
        var steps = 0
        while let s = stack.popLast(), steps < 64 {
            steps += 1
            switch s {
            case .member(let base, let member):
                if member == name { return true }
                if let base { stack.append(base) }
            case .call(let callee, let arguments, _):
                stack.append(callee)
                stack.append(contentsOf: arguments.map(\.shape))
            case .forceUnwrap(let inner), .optionalChain(let inner), .tryOrAwait(let inner): stack.append(inner)
            default: break
            }
        }
        return false
    }

    /// `Circle` for `Circle()` or `Circle().fill(.red)`: the view or style a call chain starts
    /// by building; nil when it does not start with a call of an uppercase name.
    public var builtTypeName: String? {
        var current = self
        for _ in 0..<16 {
            switch current {
            case .call(.identifier(let name), _, _) where name.first?.isUppercase == true:
                return name
            case .call(.member(let base?, _), _, _):
                current = base
            case .member(let base?, _):
                current = base
            default:
                return nil
            }
        }
        return nil
    }
}

// MARK: Questions about an expression in its member

/// An expression's surroundings: the member it is written in and the type that member
/// belongs to. Names resolve as Swift would resolve them there, as far as declarations spell
/// them out: parameters, then the member's local constants, then the type's properties.
public struct ExpressionScope {
    public let project: ProjectModel
    public let owner: ProjectModel.TypeInfo
    public let member: Member
    /// Closures in the expression capture nothing that changes: true for the initializer of a
    /// stored property, which runs before `self` exists (`let steps = stride(...).map { $0 * 30 }`).
    var closuresAreConstant = false

    public init(project: ProjectModel, owner: ProjectModel.TypeInfo, member: Member) {
        self.project = project
        self.owner = owner
        self.member = member
    }

    // MARK: Constness

    /// Is the expression the same on every evaluation? Through local `let`s, the type's
    /// properties (a `let` written with its value, a computed property returning a constant),
    /// static members of project types, and calls built only of constants.
    public func constness(_ shape: ExprShape, depth: Int = 0) -> Constness {
        if depth > 12 { return .unknown }
        let d = depth + 1
        if shape.isLiteral { return .constant }
        // `UUID()`, `Date.now`: new on every evaluation.
        if shape.isFreshValue() { return .variable }
        switch shape {
        case .string(isConstant: false):
            return .unknown
        case .array(let elements):
            return Constness.combine(elements.map { constness($0, depth: d) })
        case .range(let lower, _, let upper):
            return Constness.combine([lower, upper].compactMap { $0 }.map { constness($0, depth: d) })
        case .operators(_, let operands):
            return Constness.combine(operands.map { constness($0, depth: d) })
        case .ternary(let condition, let then, let otherwise):
            return Constness.combine([condition, then, otherwise].map { constness($0, depth: d) })
        case .forceUnwrap(let inner), .optionalChain(let inner), .tryOrAwait(let inner):
            return constness(inner, depth: d)
        case .identifier(let name):
            return nameConstness(name.hasPrefix("$") ? String(name.dropFirst()) : name, depth: d)
        case .member(nil, _):
            return .constant
        case .member(let base?, let name):
            if name == "allCases" { return .constant }
            if let chain = base.nameChain, let root = chain.first {
                if root == "self" && chain.count == 1 { return nameConstness(name, depth: d) }
                // `Self.colors`, `Palette.colors`: a static member.
                if root == "Self" || root.first?.isUppercase == true {
                    return staticConstness(typeChain: chain, name: name, depth: d)
                }
            }
            // `state.durations` where `durations` is a `let` written with its value: the same in
            // every instance, whatever the instance.
            if let typeText = declaredTypeText(of: base), let type = project.resolveTypeText(typeText, from: owner),
               let property = project.property(name, of: type), property.kind == .storedProperty, !property.isStatic,
               property.isLet, property.propertyWrapper == nil, let initializer = property.initializer,
               !initializer.isFreshValue(typeText: property.typeText) {
                var scope = ExpressionScope(project: project, owner: type, member: property)
                scope.closuresAreConstant = true
                if scope.constness(initializer, depth: d) == .constant { return .constant }
            }
            return constness(base, depth: d)
        case .call(let callee, let arguments, let closures):
            let args = arguments.map { constness($0.shape, depth: d) }
            switch callee {
            case .identifier(let name) where name.first?.isUppercase == true:
                // `Array(x)`, `Color(red: 1, ...)`: a type built from its arguments, unless it
                // stores a fresh `id` by default (`let id = UUID()`): then every build differs.
                if !arguments.contains(where: { $0.label == "id" }),
                   let type = project.resolveType(name, from: owner), project.hasFreshDefaultID(type) {
                    return .variable
                }
                return Constness.combine(args)
            case .identifier("zip"), .identifier("stride"):
                return Constness.combine(args)
            case .member(nil, _):
                return Constness.combine(args)
            case .member(let base?, _):
                // A closure argument can capture anything.
                let own: Constness = !closuresAreConstant && (closures > 0 || arguments.contains(where: { $0.shape == .closure }))
                    ? .unknown : .constant
                if let chain = base.nameChain, chain.first?.first?.isUppercase == true || chain.first == "Self" {
                    return Constness.combine([own] + args)
                }
                return Constness.combine([constness(base, depth: d), own] + args)
            default:
                return .unknown
            }
        case .subscriptCall(let base, let arguments):
            return Constness.combine([constness(base, depth: d)] + arguments.map { constness($0.shape, depth: d) })
        default:
            return .unknown
        }
    }

    /// A name read in the member: one of its parameters, a property of the type, or unknown
    /// (a local, a closure parameter, a global).
    func nameConstness(_ name: String, depth: Int) -> Constness {
        if member.parameters.contains(where: { $0.name == name }) { return .variable }
        // A local constant of the member is as constant as its value (`let count = items.count`).
        // A property of the same name may be what another scope of the member reads: unknown.
        if let value = member.localValues[name] {
            return project.property(name, of: owner) == nil ? constness(value, depth: depth + 1) : .unknown
        }
        guard let property = project.property(name, of: owner) else { return .unknown }
        return propertyConstness(property, depth: depth)
    }

    /// `depth` bounds the walk through properties defined by other properties (`var a { b }`).
    func propertyConstness(_ property: Member, depth: Int) -> Constness {
        if property.isStatic {
            if property.kind == .storedProperty { return property.isLet ? .constant : .unknown }
        } else if property.kind == .storedProperty {
            // A `let` with its value written in the declaration cannot be set by an initializer,
            // and its expression cannot read the instance: every instance holds the same value.
            if property.isLet && property.propertyWrapper == nil, let initializer = property.initializer {
                return initializer.isFreshValue(typeText: property.typeText) ? .variable : .constant
            }
            if property.propertyWrapper == nil && property.initializer == nil
                && (property.isLet || isSetOnlyByInitializers(property)) {
                return inputConstness(property, depth: depth)
            }
            return .variable
        }
        let scope = ExpressionScope(project: project, owner: owner, member: property)
        // Computed: as constant as its expression, or as its `switch` of values and its subject.
        if let expression = property.initializer {
            return scope.constness(expression, depth: depth + 1)
        }
        if let (values, subjects) = property.branchValues {
            return Constness.combine((values + subjects).map { scope.constness($0, depth: depth + 1) })
        }
        // A body of statements is not classified.
        return .unknown
    }

    /// A `var` of a struct that only initializers set: no other member assigns or mutates it
    /// (a view's `body` cannot).
    func isSetOnlyByInitializers(_ property: Member) -> Bool {
        guard owner.kind == .struct else { return false }
        let name = property.nameID
        for entry in project.members(of: owner) where entry.member.kind != .initializer {
            if entry.member.changedRoots.contains(name) || entry.member.writes.contains(name) { return false }
        }
        return true
    }

    /// An input of a type (a `let`, or a struct's `var` only initializers set): constant when
    /// every construction in the project passes a constant for it (`Legend(entries: ["A", "B"])`
    /// at each site). Through the memberwise initializer, or initializers that each store a
    /// parameter of the property's name and label (`init(options: [String]) { self.options =
    /// options }`); other initializers may store anything. A type built nowhere or decoded is
    /// not followed.
    func inputConstness(_ property: Member, depth: Int) -> Constness {
        guard depth <= 8, owner.isDeclaredInProject,
              !project.conforms(owner, toAnyOf: ["Decodable", "Codable"]) else { return .variable }
        // The label that sets the input: the memberwise one, or the one every `init` stores
        // (`init(options: [String]) { self.options = options }`).
        var label = property.name
        let initializers = project.members(of: owner).map(\.member).filter { $0.kind == .initializer }
        for initializer in initializers {
            guard let parameter = initializer.parameters.first(where: { $0.name == property.name }),
                  parameter.label == property.name,
                  initializer.mutations.contains(where: { $0.name == property.name && $0.kind == .assignment }),
                  initializer.parameters.filter({ $0.name == property.name }).count == 1 else { return .variable }
            label = parameter.label
        }
        let sites = project.constructionSites(of: owner)
        guard !sites.isEmpty, sites.count <= 32 else { return .variable }
        for site in sites {
            guard let argument = site.call.argument(label) else { return .variable }
            if argument.shape.isLiteral { continue }
            guard let siteOwner = site.owner,
                  ExpressionScope(project: project, owner: siteOwner, member: site.member)
                    .constness(argument.shape, depth: depth + 3) == .constant else { return .variable }
        }
        return .constant
    }

    /// `Self.name`, `Type.name`: static members; unknown types are assumed to hold constants.
    func staticConstness(typeChain: [String], name: String, depth: Int) -> Constness {
        let typeName = typeChain == ["Self"] ? owner.qualifiedName : typeChain.joined(separator: ".")
        guard let type = project.resolveType(typeName, from: owner) else { return .constant }
        guard let property = project.property(name, of: type) else {
            // An enum case or a static function's result.
            return .constant
        }
        if property.isStatic && property.kind == .storedProperty && !property.isLet { return .unknown }
        return ExpressionScope(project: project, owner: type, member: property).propertyConstness(property, depth: depth)
    }

    // MARK: Collections

    /// Known to change, or reached through a chain of properties whose root is a local or a
    /// closure parameter (`section.items`): such chains are instance data.
    public func isVariableCollection(_ shape: ExprShape) -> Bool {
        switch constness(shape) {
        case .variable: return true
        case .constant: return false
        case .unknown:
            guard let chain = shape.nameChain, chain.count >= 2, let root = chain.first,
                  root.first?.isLowercase == true, root != "self" else { return false }
            return true
        }
    }

    /// For `x.indices` or `0..<x.count` (also reversed or sorted), the name of `x` when it is
    /// not constant: the data is positions in a collection that can change.
    public func indexedCollection(_ shape: ExprShape) -> String? {
        switch shape {
        case .member(let base?, "indices"):
            return isVariableCollection(base) ? base.displayName : nil
        case .call(.member(let base?, let method), _, _) where method == "reversed" || method == "sorted":
            return indexedCollection(base.unwrappingElementWrappers)
        default:
            guard let (lower, upperBound) = shape.rangeBounds, let upper = upperBound else { return nil }
            if let lower, constness(lower) == .variable { return nil }
            return countedCollection(upper)
        }
    }

    /// `x.count`, `x.count - 1`, `(x.count)`: the `x` when it is not constant; a local
    /// constant holding such a count (`let count = items.count`) is followed.
    public func countedCollection(_ shape: ExprShape, depth: Int = 0) -> String? {
        switch shape {
        case .identifier(let name):
            guard depth < 4, let value = member.localValues[name], project.property(name, of: owner) == nil else { return nil }
            return countedCollection(value, depth: depth + 1)
        case .member(let base?, "count"):
            return isVariableCollection(base) ? base.displayName : nil
        case .operators(let ops, let operands) where ops.allSatisfy({ $0 == "-" || $0 == "+" }) && !operands.isEmpty:
            guard operands.dropFirst().allSatisfy(\.isLiteral) else { return nil }
            return countedCollection(operands[0], depth: depth + 1)
        default:
            return nil
        }
    }

    /// The project type of the elements of a data expression, when declarations spell it out
    /// (`[Item]`, `Array<Item>`, `IdentifiedArrayOf<Item>`), through element-preserving calls,
    /// `Array(x)`, `Set(x)`, `x ?? []`, `x!` and `try x`.
    public func elementType(of shape: ExprShape) -> ProjectModel.TypeInfo? {
        var current = shape
        for _ in 0..<8 {
            switch current {
            case .call(.member(let base?, let method), _, _) where KnownNames.elementPreservingMethods.contains(method):
                current = base.unwrappingElementWrappers
                continue
            case .call(.identifier(let name), let arguments, 0)
                where (name == "Array" || name == "Set") && arguments.count == 1 && arguments[0].isUnlabeled:
                current = arguments[0].shape
                continue
            case .operators(let ops, let operands) where ops == ["??"] && operands.count == 2:
                current = operands[0]
                continue
            case .forceUnwrap(let inner), .optionalChain(let inner), .tryOrAwait(let inner):
                current = inner
                continue
            default:
                break
            }
            break
        }
        guard let text = declaredTypeText(of: current), let element = TypeText.elementTypeName(text) else { return nil }
        return project.resolveType(element, from: owner)
    }

    /// The declared type of a name chain (`items`, `self.items`, `model.items`, `$items`), as
    /// written on the declarations it goes through.
    public func declaredTypeText(of shape: ExprShape) -> String? {
        guard var chain = shape.nameChain, !chain.isEmpty, chain.first != "" else { return nil }
        if chain.count > 1 && chain[0] == "self" { chain.removeFirst() }
        var name = chain[0]
        if name.hasPrefix("$") { name.removeFirst() }
        guard var text = project.typeText(of: name, in: owner, member: member) else { return nil }
        var context = owner
        for next in chain.dropFirst() {
            guard let type = project.resolveTypeText(text, from: context),
                  let property = project.property(next, of: type), let nextText = property.typeText else { return nil }
            text = nextText
            context = type
        }
        return text
    }

    // MARK: Duplicate ids

    /// Why every element of the data is the same value, so every row gets the same id whatever
    /// key path identifies it: `Array(repeating: x, count: 5)`, a literal of one repeated constant
    /// (`[Item.placeholder, Item.placeholder]`), or a project factory that returns such data
    /// (`Item.placeholders()`), including a list of calls of one factory that builds its element
    /// with a literal `id` (`[.placeholder(), .placeholder()]` where `placeholder()` is
    /// `Item(id: "placeholder", ...)`). Nil unless provable; at most two factories are followed.
    public func repeatedElementsReason(of data: ExprShape, elementTypeText: String? = nil, depth: Int = 0) -> String? {
        if depth > 2 { return nil }
        let shape = data.unwrappingElementWrappers
        switch shape {
        case .call(let callee, let arguments, 0):
            if arguments.map(\.label) == ["repeating", "count"] {
                let isArray: Bool
                switch callee {
                case .identifier("Array"), .member(nil, "init"), .array: isArray = true
                case .member(.identifier("Array")?, "init"): isArray = true
                default: isArray = false
                }
                guard isArray, case .integer(let text) = arguments[1].shape, let count = Int(text), count >= 2 else { return nil }
                return "repeats one value \(count) times"
            }
            if arguments.isEmpty, let (factoryOwner, factory) = factory(callee) {
                return factoryReason(factory, owner: factoryOwner, depth: depth)
            }
            return nil
        case .array(let elements):
            guard elements.count >= 2, let first = elements.first, elements.allSatisfy({ $0 == first }),
                  isOneValue(first, elementTypeText: elementTypeText, depth: depth) else { return nil }
            return "holds \(elements.count) copies of one value"
        case .identifier, .member:
            guard let (factoryOwner, factory) = factory(shape) else { return nil }
            if factory.kind == .storedProperty && !(factory.isStatic || factory.isLet) { return nil }
            return factoryReason(factory, owner: factoryOwner, depth: depth)
        default:
            return nil
        }
    }

    /// The project property or function a name chain names: `placeholders` or `self.placeholders`
    /// of the scope's type, `Self.x`, `Item.x` (static members).
    func factory(_ callee: ExprShape) -> (ProjectModel.TypeInfo, Member)? {
        guard let chain = callee.nameChain, let name = chain.last else { return nil }
        let type: ProjectModel.TypeInfo?
        switch chain.count {
        case 1: type = owner
        case 2 where chain[0] == "self" || chain[0] == "Self": type = owner
        default:
            guard chain[0].first?.isUppercase == true else { return nil }
            type = project.resolveType(chain.dropLast().joined(separator: "."), from: owner)
        }
        guard let type, type.isDeclaredInProject else { return nil }
        // The one member of that name, read in place: gathering the type's members into an
        // array retained every one of them, and so did the members' iterator, which handed out
        // each member it passed (`unstable_foreach_id` asks this of every container's data).
        var found: Member? = nil
        let files = project.files
        for ref in type.declarations {
            let members = files[ref.file].types[ref.index].members
            for i in members.indices where members[i].kind != .enumCase && members[i].name == name {
                if found != nil { return nil }
                found = members[i]
            }
        }
        guard let member = found else { return nil }
        if chain.count == 1, member.kind != .function, member.isStatic == false, self.member.localValues[name] != nil { return nil }
        return (type, member)
    }

    func factoryReason(_ factory: Member, owner type: ProjectModel.TypeInfo, depth: Int) -> String? {
        // The one value, without an array made to hold it.
        let value: ExprShape
        if let initializer = factory.initializer {
            value = initializer
        } else if let branch = factory.branchValues, branch.subjects.isEmpty, branch.values.count == 1 {
            value = branch.values[0]
        } else {
            return nil
        }
        let scope = ExpressionScope(project: project, owner: type, member: factory)
        guard let reason = scope.repeatedElementsReason(
            of: value, elementTypeText: factory.typeText, depth: depth + 1) else { return nil }
        return "comes from '\(factory.name)', which \(reason)"
    }

    /// Is this element expression one value every time it is written: a static `let` or an enum
    /// case (`Item.placeholder`, `.placeholder` against the declared element type), or a call
    /// without arguments of a project factory that builds its element with a literal `id`?
    func isOneValue(_ element: ExprShape, elementTypeText: String?, depth: Int) -> Bool {
        let chain: [String]
        let isCall: Bool
        switch element {
        case .integer, .boolean: return true
        case .member:
            guard let names = element.nameChain else { return false }
            (chain, isCall) = (names, false)
        case .call(let callee, let arguments, 0) where arguments.isEmpty:
            guard let names = callee.nameChain else { return false }
            (chain, isCall) = (names, true)
        default:
            return false
        }
        guard chain.count >= 2, let name = chain.last else { return false }
        let typeName = chain[0] == "" ? elementTypeText.flatMap { TypeText.elementTypeName($0) } : chain.dropLast().joined(separator: ".")
        guard let typeName, let type = project.resolveType(typeName == "Self" ? owner.qualifiedName : typeName, from: owner),
              type.isDeclaredInProject else { return false }
        let candidates = project.members(of: type).map(\.member).filter { $0.name == name }
        guard candidates.count == 1, let member = candidates.first, member.isStatic || member.kind == .enumCase else { return false }
        if !isCall {
            // A stored constant is built once; an enum case is one value; a computed property is
            // as much one value as the literal id it builds.
            if member.kind == .enumCase { return true }
            if member.kind == .storedProperty { return member.isLet }
        }
        guard member.kind == (isCall ? .function : .computedProperty) else { return false }
        return buildsLiteralID(member, of: type)
    }

    /// Does the factory build its one element of `type` with an `id:` argument that is a literal
    /// (`Item(id: "placeholder", ...)`, `.init(id: 0, ...)`)?
    func buildsLiteralID(_ factory: Member, of type: ProjectModel.TypeInfo) -> Bool {
        let value: ExprShape
        if let initializer = factory.initializer {
            value = initializer
        } else if let branch = factory.branchValues, branch.values.count == 1, branch.subjects.isEmpty {
            value = branch.values[0]
        } else {
            return false
        }
        guard case .call(let callee, let arguments, _) = value, var chain = callee.nameChain else { return false }
        if chain.last == "init" { chain.removeLast() }
        if chain != [""] {
            guard project.resolveType(chain.joined(separator: "."), from: type)?.key == type.key else { return false }
        }
        guard let id = arguments.first(where: { $0.label == "id" }) else { return false }
        return id.shape.isLiteral
    }

    // MARK: Fresh values

    /// The `Identifiable` project type that the data expression builds afresh with a new `id`
    /// on every evaluation, through a factory of the project: `Item.placeholders()`,
    /// `Item.samples`, `makeRows()` when the function or computed property constructs elements
    /// with `id: UUID()` or with a stored `id` defaulting to a fresh value. Element-preserving
    /// calls are looked through. A computed property of `owner` that builds elements with a
    /// default fresh id is left out: `freshConstructions` reports it where it builds them.
    public func freshFactoryElementType(of data: ExprShape) -> ProjectModel.TypeInfo? {
        var shape = data.unwrappingElementWrappers
        for _ in 0..<8 {
            if case .call(.member(let base?, let method), _, _) = shape, KnownNames.elementPreservingMethods.contains(method) {
                shape = base.unwrappingElementWrappers
                continue
            }
            break
        }
        let chain: [String]
        switch shape {
        case .call(let callee, _, _):
            guard let names = callee.nameChain else { return nil }
            chain = names
        case .member, .identifier:
            guard let names = shape.nameChain else { return nil }
            chain = names
        default:
            return nil
        }
        // `Type.factory` / `Type.factory()` or a member of the view itself (`makeRows()`).
        let factoryOwner: ProjectModel.TypeInfo?
        let factoryName: String
        if chain.count == 1 {
            factoryOwner = owner
            factoryName = chain[0]
        } else if chain.count == 2, chain[0] == "self" || chain[0] == "Self" {
            factoryOwner = owner
            factoryName = chain[1]
        } else if chain.count >= 2, chain[0].first?.isUppercase == true {
            factoryOwner = project.resolveType(chain.dropLast().joined(separator: "."), from: owner)
            factoryName = chain[chain.count - 1]
        } else {
            return nil
        }
        guard let factoryOwner, factoryOwner.isDeclaredInProject else { return nil }
        // The owner's members read in place: gathering them all to keep the few of this name
        // retained every member of the type, and so did the members' iterator.
        let files = project.files
        for ref in factoryOwner.declarations {
            let members = files[ref.file].types[ref.index].members
            for m in members.indices
            where (members[m].kind == .function || members[m].kind == .computedProperty) && members[m].name == factoryName {
                let factory = members[m]
                let coveredAtConstruction = factoryOwner.key == owner.key && factory.kind == .computedProperty
                    && !factory.isStatic
                for construction in factory.calls {
                    // What the `id` argument says is asked before the callee is resolved: most
                    // constructions pass an id that is not fresh, or are covered where they are built,
                    // and then no type they could build matters.
                    let id = construction.argument("id")
                    let freshArgument = id.map { $0.shape.isFreshValue(typeText: nil) } ?? false
                    guard freshArgument || (id == nil && !coveredAtConstruction) else { continue }
                    var callee = construction.callee
                    if callee.count > 1 && callee.last == "init" { callee.removeLast() }
                    guard callee.last?.first?.isUppercase == true,
                          let built = project.resolveType(callee.joined(separator: "."), from: factoryOwner),
                          built.isDeclaredInProject, project.conforms(built, toAnyOf: KnownNames.identifiable) else { continue }
                    guard freshArgument || project.hasFreshDefaultID(built) else { continue }
                    return built
                }
            }
        }
        return nil
    }

    /// The project type a call constructs, resolved from this scope: `Row(...)`,
    /// `Outer.Row.init(...)`; nil for calls of lowercase names and types outside the project.
    public func constructedProjectType(_ call: CallSite) -> ProjectModel.TypeInfo? {
        var chain = call.callee
        if chain.count > 1 && chain.last == "init" { chain.removeLast() }
        guard let name = chain.last, name.first?.isUppercase == true,
              let type = project.resolveType(chain.joined(separator: "."), from: owner),
              type.isDeclaredInProject else { return nil }
        return type
    }
}
