import ViewLintModel

/// For each model and environment value: the views whose body is re-evaluated when it changes.
/// An `ObservableObject` invalidates every view that observes it on any `@Published` change; an
/// `@Observable` class invalidates, per property, only the views that read that property; an
/// environment key invalidates the views subscribed to it.
public struct BlastRadiusEntry: Sendable, Hashable {
    /// The model or value's node.
    public var source: Int
    /// For an `@Observable` model, the property; nil when any change counts.
    public var property: String?
    /// The views re-evaluated, as node indices, sorted.
    public var views: [Int]

    public init(source: Int, property: String?, views: [Int]) {
        self.source = source
        self.property = property
        self.views = views
    }
}

extension DependencyGraph {
    /// Entries sorted by fan-out, largest first (ties by name), so the model to split comes first.
    /// `@Observable` properties are matched by name among the reads of the views that observe the
    /// model: a read of another value's property with the same name in such a view counts too.
    public func blastRadius(_ project: ProjectModel) -> [BlastRadiusEntry] {
        var observers: [Int: Set<Int>] = [:]
        for edge in edges where edge.kind == .observes || edge.kind == .subscribes {
            observers[edge.to, default: []].insert(edge.from)
        }
        var entries: [BlastRadiusEntry] = []
        for (index, node) in nodes.enumerated() {
            let views = observers[index] ?? []
            switch node.kind {
            case .view:
                continue
            case .observableObject, .environmentKey, .focusedValue:
                entries.append(BlastRadiusEntry(source: index, property: nil, views: views.sorted()))
            case .observable:
                guard let type = type(of: node, in: project) else { continue }
                let properties = project.members(of: type).map(\.member).filter {
                    $0.kind == .storedProperty && !$0.isLet && !$0.modifiers.contains("static")
                        && !$0.attributes.contains { $0.name == "ObservationIgnored" }
                }
                for property in properties {
                    let readers = views.filter { reads(property.name, view: nodes[$0], in: project) }
                    entries.append(BlastRadiusEntry(source: index, property: property.name, views: readers.sorted()))
                }
            }
        }
        return entries.sorted { a, b in
            if a.views.count != b.views.count { return a.views.count > b.views.count }
            if nodes[a.source].name != nodes[b.source].name { return nodes[a.source].name < nodes[b.source].name }
            return (a.property ?? "") < (b.property ?? "")
        }
    }

    func type(of node: Node, in project: ProjectModel) -> ProjectModel.TypeInfo? {
        node.typeKey.flatMap { project.types[$0] }
    }

    func reads(_ name: String, view: Node, in project: ProjectModel) -> Bool {
        guard let type = type(of: view, in: project) else { return false }
        let id = NameID.existing(name)
        let projected = NameID.existing("$" + name)
        return project.members(of: type).contains { $0.member.memberReads.contains(id) || $0.member.projectedReads.contains(projected)
            || $0.member.memberProjectedReads.contains(projected) }
    }

    /// The blast radius as a terminal table: the `top` largest entries.
    public func blastRadiusTable(_ entries: [BlastRadiusEntry], top: Int) -> String {
        var rows: [[String]] = [["views", "source", "kind", "changes when"]]
        for entry in entries.prefix(top) {
            let node = nodes[entry.source]
            let when: String
            switch node.kind {
            case .observableObject: when = "any @Published property changes"
            case .observable: when = "'\(entry.property ?? "")' changes"
            default: when = "the value changes"
            }
            rows.append([String(entry.views.count), node.name, node.kind.rawValue, when])
        }
        let widths = (0..<4).map { c in rows.map { $0[c].count }.max() ?? 0 }
        var out = ""
        for (r, row) in rows.enumerated() {
            let cells = row.enumerated().map { c, cell in
                c == 0 ? String(repeating: " ", count: widths[0] - cell.count) + cell
                    : cell + String(repeating: " ", count: c == 3 ? 0 : widths[c] - cell.count)
            }
            out += cells.joined(separator: "  ") + "\n"
            if r == 0 { out += widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n" }
        }
        if entries.count > top { out += "(\(entries.count - top) more; --top N shows more)\n" }
        if entries.isEmpty { out += "no models or environment values in the project\n" }
        return out
    }
}
