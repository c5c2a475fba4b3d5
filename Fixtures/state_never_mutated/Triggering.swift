import SwiftUI

/// Read in closures, compared with nil, shadowed by a local: all reads.
struct NMCounter: View {
    @State private var count: Int? // expect: state_never_mutated
    @State private var step = 1 // expect: state_never_mutated
    @State private var title = "Counter" // expect: state_never_mutated
    @State private var alignment: HorizontalAlignment = .leading // expect: state_never_mutated
    @State private var limit = Int.max // expect: state_never_mutated

    var body: some View {
        VStack(alignment: alignment) {
            Text("\(title) \(step)")
            Text("\(limit)")
        }
        .onAppear {
            if count == nil { }
            if count != nil { }
            let count = count ?? 0
            print(count)
        }
    }
}

/// A binding the view only reads.
struct NMBadge: View {
    @Binding var value: Int // expect: state_never_mutated
    @Binding var labels: [String] // expect: state_never_mutated

    var body: some View {
        Text("\(value) \(labels.joined())")
    }
}

/// A same-named property of another value changed, a parameter of the same name assigned:
/// neither changes this one.
struct NMRow: View {
    @State private var isOn = false // expect: state_never_mutated
    @State private var other = NMRowOptions()

    func set(isOn: inout Bool) { isOn = true }

    var body: some View {
        Button(isOn ? "On" : "Off") {
            other.isOn = true
        }
    }
}

struct NMRowOptions {
    var isOn = false
}
