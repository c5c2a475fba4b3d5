import SwiftUI

@Observable final class Book {
    var title = ""
    var isAvailable = true
    func checkOut() { isAvailable = false }
}

/// Read, assigned through, and methods called: none needs a binding.
struct BookRow: View {
    @Bindable var book: Book // expect: bindable_without_binding

    var body: some View {
        Button(book.title) {
            book.isAvailable = true
            book.checkOut()
        }
    }
}
