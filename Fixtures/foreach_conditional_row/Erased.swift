import SwiftUI

/// An `AnyView` row however it is spelled: qualified by its module, with `.init`, or made by an
/// eraser modifier (`eraseToAnyView()`, or the project's own).
struct ErasedRows: View {
    let notes: [ErasedNote]

    var body: some View {
        List {
            ForEach(notes) { note in SwiftUI.AnyView(Text(note.title)) } // expect: foreach_conditional_row, any_view
        }
        List {
            ForEach(notes) { note in AnyView.init(Text(note.title)) } // expect: foreach_conditional_row, any_view
        }
        ScrollView {
            LazyVStack {
                ForEach(notes) { note in Text(note.title).eraseToAnyView() } // expect: foreach_conditional_row, any_view
                ForEach(notes) { note in Text(note.title).erased().padding() } // expect: foreach_conditional_row, any_view
            }
        }
        VStack {
            // Not lazy: every row is built anyway.
            ForEach(notes) { note in Text(note.title).eraseToAnyView() } // expect: any_view
        }
    }
}

extension View {
    func eraseToAnyView() -> AnyView { AnyView(self) }
    func erased() -> AnyView { AnyView(self) }
}

struct ErasedNote: Identifiable {
    let id: Int
    let title: String
}
