import Foundation
import ViewLintCore
import ViewLintEngine
import ViewLintModel
import ViewLintProtocol
import ViewLintRules
import ViewLintServer
import ViewLintSyntax

/// `viewlint-bench --server`: the language server's keystroke latency and memory over a long
/// session, driven in process through framed bytes as a client would send them.
///
/// - Latency: a 1,000-line view in a 1,000-file project is open; each `didChange` (one
///   character typed or deleted in its middle) is timed until the diagnostics for that version
///   are published. Median and 90th percentile of `latencyChanges` changes.
/// - Soak: `soakChanges` more changes (rounded up to whole bursts), in bursts of 49 (each burst
///   waits for its publication, so the server lints about once per burst, as it would for fast
///   typing). A burst is odd so that it ends on the other text than the last one published: a
///   lint whose inputs are all the last lint's publishes nothing. Resident memory is read after
///   every burst; from the first tenth on (with new names, from the name table's first reset,
///   since the first tooth of its saw-tooth is still rising before it) the second half's peak is
///   compared with the first half's. With `newNames` every typed text is
///   1,000 names never typed before (`n1234_0 n1234_1 ...` before the comment), so the process's
///   name table grows with every lint unless the server bounds it; the table's size is shown too.
enum ServerBench {
    final class Sink: @unchecked Sendable {
        private let lock = NSLock()
        private var reader = FrameReader()
        private var latest = -1
        private var diagnosticsCount = 0
        private var target: Int?
        private let signal = DispatchSemaphore(value: 0)
        let uri: String

        init(uri: String) { self.uri = uri }

        func take(_ bytes: [UInt8]) {
            lock.lock()
            reader.append(bytes)
            var wake = false
            while let frame = reader.next() {
                guard case .message(let body) = frame, let json = try? JSON.parse(body),
                      json["method"]?.string == "textDocument/publishDiagnostics",
                      json["params"]?["uri"]?.string == uri, let version = json["params"]?["version"]?.int else { continue }
                latest = max(latest, version)
                diagnosticsCount = json["params"]?["diagnostics"]?.array?.count ?? 0
                if let t = target, latest >= t {
                    target = nil
                    wake = true
                }
            }
            lock.unlock()
            if wake { signal.signal() }
        }

        /// Waits until diagnostics for `version` (or later) are published; false on timeout.
        func wait(for version: Int, timeout: Double = 60) -> Bool {
            lock.lock()
            if latest >= version {
                lock.unlock()
                return true
            }
            target = version
            lock.unlock()
            if signal.wait(timeout: .now() + timeout) == .success { return true }
            // Timed out: withdraw the target, or, if the reader met it meanwhile, take back the
            // signal it posts, which would otherwise wake the next wait before its version.
            lock.lock()
            let met = target == nil
            target = nil
            lock.unlock()
            if met { signal.wait() }
            return met
        }

        var lastCount: Int {
            lock.lock()
            defer { lock.unlock() }
            return diagnosticsCount
        }
    }

    /// A view of about `lines` lines that uses a store from the generated project, with one
    /// unused input (a finding) and an edit point in the middle.
    static func bigView(lines: Int) -> String {
        var s = "import SwiftUI\n\nstruct BigView: View {\n    @StateObject private var store = Profile0Store()\n"
        s += "    let title: String\n    let unusedInput: Int\n\n    var body: some View {\n        List {\n"
        let rows = max(10, lines - 14)
        for k in 0..<rows {
            if k == rows / 2 { s += "            // edit point\n" }
            s += "            Text(\"row \(k): \\(title)\").font(.body).padding(\(k % 8))\n"
        }
        s += "        }\n        .task { await store.load() }\n    }\n}\n"
        return s
    }

    /// CPU time of this process (all threads), in seconds: on a loaded machine, what a change
    /// costs regardless of how long it waited for a core.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    static func run(work: String, files: Int, viewLines: Int, latencyChanges: Int, soakChanges: Int, newNames: Bool = false) {
        // The generator writes files of about 100 lines.
        let corpus = generatedCorpus(lines: files * 100, work: work, name: "server-\(files)")
        let viewPath = URL(fileURLWithPath: corpus.root).standardizedFileURL.path + "/Sources/App/BigView.swift"
        let text = bigView(lines: viewLines)
        try? Data(text.utf8).write(to: URL(fileURLWithPath: viewPath))
        let editLine = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("// edit point") }!
        let uri = URL(fileURLWithPath: viewPath).absoluteString
        let rootURI = URL(fileURLWithPath: corpus.root).standardizedFileURL.absoluteString

        let sink = Sink(uri: uri)
        // As `viewlint server` runs it: the table is this process's, bounded as in the server.
        var options = LanguageServer.Options()
        options.nameTableFloor = LanguageServer.defaultNameTableFloor
        let server = LanguageServer(options: options, output: { sink.take($0) })
        func send(_ message: Message) { server.receive(message.framed) }
        var version = 1
        var typed = 0
        var soaking = false
        func change() -> Message {
            version += 1
            // Type a character, then delete it: the text keeps its size over the session. A new
            // name goes before the comment, where it is code.
            let insert = version % 2 == 0
            let text = !insert ? "" : soaking && newNames ? (0..<1_000).map { "n\(version)_\($0) " }.joined() : "x"
            let column = soaking && newNames ? 12 : 15
            let range = TextRange(start: Position(line: editLine, character: column),
                                  end: Position(line: editLine, character: column + (insert ? 0 : typed)))
            typed = text.utf16.count
            return .notification(method: "textDocument/didChange", params: [
                "textDocument": ["uri": .string(uri), "version": .int(version)],
                "contentChanges": [["range": range.json, "text": .string(text)]],
            ])
        }

        let started = Measure.now()
        send(.request(id: 1, method: "initialize", params: ["rootUri": .string(rootURI), "capabilities": [:]]))
        send(.notification(method: "initialized", params: [:]))
        send(.notification(method: "textDocument/didOpen", params: ["textDocument": [
            "uri": .string(uri), "languageId": "swift", "version": 1, "text": .string(text),
        ]]))
        guard sink.wait(for: 1, timeout: 300) else { fail("the server published nothing for the opened view") }
        let firstPublish = Measure.now() - started
        let projectFiles = corpus.files.filter { !$0.hasSuffix("/BigView.swift") }.count + 1
        print("viewlint-bench --server: \(projectFiles) files in the project, the open view \(viewLines) lines")
        print("first publication after initialize (reads the project): \(formatNumber(firstPublish * 1000, decimals: 0)) ms, "
              + "\(sink.lastCount) finding(s)")

        var latencies: [Double] = []
        let cpuStart = cpuSeconds()
        for _ in 0..<latencyChanges {
            let t0 = Measure.now()
            send(change())
            guard sink.wait(for: version) else { fail("no publication for version \(version)") }
            latencies.append(Measure.now() - t0)
        }
        let cpuPerChange = (cpuSeconds() - cpuStart) / Double(latencyChanges) * 1000
        latencies.sort()
        let median = Measure.median(latencies) * 1000
        let p90 = latencies[min(latencies.count - 1, latencies.count * 9 / 10)] * 1000
        print("")
        print("| measure | result | target | |")
        print("|---|---|---|---|")
        row("didChange to publishDiagnostics, median of \(latencyChanges)", "\(formatNumber(median, decimals: 1)) ms", "< 20 ms", median < 20)
        row("didChange to publishDiagnostics, 90th percentile", "\(formatNumber(p90, decimals: 1)) ms", "", nil)
        row("CPU time per change (all threads: framing, edit, context, rules, publishing)",
            "\(formatNumber(cpuPerChange, decimals: 1)) ms", "< 20 ms", cpuPerChange < 20)

        stages(root: corpus.root, viewPath: viewPath, text: text, runs: 30)

        guard soakChanges > 0 else { return }
        soaking = true
        let soakStart = Measure.now()
        var names: [Int] = []
        let burst = 49
        var sent = 0
        var warm = 0
        var middle = 0
        // Resident memory after every burst from the first tenth on, and where the name table
        // was first emptied (its count fell).
        var samples: [(sent: Int, resident: Int)] = []
        var firstReset: Int?
        var lastCount = NameTable.shared.count
        while sent < soakChanges {
            var bytes: [UInt8] = []
            for _ in 0..<burst { bytes += change().framed }
            sent += burst
            server.receive(bytes)
            // A lint that started mid-burst may have met the burst's last text already (every
            // other change restores the same text): the server then finds nothing changed and
            // publishes nothing more, so the burst is done once the server has settled on it.
            var waited = 0.0
            while !sink.wait(for: version, timeout: 0.25) {
                if server.sync({ server.settledVersion(of: uri) }) == version { break }
                waited += 0.25
                guard waited < 60 else { fail("no publication for version \(version) in the soak") }
            }
            if warm == 0 && sent >= soakChanges / 10 { warm = residentBytes(); names.append(NameTable.shared.count) }
            if middle == 0 && sent >= soakChanges / 2 { middle = residentBytes(); names.append(NameTable.shared.count) }
            let count = NameTable.shared.count
            if count < lastCount && firstReset == nil { firstReset = sent }
            lastCount = count
            if warm != 0 { samples.append((sent, residentBytes())) }
        }
        let end = residentBytes()
        names.append(NameTable.shared.count)
        let lints = server.sync { server.lintCount }
        // Peaks, not points: with new names the table fills and is emptied again, so memory
        // saw-tooths and one reading lands anywhere on a tooth; and until the first reset the
        // first tooth is still rising. Bounded means: from the first tenth (with new names, from
        // the first reset) to the end, the second half's peak is no higher than the first's.
        func megabytes(_ bytes: Int) -> String { "\(formatNumber(Double(bytes) / 1_048_576, decimals: 1)) MB" }
        let from = newNames ? firstReset : soakChanges / 10
        var peaks = (first: 0, second: 0)
        if let from {
            let half = (from + sent) / 2
            for sample in samples where sample.sent >= from {
                if sample.sent < half { peaks.first = max(peaks.first, sample.resident) } else { peaks.second = max(peaks.second, sample.resident) }
            }
        }
        let compared = from.map { "peaks from change \(formatNumber(Double($0))) on, first half → second: "
            + "\(megabytes(peaks.first)) → \(megabytes(peaks.second))" } ?? "the name table was never emptied: soak longer"
        row("soak: \(formatNumber(Double(sent))) changes (\(formatNumber(Double(lints))) lints) in "
            + "\(formatNumber(Measure.now() - soakStart, decimals: 0)) s; resident memory after the first tenth → half → end",
            "\(megabytes(warm)) → \(megabytes(middle)) (half) → \(megabytes(end)); \(compared)",
            "does not grow (second half's peak < first's + 5 MB)",
            // With new names and no reset the table was never bounded: that is the failure.
            from == nil ? (newNames ? false : nil)
                : peaks.first == 0 ? nil : Double(peaks.second - peaks.first) / 1_048_576 < 5)
        row("names in the process's table then\(newNames ? ", 1,000 new names typed on every other change" : "")",
            names.map { formatNumber(Double($0)) }.joined(separator: " → "),
            "at most \(formatNumber(Double(LanguageServer.defaultNameTableFloor))) or twice the live names", nil)
    }

    /// Where one keystroke's lint goes, stage by stage, as the server's lint runs them: the
    /// edited file's model (tokens, tree, model), the choice of its context (context models
    /// cached, as in the server), the project model over the chosen files, and each rule. Medians
    /// of `runs` lints of the view, in process, one thread, in CPU time (the machines are shared).
    static func stages(root: String, viewPath: String, text: String, runs: Int) {
        var candidates: [ContextSelection.Candidate] = []
        if let enumerator = FileManager.default.enumerator(atPath: root) {
            for case let relative as String in enumerator where relative.hasSuffix(".swift") {
                let path = root + "/" + relative
                guard path != viewPath, let data = FileManager.default.contents(atPath: path) else { continue }
                candidates.append(ContextSelection.Candidate(path: path, bytes: Array(data)))
            }
        }
        candidates.sort { $0.path < $1.path }
        var models: [Int: FileModel] = [:]
        var mentions: [Int: (key: String, value: Bool)] = [:]
        let rules = Configuration.default.configuredRules()
        var tokenize: [Double] = [], parse: [Double] = [], extract: [Double] = [], select: [Double] = []
        var project: [Double] = [], ruleTotal: [Double] = [], whole: [Double] = []
        var perRule: [String: [Double]] = [:]
        var contextCount = 0
        for run in 0..<runs {
            // A different text each run, as a keystroke gives.
            let source = SourceFile(path: viewPath, bytes: Array((text + (run % 2 == 0 ? "" : " ")).utf8))
            let t0 = threadSeconds()
            let tokens = Lexer.tokenize(source)
            let t1 = threadSeconds()
            let tree = Parser.parse(tokens)
            let t2 = threadSeconds()
            let model = FileModel.extract(from: tree)
            let t3 = threadSeconds()
            let chosen = ContextSelection.select(reported: [source], candidates: candidates, model: { i in
                if let m = models[i] { return m }
                let m = FileModel.build(candidates[i].source)
                models[i] = m
                return m
            }, reportedModels: [model], reportedTokens: [tokens], mentions: { i, key, scan in
                if let m = mentions[i], m.key == key { return m.value }
                let value = scan()
                mentions[i] = (key, value)
                return value
            })
            let t4 = threadSeconds()
            contextCount = chosen.count
            var inputs = [LintInput(source: source, displayPath: viewPath)]
            var prebuilt: [FileModel?] = [model]
            for i in chosen {
                inputs.append(LintInput(source: candidates[i].source, isReported: false))
                prebuilt.append(models[i] ?? FileModel.build(candidates[i].source))
            }
            let result = Linter.lint(inputs, models: prebuilt, rules: rules, knownRuleIDs: Set(RuleRegistry.ids), parallel: false,
                                     timesEachRule: true)
            let t5 = threadSeconds()
            if run == 0 { continue }
            tokenize.append(t1 - t0)
            parse.append(t2 - t1)
            extract.append(t3 - t2)
            select.append(t4 - t3)
            project.append(result.timings.project)
            ruleTotal.append(t5 - t4 - result.timings.project)
            whole.append(t5 - t0)
            for (id, seconds) in result.timings.perRule { perRule[id, default: []].append(seconds) }
        }
        func ms(_ values: [Double]) -> String { formatNumber(Measure.median(values) * 1000, decimals: 2) + " ms" }
        print("")
        print("One lint of the view, stage by stage (median of \(runs - 1), CPU time of one thread, \(contextCount) context file(s)):")
        print("| stage | time |")
        print("|---|---|")
        print("| tokenize the view | \(ms(tokenize)) |")
        print("| parse the view | \(ms(parse)) |")
        print("| the view's model | \(ms(extract)) |")
        print("| choose the context | \(ms(select)) |")
        print("| project model | \(ms(project)) |")
        print("| rules (\(rules.count)) | \(ms(ruleTotal)) |")
        print("| the whole lint | \(ms(whole)) |")
        let top = perRule.map { ($0.key, Measure.median($0.value)) }.sorted { $0.1 > $1.1 }.prefix(15)
        print("Slowest rules (wall time): " + top.map { "\($0.0) \(formatNumber($0.1 * 1000, decimals: 2))" }.joined(separator: ", ") + " (ms)")
    }

    /// CPU time of the calling thread, in seconds.
    static func threadSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
