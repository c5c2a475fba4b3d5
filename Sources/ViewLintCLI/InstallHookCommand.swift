import ViewLintEngine
import ViewLintFormatters
import ViewLintPlatform

/// `viewlint install-hook [--strict] [--force]`: writes a git pre-commit hook that lints the
/// staged Swift files (their staged content) and blocks the commit on error findings, or on
/// any finding with `--strict`.
enum InstallHookCommand {
    static let marker = "# Installed by `viewlint install-hook`."

    static let specs: [String: Arguments.Spec] = ["--strict": .flag, "--force": .flag, "--help": .flag]

    static func run(_ args: [String]) -> Int32 {
        let parsed: Arguments
        switch Arguments.command(args, specs: specs, aliases: ["-h": "--help"], help: Help.installHook) {
        case .exit(let code): return code
        case .run(let arguments): parsed = arguments
        }
        if !parsed.positional.isEmpty {
            ViewLintCommand.usageError("'viewlint install-hook' takes no paths")
            return ViewLintCommand.ExitCode.failure
        }
        let hookPath: String
        do {
            hookPath = try Git.preCommitHookPath()
        } catch {
            ViewLintCommand.usageError("install-hook needs a git repository: \(error)")
            return ViewLintCommand.ExitCode.failure
        }
        let strict = parsed.has("--strict")
        let command = "viewlint lint --staged" + (strict ? " --strict" : "")
        // lstat: a dangling symbolic link is a hook someone set up, too.
        if case .success(let status) = FileSystem.status(hookPath, follow: false), status.kind != .missing,
           !parsed.has("--force"), !isOurs(hookPath) {
            ViewLintCommand.usageError(refusal(hookPath, command: command))
            return ViewLintCommand.ExitCode.failure
        }
        let hooksDirectory = PathName.directory(of: hookPath)
        if case .success(let status) = FileSystem.status(hooksDirectory), status.kind == .missing {
            if case .failure(let error) = FileSystem.makeDirectories(hooksDirectory) {
                ViewLintCommand.usageError("could not create the hooks folder: \(error)")
                return ViewLintCommand.ExitCode.failure
            }
        }
        let script = hookScript(executable: FileSystem.executablePath(), strict: strict)
        if case .failure(let error) = FileSystem.writeAtomically(hookPath, Array(script.utf8), mode: 0o755) {
            ViewLintCommand.usageError("could not write the hook: \(error)")
            return ViewLintCommand.ExitCode.failure
        }
        // A replaced file keeps its mode; a hook must be executable whatever it was before.
        FileSystem.makeExecutable(hookPath)
        FileSystem.writeStandardError("installed the viewlint pre-commit hook at \(TextFormatter.sanitize(hookPath))"
                                      + " (it runs '\(command)'; skip it once with 'git commit --no-verify')\n")
        if isShared(hookPath) {
            FileSystem.writeStandardError("note: core.hooksPath points outside this repository, so the hook runs for every "
                                          + "repository that uses that folder\n")
        }
        return ViewLintCommand.ExitCode.success
    }

    /// Is the hook outside both the work tree and the git directory (a global `core.hooksPath`)?
    static func isShared(_ hookPath: String) -> Bool {
        guard let lines = try? Git.run(["rev-parse", "--show-toplevel", "--git-common-dir"]).stdoutText
            .split(separator: "\n").map(String.init), lines.count == 2 else { return false }
        let cwd = FileSystem.currentDirectory()
        let hook = PathName.absolute(hookPath, in: cwd)
        return !lines.contains { PathName.inside(hook, PathName.absolute($0, in: cwd)) != nil }
    }

    /// A hook this command wrote earlier may be replaced without `--force` (to switch to
    /// `--strict`, or to point at a newly installed viewlint).
    static func isOurs(_ path: String) -> Bool {
        guard !FileSystem.isSymlink(path), case .success(let bytes) = FileSystem.readFile(path) else { return false }
        return String(decoding: bytes.prefix(4096), as: UTF8.self).contains(marker)
    }

    static func refusal(_ hookPath: String, command: String) -> String {
        var text = "a pre-commit hook already exists at \(hookPath); "
        if case .success(let bytes) = FileSystem.readFile(hookPath),
           String(decoding: bytes.prefix(4096), as: UTF8.self).contains("pre-commit.com") {
            text += "it is the pre-commit framework's, so add the viewlint hook to .pre-commit-config.yaml instead (see the README), "
        } else {
            text += "to run viewlint as well, add the line '\(command) || exit 1' to it (before any 'exec' line), "
        }
        return text + "or rerun with --force to replace it"
    }

    /// The hook: the viewlint that installed it if it is still there, else the one on PATH.
    static func hookScript(executable: String?, strict: Bool) -> String {
        let arguments = "lint --staged" + (strict ? " --strict" : "")
        return """
            #!/bin/sh
            \(marker)
            # Lints the staged .swift files (their staged content, not the working copy) and
            # blocks the commit on findings with severity error\(strict ? ", or on any finding (--strict)" : "").
            # Skip it once with `git commit --no-verify`; reinstall with `viewlint install-hook`.
            VIEWLINT=\(shellQuoted(executable ?? "viewlint"))
            if [ ! -x "$VIEWLINT" ]; then
              VIEWLINT=$(command -v viewlint) || {
                echo "viewlint pre-commit hook: viewlint is not installed or not on PATH; install it, or commit with --no-verify" >&2
                exit 1
              }
            fi
            exec "$VIEWLINT" \(arguments)

            """
    }

    /// `it's` → `'it'\''s'`: safe in a POSIX shell whatever the path holds.
    static func shellQuoted(_ text: String) -> String {
        var quoted = "'"
        for character in text {
            if character == "'" { quoted += "'\\''" } else { quoted.append(character) }
        }
        return quoted + "'"
    }
}
