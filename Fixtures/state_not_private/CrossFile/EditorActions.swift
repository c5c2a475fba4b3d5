import SwiftUI

extension DraftEditor {
    func save() {
        isSaving = true
    }

    var preview: String { draft }
}

struct DraftToolbar: View {
    var body: some View {
        HStack {
            DraftEditor()
            CountBadge(count: 3)
        }
    }
}
