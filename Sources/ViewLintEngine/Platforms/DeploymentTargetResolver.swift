import ViewLintCore

/// Decides which deployment target applies to each linted file. This is the one place that
/// does; rules only read `RuleContext.deploymentTarget`.
///
/// Order:
/// 1. `deployment_target:` in the configuration, for every file;
/// 2. else the `platforms:` of the nearest `Package.swift` at or above the file's directory
///    (a package's own sources sit below its manifest, so `Kit/Sources/X.swift` uses
///    `Kit/Package.swift`, not the one at the repository root). A manifest without
///    `platforms:` ends the search too: the file belongs to that package, which declares none;
/// 3. else the nearest `*.xcodeproj` at or above the file: the lowest
///    `IPHONEOS_DEPLOYMENT_TARGET`, `MACOSX_DEPLOYMENT_TARGET`, `TVOS_DEPLOYMENT_TARGET`,
///    `WATCHOS_DEPLOYMENT_TARGET` and `XROS_DEPLOYMENT_TARGET` across every configuration of
///    every target in its `project.pbxproj`, and in the `.xcconfig` files those configurations
///    are based on (with their `#include`s). Several projects in one folder count together;
/// 4. else nil: rules assume the newest OS, except where the code's own `#available` checks say
///    otherwise, which `RuleContext.runsOnlyWhereAvailable(since:)` alone reads.
///
/// Results are cached per directory, so each manifest and project is read once per run.
///
/// The resolver reads files only through `Files`, which the command line and the language
/// server supply: the engine itself stays free of I/O.
public final class DeploymentTargetResolver {
    public struct Resolution: Equatable, Sendable {
        public var target: DeploymentTarget?
        /// The file it came from (the configuration or a manifest), as displayed.
        public var source: String?
        public init(target: DeploymentTarget?, source: String?) {
            self.target = target
            self.source = source
        }
    }

    /// The file system as the resolver needs it.
    public struct Files {
        /// Is there a regular file at the path?
        public var isFile: (String) -> Bool
        /// The file's bytes, or why it cannot be read (`permission denied`).
        public var read: (String) -> Result<[UInt8], FileReadFailure>
        /// The names in a directory, nil when it cannot be listed. Only names ending in
        /// `projectSuffix` are looked at, so a listing may leave the others out.
        public var list: (String) -> [String]?
        /// How a path is shown in notes and sources (relative to the current directory).
        public var display: (String) -> String

        public init(isFile: @escaping (String) -> Bool, read: @escaping (String) -> Result<[UInt8], FileReadFailure>,
                    list: @escaping (String) -> [String]?, display: @escaping (String) -> String) {
            self.isFile = isFile
            self.read = read
            self.list = list
            self.display = display
        }
    }

    public struct FileReadFailure: Error {
        public var reason: String
        public init(reason: String) { self.reason = reason }
    }

    let configured: DeploymentTarget?
    let configurationPath: String?
    let currentDirectory: String
    let files: Files
    /// What the walk up from a folder found, one entry per folder walked: the nearest
    /// manifest's resolution (`source` nil for none) and, once asked (only where no manifest is
    /// above), the nearest Xcode projects' (`source` nil for none).
    private struct Found {
        var manifest: Resolution
        var projects: Resolution?
    }
    private var byDirectory: [String: Found] = [:]
    /// Problems met along the way (an unreadable manifest), reported once each.
    public private(set) var notes: [InputNote] = []

    public init(configured: DeploymentTarget?, configurationPath: String?, currentDirectory: String, files: Files) {
        self.configured = configured
        self.configurationPath = configurationPath
        self.currentDirectory = currentDirectory
        self.files = files
    }

    /// Whether nothing has been resolved yet (see `adopt`).
    public var isUnused: Bool { byDirectory.isEmpty && notes.isEmpty }

    /// A resolver of the same settings with nothing resolved yet: one a thread of its own can
    /// fill beside other work, then handed to `adopt`.
    public func unusedCopy() -> DeploymentTargetResolver {
        DeploymentTargetResolver(configured: configured, configurationPath: configurationPath,
                                 currentDirectory: currentDirectory, files: files)
    }

    /// Takes what `other` (an `unusedCopy` of this unused resolver) resolved and noted, as if
    /// this one had been asked the same paths in the same order.
    public func adopt(_ other: DeploymentTargetResolver) {
        byDirectory = other.byDirectory
        notes = other.notes
    }

    /// The ending of the Xcode project bundles the resolver looks for.
    public static let projectSuffix = ".xcodeproj"

    public func target(for path: String) -> DeploymentTarget? { resolve(path).target }

    public func resolve(_ path: String) -> Resolution {
        if let configured { return Resolution(target: configured, source: configurationPath ?? configured.source) }
        return resolution(from: PathName.directory(of: PathName.absolute(path, in: currentDirectory)))
    }

    /// The nearest manifest at or above `start`, else the nearest folder holding `.xcodeproj`
    /// bundles, read. One walk up finds the manifest and stops at the first folder walked
    /// before; where no manifest is above, the folders it walked are listed for projects in the
    /// same order, and only a walk that finds none there goes on above them. Two walks, each
    /// with a table of its own, looked every folder up twice and stored it twice.
    private func resolution(from start: String) -> Resolution {
        var visited: [String] = []
        var directory = start
        var manifest = Resolution(target: nil, source: nil)
        var stoppedAtKnown = false
        search: while true {
            if let known = byDirectory[directory] {
                manifest = known.manifest
                stoppedAtKnown = true
                break search
            }
            visited.append(directory)
            let path = directory == "/" ? "/Package.swift" : directory + "/Package.swift"
            if files.isFile(path) {
                let display = files.display(path)
                switch files.read(path) {
                case .success(let bytes):
                    manifest = Resolution(target: PackageManifest.platforms(in: bytes, path: display), source: display)
                case .failure(let error):
                    notes.append(InputNote(level: .warning, path: display, line: nil,
                                           message: "\(error.reason); its platforms are unknown, so rules assume the newest OS"))
                    manifest = Resolution(target: nil, source: display)
                }
                break search
            }
            if directory == "/" { break search }
            directory = PathName.directory(of: directory)
        }
        if manifest.source != nil {
            for d in visited { byDirectory[d] = Found(manifest: manifest) }
            return manifest
        }
        // The new folders, nearest first, are listed without looking them up: none is in the
        // table yet. Past them, the folder the walk stopped at and those above it are.
        var listed = 0
        var projects: Resolution? = nil
        for d in visited where projects == nil {
            listed += 1
            projects = projectsIn(d)
        }
        let found = projects ?? (stoppedAtKnown ? projectResolution(from: directory) : Resolution(target: nil, source: nil))
        // Folders above the one holding the projects were not listed: theirs stay unasked.
        for (k, d) in visited.enumerated() {
            byDirectory[d] = Found(manifest: manifest, projects: k < listed ? found : nil)
        }
        return found
    }

    /// The nearest folder at or above `start`, a folder in the table, holding `.xcodeproj`
    /// bundles, read.
    private func projectResolution(from start: String) -> Resolution {
        var walked: [String] = []
        var directory = start
        var found = Resolution(target: nil, source: nil)
        while true {
            if let known = byDirectory[directory]?.projects {
                found = known
                break
            }
            walked.append(directory)
            if let projects = projectsIn(directory) {
                found = projects
                break
            }
            if directory == "/" { break }
            directory = PathName.directory(of: directory)
        }
        for d in walked { byDirectory[d]?.projects = found }
        return found
    }

    /// The `.xcodeproj` bundles in `directory`, read; nil where it holds none.
    private func projectsIn(_ directory: String) -> Resolution? {
        guard let names = files.list(directory) else { return nil }
        let projects = names.filter { $0.hasSuffix(DeploymentTargetResolver.projectSuffix) }
        guard !projects.isEmpty else { return nil }
        return readProjects(projects.map { directory == "/" ? "/" + $0 : directory + "/" + $0 }, in: directory)
    }

    private func readProjects(_ projects: [String], in folder: String) -> Resolution {
        var merged = XcodeProjectPlatforms(platforms: [:], configurationFiles: [])
        var sources: [String] = []
        for project in projects {
            let pbxproj = project + "/project.pbxproj"
            let display = files.display(pbxproj)
            guard case .success(let bytes) = files.read(pbxproj) else {
                notes.append(InputNote(level: .warning, path: display, line: nil,
                                       message: "cannot be read; its deployment targets are unknown, so rules assume the newest OS"))
                continue
            }
            let parsed: XcodeProjectPlatforms
            do {
                parsed = try XcodeProjectPlatforms.parse(bytes: bytes)
            } catch let error as OpenStepPlist.ParseError {
                notes.append(InputNote(level: .warning, path: display, line: error.line,
                                       message: "\(error.message); its deployment targets are unknown, so rules assume the newest OS"))
                continue
            } catch {
                continue
            }
            sources.append(display)
            for (platform, version) in parsed.platforms {
                merged.lower(platform, version.map(String.init).joined(separator: "."))
            }
            for file in parsed.configurationFiles {
                let path = file.hasPrefix("/") ? file : PathName.normalize(folder + "/" + file)
                followConfigurationFile(path, into: &merged, sources: &sources, visited: [])
            }
        }
        guard !sources.isEmpty else { return Resolution(target: nil, source: nil) }
        let source = sources.joined(separator: ", ")
        let target = merged.platforms.isEmpty ? nil : DeploymentTarget(platforms: merged.platforms, source: source)
        return Resolution(target: target, source: source)
    }

    /// Reads an `.xcconfig` and the files it includes (relative to it), each once.
    private func followConfigurationFile(_ path: String, into merged: inout XcodeProjectPlatforms,
                                         sources: inout [String], visited: Set<String>) {
        guard !visited.contains(path), visited.count < 32 else { return }
        guard case .success(let bytes) = files.read(path) else { return }
        let config = XCConfig.parse(bytes: bytes)
        var found = false
        for setting in config.settings {
            if let platform = XcodeProjectPlatforms.settings[setting.key] {
                merged.lower(platform, setting.value)
                found = true
            }
        }
        if found { sources.append(files.display(path)) }
        let folder = PathName.directory(of: path)
        for include in config.includes {
            let included = include.path.hasPrefix("/") ? include.path : PathName.normalize(folder + "/" + include.path)
            followConfigurationFile(included, into: &merged, sources: &sources, visited: visited.union([path]))
        }
    }

    /// `Sources/A.swift: ios 17.0, macos 14.0 (from Package.swift)`, for `--print-deployment-target`.
    public func describe(_ path: String) -> String {
        let resolution = resolve(path)
        guard let target = resolution.target else {
            if let source = resolution.source {
                return "\(path): newest (\(source) declares no platforms)"
            }
            return "\(path): newest (no deployment_target in the configuration, and no Package.swift or Xcode project above the file)"
        }
        return "\(path): \(target.summary) (from \(resolution.source ?? target.source))"
    }
}
