import SwiftUI

struct TagStrip: View {
    let tags: [String]
    var body: some View {
        ScrollView { // expect: scroll_axis_mismatch
            HStack(spacing: 8) {
                ForEach(tags, id: \.self) { tag in
                    Text(tag).padding(4)
                }
            }
        }
        ScrollView(showsIndicators: false) { // expect: scroll_axis_mismatch
            LazyHStack {
                ForEach(tags, id: \.self) { Text($0) }
            }
        }
        ScrollView(.horizontal) { // expect: scroll_axis_mismatch
            LazyVStack {
                ForEach(tags, id: \.self) { Text($0) }
            }
        }
    }
}
