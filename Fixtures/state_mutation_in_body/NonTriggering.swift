import SwiftUI

/// Look-alikes from real apps: changes in actions, lifecycle closures, a Binding's setter and
/// gestures; a local with the state's name; a change of another value's property; `init`.
struct SteadyCounter: View {
    @State private var count = 0
    @State private var total = 0
    @Binding var isReady: Bool
    let values: [Int]
    let other: SteadyModel

    init(isReady: Binding<Bool>, values: [Int], other: SteadyModel) {
        _isReady = isReady
        self.values = values
        self.other = other
        _count = State(initialValue: values.count)
    }

    var body: some View {
        var total = 0
        for value in values { total += value }
        other.count += 1
        return VStack {
            Button("\(count) \(total) \(self.total)") { count += 1 }
                .onAppear { isReady = true }
                .task { count = 0 }
                .onTapGesture { self.total = total }
            Toggle("On", isOn: Binding(get: { isReady }, set: { isReady = $0 }))
        }
    }
}

@Observable final class SteadyModel {
    var count = 0
}

/// A project view's trailing and labelled closures are actions as often as content: the
/// look-alike real apps are full of (`CloseButton { isShown = false }`, `Row(onTap: { ... })`).
struct SteadySheet: View {
    @State private var isShown = false
    @State private var selected: Int?

    var body: some View {
        VStack {
            SteadyCloseButton { isShown = false }
            SteadyRow(onSelect: { selected = $0 })
        }
        .sheet(isPresented: $isShown) {
            SteadyCloseButton { isShown = false }
        }
    }
}

struct SteadyCloseButton: View {
    let action: () -> Void
    var body: some View { Button("Close", action: action) }
}

struct SteadyRow: View {
    let onSelect: (Int) -> Void
    var body: some View { Button("Row") { onSelect(1) } }
}
