import SwiftUI

struct LegacySettings: View {
    @Environment(\.presentationMode) private var presentationMode // expect: deprecated_api
    @State private var volume = 0.5 // expect: state_never_mutated
    @State private var isOn = false // expect: state_never_mutated
    var body: some View {
        NavigationView { // expect: deprecated_api
            Form {
                Text("Volume")
                    .foregroundColor(.secondary) // expect: deprecated_api
                    .onChange(of: volume) { newValue in save(newValue) } // expect: deprecated_api
                    .onChange(of: isOn, perform: toggle) // expect: deprecated_api
                    .animation(.easeInOut) // expect: deprecated_api
                Image("cover")
                    .cornerRadius(8) // expect: deprecated_api
                    .overlay(Text("New"), alignment: .topTrailing) // expect: deprecated_api
                    .mask(Circle()) // expect: deprecated_api
            }
            .navigationBarTitle("Settings") // expect: deprecated_api
            .accentColor(.orange) // expect: deprecated_api
            .toolbar { Button("Done") { presentationMode.wrappedValue.dismiss() } }
        }
    }
    func save(_ value: Double) {}
    func toggle(_ value: Bool) {}
}
