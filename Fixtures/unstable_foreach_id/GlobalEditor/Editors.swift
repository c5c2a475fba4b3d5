import SwiftUI

struct Memo: Hashable {
    let created: Date
    var text: String
}

struct Reminder: Hashable {
    let due: Date
    var title: String
}

/// A global function edits memos in place through a wrapped parameter. The project's fact of
/// elements edited through bindings reads the members of types only (a global's `$memos` has no
/// type's scope to resolve it in), so `\.self` over `Memo` in Shelf.swift is not reported: a known gap.
func memoEditor(@Binding memos: [Memo]) -> some View {
    ForEach($memos, id: \.created) { $memo in TextField("Memo", text: $memo.text) }
}

/// A view edits reminders in place: `\.self` over `Reminder`, in another file, is the wrong identity.
struct ReminderEditor: View {
    @Binding var reminders: [Reminder]
    var body: some View {
        ForEach($reminders, id: \.due) { $reminder in TextField("Title", text: $reminder.title) }
    }
}
