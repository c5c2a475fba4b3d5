import ViewLintEngine

/// Finds the Swift files to lint under the paths a user named.
///
/// Directories are walked in sorted order, skipping build products, dependencies and hidden
/// folders. Symbolic links are followed, but every directory and file is visited once (by
/// device and inode), so a link loop ends the walk instead of hanging it.
struct FileDiscovery {
    static let skippedDirectories: Set<String> = [
        ".build", ".git", ".swiftpm", "DerivedData", "Pods", "Carthage", "node_modules",
    ]

    struct Found: Hashable {
        /// The path as walked from what the user typed (`Sources/App/View.swift`).
        var path: String
        /// Named on the command line rather than found in a directory.
        var isExplicit: Bool
    }

    struct Identity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    var files: [Found] = []
    var errors: [FileSystem.IOError] = []
    /// Paths to leave out (the configuration's include/exclude); asked before a directory is
    /// entered and before a file is taken.
    var skip: (_ path: String, _ isDirectory: Bool, _ isExplicit: Bool) -> Bool = { _, _, _ in false }
    private var seenFiles: Set<Identity> = []
    private var seenDirectories: Set<Identity> = []
    /// Directory entries a walk may still look at; a walk that runs out stops early and sets
    /// `exhausted` (context walks are bounded, so a file in a home directory that happens to be
    /// a git work tree does not make viewlint read the whole disk).
    var entryBudget = Int.max
    private(set) var exhausted = false
    /// `stat` a large directory's entries on all cores (see `walk`).
    var parallel = false
    /// From this many entries to `stat` in one directory on, a parallel walk spreads them over
    /// the cores; fewer cost less than waking the other threads.
    static let entriesForParallelStatus = 64

    /// `Sources/./A.swift` and `./A.swift` as `Sources/A.swift` and `A.swift`.
    static func clean(_ path: String) -> String {
        var p = path
        while p.hasPrefix("./") { p.removeFirst(2) }
        while p.count > 1 && p.hasSuffix("/") { p.removeLast() }
        return p.isEmpty ? "." : p
    }

    static func join(_ directory: String, _ name: String) -> String {
        if directory == "." { return name }
        return directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    mutating func add(_ rawPath: String) {
        let path = FileDiscovery.clean(rawPath)
        switch FileSystem.status(path) {
        case .failure(let error):
            errors.append(error)
        case .success(let status):
            switch status.kind {
            case .missing:
                errors.append(FileSystem.IOError(path: path, reason: "no such file or directory"))
            case .file:
                if skip(path, false, true) { return }
                if seenFiles.insert(Identity(device: status.device, inode: status.inode)).inserted {
                    files.append(Found(path: path, isExplicit: true))
                }
            case .directory:
                if skip(path, true, true) { return }
                walk(path, status)
            case .other:
                errors.append(FileSystem.IOError(path: path, reason: "not a regular file or directory"))
            }
        }
    }

    /// Treats the file at `path` as already found, so no walk adds it (a staged file, whose
    /// working copy must not also be read as context).
    mutating func markSeen(_ path: String) {
        if case .success(let status) = FileSystem.status(path), status.kind == .file {
            seenFiles.insert(Identity(device: status.device, inode: status.inode))
        }
    }

    /// Walks `root` as if it had been found inside a named directory: every part of it, the root
    /// included, goes through `skip` as not named by the user. For project context.
    mutating func addWalked(_ root: String) {
        let path = FileDiscovery.clean(root)
        guard case .success(let status) = FileSystem.status(path), status.kind == .directory,
              !skip(path, true, false) else { return }
        walk(path, status)
    }

    private mutating func walk(_ root: String, _ rootStatus: FileSystem.Status) {
        guard seenDirectories.insert(Identity(device: rootStatus.device, inode: rootStatus.inode)).inserted else { return }
        var stack = [root]
        while let directory = stack.popLast() {
            let names: [FileSystem.DirectoryEntry]
            switch FileSystem.listDirectory(directory) {
            case .failure(let error):
                errors.append(error)
                continue
            case .success(let list):
                names = list
            }
            entryBudget -= names.count
            if entryBudget < 0 {
                exhausted = true
                return
            }
            var candidates: [(name: String, path: String)] = []
            for entry in names {
                let name = entry.name
                if name.hasPrefix(".") || FileDiscovery.skippedDirectories.contains(name) { continue }
                // Most entries of a project are not Swift files; those need no `stat`.
                if entry.isRegularFile && !name.hasSuffix(".swift") { continue }
                candidates.append((name, FileDiscovery.join(directory, name)))
            }
            // A `stat` per Swift file was most of the walk, which runs before anything else can:
            // in a large directory they run on every core, and their results are taken in order.
            let paths = candidates.map(\.path)
            let statuses = Linter.parallelMap(paths.count, parallel: parallel && paths.count >= FileDiscovery.entriesForParallelStatus) {
                FileSystem.status(paths[$0])
            }
            var subdirectories: [String] = []
            for ((name, path), found) in zip(candidates, statuses) {
                guard case .success(let status) = found else {
                    // A dangling link or an entry that vanished: nothing to lint there.
                    continue
                }
                switch status.kind {
                case .directory:
                    if skip(path, true, false) { continue }
                    if seenDirectories.insert(Identity(device: status.device, inode: status.inode)).inserted {
                        subdirectories.append(path)
                    }
                case .file:
                    guard name.hasSuffix(".swift"), !skip(path, false, false) else { continue }
                    if seenFiles.insert(Identity(device: status.device, inode: status.inode)).inserted {
                        files.append(Found(path: path, isExplicit: false))
                    }
                default:
                    continue
                }
            }
            // Depth-first, in sorted order.
            stack.append(contentsOf: subdirectories.reversed())
        }
    }
}
