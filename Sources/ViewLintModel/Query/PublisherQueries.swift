// Part of the query layer (see Query/README.md): where a class's Combine publishers are used
// (`objectWillChange`, `$name`), with each receiver resolved by type as far as declarations
// spell it out. Gathered once per run.

extension ProjectModel {
    /// Does code anywhere use the publishers of the class: `objectWillChange` (or a member it
    /// declares under that name), or the `$name` publisher of one of its `@Published`
    /// properties, inside the class and its subclasses or through a value that could be one?
    public func usesPublishers(of type: TypeInfo) -> Bool {
        fact("query.publisherUses", perFile: { PublisherUses(self, file: $0) }, merge: PublisherUses.merge)
            .usesPublishers(of: type, project: self)
    }

    /// The property `name` of the type or, when the type does not declare it, of its project
    /// superclasses (nearest first); nil when none of them declares it.
    public func inheritedProperty(_ name: String, of type: TypeInfo) -> (owner: TypeInfo, property: Member)? {
        var current: TypeInfo? = type
        var visited: Set<String> = []
        while let t = current, visited.insert(t.key).inserted {
            if let property = property(name, of: t) { return (t, property) }
            current = nil
            guard t.kind == .class else { break }
            // Swift allows one superclass; code naming two project classes (which does not
            // compile) takes the first by name, not the first in the set, whose order differs
            // from run to run.
            var parentName: String? = nil
            for inherited in t.inherited where parentName.map({ inherited < $0 }) ?? true {
                if let parent = resolveType(inherited, from: t), parent.isDeclaredInProject, parent.kind == .class {
                    current = parent
                    parentName = inherited
                }
            }
        }
        return nil
    }
}

/// Where the project uses `objectWillChange` and `$property` publishers, and through which
/// receivers.
struct PublisherUses: Sendable {
    struct Use: Sendable {
        /// The type whose member uses the publisher; nil at the top level.
        var owner: ProjectModel.TypeInfo?
        var member: Member
        /// `model`, `self.store`, `editor.activeTab`; empty when not a chain of names.
        var receiver: String
    }

    /// What `objectWillChange` is reached through, each use's receiver resolved once (see
    /// `receiverTypes`): every class asked tested every use, and resolving a receiver again per
    /// class was 29 M instructions on the 14 apps. `.$name` projections by name, resolved when
    /// asked: most name a view's `@State`, never a `@Published` property asked about.
    var objectWillChange: [ReceiverTypes] = []
    var projections: [String: [Use]] = [:]

    /// The types a receiver could hold: `anything` where its type cannot be worked out.
    enum ReceiverTypes: Sendable {
        case anything
        case types([ProjectModel.TypeInfo])
    }

    /// The uses in one file, each member with the merged type its declaration belongs to. The
    /// answer asks whether any use refers to a type, so the order uses are listed in is free.
    init(_ project: ProjectModel, file f: Int) {
        // Only members that hold receivers are recorded, and a declaration's type is looked up
        // at its first: most members use no publisher, and most declarations have none that does.
        for (i, decl) in project.files[f].types.enumerated() {
            var owner: Memo<ProjectModel.TypeInfo?> = .notAsked
            for member in decl.members where member.holdsReceivers {
                record(member, owner: owner.answer { project.typeInfo(of: ProjectModel.DeclRef(file: f, index: i)) },
                       project: project)
            }
        }
        for member in project.files[f].globals where member.holdsReceivers { record(member, owner: nil, project: project) }
    }

    static func merge(_ parts: [PublisherUses]) -> PublisherUses {
        var all = PublisherUses()
        for part in parts { all.objectWillChange.append(contentsOf: part.objectWillChange) }
        all.projections = ProjectModel.mergeLists(parts.map(\.projections))
        return all
    }

    init() {}

    mutating func record(_ member: Member, owner: ProjectModel.TypeInfo?, project: ProjectModel) {
        for (name, receivers) in member.receivers {
            for receiver in receivers {
                let use = Use(owner: owner, member: member, receiver: receiver)
                if name == "objectWillChange" {
                    objectWillChange.append(Self.receiverTypes(use, project: project))
                } else if name.hasPrefix("$") {
                    projections[String(name.dropFirst()), default: []].append(use)
                }
            }
        }
    }

    func usesPublishers(of type: ProjectModel.TypeInfo, project: ProjectModel) -> Bool {
        // The `@Published` properties by the ids their members carry, and by name only for the
        // projections written elsewhere: a set of their names, each then looked up in the name
        // table (a hash and a lock), cost more than the rest of most classes' answer.
        var published: [String] = []
        var ids: [NameID] = []
        let objectWillChangeID = NameID.existing("objectWillChange")
        for (_, member) in project.members(of: type) {
            if member.name == "objectWillChange" || member.reads.contains(objectWillChangeID) { return true }
            if member.kind == .storedProperty && member.hasAttribute("Published") {
                published.append(member.name)
                ids.append(member.nameID)
            }
        }
        // Inside the class (and its subclasses and extensions) `$name` is the publisher.
        let publishedIDs = NameSet(ids)
        for (_, member) in project.members(of: type) where !member.projectedReads.isDisjoint(with: publishedIDs) {
            return true
        }
        for other in project.descendants(of: type) where other.kind == .class {
            for (_, member) in project.members(of: other) where !member.projectedReads.isDisjoint(with: publishedIDs) {
                return true
            }
        }
        for receiver in objectWillChange where Self.could(receiver, be: type, project: project) { return true }
        for name in published {
            for use in projections[name] ?? []
            where Self.could(Self.receiverTypes(use, project: project), be: type, project: project) { return true }
        }
        return false
    }

    /// Could a receiver of these types be an instance of `type`? A receiver whose type cannot be
    /// worked out could.
    static func could(_ receiver: ReceiverTypes, be type: ProjectModel.TypeInfo, project: ProjectModel) -> Bool {
        guard case .types(let candidates) = receiver else { return true }
        return candidates.contains { candidate in
            // A protocol-typed value may hold this class.
            candidate.kind == .protocol || candidate.qualifiedName == type.qualifiedName
                || project.inherits(candidate, from: type)
        }
    }

    /// The types the receiver of a use could hold, whatever class is asked about.
    static func receiverTypes(_ use: Use, project: ProjectModel) -> ReceiverTypes {
        var chain = use.receiver.split(separator: ".").map(String.init)
        // A local set from a chain of names (`let editor = controller?.workspace?.editor`) stands
        // for that chain; a few steps, since a local may be set from another local.
        var expansions = 0
        while let first = chain.first, expansions < 4, use.member.constructedLocals[first] == nil,
              let value = use.member.localValues[first], let expanded = Self.plainChain(value), expanded.first != first {
            chain = expanded + chain.dropFirst()
            expansions += 1
        }
        guard let first = chain.first else { return .anything }
        var candidates: [ProjectModel.TypeInfo]
        if let text = project.typeText(of: first, in: use.owner, member: use.member) {
            // A type outside the project (`AnyPublisher`, an SDK class) is not this class.
            candidates = project.resolveTypeText(text, from: use.owner).map { [$0] } ?? []
        } else if let built = use.member.constructedLocals[first] {
            // A local built in the member (`let player = Player()`): its type is the one built.
            candidates = project.resolveType(built, from: use.owner).map { [$0] } ?? []
        } else {
            // A closure parameter, an untyped local, a global out of sight: the receiver could be
            // anything. Guessing from same-named properties elsewhere would make the answer
            // depend on which files a run reads.
            return .anything
        }
        for name in chain.dropFirst() {
            var next: [ProjectModel.TypeInfo] = []
            for candidate in candidates {
                if let (owner, property) = project.inheritedProperty(name, of: candidate) {
                    guard let text = TypeText.declared(property) else { return .anything }
                    if let resolved = project.resolveTypeText(text, from: owner) { next.append(resolved) }
                } else {
                    // Declared in a superclass or protocol extension we cannot see.
                    return .anything
                }
            }
            candidates = next
        }
        return .types(candidates)
    }

    /// `a?.b!.c` as `["a", "b", "c"]`: a chain of names through optional chaining, forced
    /// unwrapping and `try`/`await`; nil for anything else.
    static func plainChain(_ shape: ExprShape) -> [String]? {
        var names: [String] = []
        var current = shape
        while true {
            switch current {
            case .identifier(let name):
                names.append(name)
                return names.reversed()
            case .member(let base?, let name):
                names.append(name)
                current = base
            case .optionalChain(let inner), .forceUnwrap(let inner), .tryOrAwait(let inner):
                current = inner
            default:
                return nil
            }
        }
    }
}
