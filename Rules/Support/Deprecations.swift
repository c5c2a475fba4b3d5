import ViewLintModel

/// SwiftUI APIs that the SDK deprecates, with the OS versions of each deprecation: the one data
/// file `deprecated_api` reads. Versions are those of the SDK's deprecation (where the SDK only
/// marks an API "to be deprecated", the version that introduced its replacement on every
/// platform, which is when Xcode's documentation shows it deprecated). A platform missing from
/// `deprecated` has no deprecation there (or no API), so a target of that platform stays silent.
public struct Deprecation: Sendable {
    public enum Kind: Sendable {
        /// A view modifier `.name(...)`; `when` narrows it to one overload.
        case modifier(String)
        /// A type used as a call: a view (`NavigationView { ... }`) or a value (`Alert(...)`).
        case type(String)
        /// An environment key path component: `@Environment(\.presentationMode)`.
        case environmentKey(String)
    }

    /// Which overload of a modifier or initialiser is deprecated, decided from its arguments.
    public enum Overload: Sendable {
        case any
        /// An argument with this label is present (`NavigationLink(destination:isActive:)`).
        case hasLabel(String)
        /// No argument with this label (`.animation(.default)` without `value:`).
        case lacksLabel(String)
        /// The view overload of `background`/`overlay`: an unlabelled view argument
        /// (`.background(Text("a"))`, `.overlay(Circle(), alignment: .top)`), not a shape style
        /// (`.background(Color.red)` is the current `ShapeStyle` overload).
        case viewArgument
        /// An unlabelled value argument and no trailing closure (`.mask(Circle())`).
        case valueArgument
        /// The action closure takes exactly one parameter (`.onChange(of: x) { newValue in }`).
        case singleParameterClosure
    }

    public var kind: Kind
    public var overload: Overload
    /// How the API is written in messages (`foregroundColor(_:)`).
    public var spelling: String
    public var replacement: String
    /// Lowercased platform to the version that deprecates it.
    public var deprecated: [String: [Int]]

    init(_ kind: Kind, _ spelling: String, use replacement: String, _ deprecated: [String: [Int]]) {
        self.init(kind, .any, spelling, use: replacement, deprecated)
    }

    init(_ kind: Kind, _ overload: Overload, _ spelling: String, use replacement: String,
         _ deprecated: [String: [Int]]) {
        self.kind = kind
        self.overload = overload
        self.spelling = spelling
        self.replacement = replacement
        self.deprecated = deprecated
    }
}

extension Deprecation {
    static func versions(ios: Int, macos: Int, tvos: Int? = nil, watchos: Int? = nil) -> [String: [Int]] {
        var v: [String: [Int]] = ["ios": [ios, 0], "maccatalyst": [ios, 0], "macos": [macos, 0], "visionos": [1, 0]]
        if let tvos { v["tvos"] = [tvos, 0] }
        if let watchos { v["watchos"] = [watchos, 0] }
        return v
    }

    static let of2021 = versions(ios: 15, macos: 12, tvos: 15, watchos: 8)
    static let of2022 = versions(ios: 16, macos: 13, tvos: 16, watchos: 9)
    static let of2023 = versions(ios: 17, macos: 14, tvos: 17, watchos: 10)
    static let of2022iOS = versions(ios: 16, macos: 13, tvos: 16)

    public static let all: [Deprecation] = [
        Deprecation(.type("NavigationView"), "NavigationView", use: "'NavigationStack' or 'NavigationSplitView'", of2022),
        Deprecation(.modifier("foregroundColor"), "foregroundColor(_:)", use: "'foregroundStyle(_:)'", of2023),
        Deprecation(.environmentKey("presentationMode"), "presentationMode",
                    use: "'@Environment(\\.dismiss)' or '@Environment(\\.isPresented)'", of2023),
        Deprecation(.modifier("cornerRadius"), "cornerRadius(_:antialiased:)",
                    use: "'clipShape(.rect(cornerRadius:))'", of2023),
        Deprecation(.modifier("accentColor"), "accentColor(_:)", use: "'tint(_:)'", of2023),
        Deprecation(.modifier("navigationBarTitle"), "navigationBarTitle(_:)",
                    use: "'navigationTitle(_:)' and 'navigationBarTitleDisplayMode(_:)'", versions(ios: 16, macos: 13, tvos: 16, watchos: 9)),
        Deprecation(.modifier("navigationBarItems"), "navigationBarItems(leading:trailing:)",
                    use: "'toolbar(content:)' with 'ToolbarItem's", of2022iOS),
        Deprecation(.modifier("navigationBarHidden"), "navigationBarHidden(_:)",
                    use: "'toolbar(.hidden, for: .navigationBar)'", of2022iOS),
        Deprecation(.modifier("onChange"), .singleParameterClosure, "onChange(of:perform:)",
                    use: "'onChange(of:initial:_:)' with a closure of no or two parameters", of2023),
        Deprecation(.modifier("onChange"), .hasLabel("perform"), "onChange(of:perform:)",
                    use: "'onChange(of:initial:_:)' with a closure of no or two parameters", of2023),
        Deprecation(.modifier("animation"), .lacksLabel("value"), "animation(_:)",
                    use: "'animation(_:value:)' or 'withAnimation'", of2021),
        Deprecation(.modifier("edgesIgnoringSafeArea"), "edgesIgnoringSafeArea(_:)", use: "'ignoresSafeArea(_:edges:)'", of2023),
        Deprecation(.modifier("autocapitalization"), "autocapitalization(_:)",
                    use: "'textInputAutocapitalization(_:)'", versions(ios: 16, macos: 99, tvos: 16, watchos: 9)),
        Deprecation(.modifier("disableAutocorrection"), "disableAutocorrection(_:)",
                    use: "'autocorrectionDisabled(_:)'", of2023),
        Deprecation(.modifier("actionSheet"), "actionSheet(isPresented:content:)", use: "'confirmationDialog(_:isPresented:actions:)'", of2022),
        Deprecation(.type("ActionSheet"), "ActionSheet", use: "'confirmationDialog(_:isPresented:actions:)'", of2022),
        Deprecation(.type("Alert"), "Alert", use: "'alert(_:isPresented:actions:message:)'", of2022),
        Deprecation(.modifier("background"), .viewArgument, "background(_:alignment:)",
                    use: "'background(alignment:content:)'", of2021),
        Deprecation(.modifier("overlay"), .viewArgument, "overlay(_:alignment:)",
                    use: "'overlay(alignment:content:)'", of2021),
        Deprecation(.modifier("mask"), .valueArgument, "mask(_:)", use: "'mask(alignment:_:)'", of2021),
        Deprecation(.type("NavigationLink"), .hasLabel("isActive"), "NavigationLink(destination:isActive:label:)",
                    use: "'navigationDestination(isPresented:destination:)'", of2022),
        Deprecation(.type("NavigationLink"), .hasLabel("tag"), "NavigationLink(tag:selection:destination:label:)",
                    use: "'NavigationLink(value:label:)' with 'navigationDestination(for:destination:)'", of2022),
        Deprecation(.modifier("accessibility"), .hasLabel("label"), "accessibility(label:)", use: "'accessibilityLabel(_:)'", of2021),
        Deprecation(.modifier("accessibility"), .hasLabel("hint"), "accessibility(hint:)", use: "'accessibilityHint(_:)'", of2021),
        Deprecation(.modifier("accessibility"), .hasLabel("hidden"), "accessibility(hidden:)", use: "'accessibilityHidden(_:)'", of2021),
        Deprecation(.modifier("accessibility"), .hasLabel("identifier"), "accessibility(identifier:)",
                    use: "'accessibilityIdentifier(_:)'", of2021),
        Deprecation(.modifier("accessibility"), .hasLabel("value"), "accessibility(value:)", use: "'accessibilityValue(_:)'", of2021),
        Deprecation(.modifier("accessibility"), .hasLabel("addTraits"), "accessibility(addTraits:)",
                    use: "'accessibilityAddTraits(_:)'", of2021),
    ]

    /// The deprecations of modifiers and types, by name, for lookups during the walk.
    public static let byName: [String: [Deprecation]] = {
        var map: [String: [Deprecation]] = [:]
        for d in all {
            switch d.kind {
            case .modifier(let n), .type(let n), .environmentKey(let n): map[n, default: []].append(d)
            }
        }
        return map
    }()

    /// The deprecations of a modifier, type or environment key by its name; nil for most names,
    /// which `nameFilter` rejects without hashing them (rules ask this of every modifier and call).
    public static func named(_ name: String) -> [Deprecation]? {
        nameFilter.mayContain(name) ? byName[name] : nil
    }

    static let nameFilter = NameFilter(byName.keys)

    /// The names of the deprecated types and environment keys: a file that spells none of them
    /// holds no deprecated call of a type and no deprecated `@Environment` key.
    public static let typeAndKeyNames: [String] = {
        var names: [String] = []
        var seen: Set<String> = []
        for d in all {
            switch d.kind {
            case .type(let n), .environmentKey(let n): if seen.insert(n).inserted { names.append(n) }
            case .modifier: break
            }
        }
        return names
    }()

    /// Is the API deprecated for every platform the target declares? With no target, the newest
    /// OS is assumed, where all of them are.
    public func applies(to target: DeploymentTargetVersions?) -> Bool {
        guard let target, !target.isEmpty else { return true }
        for (platform, version) in target {
            guard let since = deprecated[platform] else { return false }
            if Deprecation.compare(version, since) < 0 { return false }
        }
        return true
    }

    static func compare(_ a: [Int], _ b: [Int]) -> Int {
        for i in 0..<max(a.count, b.count) {
            let x = i < a.count ? a[i] : 0
            let y = i < b.count ? b[i] : 0
            if x != y { return x < y ? -1 : 1 }
        }
        return 0
    }
}

/// Platform to minimum version, as a deployment target declares it.
public typealias DeploymentTargetVersions = [String: [Int]]
