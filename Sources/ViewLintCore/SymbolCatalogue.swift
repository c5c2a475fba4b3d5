/// The SF Symbols a system knows, with the release that introduced each: what
/// `invalid_system_symbol` checks names against. The command line and the server read it at
/// run time (`name_availability.plist` of the system's CoreGlyphs bundle on macOS, or the file
/// `VIEWLINT_SF_SYMBOLS_CATALOGUE` names); rules only see this value, so the core stays pure.
///
/// A class so that every file's input shares one catalogue of several thousand names.
public final class SymbolCatalogue: Sendable {
    /// Where it was read from, for messages.
    public let source: String
    /// Symbol name to the release (a year, `2019`) that introduced it.
    private let releaseOfName: [String: String]
    /// Release to the first OS version of each platform (`ios`: [13, 0]), platforms lowercased
    /// as in deployment targets.
    private let versionsOfRelease: [String: [String: [Int]]]

    /// - Parameters:
    ///   - symbols: name to release, as the plist's `symbols` dictionary has them.
    ///   - releases: release to platform (`iOS`, `macOS`, `tvOS`, `watchOS`, `visionOS`) to
    ///     version text, as its `year_to_release` dictionary has them.
    public init(source: String, symbols: [String: String], releases: [String: [String: String]]) {
        self.source = source
        self.releaseOfName = symbols
        var versions: [String: [String: [Int]]] = [:]
        for (release, platforms) in releases {
            var parsed: [String: [Int]] = [:]
            for (platform, text) in platforms {
                if let version = DeploymentTarget.version(text) { parsed[platform.lowercased()] = version }
            }
            versions[release] = parsed
        }
        self.versionsOfRelease = versions
    }

    public var count: Int { releaseOfName.count }

    public func contains(_ name: String) -> Bool { releaseOfName[name] != nil }

    /// The OS versions that introduced `name`, by lowercased platform; nil for an unknown name
    /// or a release the catalogue does not map.
    public func introduced(_ name: String) -> [String: [Int]]? {
        releaseOfName[name].flatMap { versionsOfRelease[$0] }
    }
}
