// fixture-deployment-target: ios 17.0, macos 13.0
import SwiftUI

/// iOS 17 has Observation, but macOS 13 does not: the shared model must stay an `ObservableObject`.
final class Library: ObservableObject {
    @Published var books: [String] = []
}
