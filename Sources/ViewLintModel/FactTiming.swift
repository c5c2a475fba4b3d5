#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The time spent making each shared fact (per-file, per-type and project-wide), for the
/// benchmark's table. A fact is made by whichever rule asks for it first, so without this the
/// table charged its whole cost to that rule, and blamed whichever rule happened to run first.
///
/// Off unless `start()` is called: when off, making a fact reads one flag and nothing else.
/// When on, a fact's row gets the time of its own work (facts it asks for in turn are theirs),
/// and `seconds(ofRuleIn:)` subtracts from a rule's time the facts made while it ran. Meant
/// for one-thread runs: with several threads the rows stay correct, but a thread that waits
/// for a fact another is making charges the wait to its rule.
public enum FactTiming {
    /// Set by the benchmark around the one-thread runs it times, never while one runs: read
    /// without a lock.
    /// Unchecked: every fact made reads it, and the runtime would record each read as an access.
    @exclusivity(unchecked) nonisolated(unsafe) public private(set) static var isOn = false

    private final class Table: @unchecked Sendable {
        // Only touched under `mutex`, itself passed to pthreads by address: unchecked.
        @exclusivity(unchecked) var mutex = pthread_mutex_t()
        /// By a substring of the fact's key, so that finding the row allocates nothing.
        @exclusivity(unchecked) var seconds: [Substring: Double] = [:]
        /// Per-file facts' rows by their type: `String(describing:)` reflects on the type.
        @exclusivity(unchecked) var typeNames: [ObjectIdentifier: String] = [:]
        init() { pthread_mutex_init(&mutex, nil) }
    }

    /// One thread's facts being made, innermost last: each entry's time spent in the facts it
    /// asked for, to subtract from its own. `outermost` is the time of the facts made while no
    /// other was, which a rule subtracts from its own.
    /// Touched by its own thread only: unchecked, as the runtime's exclusivity checks on
    /// every fact made and every rule timed were most of what timing cost.
    private final class Stack {
        @exclusivity(unchecked) var inner: [Double] = []
        @exclusivity(unchecked) var outermost: Double = 0
    }

    private static let table = Table()
    private static let stackKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            #if canImport(Darwin)
            Unmanaged<AnyObject>.fromOpaque(pointer).release()
            #else
            if let pointer { Unmanaged<AnyObject>.fromOpaque(pointer).release() }
            #endif
        }
        return key
    }()

    private static var stack: Stack {
        if let pointer = pthread_getspecific(stackKey) {
            return Unmanaged<Stack>.fromOpaque(pointer).takeUnretainedValue()
        }
        let made = Stack()
        pthread_setspecific(stackKey, Unmanaged.passRetained(made).toOpaque())
        return made
    }

    /// Turns timing on or off; only while no lint runs.
    public static func set(on: Bool) { isOn = on }

    /// Each fact's time since the last call, by name, and starts again from zero.
    public static func take() -> [String: Double] {
        pthread_mutex_lock(&table.mutex)
        defer { pthread_mutex_unlock(&table.mutex) }
        var seconds: [String: Double] = [:]
        for (name, time) in table.seconds { seconds[String(name)] = time }
        table.seconds = [:]
        return seconds
    }

    /// The time this thread has spent making facts so far, outermost facts only: a rule's time
    /// is its elapsed time less the growth of this across its check.
    public static var secondsMakingFactsOnThisThread: Double { isOn ? stack.outermost : 0 }

    /// `make()`, its time charged to `name` (cut at a `#`: facts kept per type or per view are
    /// one row).
    public static func measure<T>(_ name: String, _ make: () -> T) -> T {
        let stack = stack
        stack.inner.append(0)
        let start = monotonicSeconds()
        let value = make()
        let elapsed = monotonicSeconds() - start
        let inner = stack.inner.removeLast()
        if stack.inner.isEmpty {
            stack.outermost += elapsed
        } else {
            stack.inner[stack.inner.count - 1] += elapsed
        }
        // By byte, in place: `utf8.firstIndex(of:)` stepped through the view index by index.
        var key = name
        let cut = key.withUTF8 { bytes in bytes.firstIndex(of: UInt8(ascii: "#")) }
        let row = cut.map { key[..<key.utf8.index(key.utf8.startIndex, offsetBy: $0)] } ?? key[...]
        pthread_mutex_lock(&table.mutex)
        table.seconds[row, default: 0] += elapsed - inner
        pthread_mutex_unlock(&table.mutex)
        return value
    }

    /// `measure(_:_:)` of a fact whose row is named after its type (`file.PlacedViews`).
    public static func measure<T>(type: Any.Type, _ make: () -> T) -> T {
        let id = ObjectIdentifier(type)
        pthread_mutex_lock(&table.mutex)
        var name = table.typeNames[id]
        if name == nil {
            name = "file." + String(describing: type)
            table.typeNames[id] = name
        }
        pthread_mutex_unlock(&table.mutex)
        return measure(name!, make)
    }

    private static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
