import SwiftUI

struct StatsLegend: View {
    var body: some View {
        HStack { // expect: repeated_modifier
            Text("Low")
                .foregroundStyle(.secondary)
                .padding(4)
            Text("High")
                .padding(8)
                .foregroundStyle(.secondary)
        }
        VStack(alignment: .leading) { // expect: repeated_modifier, repeated_modifier
            Label("Sync", systemImage: "arrow.triangle.2.circlepath").font(.footnote).tint(.green)
            Label("Share", systemImage: "square.and.arrow.up").tint(.green).font(.footnote)
        }
    }
}
