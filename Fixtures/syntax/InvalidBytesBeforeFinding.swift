// Fuzz crasher: invalid bytes before a finding on its line. Each maximal invalid sequence is
// one column and one UTF-16 unit (a U+FFFD), so the columns below count them once each.
struct InvalidBytesView: View {
    let ´ unusedAfterStray: Int // expect: unused_stored_input:11
    let þÿ unusedAfterNever: Int // expect: unused_stored_input:12
    let ðŸ unusedAfterTruncated: Int // expect: unused_stored_input:11
    var body: some View { Text("") }
}
