import SwiftUI

/// A builder in an extension in another file: Header builds Badge through it.
extension Header {
    var badge: some View { Badge(count: 3) }
}
// graph-edge: Header builds Badge

struct Badge: View {
    let count: Int
    var body: some View { Text("\(count)") }
}

struct Detail: View {
    @Environment(Settings.self) private var settings
    let formatter = Formatter()

    var body: some View {
        Text(formatter.format("size")).font(.system(size: settings.fontSize))
    }
}
// graph-edge: Detail observes Settings
