import SwiftUI

/// Used only from an extension in another file.
struct USCard: View {
    @State var expanded = false
    @Binding var title: String

    var body: some View { content }
}
