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

struct Malformed: View {
    // A misspelled directive silences nothing, so it is reported instead of ignored.
    // viewlint:disable-nextline unused_stored_input // expect: unknown_rule_in_suppression:17
    let title: String // expect: unused_stored_input

    // viewlint:disable unused_stored_input
    let a: Int
    // An `enable` with a typo would leave the region open to the end of the file.
    // expect-next-line: unknown_rule_in_suppression:24
    // viewlint:enable unused_stored_inptu
    // viewlint:enable unused_stored_input

    var body: some View { Text("x") }
}
