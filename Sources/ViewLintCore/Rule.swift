import ViewLintModel
import ViewLintSyntax

/// A lint rule: a description and a check over the project model.
///
/// A rule is created once per run with its configured options, then asked to check each
/// reported file; it sees the whole project's model, so cross-file facts (a view's extension
/// in another file, a conformance added elsewhere) are always available. Checks run in
/// parallel across files, so a rule holds no mutable state.
public protocol Rule: Sendable {
    static var description: RuleDescription { get }
    init(options: RuleOptions)
    func check(_ context: RuleContext) -> [Diagnostic]
}

extension Rule {
    public var description: RuleDescription { Self.description }
}

/// A rule's options after validation: every declared option has a value (its default unless
/// configured), with the declared type.
public struct RuleOptions: Sendable {
    public var values: [String: OptionValue]

    public init(_ values: [String: OptionValue] = [:], defaults: [RuleOption] = []) {
        var merged: [String: OptionValue] = [:]
        for option in defaults { merged[option.key] = option.defaultValue }
        for (k, v) in values { merged[k] = v }
        self.values = merged
    }

    public func bool(_ key: String) -> Bool {
        if case .bool(let b)? = values[key] { return b }
        return false
    }

    public func int(_ key: String) -> Int? {
        if case .int(let i)? = values[key] { return i }
        return nil
    }

    public func string(_ key: String) -> String? {
        if case .string(let s)? = values[key] { return s }
        return nil
    }

    public func list(_ key: String) -> [String] {
        if case .list(let l)? = values[key] { return l }
        return []
    }
}

/// A platform's minimum OS version, as `deployment_target:` or `platforms:` declare it.
public struct DeploymentTarget: Sendable, Hashable {
    /// Lowercased platform (`ios`, `macos`, `tvos`, `watchos`, `visionos`) to version components.
    public var platforms: [String: [Int]]
    /// Where it came from, for `--print-deployment-target` and messages.
    public var source: String

    public init(platforms: [String: [Int]], source: String) {
        self.platforms = platforms
        self.source = source
    }

    /// Parses `17`, `17.0`, `17.0.1`.
    public static func version(_ text: String) -> [Int]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.count <= 3 else { return nil }
        var result: [Int] = []
        for p in parts {
            guard let n = Int(p), n >= 0 else { return nil }
            result.append(n)
        }
        return result
    }

    public static func compare(_ a: [Int], _ b: [Int]) -> Int {
        for i in 0..<max(a.count, b.count) {
            let x = i < a.count ? a[i] : 0
            let y = i < b.count ? b[i] : 0
            if x != y { return x < y ? -1 : 1 }
        }
        return 0
    }

    /// Does every declared platform meet `minimums` (platforms not in `minimums` are ignored)?
    public func allPlatformsAtLeast(_ minimums: [String: [Int]]) -> Bool {
        for (platform, version) in platforms {
            guard let minimum = minimums[platform] else { continue }
            if DeploymentTarget.compare(version, minimum) < 0 { return false }
        }
        return true
    }

    public var summary: String {
        platforms.keys.sorted().map { "\($0) \(platforms[$0]!.map(String.init).joined(separator: "."))" }
            .joined(separator: ", ")
    }
}

/// What a rule sees when it checks one file.
public struct RuleContext: Sendable {
    public let project: ProjectModel
    public let fileIndex: Int
    /// The deployment target that applies to this file, or nil when none is known
    /// (rules then assume the newest OS).
    public let deploymentTarget: DeploymentTarget?
    /// The SF Symbols catalogue of this system, or nil where none was found (rules that need
    /// it stay silent).
    public let symbols: SymbolCatalogue?

    public init(project: ProjectModel, fileIndex: Int, deploymentTarget: DeploymentTarget?, symbols: SymbolCatalogue? = nil) {
        self.project = project
        self.fileIndex = fileIndex
        self.deploymentTarget = deploymentTarget
        self.symbols = symbols
    }

    public var file: FileModel { project.files[fileIndex] }

    /// The file's type declarations with their references, for rules that walk them.
    public var declarations: [(ref: ProjectModel.DeclRef, decl: TypeDecl)] {
        file.types.enumerated().map { (ProjectModel.DeclRef(file: fileIndex, index: $0.offset), $0.element) }
    }
}

/// What a rule reports: where, what, and about which declaration.
public struct Diagnostic: Sendable, Hashable {
    public var range: SourceRange
    public var message: String
    /// The declaration the finding is about (`ContentView.title`), which baselines and
    /// line-independent fingerprints use instead of line numbers.
    public var symbol: String
    public var fixes: [Fix]
    /// A lower severity for this finding than the rule's (a `note` where the cost is small);
    /// nil for the rule's configured severity. It only ever lowers: a finding never ends up
    /// above what the rule is configured to.
    public var severity: Severity?

    public init(range: SourceRange, message: String, symbol: String, fixes: [Fix] = [], severity: Severity? = nil) {
        self.range = range
        self.message = message
        self.symbol = symbol
        self.fixes = fixes
        self.severity = severity
    }
}
