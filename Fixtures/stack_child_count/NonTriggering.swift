import SwiftUI

struct Container<Content: View>: View {
    let label: Content
    let isOn: Bool
    var body: some View {
        VStack { row() }
        VStack { label }
        VStack {
            Group {
                Circle()
                Circle()
            }
        }
        HStack {
            ForEach(0..<3) { _ in Circle() }
        }
        ZStack {
            if isOn { Text("On") }
        }
        VStack { TwoLines() }
        VStack { PackageWidget() }
        VStack {
            #if os(iOS)
            Text("Phone")
            #endif
        }
        LazyVStack { Text("One") }
        HStack {
            Text("A")
            Text("B")
        }
    }
}

extension Container {
    @ViewBuilder func row() -> some View {
        Text("A")
        Text("B")
    }
}

struct TwoLines: View {
    var body: some View {
        Text("One")
        Text("Two")
    }
}

struct ListAnchors: View {
    var body: some View {
        // EmptyView ignores modifiers: the stack gives the list-row modifiers a view.
        HStack { EmptyView() }
            .listRowBackground(Color.clear)
            .listRowSeparator(.hidden)
        // A hit area.
        HStack {}
            .frame(maxWidth: .infinity, maxHeight: .infinity)
            .contentShape(.rect)
            .onTapGesture {}
        // An accessibility container.
        ZStack {
            Text(Image(systemName: "bolt"))
        }
        .accessibilityLabel("Bot")
    }
}
