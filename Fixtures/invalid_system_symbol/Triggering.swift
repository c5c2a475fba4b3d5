// fixture-symbols: square.and.arrow.up 2019, star.fill 2019, figure.walk 2019, figure.walk.motion 2023, gearshape 2020
// fixture-deployment-target: ios 16.0, macos 13.0
import SwiftUI

struct ShareToolbar: View {
    var body: some View {
        HStack {
            Image(systemName: "sqaure.and.arrow.up") // expect: invalid_system_symbol
            Label("Favourite", systemImage: "star.fil") // expect: invalid_system_symbol
            Button("Settings", systemImage: "gear.shape") {} // expect: invalid_system_symbol
        }
    }
}

struct Activity: View {
    var body: some View {
        // Introduced with iOS 17; the target is iOS 16, and nothing checks availability.
        Image(systemName: "figure.walk.motion") // expect: invalid_system_symbol
    }
}

final class Icons {
    static let share = UIImage(systemName: "square.and.arrow.up.fill") // expect: invalid_system_symbol
}

struct Steps: View {
    var body: some View {
        // A mention of #available in a comment guards nothing.
        Image(systemName: "figure.walk.motion") // expect: invalid_system_symbol
    }
}
