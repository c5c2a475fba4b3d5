import SwiftUI

struct RootView: View {
    @StateObject private var store = Store()
    @State private var settings = Settings()
    @Environment(\.colorScheme) private var colorScheme

    var body: some View {
        VStack {
            ItemList()
            Card {
                Header(title: settings.theme)
            }
            Detail()
        }
        .foregroundStyle(colorScheme == .dark ? .white : .black)
        .environmentObject(store)
        .environment(settings)
    }
}
// graph-edge: RootView observes Store
// graph-edge: RootView observes Settings
// graph-edge: RootView subscribes \.colorScheme
// graph-edge: RootView builds ItemList
// graph-edge: RootView builds Card
// graph-edge: RootView builds Header
// graph-edge: RootView builds Detail

/// A generic container: what it shows is built by the caller, so the caller builds it.
struct Card<Content: View>: View {
    @ViewBuilder let content: Content
    var body: some View {
        content.padding()
    }
}
