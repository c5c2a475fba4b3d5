import SwiftUI

/// A project type named like the SDK's container is not SwiftUI's stack.
struct NavigationStack<Content: View>: View {
    let content: Content
    init(@ViewBuilder content: () -> Content) { self.content = content() }
    var body: some View { NavigationView { content } } // expect: deprecated_api
}

struct NavHomeBackport: View {
    var body: some View {
        NavigationStack { Text("NavHomeBackport") }
            .navigationTitle("NavHomeBackport")
    }
}
