import SwiftUI

struct Gallery: View {
    let tags: [String]
    let columns: [[String]]
    let axes: Axis.Set
    var body: some View {
        ScrollView(.horizontal, showsIndicators: false) {
            HStack { ForEach(tags, id: \.self) { Text($0) } }
        }
        // A picture beside a long text: the row grows vertically as the text wraps.
        ScrollView {
            HStack(alignment: .top) {
                Image(systemName: "info.circle")
                Text("A long description that wraps over many lines")
            }
        }
        // Columns: a masonry layout scrolls vertically.
        ScrollView {
            HStack(alignment: .top) {
                ForEach(columns, id: \.self) { column in
                    LazyVStack { ForEach(column, id: \.self) { Text($0) } }
                }
            }
        }
        ScrollView(axes) {
            LazyHStack { ForEach(tags, id: \.self) { Text($0) } }
        }
        ScrollView([.horizontal, .vertical]) {
            LazyVStack { ForEach(tags, id: \.self) { Text($0) } }
        }
        ScrollView {
            LazyVStack { ForEach(tags, id: \.self) { Text($0) } }
            HStack { ForEach(tags, id: \.self) { Text($0) } }
        }
        ScrollView(.horizontal) {
            VStack { ForEach(tags, id: \.self) { Text($0) } }
        }
    }
}
