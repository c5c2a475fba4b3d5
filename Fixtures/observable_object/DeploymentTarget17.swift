// fixture-deployment-target: ios 17.0, macos 14.0, watchos 10.0
import SwiftUI

/// Every configured platform has Observation.
final class Library: ObservableObject { // expect: observable_object
    @Published var books: [String] = []
}
