import Testing
import ViewLintCore
import ViewLintEngine
import ViewLintRules

/// A rule with one option of each kind, so option validation is tested whatever rules ship.
struct ConfigurableProbe: Rule {
    static let description = RuleDescription(
        id: "configurable_probe", name: "Configurable probe", summary: "Test rule with options.",
        rationale: "Exists only so configuration tests can check option typing.", severity: .warning,
        tags: ["test"], triggeringExamples: [], nonTriggeringExamples: [],
        options: [
            RuleOption("ignore_names", .list, default: .list([]), "names to skip"),
            RuleOption("max_count", .int, default: .int(3), "a limit"),
            RuleOption("strict_mode", .bool, default: .bool(false), "a switch"),
            RuleOption("prefix", .string, default: .string("on"), "a word"),
        ])
    let options: RuleOptions
    init(options: RuleOptions) { self.options = options }
    func check(_ context: RuleContext) -> [Diagnostic] { [] }
}

/// A rule that ships off, so turning such a rule on is tested whatever rules ship.
struct OptInProbe: Rule {
    static let description = RuleDescription(
        id: "opt_in_probe", name: "Opt-in probe", summary: "Test rule that is off by default.",
        rationale: "Exists only so configuration tests can check rules that are off by default.", severity: .note,
        tags: ["test"], triggeringExamples: [], nonTriggeringExamples: [], enabledByDefault: false)
    init(options: RuleOptions) {}
    func check(_ context: RuleContext) -> [Diagnostic] { [] }
}

@Suite("Configuration")
struct ConfigurationTests {
    static let registry: [any Rule.Type] = RuleRegistry.all + [ConfigurableProbe.self, OptInProbe.self]

    func load(_ text: String) throws(ConfigurationError) -> Configuration {
        try ConfigurationLoader.load(text, path: ".lint.yml", baseDirectory: "/repo", registry: Self.registry)
    }

    /// Every problem of a broken configuration, as printed.
    func problems(_ text: String) -> [String] {
        do {
            _ = try load(text)
            return []
        } catch {
            return error.problems.map(\.description)
        }
    }

    func expectProblem(_ text: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(problems(text) == [expected], sourceLocation: sourceLocation)
    }

    // MARK: Each key

    @Test func emptyOrCommentOnlyFileIsTheDefaults() throws {
        for text in ["", "# nothing configured yet\n", "---\n"] {
            let c = try load(text)
            #expect(c.rules.isEmpty && c.onlyRules == nil && c.include.isEmpty && c.exclude.isEmpty)
            #expect(c.deploymentTarget == nil && !c.strict)
            #expect(c.path == ".lint.yml" && c.baseDirectory == "/repo")
        }
    }

    @Test func rulesTakeSeveritiesOrOff() throws {
        let c = try load("""
            rules:
              unused_stored_input: error
              unused_suppression: off
              unknown_rule_in_suppression: note
            """)
        #expect(c.rules["unused_stored_input"] == RuleSetting(severity: .error))
        #expect(c.rules["unused_suppression"] == RuleSetting(enabled: false))
        let configured = c.configuredRules(from: Self.registry)
        #expect(configured.first { $0.id == "unused_stored_input" }?.severity == .error)
        #expect(c.metaSeverities(from: Self.registry) == ["unknown_rule_in_suppression": .note])
        // Quoted severities are the same words.
        #expect(try load("rules:\n  unused_stored_input: 'note'\n").rules["unused_stored_input"]?.severity == .note)
    }

    @Test func rulesTakeAMapOfSeverityAndTypedOptions() throws {
        let c = try load("""
            rules:
              configurable_probe:
                severity: error
                ignore_names: [onTap, "on Save"]
                max_count: -2
                strict_mode: true
                prefix: 'x: y'
              unused_stored_input:
                severity: off
            """)
        let setting = try #require(c.rules["configurable_probe"])
        #expect(setting.severity == .error && setting.enabled)
        #expect(setting.options == ["ignore_names": .list(["onTap", "on Save"]), "max_count": .int(-2),
                                    "strict_mode": .bool(true), "prefix": .string("x: y")])
        #expect(c.rules["unused_stored_input"]?.enabled == false)
        let probe = try #require(c.configuredRules(from: Self.registry).first { $0.id == "configurable_probe" })
        let options = (probe.rule as! ConfigurableProbe).options
        #expect(options.list("ignore_names") == ["onTap", "on Save"] && options.int("max_count") == -2)
        #expect(options.bool("strict_mode") && options.string("prefix") == "x: y")
        #expect(!c.configuredRules(from: Self.registry).contains { $0.id == "unused_stored_input" })
        // Options left out keep their defaults.
        let defaults = try load("rules:\n  configurable_probe:\n    max_count: 7\n")
        let probe2 = try #require(defaults.configuredRules(from: Self.registry).first { $0.id == "configurable_probe" })
        let options2 = (probe2.rule as! ConfigurableProbe).options
        #expect(options2.int("max_count") == 7 && options2.string("prefix") == "on" && !options2.bool("strict_mode"))
        #expect(probe2.severity == .warning)
    }

    @Test func onlyRulesRunsJustThose() throws {
        let c = try load("only_rules: [unused_stored_input]\n")
        #expect(c.onlyRules == ["unused_stored_input"])
        #expect(c.configuredRules(from: Self.registry).map(\.id) == ["unused_stored_input"])
        #expect(c.metaSeverities(from: Self.registry).isEmpty)
        let block = try load("only_rules:\n  - unused_suppression\n  - unused_suppression\n")
        #expect(block.onlyRules == ["unused_suppression"])
        #expect(block.configuredRules(from: Self.registry).isEmpty)
        #expect(block.metaSeverities(from: Self.registry) == ["unused_suppression": .warning])
    }

    @Test func aRuleOffByDefaultRunsOnlyWhenNamed() throws {
        let ids = { (c: Configuration) in c.configuredRules(from: Self.registry).map(\.id) }
        #expect(!ids(try load("")).contains("opt_in_probe"))
        #expect(ids(try load("")).contains("unused_stored_input"))
        #expect(ids(try load("rules:\n  opt_in_probe: warning\n")).contains("opt_in_probe"))
        let configured = try load("rules:\n  opt_in_probe: warning\n").configuredRules(from: Self.registry)
        #expect(configured.first { $0.id == "opt_in_probe" }?.severity == .warning)
        #expect(!ids(try load("rules:\n  opt_in_probe: off\n")).contains("opt_in_probe"))
        #expect(ids(try load("only_rules: [opt_in_probe]\n")) == ["opt_in_probe"])
    }

    @Test func includeAndExcludeAreGlobLists() throws {
        let c = try load("""
            include:
              - Sources
              - 'App/**/*.swift'
            exclude: ["**/Generated/**", Sources/Legacy/*.swift]
            """)
        #expect(c.include == ["Sources", "App/**/*.swift"])
        #expect(c.exclude == ["**/Generated/**", "Sources/Legacy/*.swift"])
        #expect(try load("exclude: []\n").exclude.isEmpty)
    }

    @Test func deploymentTargetPerPlatform() throws {
        let c = try load("""
            deployment_target:
              ios: 17.0
              macOS: 14
              tvos: "17.2.1"
              watchos: 10.0
              visionos: 1.0
            """)
        let target = try #require(c.deploymentTarget)
        #expect(target.platforms == ["ios": [17, 0], "macos": [14], "tvos": [17, 2, 1], "watchos": [10, 0],
                                     "visionos": [1, 0]])
        #expect(target.source == ".lint.yml")
    }

    @Test func strictIsABoolean() throws {
        #expect(try load("strict: true\n").strict)
        #expect(try !load("strict: false\n").strict)
    }

    // MARK: Every broken configuration, with its line and column

    @Test func yamlErrorsNameFileLineAndColumn() {
        expectProblem("rules:\n\tx: off\n", ".lint.yml:2:1: error: tab in indentation; indent with spaces")
        expectProblem("exclude: [a, b\n", ".lint.yml:1:10: error: '[' is never closed; end the list with ']'")
        expectProblem("strict: true\nstrict: false\n", ".lint.yml:2:1: error: duplicate key 'strict' (first at line 1)")
    }

    @Test func rootMustBeAMap() {
        expectProblem("- rules\n", ".lint.yml:1:1: error: the configuration must be a map of keys such as 'rules:' and 'exclude:', not a list")
        expectProblem("rules\n", ".lint.yml:1:1: error: the configuration must be a map of keys such as 'rules:' and 'exclude:', not 'rules'")
    }

    @Test func unknownKeys() {
        expectProblem("exlude: [a]\n", ".lint.yml:1:1: error: unknown key 'exlude'; did you mean 'exclude'?")
        expectProblem("excluded: [a]\n", ".lint.yml:1:1: error: unknown key 'excluded'; did you mean 'exclude'?")
        expectProblem("# swiftlint habit\ndisabled_rules: [a]\n",
                      ".lint.yml:2:1: error: unknown key 'disabled_rules'; turn a rule off under 'rules:' with 'rule_id: off'")
        expectProblem("opt_in_rules: [a]\n",
                      ".lint.yml:1:1: error: unknown key 'opt_in_rules'; turn a rule on by naming it under 'rules:' ('rule_id: warning'); use 'only_rules:' to run a subset")
        expectProblem("reporter: json\n",
                      ".lint.yml:1:1: error: unknown key 'reporter'; the keys are rules, only_rules, include, exclude, deployment_target, strict")
        expectProblem("strict:\n", ".lint.yml:1:1: error: 'strict' has no value; give it one or remove the key")
    }

    @Test func unknownRulesAndSeverities() {
        expectProblem("rules:\n  unused_stored_inpt: off\n",
                      ".lint.yml:2:3: error: unknown rule 'unused_stored_inpt'; did you mean 'unused_stored_input'?")
        expectProblem("rules:\n  something_else: off\n",
                      ".lint.yml:2:3: error: unknown rule 'something_else'; 'viewlint rules' lists them")
        expectProblem("rules:\n  unused_stored_input: warn\n",
                      ".lint.yml:2:24: error: rule 'unused_stored_input' must be off, note, warning or error (or a map of settings), not 'warn'; did you mean 'warning'?")
        expectProblem("rules:\n  unused_stored_input: false\n",
                      ".lint.yml:2:24: error: rule 'unused_stored_input' must be off, note, warning or error (or a map of settings), not 'false'; write 'off' to turn the rule off")
        expectProblem("rules:\n  unused_stored_input: true\n",
                      ".lint.yml:2:24: error: rule 'unused_stored_input' must be off, note, warning or error (or a map of settings), not 'true'; rules are on by default, so give a severity or remove the line")
        expectProblem("rules:\n  unused_stored_input: [error]\n",
                      ".lint.yml:2:24: error: rule 'unused_stored_input' must be set to off, note, warning or error, or to a map of settings, not a list")
        expectProblem("rules:\n  unused_stored_input:\n",
                      ".lint.yml:2:3: error: rule 'unused_stored_input' has no setting; write off, note, warning or error, or a map of settings")
        expectProblem("rules:\n  unused_stored_input:\n    severity: fatal\n",
                      ".lint.yml:3:15: error: 'severity' of rule 'unused_stored_input' must be off, note, warning or error, not 'fatal'")
        expectProblem("rules: [unused_stored_input]\n",
                      ".lint.yml:1:8: error: 'rules' must be a map from rule ids to a severity (off, note, warning, error) or to a map of settings, not a list")
    }

    @Test func unknownOptions() {
        expectProblem("rules:\n  configurable_probe:\n    ignore_name: [a]\n",
                      ".lint.yml:3:5: error: rule 'configurable_probe' has no option 'ignore_name'; did you mean 'ignore_names'?")
        expectProblem("rules:\n  configurable_probe:\n    colour: red\n",
                      ".lint.yml:3:5: error: rule 'configurable_probe' has no option 'colour'; its settings are severity, ignore_names, max_count, strict_mode, prefix")
        expectProblem("rules:\n  frame_infinity:\n    threshold: 3\n",
                      ".lint.yml:3:5: error: rule 'frame_infinity' has no option 'threshold'; it has no options, only 'severity'")
    }

    @Test func optionsOfTheWrongType() {
        func probe(_ line: String) -> String { "rules:\n  configurable_probe:\n    \(line)\n" }
        expectProblem(probe("ignore_names: onTap"),
                      ".lint.yml:3:19: error: option 'ignore_names' of rule 'configurable_probe' must be a list of strings (write [item] for one), not 'onTap'")
        expectProblem(probe("ignore_names: [a, [b]]"),
                      ".lint.yml:3:23: error: the items of option 'ignore_names' of rule 'configurable_probe' must be strings, not a list")
        expectProblem(probe("max_count: 3.5"),
                      ".lint.yml:3:16: error: option 'max_count' of rule 'configurable_probe' must be a whole number, not '3.5'")
        expectProblem(probe("max_count: \"3\""),
                      ".lint.yml:3:16: error: option 'max_count' of rule 'configurable_probe' must be a whole number, not the quoted text \"3\"")
        expectProblem(probe("max_count: 99999999999999999999999"),
                      ".lint.yml:3:16: error: option 'max_count' of rule 'configurable_probe' must be a whole number, not '99999999999999999999999'")
        expectProblem(probe("strict_mode: yes"),
                      ".lint.yml:3:18: error: option 'strict_mode' of rule 'configurable_probe' must be true or false, not 'yes'")
        expectProblem(probe("strict_mode: 'true'"),
                      ".lint.yml:3:18: error: option 'strict_mode' of rule 'configurable_probe' must be true or false, not the quoted text \"true\"")
        expectProblem(probe("prefix: [a]"),
                      ".lint.yml:3:13: error: option 'prefix' of rule 'configurable_probe' must be a string, not a list")
        expectProblem(probe("prefix:"),
                      ".lint.yml:3:12: error: option 'prefix' of rule 'configurable_probe' must be a string, not nothing")
    }

    @Test func onlyRulesProblems() {
        expectProblem("only_rules: unused_stored_input\n",
                      ".lint.yml:1:13: error: 'only_rules' must be a list of rule ids (write [id] for one), not 'unused_stored_input'")
        expectProblem("only_rules: []\n", ".lint.yml:1:13: error: 'only_rules' is empty, so no rule would run; list rules or remove the key")
        expectProblem("only_rules:\n  - unused_stored_input\n  - unused_supression\n",
                      ".lint.yml:3:5: error: unknown rule 'unused_supression'; did you mean 'unused_suppression'?")
        expectProblem("only_rules: [unused_stored_input]\nrules:\n  unused_stored_input: off\n",
                      ".lint.yml:3:24: error: rule 'unused_stored_input' is turned off here, but 'only_rules' (line 1) lists it; remove it from one of them")
    }

    @Test func includeExcludeProblems() {
        expectProblem("exclude: Pods\n",
                      ".lint.yml:1:10: error: 'exclude' must be a list of glob patterns (write [pattern] for one), not 'Pods'")
        expectProblem("include: []\n", ".lint.yml:1:10: error: 'include' is empty, so nothing would be linted; list patterns or remove the key")
        expectProblem("exclude:\n  - [a]\n", ".lint.yml:2:5: error: the items of 'exclude' must be glob patterns, not a list")
        expectProblem("exclude:\n  - Sources/**.swift\n",
                      ".lint.yml:2:5: error: bad glob 'Sources/**.swift': '**' must be a whole path segment, as in 'Sources/**/*.swift'")
        expectProblem("include: [/abs/path]\n",
                      ".lint.yml:1:11: error: bad glob '/abs/path': patterns are relative to the configuration file's directory; remove the leading '/'")
        expectProblem("exclude: ['../Shared']\n",
                      ".lint.yml:1:11: error: bad glob '../Shared': '..' segments are not supported; patterns match paths below the configuration file's directory")
        expectProblem("exclude: ['Sources/[A-Z']\n",
                      ".lint.yml:1:11: error: bad glob 'Sources/[A-Z': '[' is never closed; escape it as '\\[' to match a bracket")
        expectProblem("exclude: ['*.{h,m}']\n",
                      ".lint.yml:1:11: error: bad glob '*.{h,m}': braces are not supported; write one pattern per alternative")
        expectProblem("exclude: ['']\n", ".lint.yml:1:11: error: bad glob '': the pattern is empty")
    }

    @Test func deploymentTargetProblems() {
        expectProblem("deployment_target: 17.0\n",
                      ".lint.yml:1:20: error: 'deployment_target' must be a map from platforms to versions, such as 'ios: 17.0', not '17.0'")
        expectProblem("deployment_target:\n  iphoneos: 17.0\n",
                      ".lint.yml:2:3: error: unknown platform 'iphoneos'; platforms are ios, macos, tvos, watchos, visionos")
        expectProblem("deployment_target:\n  macoss: 14.0\n", ".lint.yml:2:3: error: unknown platform 'macoss'; did you mean 'macos'?")
        expectProblem("deployment_target:\n  ios: seventeen\n",
                      ".lint.yml:2:8: error: the deployment target of 'ios' must be a version such as 17.0, not 'seventeen'")
        expectProblem("deployment_target:\n  ios: 17.0.1.2\n",
                      ".lint.yml:2:8: error: the deployment target of 'ios' must be a version such as 17.0, not '17.0.1.2'")
        expectProblem("deployment_target:\n  ios:\n",
                      ".lint.yml:2:3: error: the deployment target of 'ios' must be a version such as 17.0, not nothing")
        expectProblem("deployment_target:\n  ios: 17.0\n  iOS: 16.0\n",
                      ".lint.yml:3:3: error: platform 'iOS' is given twice (first at line 2)")
    }

    @Test func strictProblems() {
        expectProblem("strict: yes\n", ".lint.yml:1:9: error: 'strict' must be true or false, not 'yes'")
        expectProblem("strict: [true]\n", ".lint.yml:1:9: error: 'strict' must be true or false, not a list")
    }

    @Test func everyProblemIsReportedInFileOrder() {
        let all = problems("""
            strict: maybe
            rules:
              nope: off
            exlude: []
            """)
        #expect(all == [
            ".lint.yml:1:9: error: 'strict' must be true or false, not 'maybe'",
            ".lint.yml:3:3: error: unknown rule 'nope'; 'viewlint rules' lists them",
            ".lint.yml:4:1: error: unknown key 'exlude'; did you mean 'exclude'?",
        ])
    }
}
