// fixture-deployment-target: ios 17.0, macos 14.0
import SwiftUI

/// On macOS a tab's title may name the window: not reported for a target with macOS.
struct MacTabs: View {
    var body: some View {
        TabView {
            Text("Inline")
                .navigationTitle("Inline")
            MacTabsBare()
        }
    }
}

struct MacTabsBare: View {
    var body: some View {
        List { Text("Bare") }
            .navigationTitle("Bare")
    }
}

@main
struct MacTabsApp: App {
    var body: some Scene {
        WindowGroup { MacTabs() }
    }
}
