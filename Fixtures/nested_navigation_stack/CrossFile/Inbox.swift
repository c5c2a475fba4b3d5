import SwiftUI

/// Pushes its destinations from inside its own stack, in the three ways SwiftUI offers.
struct NestInbox: View {
    let ids: [Int]
    var body: some View {
        NavigationStack {
            List {
                NavigationLink("Settings", destination: NestSettings())
                NavigationLink("About") { NestAbout() }
                NavigationLink {
                    NestProfile()
                } label: {
                    Text("Profile")
                }
                ForEach(ids, id: \.self) { id in
                    NavigationLink("Message \(id)", value: id)
                }
            }
            .navigationDestination(for: Int.self) { id in
                Group { // expect: stack_child_count
                    NestMessage(id: id)
                }
            }
        }
    }
}
