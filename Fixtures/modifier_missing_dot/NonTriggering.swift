import SwiftUI

/// In an extension of `View`, a bare call applies to `self` on purpose.
extension View {
    @ViewBuilder func hidden(when flag: Bool) -> some View {
        if flag {
            hidden()
        } else {
            self
        }
    }

    func card() -> some View {
        padding()
            .background(.thinMaterial)
    }
}

extension Shape {
    func outlined() -> some View {
        stroke(lineWidth: 1)
    }
}

/// Local helpers named like modifiers are siblings, not mistakes.
struct DotGalleryOk: View {
    var body: some View {
        Text("DotGalleryOk")
        tag("first")
        contextMenu(for: "second")
        header()
    }
    func tag(_ name: String) -> some View { Text(name) }
    func contextMenu(for name: String) -> some View { Text(name) }
    func header() -> some View { Text("DotHeader") }
}

/// The dot is there, across lines and `#if`.
struct DotWrappedOk: View {
    var body: some View {
        Text("DotWrappedOk")
            .padding()
        #if os(iOS)
            .background(Color.red)
        #endif
        VStack { // expect: stack_child_count
            Text("a")
        }
        .frame(maxWidth: .infinity)
    }
}

/// Not a view: the method is the type's own.
struct DotLayoutOk {
    func padding() -> Int { 4 }
    func compute() -> Int {
        let a = 1
        padding()
        return a
    }
}

/// A plain function is not a view builder: its statements are not views.
struct DotPlainOk: View {
    var body: some View { make() }
    func make() -> some View {
        let text = Text("a")
        return text.padding()
    }
}
