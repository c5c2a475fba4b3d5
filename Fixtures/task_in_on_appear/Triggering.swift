import SwiftUI

struct AppearProfile: View {
    @State private var profileModel = AppearProfileModel()

    var body: some View {
        Text(profileModel.name)
            .onAppear { // expect: task_in_on_appear
                Task {
                    await profileModel.load()
                }
            }
    }
}

/// Other work beside the task: still uncancelled.
struct AppearInbox: View {
    let store: AppearStore

    var body: some View {
        List(store.messages, id: \.self) { Text($0) }
            .onAppear { // expect: task_in_on_appear
                store.markVisible()
                Task(priority: .low) { await store.refresh() }
            }
            .overlay {
                Text("New").onAppear(perform: { _ = Task { await store.refresh() } }) // expect: task_in_on_appear
            }
    }
}

@Observable final class AppearProfileModel {
    var name = ""
    func load() async {}
}

final class AppearStore {
    var messages: [String] = []
    func markVisible() {}
    func refresh() async {}
}
