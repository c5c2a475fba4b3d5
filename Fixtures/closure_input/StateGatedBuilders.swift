import SwiftUI

// A builder called only in a branch the view's own `@State` chooses is built only once that
// state allows (a loader that waits until it appears, a collapsed section): building it in
// `init` would build what may never be shown, so it is not reported.
struct AppearanceLoader<Content: View>: View {
    let content: () -> Content
    @State private var didAppear = false

    var body: some View {
        if didAppear {
            content()
        } else {
            Color.clear.onAppear { didAppear = true }
        }
    }
}

struct Collapsible<Header: View, Details: View>: View {
    @ViewBuilder let header: () -> Header // expect: closure_input
    @ViewBuilder let details: () -> Details
    @State private var expanded = false

    var body: some View {
        VStack {
            header().onTapGesture { expanded.toggle() } // expect: accessibility_button_trait
            if self.expanded {
                details()
            }
        }
    }
}

// Called in every branch of an `if`/`else` on state, the builder is always shown: reported.
struct Hoverable<Content: View>: View {
    let content: () -> Content // expect: closure_input
    @State private var hovering = false

    var body: some View {
        Group {
            if hovering { // expect: if_else_identity_split
                content().overlay(Color.white.opacity(0.1))
            } else {
                content()
            }
        }
        .onHover { hovering = $0 }
    }
}

// A condition on another value's property of the same name (`model.isLoaded`) is not the view's
// own state: the builder is shown whenever the model says so, so it is reported.
struct LoadState {
    var isLoaded: Bool
}

struct ModelGated<Content: View>: View {
    let content: () -> Content // expect: closure_input
    let model: LoadState
    @State private var isLoaded = false

    var body: some View {
        if model.isLoaded {
            content()
        }
        Text(isLoaded ? "ready" : "waiting").onAppear { isLoaded = true }
    }
}
