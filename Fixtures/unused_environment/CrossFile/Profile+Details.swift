import SwiftUI

extension Profile {
    var details: some View {
        Text(session.userName)
    }
}
