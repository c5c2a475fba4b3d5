import SwiftUI

struct EpisodeList: View {
    let titles: [String]

    var body: some View {
        ForEach(titles, id: \.self) { title in
            EpisodeRow(title: title, isPlaying: true)
        }
        SeededDraftEditor(text: "x")
    }
}

#Preview {
    EpisodeRow(title: "Preview")
}
