import SwiftUI

/// A struct of `let` fields without an id is its own identity: `\.self` is fine.
struct GridPoint: Hashable {
    let x: Int
    let y: Int
}

/// With an id, or fields an edit can change, `\.self` is the wrong identity.
struct Track: Hashable {
    let trackID: Int
    let title: String
}

struct Note: Hashable {
    let created: Date
    var text: String
}

/// An unrelated type's `offset` does not make `\.offset` a property of these elements.
struct Cursor {
    var offset: Int
}


struct Board: View {
    @State private var points: [GridPoint] = [] // expect: state_never_mutated
    @State private var tracks: [Track] = [] // expect: state_never_mutated
    @State private var notes: [Note] = [] // expect: state_never_mutated
    let numbered: [(offset: Int, element: String)]
    var body: some View {
        ForEach(points, id: \.self) { Text("\($0.x)") }
        ForEach(tracks, id: \.self) { Text($0.title) } // expect: unstable_foreach_id
        ForEach(notes, id: \.self) { Text($0.text) } // expect: unstable_foreach_id
        ForEach(numbered, id: \.offset) { Text($0.element) } // expect: unstable_foreach_id
    }
}

/// A struct with its own `==` chose what identifies it: editing the other fields keeps the row.
struct DayGroup: Hashable {
    let day: Date
    var entries: [String]
    static func == (lhs: DayGroup, rhs: DayGroup) -> Bool { lhs.day == rhs.day }
    func hash(into hasher: inout Hasher) { hasher.combine(day) }
}

struct Journal: View {
    @State private var groups: [DayGroup] = [] // expect: state_never_mutated
    var body: some View {
        ForEach(groups, id: \.self) { Text("\($0.entries.count)") }
    }
}
