import SwiftUI

struct Misspelled: View {
    // expect-next-line: unknown_rule_in_suppression:35
    // viewlint:disable-next-line unused_stored_inptu
    let title: String // expect: unused_stored_input

    // expect-next-line: unknown_rule_in_suppression
    // viewlint:disable-next-line
    let subtitle: String // expect: unused_stored_input

    var body: some View { Text("x") }
}
