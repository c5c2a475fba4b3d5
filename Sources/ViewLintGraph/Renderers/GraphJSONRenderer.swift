import ViewLintFormatters

/// The graph as data. The shape is versioned (`version`); a new field is a compatible change,
/// a renamed or removed one bumps it. See the README's "Dependency graph" section.
public enum GraphJSONRenderer {
    public static let version = 1

    public static func value(_ graph: DependencyGraph, blastRadius: [BlastRadiusEntry]) -> JSONValue {
        let nodes: [JSONValue] = graph.nodes.map { node in
            var fields: [(String, JSONValue)] = [("id", .string(node.id)), ("name", .string(node.name)),
                                                 ("kind", .string(node.kind.rawValue)), ("group", .string(node.group))]
            fields.append(("path", node.path.map(JSONValue.string) ?? .null))
            fields.append(("line", node.line.map(JSONValue.int) ?? .null))
            fields.append(("closureInputs", .array(node.closureInputs.map(JSONValue.string))))
            fields.append(("findings", .array(node.findings.map { f in
                .object([("ruleId", .string(f.ruleID)), ("severity", .string(f.severity)), ("message", .string(f.message)),
                         ("line", .int(f.line))])
            })))
            return .object(fields)
        }
        let edges: [JSONValue] = graph.edges.map { edge in
            .object([("from", .string(graph.nodes[edge.from].id)), ("to", .string(graph.nodes[edge.to].id)),
                     ("kind", .string(edge.kind.rawValue)), ("label", edge.label.map(JSONValue.string) ?? .null),
                     ("passesClosures", .bool(edge.passesClosures))])
        }
        let blast: [JSONValue] = blastRadius.map { entry in
            .object([("source", .string(graph.nodes[entry.source].id)), ("property", entry.property.map(JSONValue.string) ?? .null),
                     ("views", .array(entry.views.map { .string(graph.nodes[$0].id) }))])
        }
        return .object([("version", .int(version)), ("tool", .string("viewlint")), ("nodes", .array(nodes)),
                        ("edges", .array(edges)), ("blastRadius", .array(blast))])
    }

    public static func render(_ graph: DependencyGraph, blastRadius: [BlastRadiusEntry]) -> String {
        value(graph, blastRadius: blastRadius).rendered() + "\n"
    }
}
