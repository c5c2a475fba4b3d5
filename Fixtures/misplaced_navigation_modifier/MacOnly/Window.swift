// fixture-deployment-target: macos 14.0
import SwiftUI

/// On a Mac-only target the title and toolbar of the outermost view are the window's.
struct NavWindowMacOnly: View {
    var body: some View {
        NavigationStack { Text("Main") }
            .navigationTitle("Main")
            .toolbar { Button("Add") {} }
            .navigationDestination(for: Int.self) { Text("\($0)") } // expect: misplaced_navigation_modifier
    }
}
