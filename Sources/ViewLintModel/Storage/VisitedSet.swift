/// Values a walk has met: a list while short, a set beyond, so that a short walk (most are)
/// hashes nothing and a long one stays linear. The view graph's helpers (by identity) and
/// conformance walks (by type id) keep one each.
public struct VisitedSet<Element: Hashable> {
    @usableFromInline var list: [Element] = []
    @usableFromInline var set: Set<Element> = []

    @inlinable public init() {}

    /// Whether `element` is new, listing it.
    @inlinable public mutating func insert(_ element: Element) -> Bool {
        if set.isEmpty {
            if list.contains(element) { return false }
            list.append(element)
            if list.count > 16 { set = Set(list) }
            return true
        }
        return set.insert(element).inserted
    }
}
