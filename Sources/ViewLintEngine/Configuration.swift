import ViewLintCore
import ViewLintRules

/// How one rule is configured: turned off, given another severity, or given options.
public struct RuleSetting: Sendable, Hashable {
    public var enabled: Bool
    public var severity: Severity?
    public var options: [String: OptionValue]

    public init(enabled: Bool = true, severity: Severity? = nil, options: [String: OptionValue] = [:]) {
        self.enabled = enabled
        self.severity = severity
        self.options = options
    }
}

/// A resolved configuration: what `.lint.yml` says (see `ConfigurationLoader`), or the defaults.
public struct Configuration: Sendable {
    public var rules: [String: RuleSetting]
    /// When set, only these rules run.
    public var onlyRules: [String]?
    /// Glob patterns, relative to `baseDirectory`.
    public var include: [String]
    public var exclude: [String]
    public var deploymentTarget: DeploymentTarget?
    public var strict: Bool
    /// The directory of the configuration file (globs are relative to it).
    public var baseDirectory: String?
    /// The configuration file, if one was read.
    public var path: String?

    public init(rules: [String: RuleSetting] = [:], onlyRules: [String]? = nil, include: [String] = [],
                exclude: [String] = [], deploymentTarget: DeploymentTarget? = nil, strict: Bool = false,
                baseDirectory: String? = nil, path: String? = nil) {
        self.rules = rules
        self.onlyRules = onlyRules
        self.include = include
        self.exclude = exclude
        self.deploymentTarget = deploymentTarget
        self.strict = strict
        self.baseDirectory = baseDirectory
        self.path = path
    }

    public static let `default` = Configuration()

    /// Is the rule on, given `only_rules` and its setting? A rule that is off by default is on
    /// once the configuration names it, in `only_rules:` or with any setting other than `off`.
    public func isEnabled(_ description: RuleDescription) -> Bool {
        if let only = onlyRules {
            return only.contains(description.id) && (rules[description.id]?.enabled ?? true)
        }
        return rules[description.id]?.enabled ?? description.enabledByDefault
    }

    /// `isEnabled` for a registered rule's id (an unknown id counts as on, as a setting for it would).
    public func isEnabled(_ id: String) -> Bool {
        guard let description = RuleRegistry.rule(id: id)?.description else {
            if let only = onlyRules, !only.contains(id) { return false }
            return rules[id]?.enabled ?? true
        }
        return isEnabled(description)
    }

    public func severity(of description: RuleDescription) -> Severity {
        rules[description.id]?.severity ?? description.severity
    }

    /// The enabled rules, instantiated with their options, in registry order. The engine's own
    /// suppression rules are not in this list; see `metaSeverities`.
    public func configuredRules(from registry: [any Rule.Type] = RuleRegistry.all) -> [ConfiguredRule] {
        var result: [ConfiguredRule] = []
        for type in registry {
            let description = type.description
            if Configuration.metaRuleIDs.contains(description.id) || !isEnabled(description) { continue }
            let options = RuleOptions(rules[description.id]?.options ?? [:], defaults: description.options)
            result.append(ConfiguredRule(rule: type.init(options: options), severity: severity(of: description)))
        }
        return result
    }

    static let metaRuleIDs: Set<String> = [Linter.unusedSuppressionID, Linter.unknownRuleInSuppressionID]

    /// Severities of the engine-reported suppression rules that are enabled.
    public func metaSeverities(from registry: [any Rule.Type] = RuleRegistry.all) -> [String: Severity] {
        var result: [String: Severity] = [:]
        for type in registry where Configuration.metaRuleIDs.contains(type.description.id) {
            if isEnabled(type.description) { result[type.description.id] = severity(of: type.description) }
        }
        return result
    }
}
