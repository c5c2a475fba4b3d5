#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs another program (git, for `--staged` and `install-hook`) and collects its output.
/// Part of the platform shim: like FileSystem, it is the only place that spawns processes.
enum Subprocess {
    struct Result {
        var status: Int32
        var stdout: [UInt8]
        var stderr: [UInt8]
        var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
        var stderrText: String { String(decoding: stderr, as: UTF8.self) }
    }

    /// Runs `executable` (looked up in PATH) with `arguments`, feeding `input` to its standard
    /// input. The input is written without blocking while both outputs are drained, so neither
    /// side can wait on a full pipe: `git cat-file --batch` answers while it is still being
    /// asked. Returns nil when the program cannot be started.
    static func run(_ executable: String, _ arguments: [String], input: [UInt8] = []) -> Result? {
        // A child writing to standard input we already closed must not kill us.
        FileSystem.ignoreBrokenPipes()
        // Were 0, 1 or 2 closed, a pipe could land there and be closed again in the child by
        // the file actions below; fill them with /dev/null first.
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 {
            _ = open("/dev/null", O_RDWR)
        }
        var inPipe: [Int32] = [0, 0]
        var outPipe: [Int32] = [0, 0]
        var errPipe: [Int32] = [0, 0]
        guard pipe(&inPipe) == 0 else { return nil }
        guard pipe(&outPipe) == 0 else {
            for fd in inPipe { close(fd) }
            return nil
        }
        guard pipe(&errPipe) == 0 else {
            for fd in inPipe + outPipe { close(fd) }
            return nil
        }
        // Our ends must not leak into other children (another thread may spawn too).
        for fd in [inPipe[1], outPipe[0], errPipe[0]] { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(inPipe[1], F_SETFL, fcntl(inPipe[1], F_GETFL) | O_NONBLOCK)

        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        for fd in inPipe + outPipe + errPipe { posix_spawn_file_actions_addclose(&actions, fd) }

        var argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) }
        argv.append(nil)
        defer { for p in argv { free(p) } }

        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, executable, &actions, nil, argv, environmentPointer())
        close(inPipe[0])
        close(outPipe[1])
        close(errPipe[1])
        if spawned != 0 {
            close(inPipe[1]); close(outPipe[0]); close(errPipe[0])
            return nil
        }

        var stdout: [UInt8] = []
        var stderr: [UInt8] = []
        var written = 0
        var inputOpen = true
        if input.isEmpty {
            close(inPipe[1])
            inputOpen = false
        }
        var outOpen = true
        var errOpen = true
        var buffer = [UInt8](repeating: 0, count: 65536)
        while outOpen || errOpen || inputOpen {
            var fds: [pollfd] = []
            if outOpen { fds.append(pollfd(fd: outPipe[0], events: Int16(POLLIN), revents: 0)) }
            if errOpen { fds.append(pollfd(fd: errPipe[0], events: Int16(POLLIN), revents: 0)) }
            if inputOpen { fds.append(pollfd(fd: inPipe[1], events: Int16(POLLOUT), revents: 0)) }
            let ready = poll(&fds, nfds_t(fds.count), -1)
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            for pfd in fds where pfd.revents != 0 {
                if pfd.fd == inPipe[1] {
                    let n = input.withUnsafeBytes { write(inPipe[1], $0.baseAddress! + written, input.count - written) }
                    if n > 0 { written += n }
                    let failed = n < 0 && errno != EINTR && errno != EAGAIN
                    if failed || written >= input.count {
                        close(inPipe[1])
                        inputOpen = false
                    }
                    continue
                }
                let n = buffer.withUnsafeMutableBytes { read(pfd.fd, $0.baseAddress!, $0.count) }
                if n > 0 {
                    if pfd.fd == outPipe[0] {
                        stdout.append(contentsOf: buffer[0..<n])
                    } else {
                        stderr.append(contentsOf: buffer[0..<n])
                    }
                } else if n == 0 || (errno != EINTR && errno != EAGAIN) {
                    if pfd.fd == outPipe[0] { outOpen = false } else { errOpen = false }
                }
            }
        }
        close(outPipe[0])
        close(errPipe[0])
        if inputOpen { close(inPipe[1]) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WIFEXITED / WEXITSTATUS, and 128 + the signal otherwise (as shells report it).
        let exit: Int32 = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Result(status: exit, stdout: stdout, stderr: stderr)
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
