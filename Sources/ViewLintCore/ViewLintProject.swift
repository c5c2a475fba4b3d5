/// The facts about viewlint itself that appear in its output and its packaging: the version
/// `viewlint --version` prints and reports carry, and the project's home, which SARIF's
/// `informationUri`, the rule documentation, the README, the Homebrew formula, the GitHub Action
/// and the artifact bundle all point at.
///
/// This is the one place to change them: the Makefile's release target reads both from this
/// file, and a test checks that every project URL and version in the docs agrees with it.
public enum ViewLintProject {
    /// Semantic version of this release.
    public static let version = "0.1.0"
    /// The repository's web address, without a trailing slash.
    public static let home = "https://github.com/viewlint/viewlint"
}
