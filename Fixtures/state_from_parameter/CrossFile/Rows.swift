import SwiftUI

struct EpisodeRow: View {
    @State var title: String // expect: state_from_parameter:16, state_not_private
    @State var isPlaying: Bool? // expect: state_from_parameter, state_not_private
    @State var progress: Double? // expect: state_not_private, state_never_mutated

    var body: some View {
        Text(title + "\(isPlaying ?? false)\(progress ?? 0)")
    }
}

/// Seeded on purpose by an explicit init: not reported.
struct SeededDraftEditor: View {
    @State private var draft: String

    init(text: String) {
        _draft = State(initialValue: text)
    }

    var body: some View {
        TextField("Draft", text: $draft)
    }
}
