import ViewLintModel

/// What a binding argument (`selection: $selection`, `$model.selection`) is bound to, and its
/// declared type where declarations spell it out. Unknown stays unknown: no inference.
extension ProjectModel {
    /// The declared type text of the value a `$name` or `$name.a.b` binding projects, as seen
    /// from `member` of `type`; nil when it is not a projection or any step is not declared.
    public func boundTypeText(_ shape: ExprShape, in type: TypeInfo?, member: Member?) -> String? {
        guard var chain = shape.nameChain, let root = chain.first, root.hasPrefix("$"), root.count > 1 else { return nil }
        chain[0] = String(root.dropFirst())
        // `$name`: a property of this view or a parameter.
        guard var text = typeText(of: chain[0], in: type, member: member) else { return nil }
        var context = type
        for name in chain.dropFirst() {
            guard let next = resolveTypeText(text, from: context), let property = property(name, of: next),
                  let declared = TypeText.declared(property) else { return nil }
            text = declared
            context = next
        }
        // `@Binding var selection: Set<Int>` and `@State var selection = Set<Int>()` both name the value.
        return text
    }
}

extension TypeText {
    /// `Set` for `Set<Int>`, `Swift.Set<Item.ID>`, `Set<Int>?` and `Set` (from `Set<Int>()`);
    /// the outer generic type's name, nil for other shapes.
    public static func genericBaseName(_ text: String) -> String? {
        baseName(text).map { KnownNames.stripModule($0) }
    }
}
