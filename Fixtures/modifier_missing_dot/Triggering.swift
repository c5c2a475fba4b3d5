import SwiftUI

/// A modifier that lost its dot builds `self` again, beside the view it was meant for.
struct DotBadge: View {
    var body: some View {
        Circle()
        frame(width: 8, height: 8) // expect: modifier_missing_dot:9
    }
}

/// In nested content and after a multi-line view.
struct DotHeader: View {
    let title: String
    var body: some View {
        VStack {
            Text(title)
                .font(.headline)
            foregroundStyle(.secondary) // expect: modifier_missing_dot
        }
        .padding()
    }
}

/// In a `@ViewBuilder` helper and in an `if` branch.
struct DotToolbar: View {
    let compact: Bool
    var body: some View { content }

    @ViewBuilder var content: some View {
        if compact {
            Image(systemName: "gear")
            opacity(0.5) // expect: modifier_missing_dot
        } else {
            Label("Settings", systemImage: "gear")
        }
    }
}

/// After a closing brace.
struct DotPanel: View {
    var body: some View {
        ScrollView {
            Text("Body")
        }
        background(Color.gray) // expect: modifier_missing_dot
    }
}
