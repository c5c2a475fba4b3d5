import SwiftUI

struct PreviewCard: View {
    var body: some View { Text("PreviewCard") }

    #Preview { // expect: preview_inside_type:5
        PreviewCard()
    }
}

extension PreviewCard {
    #if DEBUG
    #Preview("Dark") { // expect: preview_inside_type
        PreviewCard().preferredColorScheme(.dark)
    }
    #endif
}
