import SwiftUI

/// A fresh value in `.id` makes the view new on every evaluation.
struct IDFeed: View {
    let posts: [String]

    var body: some View {
        List(posts, id: \.self) { Text($0) }
            .id(UUID()) // expect: random_view_id
    }
}

struct IDDashboard: View {
    var body: some View {
        VStack {
            Text("Now").id(Date()) // expect: random_view_id
            Text("Chart").id(UUID().uuidString) // expect: random_view_id
            Text("Dice").id(Int.random(in: 0...100)) // expect: random_view_id
            if Bool.random() {
                Text("Later").id(Date.now) // expect: random_view_id
            }
        }
    }
}

/// Helpers that return views are evaluated with the body that calls them.
struct IDCard: View {
    var header: some View {
        Text("Header").padding().id(UUID.init()) // expect: random_view_id
    }

    @ViewBuilder func footer() -> some View {
        Text("Footer").id(NSUUID()) // expect: random_view_id
    }

    var body: some View {
        header
        footer()
    }
}
