import ViewLintCore
import ViewLintModel

/// ## What it does
/// Flags `Image(systemName:)`, `Label(_:systemImage:)` and the other initializers that take an
/// SF Symbol by name, when the literal name is not in the system's SF Symbols catalogue, or was
/// introduced after the deployment target.
///
/// ## Why is this bad?
/// A misspelled or too-new symbol name compiles, and at run time the image is simply empty: a
/// button without its icon, a tab without its glyph, and nothing in the console.
///
/// ## Use instead
/// The name exactly as the SF Symbols app shows it, or, for a symbol newer than the deployment
/// target, an `if #available` branch with an older symbol.
public struct InvalidSystemSymbol: Rule {
    /// Argument labels that take an SF Symbol's name.
    static let symbolLabels: Set<String> = ["systemName", "systemImage", "systemSymbolName"]

    public static let description = RuleDescription(
        id: "invalid_system_symbol",
        name: "Unknown or too-new SF Symbol",
        summary: "An SF Symbol name that the system's catalogue does not have, or that is newer than the deployment target.",
        rationale: """
            `Image(systemName:)` takes a string, so the compiler cannot check it. A name with a typo \
            (`"sqaure.and.arrow.up"`), a name from a newer SF Symbols release than the app's deployment target, or a \
            name Apple renamed gives an empty image at run time, silently.

            The rule reads the catalogue of the system it runs on: on macOS, `name_availability.plist` in the \
            CoreGlyphs bundle, which maps every symbol to the release that introduced it, and each release to the \
            first iOS, macOS, tvOS and watchOS version that has it. Elsewhere (Linux CI) there is no catalogue unless \
            the environment variable `VIEWLINT_SF_SYMBOLS_CATALOGUE` names a copy of that file, and then the rule \
            checks nothing.

            Checked: string literals given as `systemName:` (`Image`, `UIImage`), `systemImage:` (`Label`, `Button`, \
            `Tab`, `ContentUnavailableView`, `Toggle`, `Menu`, `Picker`...) and `systemSymbolName:` (`NSImage`). A \
            name newer than the deployment target is reported when the target is known and the code is not inside \
            an `#available` check or an `@available` declaration.

            Not reported: names built at run time (interpolation, variables, `Image(systemName: icon)`); \
            `Image(_:)` asset names; every name when no catalogue was found.
            """,
        severity: .warning,
        precision: .high,
        tags: ["swiftui", "correctness", "sf-symbols"],
        triggeringExamples: [
            RuleExample("""
                struct ShareButton: View {
                    var body: some View { Image(systemName: ↓"sqaure.and.arrow.up") }
                }
                """, symbols: ["square.and.arrow.up": "2019"]),
            RuleExample("""
                struct Walk: View {
                    var body: some View { Label("Walk", systemImage: ↓"figure.walk.motion") }
                }
                """, deploymentTarget: ["ios": "16.0"], symbols: ["figure.walk.motion": "2023"]),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct ShareButton: View {
                    var body: some View { Image(systemName: "square.and.arrow.up") }
                }
                """, symbols: ["square.and.arrow.up": "2019"]),
            RuleExample("""
                struct Walk: View {
                    var body: some View {
                        if #available(iOS 17, *) {
                            Label("Walk", systemImage: "figure.walk.motion")
                        } else {
                            Label("Walk", systemImage: "figure.walk")
                        }
                    }
                }
                """, deploymentTarget: ["ios": "16.0"], symbols: ["figure.walk.motion": "2023", "figure.walk": "2019"]),
            RuleExample("""
                struct Icon: View {
                    let name: String
                    var body: some View { Image(systemName: name) }
                }
                """, symbols: ["star": "2019"]),
            RuleExample("""
                struct ShareButton: View {
                    var body: some View { Image(systemName: "no.catalogue.here") }
                }
                """),
        ],
        knownLimits: [
            "Needs the system's catalogue: on Linux it checks nothing unless VIEWLINT_SF_SYMBOLS_CATALOGUE names a copy of a Mac's name_availability.plist, and `viewlint rules` says so here.",
            "The catalogue is the running system's: linting on an older Mac than the app targets can report a name that a newer SDK has.",
            "Availability is judged per member: an `#available` or `#unavailable` check anywhere in the code of the member (or `@available` on it or its type) silences the too-new check for every name in it.",
            "Names passed through a variable, a constant or an enum are not followed.",
        ]
    )

    public init(options: RuleOptions) {}

    public func check(_ context: RuleContext) -> [Diagnostic] {
        guard let catalogue = context.symbols else { return [] }
        var diagnostics: [Diagnostic] = []
        func visit(_ member: Member, owner: TypeDecl?) {
            var guarded: Bool?
            for call in member.calls {
                for argument in call.arguments {
                    guard let label = argument.label, Self.symbolLabels.contains(label),
                          case .string(isConstant: true) = argument.shape, let name = Self.literal(argument.text) else { continue }
                    let symbol = "\(owner?.qualifiedName ?? "global").\(member.name):\(name)"
                    guard let introduced = catalogue.introduced(name) ?? (catalogue.contains(name) ? [:] : nil) else {
                        diagnostics.append(Diagnostic(
                            range: argument.range,
                            message: "'\(name)' is not an SF Symbol in this system's catalogue, so the image is empty at run "
                                + "time; check the name in the SF Symbols app",
                            symbol: symbol))
                        continue
                    }
                    guard let target = context.deploymentTarget else { continue }
                    let platform = target.platforms.keys.sorted().first { platform in
                        guard let needed = introduced[platform], let have = target.platforms[platform] else { return false }
                        return DeploymentTarget.compare(have, needed) < 0
                    }
                    guard let platform, let needed = introduced[platform], let have = target.platforms[platform] else { continue }
                    if guarded == nil { guarded = Self.isAvailabilityGuarded(member, owner: owner, in: context.file) }
                    if guarded == true { continue }
                    diagnostics.append(Diagnostic(
                        range: argument.range,
                        message: "'\(name)' is an SF Symbol from \(Self.platformName(platform)) \(Self.version(needed)) on, but the "
                            + "deployment target is \(Self.platformName(platform)) \(Self.version(have)), where the image is empty; "
                            + "use it inside 'if #available' with an older symbol for the rest",
                        symbol: symbol))
                }
            }
        }
        for decl in context.file.types {
            for member in decl.members { visit(member, owner: decl) }
        }
        for member in context.file.globals { visit(member, owner: nil) }
        return diagnostics
    }

    /// The text of a plain string literal (`"star.fill"`), nil for raw, multi-line or escaped ones.
    static func literal(_ text: String) -> String? {
        guard text.count >= 2, text.first == "\"", text.last == "\"", !text.hasPrefix("\"\"\"") else { return nil }
        let inner = text.dropFirst().dropLast()
        guard !inner.isEmpty, !inner.contains("\\"), !inner.contains("\"") else { return nil }
        return String(inner)
    }

    /// Does the member check availability (`#available` or `#unavailable` in its code, not in a
    /// comment or a string), or declare it (itself or its type)?
    static func isAvailabilityGuarded(_ member: Member, owner: TypeDecl?, in file: FileModel) -> Bool {
        if member.hasAttribute("available") || owner?.hasAttribute("available") == true { return true }
        let range = member.range
        return file.availabilityChecks.contains { range.start <= $0.keywordStart && $0.keywordStart < range.end }
    }

    static func platformName(_ platform: String) -> String {
        ["ios": "iOS", "macos": "macOS", "tvos": "tvOS", "watchos": "watchOS", "visionos": "visionOS"][platform] ?? platform
    }

    static func version(_ parts: [Int]) -> String {
        (parts.count == 1 ? parts + [0] : parts).map(String.init).joined(separator: ".")
    }
}
