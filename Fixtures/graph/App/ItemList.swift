import SwiftUI

struct ItemList: View {
    @EnvironmentObject private var store: Store

    var body: some View {
        List(store.items, id: \.self) { item in
            Row(title: item, onSelect: { print(item) })
        }
    }
}
// graph-edge: ItemList observes Store
// graph-edge: ItemList builds Row

struct Row: View {
    let title: String
    let onSelect: () -> Void // expect: closure_input
    var body: some View {
        Button(title, action: onSelect)
    }
}
