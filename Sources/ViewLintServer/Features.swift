import ViewLintCore
import ViewLintEngine
import ViewLintProtocol
import ViewLintRules

/// Hover and code actions, answered from a document's published findings.
extension LanguageServer {
    /// The reason a suppression inserted by a code action carries until the user writes one.
    static let placeholderReason = "TODO: say why this is fine"

    func hover(_ document: Document, at position: Position?) -> JSON {
        guard let position else { return .null }
        let offset = document.index.offset(of: position)
        let hits = document.findings.filter { $0.start.offset <= offset && offset <= max($0.start.offset, $0.end.offset) }
        guard let first = hits.first else { return .null }
        var parts: [String] = []
        var seen: Set<String> = []
        for finding in hits where seen.insert(finding.ruleID + "\u{0}" + finding.message).inserted {
            var text = "**viewlint** `\(finding.ruleID)`: \(finding.message)"
            if let description = RuleRegistry.rule(id: finding.ruleID)?.description {
                // The summary and rationale `viewlint rules ID` prints.
                text += "\n\n\(description.summary)\n\n\(description.rationale)"
            }
            parts.append(text)
        }
        return [
            "contents": ["kind": "markdown", "value": .string(parts.joined(separator: "\n\n---\n\n"))],
            "range": Diagnostics.range(of: first, in: document.index).json,
        ]
    }

    func codeActions(_ document: Document, in range: TextRange, only: [String]?) -> JSON {
        if let only, !only.contains(where: { LSP.quickFix == $0 || LSP.quickFix.hasPrefix($0 + ".") || $0 == "" }) {
            return []
        }
        var actions: [JSON] = []
        let bytes = document.index.bytes
        for finding in document.findings {
            let findingRange = Diagnostics.range(of: finding, in: document.index)
            guard findingRange.start.line <= range.end.line && findingRange.end.line >= range.start.line else { continue }
            let diagnostic = Diagnostics.diagnostic(for: finding, in: document.index)
            func action(_ title: String, _ edits: [JSON], preferred: Bool = false) -> JSON {
                var a: [String: JSON] = [
                    "title": .string(title), "kind": .string(LSP.quickFix), "diagnostics": [diagnostic],
                    "edit": ["changes": .object([document.uri: .array(edits)])],
                ]
                if preferred { a["isPreferred"] = true }
                return .object(a)
            }
            for fix in finding.fixes {
                guard let replacement = fix.replacement else { continue }
                let r = replacement.range
                let edit: JSON = ["range": document.index.range(of: r.start..<max(r.start, r.end)).json,
                                  "newText": .string(replacement.text)]
                actions.append(action("Fix: \(fix.summary)", [edit], preferred: true))
            }
            // Above the flagged line, indented like it, with the line's own terminator.
            let line = findingRange.start.line
            let lineStart = document.index.offset(of: Position(line: line, character: 0))
            var indentEnd = lineStart
            while indentEnd < bytes.count && (bytes[indentEnd] == 0x20 || bytes[indentEnd] == 0x09) { indentEnd += 1 }
            let indent = String(decoding: bytes[lineStart..<indentEnd], as: UTF8.self)
            let newline = lineTerminator(bytes)
            let lineEdit: JSON = [
                "range": TextRange(start: Position(line: line, character: 0), end: Position(line: line, character: 0)).json,
                "newText": .string("\(indent)// viewlint:disable-next-line \(finding.ruleID) - \(Self.placeholderReason)\(newline)"),
            ]
            actions.append(action("Disable \(finding.ruleID) for this line", [lineEdit]))
            let fileEdit: JSON = [
                "range": TextRange(start: Position(line: 0, character: 0), end: Position(line: 0, character: 0)).json,
                "newText": .string("// viewlint:disable-file \(finding.ruleID) - \(Self.placeholderReason)\(newline)"),
            ]
            actions.append(action("Disable \(finding.ruleID) for this file", [fileEdit]))
        }
        return .array(actions)
    }

    /// The file's first line terminator, so inserted lines match the file.
    func lineTerminator(_ bytes: [UInt8]) -> String {
        guard let i = bytes.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) else { return "\n" }
        if bytes[i] == 0x0A { return "\n" }
        return i + 1 < bytes.count && bytes[i + 1] == 0x0A ? "\r\n" : "\r"
    }
}
