import ViewLintCore
import ViewLintSyntax

/// `--format sarif`: SARIF 2.1.0 as the OASIS schema defines it and as GitHub code scanning
/// consumes it.
///
/// - One run. `tool.driver.rules` lists every rule that ran, with its documentation; results
///   point at it by `ruleId` and `ruleIndex`.
/// - Locations name files relative to the repository root (`uriBaseId` `SRCROOT`), percent-encoded,
///   never by an absolute path: the report is the same on every machine, and GitHub resolves
///   relative URIs against its checkout. Columns count UTF-16 code units (`columnKind`), which
///   is what GitHub and editors expect.
/// - `partialFingerprints` carry GitHub's `primaryLocationLineHash` (computed exactly as its
///   upload action would) and `viewlint/symbol/v1`, which depends on rule, file and declaration
///   only, so it survives lines moving.
/// - Suppressed findings stay in the log with `suppressions: [{kind: inSource}]`.
public struct SARIFFormatter: Sendable {
    public static let schemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    public static let baseID = "SRCROOT"
    public static let symbolFingerprintKey = "viewlint/symbol/v1"

    public init() {}

    public func format(_ report: Report) -> String {
        ReportChunk.collect { write(report, to: $0) }
    }

    /// The log as UTF-8. Everything but the results is small and built as values; the results
    /// are streamed into the output one by one.
    public func write(_ report: Report, to sink: ReportSink) {
        var ruleIndex: [String: Int] = [:]
        for (i, rule) in report.rules.enumerated() where ruleIndex[rule.id] == nil { ruleIndex[rule.id] = i }

        var invocation: [(String, JSONValue)] = [("executionSuccessful", .bool(report.run.executionSuccessful))]
        if !report.run.notes.isEmpty {
            invocation.append(("toolExecutionNotifications", .array(report.run.notes.map { notification($0, report.run) })))
        }
        let driver: [(String, JSONValue)] = [
            ("name", .string("viewlint")),
            ("version", .string(report.run.toolVersion)),
            ("semanticVersion", .string(report.run.toolVersion)),
            ("informationUri", .string(report.run.informationURI)),
            ("rules", .array(report.rules.map(SARIFFormatter.rule))),
        ]
        let runHead: [(String, JSONValue)] = [
            ("tool", .object([("driver", .object(driver))])),
            ("invocations", .array([.object(invocation)])),
            ("originalUriBaseIds", .object([
                (SARIFFormatter.baseID, .object([
                    ("description", .object([("text", .string(
                        "The root of the git work tree viewlint ran in, or the directory it ran in outside a repository."))])),
                ])),
            ])),
            ("columnKind", .string("utf16CodeUnits")),
        ]

        let fingerprinted = SymbolFingerprint.assign(report)
        var json = JSONWriter(capacity: ReportChunk.size + 4096)
        json.beginObject()
        json.member("$schema", SARIFFormatter.schemaURI)
        json.member("version", "2.1.0")
        json.key("runs")
        json.beginArray()
        json.beginObject()
        for (name, value) in runHead {
            json.key(name)
            json.value(value)
        }
        json.key("results")
        json.beginArray()
        // The last rule's index, asked again for the next finding before the dictionary is.
        var lastRule: (id: String, index: Int?)? = nil
        for assigned in fingerprinted {
            // Read through the index: copying each finding out retained every reference it holds.
            let findings = assigned.suppressed ? report.suppressedFindings : report.findings
            let i = assigned.index
            let id = findings[i].ruleID
            if lastRule == nil || lastRule!.id != id { lastRule = (id, ruleIndex[id]) }
            result(findings, i, ruleIndex: lastRule!.index, fingerprint: assigned, run: report.run, into: &json)
            json.drain(to: sink)
        }
        json.endArray()
        json.endObject()
        json.endArray()
        json.endObject()
        json.finish(to: sink)
    }

    static func rule(_ d: RuleDescription) -> JSONValue {
        .object([
            ("id", .string(d.id)),
            ("name", .string(identifierName(d.name))),
            ("shortDescription", .object([("text", .string(d.summary))])),
            ("fullDescription", .object([("text", .string(d.rationale)), ("markdown", .string(d.rationale))])),
            ("help", .object([
                ("text", .string(RuleDocumentation.text(d))),
                ("markdown", .string(RuleDocumentation.markdown(d))),
            ])),
            ("defaultConfiguration", .object([("level", .string(level(d.severity)))])),
            ("properties", .object([
                ("tags", .array(d.tags.map { .string($0) })),
                ("precision", .string(d.precision.rawValue)),
            ])),
        ])
    }

    /// The result of `findings[i]`.
    func result(_ findings: [Finding], _ i: Int, ruleIndex: Int?, fingerprint: SymbolFingerprint.Assigned, run: RunInfo,
                into json: inout JSONWriter) {
        json.beginObject()
        json.member("ruleId", findings[i].ruleID)
        if let ruleIndex { json.member("ruleIndex", ruleIndex) }
        json.member("level", SARIFFormatter.level(findings[i].severity))
        json.key("message")
        json.beginObject()
        json.member("text", findings[i].message)
        json.endObject()
        json.key("locations")
        json.beginArray()
        json.beginObject()
        json.key("physicalLocation")
        json.beginObject()
        json.key("artifactLocation")
        // Written member by member: a `JSONValue` tree per finding was a fifth of its result.
        json.beginObject()
        json.member("uri", fingerprint.uri)
        json.member("uriBaseId", SARIFFormatter.baseID)
        json.endObject()
        json.key("region")
        SARIFFormatter.region(start: findings[i].start, end: findings[i].end, into: &json)
        json.endObject()
        json.endObject()
        json.endArray()
        json.key("partialFingerprints")
        json.beginObject()
        if let lineHash = findings[i].lineHashValue {
            json.key(Finding.lineHashKey)
            json.plainString { lineHash.write(into: &$0) }
        }
        json.key(SARIFFormatter.symbolFingerprintKey)
        json.plainString { fingerprint.write(into: &$0) }
        json.endObject()
        // SARIF fixes need a concrete edit; a fix that is only advice stays in the message.
        let edits = findings[i].fixList.mechanical
        if !edits.isEmpty {
            json.key("fixes")
            json.value(.array(edits.map { fix($0, uri: fingerprint.uri, run: run) }))
        }
        if let suppression = findings[i].suppression {
            var entry: [(String, JSONValue)] = [("kind", .string("inSource"))]
            if let justification = suppression.justification, !justification.isEmpty {
                entry.append(("justification", .string(justification)))
            }
            json.key("suppressions")
            json.value(.array([.object(entry)]))
        }
        json.endObject()
    }

    func artifactLocation(_ uri: String) -> JSONValue {
        .object([("uri", .string(uri)), ("uriBaseId", .string(SARIFFormatter.baseID))])
    }

    /// SARIF columns are UTF-16 code units here; `endColumn` is exclusive, and a region never
    /// ends before it starts.
    static func region(start: SourceLocation, end: SourceLocation, into json: inout JSONWriter) {
        let endLine = max(end.line, start.line)
        let endColumn = endLine == start.line ? max(end.utf16Column, start.utf16Column) : end.utf16Column
        json.beginObject()
        json.member("startLine", start.line)
        json.member("startColumn", start.utf16Column)
        json.member("endLine", endLine)
        json.member("endColumn", endColumn)
        json.endObject()
    }

    /// One `artifactChange` per file the fix edits (a migration edits several), in the order
    /// the files first appear; replacements in file order, as SARIF asks.
    func fix(_ fix: Fix, uri: String, run: RunInfo) -> JSONValue {
        var files: [String?] = []
        for edit in fix.edits where !files.contains(edit.path) { files.append(edit.path) }
        let changes: [JSONValue] = files.map { path in
            let fileURI = path.map { SARIFFormatter.uri(run.repositoryPath($0)) } ?? uri
            let replacements: [JSONValue] = fix.edits.filter { $0.path == path }.sorted { $0.range < $1.range }.map { edit in
                .object([
                    ("deletedRegion", .object([
                        ("byteOffset", .int(edit.range.start)),
                        ("byteLength", .int(edit.range.end - edit.range.start)),
                    ])),
                    ("insertedContent", .object([("text", .string(edit.text))])),
                ])
            }
            return .object([("artifactLocation", artifactLocation(fileURI)), ("replacements", .array(replacements))])
        }
        return .object([
            ("description", .object([("text", .string(fix.summary))])),
            ("artifactChanges", .array(changes)),
            ("properties", .object([("safety", .string(fix.safety.rawValue))])),
        ])
    }

    func notification(_ note: InputNote, _ run: RunInfo) -> JSONValue {
        var location: [(String, JSONValue)] = [("artifactLocation", artifactLocation(SARIFFormatter.uri(run.repositoryPath(note.path))))]
        if let line = note.line { location.append(("region", .object([("startLine", .int(line))]))) }
        return .object([
            ("level", .string(note.level.rawValue)),
            ("message", .object([("text", .string(note.message))])),
            ("locations", .array([.object([("physicalLocation", .object(location))])])),
        ])
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .note: return "note"
        }
    }

    /// SARIF wants a rule `name` that reads as an identifier (`UnusedStoredInput`), distinct
    /// from the `id`; it is made from the rule's title.
    static func identifierName(_ title: String) -> String {
        title.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            .map { $0.prefix(1).uppercased() + $0.dropFirst() }
            .joined()
    }

    /// A relative path as a URI reference: every byte outside RFC 3986's unreserved set (and `/`)
    /// is percent-encoded, so spaces, `%`, `#`, `:` and non-ASCII names survive any consumer.
    public static func uri(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.append(Character(Unicode.Scalar(byte)))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return out
    }
}
