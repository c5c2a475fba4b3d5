import SwiftUI

/// No deployment target is configured, but the code checks `#available(iOS 15, *)`: the project
/// runs on an OS without `.scrollContentBackground` (iOS 16), so there is nothing to suggest.
struct ScrollSettingsChecked: View {
    var body: some View {
        if #available(iOS 15, *) {
            Form { Text("a") }.background(Color.indigo)
        }
    }
}
