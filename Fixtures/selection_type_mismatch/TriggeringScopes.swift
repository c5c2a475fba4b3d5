import SwiftUI

enum ScopeKind {
    case fruit
    case vegetable
    case grain
}

struct ScopedProducts: View {
    @State private var scope: ScopeKind = .fruit
    @State private var query = ""
    @State private var size = 0
    var body: some View {
        List { Text("Apple") }
            .searchable(text: $query)
            .searchScopes($scope) {
                Text("Fruit")
                    .tag(ScopeKind.fruit)
                Text("Vegetable") // expect: selection_type_mismatch
                Text("Grain").tag("grain") // expect: selection_type_mismatch
            }
        Picker("Size", selection: $size) {
            Text("Small").tag(0)
            Text("Large").tag(1)
            Label("Custom", systemImage: "slider.horizontal.3") // expect: selection_type_mismatch
        }
    }
}
