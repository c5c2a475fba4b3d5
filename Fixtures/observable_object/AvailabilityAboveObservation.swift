import SwiftUI

/// A check for a version above Observation's first (`iOS 17.4`) says only that the target is
/// below 17.4: it may have Observation, so with no configured target the class is reported.
final class Drafts: ObservableObject { // expect: observable_object
    @Published var text = ""
}

struct DraftsView: View {
    @StateObject private var drafts = Drafts()
    var body: some View {
        if #available(iOS 17.4, *) {
            Text(drafts.text).bold()
        } else {
            Text(drafts.text)
        }
    }
}
