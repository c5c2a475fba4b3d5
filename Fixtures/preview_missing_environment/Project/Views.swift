import SwiftUI

final class Store: ObservableObject { // expect: observable_object
    @Published var count = 0
    static let preview = Store()
}

@Observable
final class Theme {
    var accent = "blue"
}

struct Counter: View {
    @EnvironmentObject var store: Store
    var body: some View {
        Text("\(store.count)")
    }
}

/// Reads the theme only when it appears.
struct Themed: View {
    @Environment(Theme.self) private var theme
    @State private var accent = ""
    var body: some View {
        Text(accent)
            .onAppear { accent = theme.accent }
    }
}

/// Reads the store only in an action, a link destination and a context menu: renders fine.
struct Lazy: View {
    @EnvironmentObject var store: Store
    var body: some View {
        NavigationStack { // expect: ungrouped_views
            Button("Add") { store.count += 1 }
            NavigationLink("Open") {
                Text("\(store.count)")
            }
            Text("Menu")
                .contextMenu {
                    Text("\(store.count)")
                }
        }
    }
}

/// Renders a counter: needs the store through it.
struct Dashboard: View {
    var body: some View {
        VStack {
            Counter()
            Lazy()
        }
    }
}

/// Reads the store only in one branch of its body: the preview's state may never take it.
struct Branching: View {
    @EnvironmentObject var store: Store
    var isClip: Bool
    var body: some View {
        if isClip {
            Text("\(store.count)")
        } else {
            plain
        }
    }

    var plain: some View { Text("Plain") }
}
