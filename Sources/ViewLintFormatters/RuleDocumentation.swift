import ViewLintCore

/// Renders a rule's description as documentation: the text `viewlint rules ID` prints, and the
/// Markdown that SARIF `help.markdown` carries. Both come from the same `RuleDescription`.
public enum RuleDocumentation {
    /// Examples as they should be shown: without the `↓` markers tests use.
    static func strip(_ code: String) -> String {
        // On bytes: filtering by `Character` broke every example into grapheme clusters, and
        // SARIF writes every rule's examples twice on every run (90 M instructions). The marker
        // `↓` (E2 86 93) is a cluster of its own between ASCII bytes (or the ends of the text);
        // a marker next to other text is left to the character filter.
        let marker = Array(String(RuleExample.marker).utf8)
        var bytes = Array(code.utf8)
        guard bytes.contains(where: { $0 >= 0x80 }) else { return code }
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if i + marker.count <= bytes.count, bytes[i..<(i + marker.count)].elementsEqual(marker) {
                let next = i + marker.count
                guard (next == bytes.count || bytes[next] < 0x80) && (i == 0 || bytes[i - 1] < 0x80) else {
                    return String(code.filter { $0 != RuleExample.marker })
                }
                i = next
                continue
            }
            kept.append(bytes[i])
            i += 1
        }
        bytes = kept
        return String(decoding: bytes, as: UTF8.self)
    }

    public static func markdown(_ d: RuleDescription) -> String {
        var out = "# \(d.name) (`\(d.id)`)\n\n"
        out += "\(d.summary)\n\n"
        out += "Default severity: **\(d.severity.rawValue)**. Tags: \(d.tags.joined(separator: ", ")).\n\n"
        if !d.enabledByDefault { out += "Off by default: turn it on by naming it under `rules:` in `.lint.yml`.\n\n" }
        out += "## Why\n\n\(d.rationale)\n\n"
        if !d.options.isEmpty {
            out += "## Options\n\n"
            for option in d.options {
                out += "- `\(option.key)` (\(option.kind.rawValue), default `\(option.defaultValue)`): \(option.summary)\n"
            }
            out += "\n"
        }
        if !d.triggeringExamples.isEmpty {
            out += "## Reported\n\n"
            for example in d.triggeringExamples { out += "```swift\n\(strip(example.code))\n```\n\n" }
        }
        if !d.nonTriggeringExamples.isEmpty {
            out += "## Not reported\n\n"
            for example in d.nonTriggeringExamples { out += "```swift\n\(strip(example.code))\n```\n\n" }
        }
        if !d.knownLimits.isEmpty {
            out += "## Known limits\n\n"
            for limit in d.knownLimits { out += "- \(limit)\n" }
            out += "\n"
        }
        return out
    }

    /// The index page of the rule documentation: a table of every rule linking its page
    /// (`<id>.md`, beside the index), as `viewlint rules --format markdown --output DIR` writes.
    public static func markdownIndex(_ descriptions: [RuleDescription]) -> String {
        var out = "# viewlint rules\n\n"
        out += "\(descriptions.count) rules. Each runs at its default severity unless `.lint.yml` says otherwise; "
        out += "`viewlint rules ID` prints the same page in a terminal.\n\n"
        out += "| Rule | Default severity | Precision | What it flags |\n|:-----|:-----------------|:----------|:--------------|\n"
        for d in descriptions {
            out += "| [`\(d.id)`](\(d.id).md) | \(d.severity.rawValue) | \(d.precision.rawValue) | \(MarkdownFormatter.cell(d.summary)) |\n"
        }
        return out
    }

    /// Plain text for the terminal.
    public static func text(_ d: RuleDescription) -> String {
        var out = "\(d.id): \(d.name)\n"
        out += "default severity: \(d.severity.rawValue)\n"
        if !d.enabledByDefault { out += "off by default: name it under 'rules:' in .lint.yml to turn it on\n" }
        out += "\n"
        out += "\(d.summary)\n\n"
        out += "WHY\n\(indent(d.rationale))\n\n"
        if !d.options.isEmpty {
            out += "OPTIONS\n"
            for option in d.options {
                out += "  \(option.key) (\(option.kind.rawValue), default \(option.defaultValue))\n"
                out += "      \(option.summary)\n"
            }
            out += "\n"
        }
        if !d.triggeringExamples.isEmpty {
            out += "REPORTED\n"
            for example in d.triggeringExamples { out += indent(strip(example.code)) + "\n\n" }
        }
        if !d.nonTriggeringExamples.isEmpty {
            out += "NOT REPORTED\n"
            for example in d.nonTriggeringExamples { out += indent(strip(example.code)) + "\n\n" }
        }
        if !d.knownLimits.isEmpty {
            out += "KNOWN LIMITS\n"
            for limit in d.knownLimits { out += "  - \(limit)\n" }
        }
        return out
    }

    static func indent(_ text: String) -> String {
        // On bytes: a line feed is a `Character` of its own unless a carriage return precedes
        // it, so without carriage returns splitting the bytes at line feeds splits the same lines
        // as splitting the characters did, without breaking the text into grapheme clusters.
        let bytes = Array(text.utf8)
        guard !bytes.contains(0x0D) else {
            return text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "    " + $0 }
                .joined(separator: "\n")
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 8 + 4)
        var lineStart = true
        for b in bytes {
            if lineStart && b != 0x0A { out.append(contentsOf: [0x20, 0x20, 0x20, 0x20]) }
            out.append(b)
            lineStart = b == 0x0A
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// One line per rule: id, severity, summary, aligned.
    public static func list(_ descriptions: [RuleDescription]) -> String {
        let width = descriptions.map(\.id.count).max() ?? 0
        return descriptions.map { d in
            d.id + String(repeating: " ", count: width - d.id.count + 2)
                + d.severity.rawValue + String(repeating: " ", count: 9 - d.severity.rawValue.count)
                + (d.enabledByDefault ? "" : "(off by default) ") + d.summary
        }.joined(separator: "\n") + "\n"
    }
}
