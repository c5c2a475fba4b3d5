import SwiftUI

// A name bound by `if let` or `for` shadows a property of the same name in the conditions after
// it and in its block: a use there is not a read of the property.
struct Reading: View {
    let value: Double?
    let glucose: [Int] // expect: unused_stored_input
    var body: some View {
        if let glucose = value {
            Text("\(glucose)")
        }
    }
}

struct Roster: View {
    let names: [String]
    let name: String // expect: unused_stored_input
    var body: some View { Text(joined()) }

    func joined() -> String {
        var result = ""
        for name in names { result += name }
        return result
    }
}

// In `else` the `if let` name is out of scope: that is the property; and `if let limit`
// unwraps (reads) the property itself.
struct Gauge: View {
    let level: Int?
    let fallback: Int
    let limit: Int?
    var body: some View {
        if let fallback = level {
            Text("\(fallback)")
        } else if let limit {
            Text("\(fallback) of \(limit)")
        }
    }
}
