import SwiftUI

enum Period: String, CaseIterable {
    case day, week

    /// A `switch` of literals in every case.
    var labels: [String] {
        switch self {
        case .day: ["Morning", "Noon", "Evening"]
        case .week: return ["Mon", "Tue", "Wed", "Thu", "Fri"]
        }
    }
}

/// A computed property whose body is a `switch` of literals over a constant subject.
struct Legend: View {
    static let period = Period.day

    var columns: Int {
        switch Self.period {
        case .day: 3
        case .week: 7
        }
    }

    var headers: [String] {
        switch Self.period {
        case .day: return ["AM", "PM"]
        case .week: return ["Weekday", "Weekend"]
        }
    }

    var body: some View {
        HStack {
            ForEach(0..<columns) { Text("\($0)") }
            ForEach(headers.indices, id: \.self) { Text(headers[$0]) }
            ForEach(Period.day.labels.indices, id: \.self) { Text(Period.day.labels[$0]) }
        }
    }
}

/// A switch whose subject changes is not constant.
struct Chart: View {
    let period: Period
    @State private var zoomed = false

    var columns: Int {
        switch period {
        case .day: 3
        case .week: 7
        }
    }

    var marks: [Int] {
        if zoomed { [1, 2, 3] } else { [1, 2] }
    }

    var body: some View {
        HStack {
            ForEach(0..<columns) { Text("\($0)") } // expect: unstable_foreach_id
            ForEach(marks.indices, id: \.self) { i in // expect: unstable_foreach_id
                Toggle("\(marks[i])", isOn: $zoomed)
            }
        }
    }
}

/// A `let` input that every construction in the project passes as a literal.
struct Steps: View {
    let titles: [String]
    let count: Int

    var body: some View {
        VStack {
            ForEach(titles.indices, id: \.self) { index in
                TextField("Step", text: .constant(titles[index]))
            }
            ForEach(0..<count) { Text("\($0)") }
        }
    }
}

/// An input that one construction passes as a variable stays unstable.
struct Tags: View {
    let tags: [String]

    var body: some View {
        ForEach(tags.indices, id: \.self) { index in // expect: unstable_foreach_id
            TextField("Tag", text: .constant(tags[index]))
        }
    }
}

struct Wizard: View {
    @State private var names: [String] = []

    var body: some View {
        VStack {
            Steps(titles: ["Account", "Profile", "Done"], count: 3)
            Steps(titles: ["Intro"], count: 1)
            Tags(tags: ["a", "b"])
            Tags(tags: names)
            Button("Add") { names.append("tag") }
        }
    }
}

/// Trio's temp basal picker: a `let` of the model written with its value is the same in every
/// instance, whatever instance the view holds.
@Observable
final class TempBasalModel {
    let durations = stride(from: 30.0, to: 720.1, by: 30.0).map { $0 }
    var durationIndex = 0
    var rates: [Double] = []
}

struct TempBasal: View {
    @State private var state = TempBasalModel()

    var body: some View {
        Form {
            Picker("Duration", selection: $state.durationIndex) {
                ForEach(0 ..< state.durations.count) { Text("\(state.durations[$0])") }
            }
            ForEach(0 ..< state.rates.count) { Text("\(state.rates[$0])") } // expect: unstable_foreach_id
        }
    }
}

/// CodeEdit's segmented control: an input set by an `init` from a parameter of its name, and
/// passed as a literal wherever the control is built.
struct Segments: View {
    private var options: [String]
    @Binding private var selection: Int

    init(_ selection: Binding<Int>, options: [String]) {
        self._selection = selection
        self.options = options
    }

    var body: some View {
        HStack {
            ForEach(options.indices, id: \.self) { index in
                Button(options[index]) { selection = index }.bold(selection == index)
            }
        }
    }
}

/// The same control built once with a variable: positions of a collection that changes.
struct Chips: View {
    private var chips: [String]

    init(chips: [String]) {
        self.chips = chips
    }

    var body: some View {
        ForEach(chips.indices, id: \.self) { index in // expect: unstable_foreach_id
            Toggle(chips[index], isOn: .constant(true))
        }
    }
}

struct Navigator: View {
    @State private var section = 0
    @State private var recent: [String] = []

    var body: some View {
        Segments($section, options: ["Changes", "History", "Repository"])
        Chips(chips: ["a"])
        Chips(chips: recent)
        Button("Clear") { recent.removeAll() }
    }
}
