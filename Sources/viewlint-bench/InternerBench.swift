import Dispatch
import Foundation
import ViewLintModel
import ViewLintSyntax

/// `--interner`: how files extracted in parallel should share name ids, measured on the corpus's
/// identifiers (every identifier token, as the model's extraction meets them). Both designs
/// hash names where they lie in the source through a per-file `FileNames`; they differ in what
/// stands behind it:
/// - per-file tables: each file interns into a table of its own (no sharing while files are
///   extracted), then, when the project model is built, each file's ids are mapped to project
///   ids (one serial pass over the files' names, and every stored id rewritten);
/// - a sharded concurrent table: every file interns straight into one table of sixteen shards,
///   each behind its own lock (what the model does: ids need no mapping afterwards).
enum InternerBench {
    static func run(corpus: Corpus, runs: Int) {
        let files = corpus.files.map { path in
            Lexer.tokenize(SourceFile(path: path, bytes: [UInt8](FileManager.default.contents(atPath: path) ?? Data())))
        }
        let identifiers = files.reduce(0) { $0 + $1.tokens.count { $0.kind == .identifier } }
        print("Interning \(formatNumber(Double(identifiers))) identifiers of \(files.count) files, "
              + "\(ProcessInfo.processInfo.activeProcessorCount) cores, \(runs) runs, medians:")
        print("| design | extraction (parallel), s | project mapping (serial), s | total wall, s | CPU, s |")
        print("|---|---|---|---|---|")
        for parallel in [false, true] {
            var perFile: [(Double, Double, Double)] = []
            var sharded: [(Double, Double, Double)] = []
            for _ in 0..<runs {
                perFile.append(perFileTables(files, parallel: parallel))
                sharded.append(shardedTable(files, parallel: parallel))
            }
            let cores = parallel ? "all cores" : "one core"
            for (name, results) in [("per-file tables, mapped to project ids", perFile), ("sharded table, striped locks", sharded)] {
                let extract = Measure.median(results.map(\.0))
                let mapping = Measure.median(results.map(\.1))
                let cpu = Measure.median(results.map(\.2))
                print("| \(name), \(cores) | \(formatNumber(extract, decimals: 3)) | \(formatNumber(mapping, decimals: 3)) | "
                      + "\(formatNumber(extract + mapping, decimals: 3)) | \(formatNumber(cpu, decimals: 3)) |")
            }
        }
    }

    /// Every identifier token's id in one file, in token order: what the model would store.
    private static func intern(_ file: TokenizedFile, into names: FileNames) -> [NameID] {
        var ids: [NameID] = []
        file.source.bytes.withUnsafeBufferPointer { bytes in
            for token in file.tokens where token.kind == .identifier {
                ids.append(names.id(UnsafeBufferPointer(rebasing: bytes[token.textRange])))
            }
        }
        return ids
    }

    private static func each(_ count: Int, parallel: Bool, _ body: @Sendable (Int) -> [NameID]) -> [[NameID]] {
        let slots = UnsafeMutableBufferPointer<[NameID]>.allocate(capacity: count)
        slots.initialize(repeating: [])
        defer { slots.deallocate() }
        nonisolated(unsafe) let shared = slots
        if parallel {
            DispatchQueue.concurrentPerform(iterations: count) { shared[$0] = body($0) }
        } else {
            for i in 0..<count { shared[i] = body(i) }
        }
        return Array(slots)
    }

    /// (extraction wall time, mapping wall time, CPU time of both).
    private static func perFileTables(_ files: [TokenizedFile], parallel: Bool) -> (Double, Double, Double) {
        let cpu0 = Measure.selfCPUSeconds()
        let t0 = Measure.now()
        let tables = files.map { _ in NameTable(shardBits: 0) }
        let local = each(files.count, parallel: parallel) { f in intern(files[f], into: FileNames(table: tables[f])) }
        let t1 = Measure.now()
        let project = NameTable()
        var mapped = 0
        for (f, ids) in local.enumerated() {
            var toProject: [NameID: NameID] = [:]
            var rewritten: [NameID] = []
            rewritten.reserveCapacity(ids.count)
            for id in ids {
                if let known = toProject[id] {
                    rewritten.append(known)
                } else {
                    let global = project.intern(tables[f].name(of: id))
                    toProject[id] = global
                    rewritten.append(global)
                }
            }
            mapped += rewritten.count
        }
        let t2 = Measure.now()
        precondition(mapped >= 0)
        return (t1 - t0, t2 - t1, Measure.selfCPUSeconds() - cpu0)
    }

    private static func shardedTable(_ files: [TokenizedFile], parallel: Bool) -> (Double, Double, Double) {
        let cpu0 = Measure.selfCPUSeconds()
        let t0 = Measure.now()
        let table = NameTable()
        let ids = each(files.count, parallel: parallel) { f in intern(files[f], into: FileNames(table: table)) }
        let t1 = Measure.now()
        precondition(ids.count == files.count)
        return (t1 - t0, 0, Measure.selfCPUSeconds() - cpu0)
    }
}
