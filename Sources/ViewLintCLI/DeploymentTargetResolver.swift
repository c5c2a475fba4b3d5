import ViewLintCore
import ViewLintEngine

/// Decides which deployment target applies to each linted file. This is the one place that
/// does; rules only read `RuleContext.deploymentTarget`.
///
/// Order:
/// 1. `deployment_target:` in the configuration, for every file;
/// 2. else the `platforms:` of the nearest `Package.swift` at or above the file's directory
///    (a package's own sources sit below its manifest, so `Kit/Sources/X.swift` uses
///    `Kit/Package.swift`, not the one at the repository root). A manifest without
///    `platforms:` ends the search too: the file belongs to that package, which declares none;
/// 3. else nil: rules assume the newest OS.
///
/// Results are cached per directory, so each manifest is read once per run.
final class DeploymentTargetResolver {
    struct Resolution: Equatable {
        var target: DeploymentTarget?
        /// The file it came from (the configuration or a manifest), as displayed.
        var source: String?
    }

    let configured: DeploymentTarget?
    let configurationPath: String?
    let currentDirectory: String
    private var byDirectory: [String: Resolution] = [:]
    /// Problems met along the way (an unreadable manifest), reported once each.
    private(set) var notes: [InputNote] = []

    init(configured: DeploymentTarget?, configurationPath: String?, currentDirectory: String) {
        self.configured = configured
        self.configurationPath = configurationPath
        self.currentDirectory = currentDirectory
    }

    func target(for path: String) -> DeploymentTarget? { resolve(path).target }

    func resolve(_ path: String) -> Resolution {
        if let configured { return Resolution(target: configured, source: configurationPath ?? configured.source) }
        let directory = PathName.directory(of: PathName.absolute(path, in: currentDirectory))
        return manifestResolution(from: directory)
    }

    private func manifestResolution(from start: String) -> Resolution {
        var visited: [String] = []
        var directory = start
        var found = Resolution(target: nil, source: nil)
        search: while true {
            if let cached = byDirectory[directory] {
                found = cached
                break search
            }
            visited.append(directory)
            let manifest = directory == "/" ? "/Package.swift" : directory + "/Package.swift"
            if case .success(let status) = FileSystem.status(manifest), status.kind == .file {
                let display = ConfigLoading.displayPath(manifest, currentDirectory: currentDirectory)
                switch FileSystem.readFile(manifest) {
                case .success(let bytes):
                    found = Resolution(target: PackageManifest.platforms(in: bytes, path: display), source: display)
                case .failure(let error):
                    notes.append(InputNote(level: .warning, path: display, line: nil,
                                           message: "\(error.reason); its platforms are unknown, so rules assume the newest OS"))
                    found = Resolution(target: nil, source: display)
                }
                break search
            }
            if directory == "/" { break search }
            directory = PathName.directory(of: directory)
        }
        for d in visited { byDirectory[d] = found }
        return found
    }

    /// `Sources/A.swift: ios 17.0, macos 14.0 (from Package.swift)`, for `--print-deployment-target`.
    func describe(_ path: String) -> String {
        let resolution = resolve(path)
        guard let target = resolution.target else {
            if let source = resolution.source {
                return "\(path): newest (\(source) declares no platforms)"
            }
            return "\(path): newest (no deployment_target in the configuration and no Package.swift above the file)"
        }
        return "\(path): \(target.summary) (from \(resolution.source ?? target.source))"
    }
}
