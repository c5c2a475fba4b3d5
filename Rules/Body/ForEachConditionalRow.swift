import ViewLintCore
import ViewLintModel

/// ## What it does
/// Flags a `ForEach` in a `List`, `Form` or lazy stack whose row is a single `if` without
/// `else`, or an `AnyView`.
///
/// ## Why is this bad?
/// Lazy containers count their rows without building them, from the number of views each
/// element makes. A row that is "one view or nothing" (or an `AnyView`, whose content is
/// unknown) has no fixed count: SwiftUI must build every row up front to count them, which
/// defeats the laziness for the whole list.
///
/// ## Use instead
/// Filter the data before the `ForEach` (in the model), so each element makes exactly one view.
public struct ForEachConditionalRow: Rule {
    static let lazyContainers: Set<String> = [
        "List", "Form", "LazyVStack", "LazyHStack", "LazyVGrid", "LazyHGrid", "Table", "OutlineGroup",
    ]
    /// Containers that pass their children through to the enclosing list.
    static let transparent: Set<String> = ["ForEach", "Section", "Group", ""]

    public static let description = RuleDescription(
        id: "foreach_conditional_row",
        name: "Conditional ForEach row in a list",
        summary: "A `ForEach` in a list or lazy stack makes its row with an `if` without `else`, or an `AnyView`, so SwiftUI must build every row to count them.",
        rationale: """
            `List`, `Form` and the lazy stacks and grids create rows on demand. To know how many rows there are \
            without building them, SwiftUI relies on each element of a `ForEach` producing a fixed number of \
            views. A row written as `if item.isVisible { Row(item) }` produces one view or none, and an \
            `AnyView` row could contain anything: SwiftUI then has to evaluate every row of the `ForEach` to \
            count them, for the whole collection and on every change of it, which removes the benefit of the \
            lazy container and is a common cause of slow scrolling and long list updates.

            Filter the data before iterating it (a filtered collection in the model, `@Query(filter:)`) so each \
            element makes exactly one view, or give the `if` an `else` that makes a view.

            Not reported: a `ForEach` in a non-lazy container (`VStack`, `HStack`, a `Picker`, a `Menu`), where \
            every child is built anyway; rows whose `if` has an `else`; rows with more than one view; and a \
            `ForEach` whose container is out of sight (at the top of a helper).
            """,
        severity: .warning,
        precision: .high,
        tags: ["performance", "swiftui"],
        triggeringExamples: [
            RuleExample("""
                struct Contacts: View {
                    let contacts: [Contact]
                    var body: some View {
                        List {
                            ForEach(contacts) { contact in
                                ↓if contact.isFavorite {
                                    ContactRow(contact: contact)
                                }
                            }
                        }
                    }
                }
                """),
            RuleExample("""
                struct Feed: View {
                    let posts: [Post]
                    var body: some View {
                        ScrollView {
                            LazyVStack {
                                Section {
                                    ForEach(posts) { post in ↓AnyView(PostRow(post: post)) }
                                }
                            }
                        }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct Filters: View {
                    let options: [Option]
                    @State private var selection: Option?
                    var body: some View {
                        Picker("Filter", selection: $selection) {
                            ForEach(options) { option in
                                if option.isEnabled { Text(option.name).tag(Optional(option)) }
                            }
                        }
                        VStack {
                            ForEach(options) { option in
                                if option.isEnabled { Text(option.name) }
                            }
                        }
                    }
                }
                """),
            RuleExample("""
                struct Contacts: View {
                    let contacts: [Contact]
                    var body: some View {
                        List {
                            ForEach(contacts) { contact in
                                if contact.isFavorite { FavoriteRow(contact: contact) } else { ContactRow(contact: contact) }
                            }
                        }
                    }
                }
                """),
        ],
        knownLimits: [
            "The container is looked for in the same builder: a `ForEach` at the top of a helper used inside a `List` is not checked.",
            "A row that is a `switch` with an `EmptyView()` case, or a custom view whose body is an `if`, is not seen.",
        ]
    )

    public init(options: RuleOptions) {}

    public func check(_ context: RuleContext) -> [Diagnostic] {
        let source = context.file.source
        // A finding is a `ForEach` whose row is an `if` or an `AnyView`, spelled after the
        // `ForEach` in the member's text: a member that does not spell them so is not walked.
        // The file is searched for `ForEach` once, and each member's range looked up in the
        // result, before whether it builds views is asked (most members spell no `ForEach`).
        let forEachOffsets = WordOffsets(source, "ForEach")
        if forEachOffsets.isEmpty { return [] }
        var diagnostics: [Diagnostic] = []
        let memberViews = context.memberViews
        for (ref, decl) in context.declarations {
            for member in decl.members {
                guard let forEach = forEachOffsets.first(within: member.range),
                      BodyQueries.viewBuildingBlock(of: member) != nil else { continue }
                let rest = forEach..<member.range.end
                guard source.mentions("if", within: rest) || source.mentions("AnyView", within: rest)
                        || AnyViewUsage.hasEraserNamedOtherwise(context.project) else { continue }
                // The file's views with their ancestors as other rules already gathered them (a
                // per-file fact), not walked again: the same views, in another order, and findings
                // are sorted. An ancestor's container name is its type's (`List` for `List.init { }`).
                let views = memberViews.views(of: member)
                // By type name, worked out with the views: `ForEach.init(...)` is a `ForEach` too.
                for index in views.views.indices where views.baseTypeNames[index] == "ForEach" {
                    let view = views.views[index]
                    guard let row = view.contents.first, row.items.count == 1,
                          let container = Self.enclosingContainer(views.ancestors(of: index)),
                          Self.lazyContainers.contains(container) else { continue }
                    let range: SourceRange
                    let what: String
                    switch row.items[0] {
                    case .conditional(let conditional) where conditional.kind == .if && !conditional.hasElse
                        && !conditional.branches.contains(where: \.isAvailabilityCheck):
                        range = conditional.keywordRange
                        what = "an 'if' without 'else'"
                    case .view(let rowView):
                        guard let erasure = Self.anyViewErasure(rowView, context.project) else { continue }
                        range = erasure
                        what = "an AnyView"
                    default:
                        continue
                    }
                    // The owner's name is spelled only for a finding.
                    let owner = context.project.typeInfo(of: ref)?.qualifiedName ?? decl.qualifiedName
                    diagnostics.append(Diagnostic(
                        range: range,
                        message: "the row of this 'ForEach' in '\(container)' is \(what), so SwiftUI must build every row to count them; filter the data before the ForEach so each element makes one view",
                        symbol: "\(owner).\(member.name):ForEach-row"))
                }
            }
        }
        return diagnostics
    }

    /// Where a row view is an `AnyView`: the call `AnyView(...)` however spelled
    /// (`SwiftUI.AnyView(...)`, `AnyView.init(...)`: the same type), or an eraser modifier that
    /// wraps the row in one (`.eraseToAnyView()`, the project's own, as `any_view` reads them;
    /// modifiers after it keep the erased content).
    static func anyViewErasure(_ row: ViewExpression, _ project: ProjectModel) -> SourceRange? {
        if let call = AnyViewUsage.anyViewCallRange(row) { return call }
        guard !row.modifiers.isEmpty else { return nil }
        let erasers = AnyViewUsage.erasingHelpers(project)
        return row.modifiers.first { AnyViewUsage.isErasure($0, erasers) }?.nameRange
    }

    /// The innermost container around a view that is not `transparent`.
    static func enclosingContainer(_ ancestors: ViewAncestors) -> String? {
        for ancestor in ancestors {
            let name = ancestor.baseTypeName ?? ""
            if !transparent.contains(name) { return name }
        }
        return nil
    }
}
