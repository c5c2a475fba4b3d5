import Foundation
import PackagePlugin

/// `swift package viewlint [ARGUMENTS]` (also `swift package plugin viewlint ...`): runs the
/// viewlint command line in the package's folder with the same arguments. When the arguments
/// name nothing to lint, it lints the source folders of the package's targets, or of those
/// picked with `--target NAME` (repeatable, as in other SwiftPM commands).
///
/// Plain linting only reads. `--output` and `--write-baseline` write into the package, which
/// SwiftPM allows with `swift package --allow-writing-to-package-directory viewlint ...`.
@main
struct ViewLintCommandPlugin: CommandPlugin {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        var forwarded = extractor.remainingArguments
        if LintArguments.lintsDefaultPaths(forwarded) {
            let targets = try targetNames.isEmpty ? context.package.targets : context.package.targets(named: targetNames)
            let folders = targets.compactMap { $0 as? SourceModuleTarget }.compactMap { module -> String? in
                // Target.directoryURL needs tools 6.1; the files' common folder is the target's, or inside it.
                let files = module.sourceFiles.map(\.url)
                return files.isEmpty ? nil : relativePath(commonFolder(of: files), to: context.package.directoryURL)
            }
            if folders.isEmpty {
                throw Failure(description: "the package has no source targets to lint; name the files or folders to lint")
            }
            if forwarded.first != "lint" { forwarded.insert("lint", at: 0) }
            if forwarded.contains("--") {
                forwarded.append(contentsOf: folders)
            } else {
                forwarded.append(contentsOf: ["--"] + folders)
            }
        } else if !targetNames.isEmpty {
            throw Failure(description: "--target picks what to lint when no paths are given; give one or the other")
        }

        let process = Process()
        process.executableURL = try context.tool(named: "viewlint").url
        process.arguments = forwarded
        // Relative paths, the nearest .lint.yml and the report's paths all start from here.
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit else {
            throw Failure(description: "viewlint was stopped by signal \(process.terminationStatus)")
        }
        switch process.terminationStatus {
        case 0:
            return
        case 1:
            throw Failure(description: "viewlint found problems that fail the run (severity error, or any with --strict)")
        case let status:
            throw Failure(description: "viewlint exited with status \(status) (a usage error, an unreadable file or a bad configuration; see above)")
        }
    }

    /// The deepest folder holding all of `files`.
    func commonFolder(of files: [URL]) -> URL {
        var common = files.first.map { $0.deletingLastPathComponent().standardizedFileURL.pathComponents } ?? ["/"]
        for file in files.dropFirst() {
            let components = file.deletingLastPathComponent().standardizedFileURL.pathComponents
            var length = 0
            while length < min(common.count, components.count) && common[length] == components[length] { length += 1 }
            common.removeLast(common.count - length)
        }
        return URL(fileURLWithPath: "/" + common.filter { $0 != "/" }.joined(separator: "/"))
    }

    func relativePath(_ url: URL, to base: URL) -> String {
        let path = url.standardizedFileURL.path
        var prefix = base.standardizedFileURL.path
        if !prefix.hasSuffix("/") { prefix += "/" }
        if path + "/" == prefix { return "." }
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}

/// Just enough of viewlint's command line to tell whether a lint run names its own paths.
enum LintArguments {
    /// The lint options that take a value (`--format sarif`). Kept in step with the CLI by a
    /// test that compares it with `viewlint help lint`.
    static let optionsWithValues: Set<String> = [
        "--format", "-f", "--output", "-o", "--jobs", "-j", "--config", "--baseline", "--write-baseline", "--stamp",
    ]

    /// Commands other than lint take their own arguments and are passed through untouched.
    static let otherCommands: Set<String> = [
        "rules", "graph", "init", "install-hook", "server", "completions", "help", "--version", "-h", "--help",
    ]

    /// True for a lint run (explicit or implied) that names no file or folder and is not `--staged`.
    static func lintsDefaultPaths(_ arguments: [String]) -> Bool {
        var rest = arguments[...]
        if let first = rest.first {
            if otherCommands.contains(first) { return false }
            if first == "lint" { rest = rest.dropFirst() }
        }
        var expectsValue = false
        var onlyPaths = false
        for argument in rest {
            if onlyPaths { return false }
            if expectsValue {
                expectsValue = false
                continue
            }
            if argument == "--" {
                onlyPaths = true
            } else if argument == "--staged" || argument == "-h" || argument == "--help" {
                return false
            } else if argument.hasPrefix("-") && argument != "-" {
                expectsValue = optionsWithValues.contains(argument)
            } else {
                return false
            }
        }
        return true
    }
}
