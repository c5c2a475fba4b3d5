import SwiftUI

/// Look-alikes from real apps: prefix, enumerated, zip and reversed are not transforms; a
/// transform outside the builder is not reported.
struct TransformList: View {
    let messages: [TransformMessage]
    let pinned: [TransformMessage]

    var body: some View {
        List {
            ForEach(messages.prefix(5)) { Text($0.subject) }
            ForEach(Array(messages.enumerated()), id: \.element.id) { Text($0.element.subject) }
            ForEach(Array(zip(messages, pinned)), id: \.0.id) { Text($0.1.subject) }
            ForEach(messages.reversed()) { Text($0.subject) }
            ForEach(messages.lazy.filter { $0.isArchived }) { Text($0.subject) }
        }
        .onAppear { _ = messages.filter { $0.isArchived } }
    }
}
