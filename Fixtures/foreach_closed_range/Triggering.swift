import SwiftUI

struct StarRating: View {
    let maximum: Int
    var body: some View {
        HStack {
            ForEach(1...5) { index in // expect: foreach_closed_range
                Image(systemName: "star")
            }
            ForEach(0...maximum) { index in // expect: foreach_closed_range, unstable_foreach_id
                Text("\(index)")
            }
        }
        List(1 ... 3) { page in // expect: foreach_closed_range
            Text("Page \(page)")
        }
    }
}
