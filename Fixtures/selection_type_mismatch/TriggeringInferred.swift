import SwiftUI

enum InfFlavor: String, CaseIterable, Identifiable {
    case chocolate, vanilla
    var id: Self { self }
}

struct InfOcean: Identifiable {
    let id = UUID()
    let name: String
    let depth: Int
}

struct InfOceans: View {
    @State private var number = 0
    @State private var name = ""
    @State private var index: Int?
    @State private var title: String?
    @State private var flavor: InfFlavor = .chocolate
    @State private var picked: Set<Int> = []
    private var oceans = ["Pacific", "Atlantic"]
    private let places: [InfOcean] = []
    private let flavors: [InfFlavor] = InfFlavor.allCases

    var body: some View {
        // A selection initialised with a literal has the literal's type.
        Picker("Number", selection: $number) {
            Text("One").tag(1)
            Text("Blue").tag("blue") // expect: selection_type_mismatch
        }
        Picker("Name", selection: $name) {
            Text("Chocolate").tag(InfFlavor.chocolate) // expect: selection_type_mismatch
        }
        // Rows a ForEach tags with their ids.
        List(selection: $index) {
            ForEach(oceans, id: \.self) { ocean in // expect: selection_type_mismatch
                Text(ocean)
            }
        }
        List(["Pacific", "Atlantic"], id: \.self, selection: $index) { ocean in // expect: selection_type_mismatch
            Text(ocean)
        }
        List(selection: $title) {
            ForEach(0..<5) { value in // expect: selection_type_mismatch
                Text("\(value)")
            }
        }
        List(selection: $index) {
            ForEach(places) { place in // expect: selection_type_mismatch
                Text(place.name)
            }
            ForEach(places, id: \.name) { place in // expect: selection_type_mismatch
                Text(place.name)
            }
        }
        List(selection: $picked) {
            ForEach(oceans, id: \.self) { ocean in // expect: selection_type_mismatch
                Text(ocean)
            }
        }
        Picker("Ocean", selection: $index) {
            ForEach(oceans, id: \.self) { ocean in // expect: selection_type_mismatch
                Text(ocean)
            }
        }
        // Explicit tags from the rows' elements and their properties.
        Picker("Flavor", selection: $name) {
            ForEach(flavors) { flavor in
                Text(flavor.rawValue).tag(flavor) // expect: selection_type_mismatch
            }
        }
        Picker("Depth", selection: $flavor) {
            ForEach(places) { place in
                Text(place.name).tag(place.depth) // expect: selection_type_mismatch
            }
        }
        Picker("Number", selection: $number) {
            ForEach(InfFlavor.allCases) {
                Text($0.rawValue).tag($0) // expect: selection_type_mismatch
            }
        }
        // An Optional tag never equals a non-optional selection.
        Picker("Again", selection: $number) {
            Text("One").tag(Optional(1)) // expect: selection_type_mismatch
        }
    }
}
