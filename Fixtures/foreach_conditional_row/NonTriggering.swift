import SwiftUI

/// Look-alikes from real apps: a conditional row in a Picker, a Menu or a non-lazy stack; an
/// `if` with `else`; several views per row; an availability check.
struct RowFilters: View {
    let contacts: [RowContact]
    @State private var selection: Int?

    var body: some View {
        Picker("Contact", selection: $selection) {
            ForEach(contacts) { contact in
                if contact.isFavorite { Text(contact.name).tag(Optional(contact.id)) }
            }
        }
        VStack {
            ForEach(contacts) { contact in
                if contact.isFavorite { Text(contact.name) }
            }
        }
        List {
            ForEach(contacts) { contact in
                if contact.isFavorite { Text(contact.name) } else { Image(systemName: "person") }
            }
            ForEach(contacts) { contact in
                if #available(iOS 17, *) { Text(contact.name) }
            }
            ForEach(contacts) { contact in
                Text(contact.name)
                if contact.isFavorite { Image(systemName: "star") }
            }
        }
    }
}
