import SwiftUI

struct ErasedDetail: View {
    let isEditing: Bool

    var body: some View {
        if isEditing {
            AnyView(Text("Editor")) // expect: any_view
        } else {
            Text("Read only").eraseToAnyView() // expect: any_view
        }
    }
}

/// A member of a view that returns AnyView is reported once, at its name.
struct ErasedRouter: View {
    let showsSettings: Bool

    var body: some View { destination }

    var destination: AnyView { // expect: any_view
        if showsSettings {
            return AnyView(Text("Settings"))
        }
        return AnyView(Text("Home"))
    }

    func badge() -> SwiftUI.AnyView { // expect: any_view
        AnyView(Circle())
    }
}

/// The same type however it is spelled: qualified by its module, or through `.init`.
struct QualifiedErasure: View {
    let isCompact: Bool

    var body: some View {
        if isCompact {
            SwiftUI.AnyView(Text("Compact")) // expect: any_view
        } else {
            AnyView.init(Text("Regular")) // expect: any_view
        }
    }
}

/// A project helper that erases is reported where it is used.
struct ErasedCard: View {
    var body: some View {
        VStack { // expect: stack_child_count
            Text("Card").erased() // expect: any_view
        }
    }
}

/// A value whose declarations do not all say `any View` is still reported: a concrete result,
/// and a name two types declare with different results, read on a generic value.
protocol ConcreteStep {
    func title(units: Int) -> any View
}

enum ConcreteLimit {
    case high

    func title(units: Int) -> some View { Text("High \(units)") }
}

struct ConcreteHost<Step: ConcreteStep>: View {
    let step: Step
    let content: (Int) -> Text

    var body: some View {
        VStack {
            content(1).eraseToAnyView() // expect: any_view
            AnyView(row()) // expect: any_view
            step.title(units: 2).eraseToAnyView() // expect: any_view
        }
    }

    func row() -> some View { Text("Row") }
}

extension View {
    func erased() -> AnyView { AnyView(self) }
    func eraseToAnyView() -> AnyView { AnyView(self) }
}

/// A local of a parameter's or property's name hides it, and a local's type is not written:
/// erasing it, or a value read through it, is reported.
final class DeclaredHeaderModel {
    var header: any View = Text("Declared")
}

final class PlainHeaderModel {
    var header: some View { Text("Plain") }
}

struct ShadowedHeaders: View {
    let model: DeclaredHeaderModel

    var body: some View {
        VStack {
            header(title: Text("Title"))
            local()
        }
        .id(ObjectIdentifier(model))
    }

    func header(title: any View) -> some View {
        var title = Text("Shadowed")
        title = title.bold()
        return AnyView(title) // expect: any_view
    }

    func local() -> some View {
        let model = PlainHeaderModel()
        return model.header.eraseToAnyView() // expect: any_view
    }
}

/// `Theme.shared.banner` reads `banner` on an instance, though the chain starts with a type:
/// a static `banner` declared `any View` elsewhere is not the one read.
final class ThemeBox {
    var banner: some View { Text("Banner") }
}

enum Theme {
    static let shared = ThemeBox()
}

enum Banners {
    static var banner: any View { Text("Static") }
}

struct ThemedBanner: View {
    var body: some View {
        Theme.shared.banner.eraseToAnyView() // expect: any_view
    }
}
