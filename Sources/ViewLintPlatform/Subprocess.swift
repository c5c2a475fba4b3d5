#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Starting other programs (git for the command line, the language server's worker for its
/// supervisor) and collecting their output: the only place that spawns processes.
public enum Subprocess {
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: [UInt8]
        public var stderr: [UInt8]
        public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
        public var stderrText: String { String(decoding: stderr, as: UTF8.self) }
    }

    /// A started program and our ends of the pipes to its standard streams.
    public struct Child: Sendable {
        public var pid: pid_t
        /// Writes to its standard input.
        public var input: Int32
        /// Reads its standard output.
        public var output: Int32
        /// Reads its standard error; -1 when it writes to ours.
        public var error: Int32
    }

    /// How a program ended, as `waitpid` reports it.
    public struct ExitStatus: Sendable {
        public var raw: Int32

        public init(raw: Int32) { self.raw = raw }

        /// Killed by a signal rather than exited.
        public var wasSignalled: Bool { raw & 0x7F != 0 }
        /// The signal's number, or the exit code.
        public var terminationStatus: Int32 { wasSignalled ? raw & 0x7F : (raw >> 8) & 0xFF }
        /// The exit code, and 128 + the signal otherwise (as shells report it).
        public var shellStatus: Int32 { wasSignalled ? 128 + terminationStatus : terminationStatus }
    }

    /// Starts `executable` with `arguments`, its standard input and output (and its standard
    /// error when `pipeError`) on new pipes; our ends are returned. `searchPath` looks the
    /// executable up in PATH; `defaultSignals` starts it with every signal at its default and
    /// none blocked, as the shell would, whatever this process ignores or blocks. Nil when it
    /// cannot be started.
    public static func spawn(_ executable: String, _ arguments: [String], searchPath: Bool, pipeError: Bool,
                             defaultSignals: Bool) -> Child? {
        // Were 0, 1 or 2 closed, a pipe could land there and be closed again in the child by
        // the file actions below; fill them with /dev/null first.
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 {
            _ = open("/dev/null", O_RDWR)
        }
        // A pipe per stream, [read end, write end]: the child reads its input, writes the others.
        var pipes: [[Int32]] = []
        for _ in 0..<(pipeError ? 3 : 2) {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else {
                for fd in pipes.joined() { close(fd) }
                return nil
            }
            pipes.append(ends)
        }
        let childEnds = pipes.indices.map { pipes[$0][$0 == 0 ? 0 : 1] }
        let ourEnds = pipes.indices.map { pipes[$0][$0 == 0 ? 1 : 0] }
        // Our ends must not leak into other children (another thread may spawn too; a later
        // worker would keep this one's input open after it is closed here).
        for fd in ourEnds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }

        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        var attributes: posix_spawnattr_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (stream, fd) in childEnds.enumerated() { posix_spawn_file_actions_adddup2(&actions, fd, Int32(stream)) }
        for fd in pipes.joined() { posix_spawn_file_actions_addclose(&actions, fd) }
        // Without flags the attributes change nothing.
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if defaultSignals {
            var everySignal = sigset_t()
            var noSignal = sigset_t()
            sigfillset(&everySignal)
            sigemptyset(&noSignal)
            posix_spawnattr_setsigdefault(&attributes, &everySignal)
            posix_spawnattr_setsigmask(&attributes, &noSignal)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        }

        var argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) }
        argv.append(nil)
        defer { for p in argv { free(p) } }

        var pid: pid_t = 0
        let spawned = searchPath
            ? posix_spawnp(&pid, executable, &actions, &attributes, argv, environmentPointer())
            : posix_spawn(&pid, executable, &actions, &attributes, argv, environmentPointer())
        for fd in childEnds { close(fd) }
        guard spawned == 0 else {
            for fd in ourEnds { close(fd) }
            return nil
        }
        return Child(pid: pid, input: ourEnds[0], output: ourEnds[1], error: pipeError ? ourEnds[2] : -1)
    }

    /// Waits for `pid` to end (through interruptions).
    public static func waitForExit(_ pid: pid_t) -> ExitStatus {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return ExitStatus(raw: status)
    }

    /// Runs `executable` (looked up in PATH) with `arguments`, feeding `input` to its standard
    /// input. The input is written without blocking while both outputs are drained, so neither
    /// side can wait on a full pipe: `git cat-file --batch` answers while it is still being
    /// asked. Returns nil when the program cannot be started.
    public static func run(_ executable: String, _ arguments: [String], input: [UInt8] = []) -> Result? {
        // A child writing to standard input we already closed must not kill us.
        FileSystem.ignoreBrokenPipes()
        guard let child = spawn(executable, arguments, searchPath: true, pipeError: true, defaultSignals: false) else {
            return nil
        }
        _ = fcntl(child.input, F_SETFL, fcntl(child.input, F_GETFL) | O_NONBLOCK)

        var stdout: [UInt8] = []
        var stderr: [UInt8] = []
        var written = 0
        var inputOpen = true
        if input.isEmpty {
            close(child.input)
            inputOpen = false
        }
        var outOpen = true
        var errOpen = true
        var buffer = [UInt8](repeating: 0, count: 65536)
        while outOpen || errOpen || inputOpen {
            var fds: [pollfd] = []
            if outOpen { fds.append(pollfd(fd: child.output, events: Int16(POLLIN), revents: 0)) }
            if errOpen { fds.append(pollfd(fd: child.error, events: Int16(POLLIN), revents: 0)) }
            if inputOpen { fds.append(pollfd(fd: child.input, events: Int16(POLLOUT), revents: 0)) }
            let ready = poll(&fds, nfds_t(fds.count), -1)
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            for pfd in fds where pfd.revents != 0 {
                if pfd.fd == child.input {
                    let n = input.withUnsafeBytes { write(child.input, $0.baseAddress! + written, input.count - written) }
                    if n > 0 { written += n }
                    let failed = n < 0 && errno != EINTR && errno != EAGAIN
                    if failed || written >= input.count {
                        close(child.input)
                        inputOpen = false
                    }
                    continue
                }
                let n = buffer.withUnsafeMutableBytes { read(pfd.fd, $0.baseAddress!, $0.count) }
                if n > 0 {
                    if pfd.fd == child.output {
                        stdout.append(contentsOf: buffer[0..<n])
                    } else {
                        stderr.append(contentsOf: buffer[0..<n])
                    }
                } else if n == 0 || (errno != EINTR && errno != EAGAIN) {
                    if pfd.fd == child.output { outOpen = false } else { errOpen = false }
                }
            }
        }
        close(child.output)
        close(child.error)
        if inputOpen { close(child.input) }
        return Result(status: waitForExit(child.pid).shellStatus, stdout: stdout, stderr: stderr)
    }

    /// The environment to pass on: the hook's `GIT_DIR` and `GIT_INDEX_FILE` must reach git.
    private static func environmentPointer() -> UnsafePointer<UnsafeMutablePointer<CChar>?>? {
        #if canImport(Darwin)
        return UnsafePointer(_NSGetEnviron().pointee)
        #else
        return UnsafePointer(environ)
        #endif
    }
}
