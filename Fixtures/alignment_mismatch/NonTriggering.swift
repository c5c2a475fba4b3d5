import SwiftUI

extension VerticalAlignment {
    private enum GuideMid: AlignmentID {
        static func defaultValue(in d: ViewDimensions) -> CGFloat { d[VerticalAlignment.center] }
    }
    static let guideMid = VerticalAlignment(GuideMid.self)
}

struct GuideFreeCard: View {
    let alignment: HorizontalAlignment
    var body: some View {
        VStack(alignment: .leading) {
            Text("Title")
            Text("Indented")
                .alignmentGuide(.leading) { d in d[.leading] - 20 }
        }
        HStack(alignment: .firstTextBaseline) {
            Text("Big").font(.largeTitle)
            Text("small")
                .alignmentGuide(.firstTextBaseline) { d in d[.firstTextBaseline] }
        }
        ZStack(alignment: .topTrailing) {
            Color.gray
            Text("9")
                .alignmentGuide(.top) { d in d.height / 2 }
                .alignmentGuide(.trailing) { d in d.width / 2 }
        }
        // A custom alignment passes through the inner VStack to the outer HStack.
        HStack(alignment: .guideMid) {
            VStack {
                Text("Account")
                Text("@name").alignmentGuide(.guideMid) { d in d[VerticalAlignment.center] }
            }
            VStack {
                Text("Full name")
                TextField("Full name", text: .constant("")).alignmentGuide(.guideMid) { d in d[VerticalAlignment.center] }
            }
        }
        // The outer stack aligns by the guide the inner one passes on.
        HStack(alignment: .top) {
            VStack {
                Image(systemName: "star")
                Text("Star").alignmentGuide(.top) { d in d[.bottom] }
            }
            Text("Beside the caption")
        }
        VStack {
            Text("Top")
            Text("Bottom").alignmentGuide(.bottom) { d in d.height }
        }
        .frame(height: 200, alignment: .bottom)
        // The stack's alignment is a variable; `.center` names both axes.
        VStack(alignment: alignment) {
            Text("A").alignmentGuide(.leading) { _ in 0 }
            Text("B").alignmentGuide(.center) { _ in 0 }
        }
        // Not in a stack: an overlay lays its content out by its own alignment.
        Color.red.overlay(alignment: .top) {
            Text("Over").alignmentGuide(.bottom) { d in d.height }
        }
    }
}
