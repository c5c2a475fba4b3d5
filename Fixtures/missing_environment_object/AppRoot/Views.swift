import SwiftUI

struct ContentView: View {
    @EnvironmentObject var store: Store
    @EnvironmentObject var delegate: AppDelegate
    @State private var showsSettings = false

    var body: some View {
        NavigationStack {
            content
                .sheet(isPresented: $showsSettings) {
                    SettingsView()
                }
        }
    }

    var content: some View {
        List {
            Text("\(store.count)")
            BoxView()
            Text(delegate.description)
        }
    }
}

/// Shown in a sheet: inherits the window's objects.
struct SettingsView: View {
    @EnvironmentObject var store: Store
    var body: some View {
        Stepper("Count", value: $store.count)
    }
}

/// `Box<A>` is injected, `Box<B>` is not.
struct BoxView: View {
    @EnvironmentObject var a: Box<A>
    @EnvironmentObject var b: Box<B> // expect: missing_environment_object
    var body: some View {
        Text(a.value == nil ? "none" : "a")
        Text(b.value == nil ? "none" : "b")
    }
}

/// Shown in the second window, which injects nothing.
struct StatsView: View {
    @EnvironmentObject var store: Store // expect: missing_environment_object
    @EnvironmentObject var unused: Store // expect: unused_environment
    var body: some View {
        Text("\(store.count)")
    }
}
