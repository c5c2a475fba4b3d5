import SwiftUI

/// An `id` computed as a fresh value is new on every access.
struct Tag: Identifiable {
    var id: UUID { UUID() } // expect: unstable_foreach_id:9
    let name: String
}

struct Note: Identifiable {
    let text: String
    var id: String { // expect: unstable_foreach_id
        UUID().uuidString
    }
}

/// A stored default is fine per instance; building the instances again on every evaluation is not.
struct Row: Identifiable {
    let id = UUID()
    let name: String
}

struct Names: View {
    let names: [String]
    @State private var stored: [Row] = []

    var rows: [Row] {
        names.map { Row(name: $0) } // expect: unstable_foreach_id:21
    }

    var body: some View {
        List(rows) { Text($0.name) }
        ForEach(names.map { Row(name: $0) }) { Text($0.name) } // expect: unstable_foreach_id:29, foreach_inline_transform
        ForEach(stored) { Text($0.name) }
            .onAppear { stored = names.map { Row(name: $0) } }
    }
}

/// Not reported: ids that are stored or derived from data, elements built once, ids copied from
/// other elements, sample data, and computed collections that no container iterates.
struct Stable: Identifiable {
    let id: UUID
    let name: String
    var label: String { name.uppercased() }
}

struct Derived: Identifiable {
    let name: String
    var id: String { name }
}

final class Model {
    var rows: [Row] = []
    var stables: [Stable] { rows.map { Stable(id: $0.id, name: $0.name) } }
    var fresh: [Row] { ["a"].map { Row(name: $0) } }
    func load(_ names: [String]) { rows = names.map { Row(name: $0) } }
    static var samples: [Row] { [Row(name: "a"), Row(name: "b")] }
}

/// Reported at the container: a computed property that passes a new `UUID()` as each element's
/// id rebuilds every row on every evaluation, just as a default `UUID()` would.
struct Explicit: View {
    let names: [String]
    var items: [Stable] { names.map { Stable(id: UUID(), name: $0) } }
    var body: some View {
        ForEach(items) { Text($0.label) } // expect: unstable_foreach_id
    }
}
