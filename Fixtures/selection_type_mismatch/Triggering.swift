import SwiftUI

enum SelTab: Int { case home, settings }
enum SelSort { case name, date }

struct SelRoot: View {
    @State private var tab: SelTab = .home
    @State private var order: String = "name"
    @State private var selectionModel = SelModel()

    var body: some View {
        TabView(selection: $tab) {
            Text("Home").tag(0) // expect: selection_type_mismatch:26
            Text("Settings").tag(1) // expect: selection_type_mismatch
        }
        Picker("Order", selection: $order) {
            Text("Name").tag("name")
            Text("Date").tag(SelSort.date) // expect: selection_type_mismatch
        }
        List(selection: $selectionModel.selected) {
            Section {
                ForEach(0..<3) { index in
                    Text("\(index)").tag("row") // expect: selection_type_mismatch
                }
            }
        }
    }
}

@Observable final class SelModel {
    var selected: Int? = nil
}
