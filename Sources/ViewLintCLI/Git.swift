import ViewLintPlatform

/// The few questions viewlint asks git: where the work tree is, which Swift files are staged,
/// what their staged content is, and where the pre-commit hook lives.
///
/// git is run as a subprocess with the inherited environment, so inside a hook the
/// `GIT_INDEX_FILE` git sets (a temporary index for `git commit -a` or `git commit PATH`) is the
/// index read: the content that will be committed.
enum Git {
    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// A file in the index: its path relative to the work tree root and its blob's object name.
    struct StagedFile: Equatable {
        var path: String
        var blob: String
    }

    static func run(_ arguments: [String], input: [UInt8] = []) throws -> Subprocess.Result {
        guard let result = Subprocess.run("git", arguments, input: input) else {
            throw Failure(message: "could not run git; is it installed and on PATH?")
        }
        guard result.status == 0 else {
            let detail = result.stderrText.split(separator: "\n").first.map(String.init) ?? "exit \(result.status)"
            throw Failure(message: "git \(arguments.first ?? ""): \(detail)")
        }
        return result
    }

    /// The work tree's root, absolute.
    static func workTreeRoot() throws -> String {
        try run(["rev-parse", "--show-toplevel"]).stdoutText.trimmingTrailingNewlines()
    }

    /// Staged `.swift` files (added, copied or modified; the new side of a rename counts as
    /// added), wherever the current directory is. Symbolic links and submodules are left out:
    /// their "content" is not Swift source.
    static func stagedSwiftFiles() throws -> [StagedFile] {
        // No pathspec: git reads one relative to the current directory, which would hide the
        // files staged elsewhere in the work tree. --raw with full object names, so contents are
        // fetched by blob and no path ever has to be quoted.
        let out = try run(["diff", "--cached", "--raw", "-z", "--no-abbrev", "--no-renames", "--diff-filter=ACM", "--no-ext-diff"]).stdout
        return parseRawDiff(out).filter { $0.path.hasSuffix(".swift") }
    }

    /// Parses `git diff --raw -z --no-renames` output: `:<old mode> <new mode> <old> <new> <status>\0<path>\0`.
    static func parseRawDiff(_ out: [UInt8]) -> [StagedFile] {
        var files: [StagedFile] = []
        let fields = out.split(separator: 0, omittingEmptySubsequences: false)
        var i = 0
        while i + 1 < fields.count {
            let meta = String(decoding: fields[i], as: UTF8.self)
            let path = String(decoding: fields[i + 1], as: UTF8.self)
            i += 2
            let parts = meta.split(separator: " ")
            guard meta.hasPrefix(":"), parts.count == 5 else { continue }
            let newMode = parts[1]
            guard newMode == "100644" || newMode == "100755", !path.isEmpty else { continue }
            files.append(StagedFile(path: path, blob: String(parts[3])))
        }
        return files
    }

    /// The content of each blob, read by one `git cat-file --batch` rather than one process per file.
    static func blobContents(_ blobs: [String]) throws -> [[UInt8]] {
        if blobs.isEmpty { return [] }
        var request: [UInt8] = []
        for blob in blobs { request.append(contentsOf: Array("\(blob)\n".utf8)) }
        let out = try run(["cat-file", "--batch"], input: request).stdout
        var contents: [[UInt8]] = []
        contents.reserveCapacity(blobs.count)
        var i = 0
        for blob in blobs {
            // Each answer is "<object> blob <size>\n<content>\n", or "<name> missing\n".
            guard i < out.count, let headerEnd = out[i...].firstIndex(of: 0x0A) else {
                throw Failure(message: "git cat-file: no answer for object \(blob)")
            }
            let header = String(decoding: out[i..<headerEnd], as: UTF8.self).split(separator: " ")
            guard header.count == 3, header[1] == "blob", let size = Int(header[2]), size >= 0,
                  headerEnd + 1 + size <= out.count else {
                throw Failure(message: "git cat-file: object \(blob) is not a readable blob")
            }
            contents.append(Array(out[(headerEnd + 1)..<(headerEnd + 1 + size)]))
            i = headerEnd + 1 + size + 1
        }
        return contents
    }

    /// Where git runs the pre-commit hook from (respects `core.hooksPath` and worktrees),
    /// relative to the current directory unless absolute.
    static func preCommitHookPath() throws -> String {
        try run(["rev-parse", "--git-path", "hooks/pre-commit"]).stdoutText.trimmingTrailingNewlines()
    }
}

extension String {
    func trimmingTrailingNewlines() -> String {
        var s = Substring(self)
        while s.last == "\n" || s.last == "\r" { s = s.dropLast() }
        return String(s)
    }
}
