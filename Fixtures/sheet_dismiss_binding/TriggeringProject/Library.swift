import SwiftUI

struct DismissLibrary: View {
    @State private var showingEditor = false
    @State private var showingImporter = false
    var body: some View {
        List {
            Button("New") { showingEditor = true }
            Button("Import") { showingImporter = true }
        }
        .sheet(isPresented: $showingEditor) {
            NavigationStack {
                DismissEditor(isPresented: $showingEditor)
            }
        }
        .fullScreenCover(isPresented: $showingImporter) {
            DismissImporter(isShown: $showingImporter, title: "Import")
        }
    }
}

struct DismissLibrary_Previews: PreviewProvider {
    static var previews: some View {
        DismissEditor(isPresented: .constant(true))
    }
}
