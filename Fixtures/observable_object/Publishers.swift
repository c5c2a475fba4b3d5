import SwiftUI
import Combine

// Classes whose Combine publishers the code uses: `@Observable` has none, so migrating would
// break that code. None of them is reported.

/// `$query` inside the class.
final class SearchModel: ObservableObject {
    @Published var query = ""
    @Published private(set) var results: [String] = []

    init() {
        $query
            .debounce(for: .milliseconds(300), scheduler: RunLoop.main)
            .map { [$0] }
            .assign(to: &$results)
    }
}

/// `objectWillChange` sent by hand.
final class Clock: ObservableObject {
    var now = Date() {
        willSet { objectWillChange.send() }
    }
}

/// A publisher of its own under that name.
final class ImageLoader: ObservableObject {
    var objectWillChange = PassthroughSubject<Void, Never>()
}

/// `$position` used from another type, through a typed property.
final class Player: ObservableObject {
    @Published var position = 0.0
}

final class Scrubber {
    let player: Player
    var cancellable: AnyCancellable?
    init(player: Player) {
        self.player = player
        cancellable = player.$position.sink { print($0) }
    }
}

/// `objectWillChange` of a child model forwarded by its parent, through a property chain.
final class Settings: ObservableObject {
    @Published var volume = 0.5
}

final class AppModel: ObservableObject {
    let settings = Settings()
    var cancellable: AnyCancellable?
    init() {
        cancellable = settings.objectWillChange.sink { [weak self] _ in self?.objectWillChange.send() }
    }
}

/// A view listening to a publisher with `onReceive`.
final class Downloads: ObservableObject {
    @Published var progress = 0.0
}

struct DownloadBadge: View {
    @ObservedObject var downloads: Downloads
    @State private var done = false
    var body: some View {
        Text(done ? "Done" : "…")
            .onReceive(downloads.$progress) { done = $0 >= 1 }
    }
}

/// Already migrated.
@Observable final class Counter {
    var value = 0
}
