import SwiftUI

extension Card {
    var details: some View {
        Text(self.subtitle)
    }
}
