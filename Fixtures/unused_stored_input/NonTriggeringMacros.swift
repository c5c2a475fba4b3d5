import SwiftUI

/// An attached macro generates code that reads the view's properties (`send` reads `store`).
@ViewAction(for: CounterFeature.self)
struct CounterView: View {
    let store: StoreOf<CounterFeature>
    var body: some View { Button("Tap") { send(.tap) } }
}

/// A plain declaration attribute generates nothing: still checked.
@MainActor
struct MainActorView: View {
    let title: String
    let subtitle: String // expect: unused_stored_input
    var body: some View { Text(title) }
}
