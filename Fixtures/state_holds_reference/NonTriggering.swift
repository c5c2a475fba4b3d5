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
    @State private var manager = CLLocationManager() // expect: unused_state

    var body: some View {
        Text("\(counter.count) \(item.title) \(point.x) \(keeper.id)")
            .onAppear { delegate.start() }
    }
}

/// Optionals hold which object a sheet shows; the sheet's view observes it.
final class InstallOperation: ObservableObject, Identifiable { // expect: observable_object
    @Published var progress = 0.0
}

struct Installer: View {
    @State private var operation: InstallOperation?

    var body: some View {
        Button("Install") { operation = InstallOperation() }
            .sheet(item: $operation) { op in Text("\(op.progress)") }
    }
}

/// A coordinator kept alive by @State, whose callbacks the view sets: a plain class, silent by default.
final class ContainerCoordinator {
    var onOpen: (() -> Void)?
}

/// A Core Data entity inherits NSManagedObject, which is observable.
public class StoredOverride: NSManagedObject {
    @NSManaged var name: String?
}

struct Container: View {
    @State private var coordinator = ContainerCoordinator()
    @State private var override = StoredOverride()

    var body: some View {
        Text(override.name ?? "")
            .onAppear { coordinator.onOpen = { print("open") } }
    }
}
