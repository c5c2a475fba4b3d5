import SwiftUI

/// Never constructed with `value:` in this file: the other file's call is not to this type.
private struct ValueRow: View {
    @State var value: Int? // expect: state_not_private, state_never_mutated

    var body: some View {
        Text("\(value ?? 0)")
    }
}

struct SecondScreen: View {
    var body: some View {
        ValueRow()
    }
}
