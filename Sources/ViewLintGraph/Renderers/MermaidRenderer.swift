/// A Mermaid flowchart, which GitHub renders inline in Markdown (```mermaid blocks).
public enum MermaidRenderer {
    public static func render(_ graph: DependencyGraph) -> String {
        var out = "flowchart TD\n"
        for (i, node) in graph.nodes.enumerated() {
            let label = text(node.name + (node.findings.isEmpty ? "" : " (\(node.findings.count) finding(s))"))
            switch node.kind {
            case .view: out += "  n\(i)[\"\(label)\"]\n"
            case .observableObject, .observable: out += "  n\(i)([\"\(label)\"])\n"
            case .environmentKey, .focusedValue: out += "  n\(i){\"\(label)\"}\n"
            }
        }
        for edge in graph.edges {
            let label = text(edge.kind == .builds ? (edge.passesClosures ? "builds (closure)" : "builds") : edge.label ?? edge.kind.rawValue)
            let arrow: String
            switch edge.kind {
            case .builds: arrow = edge.passesClosures ? "==>" : "-->"
            case .holds, .subscribes: arrow = "-.->"
            case .observes: arrow = "-->"
            }
            out += "  n\(edge.from) \(arrow)|\"\(label)\"| n\(edge.to)\n"
        }
        let styled: [(DependencyGraph.NodeKind, String)] = [
            (.observableObject, "fill:#fde0c5"), (.observable, "fill:#d5e8f7"),
            (.environmentKey, "fill:#dff2d8"), (.focusedValue, "fill:#dff2d8"),
        ]
        for (kind, style) in styled {
            let ids = graph.nodes.indices.filter { graph.nodes[$0].kind == kind }.map { "n\($0)" }
            if !ids.isEmpty { out += "  style \(ids.joined(separator: ",")) \(style)\n" }
        }
        return out
    }

    /// Mermaid label text: quotes and markup characters as entity codes.
    static func text(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "#quot;"
            case "<": out += "#lt;"
            case ">": out += "#gt;"
            case "\n", "\r": out += " "
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
