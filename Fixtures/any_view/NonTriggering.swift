import SwiftUI
import UIKit

/// Look-alikes from real apps: AnyView as a type argument, in UIKit code, as stored
/// properties, and a @ViewBuilder that keeps each branch's type.
final class ErasedHost: UIHostingController<AnyView> {
    init(content: some View) {
        super.init(rootView: AnyView(content))
    }

    required init?(coder: NSCoder) { nil }
}

struct ErasedSlot: View {
    let content: AnyView
    let pages: [AnyView]

    var body: some View {
        content
        if let first = pages.first { first }
    }
}

struct TypedRouter: View {
    let showsSettings: Bool

    var body: some View { destination }

    @ViewBuilder var destination: some View {
        if showsSettings {
            Text("Settings")
        } else {
            Image(systemName: "house")
        }
    }
}

enum ErasedFactory {
    static func make(_ flag: Bool) -> AnyView {
        flag ? AnyView(Text("a")) : AnyView(Image(systemName: "b"))
    }
}

/// A project container whose closure parameter returns AnyView: the erasure is its API's.
struct ErasedContainer: View {
    let empty: () -> AnyView // expect: closure_input

    var body: some View { empty() }
}

struct ErasedContainerUse: View {
    var body: some View {
        ErasedContainer(empty: { AnyView(Text("Nothing here")) })
    }
}
