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
    /// A class, so telling its type is a class check rather than a cast out of an existential
    /// (every ask of every fact does one).
    private final class Box<T: Sendable>: Sendable {
        let value: T
        init(value: T) { self.value = value }
    }

    // Both tables are only touched under `mutex`, so the runtime's exclusivity checks on them
    // would only repeat what the lock guarantees.
    private var mutex = pthread_mutex_t()
    private var computed = pthread_cond_t()
    @exclusivity(unchecked) private var values: [String: AnyObject] = [:]
    /// Facts being computed, with the thread computing each.
    @exclusivity(unchecked) private var computing: [String: pthread_t] = [:]

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

/// One fact per merged type (the names a type's members read, its protocol requirements),
/// in a slot per type indexed by `TypeInfo.id`: asking costs an array index under a lock, where
/// a `ProjectCache` key would build a string from the type's key, hash it and cast the value.
///
/// Unlike `ProjectCache`, a thread that finds the slot empty computes the value without waiting
/// for another thread computing the same type's: these facts are small (one type's members), so
/// computing one twice costs less than a wait, and the first value stored is the one returned.
final class PerTypeFact<Value: Sendable>: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    /// Only touched under `mutex`.
    @exclusivity(unchecked) private var values: [Value?]
    /// The slots' count, read without the lock (reading `values` itself would race with a write).
    private let count: Int

    init(count: Int) {
        values = Array(repeating: nil, count: count)
        self.count = count
        pthread_mutex_init(&mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(&mutex)
    }

    func value(_ id: Int, _ make: () -> Value) -> Value {
        // A type of another model (a caller mixing models) has no slot here.
        guard id >= 0 && id < count else { return make() }
        pthread_mutex_lock(&mutex)
        if let existing = values[id] {
            pthread_mutex_unlock(&mutex)
            return existing
        }
        pthread_mutex_unlock(&mutex)
        let made = make()
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        if let existing = values[id] { return existing }
        values[id] = made
        return made
    }
}

/// The per-type facts the project model keeps, one slot per merged type.
final class TypeFacts: Sendable {
    let namesRead: PerTypeFact<NameSet>
    let hasCustomEquality: PerTypeFact<Bool>
    let protocolRequirementNames: PerTypeFact<Set<String>>

    init(count: Int) {
        namesRead = PerTypeFact(count: count)
        hasCustomEquality = PerTypeFact(count: count)
        protocolRequirementNames = PerTypeFact(count: count)
    }
}
