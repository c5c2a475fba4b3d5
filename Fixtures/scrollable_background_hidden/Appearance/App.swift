import SwiftUI
import UIKit

/// A UIKit appearance proxy makes every table transparent: the background shows.
struct ScrollSettingsAppearance: View {
    init() {
        UITableView.appearance().backgroundColor = .clear
    }
    var body: some View {
        Form { Text("a") }.background(Color.indigo)
    }
}
