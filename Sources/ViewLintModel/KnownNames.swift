import ViewLintSyntax

/// What viewlint knows about the SDK without seeing it: which protocols make a type a view,
/// which attributes are not property wrappers, and which calls take view-builder content.
/// Everything SDK-specific lives here, in one place, so it can be reviewed and extended.
public enum KnownNames {
    /// SDK protocols that refine `View` or `ViewModifier`. A type conforming to any of them (or
    /// to a project protocol that refines one) is a view. `SwiftUI.`-qualified spellings are
    /// recognised by stripping the module prefix.
    public static let viewProtocols: Set<String> = [
        "View", "ViewModifier",
        "UIViewRepresentable", "UIViewControllerRepresentable",
        "NSViewRepresentable", "NSViewControllerRepresentable",
        "WKInterfaceObjectRepresentable",
        "Shape", "InsettableShape",
        "EnvironmentalModifier",
    ]

    /// Modules whose prefix is dropped from type names (`SwiftUI.View` is `View`).
    public static let modulePrefixes: [String] = ["SwiftUI.", "Swift.", "Foundation.", "Combine.", "Observation.", "UIKit.", "AppKit."]

    /// `modulePrefixes`' bytes, for names read in place.
    static let modulePrefixBytes: [[UInt8]] = modulePrefixes.map { Array($0.utf8) }

    public static func stripModule(_ name: String) -> String {
        guard name.containsByte(0x2E) else { return name }
        for prefix in modulePrefixes where name.hasPrefix(prefix) {
            return String(name.dropFirst(prefix.count))
        }
        return name
    }

    /// Attributes that can decorate a property but are not property wrappers.
    static let nonWrapperAttributes: Set<String> = [
        "ViewBuilder", "ToolbarContentBuilder", "SceneBuilder", "CommandsBuilder", "TableColumnBuilder",
        "TableRowBuilder", "ResultBuilder", "MainActor", "Sendable", "available", "objc", "nonobjc",
        "IBOutlet", "IBInspectable", "IBAction", "GKInspectable", "NSManaged", "NSCopying", "usableFromInline",
        "inlinable", "inline", "discardableResult", "preconcurrency", "unchecked", "_spi", "backDeployed",
        "MainActor", "globalActor", "dynamicMemberLookup", "frozen", "exclusivity", "Transient",
        "ObservationIgnored", "ObservationTracked", "Attribute", "Relationship", "storageRestrictions",
    ]

    /// Is `@name` on a property a property wrapper (or possibly one)? Any capitalised
    /// attribute not known to be something else counts: project-defined wrappers are common,
    /// and treating an unknown attribute as a wrapper only ever keeps a rule silent.
    public static func isPropertyWrapperCandidate(_ name: String) -> Bool {
        guard name.firstScalarIsUppercase else { return false }
        // Filtered first: every rule asks this of every wrapped property, and nearly every name
        // asked (`State`, `Binding`, a project wrapper) is not in the set, which hashing it proved.
        return !nonWrapperAttributeList.contains(name)
    }

    static let nonWrapperAttributeList = NameList(nonWrapperAttributes)

    /// Property wrappers that subscribe the view to a value whether or not it is read, in the
    /// order the documentation lists them: the one list `unused_environment`, its documentation,
    /// the project's own subscribing wrappers and the dependency graph read.
    public static let subscribingWrapperList = [
        "Environment", "EnvironmentObject", "FocusedValue", "FocusedObject", "FocusedBinding",
    ]
    public static let subscribingWrappers = Set(subscribingWrapperList)

    /// Calls whose unlabelled trailing closure is an action or a computation, not view content.
    static let nonBuilderCallees: Set<String> = [
        "Task", "Binding", "Canvas", "DispatchWorkItem", "Timer", "Thread", "Animation", "Transaction",
        "withAnimation", "withTransaction", "NavigationPath", "AsyncStream", "AsyncThrowingStream",
        "Result", "Predicate", "SortDescriptor", "ObservationRegistrar", "Publishers", "Just", "Future",
        "Deferred", "DragGesture", "TapGesture", "LongPressGesture", "MagnifyGesture", "RotateGesture",
        "SpatialTapGesture", "MagnificationGesture", "RotationGesture", "Layout",
    ]

    /// View modifiers whose closure arguments are view builders.
    static let builderModifiers: Set<String> = [
        "overlay", "background", "mask", "sheet", "fullScreenCover", "popover", "toolbar", "contextMenu",
        "safeAreaInset", "navigationDestination", "alert", "confirmationDialog", "searchSuggestions",
        "swipeActions", "inspector", "tabItem", "overlayPreferenceValue", "backgroundPreferenceValue",
        "containerBackground", "searchScopes",
    ]

    /// SwiftUI modifiers whose closures run as actions or compute values, never build views:
    /// their closures are not kept as possible project-helper builders (`ModifierCall.helperContents`).
    static let swiftUIActionModifiers: Set<String> = [
        "onAppear", "onDisappear", "task", "onChange", "onReceive", "onTapGesture", "onLongPressGesture",
        "gesture", "simultaneousGesture", "highPriorityGesture", "onSubmit", "refreshable", "onDrop", "onDrag",
        "draggable", "dropDestination", "onHover", "onContinuousHover", "onKeyPress", "onOpenURL",
        "onPreferenceChange", "onMove", "onDelete", "onInsert", "onCommand", "onExitCommand",
        "onPlayPauseCommand", "onCopyCommand", "onCutCommand", "onPasteCommand", "onDeleteCommand",
        "onMoveCommand", "onScrollGeometryChange", "onGeometryChange", "onScrollPhaseChange",
        "onScrollVisibilityChange", "onContinueUserActivity", "userActivity", "transaction", "alignmentGuide",
        "backgroundTask", "sensoryFeedback", "onLongTouchGesture", "onTapGestureRecognizer", "map", "filter",
        "sorted", "first", "contains", "forEach", "reduce", "compactMap", "flatMap", "sink", "onEnded",
        "onChanged", "updating", "animation", "onDismiss", "fileImporter", "fileExporter", "onCompletion",
    ]

    /// Closure labels that are actions even on a view-building call.
    static let actionLabels: Set<String> = [
        "action", "onCommit", "onEditingChanged", "onIncrement", "onDecrement", "perform", "onDismiss",
        "primaryAction", "onCompletion", "onDelete", "onMove", "onInsert", "get", "set", "isActive",
    ]

    /// Can a call with this callee take view content at all? Capitalised callees (view
    /// initialisers) can, unless known to take only actions or computations.
    static func takesViewContent(_ name: String) -> Bool {
        guard name.firstScalarIsUppercase else { return false }
        return !(nonBuilderCalleeFilter.mayContain(name) && nonBuilderCallees.contains(name))
    }

    /// `builderModifiers.contains(name)`, asked of every modifier of every view.
    static func isBuilderModifier(_ name: String) -> Bool {
        builderModifierFilter.mayContain(name) && builderModifiers.contains(name)
    }

    /// `swiftUIActionModifiers.contains(name)`.
    static func isSwiftUIActionModifier(_ name: String) -> Bool {
        actionModifierFilter.mayContain(name) && swiftUIActionModifiers.contains(name)
    }

    /// `actionLabels.contains(label)`, asked of every labelled closure of a view-building call.
    static func isActionLabel(_ label: String) -> Bool {
        actionLabelFilter.mayContain(label) && actionLabels.contains(label)
    }

    static let actionLabelFilter = SpellingFilter(actionLabels)
    static let nonBuilderCalleeFilter = SpellingFilter(nonBuilderCallees)
    static let builderModifierFilter = SpellingFilter(builderModifiers)
    static let actionModifierFilter = SpellingFilter(swiftUIActionModifiers)

    /// Does a call with this callee, which `takesViewContent`, take an action rather than view
    /// content in its unlabelled trailing closure? `Button` does, unless an `action:` argument
    /// was given in the parentheses.
    static func takesActionUnlabeled(_ name: String) -> Bool {
        name == "Button" || name == "ShareLink" || name == "PasteButton" || name == "EditButton"
    }

    /// Members whose receiver the model records (see `Member.receivers`): the publisher an
    /// `ObservableObject` exposes, which `@Observable` does not.
    public static let receiverTrackedMembers: Set<String> = ["objectWillChange"]
    /// Valid across `NameTable.reset`: these names are pinned.
    static let receiverTrackedMemberIDs = Set(receiverTrackedMembers.map(NameID.init))

    /// The names `isCollectionView` accepts, as words of a file's bytes: a file that spells none
    /// calls no collection view, and its model found them in its one scan (`MentionedWords`).
    public static let collectionViewWords = MentionedWordList(["ForEach", "List", "Table", "OutlineGroup"])

    /// Is `name` a data-driven container whose identity rules `unstable_foreach_id` checks?
    /// Asked of every call of every member: comparing with four short names costs less than
    /// hashing the name for a set.
    public static func isCollectionView(_ name: String) -> Bool {
        // By length first: rules ask this of every call of a file, and a `switch` over the four
        // names compared each of them with every other name.
        switch name.utf8.count {
        case 7: name == "ForEach"
        case 4: name == "List"
        case 5: name == "Table"
        case 12: name == "OutlineGroup"
        default: false
        }
    }

    /// Modifiers that exist to change a view's identity or to run work when a view appears:
    /// an `if`/`else` that differs in them splits identity on purpose.
    public static let identityModifiers: Set<String> = [
        "id", "transition", "matchedGeometryEffect", "onAppear", "onDisappear", "task",
    ]

    /// Modifiers that attach a presentation; applying one in a single branch attaches it only
    /// while the condition holds, which one view with an argument cannot express.
    public static let presentationModifiers: Set<String> = [
        "alert", "sheet", "fullScreenCover", "popover", "confirmationDialog", "navigationDestination", "inspector",
        "fileImporter", "fileExporter", "fileMover", "photosPicker", "toolbar", "contextMenu", "searchable",
    ]

    /// Modifiers with no argument that makes them a no-op: added in one branch only, they cannot
    /// be applied in both with a condition (`.labelsHidden()`, `.clipped()`, `.animation(nil, value:)`).
    public static let modifiersWithoutNeutralValue: Set<String> = [
        "animation", "labelsHidden", "clipped", "drawingGroup", "compositingGroup", "monospacedDigit",
        "textSelection", "contentShape", "tag", "focused", "resizable", "scaledToFit", "scaledToFill",
        "aspectRatio", "symbolRenderingMode", "imageScale",
    ]

    /// Modifiers whose content closure can hold the condition itself (`.overlay { if c { Badge() } }`).
    public static let contentModifiers: Set<String> = ["overlay", "background", "mask"]

    /// `.buttonStyle(.bordered)` and `.buttonStyle(.plain)` take values of different types, so two
    /// branches cannot become one call with a conditional argument. Shape styles
    /// (`foregroundStyle`, `backgroundStyle`) usually can.
    public static func isTypedStyleModifier(_ name: String) -> Bool {
        name.hasSuffix("Style") && name != "foregroundStyle" && name != "backgroundStyle"
    }

    /// Types whose plain initialiser makes a new, unique value on every call: an `id` built
    /// from one (`UUID()`, `UUID().uuidString`, `Date()`) differs on every evaluation.
    public static let freshValueTypes: Set<String> = ["UUID", "NSUUID", "Date", "NSDate"]

    /// `["Identifiable"]` for `conforms(_:toAnyOf:)`, made once: a set literal at the call
    /// allocated a set on every ask.
    public static let identifiable: Set<String> = ["Identifiable"]

    /// Collection methods whose result has the same elements (or a subset, in another order).
    public static let elementPreservingMethods: Set<String> = [
        "sorted", "filter", "reversed", "prefix", "suffix", "dropFirst", "dropLast", "shuffled", "uniqued",
        "removingDuplicates",
    ]

    /// Lowest OS versions with the Observation framework.
    public static let observationMinimum: [String: [Int]] = [
        "ios": [17, 0], "macos": [14, 0], "tvos": [17, 0], "watchos": [10, 0], "visionos": [1, 0],
        "maccatalyst": [17, 0],
    ]

    /// Standard-library methods that mutate their receiver in place: called on a property, they
    /// change it (`isOn.toggle()`, `items.append(x)`).
    public static let mutatingMethods: Set<String> = [
        "toggle", "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "removeSubrange",
        "popLast", "sort", "shuffle", "reverse", "formUnion", "formIntersection", "formSymmetricDifference",
        "subtract", "updateValue", "removeValue", "merge", "replaceSubrange",
    ]
    /// Valid across `NameTable.reset`: these names are pinned.
    static let mutatingMethodIDs = Set(mutatingMethods.map(NameID.init))

    /// Types whose instances are expensive to create and meant to be made once and reused
    /// (formatters parse locale data, decoders and regular expressions set up state).
    public static let expensiveTypes: Set<String> = [
        "DateFormatter", "NumberFormatter", "ISO8601DateFormatter", "DateComponentsFormatter",
        "DateIntervalFormatter", "RelativeDateTimeFormatter", "MeasurementFormatter", "ByteCountFormatter",
        "PersonNameComponentsFormatter", "ListFormatter", "EnergyFormatter", "LengthFormatter", "MassFormatter",
        "JSONDecoder", "JSONEncoder", "PropertyListDecoder", "PropertyListEncoder", "NSRegularExpression",
        "NSDataDetector", "NSCache", "CIContext",
    ]

    /// SDK views whose content closures SwiftUI calls while it evaluates the enclosing body (or
    /// while it lays out the container): code in them runs with the body. A project view's
    /// trailing closure may be an action instead, so it is not in this list.
    public static let contentContainers: Set<String> = [
        "VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack", "LazyVGrid", "LazyHGrid", "Grid", "GridRow",
        "List", "Form", "Section", "Group", "ForEach", "ScrollView", "ScrollViewReader", "GeometryReader",
        "NavigationStack", "NavigationView", "NavigationSplitView", "TabView", "ViewThatFits", "DisclosureGroup",
        "GroupBox", "ControlGroup", "Menu", "Picker", "NavigationLink", "Button", "Link", "Label", "LabeledContent",
        "Toggle", "Table", "OutlineGroup", "ToolbarItem", "ToolbarItemGroup", "TimelineView",
    ]
}

extension String {
    /// `unicodeScalars.first?.properties.isUppercase == true` (a type's name, by convention),
    /// answered from the first byte when it is ASCII: the Unicode property lookup was a tenth of
    /// a keystroke's lint, asked for every view and every call. Inlinable: called across
    /// modules (every rule's `baseTypeName`), the call and its checks cost about 70
    /// instructions for what the first byte answers in a few.
    @inlinable public var firstScalarIsUppercase: Bool {
        guard let byte = utf8.first else { return false }
        if byte < 0x80 { return byte >= 0x41 && byte <= 0x5A }
        return firstScalarIsUppercaseBeyondASCII
    }

    @usableFromInline var firstScalarIsUppercaseBeyondASCII: Bool {
        unicodeScalars.first?.properties.isUppercase == true
    }

    /// Does the text's UTF-8 contain `byte`? Scanned in place: `utf8.contains` steps through
    /// the view index by index, about 270 instructions for a short type name, and
    /// `resolveType` asks it of every name it resolves.
    @inlinable public func containsByte(_ byte: UInt8) -> Bool {
        utf8.withContiguousStorageIfAvailable { $0.contains(byte) } ?? utf8.contains(byte)
    }
}

/// Whether a name may be in a set of names, asked before the set: no name of the set has the
/// name's length and first and last bytes (modulo 16) when it answers false. Most names asked
/// (`padding`, `Text`) are in no set, and hashing a string for the set cost ten times this.
struct SpellingFilter: Sendable {
    private var bits = [UInt64](repeating: 0, count: 64)

    init(_ names: Set<String>) {
        for name in names {
            let key = SpellingFilter.key(name)
            bits[key >> 6] |= 1 << UInt64(key & 63)
        }
    }

    private static func key(_ name: String) -> Int {
        // Read in place: `utf8.last` steps the view's index back through the generic
        // collection code, about 120 instructions, for every modifier and callee asked.
        if let key = name.utf8.withContiguousStorageIfAvailable({ bytes -> Int in
            guard let first = bytes.first, let last = bytes.last else { return 0 }
            return (bytes.count & 15) << 8 | Int(first & 15) << 4 | Int(last & 15)
        }) { return key }
        let utf8 = name.utf8
        guard let first = utf8.first, let last = utf8.last else { return 0 }
        return (utf8.count & 15) << 8 | Int(first & 15) << 4 | Int(last & 15)
    }

    func mayContain(_ name: String) -> Bool {
        let key = SpellingFilter.key(name)
        return bits[key >> 6] >> UInt64(key & 63) & 1 != 0
    }
}
