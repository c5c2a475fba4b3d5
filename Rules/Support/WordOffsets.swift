import ViewLintModel
import ViewLintSyntax

/// Where some words occur in a file's bytes (comments and strings included), in order: one
/// search of the file per word, after which whether a member's text spells one of them is a
/// binary search of its range. Rules that look only at members spelling a word (`ForEach`,
/// `else`) ask this instead of searching each member's bytes, or walking members whose text
/// cannot hold a candidate.
struct WordOffsets {
    /// Each occurrence's first byte and the byte past its last, sorted by the first.
    private var occurrences: [(start: Int, end: Int)] = []

    init(_ source: SourceFile, _ words: StaticString...) {
        for word in words {
            let length = word.utf8CodeUnitCount
            source.forEachOccurrence(of: word) { start in
                occurrences.append((start, start + length))
                return true
            }
        }
        if words.count > 1 { occurrences.sort { $0.start < $1.start } }
    }

    /// Does the file spell none of the words?
    var isEmpty: Bool { occurrences.isEmpty }

    /// Where the first occurrence that lies wholly within `range` starts, if one does (as
    /// `SourceFile.firstOccurrence(of:within:)` answers for one word).
    func first(within range: SourceRange) -> Int? {
        var low = 0
        var high = occurrences.count
        while low < high {
            let mid = (low + high) / 2
            if occurrences[mid].start < range.start { low = mid + 1 } else { high = mid }
        }
        // Words of several lengths: a longer one starting first may end past the range.
        while low < occurrences.count && occurrences[low].start < range.end {
            if occurrences[low].end <= range.end { return occurrences[low].start }
            low += 1
        }
        return nil
    }
}
