#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The server's threads and locks from the C library, not Foundation's `Thread` and `NSLock`:
// the `viewlint` executable links this module, and Foundation (with ICU's data, which it loads
// at start) cost every `viewlint lint` run about 7 MB of resident memory for a server it never
// starts. The rest of the server uses only FoundationEssentials, which loads no ICU.

/// A thread of its own for a loop that blocks on reads (standard input, a worker's output):
/// a dispatch queue's worker would be held by it for the whole session.
enum ReaderThread {
    /// Starts `body` on a new detached thread with a stack of `stackSize` bytes; false if the
    /// thread could not be created.
    @discardableResult
    static func start(stackSize: Int = 1 << 20, _ body: @escaping @Sendable () -> Void) -> Bool {
        let box = Unmanaged.passRetained(Body(body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        #if canImport(Darwin)
        var thread: pthread_t? = nil
        #else
        var thread = pthread_t()
        #endif
        let created = pthread_create(&thread, &attributes, { context in
            #if canImport(Darwin)
            let body = Unmanaged<Body>.fromOpaque(context).takeRetainedValue()
            #else
            let body = Unmanaged<Body>.fromOpaque(context!).takeRetainedValue()
            #endif
            body.run()
            return nil
        }, box)
        if created != 0 {
            Unmanaged<Body>.fromOpaque(box).release()
            return false
        }
        return true
    }

    private final class Body: @unchecked Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}

/// A mutual-exclusion lock (a pthread mutex at a fixed address).
final class Lock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }

    func unlock() { pthread_mutex_unlock(mutex) }
}
