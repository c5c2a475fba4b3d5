import ViewLintCore
import ViewLintSyntax

/// Reads the `platforms:` of a `Package.swift` from its text, without running it.
///
///     platforms: [.iOS(.v17), .macOS(.v10_15), .tvOS("17.0"), .visionOS(.v1)]
///
/// The manifest is tokenized with viewlint's own lexer, so a `platforms:` inside a comment or a
/// string is not mistaken for the real one. Platforms it does not know (`.driverKit`, `.custom`)
/// are skipped; a `platforms:` whose value is not a literal list (a variable) yields nil.
public enum PackageManifest {
    static let platformNames: [String: String] = [
        "iOS": "ios", "macOS": "macos", "tvOS": "tvos", "watchOS": "watchos", "visionOS": "visionos",
        "macCatalyst": "maccatalyst",
    ]

    /// The declared minimum versions, or nil when the manifest declares none that are known.
    public static func platforms(in bytes: [UInt8], path: String) -> DeploymentTarget? {
        let file = Lexer.tokenize(SourceFile(path: path, bytes: bytes))
        let tokens = file.tokens
        func text(_ i: Int) -> String { file.text(i) }
        var i = 0
        // `platforms` `:` `[`
        while i + 2 < tokens.count {
            if tokens[i].kind == .identifier && text(i) == "platforms" && tokens[i + 1].kind == .colon
                && tokens[i + 2].kind == .leftSquare {
                break
            }
            i += 1
        }
        guard i + 2 < tokens.count else { return nil }
        i += 3
        var depth = 1
        var platforms: [String: [Int]] = [:]
        while i < tokens.count && depth > 0 {
            switch tokens[i].kind {
            case .leftSquare, .leftParen, .leftBrace:
                depth += 1
            case .rightSquare, .rightParen, .rightBrace:
                depth -= 1
            case .period where depth == 1 && i + 2 < tokens.count && tokens[i + 1].kind == .identifier
                && tokens[i + 2].kind == .leftParen:
                // `.iOS(` then `.v17` `)` or `"17.0"` `)`
                if let platform = platformNames[text(i + 1)], let version = version(tokens, i + 3, text) {
                    platforms[platform] = version
                }
            case .endOfFile:
                depth = 0
            default:
                break
            }
            i += 1
        }
        return platforms.isEmpty ? nil : DeploymentTarget(platforms: platforms, source: path)
    }

    /// `.v17` `)`, `.v10_15` `)` or `"17.0"` `)` starting at token `i`.
    static func version(_ tokens: [Token], _ i: Int, _ text: (Int) -> String) -> [Int]? {
        guard i + 2 < tokens.count else { return nil }
        if tokens[i].kind == .period && tokens[i + 1].kind == .identifier && tokens[i + 2].kind == .rightParen {
            let name = text(i + 1)
            guard name.hasPrefix("v") else { return nil }
            // `.v17` is 17.0: shown as the version people write.
            return DeploymentTarget.version(name.dropFirst().replacingUnderscores()).map { $0.count == 1 ? $0 + [0] : $0 }
        }
        if tokens[i].kind == .stringQuote && i + 3 < tokens.count && tokens[i + 1].kind == .stringSegment
            && tokens[i + 2].kind == .stringQuote && tokens[i + 3].kind == .rightParen {
            return DeploymentTarget.version(text(i + 1))
        }
        return nil
    }
}

extension Substring {
    func replacingUnderscores() -> String {
        String(map { $0 == "_" ? "." : $0 })
    }
}
