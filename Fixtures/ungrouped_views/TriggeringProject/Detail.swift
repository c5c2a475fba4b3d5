import SwiftUI

struct UngroupedDetail: View {
    var body: some View {
        content
    }

    @ViewBuilder
    private var content: some View { // expect: ungrouped_views
        Text("Title")
        Text("Body")
    }
}
