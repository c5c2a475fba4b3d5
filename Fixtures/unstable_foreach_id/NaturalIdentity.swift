import SwiftUI

/// A struct of `let` fields without an id is its own identity: `\.self` is fine.
struct GridPoint: Hashable {
    let x: Int
    let y: Int
}

/// With an id, or `var` fields the rows edit through a binding, `\.self` is the wrong identity.
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
    @State private var notes: [Note] = []
    let numbered: [(offset: Int, element: String)]
    var body: some View {
        ForEach(points, id: \.self) { Text("\($0.x)") }
        ForEach(tracks, id: \.self) { Text($0.title) } // expect: unstable_foreach_id
        ForEach($notes, id: \.self) { $note in TextField("Note", text: $note.text) } // expect: unstable_foreach_id
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

/// A `var` field nothing edits in place: the values are rebuilt from data (a chart's segments),
/// so their value is their identity, and a stored id would be new on every rebuild.
struct Segment: Hashable {
    let start: Date
    var highlighted: Bool
}

struct Timeline: View {
    let segments: [Segment]
    var body: some View {
        ForEach(segments, id: \.self) { Text($0.start, style: .time).bold($0.highlighted) }
    }
}
