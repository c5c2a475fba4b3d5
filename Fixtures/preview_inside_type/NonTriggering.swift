import SwiftUI

struct PreviewBadgeOk: View {
    var body: some View { Text("PreviewBadgeOk") }

    /// The older preview type may be nested.
    struct Previews: PreviewProvider {
        static var previews: some View { PreviewBadgeOk() }
    }
}

#Preview {
    PreviewBadgeOk()
}

#if DEBUG
#Preview("Large", traits: .sizeThatFitsLayout) {
    PreviewBadgeOk().font(.largeTitle)
}
#endif
