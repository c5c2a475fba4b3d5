import SwiftUI
import UIKit

/// Nothing in the project shows it: its root is elsewhere.
struct Orphan: View {
    var body: some View {
        NavigationLink("Open") { Text("Open") }
    }
}

/// Hosted by UIKit: may be inside a UINavigationController.
struct Hosted: View {
    var body: some View {
        NavigationLink("Open") { Text("Open") }
    }
}

final class Coordinator {
    func start(on navigation: UINavigationController) {
        navigation.pushViewController(UIHostingController(rootView: Hosted()), animated: true)
    }
}

/// Shown both inside a stack and outside one: some path has a stack.
struct Shared: View {
    var body: some View {
        NavigationLink("Open") { Text("Open") }
    }
}

struct Screens: View {
    var body: some View { // expect: ungrouped_views
        NavigationStack { Shared() }
        Shared()
        Helper()
    }
}

/// Also built by a function the graph does not follow.
struct Helper: View {
    var body: some View {
        NavigationLink("Open") { Text("Open") }
    }
}

func makeHelper() -> AnyView {
    let view = Helper()
    return AnyView(view)
}

@main
struct SilentApp: App {
    var body: some Scene {
        WindowGroup { Screens() }
    }
}
