import SwiftUI

struct PrivateDisclosureRow: View {
    let title: String
    @State private var isExpanded = false // expect: state_never_mutated
    @GestureState fileprivate var dragOffset: CGFloat = 0
    @Namespace private var namespace
    @FocusState
    private var isFocused: Bool
    @FocusState.Binding var parentFocus: Bool
    @Binding var selection: Int // expect: state_never_mutated
    @Environment(\.dismiss) var dismiss
    static var shared = 0

    var body: some View {
        Text(title + (isExpanded ? "-" : "+") + "\(dragOffset)\(isFocused)\(parentFocus)\(selection)")
            .matchedGeometryEffect(id: "t", in: namespace)
            .onTapGesture { dismiss() } // expect: accessibility_button_trait
    }
}

/// Outside views: a settings store and a property wrapper keep their storage where they like.
final class SettingsStore {
    @AppStorage("theme") var theme = "light"
}

@propertyWrapper
struct Preference: DynamicProperty {
    @AppStorage("preference") var stored = ""
    var wrappedValue: String { stored }
}

/// A project protocol requires the property: `private` would break the conformance.
protocol ModuleView: View {
    associatedtype Model
    var state: Model { get }
}

struct ProfileRoot: ModuleView {
    @State var state = ProfileRootModel()

    var body: some View {
        Text(state.name)
    }
}

@Observable final class ProfileRootModel {
    var name = ""
}

/// Public for inlinable code, as libraries do on purpose.
public struct Pager: View {
    @usableFromInline
    @State var currentPage = 0 // expect: state_never_mutated

    public var body: some View {
        Text("\(currentPage)")
    }
}
