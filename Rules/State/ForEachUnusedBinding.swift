import ViewLintCore
import ViewLintModel
import ViewLintSyntax

/// ## What it does
/// Flags `ForEach($items) { $item in ... }` (or `List($items) { $item in ... }`) whose rows never
/// use the binding `$item`, only the value `item`.
///
/// ## Why is this bad?
/// Iterating a binding makes a writable `Binding` into the collection for every row, requires a
/// mutable collection, and tells readers the rows edit the data when they only show it.
///
/// ## Use instead
/// Iterate the values: `ForEach(items) { item in ... }`.
public struct ForEachUnusedBinding: Rule {
    /// An array, not a set: compared with every view's name, two comparisons cost less than a hash.
    static let containers = ["ForEach", "List"]

    public static let description = RuleDescription(
        id: "foreach_unused_binding",
        name: "ForEach binding never used",
        summary: "ForEach($items) { $item in ... } whose rows never use the binding $item, only the value.",
        rationale: """
            `ForEach($items) { $item in ... }` exists for rows that edit their element through a control \
            (`TextField("Name", text: $item.name)`, `Toggle(isOn: $item.done)`). Rows that only read `item` get \
            a writable `Binding` into the collection each, the collection has to be mutable state, and \
            readers are told the rows edit the data when they only show it.

            Iterate the values instead: `ForEach(items) { item in ... }` (the ids and the rows are the same).

            Not reported: a row that uses `$item` anywhere in its closure (passed to a child, projected \
            `$item.name`, in a string); `editActions:` (`ForEach($items, editActions: .move)`), which needs the \
            bindings to move and delete rows; a parameter not named with `$` (`{ item in ... }` names the \
            binding itself).
            """,
        severity: .note,
        precision: .high,
        tags: ["swiftui", "state"],
        triggeringExamples: [
            RuleExample("""
                struct User: Identifiable { let id: Int; var name: String }
                struct Users: View {
                    @State private var users: [User] = []
                    var body: some View {
                        List {
                            ForEach($users) { ↓$user in
                                Text(user.name)
                            }
                        }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct User: Identifiable { let id: Int; var name: String }
                struct Users: View {
                    @State private var users: [User] = []
                    var body: some View {
                        List {
                            ForEach($users) { $user in
                                TextField("Name", text: $user.name)
                            }
                            ForEach($users, editActions: .move) { $user in
                                Text(user.name)
                            }
                            ForEach(users) { user in
                                Text(user.name)
                            }
                        }
                    }
                }
                """),
        ],
        knownLimits: [
            "A closure whose signature spans several lines or names several parameters is not read.",
        ]
    )

    public init(options: RuleOptions) {}

    public func check(_ context: RuleContext) -> [Diagnostic] {
        guard Self.mayOpenWithProjection(context.file.source) else { return [] }
        var diagnostics: [Diagnostic] = []
        let project = context.project
        let file = context.file
        for (type, _, member) in context.builderMembers {
            for view in context.viewExpressions(of: member) {
                guard let name = view.baseTypeName, Self.containers.contains(name), project.isSDKType(name),
                      let call = member.call(at: view.baseRange), call.argument("editActions") == nil,
                      let data = call.arguments.first, data.isUnlabeled, data.text.hasPrefix("$"),
                      view.baseContents.count == 1, let content = view.baseContents.first,
                      let (parameter, range, body) = projectedParameter(content, file: file),
                      !uses(parameter, in: body) else { continue }
                let value = String(parameter.dropFirst())
                let values = String(data.text.dropFirst())
                diagnostics.append(Diagnostic(
                    range: range,
                    message: "the rows of this '\(name)' never use the binding '\(parameter)', only the value '\(value)'; "
                        + "iterate '\(values)' instead of '\(data.text)' and name the element '\(value)'",
                    symbol: "\(type?.qualifiedName ?? "global").\(member.name):\(name)(\(data.text))"))
            }
        }
        return diagnostics
    }

    /// Does the file hold a `{` followed by spaces or tabs and a `$`, as every closure that
    /// `projectedParameter` accepts starts? Most files hold none, and this one pass over their
    /// bytes costs less than walking their views.
    static func mayOpenWithProjection(_ source: SourceFile) -> Bool {
        let bytes = source.bytes
        var found = false
        source.forEachOccurrence(of: "$") { offset in
            var i = offset
            while i > 0, bytes[i - 1] == UInt8(ascii: " ") || bytes[i - 1] == UInt8(ascii: "\t") { i -= 1 }
            found = i > 0 && bytes[i - 1] == UInt8(ascii: "{")
            return !found
        }
        return found
    }

    /// `$item` in `{ $item in ...`, with its range and the closure's text after `in`; nil for any
    /// other signature.
    func projectedParameter(_ block: BuilderBlock, file: FileModel) -> (String, SourceRange, Substring)? {
        let text = file.text(block.range)
        let bytes = Array(text.utf8)
        guard bytes.first == UInt8(ascii: "{") else { return nil }
        var i = 1
        while i < bytes.count, bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\t") { i += 1 }
        guard i < bytes.count, bytes[i] == UInt8(ascii: "$") else { return nil }
        let start = i
        i += 1
        while i < bytes.count, CharacterClasses.isNameByte(bytes[i]) { i += 1 }
        guard i - start > 1, !(bytes[start + 1] >= 0x30 && bytes[start + 1] <= 0x39) else { return nil }
        let end = i
        while i < bytes.count, bytes[i] == UInt8(ascii: " ") { i += 1 }
        guard i + 2 <= bytes.count, bytes[i] == UInt8(ascii: "i"), bytes[i + 1] == UInt8(ascii: "n"),
              i + 2 == bytes.count || !CharacterClasses.isNameByte(bytes[i + 2]) else { return nil }
        let name = String(decoding: bytes[start..<end], as: UTF8.self)
        let body = Substring(String(decoding: bytes[(i + 2)...], as: UTF8.self))
        let range = SourceRange(start: block.range.start + start, end: block.range.start + end)
        return (name, range, body)
    }

    /// Does `$name` appear in the text as a whole token?
    func uses(_ name: String, in body: Substring) -> Bool {
        let needle = Array(name.utf8)
        let bytes = Array(body.utf8)
        guard bytes.count >= needle.count else { return false }
        var i = 0
        while i + needle.count <= bytes.count {
            if bytes[i] == needle[0], Array(bytes[i..<(i + needle.count)]) == needle,
               i + needle.count == bytes.count || !CharacterClasses.isNameByte(bytes[i + needle.count]) {
                return true
            }
            i += 1
        }
        return false
    }
}
