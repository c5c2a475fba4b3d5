/// The project's SwiftUI dependency graph: which views build which, and which models and
/// environment values each view depends on. Pure data, built from the project model
/// (`DependencyGraph.build`) and rendered by the renderers beside this file.
public struct DependencyGraph: Sendable {
    public enum NodeKind: String, Sendable, CaseIterable {
        case view
        /// A class conforming to `ObservableObject`: any `@Published` change invalidates every holder.
        case observableObject = "observable_object"
        /// An `@Observable` (or SwiftData `@Model`) class: views depend on the properties they read.
        case observable
        /// `@Environment(\.key)`.
        case environmentKey = "environment_key"
        /// `@FocusedValue(\.key)`, `@FocusedBinding(\.key)`.
        case focusedValue = "focused_value"

        public var isModel: Bool { self == .observableObject || self == .observable }
    }

    public enum EdgeKind: String, Sendable, CaseIterable, Comparable {
        /// A parent's body (or a builder it calls) constructs the child view.
        case builds
        /// A stored input whose type is a project view or model, without a subscribing wrapper.
        case holds
        /// A dependency that re-runs the view's body when the model changes.
        case observes
        /// A subscription to an environment or focused value.
        case subscribes

        public static func < (a: EdgeKind, b: EdgeKind) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }
    }

    public struct NodeFinding: Sendable, Hashable {
        public var ruleID: String
        public var severity: String
        public var message: String
        public var line: Int
    }

    public struct Node: Sendable, Hashable {
        /// Unique and stable: the type's qualified name (a `private` type's name is suffixed with
        /// its file), or the key path for environment values (`\.colorScheme`).
        public var id: String
        public var name: String
        public var kind: NodeKind
        public var path: String?
        public var line: Int?
        /// The folder of the declaring file: how the page groups views.
        public var group: String
        /// Names of the view's stored closure inputs (a view holding one re-runs its body on
        /// every parent update).
        public var closureInputs: [String]
        public var findings: [NodeFinding]
        /// The project model's key of the type, for views and models.
        public var typeKey: String?
    }

    public struct Edge: Sendable, Hashable {
        public var from: Int
        public var to: Int
        public var kind: EdgeKind
        /// The property behind the edge and its wrapper (`@StateObject store`); nil for `builds`.
        public var label: String?
        /// For `builds`: the child stores closures, so it re-runs whenever this parent does.
        public var passesClosures: Bool
    }

    public var nodes: [Node]
    public var edges: [Edge]

    public init(nodes: [Node], edges: [Edge]) {
        self.nodes = nodes
        self.edges = edges
    }

    public func index(of id: String) -> Int? { nodes.firstIndex { $0.id == id } }

    /// The node whose id or name is `name`: the id when both match different nodes.
    public func node(named name: String) -> Int? {
        index(of: name) ?? nodes.firstIndex { $0.name == name }
    }
}
