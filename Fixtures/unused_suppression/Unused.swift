import SwiftUI

struct Banner: View {
    // viewlint:disable-next-line unused_stored_input // expect: unused_suppression
    let title: String

    // viewlint:disable unused_stored_input - nothing below is unused // expect: unused_suppression
    let subtitle: String
    // viewlint:enable unused_stored_input

    let icon: String // viewlint:disable-line unused_stored_input // expect: unused_suppression

    var body: some View {
        Text(title + subtitle + icon)
    }
}
