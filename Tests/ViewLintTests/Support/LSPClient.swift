import Foundation
import ViewLintProtocol
import ViewLintServer

/// A language client driving a `LanguageServer` in process (or a `viewlint server` process),
/// through the same bytes a real client would send: every message is framed, and every answer is
/// parsed back from frames.
final class LSPClient: @unchecked Sendable {
    private let inProcess: LanguageServer?
    private let process: Process?
    private let input: FileHandle?
    /// The in-process server; only for a client that made one.
    var server: LanguageServer { inProcess! }
    private let lock = NSLock()
    private var reader = FrameReader()
    private var received: [JSON] = []
    private var exitCode: Int32?
    private var nextID = 1

    init(options: LanguageServer.Options = LanguageServer.Options()) {
        let sink = Sink()
        inProcess = LanguageServer(options: options, output: { sink.client?.take($0) }, onExit: { sink.client?.exited($0) })
        process = nil
        input = nil
        sink.client = self
    }

    /// Runs the executable with `arguments` (`["server", "--in-process"]`) and speaks to it over
    /// its standard input and output: a process of its own, whose process-wide state (the name
    /// table) no other test shares.
    init(launching executable: URL, _ arguments: [String]) throws {
        let sink = Sink()
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        stdout.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty { handle.readabilityHandler = nil } else { sink.client?.take(Array(data)) }
        }
        process.terminationHandler = { sink.client?.exited($0.terminationStatus) }
        inProcess = nil
        self.process = process
        input = stdin.fileHandleForWriting
        sink.client = self
        try process.run()
    }

    deinit {
        if let process, process.isRunning { process.terminate() }
    }

    /// Holds the client weakly so the server's closures do not keep it alive.
    final class Sink: @unchecked Sendable { weak var client: LSPClient? }

    private func take(_ bytes: [UInt8]) {
        lock.lock()
        defer { lock.unlock() }
        reader.append(bytes)
        while let frame = reader.next() {
            if case .message(let body) = frame, let json = try? JSON.parse(body) { received.append(json) }
        }
    }

    private func exited(_ code: Int32) {
        lock.lock()
        exitCode = code
        lock.unlock()
    }

    var messages: [JSON] {
        lock.lock()
        defer { lock.unlock() }
        return received
    }

    var exit: Int32? {
        lock.lock()
        defer { lock.unlock() }
        return exitCode
    }

    func clear() {
        lock.lock()
        received = []
        lock.unlock()
    }

    func sendRaw(_ bytes: [UInt8]) {
        if let inProcess { inProcess.receive(bytes) } else { input?.write(Data(bytes)) }
    }

    func notify(_ method: String, _ params: JSON = [:]) { sendRaw(Message.notification(method: method, params: params).framed) }

    /// Sends a request and returns its id, without waiting.
    @discardableResult
    func send(_ method: String, _ params: JSON = [:]) -> JSON {
        lock.lock()
        let id = JSON.int(nextID)
        nextID += 1
        lock.unlock()
        sendRaw(Message.request(id: id, method: method, params: params).framed)
        return id
    }

    /// Sends a request and waits for its response (the whole response object).
    func request(_ method: String, _ params: JSON = [:]) -> JSON? {
        let id = send(method, params)
        return response(to: id)
    }

    func response(to id: JSON) -> JSON? {
        wait { $0["id"] == id && $0["method"] == nil }
    }

    /// The first message received so far or within `timeout` seconds that satisfies `match`.
    func wait(timeout: Double = 20, _ match: (JSON) -> Bool) -> JSON? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let found = messages.first(where: match) { return found }
            usleep(1000)
        }
        return messages.first(where: match)
    }

    /// The diagnostics of the first publication for `uri` with `version` (or any, if nil).
    func diagnostics(_ uri: String, version: Int? = nil, timeout: Double = 20) -> [JSON]? {
        wait(timeout: timeout) {
            $0["method"]?.string == "textDocument/publishDiagnostics" && $0["params"]?["uri"]?.string == uri
                && (version == nil || $0["params"]?["version"]?.int == version)
        }?["params"]?["diagnostics"]?.array
    }

    /// Every publication for `uri` so far, in order.
    func publications(_ uri: String) -> [JSON] {
        messages.filter { $0["method"]?.string == "textDocument/publishDiagnostics" && $0["params"]?["uri"]?.string == uri }
    }

    func initialize(root: URL, capabilities: JSON = [:], options: JSON = [:]) -> JSON? {
        let result = request("initialize", [
            "processId": .null, "rootUri": .string(root.absoluteString), "capabilities": capabilities,
            "workspaceFolders": [["uri": .string(root.absoluteString), "name": "root"]],
            "initializationOptions": options,
        ])
        notify("initialized")
        return result
    }

    func open(_ url: URL, _ text: String, version: Int = 1) {
        notify("textDocument/didOpen", ["textDocument": [
            "uri": .string(url.absoluteString), "languageId": "swift", "version": .int(version), "text": .string(text),
        ]])
    }

    func change(_ url: URL, version: Int, _ changes: [JSON]) {
        notify("textDocument/didChange", ["textDocument": ["uri": .string(url.absoluteString), "version": .int(version)],
                                          "contentChanges": .array(changes)])
    }

    static func edit(_ startLine: Int, _ startCharacter: Int, _ endLine: Int, _ endCharacter: Int, _ text: String) -> JSON {
        ["range": TextRange(start: Position(line: startLine, character: startCharacter),
                            end: Position(line: endLine, character: endCharacter)).json,
         "text": .string(text)]
    }
}
