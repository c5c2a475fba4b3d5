import SwiftUI

struct ScrollSettings: View {
    @State private var notes = ""
    var body: some View {
        VStack {
            Form {
                Toggle("Sync", isOn: .constant(true))
            }
            .background(Color.indigo) // expect: scrollable_background_hidden:14
            List(1..<3) { Text("\($0)") }
                .background(.ultraThinMaterial) // expect: scrollable_background_hidden
            TextEditor(text: $notes)
                .background(Color.yellow.opacity(0.2)) // expect: scrollable_background_hidden
            List { Text("a") }
                .background(LinearGradient(colors: [.red, .blue], startPoint: .top, endPoint: .bottom)) // expect: scrollable_background_hidden
        }
    }
}
