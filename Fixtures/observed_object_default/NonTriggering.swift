// fixture-deployment-target: ios 16.0
import SwiftUI

final class Store: ObservableObject {
    static let shared = Store()
    @Published var count = 0
    static func preview() -> Store { Store() }
}

/// Passed in by the parent: the parent owns it.
struct StoreCounter: View {
    @ObservedObject var store: Store

    var body: some View {
        Text("\(store.count)")
    }
}

/// Singletons and factories may return an existing instance.
struct SharedCounter: View {
    @ObservedObject var store = Store.shared
    @ObservedObject var preview = Store.preview()
    @ObservedObject var injected = Container.current.store

    var body: some View {
        Text("\(store.count) \(preview.count) \(injected.count)")
    }
}

/// Owned properly.
struct OwnedCounter: View {
    @StateObject private var store = Store()

    var body: some View {
        Text("\(store.count)")
    }
}

/// Seeded in an init from a parameter: the parent decides.
struct SeededCounter: View {
    @ObservedObject var store: Store

    init(store: Store = .shared) {
        self.store = store
    }

    var body: some View {
        Text("\(store.count)")
    }
}

/// Not a view: an App is created once, and a plain class has no body to re-run.
struct CounterApp: App {
    @ObservedObject var store = Store()

    var body: some Scene {
        WindowGroup { StoreCounter(store: store) }
    }
}

final class Holder {
    @ObservedObject var store = Store()
}
