import SwiftUI

struct QuietToolbar: View {
    @State private var isOn = false
    let title: String
    var body: some View {
        HStack {
            Button("Send", systemImage: "paperplane.fill") { send() }
            Button { send() } label: {
                Label("Send", systemImage: "paperplane.fill")
            }
            .labelStyle(.iconOnly)
            Button(action: close) { Image(systemName: "xmark") }
                .accessibilityLabel("Close")
            Button(action: close) {
                Image(systemName: "xmark").accessibilityLabel(Text("Close"))
            }
            Button(action: close) {
                HStack {
                    Image(systemName: "xmark")
                    Text("Close")
                }
            }
            Button(action: close) { CloseIcon() }
            Toggle("Notifications", isOn: $isOn).labelsHidden()
            Toggle(title, isOn: $isOn)
            TextField("", text: .constant("")).accessibilityLabel("Name")
        }
    }
    func send() {}
    func close() {}
}

struct CloseIcon: View {
    var body: some View { Image(systemName: "xmark") }
}

struct ShortcutHost: View {
    var body: some View {
        Button("") { }
            .hidden()
            .keyboardShortcut("k")
    }
}
