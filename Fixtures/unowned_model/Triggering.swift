// fixture-deployment-target: ios 16.0
import SwiftUI

@Observable final class Bookcase {
    var books: [String] = []
}

final class DownloadQueue: ObservableObject {
    @Published var progress = 0.0
}

struct BookShelf: View {
    let library = Bookcase() // expect: unowned_model:9
    var queue = DownloadQueue() // expect: unowned_model
    private let reserve = Bookcase.init() // expect: unowned_model

    var body: some View {
        Text("\(library.books.count) \(queue.progress) \(reserve.books.count)")
    }
}
