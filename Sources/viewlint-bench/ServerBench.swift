import Foundation
import ViewLintProtocol
import ViewLintServer

/// `viewlint-bench --server`: the language server's keystroke latency and memory over a long
/// session, driven in process through framed bytes as a client would send them.
///
/// - Latency: a 1,000-line view in a 1,000-file project is open; each `didChange` (one
///   character typed or deleted in its middle) is timed until the diagnostics for that version
///   are published. Median and 90th percentile of `latencyChanges` changes.
/// - Soak: `soakChanges` more changes, in bursts of 50 (each burst waits for its publication,
///   so the server lints about once per burst, as it would for fast typing). The resident
///   memory after the first tenth is compared with the memory at the end.
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
            return signal.wait(timeout: .now() + timeout) == .success
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

    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    static func run(work: String, files: Int, viewLines: Int, latencyChanges: Int, soakChanges: Int) {
        // The generator writes files of about 100 lines.
        let corpus = generatedCorpus(lines: files * 100, work: work, name: "server-\(files)")
        let viewPath = URL(fileURLWithPath: corpus.root).standardizedFileURL.path + "/Sources/App/BigView.swift"
        let text = bigView(lines: viewLines)
        try? Data(text.utf8).write(to: URL(fileURLWithPath: viewPath))
        let editLine = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("// edit point") }!
        let uri = URL(fileURLWithPath: viewPath).absoluteString
        let rootURI = URL(fileURLWithPath: corpus.root).standardizedFileURL.absoluteString

        let sink = Sink(uri: uri)
        let server = LanguageServer(output: { sink.take($0) })
        func send(_ message: Message) { server.receive(message.framed) }
        var version = 1
        func change() -> Message {
            version += 1
            // Type a character, then delete it: the text keeps its size over the session.
            let insert = version % 2 == 0
            let range = TextRange(start: Position(line: editLine, character: 15),
                                  end: Position(line: editLine, character: insert ? 15 : 16))
            return .notification(method: "textDocument/didChange", params: [
                "textDocument": ["uri": .string(uri), "version": .int(version)],
                "contentChanges": [["range": range.json, "text": insert ? "x" : ""]],
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
        print("viewlint-bench --server: \(corpus.files.count + 1) files in the project, the open view \(viewLines) lines")
        print("first publication after initialize (reads the project): \(formatNumber(firstPublish * 1000, decimals: 0)) ms, "
              + "\(sink.lastCount) finding(s)")

        var latencies: [Double] = []
        for _ in 0..<latencyChanges {
            let t0 = Measure.now()
            send(change())
            guard sink.wait(for: version) else { fail("no publication for version \(version)") }
            latencies.append(Measure.now() - t0)
        }
        latencies.sort()
        let median = Measure.median(latencies) * 1000
        let p90 = latencies[min(latencies.count - 1, latencies.count * 9 / 10)] * 1000
        print("")
        print("| measure | result | target | |")
        print("|---|---|---|---|")
        row("didChange to publishDiagnostics, median of \(latencyChanges)", "\(formatNumber(median, decimals: 1)) ms", "< 20 ms", median < 20)
        row("didChange to publishDiagnostics, 90th percentile", "\(formatNumber(p90, decimals: 1)) ms", "", nil)

        guard soakChanges > 0 else { return }
        let soakStart = Measure.now()
        let burst = 50
        var sent = 0
        var warm = 0
        while sent < soakChanges {
            var bytes: [UInt8] = []
            for _ in 0..<min(burst, soakChanges - sent) { bytes += change().framed }
            sent += min(burst, soakChanges - sent)
            server.receive(bytes)
            guard sink.wait(for: version) else { fail("no publication for version \(version) in the soak") }
            if warm == 0 && sent >= soakChanges / 10 { warm = residentBytes() }
        }
        let end = residentBytes()
        let lints = server.sync { server.lintCount }
        let growth = Double(end - warm) / 1_048_576
        row("soak: \(formatNumber(Double(soakChanges))) changes (\(formatNumber(Double(lints))) lints) in "
            + "\(formatNumber(Measure.now() - soakStart, decimals: 0)) s; resident memory after the first tenth → end",
            "\(formatNumber(Double(warm) / 1_048_576, decimals: 1)) MB → \(formatNumber(Double(end) / 1_048_576, decimals: 1)) MB",
            "does not grow (< 5 MB)", growth < 5)
    }
}
