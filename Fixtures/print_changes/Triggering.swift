import SwiftUI

struct PrintCounter: View {
    @State private var count = 0

    var body: some View {
        let _ = Self._printChanges() // expect: print_changes
        Button("\(count)") { count += 1 }
    }
}

struct PrintFeed: View {
    var body: some View {
        #if os(iOS)
        let _ = Self._logChanges() // expect: print_changes
        #endif
        Text("PrintFeed")
    }
}

/// `DEBUG || X` is compiled in release builds when X holds.
struct PrintSidebar: View {
    var body: some View {
        #if DEBUG || BETA
        let _ = Self._printChanges() // expect: print_changes
        #endif
        Text("PrintSidebar")
    }

    func trace() {
        Self._printChanges() // expect: print_changes
    }
}
