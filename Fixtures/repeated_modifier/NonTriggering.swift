import SwiftUI

struct PlainLegend: View {
    let values: [String]
    let isOn: Bool
    var body: some View {
        VStack {
            Text("Low").padding()
            Text("High").padding()
        }
        .font(.caption)
        HStack {
            Text("A").font(.caption)
            Text("B").font(.body)
        }
        HStack {
            Text("A").font(.caption)
            Text("B").font(.caption)
            Text("C")
        }
        VStack {
            Text("Title").font(.headline)
            ForEach(values, id: \.self) { Text($0).font(.headline) }
        }
        VStack {
            if isOn { Text("On").font(.caption) }
            Text("Off").font(.caption)
        }
        VStack { // expect: stack_child_count
            Text("Only").font(.caption)
        }
    }
}
