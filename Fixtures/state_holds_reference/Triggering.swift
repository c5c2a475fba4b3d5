import SwiftUI

final class TapCounter {
    var count = 0
}

final class Loader: ObservableObject { // expect: observable_object
    @Published var items: [String] = []
}

struct CounterView: View {
    @State private var counter = TapCounter() // expect: state_holds_reference:24
    @State private var loader: Loader = Loader() // expect: state_holds_reference

    var body: some View {
        VStack {
            Button("\(counter.count)") { counter.count += 1 }
            List(loader.items, id: \.self) { Text($0) }
        }
    }
}
