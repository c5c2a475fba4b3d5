import SwiftUI

extension Editor {
    func save() {
        isSaving = true
    }

    var preview: String { draft }
}

struct Toolbar: View {
    var body: some View {
        HStack {
            Editor()
            Badge(count: 3)
        }
    }
}
