import Foundation

/// Runs the built `viewlint` executable, as a user would.
struct CLIRunner {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The executable SwiftPM built next to the test bundle.
    static let executable: URL = {
        let bundle = Bundle.main.bundleURL
        var candidates = [bundle.deletingLastPathComponent().appendingPathComponent("viewlint"),
                          bundle.appendingPathComponent("viewlint")]
        for configuration in ["debug", "release"] {
            candidates.append(LintHarness.packageRoot.appendingPathComponent(".build/\(configuration)/viewlint"))
        }
        for url in candidates where FileManager.default.isExecutableFile(atPath: url.path) { return url }
        return candidates[candidates.count - 2]
    }()

    static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
                    stdin: String? = nil, executable: URL = CLIRunner.executable) throws -> Output {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? LintHarness.packageRoot
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        if let stdin {
            let input = Pipe()
            process.standardInput = input
            try process.run()
            input.fileHandleForWriting.write(Data(stdin.utf8))
            try input.fileHandleForWriting.close()
        } else {
            process.standardInput = FileHandle.nullDevice
            try process.run()
        }
        // Read both pipes before waiting, so a large output cannot fill a pipe and deadlock.
        final class Box: @unchecked Sendable { var data = Data() }
        let stderrBox = Box()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            stderrBox.data = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let stdoutData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        let stderrData = stderrBox.data
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: String(decoding: stdoutData, as: UTF8.self),
                      stderr: String(decoding: stderrData, as: UTF8.self))
    }

    /// Copies the built executable to `destination` with `cp` in a child process, never through a
    /// file descriptor of this process: tests run in parallel threads, and a process another test
    /// spawns while this one holds the copy open for writing inherits that descriptor, so running
    /// the copy then fails with "Text file busy" (ETXTBSY). It did, once, in CI.
    static func copyExecutable(_ source: URL = CLIRunner.executable, to destination: URL) throws {
        let copy = Process()
        copy.executableURL = URL(fileURLWithPath: "/bin/cp")
        copy.arguments = ["-p", source.path, destination.path]
        copy.standardInput = FileHandle.nullDevice
        try copy.run()
        copy.waitUntilExit()
        guard copy.terminationStatus == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination.path])
        }
    }

    /// A fresh temporary directory, removed by the caller with `cleanUp`.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("viewlint-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
}
