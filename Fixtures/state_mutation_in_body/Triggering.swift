import SwiftUI

struct MutatingCounter: View {
    @State private var renders = 0
    @Binding var isReady: Bool

    var body: some View {
        renders += 1 // expect: state_mutation_in_body
        self.isReady = true // expect: state_mutation_in_body
        return Text("\(renders)")
    }
}

struct MutatingLog: View {
    @State private var lines: [String] = []
    @State private var isOn = false
    let entry: String

    var body: some View {
        VStack {
            let _ = lines.append(entry) // expect: state_mutation_in_body
            ForEach(lines, id: \.self) { line in
                let _ = isOn.toggle() // expect: state_mutation_in_body
                Text(line)
            }
        }
    }

    var footer: some View {
        lines.removeAll() // expect: state_mutation_in_body
        return Text("Footer")
    }
}
