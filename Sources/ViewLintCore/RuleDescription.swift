/// How serious a finding is. `error` findings fail a run (exit 1); with `--strict`, any finding does.
public enum Severity: String, Sendable, Comparable, CaseIterable, Codable {
    case note, warning, error

    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
    var rank: Int {
        switch self {
        case .note: return 0
        case .warning: return 1
        case .error: return 2
        }
    }
}

/// How often a rule's findings are right, as SARIF's `precision` property and GitHub code
/// scanning understand it.
public enum Precision: String, Sendable {
    case veryHigh = "very-high", high, medium, low
}

/// A code sample for a rule's documentation and tests. In triggering examples, `↓` marks each
/// place a finding must be reported (the marker is removed before linting).
public struct RuleExample: Sendable, Hashable {
    public var code: String
    /// Options to apply when checking this example (`["ignore_names": .list(["onTap"])]`).
    public var options: [String: OptionValue]
    /// A deployment target to assume (`["ios": "16.0"]`); nil means the newest.
    public var deploymentTarget: [String: String]?
    /// Extra files that make up the project around `code` (cross-file examples).
    public var context: [String]
    /// For rules that need the system's SF Symbols catalogue: the one to assume, as symbol
    /// name to the release year that introduced it (`["star": "2019"]`).
    public var symbols: [String: String]?

    public init(_ code: String, options: [String: OptionValue] = [:], deploymentTarget: [String: String]? = nil,
                context: [String] = [], symbols: [String: String]? = nil) {
        self.code = code
        self.options = options
        self.deploymentTarget = deploymentTarget
        self.context = context
        self.symbols = symbols
    }

    public static let marker: Character = "↓"
}

/// A value of a rule option.
public enum OptionValue: Sendable, Hashable, CustomStringConvertible {
    case bool(Bool)
    case int(Int)
    case string(String)
    case list([String])

    public var description: String {
        switch self {
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .string(let s): return s
        case .list(let l): return "[" + l.joined(separator: ", ") + "]"
        }
    }
}

/// A rule option's declaration: its key in `.lint.yml`, type, default and meaning.
public struct RuleOption: Sendable {
    public enum Kind: String, Sendable { case bool, int, string, list }
    public var key: String
    public var kind: Kind
    public var defaultValue: OptionValue
    public var summary: String

    public init(_ key: String, _ kind: Kind, default defaultValue: OptionValue, _ summary: String) {
        self.key = key
        self.kind = kind
        self.defaultValue = defaultValue
        self.summary = summary
    }
}

/// Everything there is to know about a rule, in one value: the single source of truth for
/// `viewlint rules`, the generated documentation, SARIF rule metadata and config validation.
public struct RuleDescription: Sendable {
    /// snake_case, naming the pattern flagged (`unused_stored_input`).
    public var id: String
    /// Title case for people (`Unused stored input`).
    public var name: String
    /// One line: what is flagged.
    public var summary: String
    /// Why it hurts, in terms of SwiftUI's update model, and what to do instead (Markdown).
    public var rationale: String
    public var severity: Severity
    public var precision: Precision
    /// Tags for SARIF `properties.tags` (`performance`, `identity`, `correctness`).
    public var tags: [String]
    public var triggeringExamples: [RuleExample]
    public var nonTriggeringExamples: [RuleExample]
    public var options: [RuleOption]
    /// Cases the rule knowingly does not handle.
    public var knownLimits: [String]
    /// Off unless a configuration names the rule (under `rules:` or `only_rules:`). A rule ships off
    /// when real code showed it cannot be made precise enough to run everywhere; its rationale says why.
    public var enabledByDefault: Bool
    /// The rule reports code that can be removed (an unused property, a suppression that
    /// silences nothing): editors fade it (LSP's `Unnecessary` tag) instead of underlining it.
    public var flagsUnusedCode: Bool

    public init(id: String, name: String, summary: String, rationale: String, severity: Severity,
                precision: Precision = .high, tags: [String], triggeringExamples: [RuleExample],
                nonTriggeringExamples: [RuleExample], options: [RuleOption] = [], knownLimits: [String] = [],
                enabledByDefault: Bool = true,
                flagsUnusedCode: Bool = false) {
        self.id = id
        self.name = name
        self.summary = summary
        self.rationale = rationale
        self.severity = severity
        self.precision = precision
        self.tags = tags
        self.triggeringExamples = triggeringExamples
        self.nonTriggeringExamples = nonTriggeringExamples
        self.options = options
        self.knownLimits = knownLimits
        self.enabledByDefault = enabledByDefault
        self.flagsUnusedCode = flagsUnusedCode
    }

    public func option(_ key: String) -> RuleOption? { options.first { $0.key == key } }
}
