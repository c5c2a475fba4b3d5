import SwiftUI

struct A11yToolbar: View {
    let url: URL
    @State private var isOn = false
    func open() {}
    func delete() {}
    var body: some View {
        HStack {
            Button(action: { delete() }) { // expect: control_accessibility_label
                Image("ic_trash")
            }
            .help("Delete")
            Button { // expect: control_accessibility_label
                delete()
            } label: {
                Image("ic_close").resizable().frame(width: 16, height: 16)
            }
            Link(destination: url) { // expect: control_accessibility_label
                Image(.logo)
            }
            Toggle(isOn: $isOn) {
                Image("ic_star", bundle: .main) // expect: accessibility_image_label
            }
            Toggle.init(isOn: $isOn) {
                Image.init("ic_star") // expect: accessibility_image_label
            }
            Button.init(action: { open() }) { // expect: control_accessibility_label
                SwiftUI.Image.init("ic_close")
            }
        }
    }
}
