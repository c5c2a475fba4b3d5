/// Graphviz DOT: views as boxes clustered by folder, models as ellipses, environment values as
/// diamonds; edge styles follow the edge kind.
public enum DOTRenderer {
    public static func render(_ graph: DependencyGraph) -> String {
        var out = "digraph viewlint {\n"
        out += "  graph [rankdir=TB, fontname=\"Helvetica\", label=\"viewlint: views and what they depend on\"];\n"
        out += "  node [fontname=\"Helvetica\", fontsize=11];\n  edge [fontname=\"Helvetica\", fontsize=9];\n"
        var groups: [String: [Int]] = [:]
        for (i, node) in graph.nodes.enumerated() { groups[node.kind == .view ? node.group : "", default: []].append(i) }
        for (c, group) in groups.keys.sorted().enumerated() {
            let members = groups[group]!
            if !group.isEmpty {
                out += "  subgraph cluster_\(c) {\n    label=\(quoted(group));\n    style=rounded; color=\"#bbbbbb\";\n"
            }
            for i in members { out += (group.isEmpty ? "  " : "    ") + nodeLine(graph.nodes[i], index: i) }
            if !group.isEmpty { out += "  }\n" }
        }
        for edge in graph.edges {
            var attributes: [String] = []
            switch edge.kind {
            case .builds: attributes = edge.passesClosures ? ["color=\"#d62728\"", "style=bold"] : []
            case .holds: attributes = ["style=dashed", "arrowhead=odiamond"]
            case .observes: attributes = ["color=\"#1f77b4\""]
            case .subscribes: attributes = ["color=\"#2ca02c\"", "style=dotted"]
            }
            attributes.append("label=" + quoted(edge.kind == .builds ? (edge.passesClosures ? "builds (closure)" : "builds")
                                                 : edge.label ?? edge.kind.rawValue))
            out += "  n\(edge.from) -> n\(edge.to) [\(attributes.joined(separator: ", "))];\n"
        }
        return out + "}\n"
    }

    static func nodeLine(_ node: DependencyGraph.Node, index: Int) -> String {
        var attributes = ["label=" + quoted(node.findings.isEmpty ? node.name : "\(node.name)\n\(node.findings.count) finding(s)")]
        switch node.kind {
        case .view: attributes.append("shape=box")
        case .observableObject: attributes += ["shape=ellipse", "style=filled", "fillcolor=\"#fde0c5\""]
        case .observable: attributes += ["shape=ellipse", "style=filled", "fillcolor=\"#d5e8f7\""]
        case .environmentKey, .focusedValue: attributes += ["shape=diamond", "style=filled", "fillcolor=\"#dff2d8\""]
        }
        if !node.findings.isEmpty { attributes.append("color=\"#d62728\"") }
        return "n\(index) [\(attributes.joined(separator: ", "))];\n"
    }

    /// A DOT string literal.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r", "\t": out += " "
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
