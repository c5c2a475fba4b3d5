import SwiftUI

struct Inbox: View {
    @State private var composing = false
    @State private var showsFilters = false
    @State private var showsHelp = false
    var body: some View {
        List {
            NavigationLink("Message") { MessageView() }
            Button("Compose") { composing = true }
            Button("Filters") { showsFilters = true }
            Button("Help") { showsHelp = true }
        }
        .sheet(isPresented: $composing) {
            Compose()
        }
        .sheet(isPresented: $showsFilters) {
            Filters()
        }
        .popover(isPresented: $showsHelp) {
            Text("Help")
                .navigationTitle("Help") // expect: navigation_outside_stack
        }
    }
}

struct MessageView: View {
    var body: some View {
        NavigationLink("Reply") { Text("Reply") }
    }
}

/// Shown in a sheet with no stack of its own.
struct Compose: View {
    var body: some View {
        NavigationLink("Drafts") { Text("Drafts") } // expect: navigation_outside_stack
    }
}

/// A tab with no stack, under the app's root.
struct Outbox: View {
    var body: some View {
        List {
            NavigationLink("Sent") { Text("Sent") } // expect: navigation_outside_stack
        }
    }
}

struct Mailboxes: View {
    @State private var showsInfo = false
    var body: some View {
        NavigationSplitView {
            NavigationLink("All") { Text("All") }
        } detail: {
            VStack {
                NavigationLink("Flagged") { Text("Flagged") } // expect: navigation_outside_stack
                Button("Info") { showsInfo = true }
            }
            .sheet(isPresented: $showsInfo) {
                NavigationStack {
                    NavigationLink("More") { Text("More") }
                }
            }
        }
    }
}

/// Its stack is there; the title on the stack itself is misplaced_navigation_modifier's finding.
struct Filters: View {
    var body: some View {
        NavigationStack {
            Text("Filters")
        }
        .navigationTitle("Filters") // expect: misplaced_navigation_modifier
    }
}
