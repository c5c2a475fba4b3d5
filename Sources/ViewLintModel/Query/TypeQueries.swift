import ViewLintSyntax

// Part of the query layer (see Query/QueryLayer.swift): what the declarations say about the types of
// names. Moved here from Rules/Support/TypeFacts.swift, names and behaviour unchanged.

/// Best-effort answers about the types of names, from what declarations spell out. No type
/// inference: a name whose type is not written (a local, a closure parameter) is unknown, and
/// rules treat unknown as "stay silent".
extension ProjectModel {
    /// The type of `name` as seen from code in `member` of `type`: the value a name bound by
    /// `if let`, `guard let` or `for` stands for (unknown when a parameter or property shares its
    /// name), a parameter of the member, or a property of the type (its annotation, or the type it is initialised with, as in
    /// `@StateObject var store = Store()`). `self` is the type itself. Without a type (code at
    /// the top level) only the member's parameters are known.
    public func typeText(of name: String, in type: TypeInfo?, member: Member?) -> String? {
        if name == "self" { return type?.qualifiedName }
        if let member, let bound = member.boundValues[name] {
            // `if let name`: the parameter or property, unwrapped.
            if bound.rootType == nil && bound.root == name && bound.members.isEmpty {
                return declaredTypeText(of: name, in: type, member: member).map { TypeText.unwrappingOptional($0).0 }
            }
            // Bound by `if let`/`guard let`/`for`: which of two names of that spelling a use
            // means is not known here, so a parameter or property of the same name makes it unknown.
            guard !member.parameters.contains(where: { $0.name == name }),
                  type.map({ property(name, of: $0) == nil }) ?? true else { return nil }
            // (`if let`/`guard let` unwrap the value; a `for` element is not optional either.)
            return typeText(of: bound, in: member, context: type).map { TypeText.unwrappingOptional($0.text).0 }
        }
        return declaredTypeText(of: name, in: type, member: member)
    }

    /// The type `name` is declared with as a parameter of `member` or a property of `type`,
    /// whatever the member's body binds to that name. (`Member` is a shared class: the body's
    /// bindings are skipped here, never cleared on the member, which other threads read.)
    private func declaredTypeText(of name: String, in type: TypeInfo?, member: Member?) -> String? {
        if let member, let parameter = member.parameters.first(where: { $0.name == name }) {
            return parameter.typeText
        }
        guard let type, let property = self.property(name, of: type) else { return nil }
        return TypeText.declared(property)
    }

    /// The property named `name` of a type, from any of its declarations.
    public func property(_ name: String, of type: TypeInfo) -> Member? {
        // Members told by their interned name: each member's name was spelled from the name
        // table to compare as a string. A name no model recorded is no member's.
        guard let id = NameID.existing(name) else { return nil }
        return members(of: type).first {
            ($0.member.kind == .storedProperty || $0.member.kind == .computedProperty) && $0.member.nameID == id
        }?.member
    }

    /// Does `type` inherit from or conform to `ancestor` (a project class or protocol), at any
    /// depth? Names are resolved, so nested types with equal simple names are told apart.
    public func inherits(_ type: TypeInfo, from ancestor: TypeInfo) -> Bool {
        // Types told by id, and the set of those seen filled only with parents found: most
        // types' names (`View`, `ObservableObject`) resolve to no project type, and a set of key
        // strings, allocated and hashed for every ask, was half the answer's cost.
        var visited: Set<Int> = []
        var stack: [TypeInfo] = []
        var current = type
        while true {
            for name in current.inherited {
                guard let resolved = resolveType(name, from: current) else { continue }
                if resolved.id == ancestor.id { return true }
                if visited.insert(resolved.id).inserted { stack.append(resolved) }
            }
            guard let next = stack.popLast() else { return false }
            current = next
        }
    }

    /// The simple names (`Row` for `Outer.Row` and for a file-private `Row`) of every type the
    /// project declares, and of every view (a view may extend a type declared elsewhere): the
    /// names rules ask construction and placement indexes about. Such an index records only calls
    /// and views named so, with one lookup, instead of every call of every member (most build
    /// SwiftUI's views and Foundation's values); a question about any other name scans the
    /// project instead. Made once per run, for `constructibleNumbers`, which the rules read
    /// instead: a set kept beside the numbers' table held the names a second time (a block of
    /// 1 MB at 1M generated lines, freed only with the model). Made only where a name is not
    /// ASCII (see `constructibleNumbersOfASCIINames`).
    var constructibleTypeNames: Set<String> {
        // Sized once, and a type's second name hashed only when it differs from the first
        // (a key and its qualified name end in the same simple name but for a few extensions):
        // growing the set and hashing every name twice were two thirds of their cost.
        // Walked by id (every type is in `types` under its own key): an array, where the
        // dictionary's walk retained each key. A key that is the qualified name (all but
        // file-private types, mostly) ends in the same simple name: made once, not twice
        // (a string for each nested type's second name).
        var names: Set<String> = []
        names.reserveCapacity(types.count)
        for type in typesByID where type.isDeclaredInProject || isView(type) {
            let key = type.key, qualifiedName = type.qualifiedName
            let simple = ProjectModel.simpleTypeKeyName(key)
            names.insert(simple)
            guard qualifiedName != key else { continue }
            let qualified = ProjectModel.simpleTypeKeyName(qualifiedName)
            if qualified != simple { names.insert(qualified) }
        }
        return names
    }

    /// `constructibleTypeNames` numbered in the order the types first name them, each name read
    /// from its key's bytes straight into the numbers' table: the set hashed every name with
    /// the standard library's hasher and made a string of each nested or file-private type's
    /// name before it was numbered (16.0 of the numbers' 21.6 M instructions on the 14 apps).
    /// Nil where a name is not ASCII: equal ASCII names are equal bytes, but other names may be
    /// equal as strings (canonically) and differ in bytes, which the set tells.
    func constructibleNumbersOfASCIINames() -> ConstructibleNumbers? {
        let byID = typesByID
        // Room for every name the types may give: one for each, and one more for each whose
        // qualified name is not its key.
        var room = byID.count
        for type in byID where type.qualifiedName != type.key { room += 1 }
        var table = TypeKeyTable(numberingRoom: room)
        var names: [String] = []
        names.reserveCapacity(byID.count)
        for type in byID where type.isDeclaredInProject || isView(type) {
            let key = type.key, qualifiedName = type.qualifiedName
            ProjectModel.number(simpleNameOf: key, in: &table, names: &names)
            if qualifiedName != key { ProjectModel.number(simpleNameOf: qualifiedName, in: &table, names: &names) }
        }
        guard table.isASCII else { return nil }
        // The list and the table as the set's names were given them, which the run keeps: the
        // room above may be larger than the names need.
        if names.capacity - names.count > names.count / 8 { names = Array(names[...]) }
        if table.isLarger(thanNeededFor: names.count) { table = TypeKeyTable(numbering: names) }
        return ConstructibleNumbers(asciiNames: names, table: table)
    }

    /// Numbers the simple name of the type key or qualified name `text` in `table`, and appends
    /// it to `names` (by number) the first time: a nested type's key and qualified name, and
    /// types of one name in several scopes, give it again, and its string is made once. A
    /// function of its own, given the two as `inout`: a nested function capturing them checked
    /// every access at run time.
    private static func number(simpleNameOf text: String, in table: inout TypeKeyTable, names: inout [String]) {
        text.withBytes { bytes in
            let name = simpleNameBounds(bytes, endingBefore: 0x23)
            guard table.number(UnsafeBufferPointer(rebasing: bytes[name]), next: names.count).isNew else { return }
            names.append(name.startIndex == 0 && name.endIndex == bytes.count
                         ? text : String(decoding: UnsafeBufferPointer(rebasing: bytes[name]), as: UTF8.self))
        }
    }

    /// `NameFilter` of `constructibleTypeNames`, built once per run.
    public var constructibleNameFilter: NameFilter {
        fact("viewGraph.constructibleNameFilter") { NameFilter(constructibleNumbers.names) }
    }

    /// The simple name a type key ends in: `Row` for `Outer.Row` and `Outer.Row#3`.
    public static func simpleTypeKeyName(_ key: String) -> String {
        simpleName(key, endingBefore: 0x23)
    }

    /// May `resolveType(name, from:)` find a type whose simple name is in `simpleNames`? Its
    /// last name (after any module or outer type) must be one of them.
    public static func mayResolve(_ name: String, among simpleNames: ConstructibleNumbers) -> Bool {
        simpleNames.contains(simpleName(name))
    }

    /// The name of the type a call may construct: its callee's last name, without a trailing
    /// `.init` (`Row` for `Row(...)`, `Outer.Row(...)` and `Row.init(...)`); nil for no name.
    public static func constructedName(_ call: CallSite) -> String? { constructedName(callee: call.callee) }

    /// `constructedName` from the callee chain alone, for a call read in place from an array
    /// (passing the whole call to a function copies it, retaining all its fields).
    public static func constructedName(callee chain: [String]) -> String? {
        if chain.count > 1 && chain[chain.count - 1] == "init" { return chain[chain.count - 2] }
        return chain.last
    }

    /// Every project class and protocol that inherits from `ancestor`, at any depth (its
    /// subclasses, or the types conforming to it). Built once per run from one pass over all
    /// types, so asking for each class costs no scan of the project.
    public func descendants(of ancestor: TypeInfo) -> [TypeInfo] {
        // By type id, in arrays: a table of children keyed by the types' key strings hashed a
        // key for every edge found and for every ask.
        let byID = typesByID
        let children = fact("model.inheritanceChildren") { () -> [[Int]] in
            var children = [[Int]](repeating: [], count: byID.count)
            for type in byID where type.isDeclaredInProject && (type.kind == .class || type.kind == .protocol) {
                for name in type.inherited {
                    if let parent = resolveType(name, from: type), parent.id != type.id, children.indices.contains(parent.id) {
                        children[parent.id].append(type.id)
                    }
                }
            }
            // Each type's children in the order of their keys, whatever order the types were
            // met in: a refusal names the first subclass.
            for k in children.indices where children[k].count > 1 { children[k].sort { byID[$0].key < byID[$1].key } }
            return children
        }
        // Most classes have no subclass: no visited set is made for them.
        guard children.indices.contains(ancestor.id), !children[ancestor.id].isEmpty else { return [] }
        var stack = children[ancestor.id]
        var result: [TypeInfo] = []
        var visited: Set<Int> = [ancestor.id]
        while let id = stack.popLast() {
            guard visited.insert(id).inserted else { continue }
            result.append(byID[id])
            stack.append(contentsOf: children[id])
        }
        return result
    }

    /// The project type a type annotation names, looking through optionals
    /// (`Store?`, `Store!`) and generic arguments (`Store<Item>`).
    public func resolveTypeText(_ text: String, from context: TypeInfo?) -> TypeInfo? {
        guard let name = TypeText.baseName(text) else { return nil }
        return resolveType(name, from: context)
    }
}

/// Reading type annotations as written (`[Item]?`, `Array<Item>`, `Store<Item>!`).
public enum TypeText {
    /// Does the written type spell `->` (a function type)? By byte: `String.contains("->")`
    /// goes by Character and costs about 20,000 instructions a call.
    static func spellsArrow<Bytes: Sequence<UInt8>>(_ text: Bytes) -> Bool {
        var previous: UInt8 = 0
        for byte in text {
            if previous == 0x2D && byte == 0x3E { return true }
            previous = byte
        }
        return false
    }

    /// How many bytes of `text` `droppingOwnership` drops, read in place.
    static func ownershipPrefixCount(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        // Type names start with an uppercase letter: only text starting with one of the
        // modifiers' first bytes is compared with them.
        guard let first = text.first, first == 0x69 || first == 0x62 || first == 0x63 || first == 0x5F else { return 0 }
        var dropped = 0
        for prefix in ownershipPrefixes where text.count - dropped >= prefix.count
            && prefix.indices.allSatisfy({ text[dropped + $0] == prefix[$0] }) {
            dropped += prefix.count
        }
        return dropped
    }

    private static let ownershipPrefixes: [[UInt8]] = ["inout ", "borrowing ", "consuming ", "__owned ", "__shared "]
        .map { Array($0.utf8) }

    /// The written type without a leading ownership modifier (`inout `, `borrowing `,
    /// `consuming `, `__owned `, `__shared `), each stripped in that order where it is there.
    static func droppingOwnership(_ text: Substring.UTF8View) -> Substring.UTF8View {
        let dropped = text.withContiguousStorageIfAvailable(ownershipPrefixCount)
            ?? Array(text).withUnsafeBufferPointer(ownershipPrefixCount)
        return text.dropFirst(dropped)
    }

    /// A property's type as its declaration spells it: the annotation, or the type it is
    /// initialised with (`Store` for `@StateObject var store = Store()`).
    public static func declared(_ property: Member) -> String? {
        if let text = property.typeText { return text }
        if property.kind == .storedProperty, let initializer = property.initializer,
           case .call(let callee, _, _) = initializer,
           var chain = callee.nameChain, let first = chain.first, first.first?.isUppercase == true {
            if chain.last == "init" { chain.removeLast() }
            return chain.joined(separator: ".")
        }
        return nil
    }

    /// `Store` for `Store`, `Store?`, `Store<Item>!`, `Outer.Store`; nil for anything that is not
    /// a plain (possibly generic, possibly optional) name.
    public static func baseName(_ text: String) -> String? {
        // A plain name (`String`, `Outer.Item`), the usual annotation, is its own base name:
        // answered without the copy of its bytes the general case makes.
        if let first = text.utf8.first, CharacterClasses.isNameLetterByte(first) || first == 0x5F,
           text.utf8.allSatisfy({ CharacterClasses.isNameByte($0) || $0 == 0x2E }) {
            return text
        }
        // Bytes, not Characters: this runs for every property of every view.
        var t = Array(text.utf8.filter { $0 != 0x20 })[...]
        while let last = t.last, last == 0x3F || last == 0x21 { t = t.dropLast() }
        if t.first == 0x28 && t.last == 0x29 { t = t.dropFirst().dropLast() }
        if let angle = t.firstIndex(of: 0x3C) {
            guard t.last == 0x3E else { return nil }
            t = t[..<angle]
        }
        guard let first = t.first, CharacterClasses.isNameLetterByte(first) || first == 0x5F else { return nil }
        for b in t where !(CharacterClasses.isNameByte(b) || b == 0x2E) { return nil }
        return String(decoding: t, as: UTF8.self)
    }

    /// Collections whose element type is their single generic argument.
    public static let sequenceTypes: Set<String> = [
        "Array", "Set", "ContiguousArray", "ArraySlice", "IdentifiedArrayOf", "IdentifiedArray", "OrderedSet",
    ]

    /// The element type of a collection annotation: `Item` for `[Item]`, `[Item]?`,
    /// `Array<Item>`, `Set<Item>`, `IdentifiedArrayOf<Item>`; nil otherwise.
    public static func elementTypeName(_ text: String) -> String? {
        // Read in place: neither `[` nor `<` is no collection (`some View`, `String`), and
        // `[Name]`, the usual collection, is answered without the copy the general case makes.
        let inPlace = text.utf8.withContiguousStorageIfAvailable { bytes -> (spellsCollection: Bool, plainElement: String?) in
            guard bytes.contains(where: { $0 == 0x5B || $0 == 0x3C }) else { return (false, nil) }
            let count = bytes.count
            guard count > 2, bytes[0] == 0x5B, bytes[count - 1] == 0x5D,
                  CharacterClasses.isNameLetterByte(bytes[1]) || bytes[1] == 0x5F else { return (true, nil) }
            for b in bytes[1..<(count - 1)] where !(CharacterClasses.isNameByte(b) || b == 0x2E) { return (true, nil) }
            return (true, String(decoding: bytes[1..<(count - 1)], as: UTF8.self))
        }
        if let inPlace {
            if !inPlace.spellsCollection { return nil }
            if let element = inPlace.plainElement { return element }
        } else if !text.utf8.contains(where: { $0 == 0x5B || $0 == 0x3C }) {
            return nil
        }
        var t = Array(text.utf8.filter { $0 != 0x20 })[...]
        while let last = t.last, last == 0x3F || last == 0x21 { t = t.dropLast() }
        if t.first == 0x5B && t.last == 0x5D {
            let inner = t.dropFirst().dropLast()
            // `[Key: Value]` is a dictionary: its elements are pairs.
            if inner.contains(0x3A) { return nil }
            return baseName(String(decoding: inner, as: UTF8.self))
        }
        guard let angle = t.firstIndex(of: 0x3C), t.last == 0x3E,
              sequenceTypes.contains(KnownNames.stripModule(String(decoding: t[..<angle], as: UTF8.self))) else { return nil }
        let inner = t[(angle + 1)..<(t.endIndex - 1)]
        // `IdentifiedArray<ID, Element>`: the element is the last argument.
        let last = inner.split(separator: 0x2C).last.map { String(decoding: $0, as: UTF8.self) } ?? ""
        return baseName(last)
    }
}

extension ProjectModel {
    /// Does the type conform to the protocol `name` itself, in its declaration, an extension or
    /// through a project protocol that refines it, but not only by inheriting from a project
    /// class that does?
    public func declaresConformance(_ type: TypeInfo, to name: String) -> Bool {
        // Each set of names looked up by hash, and the project protocols expanded told by id:
        // most types name no project protocol, and then neither the set of those expanded nor
        // the stack is allocated, where a copy of the names and a set of them were made for
        // every ask.
        var expanded: Set<Int> = []
        var stack: [Set<String>] = []
        var names = type.inherited
        while true {
            if names.contains(name) { return true }
            for inherited in names {
                guard let inner = resolveType(inherited, from: type), inner.kind == .protocol,
                      expanded.insert(inner.id).inserted else { continue }
                stack.append(inner.inherited)
            }
            guard let next = stack.popLast() else { return false }
            names = next
        }
    }
}
