import SwiftUI

/// `id: \.offset` names a property of the element when the project declares one: that is the
/// element's own data, not its position.
struct TimeZoneRow: Identifiable {
    let id: String
    let offset: Int
}

struct TimeZones: View {
    let zones: [TimeZoneRow]
    var body: some View {
        ForEach(zones, id: \.offset) { Text($0.id) }
    }
}
