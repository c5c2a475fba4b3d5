import SwiftUI

/// An optional builder whose attribute is written inside the parentheses takes no arguments:
/// it is builder content, which `init` can build once.
struct Banner<Content: View>: View {
    let title: String
    var content: (@MainActor () -> Content)? // expect: closure_input
    var body: some View {
        VStack {
            Text(title)
            content?()
        }
    }
}

/// With a parameter it builds views from arguments; the only stored data, so neither fix
/// applies and it is not reported.
struct CellGrid<Cell: View>: View {
    var cell: (@MainActor (Int) -> Cell)?
    var body: some View {
        ForEach(0..<3, id: \.self) { cell?($0) }
    }
}
