import SwiftUI

struct AccountRow: View {
    let name: String
    var body: some View {
        Button {
            open()
        } label: {
            HStack {
                Text(name)
                Spacer()
                Button("Remove") { remove() } // expect: nested_button
            }
        }
    }
    func open() {}
    func remove() {}
}

struct ProfileCell: View {
    @State private var isMuted = false
    var body: some View {
        NavigationLink(destination: ProfileDetail()) {
            VStack {
                Text("Profile")
                Toggle("Muted", isOn: $isMuted) // expect: nested_button
            }
        }
        NavigationLink {
            ProfileDetail()
        } label: {
            Label("Profile", systemImage: "person")
                .overlay(alignment: .topTrailing) {
                    Button(action: dismiss) { Image(systemName: "xmark") } // expect: nested_button, control_accessibility_label
                }
        }
    }
    func dismiss() {}
}

struct ProfileDetail: View {
    var body: some View { Text("Detail") }
}
