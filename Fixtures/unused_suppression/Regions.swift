import SwiftUI

// `all` with a rule re-enabled inside it: the re-enabled rule reports again.
// viewlint:disable all
struct Legacy: View {
    let a: Int
    // viewlint:enable unused_stored_input
    let b: Int // expect: unused_stored_input
    // viewlint:enable all
    var body: some View { Text("legacy") }
}

struct Stacked: View {
    // Directives can be stacked: each applies to the next line of code.
    // viewlint:disable-next-line unused_stored_input - a
    // viewlint:disable-next-line unknown_rule_in_suppression // expect: unused_suppression
    let title: String
    var body: some View { Text("x") }
}

struct Gap: View {
    // viewlint:disable-next-line unused_stored_input // expect: unused_suppression

    let title: String // expect: unused_stored_input
    var body: some View { Text("x") }
}
