// fixture-deployment-target: ios 16.0
import SwiftUI

@Observable final class SharedBookcase {
    static let shared = SharedBookcase()
    var books: [String] = []
    static func preview() -> SharedBookcase { SharedBookcase() }
}

final class ImageCache {
    var images: [String: Data] = [:]
}

struct SharedShelf: View {
    let shared = SharedBookcase.shared
    let preview = SharedBookcase.preview()
    let passedIn: SharedBookcase
    @State private var owned = SharedBookcase()
    static let sample = SharedBookcase()
    let cache = ImageCache()
    let formatter = DateFormatter()

    var body: some View {
        Text("\(shared.books.count) \(preview.books.count) \(passedIn.books.count) \(owned.books.count) \(cache.images.count) \(formatter.string(from: .now))")
    }
}

/// Not a view: a class may create its models.
final class ShelfCoordinator {
    let library = SharedBookcase()
}
