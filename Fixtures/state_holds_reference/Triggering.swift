import SwiftUI

final class TapCounter {
    var count = 0
}

final class Loader: ObservableObject { // expect: observable_object
    @Published var items: [String] = []
    @Published var isLoading = false
}

struct CounterView: View {
    /// A plain class is reported only with `include_plain_classes`.
    @State private var counter = TapCounter()
    @State private var loader: Loader = Loader() // expect: state_holds_reference:24

    var body: some View {
        VStack {
            Button("\(counter.count)") { counter.count += 1 }
            List(loader.items, id: \.self) { Text($0) }
        }
    }
}
