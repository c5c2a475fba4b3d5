import SwiftUI

/// A view built directly in a stack's content that builds a stack of its own.
struct NestHome: View {
    @State private var editing = false
    var body: some View {
        NavigationStack {
            VStack {
                NestFeed()
                    .sheet(isPresented: $editing) { NestEditor() }
                NestOptionalStack(embedded: true)
            }
        }
    }
}

struct NestFeed: View {
    var body: some View {
        NavigationStack { // expect: nested_navigation_stack
            List { Text("Post") }
        }
    }
}

/// Presented in a sheet from inside the stack: a new navigation context.
struct NestEditor: View {
    var body: some View { NavigationStack { Text("Editor") } }
}

/// The stack is under an `if`: the caller inside a stack turns it off.
struct NestOptionalStack: View {
    let embedded: Bool
    var body: some View {
        if embedded {
            Text("Inline")
        } else {
            NavigationStack { Text("Standalone") }
        }
    }
}
