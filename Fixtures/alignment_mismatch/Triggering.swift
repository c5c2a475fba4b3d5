import SwiftUI

struct GuideCard: View {
    let items: [String]
    let showBadge: Bool
    var body: some View {
        VStack {
            Text("Title")
            Text("Subtitle")
                .alignmentGuide(VerticalAlignment.center) { d in d[.top] } // expect: alignment_mismatch
            ForEach(items, id: \.self) { item in
                Text(item)
                    .alignmentGuide(.top) { _ in 0 } // expect: alignment_mismatch
            }
        }
        HStack {
            GuideIcon()
            Text("Caption")
                .alignmentGuide(.bottom) { d in d.height } // expect: alignment_mismatch
        }
        ZStack(alignment: .topLeading) {
            Color.gray
            if showBadge {
                Text("New")
                    .alignmentGuide(.bottom) { d in d.height } // expect: alignment_mismatch
                    .alignmentGuide(.trailing) { d in d.width } // expect: alignment_mismatch
            }
        }
        VStack(alignment: .leading) {
            Text("Name")
            Text("Indented")
                .alignmentGuide(HorizontalAlignment.trailing) { d in d.width } // expect: alignment_mismatch
        }
    }
}

struct GuideIcon: View {
    var body: some View {
        Image(systemName: "star")
    }
}
