import SwiftUI

/// Look-alikes from real apps: owned instances, shared singletons, environment key values,
/// previews, and instances made in an action.
struct EnvOwner: View {
    @State private var library = EnvLibrary()
    @StateObject private var preferences = EnvPreferences()

    var body: some View {
        Text("Owner")
            .environment(library)
            .environmentObject(preferences)
            .environmentObject(EnvPreferences.shared)
            .environment(\.locale, Locale(identifier: "fr"))
            .onAppear { library = EnvLibrary() }
    }
}

struct EnvOwner_Previews: PreviewProvider {
    static var previews: some View {
        EnvOwner().environment(EnvLibrary())
    }
}

#Preview {
    EnvOwner().environment(EnvLibrary())
}
