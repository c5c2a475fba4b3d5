import SwiftUI

struct A11yToolbarOk: View {
    func open() {}
    func delete() {}
    var body: some View {
        HStack {
            Button(action: { delete() }) { Image("ic_trash") }
                .accessibilityLabel("Delete")
            Button(action: { delete() }) { Image("ic_trash").accessibilityLabel("Delete") }
            Button(action: { delete() }) { Image(systemName: "trash") }
            Button(action: { delete() }) { Image(decorative: "ic_trash") }
            Button(action: { delete() }) { Image("ic_trash", label: Text("Delete")) }
            Button(action: { delete() }) {
                Image("ic_trash")
                Text("Delete")
            }
            Button(action: { delete() }) { Label("Delete", image: "ic_trash") }
                .labelStyle(.iconOnly)
            // A standalone image is usually decorative.
            Image("divider")
        }
        .accessibilityElement(children: .contain)
    }
}

struct A11yGroupedOk: View {
    var body: some View {
        VStack {
            Button(action: { delete() }) { Image("ic_trash") }
        }
        .accessibilityElement(children: .ignore)
        .accessibilityLabel("Delete")
    }
}
