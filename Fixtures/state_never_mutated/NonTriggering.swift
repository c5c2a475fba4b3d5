import SwiftUI

/// Every way of changing the state.
struct NMEditor: View {
    @State private var count = 0
    @State private var total = 0
    @State private var isOn = false
    @State private var items: [Int] = [1, 2, 3]
    @State private var moved: [Int] = [1, 2]
    @State private var draft = NMDraft.empty
    @State private var nested = NMDraft.empty
    @State private var indexed: [Int] = [0]
    @State private var inout1 = 0
    @State private var projected = ""
    @State private var underscored = ""
    @Binding var text: String
    @Binding var selection: Int

    var body: some View {
        VStack {
            Button("\(count) \(total) \(isOn) \(items) \(moved) \(draft.lines) \(nested.lines) \(indexed)") {
                count = 1
                self.total += 1
                isOn.toggle()
                items.removeAll { $0 > 2 }
                moved.move(fromOffsets: IndexSet(integer: 0), toOffset: 2)
                draft.reset()
                nested.lines = []
                indexed[0] += 1
                bump(&inout1)
            }
            TextField("Projected \(inout1)", text: $projected)
            TextField("Underscored", text: _underscored.projectedValue)
            TextField("Text", text: $text)
            Text("\(selection)")
        }
    }

    func bump(_ value: inout Int) { value += 1 }
}

extension NMEditor {
    func select() { selection = 1 }
}

struct NMDraft {
    static let empty = NMDraft()
    var lines: [String] = []
    mutating func reset() { lines = [] }
}

/// State that keeps a generated value or a reference stable, and classes.
struct NMStable: View {
    @State private var id = UUID()
    @State private var start = Date.now
    @State private var created = Date()
    @State private var model = NMStableModel()
    @State private var iterator = [1, 2].makeIterator()
    @State private var palette = [Color.red, Color.blue].shuffled()

    var body: some View {
        Text("\(id) \(start) \(created) \(model.name) \(palette.count)")
            .onAppear { print(iterator) }
    }
}

@Observable final class NMStableModel {
    var name = ""
}

/// NMSeeded by an init, or passed by a parent: state_from_parameter's and state_not_private's concern.
struct NMSeeded: View {
    @State private var value: Int

    init(value: Int) { _value = State(initialValue: value) }

    var body: some View { Text("\(value)") }
}

struct NMPassed: View {
    @State var value: Int? // expect: state_not_private, state_from_parameter
    var body: some View { Text("\(value ?? 0)") }
}

struct NMPassedParent: View {
    var body: some View { NMPassed(value: 1) }
}

/// Nothing uses it: unused_state reports it, not this rule.
struct NMUnused: View {
    @State private var never = 0 // expect: unused_state
    var body: some View { Text("") }
}
