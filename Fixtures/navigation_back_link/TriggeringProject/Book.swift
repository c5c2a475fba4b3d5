import SwiftUI

struct BackBook: View {
    @State private var showingShelf = false
    var body: some View {
        VStack {
            NavigationLink("Shelf", destination: BackShelf()) // expect: navigation_back_link
            NavigationLink(destination: { BackLibrary() }, label: { Text("Home") }) // expect: navigation_back_link
        }
        .navigationDestination(isPresented: $showingShelf) { // expect: navigation_back_link
            BackShelf()
        }
    }
}
