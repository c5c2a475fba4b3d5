import ViewLintEngine

/// Applies the configuration's `include:` and `exclude:` while files are discovered.
///
/// Patterns are matched against paths relative to the configuration file's directory. Inside
/// directories that are walked, an excluded directory is not entered and an excluded (or not
/// included) file is skipped. Paths named on the command line are always linted, since the user
/// asked for them, unless `--force-exclude`: then they are filtered too, including by excluded
/// directories above them (what pre-commit hooks and editors, which pass every file, need).
struct InputSelection {
    var filter: PathFilter
    /// Absolute; where the configuration file is.
    var baseDirectory: String
    var currentDirectory: String
    var forceExclude: Bool

    static func none(currentDirectory: String) -> InputSelection {
        InputSelection(filter: PathFilter(include: [], exclude: []), baseDirectory: currentDirectory,
                       currentDirectory: currentDirectory, forceExclude: false)
    }

    /// The path relative to the configuration's directory, or nil when it lies outside it (or
    /// is that directory itself), where no pattern can match.
    func relativePath(_ path: String) -> String? {
        let relative = PathName.inside(PathName.absolute(path, in: currentDirectory), baseDirectory)
        return relative == "." ? nil : relative
    }

    /// Should discovery skip this path? `isExplicit`: named on the command line.
    func skips(_ path: String, isDirectory: Bool, isExplicit: Bool) -> Bool {
        if filter.isEmpty { return false }
        if isExplicit && !forceExclude { return false }
        guard let relative = relativePath(path) else {
            // Outside the configuration's directory: only `include:` can leave a file out.
            return !isDirectory && !filter.include.isEmpty
        }
        if isExplicit {
            return filter.excludes(relative) || (!isDirectory && !filter.includes(relative))
        }
        return filter.excludesItself(relative) || (!isDirectory && !filter.includes(relative))
    }
}
