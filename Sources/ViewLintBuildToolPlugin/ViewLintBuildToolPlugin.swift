import Foundation
import PackagePlugin

/// Lints a target's Swift files as part of its build, so findings show up as build warnings
/// (and errors) in Xcode's issue navigator and in `swift build` output.
///
/// One build command per target: its inputs are the target's Swift files (and the
/// configuration), its output a stamp file that `viewlint lint --stamp` writes only after a run
/// that passes (a one-line comment in a `.swift` file, which compiles to nothing). The build system therefore runs viewlint again only when a source or the
/// configuration changed, or when the last run failed (error findings fail the build, as
/// compiler errors do); an unchanged target costs nothing on an incremental build.
///
/// The files are passed by absolute path, so each finding is printed as
/// `/abs/path/File.swift:12:5: warning: message [rule_id]`, the line format Xcode and SwiftPM
/// read diagnostics from. The rest of the package is read as context, as for any named file.
@main
struct ViewLintBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let files = module.sourceFiles(withSuffix: "swift").map(\.url)
        // (Target.directoryURL needs tools 6.1; the files' common folder is the target's, or inside it.)
        return try Self.commands(tool: context.tool(named: "viewlint").url, targetName: target.name, files: files,
                                 configurationSearchStart: Self.commonFolder(of: files),
                                 workDirectory: context.pluginWorkDirectoryURL)
    }

    static func commands(tool: URL, targetName: String, files: [URL], configurationSearchStart: URL,
                         workDirectory: URL) -> [Command] {
        if files.isEmpty { return [] }
        // A Swift file (one comment line): SwiftPM compiles a plugin's Swift outputs, to nothing
        // here, but would bundle any other output into the target as a resource.
        let stamp = workDirectory.appendingPathComponent("viewlint-stamp.swift")
        var arguments = ["lint", "--quiet", "--force-exclude", "--no-color", "--stamp", path(stamp)]
        var inputs = files
        // The build runs in no particular folder, so the configuration is found here, as the
        // command line would find it from the target's folder, and named explicitly.
        if let configuration = nearestConfiguration(from: configurationSearchStart) {
            arguments += ["--config", path(configuration)]
            inputs.append(configuration)
        } else {
            arguments.append("--no-config")
        }
        arguments.append("--")
        arguments += files.map(path)
        return [.buildCommand(displayName: "viewlint \(targetName)", executable: tool, arguments: arguments,
                              environment: [:], inputFiles: inputs, outputFiles: [stamp])]
    }

    /// The deepest folder holding all of `files`.
    static func commonFolder(of files: [URL]) -> URL {
        var common = files.first.map { $0.deletingLastPathComponent().standardizedFileURL.pathComponents } ?? ["/"]
        for file in files.dropFirst() {
            let components = file.deletingLastPathComponent().standardizedFileURL.pathComponents
            var length = 0
            while length < min(common.count, components.count) && common[length] == components[length] { length += 1 }
            common.removeLast(common.count - length)
        }
        return URL(fileURLWithPath: "/" + common.filter { $0 != "/" }.joined(separator: "/"))
    }

    /// The nearest `.lint.yml` in `directory` or one of its ancestors.
    static func nearestConfiguration(from directory: URL) -> URL? {
        var current = path(directory.standardizedFileURL)
        while current.count > 1 && current.hasSuffix("/") { current.removeLast() }
        while true {
            let candidate = (current == "/" ? "" : current) + "/.lint.yml"
            if FileManager.default.fileExists(atPath: candidate) { return URL(fileURLWithPath: candidate) }
            guard current != "/", let slash = current.lastIndex(of: "/") else { return nil }
            current = slash == current.startIndex ? "/" : String(current[..<slash])
        }
    }

    // `path(percentEncoded:)` needs macOS 13, and plugins may be compiled for an older macOS.
    static func path(_ url: URL) -> String { url.path }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// The same for targets of an Xcode project (Build Phases > Run Build Tool Plug-ins).
extension ViewLintBuildToolPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let files = target.inputFiles.filter { $0.type == .source && $0.url.pathExtension == "swift" }.map(\.url)
        return try Self.commands(tool: context.tool(named: "viewlint").url, targetName: target.displayName, files: files,
                                 configurationSearchStart: Self.commonFolder(of: files),
                                 workDirectory: context.pluginWorkDirectoryURL)
    }
}
#endif
