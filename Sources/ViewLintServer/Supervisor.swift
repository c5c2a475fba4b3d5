import Dispatch
import ViewLintEngine
import ViewLintPlatform
import ViewLintProtocol

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The messages a worker and its supervisor exchange besides the client's: `$/` notifications,
/// which a client would be free to ignore, and which the supervisor never passes on.
public enum WorkerProtocol {
    /// Worker to supervisor, before a lint starts: `{uri, version}`.
    public static let linting = "$/viewlint/linting"
    /// Worker to supervisor, once the lint's findings are published: `{uri}`.
    public static let linted = "$/viewlint/linted"
    /// Supervisor to a new worker: `{uri, version, reason}`, a version that crashed the last one.
    public static let skip = "$/viewlint/skip"
    /// Fault injection for tests: a lint of a file containing this variable's value traps.
    public static let crashMarkerVariable = "VIEWLINT_TEST_CRASH_MARKER"
}

/// `viewlint server` as editors start it: the language server runs in a child process
/// (`viewlint server --worker`), and this process relays messages between it and the client.
///
/// Why a second process: a rule that traps (an index out of range on code nobody foresaw) would
/// take every open file's diagnostics down with the server, and the editor would show nothing
/// until it is restarted by hand. Here a crash costs one file: the supervisor knows which file
/// the worker was linting (the worker says so before each lint), starts a new worker, replays
/// the session (initialize, workspace folders, the open documents with their current text) and
/// tells the new worker not to lint that version of that file, which then shows one diagnostic
/// saying so. Requests the dead worker had not answered get an error, so the editor asks again.
///
/// Everything runs on one serial queue: bytes from the client and from the worker arrive on two
/// reader threads and are handled there in order, so the session state needs no lock.
public final class ServerSupervisor: @unchecked Sendable {
    /// Starts a worker: returns its standard input (to write to) and output (to read from).
    public typealias Spawn = () -> Worker?

    public final class Worker: @unchecked Sendable {
        let pid: pid_t
        /// Our ends of the worker's standard input and output, closed when the worker is released.
        private(set) var input: Int32
        let output: Int32
        /// Set by `waitUntilExit` (on the worker's reader thread, which then hands the worker to
        /// the supervisor's queue).
        private(set) var status = Subprocess.ExitStatus(raw: 0)

        init(pid: pid_t, input: Int32, output: Int32) {
            self.pid = pid
            self.input = input
            self.output = output
        }

        deinit {
            closeInput()
            close(output)
        }

        func closeInput() {
            guard input >= 0 else { return }
            close(input)
            input = -1
        }

        func waitUntilExit() { status = Subprocess.waitForExit(pid) }

        /// Killed by a signal rather than exited.
        var wasSignalled: Bool { status.wasSignalled }
        /// The signal's number, or the exit code.
        var terminationStatus: Int32 { status.terminationStatus }
    }

    struct OpenDocument {
        var languageID: String
        var version: Int
        var text: [UInt8]
    }

    private let queue = DispatchQueue(label: "viewlint.supervisor")
    private let spawn: Spawn
    private let writeToClient: @Sendable ([UInt8]) -> Void
    private let onExit: @Sendable (Int32) -> Void

    // Touched only on `queue`.
    private var worker: Worker?
    private var generation = 0
    private var clientFrames = FrameReader()
    private var workerFrames = FrameReader()
    private var initializeRequest: JSON?
    private var initializedSent = false
    private var folderChanges: [JSON] = []
    private var documents: [String: OpenDocument] = [:]
    /// Client requests the worker has not answered yet, by id.
    private var pending: [JSON: String] = [:]
    /// The lint under way in the worker, as it announced it.
    private var linting: (uri: String, version: Int)?
    /// Versions that crashed a worker, replayed to each new one until the document changes.
    private var crashed: [String: (version: Int, reason: String)] = [:]
    /// When the recent restarts outside any lint happened (`Linter.now()`, a monotonic clock).
    private var restarts: [UInt64] = []
    private var shutdownRequested = false
    private var exitRequested = false
    private var finished = false
    /// Ids of requests the supervisor itself sent to a new worker (its replayed `initialize`).
    private var ownRequestIDs: Set<JSON> = []

    /// At most this many restarts after crashes outside any lint in `restartWindow` seconds;
    /// past that the fault is not one file's, and the supervisor gives up.
    static let restartLimit = 5
    static let restartWindow: Double = 60

    public init(spawn: @escaping Spawn, writeToClient: @escaping @Sendable ([UInt8]) -> Void,
                onExit: @escaping @Sendable (Int32) -> Void) {
        self.spawn = spawn
        self.writeToClient = writeToClient
        self.onExit = onExit
    }

    /// Serves standard input and output, running `viewlint server --worker` from `executable`;
    /// returns the exit code.
    public static func serveStandardIO(executable: String) -> Int32 {
        // A write to a worker that just died must fail with EPIPE, not kill the supervisor.
        FileSystem.ignoreBrokenPipes()
        let exitCode = ExitBox()
        let done = DispatchSemaphore(value: 0)
        let supervisor = ServerSupervisor(spawn: { ServerSupervisor.launch(executable) },
                                          writeToClient: { StandardIO.write($0) },
                                          onExit: { code in
                                              exitCode.set(code)
                                              done.signal()
                                          })
        supervisor.start()
        ReaderThread.start {
            FileSystem.readUntilEnd(0) { supervisor.fromClient(Array($0)) }
            supervisor.clientClosed()
        }
        done.wait()
        return exitCode.get()
    }

    /// Runs `executable server --worker` with pipes for its standard input and output; its
    /// standard error is the supervisor's (the editor's log). The supervisor ignores SIGPIPE;
    /// the worker starts with every signal at its default, as a process started by the shell would.
    public static func launch(_ executable: String) -> Worker? {
        guard let child = Subprocess.spawn(executable, ["server", "--worker"], searchPath: false, pipeError: false,
                                           defaultSignals: true) else { return nil }
        return Worker(pid: child.pid, input: child.input, output: child.output)
    }

    public func start() {
        queue.async { [self] in
            if !startWorker() { giveUp("viewlint: could not start the language server's worker process") }
        }
    }

    /// Bytes from the client, in any chunks.
    public func fromClient(_ bytes: [UInt8]) {
        queue.async { [self] in
            clientFrames.append(bytes)
            while let frame = clientFrames.next() { handleClientFrame(frame) }
        }
    }

    /// The client closed its side: as `exit` without `shutdown`, unless it sent them.
    public func clientClosed() {
        queue.async { [self] in
            exitRequested = true
            worker?.closeInput()
            if worker == nil { finish(shutdownRequested ? 0 : 1) }
        }
    }

    // MARK: Client to worker

    private func handleClientFrame(_ frame: FrameReader.Frame) {
        guard case .message(let body) = frame else {
            // The worker would answer the same; the frame never reaches it, so answer here.
            if case .malformed(let reason) = frame {
                sendToClient(.response(id: .null, result: nil, error: ResponseError(.parseError, "malformed message header: \(reason)")))
            }
            return
        }
        if let json = try? JSON.parse(body) { track(json) }
        sendToWorker(body)
    }

    /// Keeps what a new worker needs to continue the session.
    private func track(_ json: JSON) {
        let method = json["method"]?.string
        if let id = json["id"], let method {
            pending[id] = method
            if method == "initialize" && initializeRequest == nil { initializeRequest = json }
            if method == "shutdown" { shutdownRequested = true }
            return
        }
        let params = json["params"] ?? .null
        switch method {
        case "initialized": initializedSent = true
        case "exit": exitRequested = true
        case "workspace/didChangeWorkspaceFolders": folderChanges.append(json)
        case "textDocument/didOpen":
            guard let item = params["textDocument"], let uri = item["uri"]?.string, let text = item["text"]?.string else { return }
            documents[uri] = OpenDocument(languageID: item["languageId"]?.string ?? "", version: item["version"]?.int ?? 0,
                                          text: Array(text.utf8))
        case "textDocument/didChange":
            guard let uri = params["textDocument"]?["uri"]?.string, var document = documents[uri] else { return }
            document.text = apply(contentChanges: params["contentChanges"], to: LineIndex(bytes: document.text)).bytes
            document.version = params["textDocument"]?["version"]?.int ?? document.version + 1
            documents[uri] = document
        case "textDocument/didClose":
            if let uri = params["textDocument"]?["uri"]?.string {
                documents.removeValue(forKey: uri)
                crashed.removeValue(forKey: uri)
            }
        default: break
        }
    }

    private func sendToWorker(_ body: [UInt8]) {
        guard let worker else { return }
        let framed = FrameReader.frame(body)
        // A failed write means the worker is gone; its reader notices and restarts it, and the
        // replay carries this message's effect (the document's text) to the new one.
        _ = StandardIO.writeAll(worker.input, framed)
    }

    // MARK: Worker to client

    private func handleWorkerFrame(_ frame: FrameReader.Frame, generation: Int) {
        guard generation == self.generation, case .message(let body) = frame, let json = try? JSON.parse(body) else { return }
        let method = json["method"]?.string
        switch method {
        case WorkerProtocol.linting:
            if let uri = json["params"]?["uri"]?.string, let version = json["params"]?["version"]?.int { linting = (uri, version) }
            return
        case WorkerProtocol.linted:
            linting = nil
            return
        case "client/registerCapability" where generation > 1:
            // The client already has the first worker's registration; answer for it.
            if let id = json["id"] { sendToWorker(Message.response(id: id, result: .null, error: nil).json.serialized()) }
            return
        default: break
        }
        if method == nil, let id = json["id"] {
            if ownRequestIDs.remove(id) != nil { return }
            pending.removeValue(forKey: id)
        }
        writeToClient(FrameReader.frame(body))
    }

    // MARK: Worker lifecycle

    @discardableResult
    private func startWorker() -> Bool {
        guard let worker = spawn() else { return false }
        self.worker = worker
        generation += 1
        let generation = self.generation
        ReaderThread.start { [self] in
            var frames = FrameReader()
            FileSystem.readUntilEnd(worker.output) { chunk in
                frames.append(chunk)
                var ready: [FrameReader.Frame] = []
                while let frame = frames.next() { ready.append(frame) }
                if !ready.isEmpty {
                    let frames = ready
                    queue.async { [self] in for frame in frames { handleWorkerFrame(frame, generation: generation) } }
                }
            }
            worker.waitUntilExit()
            queue.async { [self] in workerEnded(worker, generation: generation) }
        }
        return true
    }

    private func workerEnded(_ ended: Worker, generation: Int) {
        guard generation == self.generation else { return }
        ended.closeInput()
        worker = nil
        let status = ended.terminationStatus
        let signalled = ended.wasSignalled
        if exitRequested || shutdownRequested {
            // The session was ending: the worker's code is the one LSP prescribes.
            finish(signalled ? 1 : status)
            return
        }
        let reason = signalled ? "stopped with signal \(status)" : "exited with status \(status)"
        // A crash pinned on a file cannot repeat: that version of the file is not linted again.
        // Crashes outside any lint can, so only those count towards giving up.
        if linting == nil {
            let now = Linter.now()
            restarts.append(now)
            restarts.removeAll { Linter.seconds($0, now) > Self.restartWindow }
            if restarts.count > Self.restartLimit {
                giveUp("viewlint: the language server's worker \(reason) outside any lint, the \(restarts.count)th time in a minute; giving up")
                return
            }
        }
        for (id, method) in pending.sorted(by: { $0.value < $1.value }) where method != "initialize" {
            sendToClient(.response(id: id, result: nil,
                                   error: ResponseError(code: ErrorCode.requestFailed.rawValue, message: "viewlint's worker \(reason) before answering '\(method)'; ask again")))
        }
        pending = pending.filter { $0.value == "initialize" }
        var culprit = ""
        if let (uri, version) = linting {
            crashed[uri] = (version, reason)
            culprit = " while linting \(FileURI.path(of: uri) ?? uri); that version of the file is not linted again"
        }
        linting = nil
        sendToClient(.notification(method: "window/logMessage", params: [
            "type": 1, "message": .string("viewlint: the language server's worker \(reason)\(culprit); restarted it"),
        ]))
        guard startWorker() else {
            giveUp("viewlint: could not restart the language server's worker process")
            return
        }
        replay()
    }

    /// Brings a new worker to where the last one was.
    private func replay() {
        if var initialize = initializeRequest {
            // The client's own initialize, if the dead worker never answered it, keeps its id so
            // that the new worker's answer reaches the client; otherwise the answer is dropped.
            if let clientID = initialize["id"], pending[clientID] == nil, case .object(var fields) = initialize {
                let id = JSON.string("viewlint-supervisor-initialize-\(generation)")
                ownRequestIDs.insert(id)
                fields["id"] = id
                initialize = .object(fields)
            }
            sendToWorker(initialize.serialized())
        }
        if initializedSent { sendToWorker(Message.notification(method: "initialized", params: [:]).json.serialized()) }
        for change in folderChanges { sendToWorker(change.serialized()) }
        for (uri, crash) in crashed.sorted(by: { $0.key < $1.key }) {
            sendToWorker(Message.notification(method: WorkerProtocol.skip, params: [
                "uri": .string(uri), "version": .int(crash.version), "reason": .string(crash.reason),
            ]).json.serialized())
        }
        for (uri, document) in documents.sorted(by: { $0.key < $1.key }) {
            sendToWorker(Message.notification(method: "textDocument/didOpen", params: [
                "textDocument": [
                    "uri": .string(uri), "languageId": .string(document.languageID), "version": .int(document.version),
                    "text": .string(String(decoding: document.text, as: UTF8.self)),
                ],
            ]).json.serialized())
        }
    }

    private func giveUp(_ message: String) {
        sendToClient(.notification(method: "window/showMessage", params: ["type": 1, "message": .string(message)]))
        _ = StandardIO.writeAll(2, Array((message + "\n").utf8))
        finish(1)
    }

    private func finish(_ code: Int32) {
        guard !finished else { return }
        finished = true
        onExit(code)
    }

    private func sendToClient(_ message: Message) { writeToClient(message.framed) }
}
