#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Project-wide facts a rule computes once and then consults for every file (which classes'
/// publishers are used, which types a property may hold). Rules check files in parallel and
/// hold no state, so the project model keeps these for them, computed on first use.
///
/// Each fact is computed once: a thread that asks for a fact another thread is computing waits
/// for that value rather than computing it again (on two cores the threads tend to reach the
/// same fact at the same moment, and computing it twice doubled its cost for nothing). The lock
/// is never held while computing, so a fact may itself ask for another; facts are pure functions
/// of the model, so their dependencies have no cycles and waiting cannot deadlock.
final class ProjectCache: @unchecked Sendable {
    /// A computed value as stored: an entry that exists holds a box, so a fact whose value is
    /// nil (`T` optional) is told apart from a fact not computed yet. (Casting a missing entry,
    /// `nil as? T`, succeeds when `T` is optional, which returned nil without computing.)
    private struct Box<T: Sendable>: Sendable {
        let value: T
    }

    private var mutex = pthread_mutex_t()
    private var computed = pthread_cond_t()
    private var values: [String: any Sendable] = [:]
    /// Facts being computed, with the thread computing each.
    private var computing: [String: pthread_t] = [:]

    init() {
        pthread_mutex_init(&mutex, nil)
        pthread_cond_init(&computed, nil)
    }

    deinit {
        pthread_cond_destroy(&computed)
        pthread_mutex_destroy(&mutex)
    }

    func value<T: Sendable>(_ key: String, _ make: () -> T) -> T {
        let me = pthread_self()
        var owns = false
        pthread_mutex_lock(&mutex)
        while true {
            if let existing = values[key] {
                pthread_mutex_unlock(&mutex)
                // A value of another type under the same key (a misuse) is computed, not shared.
                if let box = existing as? Box<T> { return box.value }
                return make()
            }
            guard let owner = computing[key], pthread_equal(owner, me) == 0 else { break }
            pthread_cond_wait(&computed, &mutex)
        }
        if computing[key] == nil {
            computing[key] = me
            owns = true
        }
        pthread_mutex_unlock(&mutex)
        let made = Box(value: make())
        pthread_mutex_lock(&mutex)
        if values[key] == nil { values[key] = made }
        let stored = values[key] as? Box<T> ?? made
        if owns {
            computing[key] = nil
            pthread_cond_broadcast(&computed)
        }
        pthread_mutex_unlock(&mutex)
        return stored.value
    }
}
