// fixture-deployment-target: ios 16.0
import SwiftUI

final class SearchScreenModel: ObservableObject {
    @Published var query = ""
}

struct SearchScreen: View {
    @ObservedObject var search = SearchScreenModel() // expect: observed_object_default:25

    var body: some View {
        TextField("Search", text: $search.query)
    }
}

/// The attribute on its own line, an explicit `.init`, and a framework class: all new instances.
struct PlayerScreen: View {
    @ObservedObject
    private var playback = Playback.init(name: "main") // expect: observed_object_default
    @ObservedObject var timer = Timer.TimerPublisher(interval: 1, runLoop: .main, mode: .common).autoconnect() // not a plain initialiser // expect: unused_state
    @ObservedObject var location = CLLocationManagerModel() // expect: observed_object_default, unused_state

    var body: some View {
        Text(playback.name)
    }
}

/// Inside a modifier: a view all the same.
struct ThemedHighlight: ViewModifier {
    @ObservedObject var theme = ThemeModel() // expect: observed_object_default

    func body(content: Content) -> some View {
        content.foregroundStyle(theme.color)
    }
}
