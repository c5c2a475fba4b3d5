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
        // `SelItemOk.ID` is the type of its `id`; tags of the selection's type through properties.
        List(selection: $id) {
            ForEach(items) { item in Text(item.name).tag(0) }
        }
        Picker("Value", selection: $inferred) {
            Text("a").tag(inferred)
        }
        Picker("SelTabOk", selection: $tab) {
            ForEach(items) { item in Text(item.name).tag(item.tab) }
        }
        // A row's context menu is not a row.
        List(selection: $size) {
            Text("One").tag(1).contextMenu { Text("x").tag("menu") }
        }
    }
}

struct SelItemOk: Identifiable { let id: Int; let name: String; let tab: SelTabOk }
