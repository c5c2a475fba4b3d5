// fixture-deployment-target: ios 16.0
import SwiftUI

/// iOS 16 has no Observation framework: `ObservableObject` is the only choice.
final class Library: ObservableObject {
    @Published var books: [String] = []
}
