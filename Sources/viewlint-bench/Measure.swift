import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Timing and process helpers for the benchmark.
enum Measure {
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }

    struct ProcessResult {
        var status: Int32
        var seconds: Double
        /// Peak resident memory of the child, in bytes.
        var peakBytes: Int
        /// The child's CPU time, user and system: the figure a loaded machine disturbs least.
        var cpuSeconds: Double = 0
    }

    /// GNU time, when installed, to read a child's peak memory: on Linux a program started by
    /// `posix_spawn` (a vfork from this process) inherits this process's high-water mark when
    /// it executes, so `wait4` reported the benchmark's own peak (the in-process runs' 900 MB)
    /// for every child. `time` is small, and reports the peak of the program it forks.
    static let peakReporter: String? = {
        let candidate = "/usr/bin/time"
        guard FileManager.default.isExecutableFile(atPath: candidate) else { return nil }
        let probe = NSTemporaryDirectory() + "viewlint-bench-time-probe"
        let result = spawn(candidate, ["-f", "%M", "-o", probe, "true"], stdinPath: nil)
        defer { try? FileManager.default.removeItem(atPath: probe) }
        guard result.status == 0, let text = try? String(contentsOfFile: probe, encoding: .utf8),
              Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) != nil else { return nil }
        return candidate
    }()

    /// Runs a program with stdout and stderr sent to /dev/null (or `stdinPath` as input) and
    /// returns its wall time, CPU time and peak memory (through `peakReporter` where there is
    /// one, else from `wait4`'s resource usage, which may be this process's peak).
    static func run(_ executable: String, _ arguments: [String], stdinPath: String? = nil) -> ProcessResult {
        guard let time = peakReporter else { return spawn(executable, arguments, stdinPath: stdinPath) }
        let report = NSTemporaryDirectory() + "viewlint-bench-peak-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: report) }
        var result = spawn(time, ["-f", "%M", "-o", report, executable] + arguments, stdinPath: stdinPath)
        // GNU time exits with the program's status.
        if let text = try? String(contentsOfFile: report, encoding: .utf8),
           let kilobytes = Int(text.split(separator: "\n").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "") {
            result.peakBytes = kilobytes * 1024
        }
        return result
    }

    static func spawn(_ executable: String, _ arguments: [String], stdinPath: String?) -> ProcessResult {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdinPath ?? "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid: pid_t = 0
        let start = now()
        let rc = posix_spawnp(&pid, executable, &actions, nil, argv, environ)
        guard rc == 0 else { return ProcessResult(status: -1, seconds: 0, peakBytes: 0) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let seconds = now() - start
        #if os(Linux)
        let peak = Int(usage.ru_maxrss) * 1024
        #else
        let peak = Int(usage.ru_maxrss)
        #endif
        let exitStatus: Int32 = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : -1
        let cpu = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        return ProcessResult(status: exitStatus, seconds: seconds, peakBytes: peak, cpuSeconds: cpu)
    }

    /// This process's resource usage so far.
    static func selfUsage() -> rusage {
        var usage = rusage()
        #if os(Linux)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        return usage
    }

    /// Peak memory of this process so far, in bytes.
    static func selfPeakBytes() -> Int {
        let usage = selfUsage()
        #if os(Linux)
        return Int(usage.ru_maxrss) * 1024
        #else
        return Int(usage.ru_maxrss)
        #endif
    }

    /// CPU time of this process so far, user and system, in seconds.
    static func selfCPUSeconds() -> Double {
        let usage = selfUsage()
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    }

    static func which(_ program: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = "\(dir)/\(program)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
