import SwiftUI

struct SpacerFreeRow<Content: View>: View {
    let title: String
    let value: String
    let items: [String]
    let showValue: Bool
    let content: Content
    var body: some View {
        VStack {
            Text(value).frame(maxWidth: .infinity, alignment: .trailing)
            // Several views beside the spacer: the stack lays them out.
            HStack {
                Text(title)
                Spacer()
                Text(value)
            }
            HStack {
                Image(systemName: "star")
                Text(title)
                Spacer()
            }
            // Centred: spacers on both sides.
            HStack {
                Spacer()
                Text(title)
                Spacer()
            }
            // A minimum gap the frame cannot say.
            HStack {
                Spacer(minLength: 0)
                Text(title)
            }
            HStack(spacing: 12) {
                Text(title)
                Spacer()
            }
            HStack {
                Spacer().frame(width: 20)
                Text(title)
            }
            // Children that may be several views, or none.
            HStack {
                Spacer()
                content
            }
            HStack {
                ForEach(items, id: \.self) { Text($0) }
                Spacer()
            }
            HStack {
                Spacer()
                if showValue { Text(value) }
            }
            HStack {
                SpacerPair()
                Spacer()
            }
            HStack {
                ExternalBadge()
                Spacer()
            }
            HStack {
                Spacer()
                #if os(iOS)
                Text(value)
                #endif
            }
            LazyVStack {
                Text(title)
                Spacer()
            }
            Menu("More") {
                HStack {
                    Text(title)
                    Spacer()
                }
            }
        }
        .toolbar {
            ToolbarItem(placement: .principal) {
                HStack {
                    Text(title)
                    Spacer()
                }
            }
        }
    }
}

struct SpacerPair: View {
    var body: some View {
        Text("One")
        Text("Two")
    }
}

struct SpacerGreedyRow: View {
    @State private var isOn = false
    @State private var name = ""
    var body: some View {
        VStack {
            HStack {
                Toggle("Enabled", isOn: $isOn)
                Spacer()
            }
            HStack {
                Spacer()
                ScrollView { Text(name) }
            }
            HStack {
                TextField("Name", text: $name)
                Spacer()
            }
        }
    }
}

struct SpacerFlexibleColumn: View {
    var body: some View {
        VStack {
            VStack {
                Text("Downloading")
                Spacer()
                ProgressView()
                Spacer()
            }
            Spacer()
        }
    }
}
