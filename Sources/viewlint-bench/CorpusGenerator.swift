/// Generates a deterministic synthetic SwiftUI project: views with every kind of property
/// wrapper, modifier chains, ForEach, if/else, models (ObservableObject and @Observable),
/// extensions across files, string interpolation and comments, in the proportions real apps
/// have. The same seed and size always produce the same bytes.
struct CorpusGenerator {
    var state: UInt64

    init(seed: UInt64 = 0x5EED_F00D) {
        state = seed
    }

    mutating func next() -> UInt64 {
        // xorshift64*: small, fast, deterministic everywhere.
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 2685821657736338717
    }

    mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
    mutating func chance(_ percent: UInt64) -> Bool { next() % 100 < percent }

    static let nouns = ["Profile", "Order", "Invoice", "Message", "Photo", "Playlist", "Session", "Ticket",
                        "Recipe", "Workout", "Account", "Note", "Event", "Place", "Review", "Task"]
    static let modifiers = [".padding()", ".font(.headline)", ".foregroundStyle(.secondary)", ".frame(maxWidth: .infinity)",
                            ".background(.thinMaterial)", ".clipShape(RoundedRectangle(cornerRadius: 12))",
                            ".bold()", ".lineLimit(2)", ".accessibilityLabel(Text(\"label\"))", ".opacity(0.8)"]

    /// One file of about 100 lines: a model, a view using it, and an extension of another file's view.
    mutating func file(index: Int) -> String {
        let noun = Self.nouns[index % Self.nouns.count]
        let name = "\(noun)\(index)"
        var s = "// \(name).swift: generated for the viewlint benchmark.\n"
        s += "import SwiftUI\nimport Observation\n\n"
        if chance(50) {
            s += """
                /// The \(noun.lowercased()) model, published the old way.
                final class \(name)Store: ObservableObject {
                    @Published var items: [\(name)Item] = []
                    @Published var isLoading = false
                    @Published var query = ""

                    func load() async {
                        isLoading = true
                        defer { isLoading = false }
                        items = (0..<20).map { \(name)Item(id: $0, title: "Item \\($0)", score: Double($0) * 1.5) }
                    }
                }


                """
        } else {
            s += """
                /// The \(noun.lowercased()) model, observed per property.
                @Observable
                final class \(name)Store {
                    var items: [\(name)Item] = []
                    var isLoading = false
                    var query = ""

                    func load() async {
                        isLoading = true
                        items = (0..<20).map { \(name)Item(id: $0, title: "Item \\($0)", score: Double($0) * 1.5) }
                        isLoading = false
                    }
                }


                """
        }
        s += """
            struct \(name)Item: Identifiable, Hashable {
                let id: Int
                var title: String
                var score: Double
            }

            struct \(name)View: View {
                @Environment(\\.dismiss) private var dismiss
                @Environment(\\.colorScheme) private var colorScheme
                @State private var isExpanded = false
                @State private var selection: \(name)Item.ID?
                @Binding var filter: String
                let title: String
                let subtitle: String
                var onSelect: ((\(name)Item) -> Void)?

                var body: some View {
                    NavigationStack {
                        VStack(alignment: .leading, spacing: 12) {
                            header
                            if isExpanded {
                                Text("Showing \\(filter.isEmpty ? "all" : filter) for \\(title)")
                                    \(pick(Self.modifiers))
                                    \(pick(Self.modifiers))
                            } else {
                                Text(subtitle)
                                    \(pick(Self.modifiers))
                            }
                            ForEach(items) { item in
                                Row(item: item, highlighted: item.id == selection)
                                    .onTapGesture {
                                        selection = item.id
                                        onSelect?(item)
                                    }
                            }
                            Button("Close") { dismiss() }
                                .buttonStyle(.borderedProminent)
                        }
                        \(pick(Self.modifiers))
                        .navigationTitle(title)
                        .toolbar {
                            ToolbarItem(placement: .primaryAction) {
                                Toggle("Expanded", isOn: $isExpanded)
                            }
                        }
                    }
                }

                private var items: [\(name)Item] {
                    (0..<\(5 + Int(next() % 20))).map { \(name)Item(id: $0, title: "Row \\($0)", score: 0) }
                }

                /* A block comment, as real code has: it explains why the header
                   is split out (it is reused by the compact layout). */
                private var header: some View {
                    HStack {
                        Image(systemName: colorScheme == .dark ? "moon" : "sun.max")
                        Text(title).font(.title2)
                        Spacer()
                    }
                }
            }

            private struct Row: View {
                let item: \(name)Item
                let highlighted: Bool

                var body: some View {
                    HStack {
                        Text(item.title)
                        Spacer()
                        Text(item.score, format: .number.precision(.fractionLength(1)))
                            .monospacedDigit()
                    }
                    .padding(.vertical, 4)
                    .background(highlighted ? Color.accentColor.opacity(0.2) : .clear)
                }
            }

            """
        if index > 0 {
            let other = "\(Self.nouns[(index - 1) % Self.nouns.count])\(index - 1)"
            s += """

                // An extension of a view declared in another file.
                extension \(other)View {
                    var summary: String { "\\(title): \\(subtitle)" }
                }

                """
        }
        return s
    }
}
