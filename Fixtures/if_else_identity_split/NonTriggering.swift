import SwiftUI

struct Status: View {
    let user: User?
    let state: LoadState
    let isLoading: Bool
    let isOn: Bool
    let isWide: Bool

    var body: some View {
        VStack {
            // One view with a conditional argument: one identity.
            Text("Card").opacity(isLoading ? 0.4 : 1)

            // Bindings used by the branch.
            if let user {
                Text(user.name).bold()
            } else {
                Text(user?.name ?? "").bold(false)
            }
            if case .failed(let message) = state {
                Text(message).foregroundStyle(.red)
            } else {
                Text("").foregroundStyle(.secondary)
            }

            // Different views, no `else`, several views.
            if isLoading { ProgressView() } else { Text("Done") }
            if isLoading { Text("Done").opacity(0.5) }
            if isOn {
                Text("On").bold()
                Text("Details")
            } else {
                Text("On")
            }

            // `else if` chains and identical branches are not this rule's business.
            if isOn {
                Text("A").padding(1)
            } else if isWide {
                Text("A").padding(2)
            } else {
                Text("A")
            }
            if isOn { Text("B") } else { Text("B") }

            // Availability and compilation conditions.
            if #available(iOS 17, macOS 14, *) {
                Text("New").fontDesign(.rounded)
            } else {
                Text("New")
            }
            #if os(iOS)
            Text("Phone").padding()
            #else
            Text("Phone")
            #endif
            if isWide {
                Text("Wide")
                    #if os(macOS)
                    .padding()
                    #endif
            } else {
                Text("Wide")
            }
        }
    }
}

/// Deliberate identity changes, presentations and modifiers that cannot take a conditional value.
struct Deliberate: View {
    @State private var flipped = false
    @State private var showAlert = false
    let isPrimary: Bool

    var body: some View {
        VStack {
            if flipped {
                Text("Card").transition(.scale)
            } else {
                Text("Card")
            }
            if flipped {
                Text("Card").id(1)
            } else {
                Text("Card").id(2)
            }
            // Re-run `onAppear` when the condition flips (a focus workaround).
            if flipped {
                TextField("Tag", text: .constant(""))
            } else {
                TextField("Tag", text: .constant("")).onAppear { showAlert = false }
            }
            if showAlert {
                Button("Go") {}.alert("Oops", isPresented: $showAlert) {}
            } else {
                Button("Go") {}
            }
            // Style types differ (`BorderedProminentButtonStyle`, `BorderedButtonStyle`).
            if isPrimary {
                Button("Go") {}.buttonStyle(.borderedProminent)
            } else {
                Button("Go") {}.buttonStyle(.bordered)
            }
            // Content of different types, and different overloads.
            if isPrimary {
                Text("Go").background { Capsule() }
            } else {
                Text("Go").background { Rectangle() }
            }
            if isPrimary {
                Text("Go").background(Circle().fill(.blue)) // expect: deprecated_api
            } else {
                Text("Go").background(Capsule().fill(.blue)) // expect: deprecated_api
            }
            if isPrimary {
                Text("Go").frame(width: 100)
            } else {
                Text("Go").frame(maxWidth: .infinity)
            }
            // Modifiers that have no neutral value to apply in the other branch.
            if isPrimary {
                Text("Go").animation(nil, value: flipped)
            } else {
                Text("Go")
            }
            if isPrimary {
                Toggle("Go", isOn: $flipped).labelsHidden()
            } else {
                Toggle("Go", isOn: $flipped)
            }
            // Actions in one branch only.
            if isPrimary {
                Text("Go").onTapGesture { flipped.toggle() } // expect: accessibility_button_trait
            } else {
                Text("Go")
            }
        }
    }
}

/// Control flow outside view builders: actions and bodies with an explicit `return`.
struct Controls: View {
    @State private var count = 0
    let flag: Bool

    var body: some View {
        Button("Tap") {
            if flag { print(count.description.uppercased()) } else { print(count.description) }
        }
        .onTapGesture {
            if flag { count += 1 } else { count -= 1 }
        }
    }

    var plain: some View {
        if flag {
            return Text("A").bold()
        } else {
            return Text("A").bold(false)
        }
    }

    // Without `@ViewBuilder` this is an `if` expression: both branches have one type, one identity.
    var expression: some View {
        if flag { Text("A").bold() } else { Text("A").bold(false) }
    }

    func label(_ text: String) -> some View {
        if flag { Text(text).italic() } else { Text(text).italic(false) }
    }
}

/// Not a view: an `if` in a plain function is control flow.
struct Formatter {
    let flag: Bool
    func text() -> Text {
        if flag { Text("A").bold() } else { Text("A") }
    }
}

enum LoadState {
    case idle, failed(String)
}
