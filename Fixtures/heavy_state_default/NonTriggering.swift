import SwiftUI

/// Initialisers that only assign, the memberwise one, and lazy work.
@Observable final class Draft {
    var title: String
    var body: String
    init(title: String = "", body: String = "") {
        self.title = title.trimmingCharacters(in: .whitespaces)
        self.body = body
    }
}

@Observable final class Selection {
    var ids: Set<Int> = []
}

@Observable final class Loader {
    var items: [String] = []
    init() { items = Self.load() }
    init(items: [String]) { self.items = items }
    static func load() -> [String] { [] }
}

/// An enum case with a value, and a task inside a handler that runs later, are not work in init.
@Observable final class Stream {
    enum Policy { case unbounded, newest(Int) }
    var policy: Policy
    var onEnd: () -> Void = {}
    init() {
        policy = .newest(1)
        onEnd = { Task { } }
    }
}

final class Store: ObservableObject { // expect: observable_object
    @Published var items: [String] = []
    init() { items = Self.load() }
    static func load() -> [String] { [] }
}

struct Editor: View {
    @State private var draft = Draft()
    @State private var selection = Selection()
    @State private var loaded = Loader(items: [])
    @State private var shared = Loader.shared
    @StateObject private var store = Store()
    @State private var formatterless = Date.now
    @State private var stream = Stream()

    var body: some View {
        Text("\(draft.title) \(selection.ids.count) \(loaded.items.count) \(shared.items.count) \(store.items.count) \(formatterless) \(stream.policy)")
    }
}

extension Loader {
    static let shared = Loader(items: [])
}
