/// The heap box of a value type whose fields live behind one reference (`CallSite`,
/// `ViewExpression`): rules walk these values by copy, and a copy then costs one retain
/// instead of one for each array and string among the fields.
///
/// Written only while uniquely referenced (the owner's accessors copy the box first
/// otherwise), so no read can overlap a write: the runtime's exclusivity check on every read
/// (rules read these values constantly) would guard nothing.
@usableFromInline final class FieldBox<Fields>: @unchecked Sendable {
    @exclusivity(unchecked) var fields: Fields
    init(_ fields: Fields) { self.fields = fields }
}

extension FieldBox {
    /// `box` ready for a write: copied first if another value shares it.
    static func unique(_ box: inout FieldBox<Fields>) -> FieldBox<Fields> {
        if !isKnownUniquelyReferenced(&box) { box = FieldBox(box.fields) }
        return box
    }
}

/// Values in a box are equal when they share it, or else when their fields are: the owners'
/// `==` and `hash(into:)` are synthesised from their one stored property, the box.
extension FieldBox: Equatable where Fields: Equatable {
    @usableFromInline static func == (lhs: FieldBox, rhs: FieldBox) -> Bool { lhs === rhs || lhs.fields == rhs.fields }
}

extension FieldBox: Hashable where Fields: Hashable {
    @usableFromInline func hash(into hasher: inout Hasher) { fields.hash(into: &hasher) }
}
