// fixture-deployment-target: ios 17.0, macos 14.0
import SwiftUI

struct SupportsSeventeen: View {
    var body: some View {
        NavigationView { // expect: deprecated_api
            Text("Hello").foregroundColor(.red) // expect: deprecated_api
        }
    }
}
