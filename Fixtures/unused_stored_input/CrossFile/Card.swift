import SwiftUI

/// `subtitle` is only read in an extension in another file.
struct Card: View {
    let title: String
    let subtitle: String
    let footnote: String // expect: unused_stored_input

    var body: some View {
        VStack {
            Text(title)
            details
        }
    }
}
