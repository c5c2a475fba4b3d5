import ViewLintModel
import ViewLintSyntax

/// Where a word occurs in a file's bytes (comments and strings included), in order: one search
/// of the file, after which whether a member's text spells the word is a binary search of its
/// range. A rule that looks only at members spelling a word (`ForEach`) asks this instead of
/// searching each member's bytes, or walking members whose text cannot hold a candidate.
struct WordOffsets {
    /// Each occurrence's first byte, in order.
    private var starts: [Int] = []
    private let length: Int

    init(_ source: SourceFile, _ word: StaticString) {
        length = word.utf8CodeUnitCount
        source.forEachOccurrence(of: word) { start in
            starts.append(start)
            return true
        }
    }

    /// Does the file not spell the word?
    var isEmpty: Bool { starts.isEmpty }

    /// Where the first occurrence that lies wholly within `range` starts, if one does (as
    /// `SourceFile.firstOccurrence(of:within:)` answers).
    func first(within range: SourceRange) -> Int? {
        var low = 0
        var high = starts.count
        while low < high {
            let mid = (low + high) / 2
            if starts[mid] < range.start { low = mid + 1 } else { high = mid }
        }
        // One length: if the first occurrence from the range's start ends past it, every later one does.
        guard low < starts.count, starts[low] + length <= range.end else { return nil }
        return starts[low]
    }
}
