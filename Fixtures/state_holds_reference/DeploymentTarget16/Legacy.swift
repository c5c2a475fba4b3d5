// fixture-deployment-target: ios 16.0
import SwiftUI

/// Before Observation the advice is @StateObject alone; the finding is the same.
final class LegacySession: ObservableObject {
    @Published var user = ""
}

struct SessionView: View {
    @State private var session = LegacySession() // expect: state_holds_reference

    var body: some View {
        Text(session.user)
    }
}
