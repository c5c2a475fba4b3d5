import SwiftUI

struct DisclosureRow: View {
    let title: String
    @State var isExpanded = false // expect: state_not_private:16, state_never_mutated
    @GestureState var dragOffset: CGFloat = 0 // expect: state_not_private
    @Namespace var namespace // expect: state_not_private
    @FocusState var isFocused: Bool // expect: state_not_private
    @SceneStorage("tab") var tab = 0 // expect: state_not_private
    @AppStorage("compact") internal var compact = false // expect: state_not_private
    @State private(set) var count = 0 // expect: state_not_private, state_never_mutated

    var body: some View {
        Text(title + (isExpanded ? "-" : "+") + "\(dragOffset)\(isFocused)\(tab)\(compact)\(count)")
            .matchedGeometryEffect(id: "t", in: namespace)
    }
}

/// The attribute on its own line: still not private.
struct ValueCounter: View {
    @State
    var value = 0 // expect: state_not_private

    var body: some View {
        Button("\(value)") { value += 1 }
    }
}

/// App and Scene types own state too.
@main
struct NotesApp: App {
    @StateObject var store = NotesStore() // expect: state_not_private

    var body: some Scene {
        WindowGroup { Text(store.title) }
    }
}

@Observable final class NotesStore {
    var title = ""
}
