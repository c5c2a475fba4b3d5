import SwiftUI

struct Header: View {
    let title: String
    var body: some View {
        HStack { Text(title); badge }
    }
}
