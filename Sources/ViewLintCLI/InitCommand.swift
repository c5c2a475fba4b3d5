import ViewLintCore
import ViewLintEngine
import ViewLintFormatters
import ViewLintRules
import ViewLintPlatform

/// `viewlint init [--baseline]`: a starter `.lint.yml` for the project in the current directory,
/// and with `--baseline` a baseline of today's findings, so a team starts at zero and only new
/// findings show.
enum InitCommand {
    static let specs: [String: Arguments.Spec] = ["--baseline": .flag, "--help": .flag]
    static let configurationName = ".lint.yml"
    static let baselineName = ".viewlint-baseline.json"

    /// Folder names that hold code nobody on the team writes by hand: generated sources and
    /// vendored copies of other projects. (Pods, Carthage, .build and the like are always skipped.)
    static let generatedOrVendored: Set<String> = [
        "Generated", "generated", "Vendor", "vendor", "Vendored", "vendored", "ThirdParty", "Third-Party",
        "third_party", "third-party", "External", "external", "Externals", "SourcePackages",
    ]
    /// How far below the current directory the walk looks for them, and how many folders it reads:
    /// a starter configuration is not worth a long walk of a huge tree.
    static let maxDepth = 6
    static let maxFolders = 5_000

    static func run(_ args: [String]) -> Int32 {
        let parsed: Arguments
        switch Arguments.command(args, specs: specs, aliases: ["-h": "--help"], help: Help.initCommand) {
        case .exit(let code): return code
        case .run(let arguments): parsed = arguments
        }
        if !parsed.positional.isEmpty {
            ViewLintCommand.usageError("'viewlint init' takes no paths; run it in the project's root folder")
            return ViewLintCommand.ExitCode.failure
        }
        let withBaseline = parsed.has("--baseline")
        for (name, wanted) in [(configurationName, true), (baselineName, withBaseline)] where wanted {
            if case .success(let status) = FileSystem.status(name, follow: false), status.kind != .missing {
                ViewLintCommand.usageError("'\(name)' already exists; viewlint init never overwrites it (remove it to start over)")
                return ViewLintCommand.ExitCode.failure
            }
        }
        let cwd = FileSystem.currentDirectory()
        let resolver = DeploymentTargetResolver(configured: nil, configurationPath: nil, currentDirectory: cwd,
                                                files: .fileSystem(currentDirectory: cwd))
        let found = resolver.resolve(FileDiscovery.join(cwd, "Package.swift"))
        let text = configuration(rules: RuleRegistry.all.map { $0.description }, deploymentTarget: found.target,
                                 deploymentTargetSource: found.source, excludes: findExcludes())
        if case .failure(let error) = FileSystem.createAtomically(configurationName, Array(text.utf8)) {
            ViewLintCommand.usageError("cannot write \(configurationName): \(error.reason)")
            return ViewLintCommand.ExitCode.failure
        }
        FileSystem.writeStandardError("wrote \(configurationName)\n")
        guard withBaseline else { return ViewLintCommand.ExitCode.success }

        var request = LintSetup.Request()
        request.configPath = configurationName
        request.writeBaselinePath = baselineName
        let options = LintCommand.Options(paths: [], strict: false, quiet: false, output: OutputOptions(reports: []),
                                          parallel: true, setup: request)
        // Findings are what a baseline records: only a failed run (exit 2) is a failure here.
        let status = LintCommand.lint(options)
        if status == ViewLintCommand.ExitCode.failure { return status }
        FileSystem.writeStandardError("wrote \(baselineName); lint with 'viewlint lint --baseline \(baselineName)' to see only new findings\n")
        return ViewLintCommand.ExitCode.success
    }

    /// The text of the starter configuration.
    static func configuration(rules: [RuleDescription], deploymentTarget: DeploymentTarget?, deploymentTargetSource: String?,
                              excludes: [String]) -> String {
        var out = """
            # viewlint configuration, written by `viewlint init` (viewlint \(ViewLintProject.version)).
            # Every rule is listed at its default; `viewlint rules ID` documents each one, and
            # \(ViewLintProject.home) describes every key.

            rules:

            """
        for d in rules {
            out += "  # \(oneLine(d.summary))\n"
            // A rule that ships off runs as soon as the configuration names it, so its default
            // is written as `off`, with the severity it would have.
            let severity = d.enabledByDefault ? d.severity.rawValue : "off"
            if !d.enabledByDefault { out += "  # Off by default; set a severity (\(d.severity.rawValue) is usual) to turn it on.\n" }
            if d.options.isEmpty {
                out += "  \(d.id): \(severity)\n"
            } else {
                out += "  \(d.id):\n    severity: \(severity)\n"
                for option in d.options {
                    out += "    # \(oneLine(option.summary))\n"
                    out += "    \(option.key): \(yaml(option.defaultValue))\n"
                }
            }
        }
        out += "\n# Skipped on top of build products, dependencies and hidden folders.\n"
        if excludes.isEmpty {
            out += "exclude: []\n"
        } else {
            out += "exclude:\n" + excludes.map { "  - \(yaml(.string($0)))\n" }.joined()
        }
        out += "\n"
        if let deploymentTarget, let source = deploymentTargetSource {
            // Left as a comment: viewlint reads the manifest or project itself, per file, and a
            // value written here would apply to every file and stop following it.
            out += "# deployment_target: found in \(oneLine(source)), which viewlint reads by itself; uncomment to pin it.\n"
            out += "# deployment_target:\n"
            for platform in deploymentTarget.platforms.keys.sorted() {
                let version = deploymentTarget.platforms[platform]!.map(String.init).joined(separator: ".")
                out += "#   \(platform): \"\(version)\"\n"
            }
        } else {
            out += "# deployment_target: none found (no Package.swift platforms or Xcode project here), so rules\n"
            out += "# assume the newest OS. Set the oldest versions you support, for example:\n"
            out += "# deployment_target:\n#   ios: \"17.0\"\n"
        }
        out += "\nstrict: false\n"
        return out
    }

    static func oneLine(_ text: String) -> String {
        TextFormatter.sanitize(String(text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).first ?? ""))
    }

    /// A value as the configuration's YAML subset reads it back.
    static func yaml(_ value: OptionValue) -> String {
        switch value {
        case .bool, .int: return value.description
        case .string(let text): return quoted(text)
        case .list(let items): return "[" + items.map(quoted).joined(separator: ", ") + "]"
        }
    }

    static func quoted(_ text: String) -> String {
        "\"" + text.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"") + "\""
    }

    /// Generated and vendored folders below the current directory, as relative paths, in walk
    /// order. The walk is breadth-first, bounded in depth and in folders read, skips what lint
    /// runs always skip, and does not descend into a folder it reports.
    static func findExcludes() -> [String] {
        var found: [String] = []
        var queue: [(path: String, depth: Int)] = [(".", 0)]
        var index = 0
        while index < queue.count && index < maxFolders {
            let (directory, depth) = queue[index]
            index += 1
            guard case .success(let entries) = FileSystem.listDirectory(directory) else { continue }
            for entry in entries where !entry.isRegularFile {
                let name = entry.name
                if name.hasPrefix(".") || FileDiscovery.skippedDirectories.contains(name) { continue }
                let path = directory == "." ? name : directory + "/" + name
                // lstat: a symbolic link to a folder is not walked (it could lead anywhere, or in a loop).
                guard case .success(let status) = FileSystem.status(path, follow: false), status.kind == .directory else { continue }
                if generatedOrVendored.contains(name) {
                    found.append(path)
                } else if depth + 1 < maxDepth {
                    queue.append((path, depth + 1))
                }
            }
        }
        return found
    }
}

extension String {
    /// Every occurrence of `target` replaced, without Foundation.
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty, contains(target) else { return self }
        var out = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            out += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return out + rest
    }
}
