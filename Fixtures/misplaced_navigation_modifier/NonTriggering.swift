import SwiftUI

/// Inside the stack, on its root view: where the bar reads them.
struct NavInboxOk: View {
    let messages: [String]
    var body: some View {
        NavigationStack {
            List(messages, id: \.self) { Text($0) }
                .navigationTitle("NavInboxOk")
                .toolbar { Button("Compose") {} }
                .navigationDestination(for: Int.self) { Text("\($0)") }
        }
        .tint(.orange)
        .environment(\.locale, .current)
    }
}

/// A split view's window-level title and toolbar work on macOS and iPadOS.
struct NavMailOk: View {
    var body: some View {
        NavigationSplitView {
            Text("Mailboxes")
        } detail: {
            Text("Message")
        }
        .navigationTitle("NavMailOk")
        .toolbar { Button("Reply") {} }
    }
}

/// A stack returned from a helper and modified by its caller is not seen as a stack.
struct NavWrappedOk: View {
    var body: some View {
        stack
            .navigationTitle("NavWrappedOk")
    }
    var stack: some View { NavigationStack { Text("a") } }
}
