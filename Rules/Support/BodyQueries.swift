import ViewLintCore
import ViewLintModel
import ViewLintSyntax

/// Questions the rules about work done while `body` is evaluated ask of the model: which
/// members build views, which views a builder holds and inside what, whether code runs with
/// `body` or later in a closure, whether it is compiled only for debug builds, and whether an
/// expression makes a new value on every evaluation.
public enum BodyQueries {
    /// A member's views: its builder (`body`, `@ViewBuilder`), or the views a function or
    /// computed property returns (`var header: some View { ... }`).
    public static func viewBlock(of member: Member) -> BuilderBlock? {
        member.builder ?? member.returnedViews
    }

    /// Calls `visit` for every view expression in `block`, nested content and conditional
    /// branches included, with the base callees of the views it sits in, outermost first
    /// (`["List", "Section"]` for a row of a section of a list). Iterative: the depth of the
    /// tree costs heap, not stack.
    public static func forEachView(in block: BuilderBlock, _ visit: (ViewExpression, _ containers: [String]) -> Void) {
        // A stack of the item lists being walked, each with its place and the containers around
        // it: a view's content is walked before its next sibling, as a stack of single items
        // would, without copying every item (and its containers) into that stack.
        // Room for a body's usual nesting at once, reserved before the first frame goes on:
        // a one-frame list, then grown, was copied in most walks.
        var frames: [(items: [BuilderItem], next: Int, containers: [String])] = []
        frames.reserveCapacity(16)
        frames.append((block.items, 0, []))
        while let top = frames.indices.last {
            let i = frames[top].next
            guard i < frames[top].items.count else {
                frames.removeLast()
                continue
            }
            frames[top].next = i + 1
            switch frames[top].items[i] {
            case .view(let view):
                let containers = frames[top].containers
                visit(view, containers)
                // Most views have no content: no container list is made for them.
                let contents = view.contents
                if contents.isEmpty { continue }
                // Copied once and extended: `containers + [name]` made a one-name list too.
                var inner = containers
                inner.append(view.baseCallee?.last ?? "")
                for content in contents.reversed() { frames.append((content.items, 0, inner)) }
            case .conditional(let conditional):
                let containers = frames[top].containers
                for branch in conditional.branches.reversed() { frames.append((branch.block.items, 0, containers)) }
            case .other:
                break
            }
        }
    }

    /// Does code at `range` of a view-building member (whose views are `block`) run while the
    /// view is evaluated, rather than later in a closure (an action, `onAppear`, a `Binding`'s
    /// setter)? It does when every closure around it is view content: one of the builder
    /// ranges of `block` that hold `range` (`BuilderBlock.builderRanges(holding:)`, a walk down
    /// the path to the range rather than over the whole tree).
    public static func runsWithBody(_ range: SourceRange, in member: Member, block: BuilderBlock) -> Bool {
        // `closureRanges` is sorted by start: none after the first that starts past `range` can
        // hold it.
        var holding: Memo<[SourceRange]> = .notAsked
        for closure in member.closureRanges {
            if closure.start > range.start { break }
            guard range.end <= closure.end else { continue }
            // Gathered once a closure holds the range: code in none runs with the body.
            if !holding.answer({ block.builderRanges(holding: range) }).contains(closure) { return false }
        }
        return true
    }

    /// Is code at `range` compiled only in debug builds: inside an `#if` branch whose condition
    /// requires `DEBUG` (`#if DEBUG`, `#if DEBUG && os(iOS)`), or the `#else` of `#if !DEBUG`?
    public static func isDebugOnly(_ range: SourceRange, in file: FileModel) -> Bool {
        for branch in file.compilationBranches where branch.range.start <= range.start && range.end <= branch.range.end {
            if requiresDebug(branch.condition) { return true }
            if branch.precedingConditions.contains(where: { isNotDebug($0) }) && branch.condition.isEmpty { return true }
        }
        return false
    }

    /// `DEBUG`, `DEBUG && X`: a condition that holds only in debug builds. `DEBUG || X` does not.
    static func requiresDebug(_ condition: String) -> Bool {
        let compact = condition.filter { $0 != " " }
        if compact == "DEBUG" || compact == "(DEBUG)" { return true }
        guard !compact.contains("||") else { return false }
        return compact.split(separator: "&").contains { $0 == "DEBUG" || $0 == "(DEBUG)" }
    }

    static func isNotDebug(_ condition: String) -> Bool {
        let compact = condition.filter { $0 != " " }
        return compact == "!DEBUG" || compact == "!(DEBUG)"
    }

    /// A value that is new on every evaluation and unequal to the last one: `UUID()`,
    /// `UUID().uuidString`, `Date()`, `Date.now`, `Int.random(in:)`, `.init()` where the
    /// annotation (`typeText`) is a UUID or a date.
    public static func isFreshValue(_ shape: ExprShape, typeText: String? = nil) -> Bool {
        // Answered by the query layer (Sources/ViewLintModel/Query/ExpressionQueries.swift).
        shape.isFreshValue(typeText: typeText)
    }

    /// The type an expression creates a new instance of: `Model()`, `Model(store: s)`,
    /// `Model.init()`, `Outer.Model()`; nil for anything else (a factory `Model.make()`, a
    /// shared instance `Model.shared`, a lowercase function).
    public static func constructedType(_ shape: ExprShape) -> String? {
        guard case .call(let callee, _, _) = shape, var chain = callee.nameChain, !chain.isEmpty else { return nil }
        if chain.count >= 2 && chain.last == "init" { chain.removeLast() }
        guard chain.allSatisfy({ $0.first?.isUppercase == true }) else { return nil }
        return chain.joined(separator: ".")
    }

    /// The statement that consists of the call at `callRange` (`Self._printChanges()` or
    /// `let _ = Self._printChanges()`) and its whole line, when nothing but a trailing comment
    /// shares the line;
    /// nil otherwise (the call is part of a larger statement, or shares its line).
    public static func statementRemoval(ofCall callRange: SourceRange, in file: FileModel) -> SourceRange? {
        let bytes = file.source.bytes
        var start = callRange.start
        // Back over spaces, then `let _ =` / `_ =` if present.
        func skipSpacesBack(_ i: Int) -> Int {
            var j = i
            while j > 0 && (bytes[j - 1] == 0x20 || bytes[j - 1] == 0x09) { j -= 1 }
            return j
        }
        var j = skipSpacesBack(start)
        if j > 0 && bytes[j - 1] == 0x3D, j < 2 || bytes[j - 2] != 0x3D {
            var k = skipSpacesBack(j - 1)
            guard k > 0 && bytes[k - 1] == 0x5F else { return nil }
            k -= 1
            guard k == 0 || !CharacterClasses.isNameByte(bytes[k - 1]) else { return nil }
            var m = skipSpacesBack(k)
            if m >= 3 && bytes[m - 3] == 0x6C && bytes[m - 2] == 0x65 && bytes[m - 1] == 0x74
                && (m == 3 || !CharacterClasses.isNameByte(bytes[m - 4])) {
                m -= 3
            } else if m >= 3 && bytes[m - 3] == 0x76 && bytes[m - 2] == 0x61 && bytes[m - 1] == 0x72
                && (m == 3 || !CharacterClasses.isNameByte(bytes[m - 4])) {
                m -= 3
            }
            start = m
            j = skipSpacesBack(start)
        }
        var end = callRange.end
        while end < bytes.count && (bytes[end] == 0x20 || bytes[end] == 0x09) { end += 1 }
        if end < bytes.count && bytes[end] == 0x3B { end += 1 }
        while end < bytes.count && (bytes[end] == 0x20 || bytes[end] == 0x09) { end += 1 }
        // A trailing `// comment` is about the statement and goes with it.
        if end + 1 < bytes.count && bytes[end] == 0x2F && bytes[end + 1] == 0x2F {
            while end < bytes.count && bytes[end] != 0x0A && bytes[end] != 0x0D { end += 1 }
        }
        let alone = (j == 0 || bytes[j - 1] == 0x0A) && (end == bytes.count || bytes[end] == 0x0A || bytes[end] == 0x0D)
        guard alone else { return nil }
        if end < bytes.count && bytes[end] == 0x0D { end += 1 }
        if end < bytes.count && bytes[end] == 0x0A { end += 1 }
        return SourceRange(start: j, end: end)
    }

    /// The indentation (spaces and tabs) of the line holding `offset`.
    public static func indentation(ofLineAt offset: Int, in file: FileModel) -> String {
        let bytes = file.source.bytes
        var lineStart = min(offset, bytes.count)
        while lineStart > 0 && bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
        var end = lineStart
        while end < bytes.count && (bytes[end] == 0x20 || bytes[end] == 0x09) { end += 1 }
        return String(decoding: bytes[lineStart..<end], as: UTF8.self)
    }

    /// The members of a type that build SwiftUI views, with their blocks: builders, and members
    /// declared to return `some View` or `AnyView` (not `makeUIView(context:) -> UIView`).
    public static func viewBuildingMembers(_ decl: TypeDecl) -> [(member: Member, block: BuilderBlock)] {
        var result: [(member: Member, block: BuilderBlock)] = []
        // Read in place: iterating retained and released every member, most of which build nothing.
        let members = decl.members
        for m in members.indices {
            if let block = viewBuildingBlock(of: members[m]) { result.append((members[m], block)) }
        }
        return result
    }

    /// The block of one member of `viewBuildingMembers`; nil for a member that builds no view.
    /// For rules that ask only some members (those that change something).
    public static func viewBuildingBlock(of member: Member) -> BuilderBlock? {
        // Most members build nothing: whether one does is asked first, without copying a block
        // out (reading `builder` and then `returnedViews` of every member cost 70 instructions
        // each), and before its modifiers are read.
        guard member.buildsViews else { return nil }
        if let builder = member.builder {
            return member.isStatic ? nil : builder
        }
        if let returned = member.returnedViews, !member.isStatic,
           let type = member.typeText.map(KnownNames.stripModule),
           type.utf8.starts(with: "some ".utf8) || type == "AnyView" {
            return returned
        }
        return nil
    }

    /// The call a view's base is (`ForEach(items) { ... }`), with its arguments, from the
    /// member's calls; nil when the base is not a call to a type.
    public static func baseCall(of view: ViewExpression, in member: Member) -> CallSite? {
        // Calls are sorted by range: a binary search finds the one that starts at the base.
        var low = 0
        var high = member.calls.count
        while low < high {
            let mid = (low + high) / 2
            if member.calls[mid].range.start < view.baseRange.start { low = mid + 1 } else { high = mid }
        }
        while low < member.calls.count && member.calls[low].range.start == view.baseRange.start {
            if member.calls[low].range == view.baseRange { return member.calls[low] }
            low += 1
        }
        return nil
    }
}

extension RuleContext {
    /// Could a member of the file's declarations build views (`BodyQueries.viewBuildingMembers`
    /// find one)? No, when the file has no builder member (`builderMembers`, made for every file
    /// by the rules that walk builders) and no protocol (whose members `builderMembers` leaves
    /// out). Most files of an app build no views: the rules that look for a modifier in their
    /// views ask this before a pass over the file's bytes for the modifier's argument.
    public var mayBuildViews: Bool {
        !builderMembers.isEmpty || declarations.contains { $0.decl.kind == .protocol }
    }
}
