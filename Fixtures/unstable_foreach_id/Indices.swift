import SwiftUI

struct Todo: Identifiable {
    let id: UUID
    var title: String
    var tags: [String]
}

/// Rows keyed by position.
struct TodoList: View {
    @State private var todos: [Todo] = []
    let names: [String]

    var body: some View {
        List {
            ForEach(todos.indices, id: \.self) { index in // expect: unstable_foreach_id:13
                TextField("Title", text: $todos[index].title)
            }
            ForEach(0..<todos.count) { index in // expect: unstable_foreach_id
                Text(todos[index].title)
            }
            ForEach(0...todos.count - 1, id: \.self) { index in // expect: unstable_foreach_id
                Text(todos[index].title)
            }
            ForEach(Array(names.enumerated()), id: \.offset) { offset, name in // expect: unstable_foreach_id
                Text("\(offset + 1). \(name)")
            }
            ForEach(Array(zip(names.indices, names)), id: \.0) { index, name in // expect: unstable_foreach_id
                Text(name)
            }
            ForEach(self.todos.indices.reversed(), id: \.self) { Text(todos[$0].title) } // expect: unstable_foreach_id
            ForEach(todos) { todo in
                ForEach(todo.tags.indices, id: \.self) { Text(todo.tags[$0]) } // expect: unstable_foreach_id
            }
        }
    }
}

/// `List`, `Table` and `OutlineGroup` take data too.
struct Containers: View {
    let todos: [Todo]
    let pairs: [(String, Int)]

    var body: some View {
        List(todos.indices, id: \.self) { Text(todos[$0].title) } // expect: unstable_foreach_id:9
        Table(Array(todos.enumerated()), id: \.offset) { // expect: unstable_foreach_id
            TableColumn("Title") { Text($0.element.title) }
        }
        ForEach(pairs, id: \.offset) { Text($0.0) } // expect: unstable_foreach_id
    }
}

/// Constant data may be iterated by index: it never moves.
struct Palette: View {
    static let colors: [Color] = [.red, .green, .blue]
    let symbols = ["star", "heart", "bolt"]

    var body: some View {
        HStack {
            ForEach(Self.colors.indices, id: \.self) { Self.colors[$0] }
            ForEach(0..<Palette.colors.count) { Palette.colors[$0] }
            ForEach(symbols.indices, id: \.self) { Image(systemName: symbols[$0]) }
            ForEach(Array(["a", "b"].enumerated()), id: \.offset) { Text($0.element) }
            ForEach(Array(Weekday.allCases.enumerated()), id: \.offset) { Text($0.element.rawValue) }
        }
    }
}

enum Weekday: String, CaseIterable {
    case monday, tuesday
}
