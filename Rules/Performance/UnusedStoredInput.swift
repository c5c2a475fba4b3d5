import ViewLintCore
import ViewLintModel

/// ## What it does
/// Flags a plain stored property of a view (`let title: String`, `var count = 0`) that no
/// member of the view reads, in any file.
///
/// ## Why is this bad?
/// When a parent's body runs, SwiftUI compares each child view's stored properties with their
/// previous values to decide whether the child's body must run too. Every stored property takes
/// part in that comparison, read or not, so an input the view never uses still makes its body
/// run whenever the parent passes a new value for it.
///
/// ## Example
/// ```swift
/// struct Badge: View {
///     let title: String
///     let lastUpdated: Date   // never read
///     var body: some View { Text(title) }
/// }
/// ```
///
/// ## Use instead
/// Remove the property, and stop passing it from the parent.
public struct UnusedStoredInput: Rule {
    public static let description = RuleDescription(
        id: "unused_stored_input",
        name: "Unused stored input",
        summary: "A view stores an input that none of its members reads.",
        rationale: """
            SwiftUI decides whether a child view's `body` must run again by comparing the child's stored \
            properties with the values it had before. Every stored property takes part in that comparison, \
            whether or not the view reads it, so an unused input still triggers body evaluations each time \
            the parent passes a different value. It also misleads readers about what the view depends on.

            Remove the property from the view (and the argument from every place that creates the view). \
            If the value is needed only to build a model or seed state, pass the model instead.

            A read anywhere counts: `body`, helper properties and methods, extensions in other files, \
            closures such as `Button { use(x) }`, `self.x`, `$x`, `_x`, key paths with a written root (`\\Self.x`; `\\.x` names a member of what it is applied to) and string interpolation. \
            Assigning the property in an `init` does not count as a read. \
            Code elsewhere in the project that reads the property through any expression of the view's type counts \
            too: a stored property is API of the module as well as an input (`controller.rootView.title` on a \
            `UIHostingController<Editor>`, `base.searchBar.placeholder` from an extension of another type, \
            `host.view.title` where `view: Editor`). Each step's type is resolved from annotations, locals built \
            from a type, generic arguments and hosting types' `rootView`; where a step cannot be resolved, any \
            member read by code that takes, builds or holds a value of the view counts. Assigning through such an \
            expression (`controller.rootView.title = x`) is not a read.
            """ + "\n\n" + ViewDefinition.documentation + "\n\n"
            + ViewDefinition.scope("views, view modifiers, shapes and representables, whose stored properties a parent sets and SwiftUI compares",
                                   notChecked: "an `App` has no parent and previews never run in the app; for scenes, commands, toolbar and table content the update cost this rule describes is not established, and precision comes first"),
        severity: .warning,
        precision: .high,
        tags: ["performance", "swiftui"],
        triggeringExamples: [
            RuleExample("""
                struct Badge: View {
                    let title: String
                    let ↓lastUpdated: Date
                    var body: some View { Text(title) }
                }
                """),
            RuleExample("""
                struct Row: View {
                    var ↓highlighted = false
                    let name: String
                    init(name: String, highlighted: Bool) {
                        self.name = name
                        self.highlighted = highlighted
                    }
                    var body: some View { Text(name) }
                }
                """),
            RuleExample("""
                public struct Tag: View {
                    public let title: String
                    public let ↓tint: Color
                    public var body: some View { Text(title) }
                }
                """, options: ["public_inputs": .string("report")]),
            RuleExample("""
                struct Shadowed: View {
                    let ↓title: String
                    func label(title: String) -> some View { Text(title) }
                    var body: some View { label(title: "fixed") }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct Badge: View {
                    let title: String
                    var body: some View { Text("\\(title)!") }
                }
                """),
            RuleExample("""
                struct Save: View {
                    let store: Store
                    var body: some View { Button("Save") { store.save() } }
                }
                """),
            RuleExample("""
                struct Card: View {
                    let subtitle: String
                    var body: some View { content }
                }
                extension Card {
                    var content: some View { Text(self.subtitle) }
                }
                """),
            RuleExample("""
                struct Toggled: View {
                    @State var isOn = false
                    static let defaultTitle = "x"
                    var body: some View { Text("") }
                }
                """),
            RuleExample("""
                struct Compared: View, Equatable {
                    let version: Int
                    let payload: [String]
                    static func == (lhs: Self, rhs: Self) -> Bool { lhs.version == rhs.version }
                    var body: some View { Text(payload.joined()) }
                }
                """),
            RuleExample("""
                public struct Tag: View {
                    public let title: String
                    public let tint: Color
                    public var body: some View { Text(title) }
                }
                """),
            RuleExample("""
                struct NotAView {
                    let unused: Int
                }
                """),
        ],
        options: [
            RuleOption("public_inputs", .string, default: .string("ignore"),
                       "What to do with a `public` or `open` stored property of a public view that nothing in the linted files reads. `ignore` (the default): it is API of a library, which clients outside the project may read, and removing it is a breaking change. `report`: report it like any other input, for an app whose packages are all linted together (their properties are `public` only to cross a module boundary the project can see)."),
        ],
        knownLimits: [
            "Reads through reflection (`Mirror`), `@dynamicMemberLookup` or Objective-C key-value coding are not seen.",
            "A name bound by a `case` pattern with the same name as the property counts as a read of the property; a local `let`/`var`, `if let`, `guard let` or `for` name does not.",
            "A view with an attached macro (`@ViewAction(for: Feature.self)`, any attribute that is not a plain declaration attribute such as `@MainActor` or `@available`) is not checked: the code the macro generates may read its properties (`send` reads `store`).",
            "A read through a name bound by `if let`, `guard let` or `for` counts when the bound value's type is spelled in the code (a cast `as? PageController`, an annotation, a property or parameter of a known type, an element of an array of one); through a call's result (`items.filter { ... }`) it is not typed, so it counts only where the name-based rules see it (code that takes, builds or holds a value of the view).",
            "Properties that a project protocol requires, and `id` on `Identifiable` views, are not reported: generic code may read them.",
        ],
        flagsUnusedCode: true
    )

    /// Attributes of a type that are not macros generating code that could read its properties.
    static let attributesWithoutGeneratedCode: Set<String> = [
        "MainActor", "available", "preconcurrency", "frozen", "usableFromInline", "_documentation", "dynamicMemberLookup",
        "objc", "nonobjc", "objcMembers", "inlinable", "_spi", "_alwaysEmitIntoClient", "retroactive", "unchecked",
        "Sendable", "_fixed_layout", "_implementationOnly", "warn_unqualified_access", "globalActor", "propertyWrapper",
        "resultBuilder", "testable", "_exported", "main",
    ]

    /// What to do with a `public`/`open` property of a public type (`public_inputs:`).
    let reportsPublicInputs: Bool

    public init(options: RuleOptions) {
        reportsPublicInputs = options.string("public_inputs") == "report"
    }

    /// The modifiers that make a declaration visible outside its module. Made once: a set
    /// literal in `isPublicAPI` was built for every unread input (40 M instructions on the huge
    /// file's tenth, 26,000 unread inputs).
    static let publicAccess: Set<String> = ["public", "open"]

    /// A property clients of the module can read: `public` or `open` (`public private(set)`
    /// too) on a type that is public with every type enclosing it.
    static func isPublicAPI(_ property: Member, of decl: TypeDecl, in file: FileModel) -> Bool {
        guard property.modifiers.contains(where: publicAccess.contains), decl.modifiers.contains(where: publicAccess.contains) else {
            return false
        }
        var parent = decl.parent
        var steps = 0
        while let index = parent, index < file.types.count, steps < 64 {
            let enclosing = file.types[index]
            // Members of a public extension's type take the extension's access.
            if !enclosing.modifiers.contains(where: publicAccess.contains) { return false }
            parent = enclosing.parent
            steps += 1
        }
        return true
    }

    public func check(_ context: RuleContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        // One message per name and reason, made once per file: a file's views repeat the same
        // property names, and one huge file's findings were a string interpolation each.
        var messages = Messages()
        let project = context.project
        // The file's views with their properties split by wrapper, as several rules share them.
        for entry in context.viewStoredProperties {
            let (view, decl) = (entry.view, entry.decl)
            // An attached macro (`@ViewAction(for: Feature.self)`) generates code that may read
            // any property (`send` reads `store`), out of the model's sight.
            if decl.attributes.contains(where: { !Self.attributesWithoutGeneratedCode.contains($0.name) }) { continue }
            // The stored inputs read in place, and the view's read set asked once: most inputs
            // are read, and what an unread one needs (its type's `==`, its initializers' writes,
            // the file) is made only for it.
            var namesRead: NameSet? = nil
            var unreadFacts: (comparedByEquality: Bool, initializerWrites: NameSet)? = nil
            for property in entry.unwrapped where project.isStoredInput(unwrapped: property) {
                if namesRead == nil { namesRead = project.namesRead(in: view) }
                if namesRead!.contains(property.nameID) { continue }
                // Spelled once for the unread input: `Member.name` looks the id up in the name
                // table, and a finding spells it four times.
                let name = property.name
                if project.isRequiredByProtocol(name, of: view) { continue }
                // Public API of a library: clients outside the linted files may read it.
                if !reportsPublicInputs && UnusedStoredInput.isPublicAPI(property, of: decl, in: project.files[context.fileIndex]) {
                    continue
                }
                if unreadFacts == nil {
                    // With a custom `==` SwiftUI compares through it, so the cost is dead code, not updates.
                    unreadFacts = (project.hasCustomEquality(view), project.initializerWrites(of: view))
                }
                let (comparedByEquality, initializerWrites) = unreadFacts!
                // A value written in the declaration that no parent can replace is not an input.
                if project.isFixedByDeclaration(property, initializerWrites: initializerWrites) {
                    diagnostics.append(Diagnostic(
                        range: property.nameRange,
                        message: messages.constant(name),
                        symbol: "\(view.qualifiedName).\(name)",
                        advice: FilledText(Self.removal, name, decl.name)))
                    continue
                }
                diagnostics.append(Diagnostic(
                    range: property.nameRange,
                    message: messages.input(name, comparedByEquality: comparedByEquality),
                    symbol: "\(view.qualifiedName).\(name)",
                    advice: FilledText(Self.removalWithCreators, name, decl.name)))
            }
        }
        return diagnostics
    }

    // The fixes' summaries name the property and its view: kept as these templates and the two
    // names (joined when a report prints them), not a string per finding.
    static let removal = FilledText.Template("remove '", "' from '", "'")
    static let removalWithCreators = FilledText.Template("remove '", "' from '", "' and from the places that create it")

    /// The rule's messages by property name, each made once.
    struct Messages {
        private var constants: [String: String] = [:]
        private var inputs: [String: String] = [:]
        private var inputsWithEquality: [String: String] = [:]

        mutating func constant(_ name: String) -> String {
            if let known = constants[name] { return known }
            let made = "stored constant '\(name)' is never read; no parent can set it, so it is dead code: remove it"
            constants[name] = made
            return made
        }

        mutating func input(_ name: String, comparedByEquality: Bool) -> String {
            if let known = comparedByEquality ? inputsWithEquality[name] : inputs[name] { return known }
            let why = comparedByEquality ? "not even by the view's '=='" : "SwiftUI still compares it on every parent update"
            let made = "stored input '\(name)' is never read; \(why), so remove it from the view's inputs"
            if comparedByEquality { inputsWithEquality[name] = made } else { inputs[name] = made }
            return made
        }
    }
}
