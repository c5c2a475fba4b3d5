import SwiftUI

/// `ForEach.init` and `List.init` are the `ForEach` and `List` calls spelled out.
struct SpelledFavorites: View {
    let contacts: [SpelledContact]

    var body: some View {
        List {
            ForEach.init(contacts) { contact in
                if contact.isFavorite { // expect: foreach_conditional_row
                    Text(contact.name)
                }
            }
        }
    }
}

struct SpelledNicknames: View {
    let contacts: [SpelledContact]

    var body: some View {
        List.init {
            ForEach(contacts) { contact in
                if let nickname = contact.nickname { // expect: foreach_conditional_row
                    Text(nickname)
                }
            }
        }
    }
}

struct SpelledContact: Identifiable {
    let id: Int
    let name: String
    let nickname: String?
    let isFavorite: Bool
}
