// fixture-deployment-target: ios 16.0
import SwiftUI

// Shape static members need iOS 17; style members exist wherever the style does.
struct LegacyAvatar: View {
    var body: some View {
        Image("avatar")
            .clipShape(Circle())
            .buttonStyle(PlainButtonStyle()) // expect: simplifiable_style
    }
}
