import ViewLintCore
import ViewLintModel
import ViewLintSyntax

/// Questions the state and model-ownership rules ask: who owns state, what a property's
/// initial value creates, which project classes are models, and where a property is used.
extension ProjectModel {
    /// Types whose `@State` and friends SwiftUI owns: views, and `App` and `Scene` types.
    public func ownsState(_ type: TypeInfo) -> Bool {
        // A type that inherits nothing conforms to nothing: asked of every model and value type.
        isView(type) || (type.kind != .protocol && !type.inherited.isEmpty && conforms(type, toAnyOf: Self.appAndScene))
    }

    static let appAndScene: Set<String> = ["App", "Scene"]

    /// How a project class takes part in SwiftUI's change tracking.
    public enum ModelKind: Sendable, Equatable {
        /// `@Observable`, or SwiftData's `@Model` (which is observable too).
        case observable
        /// Conforms to `ObservableObject` (directly, through a project protocol or a superclass).
        case observableObject
        /// A class SwiftUI cannot observe.
        case plainClass
    }

    /// What kind of model the project class `type` is; nil when it is not a class declared in
    /// the project (framework classes are not project models, and values are not models).
    public func modelKind(of type: TypeInfo) -> ModelKind? {
        guard type.isDeclaredInProject, type.kind == .class else { return nil }
        let kind: ModelKind = fact(named: "state.modelKind#" + type.key) {
            // `@Observable` is inherited: a subclass of an observable project class is observable.
            var visited: Set<String> = []
            var stack: [TypeInfo] = [type]
            while let current = stack.popLast() {
                guard visited.insert(current.key).inserted else { continue }
                if current.declarations.contains(where: {
                    let decl = declaration($0)
                    return decl.hasAttribute("Observable") || decl.hasAttribute("Model")
                }) {
                    return .observable
                }
                for name in current.inherited {
                    if let parent = resolveType(name, from: current), parent.kind == .class { stack.append(parent) }
                }
            }
            return conforms(type, toAnyOf: ["ObservableObject"]) ? .observableObject : .plainClass
        }
        return kind
    }

    /// The project class a type annotation names, with its model kind.
    public func projectClass(_ typeText: String, from context: TypeInfo?) -> (type: TypeInfo, kind: ModelKind)? {
        guard let type = resolveTypeText(typeText, from: context), let kind = modelKind(of: type) else { return nil }
        return (type, kind)
    }

    /// The type an initial value creates a new instance of: `Model()`, `Model(id: 1)`,
    /// `Outer.Model()`, `Model.init()`. Nil for anything that may return an existing instance
    /// (`Model.shared`, `Model.make()`, `container.model`) or is not a type's initialiser.
    public static func newInstanceTypeName(_ shape: ExprShape?) -> String? {
        guard case .call(let callee, _, _)? = shape, var chain = callee.nameChain, !chain.isEmpty else { return nil }
        if chain.count > 1 && chain.last == "init" { chain.removeLast() }
        guard let last = chain.last, let first = last.unicodeScalars.first, first.properties.isUppercase,
              chain.allSatisfy({ $0.unicodeScalars.first?.properties.isUppercase == true }) else { return nil }
        return chain.joined(separator: ".")
    }

    /// The project class a property's initial value creates a new instance of, with its kind.
    public func newProjectInstance(_ property: Member, in owner: TypeInfo) -> (type: TypeInfo, kind: ModelKind)? {
        guard let name = ProjectModel.newInstanceTypeName(property.initializer) else { return nil }
        return projectClass(name, from: owner)
    }

    /// Does the type's own declaration (not an extension) declare an `init`? Then Swift
    /// synthesises no memberwise initialiser, and no parent can set a property through one.
    public func declaresInitializer(_ type: TypeInfo) -> Bool {
        guard type.isDeclaredInProject, let primary = type.declarations.first else { return false }
        return declaration(primary).members.contains { $0.kind == .initializer }
    }

    /// Does an `init` anywhere in the type assign the property's storage (`_x = State(...)`,
    /// `self.x = x`)? Then the value is seeded on purpose, not by the memberwise initialiser.
    /// Asked by the name's id (a member's `nameID`).
    public func initializerAssigns(_ id: NameID?, in type: TypeInfo) -> Bool {
        members(of: type).contains { $0.member.kind == .initializer && $0.member.writes.contains(id) }
    }

    // MARK: Use

    /// Is the property assigned anywhere in the type (`x = ...`, `self.x = ...`, `_x = ...`),
    /// outside its initialisers, in any file, or reached from a nested type (`parent.x`, which
    /// may be an assignment from a representable's `Coordinator`)?
    public func isReassigned(_ name: String, in type: TypeInfo) -> Bool {
        let id = NameID.existing(name)
        for (_, member) in members(of: type) where member.kind != .initializer && member.writes.contains(id) {
            return true
        }
        for nested in nestedTypes(of: type) {
            for (_, member) in members(of: nested) where member.memberReads.contains(id) { return true }
        }
        return false
    }

    /// Is the property used (read, written, projected or reached as `view.x`) from code that
    /// `private` would shut out: an extension of the type or a nested type declared in another
    /// file, or code elsewhere that holds or receives a value of the type?
    public func isUsedOutsideDeclaringFile(_ name: String, of type: TypeInfo, file: Int) -> Bool {
        let id = NameID.existing(name)
        for (ref, member) in members(of: type) where ref.file != file {
            if member.reads.contains(id) || member.writes.contains(id) || member.memberReads.contains(id) {
                return true
            }
        }
        for nested in nestedTypes(of: type) {
            for (ref, member) in members(of: nested) where ref.file != file && member.memberReads.contains(id) {
                return true
            }
        }
        return memberReadsThroughValues[ProjectModel.simpleTypeKeyName(type.qualifiedName)]?.contains(id) ?? false
    }
}

extension ProjectModel {
    // MARK: Wrappers declared in the project

    /// Simple names of the project's top-level property wrappers that store a subscribing
    /// wrapper themselves (a settings wrapper holding `@Environment(\.settings)`): declaring
    /// one subscribes a view like `@Environment` does. `unused_environment` reports them.
    public func subscribingProjectWrappers() -> Set<String> {
        projectWrappers(storingAnyOf: KnownNames.subscribingWrappers, key: "unused_environment.subscribingWrappers")
    }

    /// Simple names of the project's top-level property wrappers that conform to
    /// `DynamicProperty` (directly or through a project protocol): SwiftUI installs them in the
    /// view like `@State`.
    /// The wrappers are found a part per file; only those whose simple name no nested type
    /// shares count.
    public func dynamicPropertyWrappers() -> Set<String> {
        // Asked before, not in the merge, which one thread runs while the others wait.
        let ambiguous = nestedTypeSimpleNames
        return fact("state.dynamicPropertyWrappers", perFile: { topLevelPropertyWrappers(inFile: $0) }, merge: { parts in
            var names: Set<String> = []
            for type in parts.joined() where !ambiguous.contains(type.qualifiedName) && !names.contains(type.qualifiedName)
                && conforms(type, toAnyOf: ["DynamicProperty"]) {
                names.insert(type.qualifiedName)
            }
            return names
        })
    }

    /// Names of the project's `mutating func`s (any type): called on a property, they change it.
    public func mutatingMethodNames() -> Set<String> {
        fact("state.mutatingMethodNames", perFile: { f -> Set<String> in
            var names: Set<String> = []
            for decl in files[f].types {
                // Read in place: iterating retained and released every member of the project.
                let members = decl.members
                for m in members.indices where members[m].kind == .function && members[m].modifiers.contains("mutating") {
                    names.insert(members[m].name)
                }
            }
            return names
        }, merge: ProjectModel.mergeUnion)
    }
}

extension TypeText {
    /// `T?`, `T!`, `Optional<T>`.
    public static func isOptional(_ text: String) -> Bool {
        let trimmed = text.utf8.last(where: { $0 != 0x20 })
        return trimmed == 0x3F || trimmed == 0x21 || text.hasPrefix("Optional<") || text.hasPrefix("Swift.Optional<")
    }
}

/// Edits the state rules attach to their findings.
public enum StateFixes {
    /// Inserts `private ` before the property's `var`, when it has no access modifier to
    /// replace; nil when it has one (`public`, `internal`, `package`) or no `var` is known.
    public static func makePrivate(_ property: Member) -> (range: SourceRange, text: String)? {
        guard let introducer = property.introducerRange, !hasAccessModifier(property) else { return nil }
        return (SourceRange(start: introducer.start, end: introducer.start), "private ")
    }

    /// `private`, `fileprivate`, `internal`, `public`, `package` or `open`, without a setter
    /// restriction (`private(set)` restricts only the setter).
    public static func hasAccessModifier(_ property: Member) -> Bool {
        property.modifiers.contains { accessModifiers.contains($0) }
    }

    public static func isPrivate(_ property: Member) -> Bool {
        property.modifiers.contains("private") || property.modifiers.contains("fileprivate")
    }

    /// Removes an unread property's declaration lines. Removing them compiles and behaves the
    /// same: nothing reads the property, and an initializer that assigns it would no longer
    /// compile, so then the fix is only advice. Also advice when the declaration shares its
    /// lines with other code or other names.
    public static func removal(of property: Member, in decl: TypeDecl, view: ProjectModel.TypeInfo,
                               context: RuleContext, summary: String? = nil, safety: Fix.Safety = .safe) -> Fix {
        let summary = summary ?? "remove '\(property.name)' from '\(decl.name)'"
        guard !decl.declaresOthers(with: property), !context.project.isAssigned(property.name, in: view),
              let lines = EditRanges.removableLines(property.range, in: context.file.source) else {
            return Fix(summary: summary)
        }
        return Fix(summary: summary, safety: safety, edits: [.delete(lines)])
    }

    static let accessModifiers: Set<String> = ["private", "fileprivate", "internal", "public", "package", "open"]
}

/// A stored instance property with a property wrapper, of a view this file declares: what the
/// state rules walk, found once per file (each rule found every view's wrappers again, hashing
/// attribute names).
public struct WrappedProperty {
    public let property: Member
    /// `propertyWrapperIndex` of the property: its wrapper is `property.attributes[wrapperIndex]`.
    public let wrapperIndex: Int
    /// The wrapper's name as written (`State`, `Binding`; `Binding` for `@FocusState.Binding`).
    public let wrapper: String
    /// The property name's id (`Member.nameID`).
    public let id: NameID
}

extension RuleContext {
    /// The views this file declares (`viewDeclarations`, in its order), each with its wrapped
    /// stored instance properties in declaration order. A property wrapped by one of a rule's
    /// wrappers (`propertyWrapperIndex(among:)` not nil) is one whose `wrapper` is among them:
    /// the first wrapper-like attribute decides both.
    public var viewWrappedProperties: [(view: ProjectModel.TypeInfo, decl: TypeDecl, properties: [WrappedProperty])] {
        fact(ViewWrappedProperties.self)
    }

    /// The views this file declares (`viewDeclarations`, in its order), each with its stored
    /// instance properties split once: those with a property wrapper (`viewWrappedProperties`)
    /// and those without (`unwrapped`), each in declaration order.
    public var viewStoredProperties: [ViewStoredProperties.Entry] {
        fact(ViewStoredProperties.self)
    }
}

/// `RuleContext.viewStoredProperties`, made once per file: the state rules, `unused_stored_input`,
/// `closure_input` and `unused_environment` each walked every view's members, finding each
/// property's wrapper and reading its modifiers for `static` again.
public enum ViewStoredProperties: FileFact {
    public struct Entry {
        public let view: ProjectModel.TypeInfo
        public let decl: TypeDecl
        /// The stored instance properties with a property wrapper.
        public let wrapped: [WrappedProperty]
        /// The stored instance properties without one.
        public let unwrapped: [Member]
    }

    public static func make(_ context: RuleContext) -> [Entry] {
        // Each view's lists are gathered in two buffers reused from view to view, then copied
        // out at their exact size: grown property by property they cost as much as the walk,
        // and reserved for all of a view's members they held room for every member twice (an
        // empty list reserved for three members is still an allocation), for every view of the
        // file, while all its rules ran.
        var wrapped: [WrappedProperty] = []
        var unwrapped: [Member] = []
        return context.viewDeclarations.map { view, decl in
            wrapped.removeAll(keepingCapacity: true)
            unwrapped.removeAll(keepingCapacity: true)
            // Room for every member at once: grown from empty, the buffers were reallocated
            // three times for most views, most of the fact's cost. They are scratch: what is
            // kept is copied out at its size.
            let members = decl.members
            if wrapped.capacity < members.count { wrapped.reserveCapacity(members.count) }
            if unwrapped.capacity < members.count { unwrapped.reserveCapacity(members.count) }
            for property in members where property.isStoredInstanceProperty {
                if let index = property.propertyWrapperIndex {
                    wrapped.append(WrappedProperty(property: property, wrapperIndex: index, wrapper: property.attributes[index].name,
                                                   id: property.nameID))
                } else {
                    unwrapped.append(property)
                }
            }
            return Entry(view: view, decl: decl, wrapped: wrapped.exactSizeCopy(), unwrapped: unwrapped.exactSizeCopy())
        }
    }
}

/// `RuleContext.viewWrappedProperties`, made once per file.
public enum ViewWrappedProperties: FileFact {
    public static func make(_ context: RuleContext) -> [(view: ProjectModel.TypeInfo, decl: TypeDecl, properties: [WrappedProperty])] {
        context.viewStoredProperties.map { ($0.view, $0.decl, $0.wrapped) }
    }
}
