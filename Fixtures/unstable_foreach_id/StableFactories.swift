import SwiftUI

/// Factories whose elements keep their ids, and factory results stored once: not reported.
struct Sample: Identifiable {
    let id: Int
    let name: String

    static func samples() -> [Sample] {
        [Sample(id: 1, name: "one"), Sample(id: 2, name: "two")]
    }

    static func fresh() -> [Sample] {
        [Sample(id: Int.random(in: 0...9), name: "random")]
    }
}

struct Stored: Identifiable {
    let id = UUID()
    let name: String
    static func make() -> [Stored] { [Stored(name: "a")] }
}

struct SampleList: View {
    let n: Int
    @State private var stored = Stored.make()

    var body: some View {
        VStack {
            ForEach(Sample.samples()) { sample in Text(sample.name) }
            // Built once into state: the ids stay the same across updates.
            ForEach(stored) { item in Text(item.name) }
            // An explicit id was chosen: the range may change.
            ForEach(0..<n, id: \.self) { index in Text("\(index)") }
        }
    }
}
