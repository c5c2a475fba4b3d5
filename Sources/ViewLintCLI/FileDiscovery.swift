import ViewLintEngine
import ViewLintSyntax
import ViewLintPlatform

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

    struct Identity: Equatable {
        var device: UInt64
        var inode: UInt64
    }

    /// The identities a walk has met, in an open-addressing table: a `Set<Identity>` hashed
    /// each with the standard library's `Hasher`, about 450 instructions an insertion, for every
    /// folder and Swift file walked (12,000 on the 14 apps). Never more than half full, so every
    /// probe ends at an empty slot.
    struct IdentitySet {
        private var slots = [Identity?](repeating: nil, count: 64)
        private var count = 0

        /// Whether `identity` is new, adding it.
        mutating func insert(_ identity: Identity) -> Bool {
            if (count + 1) * 2 > slots.count { grow() }
            let mask = slots.count - 1
            // The top half of a multiplicative hash of both numbers, whose low bits vary most.
            var slot = Int(truncatingIfNeeded: ((identity.inode ^ (identity.device &<< 32)) &* 0x9E37_79B9_7F4A_7C15) &>> 32) & mask
            while let held = slots[slot] {
                if held == identity { return false }
                slot = (slot + 1) & mask
            }
            slots[slot] = identity
            count += 1
            return true
        }

        private mutating func grow() {
            let held = slots
            slots = [Identity?](repeating: nil, count: held.count * 2)
            count = 0
            for case let identity? in held { _ = insert(identity) }
        }
    }

    var files: [Found] = []
    var errors: [FileSystem.IOError] = []
    /// Paths to leave out (the configuration's include/exclude); asked before a directory is
    /// entered and before a file is taken.
    var skip: (_ path: String, _ isDirectory: Bool, _ isExplicit: Bool) -> Bool = { _, _, _ in false }
    private var seenFiles = IdentitySet()
    private var seenDirectories = IdentitySet()
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
                if seenFiles.insert(Identity(device: status.device, inode: status.inode)) {
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
            _ = seenFiles.insert(Identity(device: status.device, inode: status.inode))
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

    /// A directory's entries the walk looks at (not hidden, not skipped by name, not a regular
    /// file other than Swift), in sorted order, each with its `stat`.
    struct Examined: Sendable {
        /// Every entry listed, for `entryBudget`.
        var entryCount: Int
        var candidates: [Candidate]
    }

    struct Candidate: Sendable {
        var path: String
        /// The name ends with `.swift` (only such a file is taken).
        var isSwift: Bool
        /// Nil for a dangling link or an entry that vanished: nothing to lint there.
        var status: FileSystem.Status?
    }

    /// The names the walk passes over (hidden ones aside), as bytes.
    static let skippedNames: [[UInt8]] = skippedDirectories.map { Array($0.utf8) }

    /// Whether the walk looks at an entry named `name` (UTF-8, as `readdir` gave it), and whether
    /// that name ends with `.swift`: nil for a hidden or skipped name, or a regular file that is
    /// not Swift. An ASCII name is read as bytes, where every byte is a character and equality
    /// is byte equality; any other is made a string and asked as before, so that names whose
    /// characters span bytes (a combining mark after the dot) are judged as Swift judges them.
    static func walkedName(_ name: UnsafeBufferPointer<UInt8>, isRegularFile: Bool) -> Bool? {
        var ascii = true
        for b in name where b >= 0x80 { ascii = false; break }
        let isSwift: Bool
        if ascii {
            if name.first == 0x2E { return nil }
            isSwift = swiftSuffix.withUnsafeBufferPointer { suffix in
                name.count >= suffix.count && UnsafeBufferPointer(rebasing: name[(name.count - suffix.count)...]).hasSameBytes(as: suffix)
            }
            // No skipped name ends with `.swift`, and a regular file that is not Swift is passed
            // over below: only the other entries (folders, links) are compared with them.
            if !isSwift && !isRegularFile {
                for skipped in skippedNames where skipped.count == name.count && skipped.withUnsafeBufferPointer({ $0.hasSameBytes(as: name) }) {
                    return nil
                }
            }
        } else {
            let text = String(decoding: name, as: UTF8.self)
            if text.hasPrefix(".") || skippedDirectories.contains(text) { return nil }
            isSwift = text.hasSuffix(".swift")
        }
        // Most entries of a project are not Swift files; those need no `stat`.
        if isRegularFile && !isSwift { return nil }
        return isSwift
    }

    static let swiftSuffix = Array(".swift".utf8)

    /// The entries of `directory` the walk looks at, with their `stat`s, or why it cannot be
    /// listed. Pure but for the file system, so that directories can be examined on any core.
    /// Names are judged where `readdir` put them and only the entries kept become strings, each
    /// made at once as its path: a string per name, then the path joined from it and the name's
    /// hash to look it up among the skipped ones, cost about as much as the rest of the walk.
    static func examine(_ directory: String, parallelStatus: Bool) -> Result<Examined, FileSystem.IOError> {
        var prefix = directory == "." ? [] : Array(directory.utf8)
        if !prefix.isEmpty && !directory.hasSuffix("/") { prefix.append(0x2F) }
        var entryCount = 0
        var kept: [(key: UInt64, path: String, isSwift: Bool)] = []
        let listed = FileSystem.forEachEntry(in: directory) { name, isRegularFile in
            entryCount += 1
            guard let isSwift = walkedName(name, isRegularFile: isRegularFile) else { return }
            // As joined before, bytes that are not UTF-8 repaired in the name alone.
            let path = prefix.withUnsafeBufferPointer { head in
                String(unsafeUninitializedCapacity: head.count + name.count) { room in
                    _ = UnsafeMutableRawBufferPointer(room).copyMemory(from: UnsafeRawBufferPointer(head))
                    UnsafeMutableRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(room)[head.count...])
                        .copyMemory(from: UnsafeRawBufferPointer(name))
                    return head.count + name.count
                }
            }
            var text = path
            let key = text.withUTF8 { bytes in
                var key: UInt64 = 0
                for k in 0..<8 {
                    let at = prefix.count + k
                    key = key << 8 | UInt64(at < bytes.count ? bytes[at] : 0)
                }
                return key
            }
            kept.append((key, path, isSwift))
        }
        guard listed else { return .failure(FileSystem.lastError(directory)) }
        // Sorted by name (as `listDirectory` sorts): the paths share the folder, so their bytes
        // order as the names' do.
        kept.sort { a, b in a.key != b.key ? a.key < b.key : FileSystem.bytesPrecede(a.path, b.path) }
        // A `stat` per Swift file was most of the walk, which runs before anything else can:
        // in a large directory they run on every core, and their results are taken in order.
        var examined = Examined(entryCount: entryCount, candidates: [])
        examined.candidates.reserveCapacity(kept.count)
        if parallelStatus && kept.count >= FileDiscovery.entriesForParallelStatus {
            let paths = kept.map(\.path)
            let statuses = Linter.parallelMap(paths.count, parallel: true) { FileSystem.status(paths[$0]) }
            for (entry, found) in zip(kept, statuses) {
                var status: FileSystem.Status? = nil
                if case .success(let s) = found { status = s }
                examined.candidates.append(Candidate(path: entry.path, isSwift: entry.isSwift, status: status))
            }
        } else {
            for entry in kept {
                var status: FileSystem.Status? = nil
                if case .success(let s) = FileSystem.status(entry.path) { status = s }
                examined.candidates.append(Candidate(path: entry.path, isSwift: entry.isSwift, status: status))
            }
        }
        return .success(examined)
    }

    private mutating func walk(_ root: String, _ rootStatus: FileSystem.Status) {
        let rootIdentity = Identity(device: rootStatus.device, inode: rootStatus.inode)
        guard seenDirectories.insert(rootIdentity) else { return }
        // An unbounded walk on several cores lists and examines the tree first, a level at a
        // time on every core: listing folders and `stat`ing their entries one folder after
        // another, on one core while the other waited, was the longest serial step of a run
        // over many small folders (4,600 folders of the real apps). The walk below then only
        // takes the folders' results, in its own order.
        var known = parallel && entryBudget == Int.max ? examineLevels(from: root, rootIdentity) : [:]
        var stack = [root]
        while let directory = stack.popLast() {
            // An empty table still hashes the path asked (2.5 M instructions on the 14 apps, one
            // core): only an unbounded walk on several cores fills it.
            let found = (known.isEmpty ? nil : known.removeValue(forKey: directory))
                ?? FileDiscovery.examine(directory, parallelStatus: parallel)
            let examined: Examined
            switch found {
            case .failure(let error):
                errors.append(error)
                continue
            case .success(let e):
                examined = e
            }
            entryBudget -= examined.entryCount
            if entryBudget < 0 {
                exhausted = true
                return
            }
            var subdirectories: [String] = []
            for candidate in examined.candidates {
                guard let status = candidate.status else { continue }
                let path = candidate.path
                switch status.kind {
                case .directory:
                    if skip(path, true, false) { continue }
                    if seenDirectories.insert(Identity(device: status.device, inode: status.inode)) {
                        subdirectories.append(path)
                    }
                case .file:
                    guard candidate.isSwift, !skip(path, false, false) else { continue }
                    if seenFiles.insert(Identity(device: status.device, inode: status.inode)) {
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

    /// Every directory below `root` the walk will enter, examined, by path: breadth first, each
    /// level's directories on every core. A directory reached by two paths (through a link) is
    /// examined under the first met here; should the walk reach it first by the other, it
    /// examines it itself, so the walk's result does not depend on this order.
    private func examineLevels(from root: String, _ rootIdentity: Identity) -> [String: Result<Examined, FileSystem.IOError>] {
        var known: [String: Result<Examined, FileSystem.IOError>] = [:]
        var listed = IdentitySet()
        _ = listed.insert(rootIdentity)
        var level = [root]
        while !level.isEmpty {
            let directories = level
            // One directory alone (the root, mostly) spreads its `stat`s instead.
            let alone = directories.count == 1
            let results = Linter.parallelMap(directories.count, parallel: true) { k in
                FileDiscovery.examine(directories[k], parallelStatus: alone)
            }
            level = []
            for (directory, result) in zip(directories, results) {
                if case .success(let examined) = result {
                    for candidate in examined.candidates {
                        guard let status = candidate.status, status.kind == .directory,
                              !skip(candidate.path, true, false),
                              listed.insert(Identity(device: status.device, inode: status.inode)) else { continue }
                        level.append(candidate.path)
                    }
                }
                known[directory] = result
            }
        }
        return known
    }
}
