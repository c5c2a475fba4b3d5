import SwiftUI

struct StatusRow: View {
    @State private var showsInfo = false
    var body: some View {
        HStack {
            Button("Open") { open() }
            Button("Remove") { remove() }
        }
        // The destination holds buttons; the label does not.
        NavigationLink {
            VStack {
                Text("Profile")
                Button("Follow") { follow() }
            }
        } label: {
            Text("Profile")
        }
        NavigationLink("Settings") {
            Button("Reset") { reset() }
        }
        // Buttons in presentations and menus attached to a label are not in the tappable area.
        Button {
            open()
        } label: {
            Text("Status")
                .contextMenu {
                    Button("Copy") { copy() }
                }
                .sheet(isPresented: $showsInfo) {
                    Button("Close") { showsInfo = false }
                }
        }
        Menu {
            Button("Copy") { copy() }
            Button("Share") { share() }
        } label: {
            Label("More", systemImage: "ellipsis.circle")
        }
    }
    func open() {}
    func remove() {}
    func follow() {}
    func reset() {}
    func copy() {}
    func share() {}
}
