import SwiftUI

struct KeepTimeline: View {
    var body: some View {
        NavigationStack {
            NavigationLink("Me") {
                KeepProfile(name: "me")
            }
        }
    }
}

struct KeepProfile: View {
    let name: String
    @Environment(\.dismiss) private var dismiss
    var body: some View {
        VStack {
            NavigationLink("Followers") {
                KeepFollowers(of: name)
            }
            Button("Back") { dismiss() }
        }
    }
}

struct KeepFollowers: View {
    let of: String
    var body: some View {
        // Another profile: built with arguments.
        NavigationLink("First follower") {
            KeepProfile(name: of + " follower")
        }
        .navigationDestination(for: String.self) { value in
            KeepProfile(name: value)
        }
    }
}

struct KeepDrillDown: View {
    var body: some View {
        NavigationLink("Deeper") {
            KeepDrillDown()
        }
    }
}

// Never created by a builder that leads here: not an ancestor.
struct KeepSettings: View {
    var body: some View {
        NavigationLink("About") {
            KeepAbout()
        }
    }
}

struct KeepAbout: View {
    var body: some View {
        Text("About")
    }
}
