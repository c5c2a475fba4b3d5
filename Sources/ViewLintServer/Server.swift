import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ViewLintCore
import ViewLintEngine
import ViewLintFormatters
import ViewLintModel
import ViewLintPlatform
import ViewLintProtocol
import ViewLintRules
import ViewLintSyntax

/// `viewlint server`: a language server (LSP 3.17) that publishes findings for open files as
/// they are typed.
///
/// Threads. Bytes arrive on the caller's thread (`receive`), are cut into frames and handed, in
/// order, to one serial queue that owns all state: documents, projects, configurations. That
/// queue only does quick work (apply an edit, answer from the last results), so it never waits
/// on linting. Linting runs on a second serial queue from a snapshot of the state (documents'
/// bytes, the project's files, the configuration); its result comes back to the state queue,
/// which publishes it only if the document has not changed meanwhile.
///
/// Debounce and cancellation. A change marks its document dirty; a lint starts once the state
/// queue is idle (after `debounce`), so a burst of changes that arrives together lints once.
/// While a lint runs, further changes only mark the document dirty again: the result of the
/// superseded lint is dropped, and one more lint of the newest text follows. Requests that
/// need the newest findings (hover, code actions) wait for them; `$/cancelRequest` answers a
/// waiting request with `RequestCancelled`.
public final class LanguageServer: @unchecked Sendable {
    public struct Options: Sendable {
        /// How long the state queue must be idle after a change before linting starts.
        public var debounce: Double = 0.005
        /// Running as the child of a `ServerSupervisor`: say which file each lint is about
        /// (`$/viewlint/linting`, `$/viewlint/linted`), so that a crash can be pinned on the file
        /// being linted, and accept `$/viewlint/skip` for the file that crashed the previous worker.
        public var isWorker = false
        /// Empty the process's name table when it grows past this many names and twice what the
        /// live models use (see `ModelCache.boundNames`); nil never does. The table is
        /// process-wide, so only a process that does nothing but serve may set it:
        /// `serveStandardIO` does, an in-process server (tests, the benchmark) by default not.
        public var nameTableFloor: Int? = nil
        public init() {}
    }

    /// About 8 MB of names (measured: about 80 bytes a name). Real apps of 100,000 to 240,000
    /// lines spell 10,000 to 60,000 distinct words, and typing interns some tens of thousands of
    /// names a day (every prefix of every new word), so the table is emptied about once in days
    /// of typing, each time costing one lint that re-extracts the context, as the first did.
    public static let defaultNameTableFloor = 100_000

    let state = DispatchQueue(label: "viewlint.server.state")
    let linting = DispatchQueue(label: "viewlint.server.lint")
    private let output: @Sendable ([UInt8]) -> Void
    private let onExit: @Sendable (Int32) -> Void
    private let framesLock = Lock()
    private var frames = FrameReader()

    // Everything below is touched only on `state`.
    var options: Options
    var initialized = false
    var shutdownRequested = false
    var exited = false
    var documents: [String: Document] = [:]
    var projects: [Project] = []
    var workspaceRoots: [String] = []
    var configurations = ConfigurationStore()
    /// Documents waiting to be linted, most urgent first.
    var dirty: [String] = []
    var lintScheduled = false
    var lintInFlight: String?
    var waiting: [String: [WaitingRequest]] = [:]
    var dynamicWatchers = false
    var nextOutgoingID = 1
    /// Documents that crashed an earlier worker, by uri, with the version that did: that version
    /// is not linted again (a diagnostic says why); the next edit is.
    var crashedVersions: [String: (version: Int, reason: String)] = [:]
    /// Deployment targets as the command line finds them (the configuration's, else the nearest
    /// Package.swift's or Xcode project's), one resolver per configuration file, each caching
    /// what it read per directory; forgotten when a configuration or a manifest changes.
    var deploymentTargets: [String: DeploymentTargetResolver] = [:]
    /// Counts changes of configurations and manifests: a lint's inputs include it.
    var settingsGeneration = 0
    /// What each open document's last lint read (its text, the context files' texts, the
    /// settings): a lint whose inputs are all the same gives the same findings, so it stops
    /// after choosing its context and nothing is published again. That is how a change in one
    /// file re-publishes only the open files whose findings depend on it.
    var lastInputs: [String: LintInputs] = [:]
    let models = ModelCache()
    /// Lints run and results dropped as superseded; for tests and the benchmark.
    public private(set) var lintCount = 0
    public private(set) var supersededCount = 0
    /// Lints that stopped after choosing their context because none of their inputs had changed.
    public private(set) var unchangedCount = 0

    struct Document {
        var uri: String
        var path: String
        var version: Int
        var index: LineIndex
        var languageID: String
        /// The version whose findings were last published, and those findings.
        var publishedVersion: Int?
        var findings: [Finding] = []
        var isConfiguration: Bool { path.hasSuffix("/" + ConfigurationLoader.fileName) }
    }

    struct WaitingRequest {
        var id: JSON
        var answer: (Document) -> JSON
    }

    /// - Parameters:
    ///   - output: called with each framed outgoing message, in order, from one thread at a time.
    ///   - onExit: called once on `exit`, with the exit code LSP prescribes.
    public init(options: Options = Options(), output: @escaping @Sendable ([UInt8]) -> Void,
                onExit: @escaping @Sendable (Int32) -> Void = { _ in }) {
        self.options = options
        self.output = output
        self.onExit = onExit
    }

    /// Feeds bytes from the client, in any chunks.
    public func receive(_ bytes: some Sequence<UInt8>) {
        framesLock.lock()
        frames.append(bytes)
        var ready: [FrameReader.Frame] = []
        while let frame = frames.next() { ready.append(frame) }
        framesLock.unlock()
        for frame in ready { state.async { self.handle(frame) } }
    }

    /// Runs `body` on the state queue and waits for it: for tests and the benchmark.
    public func sync<T>(_ body: () -> T) -> T { state.sync(execute: body) }

    /// The version of the open document at `uri` whose findings the client has (published, or
    /// found unchanged from those published before, which are then not sent again); call it
    /// inside `sync`.
    public func settledVersion(of uri: String) -> Int? { documents[uri]?.publishedVersion }

    /// Serves the protocol on standard input and output until `exit` or the end of input;
    /// returns the exit code.
    public static func serveStandardIO(options: Options = Options()) -> Int32 {
        var options = options
        if options.nameTableFloor == nil { options.nameTableFloor = defaultNameTableFloor }
        let exitCode = ExitBox()
        let done = DispatchSemaphore(value: 0)
        let server = LanguageServer(options: options, output: { bytes in StandardIO.write(bytes) },
                                    onExit: { code in
                                        exitCode.set(code)
                                        done.signal()
                                    })
        ReaderThread.start {
            FileSystem.readUntilEnd(0) { server.receive($0) }
            // The client went away without `exit`: stop as if it had sent it.
            server.state.async { server.exit() }
        }
        done.wait()
        return exitCode.get()
    }

    // MARK: Messages

    func handle(_ frame: FrameReader.Frame) {
        if exited { return }
        switch frame {
        case .malformed(let reason):
            send(.response(id: .null, result: nil, error: ResponseError(.parseError, "malformed message header: \(reason)")))
        case .message(let body):
            let json: JSON
            do {
                json = try JSON.parse(body)
            } catch {
                send(.response(id: .null, result: nil, error: ResponseError(.parseError, "the message is not valid JSON: \(error)")))
                return
            }
            switch Message.decode(json) {
            case .failure(let reply): send(reply.message)
            case .success(let message): dispatch(message)
            }
        }
    }

    func dispatch(_ message: Message) {
        switch message {
        case .request(let id, let method, let params):
            if !initialized && method != "initialize" {
                send(.response(id: id, result: nil, error: ResponseError(.serverNotInitialized, "the server was not initialized; send 'initialize' first")))
                return
            }
            if shutdownRequested {
                send(.response(id: id, result: nil, error: ResponseError(.invalidRequest, "the server is shutting down; only 'exit' is accepted")))
                return
            }
            switch request(id: id, method: method, params: params) {
            case .answer(let result): send(.response(id: id, result: result, error: nil))
            case .error(let error): send(.response(id: id, result: nil, error: error))
            case .deferred: break
            }
        case .notification(let method, let params):
            if method == "exit" {
                exit()
                return
            }
            if !initialized || shutdownRequested { return }
            notification(method: method, params: params ?? .null)
        case .response:
            // Answers to our registration requests; nothing depends on them.
            break
        }
    }

    enum Outcome {
        case answer(JSON)
        case error(ResponseError)
        case deferred
    }

    func request(id: JSON, method: String, params: JSON?) -> Outcome {
        let params = params ?? .null
        switch method {
        case "initialize":
            if initialized { return .error(ResponseError(.invalidRequest, "'initialize' was already sent")) }
            return .answer(initialize(params))
        case "shutdown":
            shutdownRequested = true
            return .answer(.null)
        case "textDocument/hover":
            return whenCurrent(id: id, params: params) { [self] document, position in hover(document, at: position) }
        case "textDocument/codeAction":
            guard let range = TextRange(params["range"]) else {
                return .error(ResponseError(.invalidParams, "textDocument/codeAction needs a 'range'"))
            }
            let only = params["context"]?["only"]?.array?.compactMap(\.string)
            return whenCurrent(id: id, params: params) { [self] document, _ in codeActions(document, in: range, only: only) }
        default:
            return .error(ResponseError(.methodNotFound, "viewlint does not implement '\(method)'"))
        }
    }

    /// Answers a request about a document from findings of its current text: at once if they
    /// are published, else as soon as they are.
    func whenCurrent(id: JSON, params: JSON, _ answer: @escaping (Document, Position?) -> JSON) -> Outcome {
        guard let uri = params["textDocument"]?["uri"]?.string else {
            return .error(ResponseError(.invalidParams, "the request needs 'textDocument.uri'"))
        }
        let position = Position(params["position"])
        if params["position"] != nil && position == nil {
            return .error(ResponseError(.invalidParams, "'position' needs a non-negative 'line' and 'character'"))
        }
        guard let document = documents[uri] else { return .answer(.null) }
        if document.publishedVersion == document.version { return .answer(answer(document, position)) }
        waiting[uri, default: []].append(WaitingRequest(id: id, answer: { answer($0, position) }))
        return .deferred
    }

    func notification(method: String, params: JSON) {
        switch method {
        case "initialized":
            registerWatchers()
        case "textDocument/didOpen": didOpen(params)
        case "textDocument/didChange": didChange(params)
        case "textDocument/didSave": didSave(params)
        case "textDocument/didClose": didClose(params)
        case "workspace/didChangeWatchedFiles": didChangeWatchedFiles(params)
        case "workspace/didChangeConfiguration": reloadConfigurations()
        case "workspace/didChangeWorkspaceFolders": didChangeWorkspaceFolders(params)
        case "$/cancelRequest": cancel(params["id"])
        case WorkerProtocol.skip where options.isWorker:
            if let uri = params["uri"]?.string, let version = params["version"]?.int {
                crashedVersions[uri] = (version, params["reason"]?.string ?? "it stopped")
            }
        default:
            // `$/` notifications may be ignored; so may any other the server did not advertise.
            break
        }
    }

    func exit() {
        if exited { return }
        exited = true
        onExit(shutdownRequested ? 0 : 1)
    }

    // MARK: Lifecycle

    func initialize(_ params: JSON) -> JSON {
        initialized = true
        if let ms = params["initializationOptions"]?["debounceMilliseconds"], case .number(let n) = ms, n >= 0, n <= 10_000 {
            options.debounce = n / 1000
        }
        dynamicWatchers = params["capabilities"]?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?.bool ?? false
        var roots: [String] = []
        for folder in params["workspaceFolders"]?.array ?? [] {
            if let uri = folder["uri"]?.string, let path = FileURI.path(of: uri) { roots.append(path) }
        }
        if roots.isEmpty, let uri = params["rootUri"]?.string, let path = FileURI.path(of: uri) { roots.append(path) }
        if roots.isEmpty, let path = params["rootPath"]?.string, path.hasPrefix("/") { roots.append(path) }
        for root in roots { addProject(root, isWorkspaceFolder: true) }
        return [
            "capabilities": [
                "positionEncoding": "utf-16",
                "textDocumentSync": ["openClose": true, "change": .int(LSP.incrementalSync), "save": ["includeText": false]],
                "hoverProvider": true,
                "codeActionProvider": ["codeActionKinds": [.string(LSP.quickFix)]],
                "workspace": ["workspaceFolders": ["supported": true, "changeNotifications": true]],
            ],
            "serverInfo": ["name": "viewlint", "version": .string(LanguageServer.version)],
        ]
    }

    public static let version = "0.1.0"

    func registerWatchers() {
        guard dynamicWatchers else { return }
        // `**/*.swift` covers `Package.swift`; an Xcode project's settings and the `.xcconfig`
        // files they name give the deployment target when no manifest does.
        let watchers: JSON = [["globPattern": "**/*.swift"], ["globPattern": "**/.lint.yml"],
                              ["globPattern": "**/*.xcodeproj/project.pbxproj"], ["globPattern": "**/*.xcconfig"]]
        let registration: JSON = ["id": "viewlint-watched-files", "method": "workspace/didChangeWatchedFiles",
                                  "registerOptions": ["watchers": watchers]]
        send(.request(id: .int(nextOutgoingID), method: "client/registerCapability", params: ["registrations": [registration]]))
        nextOutgoingID += 1
    }

    func didChangeWorkspaceFolders(_ params: JSON) {
        for folder in params["event"]?["removed"]?.array ?? [] {
            guard let path = folder["uri"]?.string.flatMap(FileURI.path(of:)) else { continue }
            workspaceRoots.removeAll { $0 == path }
            projects.removeAll { $0.root == path }
        }
        for folder in params["event"]?["added"]?.array ?? [] {
            if let path = folder["uri"]?.string.flatMap(FileURI.path(of:)) { addProject(path, isWorkspaceFolder: true) }
        }
        // The cache belongs to the lint queue, which may be using it right now.
        let kept = Set(projects.flatMap { $0.files.map(\.path) })
        linting.async { [models] in models.retain(only: kept) }
        markAllDirty()
    }

    /// Starts reading a project's files in the background; lints queued meanwhile wait for it,
    /// since the lint queue is serial.
    func addProject(_ root: String, isWorkspaceFolder: Bool) {
        if isWorkspaceFolder && !workspaceRoots.contains(root) { workspaceRoots.append(root) }
        guard !projects.contains(where: { $0.root == root }) else { return }
        projects.append(Project(root: root))
        linting.async { [self] in
            let paths = FileAccess.swiftFiles(under: root)
            let candidates = (paths ?? []).compactMap { path -> ContextSelection.Candidate? in
                FileAccess.read(path).map { ContextSelection.Candidate(path: path, bytes: $0) }
            }
            state.async { [self] in
                guard let p = projects.firstIndex(where: { $0.root == root }) else { return }
                projects[p].replaceAll(candidates)
                projects[p].loaded = true
                if paths == nil {
                    logMessage("viewlint: more than \(FileAccess.entryBudget) entries below \(root); its files are linted without project context")
                }
                // The editor's text wins over what is on disk.
                for document in documents.values where projects[p].contains(path: document.path) && !document.isConfiguration {
                    projects[p].update(document.path, bytes: document.index.bytes)
                }
                markAllDirty()
            }
        }
    }

    /// The project a path belongs to: the innermost project holding it, else a new one around it.
    func projectIndex(for path: String) -> Int? {
        var best: Int?
        for (i, p) in projects.enumerated() where p.contains(path: path) {
            if best == nil || p.root.count > projects[best!].root.count { best = i }
        }
        if let best { return best }
        if let root = FileAccess.projectRoot(from: FileAccess.parent(of: path)) {
            addProject(root, isWorkspaceFolder: false)
            return projects.firstIndex { $0.root == root }
        }
        return nil
    }

    // MARK: Documents

    func didOpen(_ params: JSON) {
        guard let item = params["textDocument"], let uri = item["uri"]?.string, let text = item["text"]?.string,
              let path = FileURI.path(of: uri) else {
            logMessage("viewlint: textDocument/didOpen without a file uri and text; ignored")
            return
        }
        let document = Document(uri: uri, path: path, version: item["version"]?.int ?? 0,
                                index: LineIndex(bytes: Array(text.utf8)), languageID: item["languageId"]?.string ?? "")
        documents[uri] = document
        textChanged(document)
    }

    func didChange(_ params: JSON) {
        guard let uri = params["textDocument"]?["uri"]?.string, var document = documents[uri] else { return }
        document.index = apply(contentChanges: params["contentChanges"], to: document.index)
        if let version = params["textDocument"]?["version"]?.int { document.version = version } else { document.version += 1 }
        documents[uri] = document
        textChanged(document)
    }

    func didSave(_ params: JSON) {
        guard let uri = params["textDocument"]?["uri"]?.string, let document = documents[uri] else { return }
        if document.isConfiguration { configurationChanged(document.path) }
    }

    func didClose(_ params: JSON) {
        guard let uri = params["textDocument"]?["uri"]?.string, let document = documents.removeValue(forKey: uri) else { return }
        dirty.removeAll { $0 == uri }
        lastInputs.removeValue(forKey: uri)
        for request in waiting.removeValue(forKey: uri) ?? [] { send(.response(id: request.id, result: .null, error: nil)) }
        if document.isConfiguration {
            // Back to the file on disk.
            configurationChanged(document.path)
            return
        }
        publish(uri: uri, version: nil, diagnostics: [])
        // Context comes from disk again.
        if let p = projectIndex(for: document.path) {
            if let bytes = FileAccess.read(document.path) { projects[p].update(document.path, bytes: bytes) } else { projects[p].remove(document.path) }
        }
        markDependentsDirty(of: document.path)
    }

    func textChanged(_ document: Document) {
        if document.isConfiguration {
            configurationChanged(document.path)
            return
        }
        guard document.path.hasSuffix(".swift") || document.languageID == "swift" else {
            // Not linted: requests about it are answered at once, from no findings.
            var unlinted = document
            unlinted.publishedVersion = document.version
            documents[document.uri] = unlinted
            return
        }
        if let p = projectIndex(for: document.path) { projects[p].update(document.path, bytes: document.index.bytes) }
        // An edited manifest may declare other platforms (it is read from disk, once saved).
        if document.path.hasSuffix("/Package.swift") {
            deploymentTargets = [:]
            settingsGeneration += 1
        }
        markDirty(document.uri, first: true)
        markDependentsDirty(of: document.path)
    }

    func didChangeWatchedFiles(_ params: JSON) {
        var configurationPaths: [String] = []
        for change in params["changes"]?.array ?? [] {
            guard let uri = change["uri"]?.string, let path = FileURI.path(of: uri), let type = change["type"]?.int else { continue }
            if path.hasSuffix("/" + ConfigurationLoader.fileName) {
                configurationPaths.append(path)
                continue
            }
            if Self.isXcodeSettings(path) {
                // A project created, changed or deleted: the deployment target is found again.
                deploymentTargets = [:]
                settingsGeneration += 1
                markAllDirty()
                continue
            }
            guard path.hasSuffix(".swift") else { continue }
            if path.hasSuffix("/Package.swift") {
                // Its platforms are the deployment target of the files below it.
                deploymentTargets = [:]
                settingsGeneration += 1
                markAllDirty()
            }
            // An open file's text is the editor's, whatever the disk says.
            if documents.values.contains(where: { $0.path == path }) { continue }
            for p in projects.indices where projects[p].contains(path: path) {
                if type == LSP.FileChangeType.deleted.rawValue {
                    projects[p].remove(path)
                } else if let bytes = FileAccess.read(path) {
                    projects[p].update(path, bytes: bytes)
                }
            }
            markDependentsDirty(of: path)
        }
        for path in configurationPaths { configurationChanged(path) }
    }

    /// The files an Xcode project's deployment targets are read from: its `project.pbxproj`
    /// and `.xcconfig` files.
    static func isXcodeSettings(_ path: String) -> Bool {
        path.hasSuffix(".xcconfig") || (path.hasSuffix("/project.pbxproj") && path.dropLast("/project.pbxproj".count).hasSuffix(".xcodeproj"))
    }

    // MARK: Configuration

    func reloadConfigurations() {
        configurations.forgetAll()
        deploymentTargets = [:]
        settingsGeneration += 1
        for document in documents.values where document.isConfiguration { configurationChanged(document.path) }
        for path in configurations.publishedPaths { configurationChanged(path) }
        markAllDirty()
    }

    /// A `.lint.yml` was created, edited, saved, closed or deleted: read it again (from the
    /// editor if it is open), show its problems on it, and lint every open file again.
    func configurationChanged(_ path: String) {
        configurations.forgetLocations()
        deploymentTargets = [:]
        settingsGeneration += 1
        let open = documents.values.first { $0.path == path }
        let bytes = open?.index.bytes ?? FileAccess.read(path)
        let problems = configurations.load(path: path, bytes: bytes)
        let uri = open?.uri ?? FileURI.uri(of: path)
        let index = LineIndex(bytes: bytes ?? [])
        publish(uri: uri, version: open?.version, diagnostics: problems.map { Diagnostics.configurationProblem($0, in: index) })
        if var document = open {
            document.publishedVersion = document.version
            documents[document.uri] = document
        }
        markAllDirty()
    }

    // MARK: Linting

    func markDirty(_ uri: String, first: Bool) {
        if first {
            dirty.removeAll { $0 == uri }
            dirty.insert(uri, at: 0)
        } else if !dirty.contains(uri) {
            dirty.append(uri)
        }
        scheduleLint()
    }

    /// Open files in the same project as `path` may have findings that depend on it (a view's
    /// property read in an extension there): lint them again after the file itself.
    func markDependentsDirty(of path: String) {
        for document in documents.values.sorted(by: { $0.uri < $1.uri })
        where document.path != path && !document.isConfiguration && sameProject(document.path, path) {
            markDirty(document.uri, first: false)
        }
    }

    func sameProject(_ a: String, _ b: String) -> Bool {
        projects.contains { $0.contains(path: a) && $0.contains(path: b) }
    }

    func markAllDirty() {
        for document in documents.values.sorted(by: { $0.uri < $1.uri }) where !document.isConfiguration {
            if document.path.hasSuffix(".swift") || document.languageID == "swift" { markDirty(document.uri, first: false) }
        }
    }

    func scheduleLint() {
        guard !lintScheduled, lintInFlight == nil, !dirty.isEmpty else { return }
        lintScheduled = true
        state.asyncAfter(deadline: .now() + options.debounce) { [self] in
            lintScheduled = false
            startLint()
        }
    }

    func startLint() {
        guard lintInFlight == nil, !exited else { return }
        for uri in dirty {
            guard let document = documents[uri] else {
                dirty.removeAll { $0 == uri }
                continue
            }
            // A project still being read would give a lint without context; its loading
            // marks every document dirty again when it is done.
            if let p = projectIndex(for: document.path), !projects[p].loaded { continue }
            dirty.removeAll { $0 == uri }
            if let crashed = crashedVersions[uri] {
                if crashed.version == document.version {
                    publishCrash(of: document, reason: crashed.reason)
                    continue
                }
                crashedVersions.removeValue(forKey: uri)
            }
            let job = makeJob(document)
            lintInFlight = uri
            lintCount += 1
            if options.isWorker {
                send(.notification(method: WorkerProtocol.linting, params: ["uri": .string(uri), "version": .int(document.version)]))
            }
            let models = self.models
            let nameTableFloor = options.nameTableFloor
            linting.async { [self] in
                let outcome = LintJob.run(job, models: models)
                let emptied = nameTableFloor.map { models.boundNames(floor: $0) } ?? false
                state.async { [self] in
                    // Said in the client's log: the next lint re-extracts its context, and is slower.
                    if emptied { logMessage("viewlint: the name table passed its bound; emptied it and the models") }
                    finished(job, outcome: outcome)
                }
            }
            return
        }
    }

    func makeJob(_ document: Document) -> LintJob {
        var candidates: [ContextSelection.Candidate] = []
        if let p = projectIndex(for: document.path) {
            candidates = projects[p].files.filter { $0.path != document.path }
        }
        let configuration = configurations.configuration(forFileAt: document.path)
        for (path, problems) in configurations.unpublished.sorted(by: { $0.key < $1.key }) {
            let index = LineIndex(bytes: FileAccess.read(path) ?? [])
            publish(uri: FileURI.uri(of: path), version: nil, diagnostics: problems.map { Diagnostics.configurationProblem($0, in: index) })
        }
        configurations.unpublished = [:]
        var deploymentTarget: DeploymentTarget?
        if let configuration {
            let key = configuration.path ?? ""
            let resolver = deploymentTargets[key] ?? DeploymentTargetResolver(
                configured: configuration.deploymentTarget, configurationPath: configuration.path,
                currentDirectory: FileAccess.parent(of: document.path), files: .server)
            deploymentTargets[key] = resolver
            deploymentTarget = resolver.target(for: document.path)
        }
        // A document published from other inputs than it has now may skip nothing.
        let previous = document.publishedVersion == nil ? nil : lastInputs[document.uri]
        return LintJob(uri: document.uri, path: document.path, version: document.version, bytes: document.index.bytes,
                       candidates: candidates, configuration: configuration, deploymentTarget: deploymentTarget,
                       settingsGeneration: settingsGeneration, previous: previous)
    }

    /// A document whose current version crashed an earlier worker: one diagnostic says so,
    /// instead of findings, and requests about it are answered from no findings.
    func publishCrash(of document: Document, reason: String) {
        var document = document
        document.findings = []
        document.publishedVersion = document.version
        documents[document.uri] = document
        lastInputs.removeValue(forKey: document.uri)
        let message = "viewlint did not lint this file: its lint worker \(reason) while linting this version of it. "
            + "This is a bug in viewlint; please report it with the file. Other files are still linted, and this one is "
            + "linted again after its next change."
        let diagnostic: JSON = [
            "range": document.index.range(of: 0..<0).json,
            "severity": .int(LSP.DiagnosticSeverity.warning.rawValue),
            "source": "viewlint",
            "message": .string(message),
        ]
        publish(uri: document.uri, version: document.version, diagnostics: [diagnostic])
        for request in waiting.removeValue(forKey: document.uri) ?? [] {
            send(.response(id: request.id, result: request.answer(document), error: nil))
        }
    }

    func finished(_ job: LintJob, outcome: LintJob.Outcome) {
        lintInFlight = nil
        defer {
            if options.isWorker { send(.notification(method: WorkerProtocol.linted, params: ["uri": .string(job.uri)])) }
            scheduleLint()
        }
        guard var document = documents[job.uri] else { return }
        guard document.version == job.version, document.index.bytes == job.bytes else {
            // Superseded: the newer text is (or will be) dirty; this result is dropped.
            supersededCount += 1
            if !dirty.contains(job.uri) { dirty.insert(job.uri, at: 0) }
            return
        }
        lastInputs[job.uri] = outcome.inputs
        if let findings = outcome.findings {
            document.findings = findings
            document.publishedVersion = document.version
            documents[job.uri] = document
            publish(uri: job.uri, version: document.version,
                    diagnostics: findings.map { Diagnostics.diagnostic(for: $0, in: document.index) })
        } else {
            unchangedCount += 1
            document.publishedVersion = document.version
            documents[job.uri] = document
        }
        for request in waiting.removeValue(forKey: job.uri) ?? [] {
            send(.response(id: request.id, result: request.answer(document), error: nil))
        }
    }

    func cancel(_ id: JSON?) {
        guard let id else { return }
        for (uri, requests) in waiting {
            guard let i = requests.firstIndex(where: { $0.id == id }) else { continue }
            waiting[uri]!.remove(at: i)
            if waiting[uri]!.isEmpty { waiting.removeValue(forKey: uri) }
            send(.response(id: id, result: nil, error: ResponseError(.requestCancelled, "cancelled by the client")))
            return
        }
    }

    // MARK: Output

    func send(_ message: Message) { output(message.framed) }

    func publish(uri: String, version: Int?, diagnostics: [JSON]) {
        var params: [String: JSON] = ["uri": .string(uri), "diagnostics": .array(diagnostics)]
        if let version { params["version"] = .int(version) }
        send(.notification(method: "textDocument/publishDiagnostics", params: .object(params)))
    }

    func logMessage(_ text: String) {
        send(.notification(method: "window/logMessage", params: ["type": 3, "message": .string(text)]))
    }
}

/// What one lint needs, copied from the server's state so that it runs off the state queue.
struct LintJob: Sendable {
    var uri: String
    var path: String
    var version: Int
    var bytes: [UInt8]
    var candidates: [ContextSelection.Candidate]
    /// Nil when the file is not to be linted: its configuration is broken or excludes it.
    var configuration: Configuration?
    /// The file's deployment target, found as the command line finds it.
    var deploymentTarget: DeploymentTarget?
    var settingsGeneration: Int
    /// The inputs of the document's published findings, if any.
    var previous: LintInputs?

    struct Outcome: Sendable {
        /// Nil when the inputs equal `previous`: the published findings stand.
        var findings: [Finding]?
        var inputs: LintInputs?
    }

    static let knownRuleIDs = Set(RuleRegistry.ids)

    /// Threads for one lint's rules. One: on several (`Linter.lint(ruleThreads:)`), the soak's
    /// resident memory grew 7.6 MB over 100,000 changes (42.6 → 50.2 MB) where one thread's stayed
    /// at 42.2 MB, and the CPU per change was the same; the wall-time gain needs idle cores.
    static let ruleThreads = 1

    /// Fault injection for the crash-isolation tests: a file containing this text traps the lint.
    static let crashMarker: [UInt8]? = FileSystem.environment(WorkerProtocol.crashMarkerVariable)
        .flatMap { $0.isEmpty ? nil : Array($0.utf8) }

    /// The file's findings with the project as context, as `viewlint lint FILE` reports them.
    static func run(_ job: LintJob, models: ModelCache) -> Outcome {
        guard let configuration = job.configuration else { return Outcome(findings: [], inputs: nil) }
        if let marker = crashMarker, job.bytes.firstRange(of: marker) != nil {
            fatalError("viewlint: the lint of \(job.path) hit \(WorkerProtocol.crashMarkerVariable) (a test of crash isolation)")
        }
        let source = SourceFile(path: job.path, bytes: job.bytes)
        // Tokenized once: for its model and for the words that choose its context.
        let tokens = Lexer.tokenize(source)
        let reportedModel = FileModel.extract(from: Parser.parse(tokens))
        let chosen = ContextSelection.select(reported: [source], candidates: job.candidates,
                                             model: { models.model(for: job.candidates[$0]) }, reportedModels: [reportedModel],
                                             reportedTokens: [tokens],
                                             mentions: { models.mentions(job.candidates[$0], key: $1, scan: $2) })

        let read = LintInputs(bytes: job.bytes, context: chosen.map { (job.candidates[$0].path, job.candidates[$0].bytes) },
                              settingsGeneration: job.settingsGeneration)
        if let previous = job.previous, previous == read { return Outcome(findings: nil, inputs: read) }
        var inputs = [LintInput(source: source, displayPath: job.path, deploymentTarget: job.deploymentTarget,
                                symbols: SymbolCatalogueLoader.system)]
        var prebuilt: [FileModel?] = [reportedModel]
        for i in chosen {
            inputs.append(LintInput(source: job.candidates[i].source, isReported: false))
            prebuilt.append(models.model(for: job.candidates[i]))
        }
        // No line hashes: diagnostics never carry SARIF's line fingerprint, and hashing read the
        // open file up to its last finding on every keystroke.
        let result = Linter.lint(inputs, models: prebuilt, rules: configuration.configuredRules(), knownRuleIDs: knownRuleIDs,
                                 metaSeverities: configuration.metaSeverities(), parallel: false, ruleThreads: ruleThreads,
                                 lineHashes: false)
        return Outcome(findings: result.findings, inputs: read)
    }
}

/// Everything one lint of a document read. Byte arrays compare by storage first, so equal
/// inputs that were never copied compare at once.
struct LintInputs: Sendable, Equatable {
    var bytes: [UInt8]
    var context: [(path: String, bytes: [UInt8])]
    var settingsGeneration: Int

    static func == (a: LintInputs, b: LintInputs) -> Bool {
        a.settingsGeneration == b.settingsGeneration && a.bytes == b.bytes && a.context.count == b.context.count
            && zip(a.context, b.context).allSatisfy { $0.path == $1.path && $0.bytes == $1.bytes }
    }
}

final class ExitBox: @unchecked Sendable {
    private var code: Int32 = 0
    private let lock = Lock()
    func set(_ value: Int32) { lock.lock(); code = value; lock.unlock() }
    func get() -> Int32 { lock.lock(); defer { lock.unlock() }; return code }
}

enum StandardIO {
    /// Writes all of `bytes` to standard output (retrying short writes).
    static func write(_ bytes: [UInt8]) { _ = writeAll(1, bytes) }

    /// Writes all of `bytes` to `fd`, retrying short and interrupted writes; false when the
    /// other end is gone.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool { FileSystem.writeAll(fd, bytes) == 0 }
}
