/// A filter over a set of names: a bit per first byte, last byte and length of each, so that
/// most names not in the set are rejected without hashing them. A set bit proves nothing: the
/// set is asked next.
public struct NameFilter: Sendable {
    private var bits = [UInt64](repeating: 0, count: 1024)

    public init<Names: Sequence<String>>(_ names: Names) {
        for name in names {
            let bit = Self.bit(name, afterLastDot: false)
            bits[bit >> 6] |= 1 << UInt64(bit & 63)
        }
    }

    /// The bit of `name` (of its part after the last dot, if asked), read from its bytes in
    /// place: iterating or slicing a string's UTF-8 view cost more than the hash it saves.
    private static func bit(_ name: String, afterLastDot: Bool) -> Int {
        var name = name
        return name.withUTF8 { bytes in
            var start = 0
            if afterLastDot {
                var i = bytes.count
                while i > 0 && bytes[i - 1] != 0x2E { i -= 1 }
                start = i
            }
            let count = bytes.count - start
            guard count > 0 else { return 0 }
            return (Int(bytes[start]) &* 131 ^ Int(bytes[bytes.count - 1]) &* 31 ^ count &* 7) & 0xFFFF
        }
    }

    private func has(_ bit: Int) -> Bool { bits[bit >> 6] & (1 << UInt64(bit & 63)) != 0 }

    public func mayContain(_ name: String) -> Bool { has(Self.bit(name, afterLastDot: false)) }

    /// May the set hold the simple name of `name`, after its last dot (as
    /// `ProjectModel.mayResolve(_:among:)` asks)?
    public func mayContain(simpleNameOf name: String) -> Bool { has(Self.bit(name, afterLastDot: true)) }
}

/// A fixed set of names that rules ask of every view or modifier (`Layout.stacks`, a rule's
/// controls): most names asked are in none, and a `NameFilter` rejects them without hashing.
public struct NameList: Sendable, ExpressibleByArrayLiteral {
    public let names: Set<String>
    private let filter: NameFilter

    public init<Names: Sequence<String>>(_ names: Names) {
        self.names = Set(names)
        filter = NameFilter(self.names)
    }

    public init(arrayLiteral names: String...) { self.init(names) }

    public func contains(_ name: String) -> Bool { filter.mayContain(name) && names.contains(name) }
}
