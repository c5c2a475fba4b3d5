// Part of the query layer (see Query/QueryLayer.swift): who reads a name. `namesRead(in:)`,
// `hasCustomEquality(_:)` and `protocolRequirementNames(of:)` moved here from
// Rules/Support/ViewFacts.swift, names and behaviour unchanged.

/// Facts several rules ask about a view, computed from the project model.
extension ProjectModel {
    /// Every name read anywhere in the type: its members in all files, members of types nested
    /// in it through another value (a representable's `Coordinator` reading `parent.x`), code
    /// elsewhere that receives or holds a value of the type (`func configure(with view: Label)`
    /// reading `view.x`), and, in a custom `==`, the members it compares (`lhs.x == rhs.x`).
    public func namesRead(in type: TypeInfo) -> Set<String> {
        // Once per type and run: several rules ask, once per declaration of the type.
        fact("namesRead#" + type.key) { computeNamesRead(in: type) }
    }

    public func computeNamesRead(in type: TypeInfo) -> Set<String> {
        var names: Set<String> = []
        for (_, member) in members(of: type) {
            names.formUnion(member.reads)
            if member.kind == .function && member.name == "==" { names.formUnion(member.memberReads) }
        }
        for nested in nestedTypes(of: type) {
            for (_, member) in members(of: nested) { names.formUnion(member.memberReads) }
        }
        let simpleName = type.qualifiedName.split(separator: ".").last.map(String.init) ?? type.qualifiedName
        if let throughValues = memberReadsThroughValues[simpleName] { names.formUnion(throughValues) }
        return names
    }

    /// Does the type declare its own `==` (so SwiftUI's comparison uses it, not the fields)?
    public func hasCustomEquality(_ type: TypeInfo) -> Bool {
        fact("hasCustomEquality#" + type.key) { computeHasCustomEquality(type) }
    }

    public func computeHasCustomEquality(_ type: TypeInfo) -> Bool {
        conforms(type, toAnyOf: ["Equatable", "Hashable"])
            && members(of: type).contains { $0.member.kind == .function && $0.member.name == "==" && $0.member.isStatic }
    }

    /// Names of properties that project protocols the type conforms to require, plus `id` for
    /// `Identifiable`: generic code may read them through the protocol, out of our sight.
    public func protocolRequirementNames(of type: TypeInfo) -> Set<String> {
        fact("protocolRequirementNames#" + type.key) { computeProtocolRequirementNames(of: type) }
    }

    public func computeProtocolRequirementNames(of type: TypeInfo) -> Set<String> {
        var names: Set<String> = []
        var visited: Set<String> = []
        var stack = Array(type.inherited)
        while let name = stack.popLast() {
            guard visited.insert(name).inserted else { continue }
            if name == "Identifiable" { names.insert("id") }
            guard let proto = resolveType(name, from: type), proto.kind == .protocol else { continue }
            for (_, member) in members(of: proto) where member.kind == .storedProperty || member.kind == .computedProperty {
                names.insert(member.name)
            }
            stack.append(contentsOf: proto.inherited)
        }
        return names
    }
}

