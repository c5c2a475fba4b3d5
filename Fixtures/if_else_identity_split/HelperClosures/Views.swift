import SwiftUI

struct PlayerScore: View {
    let name: String
    let isPlayerTurn: Bool
    let isSelected: Bool
    let isCompact: Bool

    var body: some View {
        VStack {
            Text(name)
                .padding()
                .applying {
                    if isPlayerTurn { // expect: if_else_identity_split
                        $0.zIndex(1)
                    } else {
                        $0.opacity(0.4)
                    }
                }

            Image(systemName: "app")
                .applying {
                    if isSelected { // expect: if_else_identity_split
                        $0.overlay(
                            RoundedRectangle(cornerRadius: 14, style: .continuous)
                                .stroke(Color.accentColor, lineWidth: 2)
                        )
                    } else {
                        $0
                    }
                }

            Text(name)
                .if(isCompact) { view in
                    if isSelected { // expect: if_else_identity_split
                        view
                    } else {
                        view.mask(Circle())
                    }
                }

            Text(name)
                .modify { content in
                    if isSelected { // expect: if_else_identity_split
                        content.padding(4)
                    } else {
                        content.padding(12)
                    }
                }
        }
    }
}

/// Helpers whose closures are not view builders, or that the project does not declare.
struct Plain: View {
    let name: String
    let isSelected: Bool

    var body: some View {
        VStack {
            // Not `@ViewBuilder`: one `if` expression, one type, one identity.
            Text(name)
                .transformed { view in
                    if isSelected { view.opacity(1) } else { view.opacity(0.5) }
                }

            // Declared outside the project: unknown.
            Text(name)
                .conditionally { view in
                    if isSelected { view.opacity(1) } else { view.opacity(0.5) }
                }

            // Different views in each branch.
            Text(name)
                .applying {
                    if isSelected { $0.background(LinearGradient(colors: [.red], startPoint: .top, endPoint: .bottom)) } else { $0.background(Color.black.ignoresSafeArea()) }
                }

            // Actions stay actions.
            Text(name)
                .onChange(of: isSelected) {
                    if isSelected { print("a") } else { print("b") }
                }
        }
    }
}

/// Swiftfin's device row: an action closure of a project view is taken for content, but calls
/// that differ in name without a neutral value are not two versions of one view.
struct DeviceRow: View, Equatable {
    let name: String
    let action: () -> Void
    var body: some View { Button(name, action: action) }
    static func == (lhs: DeviceRow, rhs: DeviceRow) -> Bool { lhs.name == rhs.name }
}

struct Devices: View {
    let names: [String]
    @State private var selected: Set<String> = []
    @State private var isEditing = false

    var body: some View {
        ForEach(names, id: \.self) { name in
            DeviceRow(name: name) {
                if isEditing {
                    if selected.contains(name) {
                        selected.remove(name)
                    } else {
                        selected.insert(name)
                    }
                }
            }
        }
        Toggle("Edit", isOn: $isEditing)
    }
}
