import SwiftUI

@Observable final class HSLibrary {
    var books: [String] = []
    init() {
        books = Self.loadFromDisk()
    }
    static func loadFromDisk() -> [String] { [] }
}

/// The observer a discarded instance registers stays behind.
@Observable final class HSClock {
    var now = Date.now
    private var task: Task<Void, Never>?
    init(interval: Double) {
        task = Task { }
    }
}

/// A default value that reads a file runs with every instance too.
@Observable final class HSRecents {
    var items: [String] = readRecents()
}

func readRecents() -> [String] { [] }

struct HSShelf: View {
    @State private var library = HSLibrary() // expect: heavy_state_default
    @State private var clock = HSClock(interval: 1) // expect: heavy_state_default
    @State private var recents = HSRecents() // expect: heavy_state_default

    var body: some View {
        Text("\(library.books.count) \(clock.now) \(recents.items.count)")
    }
}

/// Seeding the state in the view's own init runs the same work each time the init runs.
struct HSSeededShelf: View {
    @State private var library: HSLibrary
    @State private var clock: HSClock

    init(interval: Double) {
        _library = State(initialValue: HSLibrary()) // expect: heavy_state_default
        self._clock = State(wrappedValue: HSClock(interval: interval)) // expect: heavy_state_default
    }

    var body: some View {
        Text("\(library.books.count) \(clock.now)")
    }
}
