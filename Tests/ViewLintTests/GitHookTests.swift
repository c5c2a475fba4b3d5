import Foundation
import Testing

/// `viewlint lint --staged`, explicit files with project context, and `viewlint install-hook`,
/// on real temporary git repositories with the real executable (and, for the hook, real commits).
@Suite("Git: staged files and the pre-commit hook", .serialized)
struct GitHookTests {
    /// A view that reads its `title` and stores each of `unused` without reading it.
    static func view(_ name: String, unused: [String] = []) -> String {
        var text = "import SwiftUI\nstruct \(name): View {\n    let title: String\n"
        for property in unused { text += "    let \(property): Int\n" }
        return text + "    var body: some View { Text(title) }\n}\n"
    }

    /// Git isolated from the machine's configuration, with an identity for commits.
    static let gitEnvironment = [
        "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.com",
        "GIT_COMMITTER_NAME": "Test", "GIT_COMMITTER_EMAIL": "test@example.com",
    ]

    struct Repository {
        var root: URL

        init() throws {
            root = try CLIRunner.temporaryDirectory()
        }

        func remove() { try? FileManager.default.removeItem(at: root) }

        func write(_ path: String, _ text: String) throws {
            try CLIRunner.write(text, to: root.appendingPathComponent(path))
        }

        /// Runs git through /usr/bin/env and fails the test if it fails.
        @discardableResult
        func gitOK(_ arguments: String...) throws -> String {
            let out = try CLIRunner.run(["git"] + arguments, in: root, environment: GitHookTests.gitEnvironment,
                                        executable: URL(fileURLWithPath: "/usr/bin/env"))
            #expect(out.status == 0, "git \(arguments.joined(separator: " ")): \(out.stderr)")
            return out.stdout
        }

        func viewlint(_ arguments: [String], in subdirectory: String? = nil,
                      executable: URL = CLIRunner.executable) throws -> CLIRunner.Output {
            try CLIRunner.run(arguments, in: subdirectory.map { root.appendingPathComponent($0) } ?? root,
                              environment: GitHookTests.gitEnvironment, executable: executable)
        }

        /// `git commit`, reporting its status and everything it printed (git sends a hook's
        /// standard output to its standard error).
        func commit(_ extra: [String] = [], environment: [String: String] = [:]) throws -> CLIRunner.Output {
            try CLIRunner.run(["git", "commit", "-q", "-m", "change"] + extra, in: root,
                              environment: GitHookTests.gitEnvironment.merging(environment) { _, new in new },
                              executable: URL(fileURLWithPath: "/usr/bin/env"))
        }
    }

    func repository() throws -> Repository {
        let repo = try Repository()
        try repo.gitOK("init", "-q")
        return repo
    }

    // MARK: --staged

    @Test func stagedContentIsLintedNotTheWorkingCopy() throws {
        let repo = try repository()
        defer { repo.remove() }
        // Staged: an unused input. Working copy: fixed, but not staged.
        try repo.write("Sources/A.swift", Self.view("A", unused: ["stagedOnly"]))
        try repo.gitOK("add", "Sources/A.swift")
        try repo.write("Sources/A.swift", Self.view("A", unused: []) + "// fixed in the working copy only\n")
        let staged = try repo.viewlint(["lint", "--staged"])
        #expect(staged.stdout.hasPrefix("Sources/A.swift:4:9: warning: stored input 'stagedOnly' is never read"))
        #expect(staged.status == 0, "a warning does not block")
        #expect(try repo.viewlint(["lint", "--staged", "--strict"]).status == 1)
        // The working copy itself is clean.
        #expect(try repo.viewlint(["lint", "Sources/A.swift"]).stdout.isEmpty)

        // The other way round: clean when staged, a finding only in the working copy.
        try repo.write("Sources/A.swift", Self.view("A"))
        try repo.gitOK("add", "Sources/A.swift")
        try repo.write("Sources/A.swift", Self.view("A", unused: ["workingOnly"]))
        let clean = try repo.viewlint(["lint", "--staged", "--strict"])
        #expect(clean.status == 0 && clean.stdout.isEmpty, "\(clean.stdout)")
        #expect(clean.stderr.hasPrefix("no findings (1 file linted in "))
    }

    @Test func stagedFilesAnywhereAreFoundAndShownFromTheCurrentDirectory() throws {
        let repo = try repository()
        defer { repo.remove() }
        try repo.write("App/Views/B.swift", Self.view("B", unused: ["x"]))
        try repo.write("Kit/Sources/C.swift", Self.view("C", unused: ["y"]))
        try repo.write("Kit/Sources/Clean.swift", Self.view("Clean"))
        try repo.write("README.md", "not swift\n")
        try repo.gitOK("add", ".")
        let fromSub = try repo.viewlint(["lint", "--staged", "--quiet"], in: "Kit")
        #expect(fromSub.stdout.split(separator: "\n").map { String($0.prefix { $0 != ":" }) }
                == ["../App/Views/B.swift", "Sources/C.swift"])
        // Paths narrow the set.
        let narrowed = try repo.viewlint(["lint", "--staged", "Sources"], in: "Kit")
        #expect(narrowed.stdout.split(separator: "\n").map { String($0.prefix { $0 != ":" }) } == ["Sources/C.swift"])
        #expect(narrowed.stderr.contains("(2 files linted in "))
    }

    @Test func stagedFilesAreFilteredLikeAWalkOfTheWorkTree() throws {
        let repo = try repository()
        defer { repo.remove() }
        try repo.write("Gone.swift", Self.view("Gone", unused: ["x"]))
        try repo.write("Linted.swift", Self.view("Linted", unused: ["x"]))
        try repo.write("Old.swift", Self.view("Old", unused: ["x"]))
        try repo.gitOK("add", ".")
        try repo.gitOK("commit", "-q", "-m", "base")
        // Staged now: a deletion, a modification, a rename, and new files that a walk would skip.
        try repo.gitOK("rm", "-q", "Gone.swift")
        try repo.write("Linted.swift", Self.view("Linted", unused: ["x", "y"]))
        try repo.gitOK("mv", "Old.swift", "Moved.swift")
        try repo.write(".lint.yml", "exclude:\n  - Generated\n")
        try repo.write("Generated/G.swift", Self.view("G", unused: ["x"]))
        try repo.write("Pods/Lib/P.swift", Self.view("P", unused: ["x"]))
        try repo.write(".hidden/H.swift", Self.view("H", unused: ["x"]))
        try repo.write("Notes.txt", "struct NotSwift {}\n")
        try repo.gitOK("add", "-f", ".")
        let stagedNames = try repo.gitOK("diff", "--cached", "--name-only", "--no-renames")
        #expect(stagedNames.split(separator: "\n").count == 9, "\(stagedNames)")
        let out = try repo.viewlint(["lint", "--staged"])
        #expect(out.stdout.split(separator: "\n").map { String($0.prefix { $0 != ":" }) }
                == ["Linted.swift", "Linted.swift", "Moved.swift"])
        #expect(out.stderr.contains("(2 files linted in "))
    }

    @Test func stagedFilesGetTheWorkTreeAsContext() throws {
        let repo = try repository()
        defer { repo.remove() }
        // `subtitle` is read only in an extension that is committed, not staged.
        try repo.write("Card+Details.swift", "import SwiftUI\nextension Card {\n    var details: some View { Text(subtitle) }\n}\n")
        try repo.gitOK("add", ".")
        try repo.gitOK("commit", "-q", "-m", "base")
        try repo.write("Card.swift", Self.view("Card", unused: ["subtitle", "footnote"]))
        try repo.gitOK("add", "Card.swift")
        // The working copy of the staged file must not count as context: it reads `footnote`.
        try repo.write("Card.swift", Self.view("Card", unused: ["subtitle", "footnote"])
                       + "extension Card {\n    var more: some View { Text(\"\\(footnote)\") }\n}\n")
        let out = try repo.viewlint(["lint", "--staged", "--quiet"])
        #expect(out.stdout.split(separator: "\n").count == 1, "\(out.stdout)")
        #expect(out.stdout.contains("stored input 'footnote' is never read"))
    }

    @Test func stagedNeedsARepository() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = try CLIRunner.run(["lint", "--staged"], in: dir, environment: Self.gitEnvironment)
        #expect(out.status == 2)
        #expect(out.stderr.hasPrefix("viewlint: error: --staged needs a git work tree: git rev-parse: fatal: not a git repository"))
    }

    // MARK: Named files get project context

    @Test func namedFilesGetTheirPackageAsContext() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let files = [
            "Package.swift": "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"P\")\n",
            "Sources/P/Card.swift": Self.view("Card", unused: ["subtitle", "footnote"]),
            "Sources/P/Card+Details.swift": "import SwiftUI\nextension Card {\n    var details: some View { Text(subtitle) }\n}\n",
            "Sources/P/Generated/Card+More.swift": "import SwiftUI\nextension Card {\n    var more: some View { Text(\"\\(footnote)\") }\n}\n",
            ".build/checkouts/Card+Build.swift": "extension Card {\n    var b: Int { footnote }\n}\n",
        ]
        for (path, text) in files { try CLIRunner.write(text, to: dir.appendingPathComponent(path)) }
        // From the package root and from elsewhere: the other files are read, but not reported.
        let out = try CLIRunner.run(["lint", "Sources/P/Card.swift"], in: dir)
        #expect(out.stdout.isEmpty, "\(out.stdout)")
        #expect(out.stderr.hasPrefix("no findings (1 file linted in "))
        let fromOutside = try CLIRunner.run(["lint", dir.appendingPathComponent("Sources/P/Card.swift").path],
                                            in: dir.deletingLastPathComponent())
        #expect(fromOutside.stdout.isEmpty)
        // Context respects `exclude:` (and the skipped folders, .build above): without
        // Card+More.swift, `footnote` is unused.
        try CLIRunner.write("exclude:\n  - Sources/P/Generated\n", to: dir.appendingPathComponent(".lint.yml"))
        let excluded = try CLIRunner.run(["lint", "Sources/P/Card.swift"], in: dir)
        #expect(excluded.stdout.contains("Sources/P/Card.swift:5:9: warning: stored input 'footnote' is never read"))
        #expect(excluded.stdout.split(separator: "\n").count == 1)
        // A folder is a project of its own: linting Sources/P/Generated alone knows no Card.
        // A file outside any package or repository is linted alone.
        let lone = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: lone) }
        try CLIRunner.write(Self.view("Card", unused: ["subtitle"]), to: lone.appendingPathComponent("Card.swift"))
        #expect(try CLIRunner.run(["lint", "--quiet", "Card.swift"], in: lone).stdout.contains("'subtitle' is never read"))
    }

    @Test func forceExcludeFiltersNamedFilesAsPreCommitPassesThem() throws {
        let repo = try repository()
        defer { repo.remove() }
        try repo.write(".lint.yml", "exclude:\n  - Generated\n")
        try repo.write("Generated/G.swift", Self.view("G", unused: ["x"]))
        try repo.write("A.swift", Self.view("A", unused: ["x"]))
        let named = try repo.viewlint(["lint", "--quiet", "Generated/G.swift", "A.swift"])
        #expect(named.stdout.split(separator: "\n").count == 2)
        let forced = try repo.viewlint(["lint", "--quiet", "--force-exclude", "Generated/G.swift", "A.swift"])
        #expect(forced.stdout.split(separator: "\n").map { String($0.prefix { $0 != ":" }) } == ["A.swift"])
    }

    // MARK: install-hook

    func hookPath(_ repo: Repository) -> String { repo.root.appendingPathComponent(".git/hooks/pre-commit").path }

    @Test func theInstalledHookBlocksErrorsAndPassesCleanCommits() throws {
        let repo = try repository()
        defer { repo.remove() }
        let install = try repo.viewlint(["install-hook"])
        #expect(install.status == 0, "\(install.stderr)")
        #expect(install.stderr.hasPrefix("installed the viewlint pre-commit hook at .git/hooks/pre-commit"))
        #expect(FileManager.default.isExecutableFile(atPath: hookPath(repo)))

        try repo.write(".lint.yml", "rules:\n  unused_stored_input: error\n")
        try repo.write("A.swift", Self.view("A", unused: ["unused"]))
        try repo.gitOK("add", ".")
        let blocked = try repo.commit()
        #expect(blocked.status != 0)
        #expect(blocked.stderr.contains("A.swift:4:9: error: stored input 'unused' is never read"), "\(blocked.stdout)\(blocked.stderr)")
        #expect(try repo.gitOK("rev-list", "--all").isEmpty, "nothing was committed")

        try repo.write("A.swift", Self.view("A"))
        try repo.gitOK("add", "A.swift")
        let passed = try repo.commit()
        #expect(passed.status == 0, "\(passed.stdout)\(passed.stderr)")

        // `git commit PATH` commits the working copy through a temporary index; the hook must
        // lint that content, not the (clean) staged one.
        try repo.write("A.swift", Self.view("A", unused: ["again"]))
        let partial = try repo.commit(["A.swift"])
        #expect(partial.status != 0)
        #expect(partial.stderr.contains("stored input 'again' is never read"))
    }

    @Test func strictHookBlocksWarnings() throws {
        let repo = try repository()
        defer { repo.remove() }
        #expect(try repo.viewlint(["install-hook", "--strict"]).status == 0)
        try repo.write("A.swift", Self.view("A", unused: ["unused"]))
        try repo.gitOK("add", ".")
        let blocked = try repo.commit()
        #expect(blocked.status != 0)
        #expect(blocked.stderr.contains("A.swift:4:9: warning:"))
    }

    @Test func anExistingHookIsKeptUnlessForced() throws {
        let repo = try repository()
        defer { repo.remove() }
        let own = "#!/bin/sh\necho mine\n"
        try repo.write(".git/hooks/pre-commit", own)
        let refused = try repo.viewlint(["install-hook"])
        #expect(refused.status == 2)
        #expect(refused.stderr == "viewlint: error: a pre-commit hook already exists at .git/hooks/pre-commit; to run viewlint "
                + "as well, add the line 'viewlint lint --staged || exit 1' to it (before any 'exec' line), or rerun with "
                + "--force to replace it\n")
        #expect(try String(contentsOfFile: hookPath(repo), encoding: .utf8) == own)

        // The pre-commit framework's hook gets its own advice.
        try repo.write(".git/hooks/pre-commit", "#!/usr/bin/env bash\n# File generated by pre-commit: https://pre-commit.com\n")
        #expect(try repo.viewlint(["install-hook"]).stderr.contains("add the viewlint hook to .pre-commit-config.yaml"))

        let forced = try repo.viewlint(["install-hook", "--force"])
        #expect(forced.status == 0)
        let script = try String(contentsOfFile: hookPath(repo), encoding: .utf8)
        #expect(script.contains("# Installed by `viewlint install-hook`.") && script.contains("exec \"$VIEWLINT\" lint --staged\n"))
        // Its own hook is replaced without --force (here: made strict).
        #expect(try repo.viewlint(["install-hook", "--strict"]).status == 0)
        #expect(try String(contentsOfFile: hookPath(repo), encoding: .utf8).contains("lint --staged --strict\n"))
        #expect(FileManager.default.isExecutableFile(atPath: hookPath(repo)))
    }

    @Test func hooksPathAndSubdirectoriesAreRespected() throws {
        let repo = try repository()
        defer { repo.remove() }
        try repo.gitOK("config", "core.hooksPath", ".githooks")
        try repo.write("Sub/A.swift", Self.view("A"))
        let out = try repo.viewlint(["install-hook"], in: "Sub")
        #expect(out.status == 0, "\(out.stderr)")
        #expect(FileManager.default.isExecutableFile(atPath: repo.root.appendingPathComponent(".githooks/pre-commit").path))
        #expect(!FileManager.default.fileExists(atPath: hookPath(repo)))
        #expect(!out.stderr.contains("note: core.hooksPath points outside"))
        // A hooks folder shared by every repository gets a note.
        let shared = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: shared) }
        try repo.gitOK("config", "core.hooksPath", shared.path)
        let global = try repo.viewlint(["install-hook"])
        #expect(global.status == 0 && global.stderr.contains("note: core.hooksPath points outside this repository"))
        #expect(FileManager.default.isExecutableFile(atPath: shared.appendingPathComponent("pre-commit").path))
        // Outside a repository it says why.
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let none = try CLIRunner.run(["install-hook"], in: dir, environment: Self.gitEnvironment)
        #expect(none.status == 2 && none.stderr.hasPrefix("viewlint: error: install-hook needs a git repository:"))
    }

    @Test func theHookQuotesItsPathAndFallsBackToViewlintOnPath() throws {
        let repo = try repository()
        defer { repo.remove() }
        // A viewlint installed where the path needs quoting in a shell script.
        let odd = repo.root.deletingLastPathComponent().appendingPathComponent("viewlint-it's \"odd\" $HOME-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: odd, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: odd) }
        let copy = odd.appendingPathComponent("viewlint")
        try CLIRunner.copyExecutable(to: copy)
        #expect(try repo.viewlint(["install-hook"], executable: copy).status == 0)
        try repo.write(".lint.yml", "rules:\n  unused_stored_input: error\n")
        try repo.write("A.swift", Self.view("A", unused: ["unused"]))
        try repo.gitOK("add", ".")
        let blocked = try repo.commit()
        #expect(blocked.status != 0 && blocked.stderr.contains("stored input 'unused' is never read"), "\(blocked.stderr)")

        // That viewlint is gone: the hook runs the one on PATH (a stub here), or says what is wrong.
        try FileManager.default.removeItem(at: copy)
        let bin = odd.appendingPathComponent("bin")
        // Written beside, then copied into place by `cp`: see `copyExecutable`.
        let script = odd.appendingPathComponent("stub.sh")
        try CLIRunner.write("#!/bin/sh\necho \"stub $*\"\n", to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try CLIRunner.copyExecutable(script, to: bin.appendingPathComponent("viewlint"))
        let system = "/usr/local/bin:/usr/bin:/bin"
        let stub = try repo.commit(environment: ["PATH": bin.path + ":" + system])
        #expect(stub.status == 0 && stub.stderr == "stub lint --staged\n", "\(stub.stdout)\(stub.stderr)")
        try repo.write("B.swift", Self.view("B"))
        try repo.gitOK("add", ".")
        let missing = try repo.commit(environment: ["PATH": system])
        #expect(missing.status != 0 && missing.stderr.contains("viewlint is not installed or not on PATH"), "\(missing.stderr)")
    }
}
