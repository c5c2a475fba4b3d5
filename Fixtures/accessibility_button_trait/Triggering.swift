import SwiftUI

struct TapRow: View {
    let title: String
    func open() {}
    func delete() {}
    var body: some View {
        VStack {
            HStack { // expect: spacer_alignment
                Text(title)
                Spacer()
            }
            .contentShape(Rectangle()) // expect: simplifiable_style
            .onTapGesture { open() } // expect: accessibility_button_trait:14
            Image("chevron")
                .onTapGesture(count: 1) { open() } // expect: accessibility_button_trait
            Circle()
                .frame(width: 24, height: 24)
                .onTapGesture { open() } // expect: accessibility_button_trait
                .help("Open")
        }
    }
}
