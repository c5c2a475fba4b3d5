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

/// A value already typed `any View` must be erased to be placed: the erasure is forced there,
/// and the choice was made where the type is declared (from Trio and SwiftUIX).
protocol ExistentialStep {
    func description(units: Int) -> any View
}

enum ExistentialLimit: ExistentialStep {
    case low

    func description(units: Int) -> any View { Text("Low \(units)") }
}

struct ExistentialHost<Step: ExistentialStep>: View {
    let step: Step
    let limit: ExistentialLimit
    let content: (Int) -> (any View)
    let header: (any View)?

    var body: some View {
        VStack {
            step.description(units: 1).eraseToAnyView()
            AnyView(limit.description(units: 2))
            content(3).eraseToAnyView()
            AnyView(footer)
            AnyView(erasing: self.makeRow())
            header?.eraseToAnyView()
        }
    }

    var footer: any View { Text("Footer") }

    func makeRow() -> any View { Text("Row") }
}

struct ExistentialParameterHost: View {
    var body: some View { wrapped { Text("Wrapped") } }

    func wrapped(_ make: @escaping () -> any View) -> some View {
        make().eraseToAnyView()
    }
}

/// An enum case of the same name is no instance's member: `step.description(units:)` above
/// cannot mean it (from Trio).
enum ExistentialNotice {
    case description
}
