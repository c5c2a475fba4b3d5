import ViewLintFormatters

/// `viewlint install-hook [--strict] [--force]`: writes a git pre-commit hook that lints the
/// staged Swift files (their staged content) and blocks the commit on error findings, or on
/// any finding with `--strict`.
enum InstallHookCommand {
    static let marker = "# Installed by `viewlint install-hook`."

    static func run(_ args: [String]) -> Int32 {
        let parsed: Arguments
        do {
            parsed = try Arguments(args, specs: ["--strict": .flag, "--force": .flag, "--help": .flag], aliases: ["-h": "--help"])
        } catch {
            ViewLintCommand.usageError("\(error)")
            return ViewLintCommand.ExitCode.failure
        }
        if parsed.has("--help") {
            FileSystem.writeStandardOutput(Help.installHook)
            return ViewLintCommand.ExitCode.success
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
        let command = "lint --staged" + (parsed.has("--strict") ? " --strict" : "")
        if case .success(let status) = FileSystem.status(hookPath), status.kind != .missing, !parsed.has("--force") {
            ViewLintCommand.usageError("""
                a pre-commit hook already exists at \(hookPath); rerun with --force to replace it, \
                or chain viewlint by adding this line to it: viewlint \(command) || exit 1
                """)
            return ViewLintCommand.ExitCode.failure
        }
        let hooksDirectory = hookPath.lastIndex(of: "/").map { String(hookPath[..<$0]) } ?? "."
        if case .success(let status) = FileSystem.status(hooksDirectory), status.kind == .missing {
            if case .failure(let error) = FileSystem.makeDirectories(hooksDirectory) {
                ViewLintCommand.usageError("\(error)")
                return ViewLintCommand.ExitCode.failure
            }
        }
        let executable = FileSystem.executablePath()
        let script = """
            #!/bin/sh
            \(marker)
            # Lints the staged .swift files (their staged content, not the working copy) and
            # blocks the commit on findings at error severity\(parsed.has("--strict") ? " or any finding (--strict)" : "").
            # Skip it once with `git commit --no-verify`.
            VIEWLINT="\(executable ?? "viewlint")"
            if [ ! -x "$VIEWLINT" ]; then VIEWLINT=viewlint; fi
            exec "$VIEWLINT" \(command)

            """
        if case .failure(let error) = FileSystem.writeAtomically(hookPath, Array(script.utf8), mode: 0o755) {
            ViewLintCommand.usageError("could not write the hook: \(error)")
            return ViewLintCommand.ExitCode.failure
        }
        FileSystem.makeExecutable(hookPath)
        FileSystem.writeStandardError("installed the viewlint pre-commit hook at \(TextFormatter.sanitize(hookPath))\n")
        return ViewLintCommand.ExitCode.success
    }
}
