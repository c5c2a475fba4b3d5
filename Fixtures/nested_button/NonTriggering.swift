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
        // A borderless inner button is the known way to give it its own tap target in a list row.
        Button {
            open()
        } label: {
            HStack {
                Text("Sound")
                Button("Copy") { copy() }
                    .buttonStyle(.borderless)
            }
        }
        // A widget's link wraps an area that holds intent buttons on purpose.
        Link(destination: URL(string: "app://episode")!) {
            HStack {
                Text("Episode")
                Toggle("Play", isOn: .constant(false))
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
