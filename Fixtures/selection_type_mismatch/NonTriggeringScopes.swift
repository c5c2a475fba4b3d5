import SwiftUI

enum ScopeShelf: CaseIterable, Hashable {
    case all
    case recent
}

struct ScopedShelf: View {
    @State private var scope: ScopeShelf = .all
    @State private var query = ""
    @State private var color = 0
    var body: some View {
        List { Text("Book") }
            .searchable(text: $query)
            .searchScopes($scope) {
                ForEach(ScopeShelf.allCases, id: \.self) { scope in
                    Text("\(scope)")
                }
            }
        Picker("Color", selection: $color) {
            Text("Red").tag(0)
            Divider()
            Section("More") {
                ForEach(1..<4) { index in
                    Text("\(index)")
                }
            }
        }
        // No row tagged: ForEach-free pickers tagged nowhere are a different mistake, left alone.
        Picker("Plain", selection: $color) {
            Text("One")
        }
    }
}

struct ScopedLabelledPicker: View {
    @State private var hours: Int? = nil
    var body: some View {
        Picker(selection: $hours) {
            Text("All").tag(Int?.none)
            Text("One hour").tag(1 as Int?)
        } label: {
            Text("Last seen")
            Image(systemName: "clock")
        }
    }
}

struct ScopedPlaceholderPicker: View {
    @State private var server: String? = nil
    let servers: [String]
    var body: some View {
        Picker("Server", selection: $server) {
            Text("None").tag(String?.none)
            if servers.isEmpty {
                Text("No servers")
            } else {
                ForEach(servers, id: \.self) { Text($0).tag(Optional($0)) }
            }
        }
    }
}
