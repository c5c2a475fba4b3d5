import SwiftUI

// The project's own `cornerRadius(_:corners:)` is not SwiftUI's deprecated one.
extension View {
    func cornerRadius(_ radius: CGFloat, corners: UIRectCorner) -> some View {
        clipShape(RoundedCorner(radius: radius, corners: corners))
    }
}

struct CornerTile: View {
    var body: some View {
        Color.blue.cornerRadius(12, corners: [.topLeft])
    }
}
