import ViewLintCore
import ViewLintEngine
import ViewLintProtocol
import ViewLintRules
import ViewLintSyntax

/// Findings and configuration problems as LSP diagnostics.
enum Diagnostics {
    /// Each rule's documentation, for `codeDescription`: the rule list in the README.
    static func documentationURL(_ ruleID: String) -> String {
        "https://github.com/viewlint/viewlint/blob/main/README.md#\(ruleID)"
    }

    static let unusedCodeRules: Set<String> = Set(RuleRegistry.all.map { $0.description }.filter { $0.flagsUnusedCode }.map { $0.id })

    static func severity(_ severity: Severity) -> Int {
        switch severity {
        case .error: return LSP.DiagnosticSeverity.error.rawValue
        case .warning: return LSP.DiagnosticSeverity.warning.rawValue
        case .note: return LSP.DiagnosticSeverity.information.rawValue
        }
    }

    static func range(of finding: Finding, in index: LineIndex) -> TextRange {
        index.range(of: finding.start.offset..<max(finding.start.offset, finding.end.offset))
    }

    static func diagnostic(for finding: Finding, in index: LineIndex) -> JSON {
        var d: [String: JSON] = [
            "range": range(of: finding, in: index).json,
            "severity": .int(severity(finding.severity)),
            "code": .string(finding.ruleID),
            "codeDescription": ["href": .string(documentationURL(finding.ruleID))],
            "source": "viewlint",
            "message": .string(finding.message),
        ]
        if unusedCodeRules.contains(finding.ruleID) { d["tags"] = [.int(LSP.DiagnosticTag.unnecessary.rawValue)] }
        return .object(d)
    }

    /// A problem in `.lint.yml`, from its position (1-based line, column in scalars) to the end
    /// of that line; without a position, the first line.
    static func configurationProblem(_ problem: ConfigurationError.Problem, in index: LineIndex) -> JSON {
        let line = max(1, problem.position?.line ?? 1)
        let lineRange = index.file.lineRange(line)
        var offset = lineRange.lowerBound
        if let column = problem.position?.column {
            index.bytes.withUnsafeBufferPointer { buffer in
                var scalars = 1
                while offset < lineRange.upperBound && scalars < column {
                    offset += SourceFile.utf8Sequence(at: offset, in: buffer).length
                    scalars += 1
                }
            }
        }
        let start = line <= index.lineCount ? min(offset, lineRange.upperBound) : index.bytes.count
        let end = line <= index.lineCount ? lineRange.upperBound : index.bytes.count
        return [
            "range": index.range(of: start..<max(start, end)).json,
            "severity": .int(LSP.DiagnosticSeverity.error.rawValue),
            "source": "viewlint",
            "message": .string(problem.message),
        ]
    }
}
