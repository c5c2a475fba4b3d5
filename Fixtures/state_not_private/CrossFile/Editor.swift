import SwiftUI

/// Used from an extension in another file: `private` would not compile, so nothing is reported.
struct DraftEditor: View {
    @State var draft = ""
    @State var isSaving = false

    var body: some View {
        TextField("Draft", text: $draft)
            .disabled(isSaving)
    }
}

/// Passed by a parent through the memberwise initializer: reported, without a fix.
struct CountBadge: View {
    @State var count = 0 // expect: state_not_private

    var body: some View {
        Text("\(count)")
    }
}
