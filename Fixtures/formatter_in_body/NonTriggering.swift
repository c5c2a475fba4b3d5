import SwiftUI

/// Look-alikes from real apps: a static formatter is cached; format styles are cheap; coders
/// in actions and tasks run once per event; a helper nobody's body reads.
struct CachedEvent: View {
    static let formatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .medium
        return formatter
    }()

    let date: Date
    let payload: Data
    @State private var names: [String] = []

    var body: some View {
        VStack {
            Text(Self.formatter.string(from: date))
            Text(date, format: .dateTime.hour())
        }
        .task { names = (try? JSONDecoder().decode([String].self, from: payload)) ?? [] }
        .toolbar { Button("Export \(names.count)") { _ = try? JSONEncoder().encode(names) } }
    }

    var exported: Data? { try? JSONEncoder().encode(names) }
}
