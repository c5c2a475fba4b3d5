import SwiftData
import SwiftUI

@Model
final class ShelfNote {
    var text = ""
    init() {}
}

/// No root in the project.
struct Notes: View {
    @Query private var notes: [ShelfNote]
    var body: some View { Text("\(notes.count)") }
}

/// Declares the context and never reads it.
struct Editor: View {
    @Environment(\.modelContext) private var context // expect: unused_environment
    var body: some View { Text("Editor") }
}

#Preview {
    Editor()
}

#Preview {
    Notes()
        .previewContainer()
}

extension View {
    func previewContainer() -> some View { modelContainer(for: ShelfNote.self, inMemory: true) }
}
