import SwiftUI

// Every suppression here silences a finding, so none is reported.
struct Legacy: View {
    // viewlint:disable-next-line unused_stored_input - kept until the 2.0 migration
    let oldTitle: String

    // viewlint:disable unused_stored_input
    let a: Int
    let b: Int
    // viewlint:enable unused_stored_input

    let c: Int // viewlint:disable-line unused_stored_input

    var body: some View { Text("legacy") }
}

// viewlint:disable-file all
struct Ignored: View {
    let whatever: Int
    var body: some View { Text("x") }
}

// In a string, a directive is just text, and suppresses nothing.
let directiveText = "// viewlint:disable-file all"
