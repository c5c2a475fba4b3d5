import ViewLintCore
import ViewLintSyntax

/// Findings a team has accepted for now, so that a run reports only new ones.
///
/// A finding is identified by its rule, its file, the declaration it is about (`symbol`, such as
/// `ProfileHeader.lastUpdated`) and its occurrence: the n-th finding of that rule about that
/// declaration in that file, in file order. Line numbers and message text are deliberately not
/// part of it: code added above a finding, or a rule's message reworded, must not bring back
/// findings the baseline already holds.
///
/// The file is JSON, one entry per line, sorted, so it diffs and merges well:
///
///     {
///       "version": 1,
///       "findings": [
///         {"rule": "unused_stored_input", "path": "Sources/Header.swift", "symbol": "Header.unused", "occurrence": 1}
///       ]
///     }
///
/// Paths are relative to the baseline file's directory, so the file works from any working directory.
public struct Baseline: Sendable, Hashable {
    public struct Entry: Sendable, Hashable, Comparable {
        public var rule: String
        public var path: String
        public var symbol: String
        /// 1-based.
        public var occurrence: Int

        public init(rule: String, path: String, symbol: String, occurrence: Int) {
            self.rule = rule
            self.path = path
            self.symbol = symbol
            self.occurrence = occurrence
        }

        public static func < (a: Entry, b: Entry) -> Bool {
            if a.path != b.path { return a.path.utf8.lexicographicallyPrecedes(b.path.utf8) }
            if a.rule != b.rule { return a.rule < b.rule }
            if a.symbol != b.symbol { return a.symbol.utf8.lexicographicallyPrecedes(b.symbol.utf8) }
            return a.occurrence < b.occurrence
        }
    }

    /// What a run covered, so that entries outside it are neither called stale nor dropped.
    public struct Scope {
        /// Baseline-relative paths of the files this run linted.
        public var lintedPaths: Set<String>
        /// Rules that ran.
        public var rules: Set<String>
        /// Whether a baseline-relative path no longer exists (its entries can never match again).
        public var isMissing: (String) -> Bool

        public init(lintedPaths: Set<String>, rules: Set<String>, isMissing: @escaping (String) -> Bool = { _ in false }) {
            self.lintedPaths = lintedPaths
            self.rules = rules
            self.isMissing = isMissing
        }

        func covers(_ entry: Entry) -> Bool {
            rules.contains(entry.rule) && (lintedPaths.contains(entry.path) || isMissing(entry.path))
        }
    }

    public struct Outcome: Sendable {
        /// Findings not in the baseline: what the run reports.
        public var newFindings: [Finding]
        /// Findings the baseline holds.
        public var baselined: [Finding]
        /// Entries for files and rules this run covered that matched no finding: fixed, so the
        /// baseline can shrink.
        public var stale: [Entry]
    }

    public static let formatVersion = 1

    /// Sorted, without duplicates.
    public private(set) var entries: [Entry]

    public init(entries: [Entry]) {
        self.entries = Array(Set(entries)).sorted()
    }

    /// The entries that stand for `findings`, in the same order. `path` maps a finding to its
    /// baseline-relative path.
    public static func entries(for findings: [Finding], path: (Finding) -> String) -> [Entry] {
        let order = findings.indices.sorted { Finding.ordered(findings[$0], findings[$1]) }
        var seen: [Entry: Int] = [:]
        var result = [Entry](repeating: Entry(rule: "", path: "", symbol: "", occurrence: 0), count: findings.count)
        for i in order {
            var key = Entry(rule: findings[i].ruleID, path: path(findings[i]), symbol: findings[i].symbol, occurrence: 0)
            let n = (seen[key] ?? 0) + 1
            seen[key] = n
            key.occurrence = n
            result[i] = key
        }
        return result
    }

    public init(findings: [Finding], path: (Finding) -> String) {
        self.init(entries: Baseline.entries(for: findings, path: path))
    }

    /// Splits `findings` into new and baselined ones, and finds the stale entries.
    public func apply(to findings: [Finding], path: (Finding) -> String, scope: Scope) -> Outcome {
        let keys = Baseline.entries(for: findings, path: path)
        let known = Set(entries)
        var outcome = Outcome(newFindings: [], baselined: [], stale: [])
        var matched: Set<Entry> = []
        for (finding, key) in zip(findings, keys) {
            if known.contains(key) {
                outcome.baselined.append(finding)
                matched.insert(key)
            } else {
                outcome.newFindings.append(finding)
            }
        }
        outcome.stale = entries.filter { !matched.contains($0) && scope.covers($0) }
        return outcome
    }

    /// This baseline with the part `scope` covers replaced by `findings`: entries for files and
    /// rules outside the run are kept, so writing a baseline from a partial run loses nothing.
    public func updated(with findings: [Finding], path: (Finding) -> String, scope: Scope) -> Baseline {
        let kept = entries.filter { !scope.covers($0) }
        return Baseline(entries: kept + Baseline.entries(for: findings, path: path))
    }

    public func encoded() -> String {
        var out = "{\n  \"version\": \(Baseline.formatVersion),\n  \"findings\": ["
        for (i, e) in entries.enumerated() {
            out += i == 0 ? "\n" : ",\n"
            out += "    {\"rule\": \(JSONString.quoted(e.rule)), \"path\": \(JSONString.quoted(e.path)), "
            out += "\"symbol\": \(JSONString.quoted(e.symbol)), \"occurrence\": \(e.occurrence)}"
        }
        out += entries.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return out
    }

    public static func decode(_ bytes: [UInt8], path: String) throws(ConfigurationError) -> Baseline {
        func fail(_ message: String, _ position: TextPosition) -> ConfigurationError {
            ConfigurationError([ConfigurationError.Problem(path: path, position: position, message: message)])
        }
        let root: JSONText.Value
        let rootPosition: TextPosition
        do {
            (root, rootPosition) = try JSONText.parse(bytes)
        } catch {
            throw fail("not a valid baseline: \(error.message)", error.position)
        }
        guard case .object(let members) = root else {
            throw fail("a baseline is a JSON object with 'version' and 'findings', not \(root.kindDescription)", rootPosition)
        }
        var version: Int? = nil
        var list: [JSONText.Item]? = nil
        for m in members {
            switch m.key {
            case "version":
                guard case .number(let text) = m.value, let v = Int(text) else {
                    throw fail("'version' must be a whole number", m.position)
                }
                guard v == formatVersion else {
                    throw fail("baseline format version \(v) is not supported (this viewlint writes version \(formatVersion)); write it again with --write-baseline",
                               m.position)
                }
                version = v
            case "findings":
                guard case .array(let items) = m.value else { throw fail("'findings' must be an array", m.position) }
                list = items
            default:
                throw fail("unknown key '\(m.key)' in a baseline", m.keyPosition)
            }
        }
        guard version != nil else { throw fail("the baseline has no 'version'", rootPosition) }
        guard let list else { throw fail("the baseline has no 'findings'", rootPosition) }
        var entries: [Entry] = []
        entries.reserveCapacity(list.count)
        for element in list {
            let item = element.value
            let position = element.position
            guard case .object(let fields) = item else {
                throw fail("each finding is an object with rule, path, symbol and occurrence, not \(item.kindDescription)", position)
            }
            var strings: [String: String] = [:]
            var occurrence: Int? = nil
            for f in fields {
                switch f.key {
                case "rule", "path", "symbol":
                    guard case .string(let s) = f.value else { throw fail("'\(f.key)' must be a string", f.position) }
                    strings[f.key] = s
                case "occurrence":
                    guard case .number(let text) = f.value, let n = Int(text), n >= 1 else {
                        throw fail("'occurrence' must be a whole number of at least 1", f.position)
                    }
                    occurrence = n
                default:
                    throw fail("unknown key '\(f.key)' in a baseline finding", f.keyPosition)
                }
            }
            for key in ["rule", "path", "symbol"] where strings[key] == nil {
                throw fail("the finding has no '\(key)'", position)
            }
            guard let occurrence else { throw fail("the finding has no 'occurrence'", position) }
            entries.append(Entry(rule: strings["rule"]!, path: strings["path"]!, symbol: strings["symbol"]!,
                                 occurrence: occurrence))
        }
        return Baseline(entries: entries)
    }
}
