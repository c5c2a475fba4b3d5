#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ViewLintSyntax

/// The platform shim: the only place that calls the C library for files. The command line and
/// the server go through these functions, so porting means changing this file.
public enum FileSystem {
    public struct IOError: Error, CustomStringConvertible, Sendable {
        public var path: String
        public var reason: String
        public var description: String { "\(path): \(reason)" }

        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    public enum Kind: Sendable { case file, directory, other, missing }

    public struct Status: Sendable {
        public var kind: Kind
        public var device: UInt64
        public var inode: UInt64
        public var size: Int
    }

    /// The reason a missing path gives.
    public static let noSuchFile = errorText(ENOENT)

    public static func errorText(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file or directory"
        case EACCES, EPERM: return "permission denied"
        case ELOOP: return "too many levels of symbolic links"
        case EISDIR: return "is a directory"
        case ENOTDIR: return "not a directory"
        default:
            if let text = strerror(code) { return String(cString: text).lowercased() }
            return "error \(code)"
        }
    }

    /// The error the last failed call left in `errno`, for `path`.
    public static func lastError(_ path: String) -> IOError { IOError(path: path, reason: errorText(errno)) }

    /// `stat` (following symbolic links) or `lstat`.
    /// The path is passed through `withCString`, which lends a native string's own bytes (they
    /// end in a zero): a `String` handed to a C function as a pointer was copied into a new
    /// array for each call, about 10 M instructions for the 19,000 calls of the 14 apps' run.
    public static func status(_ path: String, follow: Bool = true) -> Result<Status, IOError> {
        var st = stat()
        let rc = path.withCString { follow ? stat($0, &st) : lstat($0, &st) }
        if rc != 0 {
            let code = errno
            if code == ENOENT || code == ENOTDIR {
                return .success(Status(kind: .missing, device: 0, inode: 0, size: 0))
            }
            return .failure(IOError(path: path, reason: errorText(code)))
        }
        let mode = st.st_mode & S_IFMT
        let kind: Kind = mode == S_IFREG ? .file : mode == S_IFDIR ? .directory : .other
        return .success(Status(kind: kind, device: UInt64(st.st_dev), inode: UInt64(st.st_ino), size: Int(st.st_size)))
    }

    public static func isSymlink(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFLNK
    }

    /// The largest file read: 2 GiB less a byte, the largest offset `SourceRange` holds.
    public static let maximumFileSize = Int(Int32.max)
    public static let tooLargeReason = "larger than 2 GiB, the most viewlint reads"

    /// Reads a whole file: one `open`, one `fstat`, and (for any file that does not grow while
    /// being read) one `read`. A file larger than `maximumSize` bytes is refused (the server
    /// reads no context file past a few megabytes).
    public static func readFile(_ path: String, maximumSize: Int = maximumFileSize) -> Result<[UInt8], IOError> {
        let limit = min(maximumSize, maximumFileSize)
        let tooLarge = limit == maximumFileSize ? tooLargeReason : "larger than \(limit) bytes"
        // Through `withCString`, as `status` (no copy of the path).
        let fd = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        if fd < 0 { return .failure(IOError(path: path, reason: errorText(errno))) }
        defer { close(fd) }
        var st = stat()
        if fstat(fd, &st) != 0 { return .failure(IOError(path: path, reason: errorText(errno))) }
        if (st.st_mode & S_IFMT) == S_IFDIR { return .failure(IOError(path: path, reason: "is a directory")) }
        // The model keeps offsets in 32-bit signed fields; a larger file is no Swift source anyone
        // writes, and is refused before its bytes are read.
        if Int(st.st_size) > limit { return .failure(IOError(path: path, reason: tooLarge)) }
        var capacity = max(Int(st.st_size), 0) + 1
        // Read into uninitialized room: filling it with zeros first wrote every byte of a package
        // twice. The room is one byte more than the file, so a read that fills it means the file
        // grew; the loop below then reads the rest into zeroed room as it grows.
        var failure: Int32 = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: capacity) { room, initialized in
            while initialized < capacity {
                let n = read(fd, room.baseAddress! + initialized, capacity - initialized)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    break
                }
                if n == 0 { break }
                initialized += n
            }
        }
        if failure != 0 { return .failure(IOError(path: path, reason: errorText(failure))) }
        var count = bytes.count
        if count < capacity { return .success(bytes) }
        while true {
            if count == capacity {
                capacity *= 2
                bytes.append(contentsOf: [UInt8](repeating: 0, count: capacity - bytes.count))
            }
            let n = bytes.withUnsafeMutableBytes { buffer in
                read(fd, buffer.baseAddress! + count, capacity - count)
            }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(IOError(path: path, reason: errorText(errno)))
            }
            if n == 0 { break }
            count += n
            // A file that grows while it is read is held to the same bound.
            if count > limit { return .failure(IOError(path: path, reason: tooLarge)) }
        }
        bytes.removeSubrange(count...)
        return .success(bytes)
    }

    public struct DirectoryEntry: Sendable {
        public var name: String
        /// The entry says it is a regular file (d_type): no `stat` needed to skip a non-Swift file.
        /// False when unknown (symbolic links, file systems without d_type).
        public var isRegularFile: Bool
        /// The name's first eight UTF-8 bytes as one big-endian number (zeros past its end): names
        /// whose keys differ sort as their keys do, since no name holds a zero byte.
        public var sortKey: UInt64 = 0

        public init(name: String, isRegularFile: Bool) {
            self.name = name
            self.isRegularFile = isRegularFile
            var name = name
            sortKey = name.withUTF8 { bytes in
                var key: UInt64 = 0
                for k in 0..<8 { key = key << 8 | UInt64(k < bytes.count ? bytes[k] : 0) }
                return key
            }
        }

        /// `bytesPrecede` of the names, which are compared only when their first eight bytes tie:
        /// sorting a folder of thousands of files (a package walked for context) compared both
        /// names' bytes through `withUTF8` for every pair.
        public static func precedes(_ a: DirectoryEntry, _ b: DirectoryEntry) -> Bool {
            if a.sortKey != b.sortKey { return a.sortKey < b.sortKey }
            return bytesPrecede(a.name, b.name)
        }
    }

    /// Entries of a directory (without `.` and `..`), sorted for a deterministic walk.
    public static func listDirectory(_ path: String) -> Result<[DirectoryEntry], IOError> {
        var entries: [DirectoryEntry] = []
        let listed = forEachEntry(in: path) { name, isRegularFile in
            entries.append(DirectoryEntry(name: String(decoding: name, as: UTF8.self), isRegularFile: isRegularFile))
        }
        guard listed else { return .failure(IOError(path: path, reason: errorText(errno))) }
        entries.sort(by: DirectoryEntry.precedes)
        return .success(entries)
    }

    /// The names in a directory that end with `suffix`, sorted as `listDirectory` sorts them;
    /// nil when it cannot be listed. Other names are compared where `readdir` put them and never
    /// made into strings: the deployment target is looked up in every ancestor of a run's
    /// folders, and one of them can be `/tmp`, with thousands of entries, none a project.
    public static func listNames(in path: String, endingWith suffix: String) -> [String]? {
        let wanted = Array(suffix.utf8)
        var names: [String] = []
        let listed = forEachEntry(in: path) { name, _ in
            guard name.count >= wanted.count,
                  memcmp(name.baseAddress! + (name.count - wanted.count), wanted, wanted.count) == 0 else { return }
            names.append(String(decoding: name, as: UTF8.self))
        }
        guard listed else { return nil }
        names.sort(by: bytesPrecede)
        return names
    }

    /// Calls `body` with each entry's name (without `.` and `..`), read in place in the entry
    /// `readdir` returned and valid only during the call, and whether the entry says it is a
    /// regular file (d_type; false when unknown). False when the directory cannot be opened,
    /// with `errno` saying why.
    public static func forEachEntry(in path: String,
                                     _ body: (_ name: UnsafeBufferPointer<UInt8>, _ isRegularFile: Bool) -> Void) -> Bool {
        // Through `withCString`, as `status` (no copy of the path).
        guard let dir = path.withCString({ opendir($0) }) else { return false }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            // The field's own address (a stored field through a pointer), not a copy of it.
            withUnsafeMutablePointer(to: &entry.pointee.d_name) { field in
                let name = UnsafeMutableRawPointer(field).assumingMemoryBound(to: UInt8.self)
                let dot = UInt8(ascii: ".")
                if name[0] == dot && (name[1] == 0 || (name[1] == dot && name[2] == 0)) { return }
                let length = strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self))
                body(UnsafeBufferPointer(start: name, count: length), Int32(entry.pointee.d_type) == Int32(DT_REG))
            }
        }
        return true
    }

    /// Whether `a`'s UTF-8 bytes sort before `b`'s: one `memcmp`. Comparing the two views
    /// element by element, generically, made sorting the 8,000 entries of `/tmp` (an ancestor
    /// whose project files the deployment target is looked up in) 50 ms of every run there.
    public static func bytesPrecede(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { x in b.withUTF8 { y in x.bytesPrecede(y) } }
    }

    public static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "." }
        let length = buffer.firstIndex(of: 0) ?? buffer.count
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `mkdir -p`.
    public static func makeDirectories(_ path: String) -> Result<Void, IOError> {
        var current = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            current += "/" + component
            if mkdir(current, 0o755) != 0 && errno != EEXIST {
                return .failure(IOError(path: current, reason: errorText(errno)))
            }
        }
        return .success(())
    }

    /// Removes a file if it is there; a missing file is not an error.
    public static func removeFile(_ path: String) {
        _ = unlink(path)
    }

    public static func makeExecutable(_ path: String) {
        var st = stat()
        if stat(path, &st) == 0 { chmod(path, (st.st_mode & 0o7777) | 0o111) }
    }

    /// The absolute path of the running executable, when the platform can tell.
    public static func executablePath() -> String? {
        #if canImport(Darwin)
        // argv[0] may be a bare name found through PATH; ask the loader instead.
        var size: UInt32 = 0
        _ = _NSGetExecutablePath(nil, &size)
        var buffer = [CChar](repeating: 0, count: Int(size) + 1)
        guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
        let length = buffer.firstIndex(of: 0) ?? buffer.count
        return realPath(String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self))
        #else
        return realPath("/proc/self/exe")
        #endif
    }

    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    public static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// Writing to a closed pipe (`viewlint | head`, a git process that exited) must fail with
    /// an error, not kill the process with SIGPIPE.
    public static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }

    public static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }

    /// Writes `bytes` to `path` atomically: to a temporary file in the same directory, flushed,
    /// then renamed over the target, so an interrupted run never leaves a truncated file.
    ///
    /// A target that is not a regular file (`/dev/null`, `/dev/stdout`, a FIFO) is written in
    /// place: renaming over it would replace the device with a file. A symbolic link is
    /// followed, so the file it points at is replaced and the link stays.
    public static func writeAtomically(_ path: String, _ bytes: [UInt8], mode newFileMode: mode_t = 0o644) -> Result<Void, IOError> {
        writeAtomically(path, mode: newFileMode) { write in write(bytes) }
    }

    /// `writeAtomically` of what `produce` hands its writer, chunk by chunk (a report streamed
    /// by its formatter), so the whole content is never held in memory.
    public static func writeAtomically(_ path: String, mode newFileMode: mode_t = 0o644,
                                _ produce: (_ write: ([UInt8]) -> Void) -> Void) -> Result<Void, IOError> {
        var link = stat()
        if lstat(path, &link) == 0 && (link.st_mode & S_IFMT) == S_IFLNK, let resolved = realpath(path, nil) {
            defer { free(resolved) }
            let target = String(cString: resolved)
            if target != path { return writeAtomically(target, mode: newFileMode, produce) }
        }
        var existing = stat()
        if stat(path, &existing) == 0 && (existing.st_mode & S_IFMT) != S_IFREG {
            return writeInPlace(path, produce)
        }
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        let base = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array("\(directory.isEmpty ? "/" : directory)/.\(base).viewlint-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        if fd < 0 { return .failure(IOError(path: path, reason: errorText(errno))) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var failure = writeAll(fd, produce)
        if failure == 0 && fsync(fd) != 0 { failure = errno }
        // Keep the permissions of a file being replaced; new files get `newFileMode`.
        var st = stat()
        let mode: mode_t = stat(path, &st) == 0 ? (st.st_mode & 0o7777) : newFileMode
        fchmod(fd, mode)
        close(fd)
        if failure != 0 {
            unlink(temporary)
            return .failure(IOError(path: path, reason: errorText(failure)))
        }
        if rename(temporary, path) != 0 {
            let code = errno
            unlink(temporary)
            return .failure(IOError(path: path, reason: errorText(code)))
        }
        return .success(())
    }

    /// Writes to an existing file that is not a regular one (a device or a FIFO), as `>` does.
    public static func writeInPlace(_ path: String, _ produce: (_ write: ([UInt8]) -> Void) -> Void) -> Result<Void, IOError> {
        let fd = open(path, O_WRONLY | O_TRUNC)
        if fd < 0 { return .failure(IOError(path: path, reason: errorText(errno))) }
        defer { close(fd) }
        let failure = writeAll(fd, produce)
        return failure == 0 ? .success(()) : .failure(IOError(path: path, reason: errorText(failure)))
    }

    /// Creates `path` with `bytes`, atomically and never over an existing file: the content is
    /// written and flushed under a temporary name, then hard-linked into place, which fails if
    /// `path` exists (even one created a moment ago by someone else), so the file appears
    /// whole or not at all.
    public static func createAtomically(_ path: String, _ bytes: [UInt8]) -> Result<Void, IOError> {
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        let base = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        let temporary = "\(directory.isEmpty ? "" : directory)/.\(base).viewlint-new-\(getpid())"
        if case .failure(let error) = writeAtomically(temporary, bytes) {
            return .failure(IOError(path: path, reason: error.reason))
        }
        defer { unlink(temporary) }
        if link(temporary, path) != 0 { return .failure(IOError(path: path, reason: errorText(errno))) }
        return .success(())
    }

    /// Reads `fd` (a pipe, standard input) until its end or an error, handing `body` each chunk
    /// as it arrives; the chunk is valid only during the call.
    public static func readUntilEnd(_ fd: Int32, _ body: (ArraySlice<UInt8>) -> Void) {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            body(buffer[0..<n])
        }
    }

    public static func writeStandardError(_ text: String) { _ = writeAll(2, Array(text.utf8)) }

    public static func writeStandardOutput(_ text: String) { _ = writeAll(1, Array(text.utf8)) }

    /// Writes every chunk `produce` hands its writer to `fd`; after a failed write the rest
    /// is dropped. 0, or the errno of the write that failed.
    public static func writeAll(_ fd: Int32, _ produce: (_ write: ([UInt8]) -> Void) -> Void) -> Int32 {
        var failure: Int32 = 0
        produce { chunk in
            if failure == 0 { failure = writeAll(fd, chunk) }
        }
        return failure
    }

    /// Writes all of `bytes` to `fd`, retrying short and interrupted writes; 0, or the errno of
    /// the write that failed.
    public static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32 {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += n
            }
            return 0
        }
    }
}
