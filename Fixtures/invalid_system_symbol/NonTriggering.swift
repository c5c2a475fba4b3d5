// fixture-symbols: square.and.arrow.up 2019, star.fill 2019, figure.walk 2019, figure.walk.motion 2023, gearshape 2020
// fixture-deployment-target: ios 16.0, macos 13.0
import SwiftUI

struct ShareToolbar: View {
    let icon: String
    var body: some View {
        HStack {
            Image(systemName: "square.and.arrow.up")
            Label("Favourite", systemImage: "star.fill")
            Button("Settings", systemImage: "gearshape") {}
            // Built at run time: not checked.
            Image(systemName: icon)
            Image(systemName: "star\(icon)")
            // An asset, not a symbol.
            Image("sqaure.and.arrow.up")
            Text("systemName: \"nothing.here\"")
        }
    }
}

struct Activity: View {
    var body: some View {
        if #available(iOS 17, macOS 14, *) {
            Image(systemName: "figure.walk.motion")
        } else {
            Image(systemName: "figure.walk")
        }
    }
}

@available(iOS 17, macOS 14, *)
struct NewActivity: View {
    var body: some View { Image(systemName: "figure.walk.motion") }
}

struct OldActivity: View {
    var body: some View {
        if #unavailable(iOS 17, macOS 14) {
            Image(systemName: "figure.walk")
        } else {
            Image(systemName: "figure.walk.motion")
        }
    }
}
