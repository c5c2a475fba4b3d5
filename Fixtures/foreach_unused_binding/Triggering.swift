import SwiftUI

struct UnusedBindingUser: Identifiable {
    let id: Int
    var name: String
}

struct UnusedBindingUsers: View {
    @State private var users: [UnusedBindingUser] = []

    var body: some View {
        List {
            ForEach($users) { $user in // expect: foreach_unused_binding
                Text(user.name)
            }
        }
        List($users) { $user in // expect: foreach_unused_binding
            Text(user.name)
        }
    }
}
