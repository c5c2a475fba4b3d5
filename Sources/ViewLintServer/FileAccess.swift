import ViewLintEngine
import ViewLintPlatform

/// The server's only access to the file system: reading files, walking a project, finding the
/// configuration, through the C library's calls in `FileSystem` that the command line makes too.
/// Everything it returns is plain data, so the rest of the server stays testable.
enum FileAccess {
    /// Folders never walked for context, as the command line skips them.
    static let skippedFolders: Set<String> = [".build", ".git", ".swiftpm", "DerivedData", "Pods", "Carthage", "node_modules"]
    /// Files a project walk may visit before it stops (a workspace folder that is a home directory).
    static let entryBudget = 200_000
    /// Larger files are not read as context: no Swift source is this large, a data file may be.
    static let maximumFileBytes = 8 * 1024 * 1024

    static func read(_ path: String) -> [UInt8]? {
        try? FileSystem.readFile(path, maximumSize: maximumFileBytes).get()
    }

    /// Whether `path` names anything but a directory, following a symbolic link.
    static func isFile(_ path: String) -> Bool { kind(path).map { $0 != .directory && $0 != .missing } ?? false }

    /// Whether `path` names a directory, following a symbolic link.
    static func isDirectory(_ path: String) -> Bool { kind(path) == .directory }

    static func exists(_ path: String) -> Bool { kind(path).map { $0 != .missing } ?? false }

    /// What `path` names, following a symbolic link; nil when it cannot be told.
    private static func kind(_ path: String) -> FileSystem.Kind? { try? FileSystem.status(path).get().kind }

    /// Every `.swift` file below `root`, skipping hidden and build folders; nil if the walk ran
    /// over its budget.
    static func swiftFiles(under root: String) -> [String]? {
        let base = PathName.normalize(root)
        var files: [String] = []
        var visited = 0
        // Folders still to read, as paths ending in "/"; a linked folder is not entered.
        var folders = [base.hasSuffix("/") ? base : base + "/"]
        while let folder = folders.popLast() {
            guard let names = entries(of: folder) else { continue }
            for name in names where !name.hasPrefix(".") {
                visited += 1
                if visited > entryBudget { return nil }
                let path = folder + name
                if isDirectory(path) {
                    if !skippedFolders.contains(name) && !FileSystem.isSymlink(path) { folders.append(path + "/") }
                    continue
                }
                if name.hasSuffix(".swift") { files.append(path) }
            }
        }
        return files.sorted()
    }

    /// The names in a folder, "." and ".." left out; nil if it cannot be read.
    static func entries(of folder: String) -> [String]? {
        var names: [String] = []
        let listed = FileSystem.forEachEntry(in: folder) { name, _ in names.append(String(decoding: name, as: UTF8.self)) }
        return listed ? names : nil
    }

    /// The nearest `.lint.yml` at or above `directory`.
    static func configurationPath(from directory: String) -> String? {
        var current = directory
        while true {
            let candidate = (current == "/" ? "" : current) + "/.lint.yml"
            if isFile(candidate) { return candidate }
            if current == "/" || current.isEmpty { return nil }
            current = parent(of: current)
        }
    }

    /// The project a file outside every workspace folder belongs to, as the command line finds
    /// it: the nearest directory with `Package.swift`, else with `.git`.
    static func projectRoot(from directory: String) -> String? {
        var current = directory
        while true {
            if isFile(current + "/Package.swift") || exists(current + "/.git") { return current }
            if current == "/" || current.isEmpty { return nil }
            current = parent(of: current)
        }
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "/" }
        let parent = String(path[..<slash])
        return parent.isEmpty ? "/" : parent
    }
}

extension DeploymentTargetResolver.Files {
    /// The server's view of the disk for finding `Package.swift` and Xcode projects; paths are
    /// shown whole (the server has no current directory of the user's).
    static var server: DeploymentTargetResolver.Files { DeploymentTargetResolver.Files(
        isFile: { FileAccess.isFile($0) },
        read: { path in
            FileAccess.read(path).map { .success($0) } ?? .failure(DeploymentTargetResolver.FileReadFailure(reason: "cannot be read"))
        },
        // The resolver lists folders only for their Xcode projects.
        list: { FileSystem.listNames(in: $0, endingWith: DeploymentTargetResolver.projectSuffix) },
        display: { $0 }) }
}
