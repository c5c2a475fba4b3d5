import SwiftUI

/// No deployment target is configured, but the code checks `#available(iOS 16, *)`: the project
/// runs on an OS without shape static members (iOS 17), so only the style is reported.
struct CheckedAvatar: View {
    var body: some View {
        if #available(iOS 16, *) {
            Image("avatar")
                .clipShape(Circle())
                .buttonStyle(PlainButtonStyle()) // expect: simplifiable_style
        }
    }
}
