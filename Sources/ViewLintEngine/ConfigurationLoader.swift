import ViewLintCore
import ViewLintRules

/// Everything wrong with a configuration file, each problem with its line and column. A
/// configuration with any problem is not used at all: falling back to defaults would lint with
/// rules the team turned off, or skip the ones it asked for, without anyone noticing.
public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    public struct Problem: Sendable, Hashable, CustomStringConvertible {
        public var path: String
        public var position: TextPosition?
        public var message: String

        public init(path: String, position: TextPosition?, message: String) {
            self.path = path
            self.position = position
            self.message = message
        }

        /// `path:line:column: error: message`, the form editors jump to.
        public var description: String {
            guard let position else { return "\(path): error: \(message)" }
            return "\(path):\(position.line):\(position.column): error: \(message)"
        }
    }

    public var problems: [Problem]

    public init(_ problems: [Problem]) { self.problems = problems }

    public var description: String { problems.map(\.description).joined(separator: "\n") }
}

/// Reads `.lint.yml` into a `Configuration`, checking every key, rule id, option and value
/// against `RuleDescription` (the single source of truth for what can be configured).
///
///     rules:
///       closure_input: off                 # off | note | warning | error
///       unused_stored_input:
///         severity: error
///         some_option: [a, b]              # typed as the rule declares it
///     only_rules: [unused_stored_input]    # run just these
///     include: [Sources/**]                # globs relative to this file
///     exclude: ["**/Generated/**"]
///     deployment_target:
///       ios: 17.0
///     strict: true
public enum ConfigurationLoader {
    public static let fileName = ".lint.yml"

    public enum Key: String, CaseIterable, Sendable {
        case rules
        case onlyRules = "only_rules"
        case include
        case exclude
        case deploymentTarget = "deployment_target"
        case strict
    }

    public static let keys: [String] = Key.allCases.map(\.rawValue)
    public static let platforms = ["ios", "macos", "tvos", "watchos", "visionos"]
    static let severityWords = ["off", "note", "warning", "error"]

    /// Keys of other linters' configurations, with what to write instead.
    static let foreignKeys: [String: String] = [
        "disabled_rules": "turn a rule off under 'rules:' with 'rule_id: off'",
        "opt_in_rules": "turn a rule on by naming it under 'rules:' ('rule_id: warning'); use 'only_rules:' to run a subset",
        "enabled_rules": "turn a rule on by naming it under 'rules:' ('rule_id: warning'); use 'only_rules:' to run a subset",
        "analyzer_rules": "turn a rule on by naming it under 'rules:' ('rule_id: warning'); use 'only_rules:' to run a subset",
        "excluded": "did you mean 'exclude'?",
        "included": "did you mean 'include'?",
    ]

    public static func load(_ text: String, path: String, baseDirectory: String? = nil,
                            registry: [any Rule.Type] = RuleRegistry.all) throws(ConfigurationError) -> Configuration {
        try load(Array(text.utf8), path: path, baseDirectory: baseDirectory, registry: registry)
    }

    /// Parses and validates a configuration file's bytes. `path` is how the file is named in
    /// messages; `baseDirectory` is where its globs are rooted.
    public static func load(_ bytes: [UInt8], path: String, baseDirectory: String? = nil,
                            registry: [any Rule.Type] = RuleRegistry.all) throws(ConfigurationError) -> Configuration {
        let root: YAMLNode
        do {
            root = try YAML.parse(bytes)
        } catch {
            throw ConfigurationError([ConfigurationError.Problem(path: path, position: error.position, message: error.message)])
        }
        var reader = Reader(path: path, registry: registry)
        var configuration = reader.read(root)
        if !reader.problems.isEmpty {
            throw ConfigurationError(reader.problems.sorted { ($0.position ?? TextPosition(line: 0, column: 0)) < ($1.position ?? TextPosition(line: 0, column: 0)) })
        }
        configuration.path = path
        configuration.baseDirectory = baseDirectory
        return configuration
    }

    /// The closest of `candidates` to a misspelled `word`, if one is close enough to be a typo
    /// (or starts with it, as `warn` does `warning`).
    static func suggestion(for word: String, in candidates: [String]) -> String? {
        let lower = word.lowercased()
        if let exact = candidates.first(where: { $0 == lower }) { return exact }
        if lower.count >= 3, let prefixed = candidates.first(where: { $0.hasPrefix(lower) }) { return prefixed }
        return Linter.closestRuleID(to: lower, in: Set(candidates))
    }

    struct Reader {
        let path: String
        let descriptions: [String: RuleDescription]
        let ruleIDs: [String]
        var problems: [ConfigurationError.Problem] = []

        init(path: String, registry: [any Rule.Type]) {
            self.path = path
            var descriptions: [String: RuleDescription] = [:]
            for type in registry { descriptions[type.description.id] = type.description }
            self.descriptions = descriptions
            self.ruleIDs = registry.map { $0.description.id }
        }

        mutating func problem(_ message: String, at position: TextPosition) {
            problems.append(ConfigurationError.Problem(path: path, position: position, message: message))
        }

        /// `a list`, `a map`, `'yes'`, `the quoted text "3"`: what was found, for messages.
        func describe(_ node: YAMLNode) -> String {
            if case .scalar(let text, true) = node.value { return "the quoted text \"\(text)\"" }
            return node.kindDescription
        }

        mutating func read(_ root: YAMLNode) -> Configuration {
            var configuration = Configuration()
            let entries: [YAMLEntry]
            switch root.value {
            case .null:
                return configuration
            case .map(let e):
                entries = e
            default:
                problem("the configuration must be a map of keys such as 'rules:' and 'exclude:', not \(describe(root))",
                        at: root.position)
                return configuration
            }
            var onlyRulesPositions: [String: TextPosition] = [:]
            var turnedOff: [(id: String, position: TextPosition)] = []
            for entry in entries {
                guard let key = Key(rawValue: entry.key) else {
                    let hint = ConfigurationLoader.foreignKeys[entry.key]
                        ?? ConfigurationLoader.suggestion(for: entry.key, in: ConfigurationLoader.keys).map { "did you mean '\($0)'?" }
                        ?? "the keys are \(ConfigurationLoader.keys.joined(separator: ", "))"
                    problem("unknown key '\(entry.key)'; \(hint)", at: entry.keyPosition)
                    continue
                }
                if case .null = entry.value.value {
                    problem("'\(entry.key)' has no value; give it one or remove the key", at: entry.keyPosition)
                    continue
                }
                switch key {
                case .rules:
                    turnedOff = readRules(entry.value, into: &configuration)
                case .onlyRules:
                    guard let items = stringList(entry.value, key: "'only_rules'", what: "rule ids", itemName: "id") else { continue }
                    if items.isEmpty {
                        problem("'only_rules' is empty, so no rule would run; list rules or remove the key", at: entry.value.position)
                        continue
                    }
                    var ids: [String] = []
                    for (id, position) in items {
                        guard descriptions[id] != nil else {
                            problem(unknownRule(id), at: position)
                            continue
                        }
                        if onlyRulesPositions[id] == nil { ids.append(id) }
                        onlyRulesPositions[id] = onlyRulesPositions[id] ?? position
                    }
                    configuration.onlyRules = ids
                case .include, .exclude:
                    guard let items = stringList(entry.value, key: "'\(entry.key)'", what: "glob patterns", itemName: "pattern") else {
                        continue
                    }
                    if key == .include && items.isEmpty {
                        problem("'include' is empty, so nothing would be linted; list patterns or remove the key",
                                at: entry.value.position)
                        continue
                    }
                    var patterns: [String] = []
                    for (pattern, position) in items {
                        do {
                            _ = try Glob(pattern)
                            patterns.append(pattern)
                        } catch {
                            problem(error.message, at: position)
                        }
                    }
                    if key == .include { configuration.include = patterns } else { configuration.exclude = patterns }
                case .deploymentTarget:
                    configuration.deploymentTarget = readDeploymentTarget(entry.value)
                case .strict:
                    if let value = bool(entry.value, name: "'strict'") { configuration.strict = value }
                }
            }
            for off in turnedOff {
                if let listed = onlyRulesPositions[off.id] {
                    problem("rule '\(off.id)' is turned off here, but 'only_rules' (line \(listed.line)) lists it; remove it from one of them",
                            at: off.position)
                }
            }
            return configuration
        }

        func unknownRule(_ id: String) -> String {
            let hint = ConfigurationLoader.suggestion(for: id, in: ruleIDs).map { "did you mean '\($0)'?" }
                ?? "'viewlint rules' lists them"
            return "unknown rule '\(id)'; \(hint)"
        }

        /// Reads `rules:`; returns the rules turned off, with where.
        mutating func readRules(_ node: YAMLNode, into configuration: inout Configuration) -> [(id: String, position: TextPosition)] {
            guard case .map(let entries) = node.value else {
                problem("'rules' must be a map from rule ids to a severity (off, note, warning, error) or to a map of settings, not \(describe(node))",
                        at: node.position)
                return []
            }
            var turnedOff: [(id: String, position: TextPosition)] = []
            for entry in entries {
                let id = entry.key
                guard let description = descriptions[id] else {
                    problem(unknownRule(id), at: entry.keyPosition)
                    continue
                }
                switch entry.value.value {
                case .scalar:
                    guard let setting = severitySetting(entry.value, name: "rule '\(id)'", mapAllowed: true) else { continue }
                    if !setting.enabled { turnedOff.append((id, entry.value.position)) }
                    configuration.rules[id] = setting
                case .map(let settings):
                    var setting = RuleSetting()
                    for s in settings {
                        if s.key == "severity" {
                            if let parsed = severitySetting(s.value, name: "'severity' of rule '\(id)'", mapAllowed: false) {
                                setting.enabled = parsed.enabled
                                setting.severity = parsed.severity
                                if !parsed.enabled { turnedOff.append((id, s.value.position)) }
                            }
                            continue
                        }
                        guard let option = description.option(s.key) else {
                            let keys = description.options.map(\.key)
                            let hint: String
                            if keys.isEmpty {
                                hint = "it has no options, only 'severity'"
                            } else if let close = ConfigurationLoader.suggestion(for: s.key, in: keys + ["severity"]) {
                                hint = "did you mean '\(close)'?"
                            } else {
                                hint = "its settings are severity, \(keys.joined(separator: ", "))"
                            }
                            problem("rule '\(id)' has no option '\(s.key)'; \(hint)", at: s.keyPosition)
                            continue
                        }
                        if let value = optionValue(s.value, option: option, ruleID: id) { setting.options[option.key] = value }
                    }
                    configuration.rules[id] = setting
                case .null:
                    problem("rule '\(id)' has no setting; write off, note, warning or error, or a map of settings",
                            at: entry.keyPosition)
                case .list:
                    problem("rule '\(id)' must be set to off, note, warning or error, or to a map of settings, not a list",
                            at: entry.value.position)
                }
            }
            return turnedOff
        }

        /// `off` | `note` | `warning` | `error`.
        mutating func severitySetting(_ node: YAMLNode, name: String, mapAllowed: Bool) -> RuleSetting? {
            let expected = "off, note, warning or error" + (mapAllowed ? " (or a map of settings)" : "")
            guard case .scalar(let text, _) = node.value else {
                problem("\(name) must be \(expected), not \(describe(node))", at: node.position)
                return nil
            }
            switch text {
            case "off": return RuleSetting(enabled: false)
            case "note": return RuleSetting(severity: .note)
            case "warning": return RuleSetting(severity: .warning)
            case "error": return RuleSetting(severity: .error)
            default:
                var hint = ""
                if ["false", "no"].contains(text.lowercased()) {
                    hint = "; write 'off' to turn the rule off"
                } else if ["true", "yes", "on"].contains(text.lowercased()) {
                    hint = "; rules are on by default, so give a severity or remove the line"
                } else if let close = ConfigurationLoader.suggestion(for: text, in: ConfigurationLoader.severityWords) {
                    hint = "; did you mean '\(close)'?"
                }
                problem("\(name) must be \(expected), not \(describe(node))\(hint)", at: node.position)
                return nil
            }
        }

        mutating func optionValue(_ node: YAMLNode, option: RuleOption, ruleID: String) -> OptionValue? {
            let name = "option '\(option.key)' of rule '\(ruleID)'"
            switch option.kind {
            case .bool:
                return bool(node, name: name).map(OptionValue.bool)
            case .int:
                if case .scalar(let text, false) = node.value, Reader.isWholeNumber(text), let n = Int(text) {
                    return .int(n)
                }
                problem("\(name) must be a whole number, not \(describe(node))", at: node.position)
                return nil
            case .string:
                if case .scalar(let text, _) = node.value { return .string(text) }
                problem("\(name) must be a string, not \(describe(node))", at: node.position)
                return nil
            case .list:
                guard let items = stringList(node, key: name, what: "strings", itemName: "item") else { return nil }
                return .list(items.map(\.text))
            }
        }

        static func isWholeNumber(_ text: String) -> Bool {
            let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
            return !digits.isEmpty && digits.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
        }

        /// `true` or `false`, unquoted; YAML 1.1's `yes`/`on` are refused rather than guessed.
        mutating func bool(_ node: YAMLNode, name: String) -> Bool? {
            if case .scalar(let text, false) = node.value {
                if text == "true" { return true }
                if text == "false" { return false }
            }
            problem("\(name) must be true or false, not \(describe(node))", at: node.position)
            return nil
        }

        /// A list of scalars (block or flow). A single scalar is refused: `exclude: Pods` reads
        /// like a list of one but is not one, and accepting it would hide a typo such as a missing `-`.
        mutating func stringList(_ node: YAMLNode, key: String, what: String,
                                 itemName: String) -> [(text: String, position: TextPosition)]? {
            guard case .list(let items) = node.value else {
                let hint = if case .scalar = node.value { " (write [\(itemName)] for one)" } else { "" }
                problem("\(key) must be a list of \(what)\(hint), not \(describe(node))", at: node.position)
                return nil
            }
            var result: [(text: String, position: TextPosition)] = []
            var ok = true
            for item in items {
                if case .scalar(let text, _) = item.value {
                    result.append((text, item.position))
                } else {
                    problem("the items of \(key) must be \(what), not \(describe(item))", at: item.position)
                    ok = false
                }
            }
            return ok ? result : nil
        }

        mutating func readDeploymentTarget(_ node: YAMLNode) -> DeploymentTarget? {
            guard case .map(let entries) = node.value else {
                problem("'deployment_target' must be a map from platforms to versions, such as 'ios: 17.0', not \(describe(node))",
                        at: node.position)
                return nil
            }
            var platforms: [String: [Int]] = [:]
            var seen: [String: TextPosition] = [:]
            for entry in entries {
                let platform = entry.key.lowercased()
                guard ConfigurationLoader.platforms.contains(platform) else {
                    let hint = ConfigurationLoader.suggestion(for: platform, in: ConfigurationLoader.platforms)
                        .map { "did you mean '\($0)'?" } ?? "platforms are \(ConfigurationLoader.platforms.joined(separator: ", "))"
                    problem("unknown platform '\(entry.key)'; \(hint)", at: entry.keyPosition)
                    continue
                }
                if let first = seen[platform] {
                    problem("platform '\(entry.key)' is given twice (first at line \(first.line))", at: entry.keyPosition)
                    continue
                }
                seen[platform] = entry.keyPosition
                guard case .scalar(let text, _) = entry.value.value, let version = DeploymentTarget.version(text) else {
                    problem("the deployment target of '\(entry.key)' must be a version such as 17.0, not \(describe(entry.value))",
                            at: entry.value.value == .null ? entry.keyPosition : entry.value.position)
                    continue
                }
                platforms[platform] = version
            }
            return platforms.isEmpty ? nil : DeploymentTarget(platforms: platforms, source: path)
        }
    }
}
