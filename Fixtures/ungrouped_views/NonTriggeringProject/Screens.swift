import SwiftUI

@main
struct GroupedApp: App {
    var body: some Scene {
        WindowGroup {
            GroupedRoot()
        }
    }
}

struct GroupedRoot: View {
    @State private var showingHelp = false
    @State private var flag = false // expect: state_never_mutated
    var body: some View {
        NavigationStack {
            VStack {
                Image(systemName: "globe")
                GroupedRows()
            }
            .toolbar {
                Button {
                    showingHelp = true
                } label: {
                    Image(systemName: "questionmark")
                    Text("Help")
                }
            }
            .navigationDestination(for: Int.self) { value in
                GroupedSingle(value: value)
            }
        }
        .overlay(alignment: .top) {
            Text("Banner")
            Image(systemName: "star")
        }
        .background {
            Color.black
            Color.white.opacity(0.5)
        }
        .sheet(isPresented: $showingHelp) {
            if flag {
                Text("A")
            } else {
                Text("B")
            }
        }
    }
}

// Several views, used inside a container: spliced into it.
struct GroupedRows: View {
    var body: some View {
        Text("One")
        Text("Two")
    }
}

// One view, placed alone.
struct GroupedSingle: View {
    let value: Int
    var body: some View {
        Text("\(value)")
    }
}

// Several views, placed nowhere the project shows.
struct GroupedOrphan: View {
    var body: some View {
        Text("One")
        Text("Two")
    }
}

struct GroupedColumns: View {
    var body: some View {
        NavigationView { // expect: deprecated_api
            Text("Sidebar")
            Text("Detail")
        }
    }
}
