import SwiftUI

struct Spelled: View {
    // viewlint:disable-next-line unused_stored_input
    let title: String
    // Other tools' directives are not ours to judge.
    // swiftlint:disable:next unused_declaration
    let subtitle: String // viewlint:disable-line all

    var body: some View { Text("x") }
}
