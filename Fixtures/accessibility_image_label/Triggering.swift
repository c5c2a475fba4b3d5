import SwiftUI

struct A11yToolbar: View {
    let url: URL
    @State private var isOn = false
    func open() {}
    func delete() {}
    var body: some View {
        HStack {
            Button(action: { delete() }) {
                Image("ic_trash") // expect: accessibility_image_label:17
            }
            .help("Delete")
            Button {
                delete()
            } label: {
                Image("ic_close").resizable().frame(width: 16, height: 16) // expect: accessibility_image_label
            }
            Link(destination: url) {
                Image(.logo) // expect: accessibility_image_label
            }
            Toggle(isOn: $isOn) {
                Image("ic_star", bundle: .main) // expect: accessibility_image_label
            }
        }
    }
}
