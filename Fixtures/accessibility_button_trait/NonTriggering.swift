import SwiftUI

struct TapRowOk: View {
    let title: String
    @FocusState private var focused: Bool
    func open() {}
    func delete() {}
    var body: some View {
        ZStack {
            // A scrim: its tap dismisses what is above it.
            Color.black.opacity(0.4)
                .onTapGesture { open() }
            Rectangle()
                .fill(.background)
                .ignoresSafeArea()
                .onTapGesture { focused = false }
            VStack {
                Text(title)
                    .onTapGesture { open() }
                    .accessibilityAddTraits(.isButton)
                Text(title)
                    .onTapGesture { open() }
                    .accessibilityAction { open() }
                Text(title).onTapGesture(count: 2) { open() }
                TextField("Name", text: .constant(""))
                    .onTapGesture { focused = true }
                Button(action: { open() }) {
                    Text(title).onTapGesture { open() }
                }
                HStack {
                    Image("star").onTapGesture { open() }
                }
                .accessibilityElement(children: .combine)
                .accessibilityAddTraits(.isButton)
                Image("decoration")
                    .accessibilityHidden(true)
                    .onTapGesture { open() }
                // An empty tap only keeps the parent scroll view from taking the touch.
                Rectangle()
                    .frame(width: 4)
                    .onTapGesture {}
                    .highPriorityGesture(DragGesture())
            }
        }
    }
}
