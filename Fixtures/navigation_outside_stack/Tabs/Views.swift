import SwiftUI

/// A link in an inspector of a view inside a stack: in a trailing column it can push onto that
/// stack; only a compact width's sheet loses it, so it is not reported.
struct InspectorRoot: View {
    @State private var inspecting = false
    var body: some View {
        NavigationStack {
            Text("Root")
                .inspector(isPresented: $inspecting) {
                    VStack {
                        NavigationLink("Inline") { Text("Inline") }
                        InspectorPanel()
                    }
                }
        }
    }
}

struct InspectorPanel: View {
    var body: some View {
        NavigationLink("Panel") { Text("Panel") }
    }
}

/// A TabView inside a stack: its tabs' links push onto the enclosing stack.
struct TabsInsideStack: View {
    var body: some View {
        NavigationStack {
            TabView {
                NavigationLink("Inline") { Text("Inline") }
                TabsInsideStackTab()
            }
        }
    }
}

struct TabsInsideStackTab: View {
    var body: some View {
        NavigationLink("Tab") { Text("Tab") }
    }
}

/// A root TabView: a tab without a stack of its own has none to push onto.
struct TabsAtRoot: View {
    var body: some View {
        TabView {
            NavigationLink("Bare") { Text("Bare") } // expect: navigation_outside_stack
            TabsAtRootTab()
            NavigationStack { TabsAtRootStacked() }
            InspectorRoot()
        }
    }
}

struct TabsAtRootTab: View {
    var body: some View {
        NavigationLink("Tab") { Text("Tab") } // expect: navigation_outside_stack
    }
}

struct TabsAtRootStacked: View {
    var body: some View {
        NavigationLink("Stacked") { Text("Stacked") }
    }
}

@main
struct TabsApp: App {
    var body: some Scene {
        WindowGroup { TabsAtRoot() }
        WindowGroup("Stacked") { TabsInsideStack() }
    }
}
