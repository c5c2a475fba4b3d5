import SwiftUI

struct NestSettings: View {
    var body: some View {
        NavigationStack { // expect: nested_navigation_stack:9
            Text("Settings")
        }
    }
}

struct NestProfile: View {
    var body: some View { content }
    @ViewBuilder var content: some View {
        VStack { // expect: stack_child_count
            NavigationStack { // expect: nested_navigation_stack
                Text("Profile")
            }
        }
    }
}

struct NestMessage: View {
    let id: Int
    var body: some View {
        NavigationStack { Text("\(id)") } // expect: nested_navigation_stack
    }
}

struct NestAbout: View {
    var body: some View {
        NavigationStack { Text("About") } // expect: nested_navigation_stack
    }
}
