// fixture-deployment-target: ios 17.0
import SwiftUI

/// On iOS a tab with no stack around it or in it has no navigation bar: its titles are lost.
struct TitledTabs: View {
    var body: some View {
        TabView {
            Text("Inline")
                .navigationTitle("Inline") // expect: navigation_outside_stack
            TitledTabsBare()
            NavigationStack { TitledTabsStacked() }
            TitledTabsShared()
            TitledTabsOwnStack()
        }
    }
}

/// The root view of a tab with no stack.
struct TitledTabsBare: View {
    var body: some View {
        List { Text("Bare") }
            .navigationTitle("Bare") // expect: navigation_outside_stack
            .navigationBarTitleDisplayMode(.inline) // expect: navigation_outside_stack
    }
}

struct TitledTabsStacked: View {
    var body: some View {
        Text("Stacked")
            .navigationTitle("Stacked")
    }
}

/// Also a scene's root outside any tab, where a title may name the window: not certain.
struct TitledTabsShared: View {
    var body: some View {
        Text("Shared")
            .navigationTitle("Shared")
    }
}

/// A stack in the tab itself.
struct TitledTabsOwnStack: View {
    var body: some View {
        NavigationStack {
            Text("Own")
                .navigationTitle("Own")
        }
    }
}

/// A TabView inside a stack: its tabs have the stack's bar.
struct TitledTabsInsideStack: View {
    var body: some View {
        NavigationStack {
            TabView {
                Text("Inside")
                    .navigationTitle("Inside")
            }
        }
    }
}

/// A tab's view shown in a split view's detail column too, which has a bar of its own.
struct TitledTabsDetail: View {
    var body: some View {
        Text("Detail")
            .navigationTitle("Detail")
    }
}

struct TitledTabsSplit: View {
    var body: some View {
        NavigationSplitView {
            Text("Sidebar")
        } detail: {
            TitledTabsDetail()
        }
    }
}

struct TitledTabsWithDetail: View {
    var body: some View {
        TabView {
            TitledTabsDetail()
            TitledTabsSplit()
        }
    }
}

@main
struct TitledTabsApp: App {
    var body: some Scene {
        WindowGroup { TitledTabs() }
        WindowGroup("Shared") { TitledTabsShared() }
        WindowGroup("Inside") { TitledTabsInsideStack() }
        WindowGroup("Detail") { TitledTabsWithDetail() }
    }
}
