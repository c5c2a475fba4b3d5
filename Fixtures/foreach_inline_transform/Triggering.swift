import SwiftUI

struct TransformInbox: View {
    let messages: [TransformMessage]

    var body: some View {
        List {
            ForEach(messages.filter { !$0.isArchived }) { Text($0.subject) } // expect: foreach_inline_transform
            ForEach(messages.sorted(by: { $0.subject < $1.subject }).prefix(3)) { Text($0.subject) } // expect: foreach_inline_transform
            ForEach(Array(messages.map(\.subject).enumerated()), id: \.element) { Text($0.element) } // expect: foreach_inline_transform
        }
        List(messages.compactMap { $0.isArchived ? nil : $0 }) { Text($0.subject) } // expect: foreach_inline_transform
    }
}

struct TransformMessage: Identifiable {
    let id: Int
    let subject: String
    let isArchived: Bool
}
