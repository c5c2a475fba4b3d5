/// Escaping for the XML reports (checkstyle, JUnit). XML 1.0 cannot carry most control
/// characters at all, not even as character references, so those are shown as `\u{1B}`-style
/// escapes, as in text output; the rest of the text passes through unchanged. The graph's HTML
/// page uses the same escaping.
public enum XMLText {
    /// Text for an attribute value in double quotes, or for element content. Tabs and line
    /// breaks become character references so that attribute normalisation keeps them.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t": out += "&#9;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            default:
                if TextFormatter.isUnsafe(scalar) || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    static let declaration = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
}
