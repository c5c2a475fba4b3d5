import ViewLintCore
import ViewLintEngine
import ViewLintFormatters
import ViewLintSyntax
import ViewLintPlatform

/// Project context for files linted by name (`viewlint lint A.swift`, pre-commit, `--staged`):
/// the other Swift files of the project each named file belongs to, parsed so that cross-file
/// facts (a view's extensions in other files, a protocol it conforms to) stay right, but never
/// reported.
///
/// A named file's project is the nearest directory at or above it that holds `Package.swift`,
/// or else the git work tree root (the nearest directory with a `.git` entry); neither found,
/// the file is linted alone. That directory is walked like any named directory (skipped folders,
/// `include:`/`exclude:`), every file found is read and scanned for the names it declares, and
/// `ContextSelection` picks the few whose declarations can change an answer; only those are
/// parsed. Directories named on the command line are projects of their own and get no context.
enum ProjectContext {
    /// Directory entries a context walk may visit before viewlint gives up on context for that
    /// project (with a warning) rather than read, say, a whole home directory.
    static let entryBudget = 200_000

    struct Loaded {
        var inputs: [LintInput] = []
        var notes: [InputNote] = []
    }

    /// - Parameters:
    ///   - named: the files that want context (named or staged), as sources with their paths.
    ///   - reportedPaths: every reported file's path, so its working copy is not read again.
    static func load(named: [SourceFile], reportedPaths: [String], setup: LintSetup, parallel: Bool) -> Loaded {
        var loaded = Loaded()
        if named.isEmpty { return loaded }
        let cwd = FileSystem.currentDirectory()
        var cache: [String: String?] = [:]
        var roots: [String] = []
        for file in named {
            let directory = PathName.directory(of: PathName.absolute(file.path, in: cwd))
            if let root = root(from: directory, cache: &cache), !roots.contains(root) { roots.append(root) }
        }
        // A project inside another one is walked with it, once.
        roots = roots.filter { root in !roots.contains { $0 != root && PathName.inside(root, $0) != nil } }.sorted()

        var paths: [String] = []
        for root in roots {
            var discovery = FileDiscovery()
            discovery.skip = setup.skips
            discovery.entryBudget = entryBudget
            for path in reportedPaths { discovery.markSeen(path) }
            discovery.addWalked(root)
            if discovery.exhausted {
                loaded.notes.append(InputNote(
                    level: .warning, path: ConfigLoading.displayPath(root, currentDirectory: cwd), line: nil,
                    message: "more than \(entryBudget) entries below this project root, so files in it are linted without "
                        + "the context of its other files; lint a narrower directory instead"))
                continue
            }
            // Unreadable corners of the project are not the user's question; skip them quietly.
            paths.append(contentsOf: discovery.files.map(\.path))
        }
        if paths.isEmpty { return loaded }

        let files = paths
        let candidates = Linter.parallelMap(files.count, parallel: parallel) { i -> ContextSelection.Candidate? in
            guard case .success(let bytes) = FileSystem.readFile(files[i]), !LintCommand.looksBinary(bytes) else { return nil }
            return ContextSelection.Candidate(path: files[i], bytes: bytes)
        }.compactMap { $0 }
        for index in ContextSelection.select(reported: named, candidates: candidates) {
            loaded.inputs.append(LintInput(source: candidates[index].source, isReported: false))
        }
        // The command line exits after the run: the package's bytes and names, alive through the
        // selection anyway, are not worth freeing one file at a time.
        Lifetime.keepUntilExit(candidates)
        return loaded
    }

    /// The project root for a file in `directory` (absolute): see the type's documentation.
    static func root(from directory: String, cache: inout [String: String?]) -> String? {
        var visited: [String] = []
        var current = directory
        var found: String? = nil
        while true {
            if let cached = cache[current] {
                found = cached
                break
            }
            visited.append(current)
            if case .success(let status) = FileSystem.status(FileDiscovery.join(current, "Package.swift")), status.kind == .file {
                found = current
                break
            }
            if case .success(let status) = FileSystem.status(FileDiscovery.join(current, ".git")), status.kind != .missing {
                found = current
                break
            }
            if current == "/" { break }
            current = PathName.directory(of: current)
        }
        for d in visited { cache[d] = found }
        return found
    }
}
