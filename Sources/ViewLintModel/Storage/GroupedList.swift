/// Values filed under small integer keys (a file's index, a name's number) as one flat list with
/// each key's start, as compressed sparse rows are: a list per key was one allocation per key
/// (9,951 files at 1M lines, 5,655 called names on the real apps) held for the whole run.
public struct GroupedList<Element: Sendable>: Sendable {
    @usableFromInline let elements: [Element]
    /// Where each key's values start in `elements`, and after the last key, their count.
    @usableFromInline let starts: [Int32]

    /// Key `k` holds `parts[k]`, in its order.
    init(concatenating parts: [[Element]]) {
        var elements: [Element] = []
        elements.reserveCapacity(parts.reduce(0) { $0 + $1.count })
        var starts: [Int32] = []
        starts.reserveCapacity(parts.count + 1)
        for part in parts {
            starts.append(Int32(truncatingIfNeeded: elements.count))
            elements.append(contentsOf: part)
        }
        starts.append(Int32(truncatingIfNeeded: elements.count))
        self.elements = elements
        self.starts = starts
    }

    /// Each entry of `parts` filed under its `key` (below `keyCount`) as `value(part, entry)`:
    /// each key's values in the parts' order, and in each part in its order. Counted first, then
    /// each value written once at its key's next place, so no list grows.
    init<Entry>(filing parts: [[Entry]], keyCount: Int, filler: Element, key: (Entry) -> Int,
                value: (_ part: Int, Entry) -> Element) {
        var starts = [Int32](repeating: 0, count: keyCount + 1)
        for part in parts { for entry in part { starts[key(entry) + 1] += 1 } }
        for k in 0..<keyCount { starts[k + 1] += starts[k] }
        var next = starts
        var elements = [Element](repeating: filler, count: Int(starts[keyCount]))
        for p in parts.indices {
            for entry in parts[p] {
                let k = key(entry)
                elements[Int(next[k])] = value(p, entry)
                next[k] += 1
            }
        }
        self.elements = elements
        self.starts = starts
    }

    /// The values of `key`, in order; none for a key the list does not hold.
    @inlinable public subscript(key: Int) -> ArraySlice<Element> {
        guard key >= 0, key + 1 < starts.count else { return [] }
        return elements[Int(starts[key])..<Int(starts[key + 1])]
    }
}
