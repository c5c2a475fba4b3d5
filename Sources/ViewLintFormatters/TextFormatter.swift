import ViewLintCore

/// The Xcode/clang form: `path:line:column: severity: message [rule_id]`, one finding a line.
/// With `color`, the severity is coloured and the source line follows with a caret under the
/// column, like modern compilers print. Control characters from paths and source never reach
/// the terminal: they are shown as `\u{1B}`-style escapes.
public struct TextFormatter: Sendable {
    public var color: Bool
    public var showSource: Bool

    public init(color: Bool = false, showSource: Bool? = nil) {
        self.color = color
        self.showSource = showSource ?? color
    }

    public func format(_ findings: [Finding]) -> String {
        var out = ""
        for finding in findings {
            out += line(for: finding)
            out += "\n"
            if showSource {
                out += sourceExcerpt(finding)
            }
        }
        return out
    }

    public func line(for finding: Finding) -> String {
        let severity = finding.severity.rawValue
        let coloredSeverity = color ? "\(TextFormatter.colorCode(finding.severity))\(severity)\u{1B}[0m" : severity
        let location = "\(TextFormatter.sanitize(finding.path)):\(finding.start.line):\(finding.start.column)"
        let head = color ? "\u{1B}[1m\(location):\u{1B}[0m" : "\(location):"
        return "\(head) \(coloredSeverity): \(TextFormatter.sanitize(finding.message)) [\(finding.ruleID)]"
    }

    /// The finding's source line and a caret (with tildes to the end of the flagged text).
    func sourceExcerpt(_ finding: Finding) -> String {
        let text = TextFormatter.sanitize(TextFormatter.expandTabs(finding.lineText))
        var caretLine = ""
        // Columns count scalars; tabs were expanded to single spaces above, so they line up.
        let startColumn = max(1, finding.start.column)
        caretLine += String(repeating: " ", count: startColumn - 1)
        let width = finding.end.line == finding.start.line ? max(1, finding.end.column - finding.start.column) : 1
        caretLine += "^" + String(repeating: "~", count: width - 1)
        let caret = color ? "\u{1B}[32m\(caretLine)\u{1B}[0m" : caretLine
        return "    \(text)\n    \(caret)\n"
    }

    static func expandTabs(_ text: String) -> String {
        String(text.map { $0 == "\t" ? " " : $0 })
    }

    static func colorCode(_ severity: Severity) -> String {
        switch severity {
        case .error: return "\u{1B}[1;31m"
        case .warning: return "\u{1B}[1;35m"
        case .note: return "\u{1B}[1;36m"
        }
    }

    /// Replaces C0 and C1 control characters (escape, carriage return, backspace, ...) and
    /// line/paragraph separators with visible escapes, so a file name or message can neither
    /// move the cursor nor break the one-finding-per-line format.
    public static func sanitize(_ text: String) -> String {
        var needs = false
        for scalar in text.unicodeScalars where isUnsafe(scalar) {
            needs = true
            break
        }
        if !needs { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out.append(contentsOf: "\\u{\(hex)}".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    static func isUnsafe(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        return v < 0x20 && v != 0x09 || v == 0x7F || (v >= 0x80 && v < 0xA0) || v == 0x2028 || v == 0x2029
            || (v >= 0x202A && v <= 0x202E) || (v >= 0x2066 && v <= 0x2069)
    }
}
