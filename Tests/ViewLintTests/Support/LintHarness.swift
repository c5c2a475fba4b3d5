import Foundation
import ViewLintCore
import ViewLintEngine
import ViewLintRules
import ViewLintSyntax

/// Helpers shared by the tests: lint sources in memory, find the package's folders.
enum LintHarness {
    /// The package root, found from this file's location.
    static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        fatalError("Package.swift not found above \(#filePath)")
    }()

    static var fixturesDirectory: URL { packageRoot.appendingPathComponent("Fixtures") }

    /// Lints files given as (path, text) pairs as one project, with every rule on (those that are
    /// off by default too: their examples and fixtures must hold) unless `only` narrows them.
    static func lint(_ files: [(path: String, text: String)], only: [String]? = nil,
                     options: [String: [String: OptionValue]] = [:], deploymentTarget: DeploymentTarget? = nil,
                     reported: Set<String>? = nil, symbols: SymbolCatalogue? = nil, lineHashes: Bool = true) -> LintResult {
        let inputs = files.map { file in
            LintInput(source: SourceFile(path: file.path, text: file.text),
                      isReported: reported.map { $0.contains(file.path) } ?? true,
                      deploymentTarget: deploymentTarget, symbols: symbols)
        }
        return lint(inputs: inputs, only: only, options: options, lineHashes: lineHashes)
    }

    static func lint(inputs: [LintInput], only: [String]? = nil, options: [String: [String: OptionValue]] = [:],
                     lineHashes: Bool = true) -> LintResult {
        var configuration = Configuration()
        configuration.onlyRules = only ?? RuleRegistry.ids
        for (id, values) in options { configuration.rules[id] = RuleSetting(options: values) }
        return Linter.lint(inputs, rules: configuration.configuredRules(), knownRuleIDs: Set(RuleRegistry.ids),
                           metaSeverities: configuration.metaSeverities(), parallel: false, lineHashes: lineHashes)
    }

    /// A catalogue of the given names (name to release year), with the platform versions of the
    /// SF Symbols releases (SF Symbols 1 came with iOS 13 in 2019, each later one a year after).
    static func symbolCatalogue(_ names: [String: String]) -> SymbolCatalogue {
        var releases: [String: [String: String]] = [:]
        for (offset, year) in (2019...2025).enumerated() {
            releases[String(year)] = ["iOS": "\(13 + offset).0", "macOS": "\(offset == 0 ? 11 : 10 + offset).0",
                                      "tvOS": "\(13 + offset).0", "watchOS": "\(6 + offset).0"]
        }
        return SymbolCatalogue(source: "example", symbols: names, releases: releases)
    }

    /// Every `.swift` file under `directory`, sorted.
    static func swiftFiles(under directory: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else { return [] }
        var result: [URL] = []
        for case let url as URL in enumerator where url.pathExtension == "swift" { result.append(url) }
        return result.sorted { $0.path < $1.path }
    }

    static func relativePath(_ url: URL) -> String {
        let root = packageRoot.path.hasSuffix("/") ? packageRoot.path : packageRoot.path + "/"
        return url.path.hasPrefix(root) ? String(url.path.dropFirst(root.count)) : url.path
    }
}
