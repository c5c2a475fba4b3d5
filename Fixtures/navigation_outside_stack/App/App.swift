import SwiftUI

@main
struct MailApp: App {
    var body: some Scene {
        WindowGroup {
            TabView {
                NavigationStack {
                    Inbox()
                }
                Outbox()
                Mailboxes()
            }
        }
    }
}
