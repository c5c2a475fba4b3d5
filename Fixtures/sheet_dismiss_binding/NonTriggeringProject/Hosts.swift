import SwiftUI

struct KeepHost: View {
    @State private var showingReader = false
    @State private var showingToggler = false
    @State private var showingPasser = false
    @State private var showingPopover = false
    @State private var showingPushed = false
    @State private var showingOther = false
    @State private var other = false
    @State private var showingInit = false
    var body: some View {
        VStack {
            Button("Read") { showingReader = true }
            // Also shown inline: dismiss would do nothing there.
            if showingOther { KeepInline(isPresented: $showingOther) }
        }
        .sheet(isPresented: $showingReader) { KeepReader(isPresented: $showingReader) }
        .sheet(isPresented: $showingToggler) { KeepToggler(isPresented: $showingToggler) }
        .sheet(isPresented: $showingPasser) { KeepPasser(isPresented: $showingPasser) }
        .popover(isPresented: $showingPopover) { KeepPopover(isPresented: $showingPopover) }
        .sheet(isPresented: $showingPushed) {
            NavigationStack {
                NavigationLink("Next") { KeepPushed(isPresented: $showingPushed) }
            }
        }
        .sheet(isPresented: $showingOther) { KeepInline(isPresented: $showingOther) }
        // A different binding than the presenting one.
        .sheet(isPresented: $showingInit) { KeepMismatch(isPresented: $other) }
        .sheet(isPresented: $showingInit) { KeepCustomInit(isPresented: $showingInit) }
    }
}

struct KeepReader: View {
    @Binding var isPresented: Bool
    var body: some View {
        Button("Close") { isPresented = false }
            .onChange(of: isPresented) { }
    }
}

struct KeepToggler: View {
    @Binding var isPresented: Bool
    var body: some View {
        VStack {
            Button("Close") { isPresented.toggle() }
            Button("Reset") { isPresented = true }
        }
    }
}

struct KeepPasser: View {
    @Binding var isPresented: Bool
    var body: some View {
        KeepFooter(isPresented: $isPresented)
    }
}

struct KeepFooter: View {
    @Binding var isPresented: Bool
    var body: some View {
        Button("Close") { isPresented = false }
    }
}

struct KeepPopover: View {
    @Binding var isPresented: Bool
    var body: some View {
        Button("Close") { isPresented = false }
    }
}

struct KeepPushed: View {
    @Binding var isPresented: Bool
    var body: some View {
        Button("Close") { isPresented = false }
    }
}

struct KeepInline: View {
    @Binding var isPresented: Bool
    var body: some View {
        Button("Close") { isPresented = false }
    }
}

struct KeepMismatch: View {
    @Binding var isPresented: Bool
    var body: some View {
        Button("Close") { isPresented = false }
    }
}

struct KeepCustomInit: View {
    @Binding var isPresented: Bool
    init(isPresented: Binding<Bool>) {
        _isPresented = isPresented
    }
    var body: some View {
        Button("Close") { isPresented = false }
    }
}
