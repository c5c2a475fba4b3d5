import ViewLintCore
import ViewLintEngine
import ViewLintPlatform

/// Reading and writing baseline files (`--baseline`, `--write-baseline`). The format and the
/// matching are in `ViewLintEngine.Baseline`; this adds paths and the file system.
struct BaselineFile {
    /// As the user named it.
    var path: String
    /// Absolute; baseline paths are relative to it.
    var directory: String
    var currentDirectory: String

    init(path: String, currentDirectory: String) {
        self.path = path
        self.currentDirectory = currentDirectory
        self.directory = PathName.directory(of: PathName.absolute(path, in: currentDirectory))
    }

    var absolutePath: String { PathName.absolute(path, in: currentDirectory) }

    /// A linted file's path (as displayed) as the baseline records it.
    func key(_ displayPath: String) -> String {
        PathName.relative(PathName.absolute(displayPath, in: currentDirectory), to: directory)
    }

    /// The baseline, or nil when the file does not exist (only allowed when about to write it).
    func read(mustExist: Bool) -> Result<Baseline?, ConfigLoading.Failure> {
        switch FileSystem.status(absolutePath) {
        case .success(let status) where status.kind == .missing:
            if !mustExist { return .success(nil) }
            return .failure(ConfigLoading.Failure(lines: [
                "viewlint: error: \(path): no such baseline; create it with 'viewlint lint --write-baseline \(path)'",
            ]))
        default:
            break
        }
        switch FileSystem.readFile(absolutePath) {
        case .failure(let error):
            return .failure(ConfigLoading.Failure(lines: ["viewlint: error: \(path): \(error.reason)"]))
        case .success(let bytes):
            do {
                return .success(try Baseline.decode(bytes, path: path))
            } catch {
                return .failure(ConfigLoading.Failure(lines: error.problems.map(\.description)))
            }
        }
    }

    func write(_ baseline: Baseline) -> Result<Void, FileSystem.IOError> {
        FileSystem.writeAtomically(absolutePath, Array(baseline.encoded().utf8))
    }

    /// Whether a baseline entry's file is gone, so its entries can never match again.
    func isMissing(_ entryPath: String) -> Bool {
        let absolute = PathName.absolute(entryPath, in: directory)
        if case .success(let status) = FileSystem.status(absolute) { return status.kind == .missing }
        return false
    }

    func scope(lintedPaths: [String], rules: Set<String>) -> Baseline.Scope {
        Baseline.Scope(lintedPaths: Set(lintedPaths.map(key)), rules: rules, isMissing: isMissing)
    }
}
