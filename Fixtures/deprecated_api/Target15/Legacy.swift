// fixture-deployment-target: ios 15.0
import SwiftUI

// iOS 15 has no NavigationStack or two-value onChange: only what iOS 15 deprecates is reported.
struct SupportsFifteen: View {
    @State private var count = 0 // expect: state_never_mutated
    var body: some View {
        NavigationView {
            Text("Hello")
                .foregroundColor(.red)
                .onChange(of: count) { newValue in print(newValue) }
                .animation(.default) // expect: deprecated_api
        }
    }
}
