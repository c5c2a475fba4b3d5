import SwiftUI

struct UsedBindingUser: Identifiable {
    let id: Int
    var name: String
    var isAdmin: Bool
}

struct UsedBindingRow: View {
    @Binding var user: UsedBindingUser
    var body: some View { Toggle(user.name, isOn: $user.isAdmin) }
}

struct UsedBindingUsers: View {
    @State private var users: [UsedBindingUser] = []

    var body: some View {
        List {
            // The binding edits the element, is passed to a child, or is needed to move rows.
            ForEach($users) { $user in
                TextField("Name", text: $user.name)
            }
            ForEach($users) { $user in
                UsedBindingRow(user: $user)
            }
            ForEach($users, editActions: .move) { $user in
                Text(user.name)
            }
            // The parameter is the binding itself; the values are iterated.
            ForEach($users) { user in
                Toggle("Admin", isOn: user.isAdmin)
            }
            ForEach(users) { user in
                Text(user.name)
            }
            // A use inside a nested closure counts.
            ForEach($users) { $user in
                Button(user.name) { $user.wrappedValue.isAdmin.toggle() }
            }
        }
    }
}
