import SwiftUI

struct ComposeToolbar: View {
    @State private var isOn = false
    @State private var value = 0
    var body: some View {
        HStack {
            Button { // expect: control_accessibility_label
                send()
            } label: {
                Image(systemName: "paperplane.fill")
            }
            Button(action: close) { // expect: control_accessibility_label
                Image("icn_close_24")
                    .resizable()
                    .frame(width: 24, height: 24)
            }
            Menu { // expect: control_accessibility_label
                Button("Copy", action: copy)
            } label: {
                Image(systemName: "ellipsis")
            }
            Toggle("", isOn: $isOn) // expect: control_accessibility_label
            Stepper("", value: $value) // expect: control_accessibility_label
        }
    }
    func send() {}
    func close() {}
    func copy() {}
}
