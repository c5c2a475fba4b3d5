import SwiftUI

/// A TabView inside a stack keeps its tabs inside that stack: a stack in a tab is a nested one.
struct StackedTabs: View {
    var body: some View {
        NavigationStack {
            TabView {
                StackedTabsFeed()
                Text("Plain")
            }
        }
    }
}

struct StackedTabsFeed: View {
    var body: some View {
        NavigationStack { // expect: nested_navigation_stack
            Text("Feed")
        }
    }
}

/// A root TabView's tabs each own their stack, as in `Beside`; a tab's sheet starts a new context.
struct RootTabs: View {
    @State private var composing = false
    var body: some View {
        TabView {
            RootTabsFeed()
                .sheet(isPresented: $composing) { RootTabsCompose() }
        }
    }
}

struct RootTabsFeed: View {
    var body: some View {
        NavigationStack { Text("Feed") }
    }
}

struct RootTabsCompose: View {
    var body: some View {
        NavigationStack { Text("Compose") }
    }
}
