import SwiftUI

/// An inspector's content is shown beside the stack (a trailing column), or in a sheet when the
/// width is compact: a new navigation context there, so its own stack is not a nested one.
struct BesideRoot: View {
    @State private var inspecting = false
    var body: some View {
        NavigationStack {
            Text("Root")
                .inspector(isPresented: $inspecting) { BesidePanel() }
        }
    }
}

struct BesidePanel: View {
    var body: some View {
        NavigationStack { Text("Panel") }
    }
}

/// A project view shown as a tab of a root TabView: each tab owns its stack.
struct TabsRoot: View {
    var body: some View {
        TabView {
            TabsOwn()
        }
    }
}

struct TabsOwn: View {
    var body: some View {
        NavigationStack { Text("Own") }
    }
}
