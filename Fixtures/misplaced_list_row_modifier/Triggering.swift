import SwiftUI

/// Row modifiers on a list inside a stack: no row is configured.
struct ListRowSettings: View {
    let options: [String]
    var body: some View {
        VStack { // expect: stack_child_count
            List {
                ForEach(options, id: \.self) { Text($0) }
            }
            .listRowBackground(Color.clear) // expect: misplaced_list_row_modifier:14
            .listRowSeparator(.hidden) // expect: misplaced_list_row_modifier
            .listRowInsets(EdgeInsets()) // expect: misplaced_list_row_modifier
        }
    }
}

/// A data-driven list in a navigation stack, in a helper.
struct ListRowContacts: View {
    let names: [String]
    var body: some View { list }
    @ViewBuilder var list: some View {
        NavigationStack {
            Group { // expect: stack_child_count
                List(names, id: \.self) { Text($0) }
                    .listRowSeparatorTint(.red) // expect: misplaced_list_row_modifier
            }
        }
    }
}

/// A list at the top of a body, where the project places the view only outside rows: in a
/// navigation stack and in a sheet.
struct ListRowFeed: View {
    var body: some View {
        List { Text("Post") }
            .listRowSeparator(.hidden) // expect: misplaced_list_row_modifier
    }
}

struct ListRowFeedHost: View {
    @State private var showing = false
    var body: some View {
        NavigationStack {
            ListRowFeed()
                .sheet(isPresented: $showing) { ListRowFeed() }
        }
    }
}
