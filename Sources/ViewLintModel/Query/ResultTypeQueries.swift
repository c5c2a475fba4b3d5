// Part of the query layer (see Query/QueryLayer.swift): the type the project's declarations
// spell for the value an expression produces, where the expression is a call or a read of a
// declared member.

extension ExpressionScope {
    /// The type the declarations spell for the value of `shape`, where it is a read of a
    /// parameter or property (`content`, `model.header`), or a call of a function or of a
    /// closure held in a parameter or property (`row(item)`, `step.description(units: u)`,
    /// `content(item)` with `let content: (Item) -> any View`): the property's type as written,
    /// the function's result type.
    ///
    /// A receiver is resolved by its declared type (`declaredTypeText(of:)`), or by its name when
    /// it is a type (`Row.make()`). Where the receiver's type is no project type (a generic
    /// parameter, a closure parameter, a local) or does not declare the name, every declaration
    /// of the name in the project is read (`ProjectModel.declaredResult(named:isCall:use:)`). Nil
    /// when the declarations found disagree or there are none: a local, a type's construction
    /// (`Text("a")`), a function declared outside the project.
    public func declaredResultTypeText(of shape: ExprShape) -> String? {
        var value = shape
        if case .tryOrAwait(let inner) = value { value = inner }
        let isCall: Bool
        let callee: ExprShape
        switch value {
        case .call(let called, _, _): isCall = true; callee = called
        case .identifier, .member: isCall = false; callee = value
        default: return nil
        }
        guard let chain = callee.nameChain, let name = chain.last, !name.isEmpty, chain[0] != "" else { return nil }
        if isCall && (name == "init" || name.first?.isUppercase == true) { return nil }
        var receiver: ProjectModel.TypeInfo? = nil
        // An instance's members are not the type's (`step.description()` cannot call a static
        // function or an enum case of that name), nor the other way round.
        var use = ProjectModel.MemberUse.any
        if chain.count == 1 {
            // A local of that name (any `let` or `var` in the body, a bound or built value)
            // hides the parameters and the type's members, and its type is not written. Asked
            // first: a body may declare a local of a parameter's name.
            if declaresLocal(name) { return nil }
            if let parameter = member.parameters.first(where: { $0.name == name }) {
                guard let text = parameter.typeText else { return nil }
                return isCall ? TypeText.functionResult(text) : text
            }
            receiver = owner
        } else {
            let names = chain.dropLast()
            if names.count == 1 && names[0] == "self" {
                receiver = owner
                use = .instance
            } else if names[0] == "Self" || names[0].first?.isUppercase == true {
                let type = names[0] == "Self" && names.count == 1 ? owner : project.resolveType(names.joined(separator: "."), from: owner)
                // `Theme.shared.header` reads `header` on an instance: a prefix that is no type
                // says nothing of whom the name is used on.
                receiver = type
                use = type == nil ? .any : .type
            } else {
                use = .instance
                // A receiver rooted at a local has no written type: the type's property of that
                // name is not it.
                if !declaresLocal(names[0]), let base = ExprShape(nameChain: Array(names)),
                   let text = declaredTypeText(of: base) {
                    receiver = project.resolveTypeText(text, from: owner)
                }
            }
        }
        if let receiver, let found = project.declaredResult(named: name, isCall: isCall, use: use, in: receiver) {
            return found.agreed
        }
        return project.declaredResult(named: name, isCall: isCall, use: use)
    }
}

extension ExpressionScope {
    /// Whether the member's body declares a local `name` (a `let` or `var`, a value bound by
    /// `if let`, a value it builds), which hides a parameter or property of that name.
    func declaresLocal(_ name: String) -> Bool {
        member.localValues[name] != nil || member.boundValues[name] != nil
            || member.constructedLocals[name] != nil || member.localNames.contains(name)
    }
}

extension ExprShape {
    /// `a.b.c` from `["a", "b", "c"]`; nil for an empty chain.
    public init?(nameChain chain: [String]) {
        guard let first = chain.first else { return nil }
        var shape = ExprShape.identifier(first)
        for name in chain.dropFirst() { shape = .member(base: shape, name: name) }
        self = shape
    }
}

/// What the declarations of one name spell for the value a use of it produces: nothing yet,
/// one type, or types that differ (or one that is not written).
enum DeclaredResult: Sendable {
    case one(String)
    case several

    var agreed: String? {
        if case .one(let text) = self { return text }
        return nil
    }

    static func merge(_ result: DeclaredResult?, _ text: String?) -> DeclaredResult {
        guard let text else { return .several }
        switch result {
        case nil: return .one(text)
        case .one(let known)?: return known == text ? .one(text) : .several
        case .several?: return .several
        }
    }
}

extension ProjectModel {
    /// What `member` gives when a use of its name is called (`isCall`) or read: a function's
    /// result, a closure property's result, a property's type. `.none` when a use of that kind
    /// cannot mean the member (a function read without a call, a property that holds no function);
    /// `.some(nil)` when it can, but the type is not written.
    static func resultTypeText(of member: Member, isCall: Bool) -> String?? {
        switch member.kind {
        case .function:
            guard isCall else { return .some(nil) }
            return .some(member.typeText ?? "Void")
        case .storedProperty, .computedProperty:
            let text = TypeText.declared(member)
            if !isCall { return .some(text) }
            guard let text, let result = TypeText.functionResult(text) else { return nil }
            return .some(result)
        case .enumCase:
            return .some(nil)
        default:
            return nil
        }
    }

    /// Whom a name is used on: an instance (`step.title`), a type (`Step.all`, an enum case),
    /// or either (a name without a receiver).
    public enum MemberUse: Sendable {
        case instance, type, any

        func admits(_ member: Member) -> Bool {
            switch self {
            case .any: return true
            case .instance: return !member.isStatic && member.kind != .enumCase
            case .type: return member.isStatic || member.kind == .enumCase
            }
        }
    }

    /// The result of using `name` on `type` or its instances (see `resultTypeText(of:isCall:)`),
    /// over the members the type's declarations and extensions declare; nil when it declares none.
    func declaredResult(named name: String, isCall: Bool, use: MemberUse, in type: TypeInfo) -> DeclaredResult? {
        var result: DeclaredResult? = nil
        for (_, member) in members(of: type) where member.name == name && use.admits(member) {
            guard let text = Self.resultTypeText(of: member, isCall: isCall) else { continue }
            result = DeclaredResult.merge(result, text)
        }
        return result
    }

    /// The type every declaration named `name` in the project spells for a use of it on an
    /// instance or a type (see `resultTypeText(of:isCall:)`), members of any type and globals
    /// alike (globals as instance members: a use without receiver admits both); nil when they
    /// disagree or there are none. The members are found by their name's id in an index made
    /// once per run, on the first ask; only the asked name's declarations are read for types (a
    /// table of every name's result types, spelled and hashed, cost 0.13 s on the 14 apps for
    /// the few names a run asks).
    public func declaredResult(named name: String, isCall: Bool, use: MemberUse) -> String? {
        guard let id = NameID.existing(name) else { return nil }
        let index = fact("query.membersByName") { MembersByName(files) }
        guard let first = index.first(id) else { return nil }
        var entry = ResultsByUse()
        var next = first
        while next >= 0 {
            let member = index.member(next)
            next = index.following(next)
            let call = Self.resultTypeText(of: member, isCall: true)
            let read = Self.resultTypeText(of: member, isCall: false)
            guard call != nil || read != nil else { continue }
            let onType = MemberUse.type.admits(member)
            if let call {
                if onType { entry.typeCall = DeclaredResult.merge(entry.typeCall, call) }
                else { entry.call = DeclaredResult.merge(entry.call, call) }
            }
            if let read {
                if onType { entry.typeRead = DeclaredResult.merge(entry.typeRead, read) }
                else { entry.read = DeclaredResult.merge(entry.read, read) }
            }
        }
        let onInstance = isCall ? entry.call : entry.read
        let onType = isCall ? entry.typeCall : entry.typeRead
        switch use {
        case .instance: return onInstance?.agreed
        case .type: return onType?.agreed
        case .any:
            guard let onInstance else { return onType?.agreed }
            guard let onType else { return onInstance.agreed }
            guard let a = onInstance.agreed, let b = onType.agreed, a == b else { return nil }
            return a
        }
    }

    /// Every member and global of the project, listed by their name's id: each name's in file
    /// order, linked from the first, found by the id in a table of open addressing. A dictionary
    /// of arrays hashed every member's id and grew an array per name, which on a large project
    /// cost far more than the few names a run asks about. Members are kept as their places, in
    /// flat arrays sized once: a list of the members retained each, and a table grown as it
    /// filled, with the builder's state captured by a nested function, cost about 290
    /// instructions a member (37 M on the 14 apps, for the two names `any_view` asks).
    final class MembersByName: Sendable {
        private let files: [FileModel]
        /// Each member's file, declaration (-1 for the file's globals) and index among the
        /// declaration's members, by the member's number (file order).
        private let files32: [Int32]
        private let decls: [Int32]
        private let indexes: [Int32]
        /// Each member's next of the same name, or -1.
        private let next: [Int32]
        /// Name ids, and the first member of each (-1 for an empty slot), by slot.
        private let keys: [UInt32]
        private let firsts: [Int32]
        private let shift: UInt64

        init(_ files: [FileModel]) {
            self.files = files
            var total = 0
            for file in files {
                for decl in file.types { total += decl.members.count }
                total += file.globals.count
            }
            // At most half full with every member a name of its own: never grown.
            var bits: UInt64 = 4
            while (1 << Int(bits)) < 2 * total { bits += 1 }
            let size = 1 << Int(bits)
            let shift = 64 - bits
            var keys = [UInt32](repeating: 0, count: size)
            var firsts = [Int32](repeating: -1, count: size)
            var lasts = [Int32](repeating: -1, count: size)
            var next = [Int32](repeating: -1, count: total)
            var files32: [Int32] = [], decls: [Int32] = [], indexes: [Int32] = []
            files32.reserveCapacity(total)
            decls.reserveCapacity(total)
            indexes.reserveCapacity(total)
            for (f, file) in files.enumerated() {
                let types = file.types
                // The file's types in order, then its globals (as declaration -1).
                for d in 0...types.count {
                    let members = d < types.count ? types[d].members : file.globals
                    let decl = Int32(truncatingIfNeeded: d < types.count ? d : -1)
                    for m in members.indices {
                        let k = Int32(truncatingIfNeeded: files32.count)
                        files32.append(Int32(truncatingIfNeeded: f))
                        decls.append(decl)
                        indexes.append(Int32(truncatingIfNeeded: m))
                        MembersByName.link(members[m].nameID.raw, k, shift: shift, keys: &keys, firsts: &firsts,
                                           lasts: &lasts, next: &next)
                    }
                }
            }
            self.files32 = files32
            self.decls = decls
            self.indexes = indexes
            self.next = next
            self.keys = keys
            self.firsts = firsts
            self.shift = shift
        }

        /// Files member `k` under its name `raw`, after the members of that name before it.
        @inline(__always)
        private static func link(_ raw: UInt32, _ k: Int32, shift: UInt64, keys: inout [UInt32], firsts: inout [Int32],
                                 lasts: inout [Int32], next: inout [Int32]) {
            let mask = keys.count - 1
            var s = MembersByName.slot(raw, shift: shift)
            while firsts[s] >= 0 && keys[s] != raw { s = (s + 1) & mask }
            if firsts[s] < 0 {
                keys[s] = raw
                firsts[s] = k
            } else {
                next[Int(lasts[s])] = k
            }
            lasts[s] = k
        }

        private static func slot(_ raw: UInt32, shift: UInt64) -> Int {
            Int(truncatingIfNeeded: (UInt64(raw) &* 0x9E37_79B9_7F4A_7C15) >> shift)
        }

        /// The first member named `id`, as a member's number; nil for none.
        func first(_ id: NameID) -> Int? {
            let mask = keys.count - 1
            var s = MembersByName.slot(id.raw, shift: shift)
            while firsts[s] >= 0 {
                if keys[s] == id.raw { return Int(firsts[s]) }
                s = (s + 1) & mask
            }
            return nil
        }

        /// The member numbered `k`.
        func member(_ k: Int) -> Member {
            let file = files[Int(files32[k])]
            let decl = Int(decls[k])
            return decl < 0 ? file.globals[Int(indexes[k])] : file.types[decl].members[Int(indexes[k])]
        }

        /// The member after `k` of the same name, or -1.
        func following(_ k: Int) -> Int { Int(next[k]) }
    }

    /// By use: on an instance (`call`, `read`) or on the type (`typeCall`, `typeRead`).
    struct ResultsByUse: Sendable {
        var call: DeclaredResult? = nil
        var read: DeclaredResult? = nil
        var typeCall: DeclaredResult? = nil
        var typeRead: DeclaredResult? = nil
    }
}

extension TypeText {
    /// The result type of a function type as written: `any View` for
    /// `@escaping (Item) -> any View` or `(Item) async throws -> any View`, `(B) -> C` for
    /// `(A) -> (B) -> C`; nil for a type that is no function (`[Item]`, `((Item) -> V)?`).
    public static func functionResult(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        var depth = 0
        var i = 0
        while i + 1 < bytes.count {
            switch bytes[i] {
            case 0x28, 0x5B, 0x3C: depth += 1
            case 0x29, 0x5D: depth -= 1
            // `>` closes a generic argument list unless it ends an arrow.
            case 0x3E where i == 0 || bytes[i - 1] != 0x2D: depth -= 1
            case 0x2D where depth == 0 && bytes[i + 1] == 0x3E:
                var start = i + 2
                while start < bytes.count && bytes[start] == 0x20 { start += 1 }
                return start < bytes.count ? String(decoding: bytes[start...], as: UTF8.self) : nil
            default: break
            }
            i += 1
        }
        return nil
    }
}
