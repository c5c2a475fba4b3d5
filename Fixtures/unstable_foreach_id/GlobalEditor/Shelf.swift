import SwiftUI

struct Shelf: View {
    let memos: [Memo]
    let reminders: [Reminder]
    var body: some View {
        // Edited only by the global memoEditor, which the fact does not read: not reported.
        ForEach(memos, id: \.self) { Text($0.text) }
        ForEach(reminders, id: \.self) { Text($0.title) } // expect: unstable_foreach_id
    }
}
