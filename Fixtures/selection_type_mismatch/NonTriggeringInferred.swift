import SwiftUI

enum InfOkFlavor: String, CaseIterable, Identifiable {
    case chocolate, vanilla
    var id: Self { self }
}

struct InfOkOcean: Identifiable {
    let id = UUID()
    let name: String
}

struct InfOkHolder {
    static var stringValue = ""
}

struct InfOkGroup: Identifiable {
    let id: Int
    let oceans: [InfOkOcean]
}

struct InfOkOceans: View {
    @State private var unknown = InfOkHolder.stringValue
    @State private var oceanID: InfOkOcean.ID?
    @State private var oceanIDs = Set<InfOkOcean.ID>()
    @State private var title: String?
    @State private var name = ""
    @State private var number = 0
    @State private var flavor: InfOkFlavor?
    private let ocean = 3
    private let place = InfOkGroup(id: 1, oceans: [])
    private let numbers: [Int] = []
    private var sortedNumbers: [Int] { numbers.sorted() }
    private var oceans = ["Pacific", "Atlantic"]
    private let places: [InfOkOcean] = []
    private let groups: [InfOkGroup] = []

    var body: some View {
        // A selection whose type is not written: nothing is known.
        List(oceans, id: \.self, selection: $unknown) { item in
            Text(item)
        }
        // `Ocean.ID` is the type of `Ocean.id`, for one row or several.
        List(selection: $oceanID) {
            ForEach(places) { place in
                Text(place.name)
            }
        }
        List(selection: $oceanIDs) {
            ForEach(places) { place in
                Text(place.name)
            }
        }
        // A list's optional selection matches non-optional ids.
        List(selection: $title) {
            ForEach(oceans, id: \.self) { item in
                Text(item)
            }
        }
        // Implicit ForEach tags in a picker with an optional selection: left alone (see the rationale).
        Picker("Title", selection: $title) {
            ForEach(oceans, id: \.self) { item in
                Text(item)
            }
        }
        // Explicit tags replace the ids; the closure parameter shadows the view's `ocean`.
        Picker("Name", selection: $name) {
            ForEach(oceans, id: \.self) { ocean in
                Text(ocean).tag(ocean)
            }
            ForEach(places) { place in
                Text(place.name).tag(place.name)
            }
        }
        Picker("Flavor", selection: $flavor) {
            Text("None").tag(Optional<InfOkFlavor>.none)
            ForEach(InfOkFlavor.allCases) { item in
                Text(item.rawValue).tag(Optional(item))
            }
        }
        // Signatures not read, indices and sections of nested rows.
        Picker("Number", selection: $number) {
            ForEach(oceans, id: \.self) { (item: String) in
                Text(item).tag(ocean)
            }
            ForEach(sortedNumbers, id: \.self) { value in
                Text("\(value)")
            }
        }
        List(selection: $oceanID) {
            ForEach(groups) { group in
                Section("\(group.id)") {
                    ForEach(group.oceans) { place in
                        Text(place.name)
                    }
                }
            }
        }
        // Closure parameters shadow the view's `place` and `ocean`: the list's rows closure names
        // its elements, a project container's closure names values of unknown type.
        List(places, selection: $oceanID) { place in
            Text(place.name).tag(place.id)
        }
        Text("\(place.id)")
        List(selection: $oceanID) {
            if let place = places.first {
                Text(place.name).tag(place.id)
            }
        }
        Picker("Name", selection: $name) {
            InfOkRows(items: oceans) { ocean in
                Text(ocean).tag(ocean)
            }
        }
        Picker("Number", selection: $number) {
            ForEach(oceans, id: \.self) { ocean in
                let count = ocean.count
                Text(ocean).tag(count)
            }
        }
    }
}

struct InfOkRows<Content: View>: View {
    let items: [String]
    @ViewBuilder let content: (String) -> Content
    var body: some View {
        ForEach(items, id: \.self) { item in
            content(item)
        }
    }
}

/// Rows that tag themselves: a project modifier, a row view whose body has a tag, a link's value;
/// a subclass tag for a base-class selection.
extension View {
    func infOkSelectable(_ id: InfOkOcean.ID) -> some View { tag(id) }
}

struct InfOkOceanRow: View {
    let ocean: InfOkOcean
    var body: some View {
        Text(ocean.name).tag(ocean.id)
    }
}

class InfOkAnimal: Hashable {
    static func == (a: InfOkAnimal, b: InfOkAnimal) -> Bool { a === b }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

final class InfOkCat: InfOkAnimal {}

struct InfOkSelfTagged: View {
    @State private var animal: InfOkAnimal?
    @State private var title: String?
    private let places: [InfOkOcean] = []
    private let cat = InfOkCat()

    var body: some View {
        List(selection: $title) {
            ForEach(places) { place in
                Text(place.name).infOkSelectable(place.id)
            }
            ForEach(places) { place in
                InfOkOceanRow(ocean: place)
            }
            ForEach(places) { place in
                NavigationLink(value: place.name) {
                    Text(place.name)
                }
            }
        }
        List(selection: $animal) {
            Text("Cat").tag(Optional(cat))
        }
    }
}
