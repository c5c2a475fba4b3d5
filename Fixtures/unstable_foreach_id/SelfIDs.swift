import SwiftUI

/// `\.self` over structs of the project: editing a field makes a new row.
struct Contact: Hashable {
    var name: String
    var phone: String
}

struct Person: Identifiable, Hashable {
    let id: UUID
    var name: String
}

struct Group {
    var members: [Person]
}

struct Contacts: View {
    @State private var contacts: [Contact] = []
    @State private var people: Set<Person> = [] // expect: state_never_mutated
    let group: Group
    @State private var selection: Set<Contact> = []

    var body: some View {
        List {
            ForEach(contacts, id: \.self) { Text($0.name) } // expect: unstable_foreach_id
            ForEach(people.sorted { $0.name < $1.name }, id: \.self) { Text($0.name) } // expect: unstable_foreach_id, foreach_inline_transform
            ForEach(group.members, id: \.self) { Text($0.name) } // expect: unstable_foreach_id
            ForEach($contacts, id: \.self) { $contact in TextField("Name", text: $contact.name) } // expect: unstable_foreach_id
        }
        // With a selection, the ids are the selected values: `\.self` selects whole contacts.
        List(contacts, id: \.self, selection: $selection) { Text($0.name) }
    }
}

/// Trees too: renaming a folder in place makes it a different node.
struct FileNode: Hashable {
    var name: String
    var children: [FileNode]?
}

struct Browser: View {
    @Binding var roots: [FileNode]
    var body: some View {
        OutlineGroup(roots, id: \.self, children: \.children) { Text($0.name) } // expect: unstable_foreach_id:9
        ForEach($roots, id: \.self) { $root in TextField("Name", text: $root.name) } // expect: unstable_foreach_id
    }
}

/// Values that are their own identity, and constant data, are fine with `\.self`.
enum Flavor: String, CaseIterable {
    case vanilla, chocolate
}

struct Values: View {
    let titles: [String]
    let counts: [Int]
    let flavors: [Flavor]
    static let sizes = ["S", "M", "L"]
    static let presets = [Contact(name: "Help", phone: "112")]

    var body: some View {
        ForEach(titles, id: \.self) { Text($0) }
        ForEach(counts, id: \.self) { Text("\($0)") }
        ForEach(flavors, id: \.self) { Text($0.rawValue) }
        ForEach(Flavor.allCases, id: \.self) { Text($0.rawValue) }
        ForEach(Self.sizes, id: \.self) { Text($0) }
        ForEach(Self.presets, id: \.self) { Text($0.name) }
        ForEach(["a", "b"], id: \.self) { Text($0) }
        ForEach(0..<3, id: \.self) { Text("\($0)") }
    }
}

/// Stable keys: the element's own id, or a unique field.
struct Keyed: View {
    let people: [Person]
    var body: some View {
        ForEach(people) { Text($0.name) }
        ForEach(people, id: \.id) { Text($0.name) }
        ForEach(people, id: \.name) { Text($0.name) }
    }
}

/// In a `Picker`, `\.self` gives each row its tag, of the selection's type: dropping it would break
/// the selection, so it is not reported.
struct PersonPicker: View {
    let people: [Person]
    @Binding var chosen: Person
    var body: some View {
        Picker("Person", selection: $chosen) {
            ForEach(people, id: \.self) { Text($0.name) }
        }
    }
}

/// A selection of another type than the rows': the ids are not its tags, and `\.self` is reported.
struct ContactBrowser: View {
    @Binding var contacts: [Contact]
    @State private var selected: Person?
    var body: some View {
        List(selection: $selected) {
            ForEach($contacts, id: \.self) { $contact in TextField("Name", text: $contact.name) } // expect: unstable_foreach_id
        }
    }
}
