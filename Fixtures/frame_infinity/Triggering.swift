import SwiftUI

struct EmptyTimeline: View {
    var body: some View {
        VStack {
            Text("Nothing here yet")
                .frame(width: .infinity) // expect: frame_infinity
            Color.gray
                .frame(width: CGFloat.infinity, height: .infinity, alignment: .top) // expect: frame_infinity:24, frame_infinity:49
            Text("Footer")
                .frame(width: .infinity, height: 44) // expect: frame_infinity
        }
    }
}
