import SwiftUI

struct DisclosureRow: View {
    let title: String
    @State private var isExpanded = false
    @GestureState fileprivate var dragOffset: CGFloat = 0
    @Namespace private var namespace
    @FocusState
    private var isFocused: Bool
    @FocusState.Binding var parentFocus: Bool
    @Binding var selection: Int
    @Environment(\.dismiss) var dismiss
    static var shared = 0

    var body: some View {
        Text(title + (isExpanded ? "-" : "+") + "\(dragOffset)\(isFocused)\(parentFocus)\(selection)")
            .matchedGeometryEffect(id: "t", in: namespace)
            .onTapGesture { dismiss() }
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
