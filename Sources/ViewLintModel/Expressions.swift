import ViewLintSyntax

/// A summary of an expression's structure, deep enough for rules to classify data sources
/// (`items.indices`, `0..<n`, `Item.allCases`, `Array(x.enumerated())`) without the syntax tree.
///
/// Only the cases that hold a shape are `indirect` (and the key path, see there): with the
/// whole enum indirect, every leaf (`count`, `1`, `"a"`) was a heap box of its own, which cost
/// more memory than the bytes a leaf takes inline (the 1,000,050 lines' peak 427 → 419 MB,
/// CPU −2%).
public enum ExprShape: Sendable, Hashable {
    case identifier(String)
    /// `base.name`; a nil base is an implicit member (`.red`).
    indirect case member(base: ExprShape?, name: String)
    indirect case call(callee: ExprShape, arguments: ArgumentList, trailingClosures: Int)
    indirect case subscriptCall(base: ExprShape, arguments: ArgumentList)
    /// `lower op upper` for the range operators `..<`, `...`; a missing bound is nil.
    indirect case range(lower: ExprShape?, op: String, upper: ExprShape?)
    case integer(String)
    case float(String)
    case string(isConstant: Bool)
    case boolean(Bool)
    case nilLiteral
    case array([ExprShape])
    case dictionary
    /// `\Root.a.b` as `root: "Root", components: ["a", "b"]`; `\.self` has components `["self"]`.
    /// Boxed, though it holds no shape: its 24 bytes inline made every shape 24 bytes where 17
    /// now do, and with it every argument 8 bytes larger (a key path is a rare argument).
    indirect case keyPath(root: String?, components: [String])
    case closure
    /// `a ? b : c`
    indirect case ternary(condition: ExprShape, then: ExprShape, else: ExprShape)
    /// Any other operator expression, with its operands in order.
    case operators([String], operands: [ExprShape])
    indirect case optionalChain(ExprShape)
    indirect case forceUnwrap(ExprShape)
    indirect case tryOrAwait(ExprShape)
    /// Something the summary does not model; its text, normalised.
    case other(String)

    /// `a.b.c` as `["a", "b", "c"]` when the shape is a plain name chain.
    public var nameChain: [String]? {
        switch self {
        case .identifier(let name): return [name]
        case .member(let base?, let name): return base.nameChain.map { $0 + [name] }
        case .member(nil, let name): return ["", name]
        default: return nil
        }
    }

    /// The callee's name chain for a call (`Item.placeholders` for `Item.placeholders()`).
    public var calleeChain: [String]? {
        if case .call(let callee, _, _) = self { return callee.nameChain }
        return nil
    }

    public var isLiteral: Bool {
        switch self {
        case .integer, .float, .string(isConstant: true), .boolean, .nilLiteral: return true
        case .operators(let ops, let operands):
            // `-1`, `2 * 3`: arithmetic on literals is still a constant.
            return !ops.isEmpty && operands.allSatisfy(\.isLiteral)
        default: return false
        }
    }
}

public struct Argument: Sendable, Hashable {
    /// The label, or nil for an unlabeled argument.
    public var label: String? {
        get { labelID == Argument.noLabelID ? nil : NameTable.shared.spelling(ofGiven: NameID(raw: labelID)) }
        set { labelID = newValue.map { NameID($0).raw } ?? Argument.noLabelID }
    }
    public var shape: ExprShape
    /// The label's id (`NameTable.shared`), right after the shape, in the bytes its 17 leave
    /// before the next word: as a string it took 16 bytes, and the argument 72, and stored last
    /// it took a word of its own (64; then 56, and 48 with the text one word). `ValueChain.element`'s
    /// raw value, never a label's, for none.
    @usableFromInline internal private(set) var labelID: UInt32
    private var storedText: ArgumentText
    /// The expression's text, normalised (`SyntaxTree.normalizedText`).
    public var text: String {
        get { storedText.text(at: storedRange) }
        set { storedText = .normalized(SharedText(newValue)) }
    }
    /// The expression, without its label.
    public var range: SourceRange {
        get { storedRange }
        set {
            // A text read from the source is read at the range: it keeps its spelling.
            if case .source = storedText { storedText = .normalized(SharedText(text)) }
            storedRange = newValue
        }
    }
    private var storedRange: SourceRange
    /// The label's token, for findings and fixes about the label (`width:` in `.frame(width: .infinity)`).
    public var labelRange: SourceRange? {
        get { storedLabelRange.start < 0 ? nil : storedLabelRange }
        set { storedLabelRange = newValue ?? Argument.noLabel }
    }
    // Not optional in storage: an optional range took a word of padding more in each argument,
    // and the model holds every argument of every call for the whole run.
    private var storedLabelRange: SourceRange
    private static let noLabel = SourceRange(start: -1, end: -1)
    @usableFromInline internal static var noLabelID: UInt32 { .max }

    /// Whether the argument has no label, told by its label's id in place: `label == nil`
    /// spelled the label (a lookup in the name table) and copied the argument to ask.
    @inlinable public var isUnlabeled: Bool { labelID == Argument.noLabelID }

    public init(label: String?, shape: ExprShape, text: String, range: SourceRange, labelRange: SourceRange? = nil) {
        self.init(labelID: label.map { NameID($0) }, shape: shape, text: .normalized(SharedText(text)), range: range,
                  labelRange: labelRange)
    }

    /// An argument whose label's id the caller has (the extractor, from the file's `FileNames`).
    init(labelID: NameID?, shape: ExprShape, text: ArgumentText, range: SourceRange, labelRange: SourceRange?) {
        self.labelID = labelID?.raw ?? Argument.noLabelID
        self.shape = shape
        storedText = text
        storedRange = range
        storedLabelRange = labelRange ?? Argument.noLabel
    }

    /// Equal texts, told by their bytes where both are the source's: only where those differ
    /// and one is not ASCII are the strings made, for `String`'s `==` (which takes a
    /// canonically equivalent spelling for the same).
    public static func == (lhs: Argument, rhs: Argument) -> Bool {
        guard lhs.labelID == rhs.labelID, lhs.storedRange == rhs.storedRange,
              lhs.storedLabelRange == rhs.storedLabelRange, lhs.shape == rhs.shape else { return false }
        return ArgumentText.equal(lhs.storedText, rhs.storedText, lhs.storedRange)
    }

    /// Without the text: equal arguments have equal ranges, and two arguments at the same
    /// range of different files with different texts are rare.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(labelID)
        hasher.combine(storedRange)
        hasher.combine(storedLabelRange)
        hasher.combine(shape)
    }
}

/// An argument's text. Most arguments are spelled in the canonical spacing already: their text
/// is then the file's bytes at their range, which the model keeps, and is made into a string
/// only when a rule asks (the few arguments of the few calls rules quote or compare), where a
/// string was made and kept for every argument of every call. The others hold their
/// normalised text, shared (`FileNames.sharedTextBox`). Two references, one word with the case.
@usableFromInline
enum ArgumentText: Sendable {
    case source([UInt8])
    case normalized(SharedText)

    /// The text, for an owner whose source text lies at `range`.
    func text(at range: SourceRange) -> String {
        switch self {
        case .source: return String(decoding: utf8(at: range), as: UTF8.self)
        case .normalized(let shared): return shared.text
        }
    }

    /// The text's UTF-8, for an owner whose source text lies at `range`: the source's bytes in
    /// place where the text is theirs (as `text(at:)` spells them, but for invalid UTF-8, which
    /// the string repairs), the normalised text's bytes copied otherwise (few texts).
    func utf8(at range: SourceRange) -> ArraySlice<UInt8> {
        switch self {
        case .source(let bytes):
            let start = max(0, min(range.start, bytes.count))
            return bytes[start..<max(start, min(range.end, bytes.count))]
        case .normalized(let shared): return ArraySlice(shared.text.utf8)
        }
    }

    /// Equal texts of two owners whose source texts lie at `range` (both).
    static func equal(_ a: ArgumentText, _ b: ArgumentText, _ range: SourceRange) -> Bool {
        equal(a, at: range, b, at: range)
    }

    /// Equal texts of two owners whose source texts lie at `a` and `b`, told by their bytes
    /// where both are the source's and equal, or differ and are all ASCII; otherwise by their
    /// strings (`String`'s `==` takes a canonically equivalent spelling for the same).
    static func equal(_ x: ArgumentText, at a: SourceRange, _ y: ArgumentText, at b: SourceRange) -> Bool {
        if case .source = x, case .source = y {
            let p = x.utf8(at: a), q = y.utf8(at: b)
            if p == q { return true }
            if !p.contains(where: { $0 >= 0x80 }) && !q.contains(where: { $0 >= 0x80 }) { return false }
        }
        return x.text(at: a) == y.text(at: b)
    }
}

/// A normalised text held by reference, so that an argument's text takes one word.
@usableFromInline
final class SharedText: Sendable {
    let text: String
    init(_ text: String) { self.text = text }
}

/// A call whose callee is a type or a free function spelled with a capital letter
/// (`Text("a")`, `ForEach(items) { ... }`, `Row(id: UUID())`), or a member of one
/// (`Item.placeholders()`).
///
/// The fields are a row of the file's call storage (`CallRows`), which the call site names by
/// its chunk and index: a box of the call's own (one heap block for each of the 130,000 calls of
/// the real apps) was the design before, and copying a call site still costs one retain, as
/// with the box. A call site is not changed once made; setting a field moves the call into a
/// chunk of its own.
public struct CallSite: Sendable, Hashable {
    struct Fields: Sendable, Hashable {
        var callee: [String]
        var arguments: ArgumentList
        var calleeRange: SourceRange
        var range: SourceRange
        var trailingClosures: Int32
    }

    private let rows: CallRows
    private let row: Int32

    private var fields: Fields {
        get { rows.base[Int(row)] }
        set { self = CallSite(newValue, in: CallRows.own(capacity: 1)) }
    }

    /// The callee's name chain: `["ForEach"]`, `["Item", "placeholders"]`.
    public var callee: [String] {
        get { rows.base[Int(row)].callee }
        set { fields.callee = newValue }
    }
    public var arguments: ArgumentList {
        get { rows.base[Int(row)].arguments }
        set { fields.arguments = newValue }
    }
    public var trailingClosures: Int {
        get { Int(rows.base[Int(row)].trailingClosures) }
        set { fields.trailingClosures = Int32(truncatingIfNeeded: newValue) }
    }
    /// The callee's name token.
    public var calleeRange: SourceRange {
        get { rows.base[Int(row)].calleeRange }
        set { fields.calleeRange = newValue }
    }
    public var range: SourceRange {
        get { rows.base[Int(row)].range }
        set { fields.range = newValue }
    }

    public init(callee: [String], arguments: ArgumentList, trailingClosures: Int, calleeRange: SourceRange,
                range: SourceRange) {
        self.init(callee: callee, arguments: arguments, trailingClosures: trailingClosures, calleeRange: calleeRange,
                  range: range, in: CallRows.own(capacity: 1))
    }

    /// A call site stored as a row of the file's call storage (see `ArgumentTable.callRows`).
    init(callee: [String], arguments: ArgumentList, trailingClosures: Int, calleeRange: SourceRange,
         range: SourceRange, in table: ArgumentTable) {
        self.init(callee: callee, arguments: arguments, trailingClosures: trailingClosures, calleeRange: calleeRange,
                  range: range, in: table.callRows())
    }

    private init(callee: [String], arguments: ArgumentList, trailingClosures: Int, calleeRange: SourceRange,
                 range: SourceRange, in rows: CallRows) {
        self.init(Fields(callee: callee, arguments: arguments, calleeRange: calleeRange, range: range,
                         trailingClosures: Int32(truncatingIfNeeded: trailingClosures)), in: rows)
    }

    private init(_ fields: Fields, in rows: CallRows) {
        self.rows = rows
        row = Int32(truncatingIfNeeded: rows.append(fields))
    }

    /// Equal when they are the same row, or else when their fields are.
    public static func == (lhs: CallSite, rhs: CallSite) -> Bool {
        (lhs.rows === rhs.rows && lhs.row == rhs.row) || lhs.rows.base[Int(lhs.row)] == rhs.rows.base[Int(rhs.row)]
    }

    public func hash(into hasher: inout Hasher) { rows.base[Int(row)].hash(into: &hasher) }

    public var name: String { rows.base[Int(row)].callee.last ?? "" }
    /// `callee[index]`, read in place: the chain is not copied out (retained) for one name.
    func calleeName(at index: Int) -> String { rows.base[Int(row)].callee[index] }
    public func argument(_ label: String) -> Argument? {
        let arguments = rows.base[Int(row)].arguments
        return arguments.index(labeled: label).map { arguments[$0] }
    }
    public var unlabeledArguments: [Argument] { rows.base[Int(row)].arguments.filter { $0.isUnlabeled } }
}

// MARK: - View builders

/// The statements of a view builder (a `body`, a `@ViewBuilder` member, or a content closure
/// such as `VStack { ... }`), reduced to the views they produce.
public struct BuilderBlock: Sendable, Hashable {
    public var items: [BuilderItem]
    public var range: SourceRange
    /// For a closure passed to a call: its argument label (`label` in `Button { } label: { ... }`,
    /// `destination` in `NavigationLink(destination: { ... })`); nil for an unlabelled trailing
    /// closure and for bodies.
    public var label: String?
    /// The block holds a `return` statement. A body with an explicit `return` is not
    /// transformed by its result builder: its `if`/`else` is control flow whose branches must
    /// have one type, not a choice between two views.
    ///
    /// Last: before `label` its byte took a word of padding, and the optional block a member's
    /// tail holds was 41 bytes where it is now 33 (the tail of a `body` allocated as 64 bytes,
    /// not 80).
    public var hasReturn: Bool
    public init(items: [BuilderItem], range: SourceRange, hasReturn: Bool = false, label: String? = nil) {
        self.items = items
        self.range = range
        self.hasReturn = hasReturn
        self.label = label
    }
}

/// A view, the most common item, is held inline (its fields are one reference already); the
/// other cases are boxed, so that an item is one word. With the whole enum indirect, every view
/// of every builder took a heap box of its own besides its fields' box.
public enum BuilderItem: Sendable, Hashable {
    case view(ViewExpression)
    indirect case conditional(Conditional)
    /// A declaration or statement that builds no view (`let x = ...`).
    indirect case other(SourceRange)
}

/// A view expression: a base (`Text("a")`, `card`) followed by modifiers (`.padding()`).
///
/// The fields live in one shared box, copied on write (see `FieldBox`): rules walk a builder's
/// views by value, and copying nine fields (retaining each array and string) for every view
/// every rule visits was a fifth of a large view's lint.
public struct ViewExpression: Sendable, Hashable {
    struct Fields: Sendable, Hashable {
        /// Mostly the source's bytes at `baseRange`, spelled when a rule asks (see `ArgumentText`):
        /// few rules read a base's text, and making it for every view was a fifth of the
        /// builder's extraction on the real apps.
        var baseText: ArgumentText
        /// The base call's callee and arguments, held as the call site the member's reads
        /// recorded for the same call (one reference, where the callee list and the argument
        /// list took three words of every view's box); nil when the base is no call.
        var baseCall: CallSite?
        var baseRange: SourceRange
        var modifiers: [ModifierCall]
        var contents: [BuilderBlock]
        var contentOwners: [String]
        var range: SourceRange
        var hasConditionalCompilation: Bool
        /// `baseCall` has a callee (a call of something that is not a name chain, such as
        /// `items[0](x)`, has arguments but none).
        var hasBaseCallee: Bool
        /// Where `baseTypeName` sits in the base call's callee chain, -1 for none: worked out
        /// once when the view is made, in the padding after the flags, where three per-file
        /// facts and the rules worked it out again from the chain for every view they walked.
        var baseTypeNameIndex: Int8
        /// `baseText` holds the source's bytes, but the base is spelled otherwise in the canonical
        /// spacing (most containers, their content on lines of their own): the text is normalised
        /// when asked (see `normalizedBaseText`). No rule reads a base's text, and making it for
        /// every such view was 65 M instructions on the real apps and a string kept for the run
        /// (2.4 MB of the peak at 1M lines). In the padding after the flags.
        var baseNeedsNormalizing: Bool
        /// In 32 bits after the flags, where the box had room: -1 when not known.
        var baseCalleeEnd: Int32

        // By the base call's callee and arguments, as when they were fields of their own: the
        // call site's other fields (its ranges, its trailing closures) are not the view's.
        static func == (a: Fields, b: Fields) -> Bool {
            a.hasBaseCallee == b.hasBaseCallee && a.baseRange == b.baseRange && sameBaseText(a, b)
                && (a.hasBaseCallee ? a.baseCall?.callee : nil) == (b.hasBaseCallee ? b.baseCall?.callee : nil)
                && (a.baseCall?.arguments ?? ArgumentList()) == (b.baseCall?.arguments ?? ArgumentList())
                && a.baseRange == b.baseRange && a.modifiers == b.modifiers && a.contents == b.contents
                && a.contentOwners == b.contentOwners && a.range == b.range
                && a.hasConditionalCompilation == b.hasConditionalCompilation && a.baseCalleeEnd == b.baseCalleeEnd
        }

        /// Equal base texts, each read at its own range: by `ArgumentText.equal` where both are
        /// spelled as they stand; else by equal source bytes (they normalise alike), different
        /// first bytes (normalising changes only the spacing between tokens, never a base's first
        /// byte) or, failing those, by the normalised texts. Neither text is normalised unless
        /// both start alike.
        static func sameBaseText(_ a: Fields, _ b: Fields) -> Bool {
            guard a.baseNeedsNormalizing || b.baseNeedsNormalizing else {
                return ArgumentText.equal(a.baseText, at: a.baseRange, b.baseText, at: b.baseRange)
            }
            if case .source = a.baseText, case .source = b.baseText,
               a.baseText.utf8(at: a.baseRange) == b.baseText.utf8(at: b.baseRange) { return true }
            if let first = a.baseFirstASCII, let otherFirst = b.baseFirstASCII, first != otherFirst { return false }
            return a.normalizedBaseText == b.normalizedBaseText
        }

        /// The first byte of the base's text where it is ASCII (see `baseTextFirstASCII`).
        var baseFirstASCII: UInt8? {
            guard let first = baseText.utf8(at: baseRange).first, first < 0x80 else { return nil }
            return first
        }

        /// The base's text with whitespace and comments normalised.
        var normalizedBaseText: String {
            guard baseNeedsNormalizing else { return baseText.text(at: baseRange) }
            return SyntaxTree.normalizedText(ofCode: baseText.utf8(at: baseRange))
        }

        // Without the base's text, as `Argument`'s hash: equal views have equal ranges.
        func hash(into hasher: inout Hasher) {
            hasher.combine(hasBaseCallee ? baseCall?.callee : nil)
            hasher.combine(baseCall?.arguments ?? ArgumentList())
            hasher.combine(baseRange)
            hasher.combine(modifiers)
            hasher.combine(contents)
            hasher.combine(contentOwners)
            hasher.combine(range)
            hasher.combine(hasConditionalCompilation)
            hasher.combine(baseCalleeEnd)
        }
    }

    private var box: FieldBox<Fields>

    private var fields: Fields {
        get { box.fields }
        _modify { yield &FieldBox.unique(&box).fields }
    }

    /// The base's text with whitespace and comments normalised: equal texts mean the same base.
    public var baseText: String {
        get { box.fields.normalizedBaseText }
        set {
            fields.baseText = .normalized(SharedText(newValue))
            fields.baseNeedsNormalizing = false
        }
    }
    /// The base's text as UTF-8 (see `ArgumentText.utf8(at:)`): mostly the source's bytes in
    /// place, for readers that look at a few bytes of every view's base (`staticMemberType`, a
    /// helper's name), where `baseText` spells a string on every read. Invalid UTF-8 stays as
    /// it is in the source, where `baseText` has it repaired.
    public var baseTextUTF8: ArraySlice<UInt8> {
        if box.fields.baseNeedsNormalizing { return ArraySlice(baseText.utf8) }
        return box.fields.baseText.utf8(at: box.fields.baseRange)
    }
    /// The first byte of `baseText` where it is ASCII, else nil, without normalising the text:
    /// normalising changes only the spacing between tokens, so the source's first byte is the
    /// text's. Readers that want a name of every view's base reject most bases by it, where
    /// asking for the text re-lexed every container's base.
    public var baseTextFirstASCII: UInt8? { box.fields.baseFirstASCII }
    /// Whether `baseText` and `other.baseText` are equal, told without normalising either text
    /// where their source bytes or first bytes answer.
    public func hasSameBaseText(as other: ViewExpression) -> Bool {
        Fields.sameBaseText(box.fields, other.box.fields)
    }
    /// Whether a base that is normalised when read is a capitalised name followed by something
    /// that is no dot (`VStack {`, `HStack(spacing: 0)`): the name's token ends at the source's
    /// first byte that is no ASCII word byte, and when that byte is not blank, no dot and no
    /// comment's slash, the normalised text has it or a space there, so no static member.
    public var normalizedBaseIsNoStaticMember: Bool {
        guard box.fields.baseNeedsNormalizing else { return false }
        let bytes = box.fields.baseText.utf8(at: box.fields.baseRange)
        guard let stop = bytes.firstIndex(where: { !CharacterClasses.isASCIIWordByte($0) }) else { return false }
        switch bytes[stop] {
        case 0x2E, 0x2F, 0x20, 0x09, 0x0A, 0x0D: return false
        case let byte: return byte < 0x80
        }
    }
    /// The base call's callee chain, if the base is a call (`["Text"]`).
    public var baseCallee: [String]? {
        guard box.fields.hasBaseCallee else { return nil }
        return box.fields.baseCall?.callee
    }
    /// The base call's arguments in parentheses (`.horizontal` in `ScrollView(.horizontal) { ... }`).
    public var baseArguments: ArgumentList {
        box.fields.baseCall?.arguments ?? ArgumentList()
    }
    public var baseRange: SourceRange {
        get { box.fields.baseRange }
        set {
            // A text read from the source is read at the range: it keeps its spelling.
            if case .source = box.fields.baseText {
                fields.baseText = .normalized(SharedText(baseText))
                fields.baseNeedsNormalizing = false
            }
            fields.baseRange = newValue
        }
    }
    public var modifiers: [ModifierCall] {
        get { box.fields.modifiers }
        _modify { yield &fields.modifiers }
    }
    /// Builder closures passed to the base call (`VStack { ... }`) and to its modifiers
    /// (`.overlay { ... }`), in source order.
    public var contents: [BuilderBlock] {
        get { box.fields.contents }
        _modify { yield &fields.contents }
    }
    /// For each block in `contents`, the modifier it is passed to (`sheet` for
    /// `.sheet { ... }`), or an empty string for the base call's own closures.
    public var contentOwners: [String] {
        get { box.fields.contentOwners }
        _modify { yield &fields.contentOwners }
    }
    public var range: SourceRange {
        get { box.fields.range }
        _modify { yield &fields.range }
    }
    /// Part of the modifier chain sits in a postfix `#if` (`.padding()` under `#if os(iOS)`):
    /// the modifiers listed are then only those outside it.
    public var hasConditionalCompilation: Bool {
        get { box.fields.hasConditionalCompilation }
        _modify { yield &fields.hasConditionalCompilation }
    }
    /// The base's type name when the base is a call of a type (`NavigationStack` for
    /// `NavigationStack { ... }`, `SwiftUI.List(...)`, `Image.init(...)`), nil for anything else.
    public var baseTypeName: String? {
        let index = box.fields.baseTypeNameIndex
        guard index >= 0, let call = box.fields.baseCall else { return nil }
        return call.calleeName(at: Int(index))
    }

    /// Is `baseTypeName` non-nil? Read from the flags, without copying the name out.
    public var hasBaseTypeName: Bool { box.fields.baseTypeNameIndex >= 0 && box.fields.baseCall != nil }

    /// The index in `chain`, a base call's callee, of the type the call builds (see
    /// `baseTypeName`), -1 for none. Told by the chain's length before any name is compared:
    /// most bases are one name.
    static func typeNameIndex(in chain: [String]?) -> Int8 {
        guard let chain, var last = chain.last else { return -1 }
        var count = chain.count
        if count > 1 && last == "init" {
            // `X.init(...)` builds what `X(...)` builds. Not `Self.init(...)`: `Self` names no
            // type a rule could look for. Not `.init(...)` (its type is inferred) nor
            // `x.init(...)` (a metatype value): the first name is no capitalised type's.
            count -= 1
            last = chain[count - 1]
            guard last != "Self" else { return -1 }
        }
        guard last.firstScalarIsUppercase else { return -1 }
        switch count {
        case 1: return 0
        case 2: return chain[0] == "SwiftUI" ? 1 : -1
        default: return -1
        }
    }

    /// Where the base call's callee ends as written (`` `VStack` ``, `SwiftUI . List`), up to its
    /// last name; nil when not known (the base is no call, or the view was made by hand).
    public var baseCalleeEnd: Int? {
        let end = box.fields.baseCalleeEnd
        return end >= 0 ? Int(end) : nil
    }

    public init(baseText: String, baseCallee: [String]?, baseRange: SourceRange, modifiers: [ModifierCall],
                contents: [BuilderBlock], range: SourceRange, hasConditionalCompilation: Bool = false,
                contentOwners: [String]? = nil, baseArguments: ArgumentList = [], baseCalleeEnd: Int = -1) {
        let baseCall = baseCallee == nil && baseArguments.isEmpty ? nil
            : CallSite(callee: baseCallee ?? [], arguments: baseArguments, trailingClosures: 0, calleeRange: baseRange,
                       range: baseRange)
        self.init(baseText: .normalized(SharedText(baseText)), baseNeedsNormalizing: false, baseCall: baseCall,
                  hasBaseCallee: baseCallee != nil, baseRange: baseRange,
                  modifiers: modifiers, contents: contents, range: range,
                  hasConditionalCompilation: hasConditionalCompilation, contentOwners: contentOwners,
                  baseCalleeEnd: baseCalleeEnd)
    }

    /// A view whose base call is `baseCall` (the extractor passes the member's call site for it).
    init(baseText: ArgumentText, baseNeedsNormalizing: Bool, baseCall: CallSite?, hasBaseCallee: Bool, baseRange: SourceRange,
         modifiers: [ModifierCall], contents: [BuilderBlock], range: SourceRange, hasConditionalCompilation: Bool,
         contentOwners: [String]?, baseCalleeEnd: Int) {
        let hasCallee = hasBaseCallee && baseCall != nil
        box = FieldBox(Fields(baseText: baseText, baseCall: baseCall, baseRange: baseRange,
                              modifiers: modifiers, contents: contents,
                              contentOwners: ViewExpression.shared(owners: contentOwners, count: contents.count),
                              range: range, hasConditionalCompilation: hasConditionalCompilation,
                              hasBaseCallee: hasCallee,
                              baseTypeNameIndex: ViewExpression.typeNameIndex(in: hasCallee ? baseCall?.callee : nil),
                              baseNeedsNormalizing: baseNeedsNormalizing,
                              baseCalleeEnd: Int32(truncatingIfNeeded: baseCalleeEnd)))
    }

    /// The owners of contents that all belong to the base call (`VStack { ... }`, the common
    /// case): one list per count, shared by every such view, instead of a heap block for each.
    private static let baseOwned: [[String]] = (0...4).map { count in
        let owners = Array(repeating: "", count: count)
        Immortal.keepStorage(of: owners)
        return owners
    }

    private static func shared(owners: [String]?, count: Int) -> [String] {
        guard let owners else { return count < baseOwned.count ? baseOwned[count] : Array(repeating: "", count: count) }
        guard owners.count < baseOwned.count, owners.allSatisfy(\.isEmpty) else { return owners }
        return baseOwned[owners.count]
    }
}

/// `.name(arguments)` applied to a view.
public struct ModifierCall: Sendable, Hashable {
    public var name: String
    /// Arguments and trailing closures, normalised; empty for `.padding()`.
    public var argumentsText: String {
        get { storedArgumentsText.text(at: argumentsRange) }
        set { storedArgumentsText = .normalized(SharedText(newValue)) }
    }
    /// Is `argumentsText` the same as `other`'s? Told by the source's bytes in place where both
    /// texts are theirs, without spelling either (see `ArgumentText.equal(_:at:_:at:)`).
    public func hasSameArgumentsText(as other: ModifierCall) -> Bool {
        ArgumentText.equal(storedArgumentsText, at: argumentsRange, other.storedArgumentsText, at: other.argumentsRange)
    }
    /// Mostly the source's bytes from `argumentsStart` to the call's end, spelled when a rule
    /// asks (see `ArgumentText`): few rules read a modifier's arguments as text, and making it
    /// for every modifier was a twentieth of the builder's extraction on the real apps.
    private var storedArgumentsText: ArgumentText
    /// Where the arguments' text starts in the source (the range's end is the call's).
    private var argumentsStart: Int32
    private var argumentsRange: SourceRange { SourceRange(start: Int(argumentsStart), end: Int(end)) }
    public var nameRange: SourceRange
    /// The arguments in parentheses (trailing closures are only counted).
    public var arguments: ArgumentList
    public var trailingClosures: Int {
        get { Int(storedTrailingClosures) }
        set { storedTrailingClosures = Int32(truncatingIfNeeded: newValue) }
    }
    /// From the name to the end of the call (`onAppear { ... }`).
    public var range: SourceRange { SourceRange(start: nameRange.start, end: Int(end)) }
    // The range's end alone (it starts at the name), and the count in 32 bits: a view's
    // modifiers are held for the whole run, and the two took a word more of each.
    private var end: Int32
    private var storedTrailingClosures: Int32
    /// The closures passed to a modifier that takes actions rather than view content
    /// (`onAppear`, `onChange`, `task`), in source order, arguments first; empty for the
    /// builder modifiers, whose closures are in the view's `contents`.
    public var actionClosures: [ClosureSummary] {
        switch closures {
        case .none: return []
        case .actions(let actions): return actions
        case .actionsAndHelpers(let box): return box.fields.actions
        }
    }
    /// For a modifier SwiftUI does not define (a project's own helper such as `.if(c) { $0 }` or
    /// `.applying { ... }`): its closures reduced as view builders, in source order, with their
    /// labels. They are view builders only when the helper's closure parameter is `@ViewBuilder`
    /// (see `ProjectModel.isViewBuilderClosure`); empty for SwiftUI's own modifiers.
    public var helperContents: [BuilderBlock] {
        if case .actionsAndHelpers(let box) = closures { return box.fields.helpers }
        return []
    }
    /// Both lists in one word: most modifiers pass no closure, and SwiftUI's own pass no helper
    /// contents. With a word for each list a modifier was 80 bytes where it is now 72, and each
    /// view's list of modifiers 16 bytes more to allocate.
    private var closures: Closures

    private enum Closures: Sendable, Hashable {
        case none
        case actions([ClosureSummary])
        case actionsAndHelpers(FieldBox<Both>)

        struct Both: Sendable, Hashable {
            var actions: [ClosureSummary]
            var helpers: [BuilderBlock]
        }

        init(actions: [ClosureSummary], helpers: [BuilderBlock]) {
            if !helpers.isEmpty {
                self = .actionsAndHelpers(FieldBox(Both(actions: actions, helpers: helpers)))
            } else {
                self = actions.isEmpty ? .none : .actions(actions)
            }
        }
    }
    public init(name: String, argumentsText: String, nameRange: SourceRange, arguments: ArgumentList = [],
                trailingClosures: Int = 0, end: Int? = nil, actionClosures: [ClosureSummary] = [],
                helperContents: [BuilderBlock] = []) {
        self.init(name: name, argumentsText: .normalized(SharedText(argumentsText)), argumentsStart: nameRange.end,
                  nameRange: nameRange, arguments: arguments, trailingClosures: trailingClosures, end: end,
                  actionClosures: actionClosures, helperContents: helperContents)
    }

    /// A modifier whose arguments' text may be the source's from `argumentsStart` to `end` (the extractor's).
    init(name: String, argumentsText: ArgumentText, argumentsStart: Int, nameRange: SourceRange, arguments: ArgumentList,
         trailingClosures: Int, end: Int?, actionClosures: [ClosureSummary], helperContents: [BuilderBlock]) {
        self.name = name
        storedArgumentsText = argumentsText
        self.argumentsStart = Int32(truncatingIfNeeded: argumentsStart)
        self.nameRange = nameRange
        self.arguments = arguments
        storedTrailingClosures = Int32(truncatingIfNeeded: trailingClosures)
        // A modifier's range starts at its name, so only its end is stored (and asked for):
        // where its call ends, or its name's end when no call follows.
        self.end = Int32(truncatingIfNeeded: end ?? nameRange.end)
        closures = Closures(actions: actionClosures, helpers: helperContents)
    }

    public static func == (a: ModifierCall, b: ModifierCall) -> Bool {
        guard a.name == b.name, a.nameRange == b.nameRange, a.end == b.end,
              a.storedTrailingClosures == b.storedTrailingClosures, a.arguments == b.arguments,
              a.closures == b.closures else { return false }
        if a.argumentsStart == b.argumentsStart {
            return ArgumentText.equal(a.storedArgumentsText, b.storedArgumentsText, a.argumentsRange)
        }
        return a.argumentsText == b.argumentsText
    }

    // Without the arguments' text, as `Argument`'s hash: equal modifiers have equal ranges.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(nameRange)
        hasher.combine(end)
        hasher.combine(storedTrailingClosures)
        hasher.combine(arguments)
        hasher.combine(closures)
    }
}

/// A closure's statements, each with its shape: enough to see what an action does
/// (`{ Task { await load() } }`) without the syntax tree.
public struct ClosureSummary: Sendable, Hashable {
    /// From `{` to `}`.
    public var range: SourceRange
    /// The closure has a signature (`{ value in`, `{ @MainActor in`) or a capture list.
    public var hasSignature: Bool
    public var statements: [ClosureStatement]

    public init(range: SourceRange, hasSignature: Bool, statements: [ClosureStatement]) {
        self.range = range
        self.hasSignature = hasSignature
        self.statements = statements
    }
}

public struct ClosureStatement: Sendable, Hashable {
    public var range: SourceRange
    /// The expression of an expression statement; nil for declarations and other statements.
    public var shape: ExprShape?
    /// For a call statement, the summaries of its closures (`Task { ... }`), one level deep.
    public var closures: [ClosureSummary]

    public init(range: SourceRange, shape: ExprShape?, closures: [ClosureSummary]) {
        self.range = range
        self.shape = shape
        self.closures = closures
    }
}

/// An `if`/`else if`/`else` chain or a `switch` in a view builder.
public struct Conditional: Sendable, Hashable {
    public enum Kind: String, Sendable { case `if`, `switch` }
    public var kind: Kind
    /// The `if` or `switch` keyword.
    public var keywordRange: SourceRange
    public var branches: [Branch]
    /// Whether the chain ends in a plain `else` (or a `default` for switches).
    public var hasElse: Bool
    public var range: SourceRange

    public init(kind: Kind, keywordRange: SourceRange, branches: [Branch], hasElse: Bool, range: SourceRange) {
        self.kind = kind
        self.keywordRange = keywordRange
        self.branches = branches
        self.hasElse = hasElse
        self.range = range
    }
}

public struct Branch: Sendable, Hashable {
    /// The condition's text; empty for `else`.
    public var conditionText: String
    /// `if let`, `if case`, `if var`: the branch binds names.
    public var bindsNames: Bool
    /// `if #available(...)` or `#unavailable`.
    public var isAvailabilityCheck: Bool
    public var block: BuilderBlock

    public init(conditionText: String, bindsNames: Bool, isAvailabilityCheck: Bool, block: BuilderBlock) {
        self.conditionText = conditionText
        self.bindsNames = bindsNames
        self.isAvailabilityCheck = isAvailabilityCheck
        self.block = block
    }
}
