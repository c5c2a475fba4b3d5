import SwiftUI

struct Inbox: View {
    @State private var composing = false
    var body: some View {
        List {
            NavigationLink("Message") { MessageView() }
            Button("Compose") { composing = true }
        }
        .sheet(isPresented: $composing) {
            Compose()
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
