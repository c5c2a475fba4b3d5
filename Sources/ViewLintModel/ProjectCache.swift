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
    private var mutex = pthread_mutex_t()
    private var computed = pthread_cond_t()
    /// Computed values. An entry is looked up first and only then cast (`as? T` on the entry,
    /// never on a missing one: `nil as? T` succeeds when `T` is optional, which returned nil
    /// without computing), and the cast is to `T` itself, not to a generic wrapper of it: the
    /// wrapper's type had to be looked up in the runtime's shared metadata cache on every read,
    /// whose atomics both threads then contend for.
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
                if let value = existing as? T { return value }
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
        let made = make()
        pthread_mutex_lock(&mutex)
        var stored = made
        if let existing = values[key] {
            if let value = existing as? T { stored = value }
        } else {
            values[key] = made
        }
        if owns {
            computing[key] = nil
            pthread_cond_broadcast(&computed)
        }
        pthread_mutex_unlock(&mutex)
        return stored
    }
}
