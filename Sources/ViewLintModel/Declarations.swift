import ViewLintSyntax

/// A byte range in one file. The model keeps offsets, not lines: lines and columns are derived
/// from the file's line table only when a finding is reported.
///
/// Stored as two 32-bit offsets (the lexer's tokens already are, so no file the model is built
/// from has larger ones): every member, call, argument, modifier and view holds two to four
/// ranges for the whole run, and at 64 bits they were a tenth of the model's memory.
public struct SourceRange: Sendable, Hashable, Comparable {
    private var storedStart: Int32
    private var storedEnd: Int32
    public var start: Int {
        get { Int(storedStart) }
        set { storedStart = Int32(truncatingIfNeeded: newValue) }
    }
    public var end: Int {
        get { Int(storedEnd) }
        set { storedEnd = Int32(truncatingIfNeeded: newValue) }
    }
    public init(start: Int, end: Int) {
        storedStart = Int32(truncatingIfNeeded: start)
        storedEnd = Int32(truncatingIfNeeded: max(start, end))
    }
    public static func < (a: SourceRange, b: SourceRange) -> Bool {
        a.start != b.start ? a.start < b.start : a.end < b.end
    }
}

/// A type declaration or an extension, as written in one file.
/// A class, not a struct: rules pass declarations around constantly, and a reference costs one
/// retain where a struct of strings and arrays costs one per field. Built by the extractor on
/// one thread and never changed after the FileModel is returned, hence `@unchecked Sendable`.
public final class TypeDecl: @unchecked Sendable {
    public enum Kind: String, Sendable { case `struct`, `class`, actor, `enum`, `protocol`, `extension` }

    // Written only while the extractor builds it, before any rule reads it: every rule reads
    // these fields, and the runtime's exclusivity checks on them were 10% of a run's instructions.
    // Each is stored under `_name` and read through an inlinable accessor: a rule module that
    // read a public stored field directly still made the check (`@exclusivity(unchecked)` holds
    // only in the declaring module), 2% of a run's instructions; the accessor's body carries it.
    // Writes go through `_modify`, in place: a `set` copied the field for every `append`, which
    // made building a type of many members quadratic.
    @usableFromInline @exclusivity(unchecked) internal var _kind: Kind
    @inlinable public var kind: Kind { get { _kind } _modify { yield &_kind } }
    /// `parent`, -1 for none: 32 bits in the word `kind` starts, where an `Int?` took two words
    /// of its own (16 of a type's 136 bytes, and one huge file holds 130,000 types).
    @usableFromInline @exclusivity(unchecked) internal var _parentIndex: Int32
    /// The declared name; for an extension, the extended type as written (`Outer.Inner`),
    /// without generic arguments or a module prefix.
    @usableFromInline @exclusivity(unchecked) internal var _name: String
    @inlinable public var name: String { get { _name } _modify { yield &_name } }
    /// `Outer.Inner` for a type nested in `Outer`; equal to `name` at top level.
    @usableFromInline @exclusivity(unchecked) internal var _qualifiedName: String
    @inlinable public var qualifiedName: String { get { _qualifiedName } _modify { yield &_qualifiedName } }
    /// Where the name is written (for an extension, the extended type).
    @usableFromInline @exclusivity(unchecked) internal var _nameRange: SourceRange
    @inlinable public var nameRange: SourceRange { get { _nameRange } _modify { yield &_nameRange } }
    @usableFromInline @exclusivity(unchecked) internal var _range: SourceRange
    @inlinable public var range: SourceRange { get { _range } _modify { yield &_range } }
    /// Inherited types and conformances as written, without generic arguments
    /// (`View`, `SwiftUI.View`, `ObservableObject`).
    @usableFromInline @exclusivity(unchecked) internal var _inherited: [String]
    @inlinable public var inherited: [String] { get { _inherited } _modify { yield &_inherited } }
    @usableFromInline @exclusivity(unchecked) internal var _attributes: [Attribute]
    @inlinable public var attributes: [Attribute] { get { _attributes } _modify { yield &_attributes } }
    @usableFromInline @exclusivity(unchecked) internal var _modifiers: [String]
    @inlinable public var modifiers: [String] { get { _modifiers } _modify { yield &_modifiers } }
    /// Index of the enclosing declaration in the same file, if nested.
    @inlinable public var parent: Int? {
        get { _parentIndex < 0 ? nil : Int(_parentIndex) }
        set { _parentIndex = newValue.map { Int32(truncatingIfNeeded: $0) } ?? -1 }
    }
    @usableFromInline @exclusivity(unchecked) internal var _members: [Member]
    @inlinable public var members: [Member] { get { _members } _modify { yield &_members } }
    /// Names of the generic parameters (`Content` in `struct Card<Content: View>`).
    @usableFromInline @exclusivity(unchecked) internal var _genericParameters: [String]
    @inlinable public var genericParameters: [String] { get { _genericParameters } _modify { yield &_genericParameters } }
    /// Inherited types written with generic arguments, as written (`UIHostingController<Editor>`):
    /// `inherited` keeps their names only.
    @usableFromInline @exclusivity(unchecked) internal var _specializedInheritance: [String] = []
    @inlinable public var specializedInheritance: [String] { get { _specializedInheritance } _modify { yield &_specializedInheritance } }

    public init(kind: Kind, name: String, qualifiedName: String, nameRange: SourceRange, range: SourceRange,
                inherited: [String] = [], attributes: [Attribute] = [], modifiers: [String] = [],
                parent: Int? = nil, members: [Member] = [], genericParameters: [String] = []) {
        self._kind = kind
        self._name = name
        self._qualifiedName = qualifiedName
        self._nameRange = nameRange
        self._range = range
        self._inherited = inherited
        self._attributes = attributes
        self._modifiers = modifiers
        self._parentIndex = parent.map { Int32(truncatingIfNeeded: $0) } ?? -1
        self._members = members
        self._genericParameters = genericParameters
    }

    public func hasAttribute(_ name: String) -> Bool { attributes.contains { $0.name == name } }
}

/// `@Name(arguments)`.
public struct Attribute: Sendable, Hashable {
    /// The name without module prefix (`State`, `Environment`, `ViewBuilder`).
    public var name: String
    /// The arguments' text with whitespace and comments normalised, without parentheses;
    /// nil when the attribute has none.
    public var arguments: String?
    /// Shapes of the arguments, for attributes that take expressions.
    public var argumentShapes: ArgumentList
    public var range: SourceRange

    public init(name: String, arguments: String?, argumentShapes: ArgumentList = [], range: SourceRange) {
        self.name = name
        self.arguments = arguments
        self.argumentShapes = argumentShapes
        self.range = range
    }
}

/// A member of a type: a property, method, initializer, subscript or enum case, with what its
/// code reads and, for view builders, the tree of views it builds.
/// A class for the same reason as `TypeDecl`: cheap to pass around, immutable once extracted.
public final class Member: @unchecked Sendable {
    public enum Kind: String, Sendable {
        case storedProperty, computedProperty, function, initializer, deinitializer, `subscript`, enumCase, typeAlias
    }

    // Written only while the extractor builds it, before any rule reads it: every rule reads
    // these fields, and the runtime's exclusivity checks on them were 10% of a run's instructions.
    // Stored under `_name` behind inlinable accessors, as `TypeDecl`'s are (see there).
    // The 4-byte fields in pairs, then the words, then the initial value's 17 bytes and the
    // one-byte fields after them, at the end: stored in declaration order, a 4-byte or one-byte
    // field between two word-aligned ones took a word. The object is 117 bytes, allocated as
    // 128 (it was 161, allocated as 176, then 133 as 144: a member is the model's largest object
    // by count). Parameters and called functions, which a stored property (the most common
    // member) never has, are in the tail.
    /// `name`'s id, interned once by the extractor (through the file's `FileNames`, no lock):
    /// rules that ask a name set about each property looked it up again, each time a hash and
    /// a shard's lock (`NameID.existing`).
    public let nameID: NameID
    /// Where `introducerRange` starts, -1 for none: the keyword is always three bytes, so its
    /// start is all the member keeps (half a word beside `nameID`, where the range took a word).
    @usableFromInline @exclusivity(unchecked) internal var _introducerStart: Int32
    @usableFromInline @exclusivity(unchecked) internal var _nameRange: SourceRange
    @inlinable public var nameRange: SourceRange { get { _nameRange } _modify { yield &_nameRange } }
    @usableFromInline @exclusivity(unchecked) internal var _range: SourceRange
    @inlinable public var range: SourceRange { get { _range } _modify { yield &_range } }
    /// A property's `var` or `let` keyword: where an access modifier goes, after the attributes
    /// and any modifiers (a fix inserts `private ` here).
    @inlinable public var introducerRange: SourceRange? {
        get { _introducerStart < 0 ? nil : SourceRange(start: Int(_introducerStart), end: Int(_introducerStart) + 3) }
        set { _introducerStart = newValue.map { Int32(truncatingIfNeeded: $0.start) } ?? -1 }
    }
    /// `typeText`, interned in `NameTable.shared` (`Member.noText` for none): as a string it
    /// took 16 bytes of every member, and a text longer than 15 bytes a heap block of its own
    /// per member (`[Item]`), where equal texts now share one spelling. The extractor interns it
    /// through the file's `FileNames` (`SyntaxTree.normalizedTextID`), mostly from the
    /// source's bytes with no string made: through the shared table's locks it cost more
    /// instructions than the string.
    @usableFromInline @exclusivity(unchecked) internal var _typeTextID: UInt32
    /// `initializerText(in:)`: the source's `_initializerTextLength` bytes from here where the
    /// normalised text is them as they stand (nearly every initial value), spelled only when a
    /// rule asks (one rule's fix quotes them): made at once for every property, the strings and
    /// `NameTable.shared`'s lock per property cost ~26 M instructions on the real apps. The
    /// same bytes, normalised when asked, where they are not in the canonical spacing
    /// (`_initializerTextNeedsNormalizing`). Otherwise (a range the fields cannot hold) the
    /// text's number in `NameTable.shared`'s kept texts (`keep(text:)`), the length being
    /// `Member.keptTextMark`. -1 for none.
    @usableFromInline @exclusivity(unchecked) internal var _initializerTextStart: Int32
    @usableFromInline internal static var keptTextMark: UInt16 { .max }
    /// Not the id of any name, as `Argument.noLabelID`.
    @usableFromInline internal static var noText: UInt32 { .max }
    /// `nameID`'s spelling, read from the name table without its lock: stored, the string took
    /// 16 bytes of every member, which made the object a size class larger to allocate.
    public var name: String { NameTable.shared.spelling(ofGiven: nameID) }
    @usableFromInline @exclusivity(unchecked) internal var _attributes: [Attribute]
    @inlinable public var attributes: [Attribute] { get { _attributes } _modify { yield &_attributes } }
    /// Shared with the file's other lists of the same one or two modifiers (`FileNames.shared`).
    @usableFromInline @exclusivity(unchecked) internal var _modifiers: [String]
    @inlinable public var modifiers: [String] { get { _modifiers } _modify { yield &_modifiers } }
    /// The type annotation's text, normalised (`(() -> Void)?`).
    public var typeText: String? {
        get { Member.text(_typeTextID) }
        set { _typeTextID = Member.textID(newValue) }
    }
    /// The initial value of a stored property, or a computed property's single expression.
    @inlinable public var initializer: ExprShape? { get { _initializer } _modify { yield &_initializer } }
    /// The initial value's text, normalised, read from `source` (the bytes of the member's
    /// file; rules ask `FileModel.initializerText(of:)`); nil for a computed property (its
    /// getter's text is read by no rule, so it is not made).
    func initializerText(in source: [UInt8]) -> String? {
        let start = Int(_initializerTextStart)
        guard start >= 0 else { return nil }
        if _initializerTextLength == Member.keptTextMark { return NameTable.shared.keptText(UInt32(start)) }
        let end = start + Int(_initializerTextLength)
        guard end <= source.count else { return nil }
        if _initializerTextNeedsNormalizing { return SyntaxTree.normalizedText(ofCode: source[start..<end]) }
        return SyntaxTree.string(source, start..<end)
    }

    /// Sets `initializerText(in:)` to the source's bytes at `range`, which are the text or,
    /// `normalizing`, are normalised into it when asked, or to `text()` where the range does
    /// not fit the fields (a text of 64 KiB, an offset past 2 GiB).
    func setInitializerText(source range: Range<Int>, normalizing: Bool, else text: () -> String) {
        if range.count < Int(Member.keptTextMark) && range.upperBound <= Int(Int32.max) {
            _initializerTextStart = Int32(range.lowerBound)
            _initializerTextLength = UInt16(range.count)
            _initializerTextNeedsNormalizing = normalizing
        } else {
            setInitializerText(kept: text())
        }
    }

    /// Sets `initializerText(in:)` to `text`.
    private func setInitializerText(kept text: String) {
        _initializerTextStart = Int32(truncatingIfNeeded: NameTable.shared.keep(text: text))
        _initializerTextLength = Member.keptTextMark
    }
    /// For a computed property whose getter, or a function whose body, is one `switch` (or
    /// `if`/`else`) with a single value in every branch (`switch mode { case .a: [1, 2] case .b:
    /// [3] }`): each branch's value, then what chooses among them (the switch's subject, the `if`
    /// conditions). For a function whose body is one expression: that value, with no subjects.
    /// Nil otherwise, and for a property whose `initializer` holds its single expression.
    public var branchValues: (values: [ExprShape], subjects: [ExprShape])? {
        get { if case .branchValues(let box)? = tail?.field(.branchValues) { return box.fields }; return nil }
        set { writeExtra(.branchValues(FieldBox(newValue)), unless: newValue == nil) }
    }
    /// Parameters of functions, initializers and subscripts.
    public var parameters: [Parameter] {
        get { if case .parameters(let value)? = tail?.field(.parameters) { return value }; return [] }
        set { writeExtra(.parameters(newValue), unless: newValue.isEmpty) }
    }
    /// The name sets below hold interned ids (`NameSet`): ask them by `NameID` in loops.
    /// Names this member's code reads: plain identifiers, `self.x`, `$x`, `_x`, key path
    /// components. Parameters and closure parameters that shadow a name are not reads of it.
    @usableFromInline @exclusivity(unchecked) internal var _reads: NameSet
    @inlinable public var reads: NameSet { get { _reads } _modify { yield &_reads } }
    /// Names reached through another value (`other.x`, `parent.x`): reads of some instance's
    /// property, kept apart because the instance is not known to be `self`.
    @usableFromInline @exclusivity(unchecked) internal var _memberReads: NameSet
    @inlinable public var memberReads: NameSet { get { _memberReads } _modify { yield &_memberReads } }
    /// Local values the member builds from a type, by local name (`["view": "Editor"]` for
    /// `let view = Editor(...)`), with the names read through each (`view.document`): how code
    /// that builds a view reads it without any type inference.
    public var constructedLocals: LocalsByName<String> {
        get { if case .constructedLocals(let value)? = tail?.field(.constructedLocals) { return value }; return LocalsByName() }
        set { writeExtra(.constructedLocals(newValue), unless: newValue.isEmpty) }
    }
    /// The values of the member's local `let` constants, by name (`count` for `let count =
    /// model.items.count`); a name declared more than once is left out.
    public var localValues: LocalsByName<ExprShape> {
        get { if case .localValues(let value)? = tail?.field(.localValues) { return value }; return LocalsByName() }
        set { writeExtra(.localValues(newValue), unless: newValue.isEmpty) }
    }
    /// The names read through each of `constructedLocals` (`document` for `view.document`).
    public var memberReadsByLocal: LocalsByName<NameSet> {
        get { if case .memberReadsByLocal(let value)? = tail?.field(.memberReadsByLocal) { return value }; return LocalsByName() }
        set { writeExtra(.memberReadsByLocal(newValue), unless: newValue.isEmpty) }
    }
    /// Member paths read through a named value (`controller.rootView.title`, `self.host.view.x`,
    /// `view.title` on a parameter or local): what lets the query layer resolve the type each
    /// step reaches and count the next name as a read of that type. Assignment targets
    /// (`a.b.c = x`) are left out; chains of two names are kept only for parameters and locals.
    public var valueChains: [ValueChain] {
        get { if case .valueChains(let value)? = tail?.field(.valueChains) { return value }; return [] }
        set { writeExtra(.valueChains(newValue), unless: newValue.isEmpty) }
    }
    /// Names the member binds with `if let`, `guard let` or `for`, with the chain each one's value
    /// is; `ValueChain.unknown` for a name bound more than once or to a value the code does not
    /// spell (a call's result).
    public var boundValues: LocalsByName<ValueChain> {
        get { if case .boundValues(let value)? = tail?.field(.boundValues) { return value }; return LocalsByName() }
        set { writeExtra(.boundValues(newValue), unless: newValue.isEmpty) }
    }
    /// `$x` projections read directly, and `.$x` projections read through another value.
    /// (The sets below answer `NameSet()` when the member has no extras: the empty set without
    /// going through `init(arrayLiteral:)` at all.)
    public var projectedReads: NameSet {
        get { if case .projectedReads(let value)? = tail?.field(.projectedReads) { return value }; return NameSet() }
        set { writeExtra(.projectedReads(newValue), unless: newValue.isEmpty) }
    }
    public var memberProjectedReads: NameSet {
        get { if case .memberProjectedReads(let value)? = tail?.field(.memberProjectedReads) { return value }; return NameSet() }
        set { writeExtra(.memberProjectedReads(newValue), unless: newValue.isEmpty) }
    }
    /// Names assigned to (`x = ...`, `self.x = ...`, `_x = ...`) without being read.
    public var writes: NameSet {
        get { if case .writes(let value)? = tail?.field(.writes) { return value }; return NameSet() }
        set { writeExtra(.writes(newValue), unless: newValue.isEmpty) }
    }
    /// For `.$x` projections and the members in `KnownNames.receiverTrackedMembers`
    /// (`objectWillChange`) reached through a value: that value as a name chain, by member
    /// (`["$query": ["model"]]` for `model.$query`, `self.store` for `self?.store.objectWillChange`,
    /// an empty string when the receiver is not a chain of names).
    public var receivers: [String: Set<String>] {
        get { if case .receivers(let box)? = tail?.field(.receivers) { return box.fields }; return [:] }
        set { writeExtra(.receivers(FieldBox(newValue)), unless: newValue.isEmpty) }
    }
    /// `receivers` is not empty: told by the tail's bit, where reading the field made an empty
    /// table for each of the many members that hold none.
    public var holdsReceivers: Bool { tail?.holds(.receivers) ?? false }
    /// Calls to types (`Text(...)`, `ForEach(...)`, `Row(id: UUID())`) made in this member, sorted
    /// by range (`call(at:)` searches them by halves).
    @usableFromInline @exclusivity(unchecked) internal var _calls: [CallSite]
    @inlinable public var calls: [CallSite] { get { _calls } _modify { yield &_calls } }
    /// Every closure expression in the member's code, in source order. With the builder blocks
    /// (which are closures too) this tells code that runs while `body` is evaluated from code
    /// that runs later (an action, `onAppear`).
    public var closureRanges: [SourceRange] {
        get { if case .closureRanges(let value)? = tail?.field(.closureRanges) { return value }; return [] }
        set { writeExtra(.closureRanges(newValue), unless: newValue.isEmpty) }
    }
    /// Where the member's code changes a name: `x = ...`, `self.x += 1`, `x.toggle()`.
    public var mutations: [Mutation] {
        get { if case .mutations(let value)? = tail?.field(.mutations) { return value }; return [] }
        set { writeExtra(.mutations(newValue), unless: newValue.isEmpty) }
    }
    /// Properties whose value the member's code may change through a path rooted at them:
    /// `x = ...`, `x.a.b = ...`, `x[i] += 1`, `x?.a = ...`, `&x.a`, a standard-library mutating
    /// call (`x.items.append(y)`); `self.x` roots count, other values' members do not.
    public var changedRoots: NameSet {
        get { if case .changedRoots(let value)? = tail?.field(.changedRoots) { return value }; return NameSet() }
        set { writeExtra(.changedRoots(newValue), unless: newValue.isEmpty) }
    }
    /// Methods called on a path rooted at a property (`["x": ["move", "reset"]]` for
    /// `x.items.move(...)` and `self.x.reset()`): a project `mutating func` changes the root.
    /// One entry per root, in the order of their ids: a list, as its readers walk every entry
    /// (a table by root was hashed and grown for each member that calls a method on a property).
    public var rootMethodCalls: [(root: NameID, methods: NameSet)] {
        get { if case .rootMethodCalls(let value)? = tail?.field(.rootMethodCalls) { return value }; return [] }
        set { writeExtra(.rootMethodCalls(newValue), unless: newValue.isEmpty) }
    }
    /// Names of the functions and methods the member's code calls (`load` for `load()`,
    /// `self.load()` and `store.load()`, `init` for `super.init()`); calls to types are `calls`.
    public var functionCalls: NameSet {
        get { if case .functionCalls(let value)? = tail?.field(.functionCalls) { return value }; return NameSet() }
        set { writeExtra(.functionCalls(newValue), unless: newValue.isEmpty) }
    }
    /// Names the member's code declares with a local `let`/`var` (they may shadow a property).
    public var localNames: NameSet {
        get { if case .localNames(let value)? = tail?.field(.localNames) { return value }; return NameSet() }
        set { writeExtra(.localNames(newValue), unless: newValue.isEmpty) }
    }
    /// The member has a `builder` or `returnedViews`: what the walks over every member's
    /// builders ask first, answered without copying a block out (which retained its items and
    /// label, reading a box and an array header of every member that has one).
    /// Inlinable, as `kind` is: the rules' walks ask it of members read in place by index,
    /// where a call across modules retained and released every member asked.
    @inlinable public var buildsViews: Bool {
        guard let tail else { return false }
        return tail.buildsViews
    }

    /// The views a `body` or `@ViewBuilder` member builds.
    public var builder: BuilderBlock? {
        get { tail?.builder }
        set {
            if let tail {
                tail.builder = newValue
            } else if let newValue {
                tail = Tail.make(builder: newValue, held: 0, capacity: 0)
            }
        }
    }
    /// For a function or computed property that returns views without being a view builder
    /// (`var header: some View { VStack { ... } }`): its statements, reduced like a builder's.
    /// Its own `if`/`switch` are control flow or `if` expressions, not builder conditionals;
    /// the builder closures of the views it returns (`contents`) are view builders.
    public var returnedViews: BuilderBlock? {
        get { if case .returnedViews(let box)? = tail?.field(.returnedViews) { return box.fields }; return nil }
        set { writeExtra(.returnedViews(FieldBox(newValue)), unless: newValue == nil) }
    }

    /// What a member holds beyond its own fields, made on the first write that needs it: the
    /// builder, and the fields most members leave empty (what a member's body binds, changes
    /// and builds besides its reads and calls), each held only once written non-empty. One word
    /// of the member for all of them: a stored property, the most common member, then costs one
    /// pointer instead of their inline storage (the model is held for the whole run, so a
    /// member's size is most of a large project's peak memory).
    ///
    /// The fields held are elements after the header, in slot order (`Header.held` says which):
    /// a box of every field was 192 bytes, allocated as 208, where a member sets one to three of
    /// them (49,000 such boxes on the real apps, 9.5 MB of their peak); now one to three words.
    /// The returned views, the branch values and the receivers are boxed (one reference each,
    /// never written after they are set), so that every field is one word: a field of an
    /// optional reference or of a dictionary made every field 16 bytes. An optional field is
    /// boxed as an optional, so that writing nil over a value holds nil, as before.
    @usableFromInline final class Tail: ManagedBuffer<Tail.Header, Tail.Field> {
        @usableFromInline struct Header {
            var builder: BuilderBlock?
            /// Bit `Slot.rawValue` for each field held.
            var held: HeldBits
        }

        enum Slot: Int {
            case branchValues, constructedLocals, localValues, memberReadsByLocal, valueChains, boundValues
            case projectedReads, memberProjectedReads, writes, receivers, closureRanges, mutations
            case changedRoots, rootMethodCalls, localNames, returnedViews, parameters, functionCalls
        }

        /// One bit per slot.
        typealias HeldBits = UInt32

        @usableFromInline enum Field {
            case branchValues(FieldBox<(values: [ExprShape], subjects: [ExprShape])?>)
            case constructedLocals(LocalsByName<String>)
            case localValues(LocalsByName<ExprShape>)
            case memberReadsByLocal(LocalsByName<NameSet>)
            case valueChains([ValueChain])
            case boundValues(LocalsByName<ValueChain>)
            case projectedReads(NameSet)
            case memberProjectedReads(NameSet)
            case writes(NameSet)
            case receivers(FieldBox<[String: Set<String>]>)
            case closureRanges([SourceRange])
            case mutations([Mutation])
            case changedRoots(NameSet)
            case rootMethodCalls([(root: NameID, methods: NameSet)])
            case localNames(NameSet)
            case returnedViews(FieldBox<BuilderBlock?>)
            case parameters([Parameter])
            case functionCalls(NameSet)

            var slot: Slot {
                switch self {
                case .branchValues: return .branchValues
                case .constructedLocals: return .constructedLocals
                case .localValues: return .localValues
                case .memberReadsByLocal: return .memberReadsByLocal
                case .valueChains: return .valueChains
                case .boundValues: return .boundValues
                case .projectedReads: return .projectedReads
                case .memberProjectedReads: return .memberProjectedReads
                case .writes: return .writes
                case .receivers: return .receivers
                case .closureRanges: return .closureRanges
                case .mutations: return .mutations
                case .changedRoots: return .changedRoots
                case .rootMethodCalls: return .rootMethodCalls
                case .localNames: return .localNames
                case .returnedViews: return .returnedViews
                case .parameters: return .parameters
                case .functionCalls: return .functionCalls
                }
            }
        }

        /// A tail with room for `capacity` fields, whose elements the caller initializes.
        static func make(builder: BuilderBlock?, held: HeldBits, capacity: Int) -> Tail {
            unsafeDowncast(Tail.create(minimumCapacity: capacity) { _ in Header(builder: builder, held: held) },
                           to: Tail.self)
        }

        deinit {
            _ = withUnsafeMutablePointers { header, fields in fields.deinitialize(count: header.pointee.held.nonzeroBitCount) }
        }

        var builder: BuilderBlock? {
            get { withUnsafeMutablePointerToHeader { $0.pointee.builder } }
            set { withUnsafeMutablePointerToHeader { $0.pointee.builder = newValue } }
        }

        /// `Member.buildsViews` of a member that has a tail.
        @usableFromInline var buildsViews: Bool {
            if hasBuilder { return true }
            return holds(.returnedViews) && returnedViewsAreSome
        }

        /// Asked without copying the block out (which retained its items and label).
        var hasBuilder: Bool {
            withUnsafeMutablePointerToHeader {
                if case .some = $0.pointee.builder { return true }
                return false
            }
        }

        /// The returned views held are a block, not a nil written over one. Out of line, and
        /// asked only when the slot is held: inlined, its copy of the field made
        /// `Member.buildsViews`, which the walks over builders ask of every member, save and
        /// restore six registers on every call, where most calls read one or two words.
        @inline(never) var returnedViewsAreSome: Bool {
            if case .returnedViews(let box)? = field(.returnedViews), case .some = box.fields { return true }
            return false
        }

        /// One bit per slot (`Header.held`).
        static let slotCount = 18

        /// `Header.held`.
        var heldMask: HeldBits { withUnsafeMutablePointerToHeader { $0.pointee.held } }

        func holds(_ slot: Slot) -> Bool {
            withUnsafeMutablePointerToHeader { $0.pointee.held & (1 << slot.rawValue) != 0 }
        }

        /// The field in `slot`, nil when none was written.
        func field(_ slot: Slot) -> Field? {
            withUnsafeMutablePointers { header, fields in
                let held = header.pointee.held
                let bit: HeldBits = 1 << slot.rawValue
                guard held & bit != 0 else { return nil }
                return fields[(held & (bit &- 1)).nonzeroBitCount]
            }
        }

        /// The tail with `field` written: this one, changed in place, when it holds the field's
        /// slot; else a new one with one more element, into which this one's are moved.
        func writing(_ field: Field) -> Tail {
            let bit: HeldBits = 1 << field.slot.rawValue
            return withUnsafeMutablePointers { header, fields in
                let held = header.pointee.held
                let index = (held & (bit &- 1)).nonzeroBitCount
                if held & bit != 0 {
                    fields[index] = field
                    return self
                }
                let count = held.nonzeroBitCount
                let made = Tail.make(builder: header.pointee.builder, held: held | bit, capacity: count + 1)
                made.withUnsafeMutablePointerToElements { moved in
                    moved.moveInitialize(from: fields, count: index)
                    (moved + index).initialize(to: field)
                    (moved + index + 1).moveInitialize(from: fields + index, count: count - index)
                }
                // Its fields are the new tail's now: nothing is left for its `deinit`.
                header.pointee.held = 0
                return made
            }
        }
    }

    @usableFromInline @exclusivity(unchecked) internal var tail: Tail?

    /// Writes `field`, unless `empty` and not held (reading it then answers the same empty value).
    private func writeExtra(_ field: Tail.Field, unless empty: Bool) {
        if let tail {
            if !empty || tail.holds(field.slot) { self.tail = tail.writing(field) }
        } else if !empty {
            let made = Tail.make(builder: nil, held: 1 << field.slot.rawValue, capacity: 1)
            made.withUnsafeMutablePointerToElements { $0.initialize(to: field) }
            tail = made
        }
    }

    /// Moves the fields `batch` gathered into the tail (`ReadCollector.store`): one tail made for
    /// all of them, where written one by one the tail was made again for each (an allocation
    /// and a move of the fields per field). A tail holding fields already (a getter's branch
    /// values, written before) takes them one by one.
    func writeExtras(from batch: ExtrasBatch) {
        let held = batch.held
        guard held != 0 else { return }
        if let tail, tail.heldMask != 0 {
            batch.moveEach { self.tail = self.tail.unsafelyUnwrapped.writing($0) }
            return
        }
        let made = Tail.make(builder: tail?.builder, held: held, capacity: held.nonzeroBitCount)
        made.withUnsafeMutablePointerToElements { batch.moveAll(to: $0) }
        tail = made
    }

    // Last but for the one-byte fields: its 17 bytes, followed by a word-aligned field, took 7
    // bytes of padding; the one-byte fields fill 4 of them (see the top of the class).
    @usableFromInline @exclusivity(unchecked) internal var _initializer: ExprShape?
    @usableFromInline @exclusivity(unchecked) internal var _kind: Kind
    @inlinable public var kind: Kind { get { _kind } _modify { yield &_kind } }
    /// `let` (true) or `var` (false) for properties.
    @usableFromInline @exclusivity(unchecked) internal var _isLet: Bool
    @inlinable public var isLet: Bool { get { _isLet } _modify { yield &_isLet } }
    /// The annotation is a function type, possibly optional, parenthesised or attributed.
    @usableFromInline @exclusivity(unchecked) internal var _isFunctionType: Bool
    @inlinable public var isFunctionType: Bool { get { _isFunctionType } _modify { yield &_isFunctionType } }
    /// `willSet`/`didSet` on a stored property.
    @usableFromInline @exclusivity(unchecked) internal var _hasObservers: Bool
    @inlinable public var hasObservers: Bool { get { _hasObservers } _modify { yield &_hasObservers } }
    /// The initial value's source bytes (see `_initializerTextStart`) are not in the canonical
    /// spacing: `initializerText(in:)` normalises them. Made at once, these texts were about
    /// 6,000 instructions each (1,614 on the real apps, 10 M) for the one rule's fix that
    /// quotes a few. In the padding byte before `_initializerTextLength`.
    @usableFromInline @exclusivity(unchecked) internal var _initializerTextNeedsNormalizing: Bool
    /// See `_initializerTextStart`: two bytes after the one-byte fields, where the object's
    /// allocation had room (a length beside the start took a size class more).
    @usableFromInline @exclusivity(unchecked) internal var _initializerTextLength: UInt16

    private static func text(_ id: UInt32) -> String? {
        id == noText ? nil : NameTable.shared.spelling(ofGiven: NameID(raw: id))
    }

    private static func textID(_ text: String?) -> UInt32 { text.map { NameID($0).raw } ?? noText }

    /// A member named by the id alone, which `NameTable.shared` spells from then on: the
    /// extractor interns a name from its bytes in the source (the file's `FileNames`), and no
    /// string of it is made.
    public init(kind: Kind, nameID: NameID, nameRange: SourceRange, range: SourceRange) {
        self._kind = kind
        self.nameID = nameID
        self._nameRange = nameRange
        self._range = range
        self._attributes = []
        self._modifiers = []
        self._isLet = false
        self._introducerStart = -1
        self._typeTextID = Member.noText
        self._isFunctionType = false
        self._initializer = nil
        self._initializerTextStart = -1
        self._initializerTextLength = 0
        self._initializerTextNeedsNormalizing = false
        self._hasObservers = false
        self._reads = []
        self._memberReads = []
        self._calls = []
    }

    /// A member whose name is interned here (a shard's lock): for code outside extraction.
    public convenience init(kind: Kind, name: String, nameRange: SourceRange, range: SourceRange) {
        self.init(kind: kind, nameID: NameID(name), nameRange: nameRange, range: range)
    }

    public var isStatic: Bool { modifiers.contains("static") || modifiers.contains("class") }
    public var isStoredProperty: Bool { kind == .storedProperty }
    public func hasAttribute(_ name: String) -> Bool { attributes.contains { $0.name == name } }

    /// The property wrapper, if any: the first custom attribute that is not a result builder,
    /// a global actor or a compiler attribute.
    public var propertyWrapper: Attribute? {
        attributes.first { KnownNames.isPropertyWrapperCandidate($0.name) }
    }
}

/// A member's extras gathered while `ReadCollector.store` makes them, by slot, then moved into
/// one tail (`Member.writeExtras(from:)`). One per collector, its room kept from member to member.
final class ExtrasBatch {
    private let fields: UnsafeMutablePointer<Member.Tail.Field>
    /// Bit `Slot.rawValue` for each field gathered.
    private(set) var held: Member.Tail.HeldBits = 0

    init() { fields = .allocate(capacity: Member.Tail.slotCount) }

    deinit {
        moveEach { _ in }
        fields.deallocate()
    }

    /// Adds `field` unless `empty`: the member's setters write no empty field either. Taken
    /// owned, as callers make it to hand over: borrowed, every field added was retained here and
    /// released by its caller (244,000 fields on the apps).
    func add(_ field: consuming Member.Tail.Field, unless empty: Bool = false) {
        guard !empty else { return }
        let slot = field.slot.rawValue
        let bit: Member.Tail.HeldBits = 1 << slot
        if held & bit != 0 {
            fields[slot] = field
        } else {
            (fields + slot).initialize(to: field)
            held |= bit
        }
    }

    /// Moves the fields, in slot order, to `out` (room for `held.nonzeroBitCount`); the batch is then empty.
    func moveAll(to out: UnsafeMutablePointer<Member.Tail.Field>) {
        var next = out
        var left = held
        held = 0
        while left != 0 {
            next.moveInitialize(from: fields + left.trailingZeroBitCount, count: 1)
            next += 1
            left &= left &- 1
        }
    }

    /// Moves the fields, in slot order, to `body`; the batch is then empty.
    func moveEach(_ body: (Member.Tail.Field) -> Void) {
        var left = held
        held = 0
        while left != 0 {
            body((fields + left.trailingZeroBitCount).move())
            left &= left &- 1
        }
    }
}

/// A member's locals with a value each (`Member.localValues`, `constructedLocals`), by the
/// names' ids: one array sorted by id, searched by halves. Tables keyed by the names' strings
/// hashed every local's name as a `String` while the member was walked, and each was a hash
/// table of its own held for the whole run. Iterated in the order of the ids.
public struct LocalsByName<Value: Sendable>: Sendable, Sequence {
    public private(set) var entries: [(name: NameID, value: Value)]

    public init() { entries = [] }

    /// Entries sorted by name, each name once.
    init(sortedUnique entries: [(name: NameID, value: Value)]) { self.entries = entries }

    public var isEmpty: Bool { entries.isEmpty }
    public var count: Int { entries.count }

    public subscript(_ id: NameID) -> Value? {
        var low = 0
        var high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if entries[mid].name < id { low = mid + 1 } else { high = mid }
        }
        return low < entries.count && entries[low].name == id ? entries[low].value : nil
    }

    /// An empty table answers without looking the name up (which takes a shard's lock).
    public subscript(_ name: String) -> Value? {
        guard !entries.isEmpty, let id = NameID.existing(name) else { return nil }
        return self[id]
    }

    public func makeIterator() -> IndexingIterator<[(name: NameID, value: Value)]> { entries.makeIterator() }
}

/// `root.a.b` read through a value (see `Member.valueChains`).
///
/// The root is kept as its interned id: spelled, it was a string made for every chain the
/// collector met (a member access on a name), hashed and compared as a string when a member's
/// chains were made unique, and 16 bytes of every chain the model holds.
public struct ValueChain: Sendable, Hashable {
    /// The name at the root (`self` for `self.a.b`), as interned by the extractor;
    /// `ValueChain.noRoot` when `rootType` spells the root's type, and for `unknown`.
    public var rootID: NameID
    /// The root is a parameter, closure parameter or local of the member, not a property.
    public var rootIsLocal: Bool
    /// The root's type as written where its binding spells it (`guard let page = x as? Page`,
    /// `if let page: Page = x`); then `root` is empty.
    public var rootType: String?
    /// The member names after the root, in order, as interned by the extractor (no string made
    /// for each); `ValueChain.element` steps to an element of the collection reached so far (a
    /// name bound by `for` stands for its collection and one).
    public var members: [NameID]
    /// Not the id of any name (ids count up from 0), so no table reset can make it one. Its
    /// `name` is empty: compare a member with it, do not spell it.
    public static let element = NameID(raw: .max)
    /// The root of a chain that has no root name (see `rootID`): no name's id either. Its `name`
    /// is empty, as `root` is.
    public static let noRoot = NameID(raw: .max - 1)
    /// A value whose type is not known.
    public static let unknown = ValueChain(rootID: noRoot, rootIsLocal: true, members: [])

    /// The root's spelling, `self` for `self.a.b`; empty when there is no root name. Read from
    /// the name table without its lock (as `Member.name` is): ask by `rootID` in loops.
    public var root: String {
        rootID.raw >= ValueChain.noRoot.raw ? "" : NameTable.shared.spelling(ofGiven: rootID)
    }

    /// A chain whose root's id the caller has (the extractor, from the file's `FileNames`).
    public init(rootID: NameID, rootIsLocal: Bool, rootType: String? = nil, members: [NameID]) {
        self.rootID = rootID
        self.rootIsLocal = rootIsLocal
        self.rootType = rootType
        self.members = members
    }

    /// A chain whose root is interned here (a shard's lock): for code outside extraction.
    public init(root: String, rootIsLocal: Bool, rootType: String? = nil, members: [NameID]) {
        self.init(rootID: root.isEmpty ? ValueChain.noRoot : NameID(root), rootIsLocal: rootIsLocal,
                  rootType: rootType, members: members)
    }
}

/// A change of a name in a member's code.
public struct Mutation: Sendable, Hashable {
    public enum Kind: String, Sendable {
        /// `x = value`
        case assignment
        /// `x += 1`, `x -= 1`, `x ??= ...`
        case compoundAssignment
        /// A mutating method of the standard library called on the name (`x.toggle()`, `x.append(y)`).
        case mutatingCall
    }
    /// The property's name without `$`/`_` (`count` for `count`, `self.count`, `_count`).
    public var name: String
    public var kind: Kind
    /// Written `self.x`: certainly the property, even where a local of that name exists.
    public var throughSelf: Bool
    /// The changed expression (`self.count` in `self.count += 1`).
    public var range: SourceRange

    public init(name: String, kind: Kind, throughSelf: Bool, range: SourceRange) {
        self.name = name
        self.kind = kind
        self.throughSelf = throughSelf
        self.range = range
    }
}

public struct Parameter: Sendable, Hashable {
    /// The argument label (`_` when none), and the name used inside the body.
    public var label: String
    public var name: String
    public var typeText: String?
    /// The attributes written before the label, by name (`ViewBuilder` for
    /// `@ViewBuilder content: () -> Content`).
    public var attributes: [String]
    public init(label: String, name: String, typeText: String?, attributes: [String] = []) {
        self.label = label
        self.name = name
        self.typeText = typeText
        self.attributes = attributes
    }

    /// A closure parameter whose closures are view builders: `@ViewBuilder content: () -> V`
    /// or `content: @ViewBuilder () -> V`.
    public var isViewBuilder: Bool {
        if attributes.contains("ViewBuilder") { return true }
        guard let typeText else { return false }
        // In ASCII text each byte is a character (and the word holds no line feed or carriage
        // return, the one pair of ASCII bytes that is one character), so its bytes are found
        // exactly where `contains` finds the word; the string search of `_StringProcessing`
        // cost about 24,000 instructions a parameter. Any other text is searched as a string.
        let found = typeText.withBytes { bytes -> Bool? in
            bytes.contains(where: { $0 >= 0x80 }) ? nil : bytes.containsBytes("@ViewBuilder")
        }
        return found ?? typeText.contains("@ViewBuilder")
    }
}
