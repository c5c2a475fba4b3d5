import SwiftUI

struct StyledProfileHeader: View {
    var body: some View {
        VStack {
            Image("avatar")
                .clipShape(Circle()) // expect: simplifiable_style
            Button("Follow") { follow() }
                .buttonStyle(BorderedProminentButtonStyle()) // expect: simplifiable_style
            Picker("Tab", selection: .constant(0)) { Text("A").tag(0) }
                .pickerStyle(SegmentedPickerStyle()) // expect: simplifiable_style
            Label("Pin", systemImage: "pin")
                .labelStyle(IconOnlyLabelStyle()) // expect: simplifiable_style
            Text("Badge")
                .background(.thinMaterial, in: Capsule()) // expect: simplifiable_style
                .contentShape(RoundedRectangle(cornerRadius: 8, style: .continuous)) // expect: simplifiable_style
        }
        List { Text("Row") }
            .listStyle(SwiftUI.InsetGroupedListStyle()) // expect: simplifiable_style
    }
    func follow() {}
}
