import SwiftUI

struct BackLibrary: View {
    var body: some View {
        NavigationStack {
            List {
                NavigationLink("Shelf") {
                    BackShelf()
                }
            }
        }
    }
}

struct BackShelf: View {
    var body: some View {
        VStack {
            NavigationLink("Book", destination: BackBook())
            NavigationLink("Library") { // expect: navigation_back_link
                BackLibrary()
            }
        }
    }
}
