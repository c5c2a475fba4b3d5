import SwiftUI

struct ModernProfileHeader: View {
    var body: some View {
        VStack {
            Image("avatar").clipShape(.circle)
            Button("Follow") { follow() }.buttonStyle(.borderedProminent)
            Button("Custom") { follow() }.buttonStyle(PressableButtonStyle())
            TabView { Text("A") }.tabViewStyle(PageTabViewStyle(indexDisplayMode: .never))
            Text("Card").clipShape(RoundedRectangle(cornerRadius: 12))
            Text("Custom").clipShape(Blob())
        }
    }
    func follow() {}
}

struct PressableButtonStyle: ButtonStyle {
    func makeBody(configuration: Configuration) -> some View { configuration.label }
}

struct Blob: Shape {
    func path(in rect: CGRect) -> Path { Path(rect) }
}
