import SwiftUI

@main
struct UngroupedApp: App {
    var body: some Scene {
        WindowGroup {
            UngroupedRoot()
        }
    }
}

struct UngroupedRoot: View {
    var body: some View { // expect: ungrouped_views
        Text("Welcome")
        UngroupedMenu()
    }
}

struct UngroupedMenu: View {
    @State private var showingHelp = false
    @State private var showingAbout = false
    var body: some View {
        NavigationStack { // expect: ungrouped_views
            Image(systemName: "globe")
            List {
                NavigationLink("Detail") {
                    UngroupedDetail()
                }
                NavigationLink { // expect: ungrouped_views
                    Text("Title")
                    Text("Subtitle")
                } label: {
                    Label("Inline", systemImage: "star")
                }
            }
        }
        .sheet(isPresented: $showingHelp) { // expect: ungrouped_views
            Text("Help")
            Button("Close") { showingHelp = false }
        }
        .popover(isPresented: $showingAbout) {
            aboutContent
        }
    }

    @ViewBuilder
    var aboutContent: some View { // expect: ungrouped_views
        Text("About")
        Text("Version 1")
    }
}
