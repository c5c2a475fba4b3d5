import SwiftData
import SwiftUI

@Observable final class ObservedTapCounter {
    var count = 0
}

@Model final class StoredItem {
    var title = ""
    init(title: String) { self.title = title }
}

/// Kept for its lifetime only: the view never reads its mutable properties.
final class LocationDelegate: NSObject {
    var onUpdate: (() -> Void)?
    func start() {}
}

/// An ObservableObject without @Published properties publishes nothing.
final class Keeper: ObservableObject {
    let id = UUID()
}

struct Point {
    var x = 0
}

struct Screen: View {
    @State private var counter = ObservedTapCounter()
    @State private var item = StoredItem(title: "a")
    @State private var delegate = LocationDelegate()
    @State private var keeper = Keeper()
    @State private var point = Point()
    @State private var manager = CLLocationManager()

    var body: some View {
        Text("\(counter.count) \(item.title) \(point.x) \(keeper.id)")
            .onAppear { delegate.start() }
    }
}
