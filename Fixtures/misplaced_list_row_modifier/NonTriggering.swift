import SwiftUI

/// On the rows, on a `ForEach` (it passes them to each row) and on a `Section`.
struct ListRowSettingsOk: View {
    let options: [String]
    var body: some View {
        VStack { // expect: stack_child_count
            List {
                Section {
                    ForEach(options, id: \.self) { option in
                        Text(option)
                            .listRowInsets(EdgeInsets())
                    }
                    .listRowBackground(Color.clear)
                }
                .listRowSeparator(.hidden)
            }
            .listStyle(.plain)
            .listRowSpacing(4)
        }
    }
}

/// A list built by a helper and placed in a `Form` is a row of the form: its row background
/// colours that row.
struct ListRowHistoryOk: View {
    let mode: Int
    var body: some View {
        Form {
            switch mode {
            case 0: entries
            default: Text("None")
            }
        }
    }
    var entries: some View {
        List {
            Text("Today")
        }
        .listRowBackground(Color.gray)
    }
}

/// Inside a form directly, through a group.
struct ListRowNestedOk: View {
    var body: some View {
        Form {
            Group { // expect: stack_child_count
                List { Text("a") }
                    .listRowBackground(Color.gray)
            }
        }
    }
}

/// At the top of `body`: the view may itself be a row where it is used.
struct ListRowCellOk: View {
    var body: some View {
        List { Text("a") }
            .listRowBackground(Color.gray)
    }
}

/// A list at the top of a body whose view is placed in a form (a row of it), placed nowhere
/// visible, or placed by a project container that may make it a row.
struct ListRowPlacedInFormOk: View {
    var body: some View {
        List { Text("Row") }
            .listRowBackground(Color.gray)
    }
}

struct ListRowUnplacedOk: View {
    var body: some View {
        List { Text("Row") }
            .listRowSeparator(.hidden)
    }
}

struct ListRowContainerOk<Content: View>: View {
    @ViewBuilder let content: Content
    var body: some View {
        List { content }
    }
}

struct ListRowInContainerOk: View {
    var body: some View {
        List { Text("Row") }
            .listRowSeparator(.hidden)
    }
}

struct ListRowFormHostOk: View {
    var body: some View {
        Form {
            Section {
                ListRowPlacedInFormOk()
            }
        }
        NavigationStack {
            ListRowPlacedInFormOk()
        }
        ListRowContainerOk {
            ListRowInContainerOk()
        }
    }
}
