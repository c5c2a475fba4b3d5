import SwiftUI

struct CurrentSettings: View {
    @Environment(\.dismiss) private var dismiss
    @State private var volume = 0.5 // expect: state_never_mutated
    var body: some View {
        NavigationStack {
            Form {
                Text("Volume")
                    .foregroundStyle(.secondary)
                    .background(Color.red.opacity(0.2))
                    .overlay(.thinMaterial)
                    .onChange(of: volume) { old, new in save(new) }
                    .onChange(of: volume) { save(volume) }
                    .animation(.easeInOut, value: volume)
                    .animation(.smooth) { content in content.opacity(0.5) }
                Image("cover")
                    .clipShape(.rect(cornerRadius: 8))
                    .overlay(alignment: .topTrailing) { Text("New") }
                    .mask { Circle() }
            }
            .navigationTitle("Settings")
            .tint(.orange)
            .toolbar { Button("Done") { dismiss() } }
        }
    }
    func save(_ value: Double) {}
}

struct NestedAnonymous: View {
    @State private var flags: [Bool] = [] // expect: state_never_mutated
    var body: some View {
        Text("Flags")
            .onChange(of: flags) {
                update { $0.isEnabled = flags.isEmpty }
            }
    }
    func update(_ body: (inout Settings) -> Void) {}
}
