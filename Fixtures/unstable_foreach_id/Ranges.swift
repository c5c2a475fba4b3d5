import SwiftUI

/// `ForEach(0..<n)` reads the range once: `n` must be a constant.
struct Rating: View {
    let stars: Int
    @State private var extra = 0 // expect: state_never_mutated
    private let maximum = 5
    static let columns = 3

    var body: some View {
        HStack {
            ForEach(0..<stars) { _ in Image(systemName: "star.fill") } // expect: unstable_foreach_id:13
            ForEach(0..<stars + extra) { _ in Image(systemName: "star") } // expect: unstable_foreach_id
            ForEach(1..<self.stars) { Text("\($0)") } // expect: unstable_foreach_id
            ForEach(0..<5) { Text("\($0)") }
            ForEach(0..<maximum) { Text("\($0)") }
            ForEach(0..<Self.columns) { Text("\($0)") }
            ForEach(0..<Layout.rows) { Text("\($0)") }
            ForEach(0..<stars, id: \.self) { _ in Image(systemName: "star") }
        }
    }

    func row(count: Int) -> some View {
        ForEach(0..<count) { Text("\($0)") } // expect: unstable_foreach_id
    }
}

enum Layout {
    static let rows = 4
}

/// A range bounded by a local constant that holds a changing count, with `self.`, spaces and
/// force unwraps.
struct LocalBound: View {
    let items: [String]
    var extra: [String]?
    var body: some View {
        let count = items.count
        ForEach(0..<count) { Text("\($0)") } // expect: unstable_foreach_id
        ForEach(0 ..< self.items.count) { Text("\($0)") } // expect: unstable_foreach_id
        ForEach(0..<extra!.count) { Text("\($0)") } // expect: unstable_foreach_id
        let fixed = 3
        ForEach(0..<fixed) { Text("\($0)") }
    }
}
