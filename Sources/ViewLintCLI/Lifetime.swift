/// Values the process keeps until it exits. Freeing a whole project model object by object
/// takes a noticeable share of a run (several percent on a large project) and buys nothing when
/// the process ends right after; the operating system reclaims the memory at once.
enum Lifetime {
    nonisolated(unsafe) private static var kept: [Any] = []

    static func keepUntilExit(_ value: Any) {
        kept.append(value)
    }
}
