import ViewLintCore

/// Everything a formatter turns into bytes: the findings, the metadata of the rules that ran, and
/// facts about the run. The command line gathers it (it is the only code that looks at the file
/// system or the environment); formatters are pure functions of it.
public struct Report: Sendable {
    /// Findings that were not suppressed, in output order.
    public var findings: [Finding]
    /// Findings silenced by an in-source suppression (SARIF keeps them, marked as suppressed).
    public var suppressedFindings: [Finding]
    /// Every rule that ran, in registry order.
    public var rules: [RuleDescription]
    public var run: RunInfo

    public init(findings: [Finding], suppressedFindings: [Finding] = [], rules: [RuleDescription], run: RunInfo) {
        self.findings = findings
        self.suppressedFindings = suppressedFindings
        self.rules = rules
        self.run = run
    }
}

/// Facts about one run of viewlint.
public struct RunInfo: Sendable {
    public var toolVersion: String
    /// The project's home page (SARIF `informationUri`).
    public var informationURI: String
    public var filesLinted: Int
    /// The absolute directory viewlint ran in; finding paths that are relative are relative to it.
    public var currentDirectory: String
    /// The absolute root of the enclosing git work tree, if there is one. SARIF and GitHub
    /// annotations name files relative to it, since that is how code review tools find them.
    public var repositoryRoot: String?
    /// False when some input could not be read, so the report does not cover everything asked.
    public var executionSuccessful: Bool
    /// Problems with inputs (unreadable, binary, invalid UTF-8), reported as SARIF notifications.
    public var notes: [InputNote]

    public init(toolVersion: String, informationURI: String, filesLinted: Int, currentDirectory: String,
                repositoryRoot: String?, executionSuccessful: Bool = true, notes: [InputNote] = []) {
        self.toolVersion = toolVersion
        self.informationURI = informationURI
        self.filesLinted = filesLinted
        self.currentDirectory = currentDirectory
        self.repositoryRoot = repositoryRoot
        self.executionSuccessful = executionSuccessful
        self.notes = notes
    }

    /// The directory that repository-relative paths start from: the work tree's root, or the
    /// current directory outside a repository.
    public var baseDirectory: String { repositoryRoot ?? currentDirectory }

    /// `path` (as shown in findings: relative to the current directory, or absolute) relative to
    /// `baseDirectory`, with `/` separators and no `.` segments. A file outside the base gets
    /// `..` segments rather than an absolute path, so no path of the machine leaks into a report.
    public func repositoryPath(_ path: String) -> String {
        // The common case, asked once per finding: viewlint runs at the root and the path is
        // already relative and normal; it is its own answer.
        if (repositoryRoot == nil || repositoryRoot == currentDirectory), RunInfo.isNormalRelative(path) { return path }
        let absolute = path.hasPrefix("/") ? path : RunInfo.join(currentDirectory, path)
        let target = RunInfo.segments(absolute)
        let base = RunInfo.segments(baseDirectory)
        var shared = 0
        while shared < target.count && shared < base.count && target[shared] == base[shared] { shared += 1 }
        let parts = Array(repeating: "..", count: base.count - shared) + target[shared...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// A relative path without empty, `.` or `..` segments.
    static func isNormalRelative(_ path: String) -> Bool {
        var segmentStart = true
        var dots = 0
        for byte in path.utf8 {
            if byte == 0x2F {
                if segmentStart || dots == 1 || dots == 2 { return false }
                segmentStart = true
                dots = 0
            } else {
                if segmentStart { dots = 0 }
                dots = byte == 0x2E && (segmentStart || dots > 0) ? dots + 1 : -1
                segmentStart = false
            }
        }
        return !path.isEmpty && !segmentStart && dots != 1 && dots != 2
    }

    static func join(_ directory: String, _ path: String) -> String {
        directory.hasSuffix("/") ? directory + path : directory + "/" + path
    }

    /// The segments of an absolute path with `.`, `..` and empty segments resolved lexically.
    static func segments(_ path: String) -> [String] {
        var result: [String] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                if !result.isEmpty { result.removeLast() }
                continue
            }
            result.append(String(part))
        }
        return result
    }
}

/// The output formats of `viewlint lint --format`.
public enum ReportFormat: String, Sendable, CaseIterable {
    case text, json, sarif, github, checkstyle, junit, codeclimate, markdown, sonarqube

    /// Writes `report` to `sink` as UTF-8. Text, JSON and SARIF, the formats of large reports,
    /// stream their bytes a chunk at a time, so a report of hundreds of megabytes is never
    /// held whole; the others are made as strings.
    public func write(_ report: Report, color: Bool = false, showSource: Bool = false, to sink: ReportSink) {
        switch self {
        case .text: TextFormatter(color: color, showSource: showSource).write(report.findings, to: sink)
        case .json: JSONFormatter().write(report, to: sink)
        case .sarif: SARIFFormatter().write(report, to: sink)
        default: sink(Array(render(report, color: color, showSource: showSource).utf8))
        }
    }

    /// Whether the format prints findings' `lineHashValue` (GitHub's line fingerprint), which
    /// the linter computes only when asked to.
    public var printsLineHashes: Bool { self == .sarif }

    /// Renders `report`. `color` and `showSource` apply to text only.
    public func render(_ report: Report, color: Bool = false, showSource: Bool = false) -> String {
        switch self {
        case .text: return TextFormatter(color: color, showSource: showSource).format(report.findings)
        case .json: return JSONFormatter().format(report)
        case .sarif: return SARIFFormatter().format(report)
        case .github: return GitHubFormatter().format(report)
        case .checkstyle: return CheckstyleFormatter().format(report)
        case .junit: return JUnitFormatter().format(report)
        case .codeclimate: return CodeClimateFormatter().format(report)
        case .markdown: return MarkdownFormatter().format(report)
        case .sonarqube: return SonarQubeFormatter().format(report)
        }
    }
}

/// Where a formatter's output goes: called with each chunk of UTF-8, in order.
public typealias ReportSink = ([UInt8]) -> Void

/// How the streaming formatters hand their output on.
public enum ReportChunk {
    /// About this much is buffered before it is handed to the sink.
    public static let size = 1 << 20

    /// Hands `buffer` to `sink` and empties it (keeping its capacity) once it holds `atLeast`
    /// bytes.
    public static func drain(_ buffer: inout [UInt8], to sink: ReportSink, atLeast: Int = size) {
        guard buffer.count >= atLeast else { return }
        sink(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    /// Everything `write` hands its sink, as one string.
    public static func collect(_ write: (ReportSink) -> Void) -> String {
        var all: [UInt8] = []
        write { all.append(contentsOf: $0) }
        return String(decoding: all, as: UTF8.self)
    }
}
