import ViewLintEngine
import ViewLintModel
import ViewLintSyntax

/// The Swift files of one project (a workspace folder, or the package around a file opened
/// outside every folder), kept in memory: read once from disk, then updated from the editor's
/// unsaved text and from watched-file events. Linting an open file chooses its context from
/// here, never from disk.
struct Project: Sendable {
    var root: String
    /// Candidates in path order; `index` finds one by path.
    private(set) var files: [ContextSelection.Candidate] = []
    private var index: [String: Int] = [:]
    /// False while the first read is under way, or when the folder was too large to read.
    var loaded = false

    init(root: String) { self.root = root }

    func contains(path: String) -> Bool { path.hasPrefix(root == "/" ? "/" : root + "/") }

    func candidate(_ path: String) -> ContextSelection.Candidate? { index[path].map { files[$0] } }

    mutating func replaceAll(_ candidates: [ContextSelection.Candidate]) {
        files = candidates.sorted { $0.path < $1.path }
        index = [:]
        for (i, c) in files.enumerated() { index[c.path] = i }
    }

    /// Sets a file's text (new or changed); a no-op when it is unchanged.
    mutating func update(_ path: String, bytes: [UInt8]) {
        if let i = index[path] {
            if files[i].bytes != bytes { files[i] = ContextSelection.Candidate(path: path, bytes: bytes) }
        } else {
            files.append(ContextSelection.Candidate(path: path, bytes: bytes))
            index[path] = files.count - 1
        }
    }

    mutating func remove(_ path: String) {
        guard let i = index.removeValue(forKey: path) else { return }
        files.remove(at: i)
        for k in i..<files.count { index[files[k].path] = k }
    }
}

/// Models of context files, built once per file text. Linting runs on one queue at a time, so
/// this is only ever used from that queue.
final class ModelCache: @unchecked Sendable {
    private var entries: [String: (bytes: [UInt8], model: FileModel)] = [:]

    func model(for candidate: ContextSelection.Candidate) -> FileModel {
        // Array equality first compares storage identity, so an unchanged file costs nothing.
        if let entry = entries[candidate.path], entry.bytes == candidate.bytes { return entry.model }
        let model = FileModel.build(candidate.source)
        entries[candidate.path] = (candidate.bytes, model)
        return model
    }

    private var mentionEntries: [String: (bytes: [UInt8], key: String, mentions: Bool)] = [:]

    /// Whether a candidate mentions the words `key` stands for: scanned once per file text and
    /// set of words, which stays the same over most keystrokes.
    func mentions(_ candidate: ContextSelection.Candidate, key: String, scan: () -> Bool) -> Bool {
        if let entry = mentionEntries[candidate.path], entry.key == key, entry.bytes == candidate.bytes { return entry.mentions }
        let result = scan()
        mentionEntries[candidate.path] = (candidate.bytes, key, result)
        return result
    }

    /// Forgets files that are no longer in any project, so the cache does not outgrow them.
    func retain(only paths: Set<String>) {
        for key in entries.keys where !paths.contains(key) { entries.removeValue(forKey: key) }
        for key in mentionEntries.keys where !paths.contains(key) { mentionEntries.removeValue(forKey: key) }
    }

    var count: Int { entries.count }

    /// Names the table held after the first lint that followed the last reset: about as many
    /// as the live models use.
    private var liveNames = 0
    private var measuringLiveNames = false

    /// Keeps the process's name table bounded over a long session, where every keystroke's
    /// re-extraction interns the names typed so far (`co`, `cou`, `count`) and names of deleted
    /// code are never freed. After a lint: when the table holds more than `floor` names and more
    /// than twice as many as the live models used, the models are dropped and the table emptied
    /// (`NameTable.reset`); the next lint extracts the models it needs again, once. Returns
    /// whether it emptied the table. Only for a process whose only user of the table is this
    /// server, on the lint queue.
    @discardableResult
    func boundNames(floor: Int, table: NameTable = .shared) -> Bool {
        let names = table.count
        if measuringLiveNames {
            liveNames = names
            measuringLiveNames = false
        }
        guard names > max(floor, 2 * liveNames) else { return false }
        entries = [:]
        table.reset()
        measuringLiveNames = true
        return true
    }
}
