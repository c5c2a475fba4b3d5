import ViewLintCore
import ViewLintEngine
import ViewLintPlatform

/// Finds and reads the configuration: `--config FILE` if given; else the nearest `.lint.yml` in
/// the current directory or one of its ancestors; none with `--no-config`. A configuration that
/// cannot be read or has any problem stops the run (exit 2): linting with defaults instead would
/// silently ignore what the team configured.
enum ConfigLoading {
    /// The lines to print on standard error, one problem each.
    struct Failure: Error {
        var lines: [String]
    }

    static func load(explicitPath: String?, disabled: Bool, currentDirectory: String) -> Result<Configuration, Failure> {
        if disabled { return .success(.default) }
        let path: String
        if let explicitPath {
            path = PathName.absolute(explicitPath, in: currentDirectory)
            switch FileSystem.status(path) {
            case .failure(let error):
                return .failure(Failure(lines: ["viewlint: error: \(error)"]))
            case .success(let status) where status.kind == .missing:
                return .failure(Failure(lines: ["viewlint: error: \(explicitPath): no such configuration file"]))
            case .success(let status) where status.kind != .file:
                return .failure(Failure(lines: ["viewlint: error: \(explicitPath): not a regular file"]))
            default:
                break
            }
        } else {
            switch discover(from: currentDirectory) {
            case .failure(let failure): return .failure(failure)
            case .success(nil): return .success(.default)
            case .success(let found?): path = found
            }
        }
        let display = displayPath(path, currentDirectory: currentDirectory)
        let bytes: [UInt8]
        switch FileSystem.readFile(path) {
        case .failure(let error):
            return .failure(Failure(lines: ["viewlint: error: \(display): \(error.reason)"]))
        case .success(let b):
            bytes = b
        }
        do {
            return .success(try ConfigurationLoader.load(bytes, path: display, baseDirectory: PathName.directory(of: path)))
        } catch {
            return .failure(Failure(lines: error.problems.map(\.description)))
        }
    }

    /// The absolute path of the nearest `.lint.yml` at or above `directory`, if any.
    static func discover(from directory: String) -> Result<String?, Failure> {
        var current = PathName.normalize(directory)
        while true {
            let candidate = current == "/" ? "/" + ConfigurationLoader.fileName : current + "/" + ConfigurationLoader.fileName
            switch FileSystem.status(candidate) {
            case .failure(let error):
                return .failure(Failure(lines: ["viewlint: error: \(error)"]))
            case .success(let status):
                switch status.kind {
                case .file:
                    return .success(candidate)
                case .missing:
                    break
                case .directory, .other:
                    // Never skip a configuration that is there but unusable: the user meant it.
                    return .failure(Failure(lines: ["viewlint: error: \(candidate): not a regular file, so it cannot be read as the configuration"]))
                }
            }
            if current == "/" { return .success(nil) }
            current = PathName.directory(of: current)
        }
    }

    /// A path as the user would write it from the current directory.
    static func displayPath(_ absolute: String, currentDirectory: String) -> String {
        let relative = PathName.relative(absolute, to: PathName.normalize(currentDirectory))
        // A path that does not start with `..` goes up no level: not split to count them.
        guard relative.hasPrefix("..") else { return relative }
        // A level or two up reads better than an absolute path; further away, the absolute path is clearer.
        let ups = relative.split(separator: "/").prefix { $0 == ".." }.count
        return ups <= 2 ? relative : absolute
    }
}
