import SwiftUI

@Observable
final class Library {
    var books: [String] = []
}

/// Owns the library and forgets to pass it to the list's rows: a crash with or without an App.
struct LibraryScreen: View {
    @State private var library = Library()
    var body: some View {
        NavigationStack { // expect: ungrouped_views
            BookList()
                .environment(library)
            NavigationLink("Shelf") {
                ShelfView()
            }
        }
    }
}

struct BookList: View {
    @Environment(Library.self) private var library
    var body: some View {
        List(library.books, id: \.self) { Text($0) }
    }
}

struct ShelfView: View {
    @Environment(Library.self) private var library // expect: missing_environment_object
    var body: some View {
        Text("\(library.books.count) books")
    }
}
