import SwiftData
import SwiftUI

@Model
final class Item {
    var name = ""
    init() {}
}

@main
struct ItemsApp: App {
    var body: some Scene {
        WindowGroup {
            ShelfItemList()
        }
        .modelContainer(for: Item.self)
        Window("Trash", id: "trash") {
            TrashView()
        }
    }
}

struct ShelfItemList: View {
    @Query private var items: [Item]
    @Environment(\.modelContext) private var context
    var body: some View {
        List(items) { item in Text(item.name) }
            .toolbar { Button("Add") { context.insert(Item()) } }
    }
}

struct TrashView: View {
    @Query private var items: [Item] // expect: missing_model_container
    var body: some View {
        Text("\(items.count)")
    }
}

#Preview {
    ShelfItemList() // expect: missing_model_container
}

#Preview {
    ShelfItemList()
        .modelContainer(for: Item.self, inMemory: true)
}
