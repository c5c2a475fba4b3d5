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
/// A value may be computed twice when two threads ask at once (both results are equal, since
/// facts are pure functions of the model); the lock is never held while computing, so a fact
/// may itself ask for another.
final class ProjectCache: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    private var values: [String: any Sendable] = [:]

    init() {
        pthread_mutex_init(&mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(&mutex)
    }

    func value<T: Sendable>(_ key: String, _ make: () -> T) -> T {
        pthread_mutex_lock(&mutex)
        let existing = values[key]
        pthread_mutex_unlock(&mutex)
        // Unwrap first: a missing value cast to an optional `T` would succeed as nil.
        if let existing, let value = existing as? T { return value }
        let made = make()
        pthread_mutex_lock(&mutex)
        if values[key] == nil { values[key] = made }
        let stored = values[key] as? T ?? made
        pthread_mutex_unlock(&mutex)
        return stored
    }
}
