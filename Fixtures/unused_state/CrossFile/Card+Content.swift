import SwiftUI

extension USCard {
    var content: some View {
        Button(title) { expanded.toggle() }
            .overlay { TextField("Title", text: $title) }
    }
}
