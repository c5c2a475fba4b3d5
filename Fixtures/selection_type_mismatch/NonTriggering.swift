import SwiftUI

enum SelTabOk: Int { case home, settings }

struct SelRootOk: View {
    @State private var tab: SelTabOk = .home
    @State private var size: Int? = nil
    @State private var id: SelItemOk.ID? = nil
    @State private var inferred = 0
    let items: [SelItemOk]

    var body: some View {
        TabView(selection: $tab) {
            Text("Home").tag(SelTabOk.home)
            // A nested picker's tags are its own.
            Picker("Size", selection: $size) {
                Text("None").tag(Int?.none)
                Text("Small").tag(1)
            }
            .tag(SelTabOk.settings)
        }
        // Types that are not certain: an associated type, an inferred property, a variable tag.
        List(selection: $id) {
            ForEach(items) { item in Text(item.name).tag(0) }
        }
        Picker("Value", selection: $inferred) {
            Text("a").tag("a")
        }
        Picker("SelTabOk", selection: $tab) {
            ForEach(items) { item in Text(item.name).tag(item.id) }
        }
        // A row's context menu is not a row.
        List(selection: $size) {
            Text("One").tag(1).contextMenu { Text("x").tag("menu") }
        }
    }
}

struct SelItemOk: Identifiable { let id: Int; let name: String }
