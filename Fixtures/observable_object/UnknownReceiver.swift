import SwiftUI
import Combine

/// A publisher used through a value whose type is not written anywhere could belong to any
/// `ObservableObject`: the rule stays silent for all of them rather than guess.
final class Timeline: ObservableObject {
    @Published var posts: [String] = []
}

func observe(_ make: () -> Timeline) -> AnyCancellable {
    let model = make()
    return model.objectWillChange.sink { print("changed") }
}
