import SwiftUI

/// File-private views with the same name are different types: only this file's call counts.
private struct ValueRow: View {
    @State var value: Int // expect: state_from_parameter, state_not_private

    var body: some View {
        Text("\(value)")
    }
}

struct FirstScreen: View {
    var body: some View {
        ValueRow(value: 1)
    }
}
