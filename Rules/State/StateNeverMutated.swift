import ViewLintCore
import ViewLintModel

/// ## What it does
/// Flags `@State` and `@Binding` properties of a value type that the view reads but never
/// assigns, mutates or projects with `$`.
///
/// ## Why is this bad?
/// `@State` asks SwiftUI for storage that outlives the view value and for updates when it
/// changes; `@Binding` makes every parent pass a two-way reference. A value nobody changes needs
/// neither: a `let` says what the view does, costs no storage, and parents pass a plain value.
///
/// ## Use instead
/// `let x = 0` (or a `static let`) for state that never changes, `let x: T` for a binding the
/// view only reads.
public struct StateNeverMutated: Rule {
    public static let description = RuleDescription(
        id: "state_never_mutated",
        name: "State never mutated",
        summary: "A @State or @Binding of a value type is read but never changed or projected with $.",
        rationale: """
            `@State` gives a view storage that SwiftUI keeps across re-creations of the view value and watches \
            for changes; `@Binding` lets a view write back to its parent's storage. When the view never assigns \
            the property, never calls a mutating method on it and never passes `$x` on, neither is used: the \
            value the view reads is the one it started with. A `let` (for state, often a `static let`) says so, \
            needs no storage, and for a binding lets parents pass the value instead of `$value`.

            Every change counts, in any file and in nested types: `x = ...`, `x.a = ...`, `x[i] += 1`, `&x`, \
            a mutating method of the standard library (`toggle`, `append`, `removeAll { }`, `move`) or one the \
            project declares `mutating`, `$x`, `_x`, and `parent.x` from a nested type such as a representable's \
            `Coordinator`. Reads in closures, comparisons (`if x == nil`) and a shadowing `let x = x ?? 0` are \
            reads.

            Not reported: classes (`@State private var model = Model()` is how a view keeps one instance) and \
            types that are not known to be values; state whose initial value is a call or a fresh value \
            (`UUID()`, `Date.now`, an iterator), which `@State` keeps stable across re-inits where a `let` would \
            regenerate it; state an `init` seeds (`_x = State(initialValue:)`) or a parent passes \
            (`state_from_parameter` and `state_not_private` are about those); properties nothing uses at all \
            (`unused_state`).
            """ + "\n\n" + ViewDefinition.documentation,
        severity: .note,
        precision: .high,
        tags: ["swiftui", "state"],
        triggeringExamples: [
            RuleExample("""
                struct Counter: View {
                    @State private var ↓step = 1
                    @State private var ↓count: Int?
                    var body: some View {
                        Text("\\(step)")
                            .onAppear {
                                if count == nil { }
                                let count = count ?? 0
                                print(count)
                            }
                    }
                }
                """),
            RuleExample("""
                struct Title: View {
                    @Binding var ↓text: String
                    var body: some View { Text(text) }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct Counter: View {
                    @State private var count = 0
                    @State private var items: [Int] = []
                    @State private var isOn = false
                    @Binding var text: String
                    var body: some View {
                        Button("\\(count)") { count += 1; items.removeAll { $0 > 3 } }
                        Toggle("On", isOn: $isOn)
                        TextField("Text", text: $text)
                    }
                }
                """),
            RuleExample("""
                struct Stable: View {
                    @State private var id = UUID()
                    @State private var start = Date.now
                    @State private var model = Model()
                    var body: some View { Text("\\(id) \\(start) \\(model)") }
                }
                """),
            RuleExample("""
                struct Draft {
                    static let empty = Draft()
                    var lines: [String] = []
                    mutating func reset() { lines = [] }
                }
                struct Editor: View {
                    @State private var draft = Draft.empty
                    var body: some View { Button("Reset \\(draft.lines.count)") { draft.reset() } }
                }
                """),
            RuleExample("""
                struct PhotoPicker: UIViewControllerRepresentable {
                    @Binding var image: Data?
                    func makeUIViewController(context: Context) -> UIViewController { UIViewController() }
                    func updateUIViewController(_ controller: UIViewController, context: Context) {}
                    final class Coordinator {
                        var parent: PhotoPicker
                        init(parent: PhotoPicker) { self.parent = parent }
                        func picked(_ data: Data) { parent.image = data }
                    }
                }
                """),
        ],
        knownLimits: [
            "Fix (safe): private `@State` with an initial value becomes a `private let` (the attribute and, when it has its own line, that line go). A `@Binding`, or state without an initial value, is advice only: the view's initializer and its callers change.",
            "Only types known to be values are checked: literals, standard-library and Foundation value types, and structs and enums of the project. State of a type from another module is not reported.",
            "A mutating method of a type from another module (other than the standard library's usual ones) is not known to mutate; when such a value is only changed through one, the finding is wrong. Suppress it with a reason.",
            "A `@Binding` a parent passes so that its own body does not read the value (only the child is re-evaluated when it changes) is reported; where that narrowing is deliberate, suppress the finding with a reason.",
            "A name bound by `if let`, `for` or a `case` pattern with the same name as the property can hide a change of the property, which keeps the rule silent.",
        ]
    )

    /// Mutating methods of the standard library and common value types beyond those the model
    /// already records as changes (`KnownNames.mutatingMethods`).
    static let extraMutatingMethods: Set<String> = [
        "move", "swapAt", "reserveCapacity", "negate", "formIndex", "update", "trimPrefix", "replace",
        "partition", "round", "formSquareRoot", "formRemainder", "formTruncatingRemainder", "addProduct",
        "addLine", "addLines", "addArc", "addRect", "addRects", "addRoundedRect", "addEllipse", "addCurve",
        "addQuadCurve", "addPath", "closeSubpath", "setValue", "removeAll", "removeFirst", "removeLast",
        "append", "insert", "remove", "mergeAttributes", "setAttributes", "applyChanges",
    ]

    /// Value types of the standard library, Foundation, CoreGraphics and SwiftUI that a property
    /// is commonly declared with.
    static let knownValueTypes: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float",
        "CGFloat", "Bool", "String", "Character", "Substring", "Decimal", "TimeInterval", "URL", "Data",
        "CGPoint", "CGSize", "CGRect", "CGVector", "Array", "Dictionary", "Set", "Range", "ClosedRange",
        "IndexSet", "DateComponents", "AttributedString", "Color", "Angle", "Edge", "Alignment",
        "HorizontalAlignment", "VerticalAlignment", "UnitPoint", "EdgeInsets", "Font", "LocalizedStringKey",
        "ColorScheme", "Visibility", "ContentMode", "Axis",
    ]

    public init(options: RuleOptions) {}

    /// Construction calls are asked of an uninitialised `@State` (its parents' arguments).
    public func prepare(_ project: ProjectModel) { project.prepareConstructionCalls() }

    public func check(_ context: RuleContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let project = context.project
        // The project's mutating methods, asked at most once per file (each ask hashes the
        // fact's key under a lock), and only once a method is called on a candidate.
        var mutating: Memo<Set<String>> = .notAsked
        let source = context.file.source
        for (view, _, properties) in context.viewWrappedProperties {
            // Names read through values of the view, looked up once per view (by its simple
            // name, hashed) and only for a view with a candidate that gets that far.
            // What the view's code may change, gathered once per view and only for a view with
            // a candidate that gets that far: asked per candidate, each walked all of the view's
            // members again (about half of the rule's instructions).
            var changes: Memo<ViewChanges> = .notAsked
            for wrapped in properties where wrapped.wrapper == "State" || wrapped.wrapper == "Binding" {
                let property = wrapped.property
                let attribute = property.attributes[wrapped.wrapperIndex]
                // `@FocusState.Binding` is named `Binding` too, and only a focus binding does its job.
                guard !source.mentions("FocusState.", within: attribute.range.start..<attribute.range.end),
                      let type = valueType(property, in: view, project: project) else { continue }
                let wrapper = wrapped.wrapper
                let id = wrapped.id
                if wrapper == "State" {
                    guard isConstantState(property, id: id, in: view, project: project) else { continue }
                }
                guard project.isUsed(id, in: view) else { continue }
                let name = property.name
                let viewChanges = changes.answer { ViewChanges(view, project: project) }
                guard !viewChanges.mayChange(name, id: id, project: project, mutating: &mutating) else { continue }
                let message: String
                // One interpolation each, not two joined: a finding per view made the join a copy of
                // every message.
                if wrapper == "State" {
                    message = """
                        @State '\(name)' is never assigned, mutated or projected with '$\(name)'; its value never \
                        changes, so a 'let' (or a static constant) does the same without the state storage
                        """
                } else {
                    message = """
                        @Binding '\(name)' is never assigned, mutated or passed on as '$\(name)'; the view only \
                        reads it, so 'let \(name): \(type)' does the same and parents pass the value instead of a binding
                        """
                }
                let summary = FilledText(wrapper == "State" ? Self.letInsteadOfState : Self.letInsteadOfBinding, name)
                var fix = Fix(summary: summary)
                if wrapper == "State", property.initializer != nil, StateFixes.isPrivate(property),
                   let edits = letEdits(property, attribute: attribute, source: context.file.source.bytes) {
                    fix = Fix(summary: summary, edits: edits)
                }
                diagnostics.append(Diagnostic(
                    range: property.nameRange,
                    message: message,
                    symbol: "\(view.qualifiedName).\(name)",
                    fixes: [fix]))
            }
        }
        return diagnostics
    }

    // The fixes' summaries are these templates and the property's name (joined when a report
    // prints them): a string per finding was 0.8 MB of the rules' 21 MB at 1M generated lines.
    static let letInsteadOfState = FilledText.Template("declare '", "' with 'let' instead of @State")
    static let letInsteadOfBinding = FilledText.Template("declare '", "' with 'let' instead of @Binding")

    /// `@State private var step = 1` to `private let step = 1`: the attribute goes (with the line
    /// break after it when the declaration continues on the next line) and `var` becomes `let`.
    /// Nil when a comment sits between the attribute and the rest.
    func letEdits(_ property: Member, attribute: Attribute, source: [UInt8]) -> [TextEdit]? {
        guard let introducer = property.introducerRange, attribute.range.end <= introducer.start,
              introducer.end <= source.count,
              String(decoding: source[introducer.start..<introducer.end], as: UTF8.self) == "var" else { return nil }
        var end = attribute.range.end
        while end < introducer.start, source[end] == 0x20 || source[end] == 0x09 || source[end] == 0x0A || source[end] == 0x0D {
            end += 1
        }
        guard end <= introducer.start else { return nil }
        let between = String(decoding: source[attribute.range.end..<end], as: UTF8.self)
        if between.contains("/") { return nil }
        var start = attribute.range.start
        if between.contains("\n") {
            // Keep the next line's indentation: remove the attribute's own indentation and line.
            var lineStart = start
            while lineStart > 0, source[lineStart - 1] == 0x20 || source[lineStart - 1] == 0x09 { lineStart -= 1 }
            guard lineStart == 0 || source[lineStart - 1] == 0x0A else { return nil }
            start = lineStart
            end = attribute.range.end
            while end < source.count, source[end] != 0x0A { end += 1 }
            end += 1
        }
        return [.delete(SourceRange(start: start, end: end)), TextEdit(range: introducer, text: "let")]
    }

    /// Is this `@State` owned by the view with a value no one else sets: an initial value that is
    /// a constant (not a call or a fresh value a `let` would regenerate), or an optional that
    /// starts as nil, and no `init` or parent that seeds it?
    func isConstantState(_ property: Member, id: NameID?, in view: ProjectModel.TypeInfo, project: ProjectModel) -> Bool {
        if project.initializerAssigns(id, in: view) { return false }
        let passedByParent = !StateFixes.isPrivate(property)
            && project.constructionCount(of: view, passing: property.name) > 0
        if passedByParent { return false }
        guard let initializer = property.initializer else {
            // Without `= ...`, only an optional starts with a value (nil).
            return property.typeText.map(TypeText.isOptional) == true
        }
        return isConstant(initializer, in: view, project: project)
    }

    /// Literals, implicit members (`.leading`), static members of value types (`Int.max`,
    /// `Filter.all`) and operators over them; not calls, nor `Date.now` and the like.
    func isConstant(_ shape: ExprShape, in view: ProjectModel.TypeInfo, project: ProjectModel) -> Bool {
        switch shape {
        case .integer, .float, .string, .boolean, .nilLiteral, .dictionary:
            return true
        case .array(let elements):
            return elements.allSatisfy { isConstant($0, in: view, project: project) }
        case .member(nil, let name):
            return !["now", "random", "distantFuture", "distantPast"].contains(name)
        case .member(let base?, let name):
            guard let chain = base.nameChain, let root = chain.last, root.first?.isUppercase == true,
                  !KnownNames.freshValueTypes.contains(root), !["now", "random", "shared", "default"].contains(name) else { return false }
            return isValueTypeName(chain.joined(separator: "."), in: view, project: project)
        case .range(let lower, _, let upper):
            return [lower, upper].allSatisfy { $0.map { isConstant($0, in: view, project: project) } ?? true }
        case .operators(_, let operands):
            return operands.allSatisfy { isConstant($0, in: view, project: project) }
        case .ternary(_, let a, let b):
            return isConstant(a, in: view, project: project) && isConstant(b, in: view, project: project)
        default:
            return false
        }
    }

    /// The property's type, when it is known to be a value type: from its annotation, or from a
    /// literal initial value.
    func valueType(_ property: Member, in view: ProjectModel.TypeInfo, project: ProjectModel) -> String? {
        if property.isFunctionType { return nil }
        if let text = property.typeText {
            switch Self.annotatedType(text) {
            case .collection: return text
            case .named(let base):
                guard let name = TypeText.baseName(base) else { return nil }
                return isValueTypeName(name, in: view, project: project) ? text : nil
            }
        }
        switch property.initializer {
        case .integer?: return "Int"
        case .float?: return "Double"
        case .string?: return "String"
        case .boolean?: return "Bool"
        case .member(let base?, _)?:
            guard let chain = base.nameChain else { return nil }
            let name = chain.joined(separator: ".")
            return isValueTypeName(name, in: view, project: project) ? name : nil
        default: return nil
        }
    }

    /// What an annotation names once `?`, `!` and `Optional<...>` are taken off: an array or
    /// dictionary (a value type whatever it holds), or the text of a type to look up.
    enum AnnotatedType {
        case collection
        case named(String)
    }

    /// Read by byte, in place: `hasSuffix` and `hasPrefix` on a `String` compare by Character,
    /// and slicing a `Substring` by its UTF-8 view cost more than the rest of the rule's look
    /// at a property. The annotation itself when there is nothing to take off (the usual case).
    /// `Optional<` is taken off only when the text ends in `>`.
    static func annotatedType(_ text: String) -> AnnotatedType {
        var text = text
        let inside = text.withUTF8 { bytes -> AnnotatedType? in
            var end = bytes.count
            while end > 0, bytes[end - 1] == 0x3F || bytes[end - 1] == 0x21 { end -= 1 }
            var start = 0
            let prefix = "Optional<".utf8
            if end > prefix.count, bytes[end - 1] == 0x3E, bytes[0..<prefix.count].elementsEqual(prefix) {
                start = prefix.count
                end -= 1
            }
            if start < end && bytes[start] == 0x5B { return .collection }
            if start == 0 && end == bytes.count { return nil }
            return .named(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
        }
        return inside ?? .named(text)
    }

    func isValueTypeName(_ name: String, in view: ProjectModel.TypeInfo, project: ProjectModel) -> Bool {
        if let type = project.resolveType(name, from: view), type.isDeclaredInProject {
            return type.kind == .struct || type.kind == .enum
        }
        let utf8 = name.utf8
        // The prefixes compared only for a name that starts with their `S` or `F`: three generic
        // `starts(with:)` cost more than the set's lookup that follows.
        let first = utf8.first
        let simple = (first == 0x53 || first == 0x46)
            && (utf8.starts(with: "Swift.".utf8) || utf8.starts(with: "Foundation.".utf8) || utf8.starts(with: "SwiftUI.".utf8))
            ? String(name.split(separator: ".").last ?? "") : name
        return StateNeverMutated.knownValueTypes.contains(simple)
    }

    /// What a view's code may change, by name: each candidate is answered from it (see
    /// `mayChange`).
    struct ViewChanges {
        /// Written, mutated, rooted a change, or had a mutating method called on it, outside the
        /// initialisers; projected with `$` anywhere; read as `parent.x` by a nested type; read
        /// through a value of the view elsewhere (`view.x`).
        var changed: NameSet
        /// The names of `Mutation`s outside the initialisers, which carry no id.
        var mutated: [String] = []
        /// Methods called on paths rooted at a property, outside the initialisers: a project's
        /// `mutating func` is looked up only for a candidate's own calls.
        var methodCalls: [(root: NameID, methods: NameSet)] = []
        /// Every member's reads, for `_x`: a candidate's underscored id is looked up (hashed,
        /// under a lock) only when no other change was found.
        var reads: [NameSet] = []

        init(_ view: ProjectModel.TypeInfo, project: ProjectModel) {
            // Room for a view's usual changes and readers at once: grown from nothing, the two
            // arrays took four to six allocations per view.
            var ids: [NameID] = []
            ids.reserveCapacity(32)
            reads.reserveCapacity(16)
            // Most of these sets are empty: appending an empty array still cost a call each.
            func gather(_ set: NameSet) { if !set.isEmpty { ids += set.ids } }
            // The members read in place, declaration by declaration: the members' iterator
            // retained each one it handed out, and its bookkeeping cost as much again.
            let files = project.files
            for ref in view.declarations {
                let members = files[ref.file].types[ref.index].members
                for m in members.indices {
                    let member = members[m]
                    gather(member.projectedReads)
                    let memberReads = member.reads
                    if !memberReads.isEmpty { reads.append(memberReads) }
                    guard member.kind != .initializer else { continue }
                    gather(member.writes)
                    gather(member.changedRoots)
                    for mutation in member.mutations { mutated.append(mutation.name) }
                    // Most members call no method on a property: their empty table is not walked.
                    let rootMethodCalls = member.rootMethodCalls
                    if rootMethodCalls.isEmpty { continue }
                    for (root, methods) in rootMethodCalls { methodCalls.append((root, methods)) }
                }
            }
            for nested in project.nestedTypes(of: view) {
                for (_, member) in project.members(of: nested) { gather(member.memberReads) }
            }
            if let throughValues = project.memberReadsThroughValues[ProjectModel.simpleTypeKeyName(view.qualifiedName)] {
                gather(throughValues)
            }
            changed = NameSet(ids)
        }

        /// Might any code change the property: a write or a mutation through a path rooted at it
        /// (outside the initialisers), `$x`, `_x`, a mutating method call on it, a nested type
        /// reaching `parent.x`, or code elsewhere holding the view (`view.x`)?
        func mayChange(_ name: String, id: NameID?, project: ProjectModel, mutating: inout Memo<Set<String>>) -> Bool {
            if changed.contains(id) || mutated.contains(name) { return true }
            for (root, methods) in methodCalls where root == id {
                let known = mutating.answer { project.mutatingMethodNames() }
                if methods.contains(where: { known.contains($0) || StateNeverMutated.extraMutatingMethods.contains($0) }) {
                    return true
                }
            }
            guard !reads.isEmpty, let underscored = NameID.existing("_" + name) else { return false }
            return reads.contains { $0.contains(underscored) }
        }
    }
}
