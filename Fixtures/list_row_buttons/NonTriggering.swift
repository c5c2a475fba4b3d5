import SwiftUI

struct StyledFollowRequests: View {
    let requests: [String]
    var body: some View {
        List {
            ForEach(requests, id: \.self) { request in
                HStack {
                    Button("Accept") { accept(request) }
                    Button("Reject") { reject(request) }
                }
                .buttonStyle(.borderless)
                .swipeActions {
                    Button("Mute") { mute(request) }
                    Button("Block") { block(request) }
                }
            }
            // One button per row: the row is its tap target.
            Button("Sign out") { signOut() }
            Button("Delete account") { deleteAccount() }
            HStack {
                Button("Plain") { signOut() }.buttonStyle(.plain)
                Button("Default") { signOut() }
                Menu("More") {
                    Button("Copy") { signOut() }
                    Button("Share") { signOut() }
                }
            }
        }
        List {
            HStack {
                Button("A") { signOut() }
                Button("B") { signOut() }
            }
        }
        .buttonStyle(.borderless)
        VStack {
            Button("Outside") { signOut() }
            Button("A list") { signOut() }
        }
    }
    func accept(_ r: String) {}
    func reject(_ r: String) {}
    func mute(_ r: String) {}
    func block(_ r: String) {}
    func signOut() {}
    func deleteAccount() {}
}

// A library container may splice its content into several rows: the rows are not known.
struct StoreRows: View {
    var body: some View {
        Form {
            WithViewStore(store) { viewStore in
                Section {
                    Button("Toggle feature 1") { viewStore.send(.one) }
                    Button("Toggle feature 2") { viewStore.send(.two) }
                }
            }
        }
    }
}
