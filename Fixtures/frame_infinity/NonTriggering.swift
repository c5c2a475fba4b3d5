import SwiftUI

struct Timeline: View {
    let side: CGFloat
    let infinity: CGFloat = 100
    var body: some View {
        VStack {
            Text("Title")
                .frame(maxWidth: .infinity, alignment: .leading)
            Color.gray
                .frame(width: side, height: side)
                .frame(minWidth: 0, maxWidth: .infinity, maxHeight: .infinity)
            Text("Sized")
                .frame(width: infinity)
        }
    }
}
