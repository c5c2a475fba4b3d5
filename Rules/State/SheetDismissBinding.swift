import ViewLintCore
import ViewLintModel
import ViewLintSyntax

/// ## What it does
/// Flags `isPresented = false` in a view that a sheet presents with the sheet's own
/// `isPresented` binding (`.sheet(isPresented: $showing) { Editor(isPresented: $showing) }`),
/// when the view does nothing else with the binding.
///
/// ## Why is this bad?
/// The binding is threaded through only to close the sheet, which the presented view can do by
/// itself with `@Environment(\.dismiss)`. Every parent has to pass it, and the view cannot be
/// presented any other way.
///
/// ## Use instead
/// `@Environment(\.dismiss) private var dismiss` and `dismiss()`; drop the parameter.
public struct SheetDismissBinding: Rule {
    public static let description = RuleDescription(
        id: "sheet_dismiss_binding",
        name: "Presentation binding passed only to dismiss",
        summary: "A sheet's content receives the presenting isPresented binding only to set it to false; @Environment(\\.dismiss) does that.",
        rationale: """
            A view presented by `.sheet(isPresented: $showing)` or `.fullScreenCover(isPresented: $showing)` can \
            close itself: `@Environment(\\.dismiss) private var dismiss`, then `dismiss()`. Passing `$showing` \
            down as `@Binding var isPresented: Bool` only to write `isPresented = false` makes every presenter \
            thread the binding through, ties the view to being presented by a boolean (it cannot be shown from an \
            `item:` sheet, a navigation push or a preview without a dummy binding), and is one more input for \
            SwiftUI to compare. `dismiss` also works when the view is the root of a `NavigationStack` inside the \
            sheet.

            Reported only when it is certain: the binding is a `Bool` and the view's only use of it, in any \
            file, is to assign `false`; the view has no initializer of its own; and every place in the project \
            that creates the view passes exactly the binding of the sheet or cover that presents it, with the \
            view at the root of the presentation's content (possibly inside stacks or a `NavigationStack`), or \
            passes `.constant(...)` (a preview). The finding is on each assignment.

            Not reported: a binding that is read (`if isPresented`, `.onChange(of: isPresented)`), toggled, \
            assigned anything but `false`, or passed on (`Child(isPresented: $isPresented)`); a view also created \
            outside such a sheet (inline, in a popover, pushed inside the sheet, where `dismiss` would pop instead); \
            `item:` presentations; and views with a custom `init`.
            """,
        severity: .note,
        precision: .high,
        tags: ["swiftui", "state", "presentation"],
        triggeringExamples: [
            RuleExample("""
                struct Library: View {
                    @State private var showingEditor = false
                    var body: some View {
                        Button("New") { showingEditor = true }
                            .sheet(isPresented: $showingEditor) {
                                Editor(isPresented: $showingEditor)
                            }
                    }
                }
                struct Editor: View {
                    @Binding var isPresented: Bool
                    var body: some View {
                        Button("Done") { ↓isPresented = false }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct Library: View {
                    @State private var showingEditor = false
                    var body: some View {
                        Button("New") { showingEditor = true }
                            .sheet(isPresented: $showingEditor) {
                                Editor(isPresented: $showingEditor)
                            }
                    }
                }
                struct Editor: View {
                    @Binding var isPresented: Bool
                    var body: some View {
                        Button("Done") { isPresented = false }
                            .onChange(of: isPresented) { print($0) }
                    }
                }
                """),
            RuleExample("""
                struct Library: View {
                    @State private var showingEditor = false
                    var body: some View {
                        if showingEditor { Editor(isPresented: $showingEditor) }
                    }
                }
                struct Editor: View {
                    @Binding var isPresented: Bool
                    var body: some View {
                        Button("Done") { isPresented = false }
                    }
                }
                """),
        ],
        knownLimits: [
            "Views created in plain functions, stored in variables or wrapped in `AnyView` count as created elsewhere, so the rule stays silent for them.",
            "Constructions are matched by the type's simple name: two project views of the same name share them, which can only keep the rule silent.",
        ]
    )

    static let presentations: Set<String> = ["sheet", "fullScreenCover"]

    static let wrappers = ["Binding"]

    public init(options: RuleOptions) {}

    public func check(_ context: RuleContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let project = context.project
        for (ref, decl) in context.declarations where decl.kind != .protocol {
            guard let view = project.view(of: ref) else { continue }
            for member in decl.members where !member.mutations.isEmpty {
                for mutation in member.mutations where mutation.kind == .assignment {
                    guard let property = dismissOnlyBinding(mutation.name, of: view, project: project) else { continue }
                    diagnostics.append(Diagnostic(
                        range: mutation.range,
                        message: "'\(property)' is the presenting sheet's binding, passed in only to set it to false; "
                            + "use '@Environment(\\.dismiss) private var dismiss' and call 'dismiss()' instead, and stop "
                            + "passing the binding",
                        symbol: "\(view.qualifiedName).\(property)",
                        fixes: [Fix.notOffered("use '@Environment(\\.dismiss)' and 'dismiss()'",
                                               because: "the presenting views' calls change too")]))
                }
            }
        }
        return diagnostics
    }

    /// The property's name when `name` is a `@Binding var name: Bool` of `view` that is only ever
    /// assigned `false` and that every creator of the view passes as the presenting sheet's binding.
    func dismissOnlyBinding(_ name: String, of view: ProjectModel.TypeInfo, project: ProjectModel) -> String? {
        // Asked before the fact, whose key is a string made and hashed for every assignment:
        // most assign something other than a `@Binding var name: Bool`.
        guard let property = project.property(name, of: view), property.kind == .storedProperty,
              property.propertyWrapperIndex(among: Self.wrappers) != nil, property.typeText == "Bool" else { return nil }
        let dismissOnly = project.fact(named: "sheetDismissBinding#\(view.key).\(name)") { () -> Bool in
            guard !project.declaresInitializer(view) else { return false }
            // The only uses: assignments of `false`.
            var assigned = false
            let id = NameID.existing(name)
            let underscored = NameID.existing("_" + name)
            for (ref, member) in project.members(of: view) {
                if member.reads.contains(id) || member.projectedReads.contains(id)
                    || member.reads.contains(underscored) { return false }
                let file = project.files[ref.file]
                for mutation in member.mutations where mutation.name == name {
                    guard mutation.kind == .assignment, Self.assignsFalse(mutation, in: file) else { return false }
                    assigned = true
                }
            }
            guard assigned else { return false }
            for nested in project.nestedTypes(of: view) {
                for (_, member) in project.members(of: nested) where member.memberReads.contains(id) { return false }
            }
            let simple = ProjectModel.simpleTypeKeyName(view.qualifiedName)
            if project.memberReadsThroughValues[simple]?.contains(name) == true { return false }
            // Every construction passes the presenting binding, or a constant (a preview).
            let constructions = project.presentedConstructions(of: simple)
            guard !constructions.isEmpty else { return false }
            var presented = 0
            for construction in constructions {
                guard let argument = construction.call.argument(name) else { return false }
                if let binding = construction.presentingBinding, argument.text == binding {
                    presented += 1
                } else if !argument.text.hasPrefix(".constant(") && !argument.text.hasPrefix("Binding.constant(") {
                    return false
                }
            }
            return presented > 0
        }
        return dismissOnly ? name : nil
    }

    /// Is the assignment `name = false`?
    static func assignsFalse(_ mutation: Mutation, in file: FileModel) -> Bool {
        let bytes = file.source.bytes
        var i = mutation.range.end
        func skipSpaces() { while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 } }
        skipSpaces()
        guard i < bytes.count, bytes[i] == UInt8(ascii: "="), i + 1 < bytes.count, bytes[i + 1] != UInt8(ascii: "=") else {
            return false
        }
        i += 1
        skipSpaces()
        let word = Array("false".utf8)
        guard i + word.count <= bytes.count, Array(bytes[i..<(i + word.count)]) == word else { return false }
        let after = i + word.count
        if after < bytes.count {
            let c = bytes[after]
            if CharacterClasses.isASCIIWordByte(c) || c == 0x2E {
                return false
            }
        }
        return true
    }
}

/// A call that creates a view, and the `isPresented:` binding of the sheet or cover whose
/// content it is the root of (nil when it is created anywhere else).
public struct PresentedConstruction: Sendable {
    public var call: CallSite
    public var presentingBinding: String?
}

extension ProjectModel {
    /// Every call in the project that creates a type of simple name `name`, each with the
    /// `isPresented:` argument's text of the `.sheet`/`.fullScreenCover` that presents it at the
    /// root of its content (through stacks, groups and `NavigationStack`, not through a push, a
    /// nested presentation or a helper). `#Preview` bodies are not members and are not counted.
    public func presentedConstructions(of name: String) -> [PresentedConstruction] {
        guard let number = constructibleNumbers.number(of: name) else {
            // A name the index leaves out (an extension of another module's type): asked rarely.
            return files.indices.flatMap { f in
                presentedConstructions(inFile: f, named: name)
            }
        }
        // Read from the few files that construct the name, as the index of construction calls
        // lists them: few names are asked in a run (11 on the 14 apps), and an index of every
        // file's presented constructions, a part per file and a merge, cost 43 M instructions
        // there. That index of calls is the one `state_not_private` and `state_from_parameter`
        // read.
        var constructions: [PresentedConstruction] = []
        for f in filesConstructing(number: number) {
            presentedConstructions(inFile: f, number: Int32(truncatingIfNeeded: number), into: &constructions)
        }
        return constructions
    }

    /// Appends the constructions file `f` makes of the project type name of number `number`
    /// (see `constructibleNumbers`), in the file's order: read from the file's numbered calls,
    /// not from every call of every member.
    func presentedConstructions(inFile f: Int, number: Int32, into constructions: inout [PresentedConstruction]) {
        let numbered = numberedCalls(inFile: f)
        let file = files[f]
        let types = file.types
        let globals = file.globals
        // The presenting bindings of the member the last entries were in: made once a member.
        var lastMember: (decl: Int32, member: Int32) = (-2, -1)
        var presenting: [SourceRange: String] = [:]
        // A member whose code calls neither modifier presents nothing: its builders are not
        // walked (the walks were 34 M instructions on the 14 apps, most in such members). Every
        // modifier is a method call the member's `functionCalls` holds by name id, a test of a
        // few compares; a scan of each file's bytes for the two names cost about what it saved.
        // Looked up at the first member (most files construct no project type), once per run:
        // looked up in the name table per file, they were 3 M instructions on the 14 apps.
        var presentingNames: PresentingNameIDs? = nil
        for entry in numbered where entry.name == number {
            let member = entry.member(types: types, globals: globals)
            if entry.decl != lastMember.decl || entry.member != lastMember.member {
                lastMember = (entry.decl, entry.member)
                if presentingNames == nil {
                    presentingNames = fact("presentation.presentingNameIDs") {
                        PresentingNameIDs(sheet: NameID.existing("sheet"), cover: NameID.existing("fullScreenCover"))
                    }
                }
                let calls = member.functionCalls
                if let names = presentingNames, calls.contains(names.sheet) || calls.contains(names.cover) {
                    presenting = presentingBindings(of: member)
                } else if !presenting.isEmpty {
                    presenting = [:]
                }
            }
            let call = member.calls[Int(entry.call)]
            constructions.append(PresentedConstruction(call: call, presentingBinding: presenting[call.range]))
        }
    }

    /// The ids of the two presenting modifiers' names, nil where no model holds the name.
    struct PresentingNameIDs: Sendable {
        var sheet: NameID?
        var cover: NameID?
    }

    /// The constructions file `f` makes of types of simple name `name`, in the file's order.
    func presentedConstructions(inFile f: Int, named name: String) -> [PresentedConstruction] {
        var constructions: [PresentedConstruction] = []
        func record(_ member: Member) {
            // Read in place, by index: most members construct no such type, and their calls
            // are neither copied nor listed.
            let calls = member.calls
            var presenting: [SourceRange: String]? = nil
            for c in calls.indices where ProjectModel.constructedName(callee: calls[c].callee) == name {
                if presenting == nil { presenting = presentingBindings(of: member) }
                constructions.append(PresentedConstruction(call: calls[c], presentingBinding: presenting?[calls[c].range]))
            }
        }
        for decl in files[f].types { for member in decl.members { record(member) } }
        for member in files[f].globals { record(member) }
        return constructions
    }

    /// The `isPresented:` argument's text of the `.sheet`/`.fullScreenCover` each view of
    /// `member`'s builders is presented at the root of, by the view's range.
    private func presentingBindings(of member: Member) -> [SourceRange: String] {
        var presenting: [SourceRange: String] = [:]
        for expression in member.viewExpressions {
            for (i, modifier) in expression.modifiers.enumerated()
            where ["sheet", "fullScreenCover"].contains(modifier.name) {
                guard let binding = modifier.arguments.first(where: { $0.label == "isPresented" })?.text else {
                    continue
                }
                var stack = expression.contents(ofModifierAt: i)
                var steps = 0
                while let block = stack.popLast(), steps < 10_000 {
                    steps += 1
                    for view in block.directViews {
                        presenting[view.baseRange] = binding
                        guard view.baseTypeName != "NavigationLink" else { continue }
                        stack.append(contentsOf: view.baseContents)
                    }
                }
            }
        }
        return presenting
    }
}
