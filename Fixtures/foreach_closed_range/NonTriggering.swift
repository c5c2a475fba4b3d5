import SwiftUI

struct HalfOpenRating: View {
    let maximum: Int
    let values: ClosedRange<Int>
    var body: some View {
        HStack {
            ForEach(1..<6) { _ in Image(systemName: "star") }
            ForEach(0...maximum, id: \.self) { index in Text("\(index)") }
            ForEach(Array(1...maximum), id: \.self) { index in Text("\(index)") }
            ForEach(values, id: \.self) { Text("\($0)") }
            Picker("Size", selection: .constant(1)) {
                ForEach(1..<4) { Text("\($0)") }
            }
        }
    }
}
