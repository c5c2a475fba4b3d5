import SwiftUI

struct ScrollSettingsOk: View {
    let tint: Color
    var body: some View {
        VStack {
            Form { Toggle("Sync", isOn: .constant(true)) }
                .scrollContentBackground(.hidden)
                .background(Color.indigo)
            // Measuring, not filling.
            List { Text("a") }
                .background(GeometryReader { _ in Color.clear }) // expect: deprecated_api
            List { Text("b") }
                .background(Color.clear)
            // Unknown values and closures are not judged.
            List { Text("c") }
                .background(tint)
            List { Text("d") }
                .background { Color.red }
            ScrollView { Text("e") }
                .background(Color.red)
        }
    }
}

/// A type that hides the background in one place applies it to its content elsewhere.
struct ScrollThemedOk: View {
    var body: some View {
        content.scrollContentBackground(.hidden)
    }
    var content: some View {
        List { Text("a") }.background(Color.mint)
    }
}
