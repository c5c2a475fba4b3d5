import SwiftUI

/// New navigation contexts: a sheet, a cover, a split view's column, an old NavigationView.
struct NestRoot: View {
    @State private var composing = false
    var body: some View {
        TabView {
            NavigationStack {
                Text("Home")
                    .sheet(isPresented: $composing) { NestCompose() }
                    .fullScreenCover(isPresented: $composing) { NestCompose() }
            }
            NavigationSplitView {
                NavigationLink("Detail") { NestDetail() }
            } detail: {
                Text("Pick one")
            }
            NavigationView { // expect: deprecated_api
                NavigationLink("Legacy", destination: NestLegacy())
            }
            // A stack inside the stack itself is not a push.
            NavigationStack {
                NestTab()
                    .navigationDestination(for: Int.self) { _ in NestEmbeddable(ownNavigation: false) }
            }
        }
    }
}

struct NestCompose: View {
    var body: some View { NavigationStack { Text("Compose") } }
}

struct NestDetail: View {
    var body: some View { NavigationStack { Text("Detail") } }
}

struct NestLegacy: View {
    var body: some View { NavigationStack { Text("Legacy") } }
}

struct NestTab: View {
    var body: some View { Text("Tab") }
}

/// Nobody in the project pushes this view: its stack is a root's.
struct NestStandalone: View {
    var body: some View { NavigationStack { Text("Standalone") } }
}

/// The stack is optional: the caller that pushes the view turns it off.
struct NestEmbeddable: View {
    let ownNavigation: Bool
    var body: some View {
        if ownNavigation {
            NavigationStack { Text("Settings") }
        } else {
            Text("Settings")
        }
    }
}
