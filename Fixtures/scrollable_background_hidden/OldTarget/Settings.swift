// fixture-deployment-target: ios 15.0
import SwiftUI

/// Before iOS 16 there is no `.scrollContentBackground` to suggest.
struct ScrollSettingsOldTarget: View {
    var body: some View {
        Form { Text("a") }.background(Color.indigo)
    }
}
