import SwiftUI

struct ProfileHeader: View {
    let name: String
    let lastUpdated: Date // expect: unused_stored_input:9
    var accent = Color.blue // expect: unused_stored_input:9

    var body: some View {
        Text(name)
    }
}

/// Assigned in the initializer, but never read: assigning is not reading.
struct Counter: View {
    let label: String
    let start: Int // expect: unused_stored_input

    init(label: String, start: Int) {
        self.label = label
        self.start = start
    }

    var body: some View {
        Text(label)
    }
}

/// A parameter with the same name shadows the property inside the function.
struct Greeting: View {
    let title: String // expect: unused_stored_input

    func line(title: String) -> some View {
        Text(title)
    }

    var body: some View {
        line(title: "Hello")
    }
}

/// Closure parameters shadow too.
struct Names: View {
    let names: [String]
    let name: String // expect: unused_stored_input

    var body: some View {
        List(names, id: \.self) { name in
            Text(name)
        }
    }
}

/// View modifiers are views too.
struct Highlight: ViewModifier {
    let color: Color // expect: unused_stored_input

    func body(content: Content) -> some View {
        content.bold()
    }
}

/// Conformance added in an extension still makes it a view.
struct Badge {
    let count: Int
    let tint: Color // expect: unused_stored_input
}

extension Badge: View {
    var body: some View { Text("\(count)") }
}

/// A nested view's own property is not the outer view's.
struct Outer: View {
    let detail: String // expect: unused_stored_input

    struct Inner: View {
        let detail: String
        var body: some View { Text(detail) }
    }

    var body: some View { Inner(detail: "x") }
}

/// A local declared before the read shadows the property.
struct Relabelled: View {
    let title: String // expect: unused_stored_input
    var body: some View {
        let title = "fixed"
        Text(title)
    }
}

/// A constant the view gives itself is dead code, not an input (the message says so).
struct Spaced: View {
    private let spacing = 8.0 // expect: unused_stored_input
    let title: String
    var body: some View { Text(title) }
}
