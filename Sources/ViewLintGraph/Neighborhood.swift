extension DependencyGraph {
    /// The part of the graph within `depth` edges of `center`, in either direction: what a
    /// reader of one view wants to see in a large app.
    public func neighborhood(of center: Int, depth: Int) -> DependencyGraph {
        var adjacent = [[Int]](repeating: [], count: nodes.count)
        for edge in edges {
            adjacent[edge.from].append(edge.to)
            adjacent[edge.to].append(edge.from)
        }
        var distance = [Int](repeating: -1, count: nodes.count)
        distance[center] = 0
        var queue = [center]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            guard distance[node] < depth else { continue }
            for next in adjacent[node] where distance[next] < 0 {
                distance[next] = distance[node] + 1
                queue.append(next)
            }
        }
        return subgraph(keeping: Set(queue))
    }

    /// The nodes in `kept` (in their order) and the edges between them.
    public func subgraph(keeping kept: Set<Int>) -> DependencyGraph {
        var renumbered = [Int](repeating: -1, count: nodes.count)
        var keptNodes: [Node] = []
        for (i, node) in nodes.enumerated() where kept.contains(i) {
            renumbered[i] = keptNodes.count
            keptNodes.append(node)
        }
        let keptEdges = edges.compactMap { edge -> Edge? in
            guard renumbered[edge.from] >= 0, renumbered[edge.to] >= 0 else { return nil }
            var e = edge
            e.from = renumbered[edge.from]
            e.to = renumbered[edge.to]
            return e
        }
        return DependencyGraph(nodes: keptNodes, edges: keptEdges)
    }
}
