import SwiftUI

struct RowContacts: View {
    let contacts: [RowContact]

    var body: some View {
        List {
            ForEach(contacts) { contact in
                if contact.isFavorite { // expect: foreach_conditional_row
                    Text(contact.name)
                }
            }
            Section("All") {
                ForEach(contacts) { contact in
                    if let nickname = contact.nickname { // expect: foreach_conditional_row
                        Text(nickname)
                    }
                }
            }
        }
        ScrollView {
            LazyVStack {
                ForEach(contacts) { contact in AnyView(Text(contact.name)) } // expect: foreach_conditional_row, any_view
            }
        }
    }
}

struct RowContact: Identifiable {
    let id: Int
    let name: String
    let nickname: String?
    let isFavorite: Bool
}
