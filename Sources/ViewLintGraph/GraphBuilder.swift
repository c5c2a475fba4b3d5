import ViewLintCore
import ViewLintModel
import ViewLintRules

extension DependencyGraph {
    /// Builds the graph of every view and model the project declares. `findings` are attached
    /// to the nodes of the types they name (their `symbol` starts with the type's name).
    public static func build(_ project: ProjectModel, findings: [Finding] = []) -> DependencyGraph {
        var builder = GraphBuilder(project: project)
        builder.addTypes()
        builder.addEdges()
        builder.attach(findings)
        return builder.graph()
    }
}

/// Wrappers that make a view re-run its body when the wrapped model changes.
private let observingWrappers: Set<String> = ["StateObject", "ObservedObject", "EnvironmentObject", "Bindable"]
/// Wrappers whose value SwiftUI owns or passes down without subscribing the view to a model.
private let valueWrappers: Set<String> = ["State", "Binding"]

struct GraphBuilder {
    let project: ProjectModel
    var nodes: [DependencyGraph.Node] = []
    var nodeIndex: [String: Int] = [:]
    /// Type key to node, for views and models.
    var typeNodes: [String: Int] = [:]
    var edges: Set<DependencyGraph.Edge> = []

    init(project: ProjectModel) { self.project = project }

    // MARK: Nodes

    mutating func addTypes() {
        // Sorted keys: node order (and so every rendering) is the same from run to run.
        for key in project.types.keys.sorted() {
            guard let type = project.types[key], type.isDeclaredInProject, type.kind != .extension,
                  type.kind != .protocol else { continue }
            let kind: DependencyGraph.NodeKind
            if project.isView(type) {
                kind = .view
            } else if type.kind == .class, isObservable(type) {
                kind = .observable
            } else if type.kind == .class, project.conforms(type, toAnyOf: ["ObservableObject"]) {
                kind = .observableObject
            } else {
                continue
            }
            let primary = type.declarations.first { project.declaration($0).kind != .extension } ?? type.declarations[0]
            let file = project.files[primary.file]
            let decl = project.declaration(primary)
            let closures = kind == .view ? storedProperties(of: type).filter(\.isFunctionType).map(\.name) : []
            let id = key.contains("#") ? type.qualifiedName + " (" + file.path + ")" : type.qualifiedName
            let node = DependencyGraph.Node(id: id, name: type.qualifiedName, kind: kind, path: file.path,
                                            line: file.source.line(ofOffset: decl.nameRange.start), group: folder(of: file.path),
                                            closureInputs: closures, findings: [], typeKey: key)
            typeNodes[key] = add(node)
        }
    }

    func isObservable(_ type: ProjectModel.TypeInfo) -> Bool {
        type.declarations.contains { project.declaration($0).attributes.contains { $0.name == "Observable" || $0.name == "Model" } }
    }

    mutating func add(_ node: DependencyGraph.Node) -> Int {
        if let existing = nodeIndex[node.id] { return existing }
        nodes.append(node)
        nodeIndex[node.id] = nodes.count - 1
        return nodes.count - 1
    }

    mutating func valueNode(_ keyPath: String, kind: DependencyGraph.NodeKind) -> Int {
        add(DependencyGraph.Node(id: keyPath, name: keyPath, kind: kind, path: nil, line: nil, group: "environment",
                                 closureInputs: [], findings: [], typeKey: nil))
    }

    func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }

    func storedProperties(of type: ProjectModel.TypeInfo) -> [Member] {
        project.members(of: type).map(\.member).filter { $0.kind == .storedProperty }
    }

    // MARK: Edges

    mutating func addEdges() {
        for (key, from) in typeNodes.sorted(by: { $0.value < $1.value }) where nodes[from].kind == .view {
            guard let view = project.types[key] else { continue }
            for (_, member) in project.members(of: view) {
                if member.kind == .storedProperty { addDependency(from: from, property: member, in: view) }
                for call in member.calls { addBuild(from: from, call: call, in: view) }
            }
        }
    }

    mutating func addBuild(from: Int, call: CallSite, in view: ProjectModel.TypeInfo) {
        var chain = call.callee
        if chain.last == "init" { chain.removeLast() }
        guard let last = chain.last, last.first?.isUppercase == true,
              let child = project.resolveType(chain.joined(separator: "."), from: view),
              let to = typeNodes[child.key], nodes[to].kind == .view, to != from else { return }
        edges.insert(DependencyGraph.Edge(from: from, to: to, kind: .builds, label: nil,
                                          passesClosures: !nodes[to].closureInputs.isEmpty))
    }

    mutating func addDependency(from: Int, property: Member, in view: ProjectModel.TypeInfo) {
        let wrapper = property.attributes.first { $0.name.first?.isUppercase == true }
        let label = (wrapper.map { "@" + $0.name + " " } ?? "") + property.name
        // The subscribing wrappers but `@EnvironmentObject`, which holds a model typed like any property.
        if let wrapper, KnownNames.subscribingWrappers.contains(wrapper.name) && wrapper.name != "EnvironmentObject" {
            let argument = (wrapper.arguments ?? "").filter { $0 != " " }
            if argument.hasPrefix("\\") {
                let kind: DependencyGraph.NodeKind = wrapper.name == "Environment" ? .environmentKey : .focusedValue
                edges.insert(DependencyGraph.Edge(from: from, to: valueNode(argument, kind: kind), kind: .subscribes,
                                                  label: label, passesClosures: false))
                return
            }
            if argument.hasSuffix(".self"), let model = modelNode(String(argument.dropLast(5)), in: view) {
                edges.insert(DependencyGraph.Edge(from: from, to: model, kind: .observes, label: label, passesClosures: false))
                return
            }
            if wrapper.name == "FocusedObject", let model = modelNode(TypeText.declared(property), in: view) {
                edges.insert(DependencyGraph.Edge(from: from, to: model, kind: .observes, label: label, passesClosures: false))
            }
            return
        }
        guard let target = typeNode(TypeText.declared(property), in: view), target != from else { return }
        let kind: DependencyGraph.EdgeKind
        switch (wrapper?.name, nodes[target].kind) {
        case (let name?, .observableObject) where observingWrappers.contains(name): kind = .observes
        case (_, .observable) where wrapper == nil || observingWrappers.contains(wrapper!.name) || wrapper!.name == "State":
            // Observation tracks what body reads through any reference to the model, wrapped or not.
            kind = .observes
        case (let name?, _) where !valueWrappers.contains(name) && !observingWrappers.contains(name): return
        default: kind = .holds
        }
        edges.insert(DependencyGraph.Edge(from: from, to: target, kind: kind, label: label, passesClosures: false))
    }

    func typeNode(_ text: String?, in view: ProjectModel.TypeInfo) -> Int? {
        guard let text, let name = TypeText.baseName(text), let type = project.resolveType(name, from: view) else { return nil }
        return typeNodes[type.key]
    }

    func modelNode(_ text: String?, in view: ProjectModel.TypeInfo) -> Int? {
        guard let node = typeNode(text, in: view), nodes[node].kind.isModel else { return nil }
        return node
    }

    // MARK: Findings

    mutating func attach(_ findings: [Finding]) {
        // The longest type name the symbol starts with: `Outer.Row.title` belongs to `Outer.Row`.
        var byName: [String: [Int]] = [:]
        for (i, node) in nodes.enumerated() where node.kind == .view || node.kind.isModel { byName[node.name, default: []].append(i) }
        for finding in findings {
            var name = Substring(finding.symbol)
            while !name.isEmpty {
                if let candidates = byName[String(name)] {
                    let node = candidates.first { nodes[$0].path == finding.path } ?? candidates[0]
                    nodes[node].findings.append(DependencyGraph.NodeFinding(
                        ruleID: finding.ruleID, severity: finding.severity.rawValue, message: finding.message,
                        line: finding.start.line))
                    break
                }
                guard let dot = name.lastIndex(of: ".") else { break }
                name = name[..<dot]
            }
        }
    }

    func graph() -> DependencyGraph {
        DependencyGraph(nodes: nodes, edges: edges.sorted { a, b in
            (a.from, a.to, a.kind, a.label ?? "") < (b.from, b.to, b.kind, b.label ?? "")
        })
    }
}
