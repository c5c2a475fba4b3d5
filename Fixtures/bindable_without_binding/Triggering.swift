import SwiftUI

@Observable final class BWBook {
    var title = ""
    var isAvailable = true
    func checkOut() { isAvailable = false }
}

/// Read, assigned through, and methods called: none needs a binding.
struct BWBookRow: View {
    @Bindable var book: BWBook // expect: bindable_without_binding

    var body: some View {
        Button(book.title) {
            book.isAvailable = true
            book.checkOut()
        }
    }
}
