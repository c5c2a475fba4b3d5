import SwiftUI

/// Look-alikes from real apps: `.task`, a kept handle cancelled on disappear, a detached task,
/// and tasks started by `onChange` or actions.
struct AppearPlayer: View {
    @State private var loading: Task<Void, Never>?
    let player: AppearAudioPlayer

    var body: some View {
        Text(player.title)
            .task { await player.prepare() }
            .onAppear { loading = Task { await player.prepare() } }
            .onDisappear { loading?.cancel() }
            .onChange(of: player.title) { Task { await player.prepare() } }
            .onAppear { Task.detached { await player.prepare() } }
            .onAppear { player.prepareSync() }
        Button("Play") { Task { await player.play() } }
    }
}

final class AppearAudioPlayer {
    var title = ""
    func prepare() async {}
    func prepareSync() {}
    func play() async {}
}
