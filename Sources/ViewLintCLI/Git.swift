/// The few questions viewlint asks git: where the work tree is, which Swift files are staged,
/// what their staged content is, and where the pre-commit hook lives.
enum Git {
    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
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

    /// Staged `.swift` files (added, copied, modified or renamed), relative to the work tree root.
    static func stagedSwiftFiles() throws -> [String] {
        let out = try run(["diff", "--cached", "--name-only", "-z", "--diff-filter=ACMR", "--", "*.swift"]).stdout
        return out.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }.filter { !$0.isEmpty }
    }

    /// The staged content of each path (relative to the work tree root), read in one
    /// `git cat-file --batch` process rather than one process per file.
    static func stagedContents(_ paths: [String]) throws -> [[UInt8]] {
        if paths.isEmpty { return [] }
        var request: [UInt8] = []
        for path in paths { request.append(contentsOf: Array(":\(path)\n".utf8)) }
        let out = try run(["cat-file", "--batch"], input: request).stdout
        var contents: [[UInt8]] = []
        var i = 0
        for path in paths {
            // Each answer is "<object> blob <size>\n<content>\n", or "<name> missing\n".
            guard let headerEnd = out[i...].firstIndex(of: 0x0A) else {
                throw Failure(message: "git cat-file: truncated answer for \(path)")
            }
            let header = String(decoding: out[i..<headerEnd], as: UTF8.self).split(separator: " ")
            guard header.count == 3, let size = Int(header[2]), headerEnd + 1 + size <= out.count else {
                throw Failure(message: "git cat-file: \(path) is not staged as a file")
            }
            contents.append(Array(out[(headerEnd + 1)..<(headerEnd + 1 + size)]))
            i = headerEnd + 1 + size + 1
        }
        return contents
    }

    /// Where git runs the pre-commit hook from (respects `core.hooksPath` and worktrees).
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
