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
