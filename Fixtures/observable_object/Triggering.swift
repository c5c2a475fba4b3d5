import SwiftUI
import Combine

// No deployment target is configured for this project: the newest OS is assumed.

/// Directly.
final class Library: ObservableObject { // expect: observable_object:13
    @Published var books: [String] = []
    @Published var filter = ""
}

/// Through a project protocol that refines `ObservableObject`.
protocol Store: ObservableObject {
    func refresh() async
}

final class CartStore: Store { // expect: observable_object
    @Published private(set) var count = 0
    func refresh() async {}
}

/// Through an extension.
final class Session { // expect: observable_object
    @Published var userName = ""
}

extension Session: ObservableObject {}

/// A subclass inherits the conformance; only the class that declares it is reported.
class BaseModel: ObservableObject { // expect: observable_object
    @Published var isLoading = false
}

final class ProfileModel: BaseModel {
    @Published var name = ""
}

/// Nested classes are reported at their own name.
enum Feature {
    final class Model: ObservableObject { // expect: observable_object
        @Published var value = 0
    }
}

/// Another class's `$name` publisher does not protect this one, even with the same property name.
final class Search: ObservableObject { // expect: observable_object
    @Published var query = ""
}

final class Suggestions: ObservableObject {
    @Published var query = ""
}

final class SuggestionsObserver {
    let suggestions: Suggestions
    var cancellable: AnyCancellable?
    init(suggestions: Suggestions) {
        self.suggestions = suggestions
        cancellable = suggestions.$query.sink { print($0) }
    }
}

struct LibraryView: View {
    @StateObject private var library = Library()
    @EnvironmentObject private var session: Session
    @ObservedObject var search: Search

    var body: some View {
        List(library.books, id: \.self) { Text($0) }
            .searchable(text: $search.query)
            .navigationTitle(session.userName)
    }
}
