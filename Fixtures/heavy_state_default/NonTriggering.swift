import SwiftUI

/// Initialisers that only assign, the memberwise one, and lazy work.
@Observable final class HSDraft {
    var title: String
    var body: String
    init(title: String = "", body: String = "") {
        self.title = title.trimmingCharacters(in: .whitespaces)
        self.body = body
    }
}

@Observable final class HSSelection {
    var ids: Set<Int> = []
}

@Observable final class HSLoader {
    var items: [String] = []
    init() { items = Self.load() }
    init(items: [String]) { self.items = items }
    static func load() -> [String] { [] }
}

/// An enum case with a value, and a task inside a handler that runs later, are not work in init.
@Observable final class HSStream {
    enum Policy { case unbounded, newest(Int) }
    var policy: Policy
    var onEnd: () -> Void = {}
    init() {
        policy = .newest(1)
        onEnd = { Task { } }
    }
}

final class HSStore: ObservableObject { // expect: observable_object
    @Published var items: [String] = []
    init() { items = Self.load() }
    static func load() -> [String] { [] }
}

struct HSEditor: View {
    @State private var draft = HSDraft()
    @State private var selection = HSSelection()
    @State private var loaded = HSLoader(items: [])
    @State private var shared = HSLoader.shared
    @StateObject private var store = HSStore()
    @State private var formatterless = Date.now
    @State private var stream = HSStream()

    var body: some View {
        Text("\(draft.title) \(selection.ids.count) \(loaded.items.count) \(shared.items.count) \(store.items.count) \(formatterless) \(stream.policy)")
    }
}

extension HSLoader {
    static let shared = HSLoader(items: [])
}

/// Seeds in the view's init whose initialiser only assigns, or that pick the assigning
/// overload, and a state object (its autoclosure runs once), are not work on every init.
struct HSSeededEditor: View {
    @State private var draft: HSDraft
    @State private var loader: HSLoader
    @State private var title: String

    init(title: String, items: [String]) {
        _draft = State(initialValue: HSDraft(title: title))
        _loader = State(initialValue: HSLoader(items: items))
        _title = State(initialValue: title)
    }

    var body: some View {
        Text("\(draft.title) \(loader.items.count) \(title)")
    }
}
