/// Positions for every node: a layered (Sugiyama-style) layout computed here, so the page needs
/// no layout library. Views are layered by the longest `builds` path from a root (cycles are
/// broken where a depth-first walk meets them), models and environment values go in the rows
/// below the views, wide layers wrap into several rows, and each row is ordered by the average
/// position of the nodes above it that point to it, which keeps most edges short.
public struct LayeredLayout: Sendable {
    public struct Box: Sendable, Hashable {
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double
    }

    public var boxes: [Box]
    public var width: Double
    public var height: Double

    public static let rowHeight = 110.0
    public static let boxHeight = 34.0
    public static let gap = 24.0
    public static let maxPerRow = 30

    public init(_ graph: DependencyGraph) {
        let count = graph.nodes.count
        let layer = Self.layers(graph)
        var rows: [[Int]] = []
        var rowOf = [Int](repeating: 0, count: count)
        let deepest = layer.max() ?? 0
        for depth in 0...max(deepest, 0) {
            let members = (0..<count).filter { layer[$0] == depth }
            var start = 0
            while start < members.count {
                rows.append(Array(members[start..<min(start + Self.maxPerRow, members.count)]))
                start += Self.maxPerRow
            }
        }
        // Order each row by the barycenter of its predecessors in earlier rows.
        var position = [Double](repeating: 0, count: count)
        var incoming = [[Int]](repeating: [], count: count)
        for edge in graph.edges { incoming[edge.to].append(edge.from) }
        for (r, row) in rows.enumerated() {
            for (i, node) in row.enumerated() { position[node] = Double(i); rowOf[node] = r }
        }
        for _ in 0..<2 {
            for r in rows.indices where r > 0 {
                let keys = rows[r].map { node -> Double in
                    let above = incoming[node].filter { rowOf[$0] < r }
                    return above.isEmpty ? position[node] : above.map { position[$0] }.reduce(0, +) / Double(above.count)
                }
                let order = rows[r].indices.sorted { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : $0 < $1 }
                rows[r] = order.map { rows[r][$0] }
                for (i, node) in rows[r].enumerated() { position[node] = Double(i) }
            }
        }
        var boxes = [Box](repeating: Box(x: 0, y: 0, width: 0, height: 0), count: count)
        var widest = 0.0
        var rowWidths: [Double] = []
        for row in rows {
            let widths = row.map { Self.width(of: graph.nodes[$0].name) }
            let total = widths.reduce(0, +) + Self.gap * Double(max(row.count - 1, 0))
            rowWidths.append(total)
            widest = max(widest, total)
        }
        for (r, row) in rows.enumerated() {
            var x = Self.gap + (widest - rowWidths[r]) / 2
            for node in row {
                let w = Self.width(of: graph.nodes[node].name)
                boxes[node] = Box(x: x, y: Self.gap + Double(r) * Self.rowHeight, width: w, height: Self.boxHeight)
                x += w + Self.gap
            }
        }
        self.boxes = boxes
        self.width = widest + 2 * Self.gap
        self.height = Double(rows.count) * Self.rowHeight + Self.gap
    }

    static func width(of name: String) -> Double { max(60, Double(name.count) * 7.2 + 24) }

    /// The layer of every node: views by longest `builds` path from a root; models one row
    /// below the deepest view, environment values one further.
    static func layers(_ graph: DependencyGraph) -> [Int] {
        let count = graph.nodes.count
        var children = [[Int]](repeating: [], count: count)
        for edge in graph.edges where edge.kind == .builds { children[edge.from].append(edge.to) }
        // Iterative depth-first walk: post-order gives a topological order of the acyclic part.
        var state = [UInt8](repeating: 0, count: count) // 0 new, 1 on the stack, 2 done
        var order: [Int] = []
        var backEdges: Set<[Int]> = []
        for root in 0..<count where state[root] == 0 && graph.nodes[root].kind == .view {
            var stack: [(node: Int, next: Int)] = [(root, 0)]
            state[root] = 1
            while let top = stack.last {
                if top.next < children[top.node].count {
                    stack[stack.count - 1].next += 1
                    let child = children[top.node][top.next]
                    if state[child] == 0 {
                        state[child] = 1
                        stack.append((child, 0))
                    } else if state[child] == 1 {
                        backEdges.insert([top.node, child])
                    }
                } else {
                    state[top.node] = 2
                    order.append(top.node)
                    stack.removeLast()
                }
            }
        }
        var layer = [Int](repeating: 0, count: count)
        for node in order.reversed() {
            for child in children[node] where !backEdges.contains([node, child]) {
                layer[child] = max(layer[child], layer[node] + 1)
            }
        }
        let deepestView = (0..<count).filter { graph.nodes[$0].kind == .view }.map { layer[$0] }.max() ?? -1
        for i in 0..<count where graph.nodes[i].kind != .view {
            layer[i] = deepestView + (graph.nodes[i].kind.isModel ? 1 : 2)
        }
        return layer
    }
}
