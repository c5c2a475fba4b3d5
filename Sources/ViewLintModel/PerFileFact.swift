#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension ProjectModel {
    /// A project-wide fact made of one part per file (the places each file's builders create
    /// views, say), merged once every part is made. Every thread that asks for it before it is
    /// done makes parts too, taking the next file not yet taken, rather than waiting while one
    /// thread walks the whole project: on two cores a fact most rules need early costs half its
    /// time in wall clock, and no core idles on it. Parts are merged in file order, so the value
    /// does not depend on which thread made which part. `part` must be a pure function of the
    /// model and the file's index, `merge` of the parts.
    public func fact<Part: Sendable, Value: Sendable>(_ key: StaticString, perFile part: (Int) -> Part,
                                                      merge: ([Part]) -> Value) -> Value {
        fact(key, parts: files.count, part: part, merge: merge)
    }

    /// A project-wide fact made of `count` parts, as `fact(_:perFile:merge:)` but over any list
    /// the caller numbers (the project's types in key order, say), for a fact whose order is
    /// not the files'. `count` must be the same whichever thread asks first.
    public func fact<Part: Sendable, Value: Sendable>(_ key: StaticString, parts count: Int, part: (Int) -> Part,
                                                      merge: ([Part]) -> Value) -> Value {
        // Once merged, a lane reads the value from its own table, not under the parts' lock.
        laneRemembered(key) {
            let work = fact(key) { PerFileWork<Part, Value>(count: count) }
            return work.value(part: part, merge: merge)
        }
    }
}

/// A thread making parts of a per-file fact takes this fraction of the parts left: a few runs
/// per thread.
let perFileShareDivisor = 4 * ProjectModel.processorCount

/// The parts of one per-file fact, made by whichever threads ask for it (see
/// `ProjectModel.fact(_:perFile:merge:)`). The lock is never held while a part is made or the
/// parts merged, so a part may ask for other facts; facts depend on each other without cycles,
/// so a thread waiting here for a part another thread is making cannot deadlock.
final class PerFileWork<Part: Sendable, Value: Sendable>: @unchecked Sendable {
    /// Passed to pthreads by address on every ask: the runtime's exclusivity check of each
    /// such access would repeat what the lock guarantees.
    @exclusivity(unchecked) private var mutex = pthread_mutex_t()
    @exclusivity(unchecked) private var changed = pthread_cond_t()
    private let count: Int
    /// The parts made so far, a run at a time, in the order the runs were made. Kept whole and
    /// put in order once, at the merge: this class is generic and called unspecialized, where
    /// copying the parts one by one into a table of optionals, then out again, cost a thousand
    /// instructions or more per part.
    private var runs: [(first: Int, parts: [Part])] = []
    private var next = 0
    private var made = 0
    private var merging = false
    private var merged: Value?

    init(count: Int) {
        self.count = count
        pthread_mutex_init(&mutex, nil)
        pthread_cond_init(&changed, nil)
    }

    deinit {
        pthread_cond_destroy(&changed)
        pthread_mutex_destroy(&mutex)
    }

    func value(part: (Int) -> Part, merge: ([Part]) -> Value) -> Value {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        if let merged { return merged }
        while next < count {
            // Parts are taken a run at a time, a share of those left (guided scheduling): one
            // at a time, two threads took this lock twice per part of ten thousand, and
            // contended for it. Runs shrink towards the end, so no thread waits long on the
            // last run another is making.
            let first = next
            let run = min(count - first, max(1, (count - first) / perFileShareDivisor))
            next += run
            pthread_mutex_unlock(&mutex)
            var made: [Part] = []
            made.reserveCapacity(run)
            for index in first..<(first + run) { made.append(part(index)) }
            pthread_mutex_lock(&mutex)
            runs.append((first, made))
            self.made += run
            if self.made == count { pthread_cond_broadcast(&changed) }
        }
        while made < count { pthread_cond_wait(&changed, &mutex) }
        if merged == nil && !merging {
            merging = true
            runs.sort { $0.first < $1.first }
            var all: [Part] = []
            all.reserveCapacity(count)
            for run in runs { all.append(contentsOf: run.parts) }
            pthread_mutex_unlock(&mutex)
            let value = merge(all)
            pthread_mutex_lock(&mutex)
            merged = value
            runs = []
            pthread_cond_broadcast(&changed)
        }
        while merged == nil { pthread_cond_wait(&changed, &mutex) }
        return merged!
    }
}

extension ProjectModel {
    /// Lists by key from per-file parts of lists by key (see `fact(_:perFile:merge:)`): each
    /// list in file order, and in each file in the part's order, as one walk of every file in
    /// turn would have made it. A part hashes each entry's key, the merge each file's keys once.
    ///
    /// The merge is the one step of such a fact that a single thread does while the others
    /// wait, so it does little: a key's first list is shared, not copied element by element
    /// (most keys occur in one file), and the table is sized once.
    public static func mergeLists<Value>(_ parts: [[String: [Value]]]) -> [String: [Value]] {
        mergeByKey(parts) { $0.append(contentsOf: $1) }
    }

    /// Values by key from per-file parts, a key's later values folded into its first one by
    /// `combine` in file order; the first is shared, not copied.
    static func mergeByKey<Value>(_ parts: [[String: Value]], _ combine: (inout Value, Value) -> Void) -> [String: Value] {
        var index: [String: Value] = [:]
        index.reserveCapacity(parts.reduce(0) { $0 + $1.count })
        for part in parts {
            for (key, value) in part {
                if let at = index.index(forKey: key) {
                    combine(&index.values[at], value)
                } else {
                    index[key] = value
                }
            }
        }
        return index
    }

    /// One value by key from per-file parts: the value of the first file that has the key, as
    /// a walk of every file in turn that keeps a key's first value would have found it.
    public static func mergeFirst<Value>(_ parts: [[String: Value]]) -> [String: Value] {
        mergeByKey(parts) { _, _ in }
    }

    /// The union of per-file sets, sized once for all of them: the one merge every fact whose
    /// parts are sets uses, of names, keys or type ids alike.
    @inlinable
    public static func mergeUnion<Element: Hashable>(_ parts: [Set<Element>]) -> Set<Element> {
        var all: Set<Element> = []
        // By index: `reduce` and the parts' iterator made a heap block for every call. Most
        // facts' parts are empty (a set per file of names a few files have): passed over, where
        // each cost a union.
        var total = 0
        for i in parts.indices { total += parts[i].count }
        all.reserveCapacity(total)
        for i in parts.indices where !parts[i].isEmpty { all.formUnion(parts[i]) }
        return all
    }

    /// Sets by key from per-file parts of sets by key: the union of each key's sets (a key's
    /// first set shared, as in `mergeLists`).
    public static func mergeSets(_ parts: [[String: Set<String>]]) -> [String: Set<String>] {
        mergeByKey(parts) { $0.formUnion($1) }
    }
}
