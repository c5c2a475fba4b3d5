import SwiftUI

// The graph of this folder is checked both ways by GraphTests: every edge and every non-empty
// blast radius is listed in a `graph-edge:` or `graph-blast:` comment, and every comment matches.

/// Any @Published change re-runs every view that observes it.
final class Store: ObservableObject { // expect: observable_object
    @Published var items: [String] = []
    @Published var isLoading = false
}

/// Views depend only on the properties they read.
@Observable
final class Settings {
    var theme = "light"
    var fontSize = 12.0
    @ObservationIgnored var cache: [String: Int] = [:]
}

/// Not a model: a plain class is neither observed nor a node.
final class Formatter {
    func format(_ text: String) -> String { text }
}

// graph-blast: Store 2
// graph-blast: Settings.fontSize 1
// graph-blast: Settings.theme 1
// graph-blast: \.colorScheme 1
