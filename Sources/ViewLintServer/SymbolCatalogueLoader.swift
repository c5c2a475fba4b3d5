import ViewLintCore
import ViewLintEngine
import ViewLintPlatform

/// Reads the SF Symbols catalogue of this system once per process, for `invalid_system_symbol`;
/// the command line and the language server both use it (they are the only code that reads
/// files).
///
/// Where: the file `VIEWLINT_SF_SYMBOLS_CATALOGUE` names (a copy of a Mac's catalogue, for
/// Linux CI), else macOS's `name_availability.plist` in the CoreGlyphs bundle. Elsewhere there
/// is none, and the rule is silent.
public enum SymbolCatalogueLoader {
    public static let variable = "VIEWLINT_SF_SYMBOLS_CATALOGUE"
    static let systemPaths = [
        "/System/Library/CoreServices/CoreGlyphs.bundle/Contents/Resources/name_availability.plist",
    ]

    /// The catalogue, and a note when the variable names a file that cannot be used.
    public static let loaded: (catalogue: SymbolCatalogue?, problem: InputNote?) = {
        if let path = FileSystem.environment(variable), !path.isEmpty {
            switch read(path) {
            case .success(let catalogue): return (catalogue, nil)
            case .failure(let reason):
                return (nil, InputNote(level: .warning, path: path, line: nil,
                                       message: "\(reason) (\(variable) names it); invalid_system_symbol checks nothing"))
            }
        }
        for path in systemPaths where FileAccess.exists(path) {
            if case .success(let catalogue) = read(path) { return (catalogue, nil) }
        }
        return (nil, nil)
    }()

    public static var system: SymbolCatalogue? { loaded.catalogue }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Parses a `name_availability.plist` (XML or binary): `symbols` maps each name to a
    /// release, `year_to_release` each release to the first version of every platform.
    public static func read(_ path: String) -> Result<SymbolCatalogue, Failure> {
        guard case .success(let bytes) = FileSystem.readFile(path) else { return .failure(Failure(description: "cannot be read")) }
        return parse(bytes, source: path)
    }

    public static func parse(_ bytes: [UInt8], source: String) -> Result<SymbolCatalogue, Failure> {
        let shapeProblem = Failure(description: "has no 'symbols' and 'year_to_release' dictionaries of names, releases and versions")
        let contents: PlistValue
        switch PropertyList.parse(bytes) {
        case .success(let value): contents = value
        case .failure(let problem): return .failure(Failure(description: problem.description))
        }
        guard let symbols = strings(contents["symbols"]), !symbols.isEmpty,
              let releaseEntries = contents["year_to_release"]?.dictionary else { return .failure(shapeProblem) }
        var releases: [String: [String: String]] = [:]
        for (release, platforms) in releaseEntries {
            guard let versions = strings(platforms) else { return .failure(shapeProblem) }
            releases[release] = versions
        }
        return .success(SymbolCatalogue(source: source, symbols: symbols, releases: releases))
    }

    /// A dictionary whose values are all strings; nil for any other value.
    private static func strings(_ value: PlistValue?) -> [String: String]? {
        guard let entries = value?.dictionary else { return nil }
        var strings: [String: String] = [:]
        strings.reserveCapacity(entries.count)
        for (key, entry) in entries {
            guard let string = entry.string else { return nil }
            strings[key] = string
        }
        return strings
    }
}
