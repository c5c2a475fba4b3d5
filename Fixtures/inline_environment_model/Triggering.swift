import SwiftUI

struct EnvRoot: View {
    var body: some View {
        Text("Root")
            .environment(EnvLibrary()) // expect: inline_environment_model
            .environmentObject(EnvPreferences.init()) // expect: inline_environment_model
            .sheet(isPresented: .constant(false)) {
                Text("Sheet").environment(EnvLibrary(name: "x")) // expect: inline_environment_model
            }
    }
}

@Observable final class EnvLibrary {
    var name: String
    init(name: String = "") { self.name = name }
}

final class EnvPreferences: ObservableObject { // expect: observable_object
    static let shared = EnvPreferences()
    @Published var isOn = false
}
