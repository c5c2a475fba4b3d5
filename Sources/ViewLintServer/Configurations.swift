import ViewLintEngine

/// The `.lint.yml` files that apply to open documents, read once and again on change. A file
/// is configured by the nearest `.lint.yml` at or above it, as `viewlint lint` run from its
/// folder would find it.
struct ConfigurationStore {
    enum Entry {
        case valid(Configuration, PathFilter)
        /// The file has problems, shown on it; files it configures are not linted, as the
        /// command line refuses to lint with a broken configuration.
        case broken
    }

    private var entries: [String: Entry] = [:]
    /// The configuration path found for each directory (nil: none above it).
    private var locations: [String: String?] = [:]
    /// Configuration files the server has published diagnostics for.
    private(set) var publishedPaths: Set<String> = []
    /// Problems of configurations read on the way (not through `load` by the server), still to
    /// be shown on their files.
    var unpublished: [String: [ConfigurationError.Problem]] = [:]

    mutating func forgetAll() {
        entries = [:]
        locations = [:]
    }

    /// A `.lint.yml` may have appeared or gone: look the paths up again.
    mutating func forgetLocations() { locations = [:] }

    /// Reads a configuration from `bytes` (nil: the file is gone) and returns its problems.
    mutating func load(path: String, bytes: [UInt8]?) -> [ConfigurationError.Problem] {
        publishedPaths.insert(path)
        guard let bytes else {
            entries.removeValue(forKey: path)
            return []
        }
        do {
            let configuration = try ConfigurationLoader.load(bytes, path: path, baseDirectory: FileAccess.parent(of: path))
            let filter: PathFilter
            do {
                filter = try PathFilter(configuration)
            } catch {
                entries[path] = .broken
                return [ConfigurationError.Problem(path: path, position: nil, message: error.message)]
            }
            entries[path] = .valid(configuration, filter)
            return []
        } catch {
            entries[path] = .broken
            return error.problems
        }
    }

    /// The configuration for a Swift file, or nil when it must not be linted (a broken
    /// configuration, or `include:`/`exclude:` leave it out).
    mutating func configuration(forFileAt path: String) -> Configuration? {
        let directory = FileAccess.parent(of: path)
        let location: String?
        if let known = locations[directory] {
            location = known
        } else {
            location = FileAccess.configurationPath(from: directory)
            locations[directory] = location
        }
        guard let location else { return .default }
        if entries[location] == nil { unpublished[location] = load(path: location, bytes: FileAccess.read(location)) }
        switch entries[location] {
        case .valid(let configuration, let filter)?:
            let base = FileAccess.parent(of: location)
            let prefix = base == "/" ? "/" : base + "/"
            if !filter.isEmpty, path.hasPrefix(prefix) {
                let relative = String(path.dropFirst(prefix.count))
                if filter.excludes(relative) || !filter.includes(relative) { return nil }
            }
            return configuration
        case .broken?:
            return nil
        case nil:
            return .default
        }
    }
}
