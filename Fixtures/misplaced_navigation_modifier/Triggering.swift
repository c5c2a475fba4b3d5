import SwiftUI

/// Title and toolbar on the stack itself: the bar shows neither.
struct NavInbox: View {
    let messages: [String]
    var body: some View {
        NavigationStack {
            List(messages, id: \.self) { Text($0) }
        }
        .navigationTitle("NavInbox") // expect: misplaced_navigation_modifier:10
        .toolbar { // expect: misplaced_navigation_modifier
            Button("Compose") {}
        }
    }
}

/// A destination outside the stack is not visible to the links inside it.
struct NavCatalog: View {
    var body: some View {
        NavigationStack {
            NavigationLink("First", value: 1)
        }
        .navigationDestination(for: Int.self) { Text("\($0)") } // expect: misplaced_navigation_modifier
    }
}

/// `NavigationView` counts, in a helper too.
struct NavLegacy: View {
    var body: some View { content }
    @ViewBuilder var content: some View {
        NavigationView { // expect: deprecated_api
            Text("NavHome")
        }
        .navigationBarTitleDisplayMode(.inline) // expect: misplaced_navigation_modifier
        .navigationBarBackButtonHidden(true) // expect: misplaced_navigation_modifier
    }
}
