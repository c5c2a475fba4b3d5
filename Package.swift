// swift-tools-version:6.0
import PackageDescription

// Targets depend one way only:
//   viewlint (CLI) -> ViewLintEngine, ViewLintFormatters -> ViewLintRules -> ViewLintCore
//   -> ViewLintModel -> ViewLintSyntax
// Only ViewLintCLI touches the file system; everything below it is pure.
let package = Package(
    name: "viewlint",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "viewlint", targets: ["viewlint"]),
        .library(name: "ViewLintSyntax", targets: ["ViewLintSyntax"]),
        .library(name: "ViewLintModel", targets: ["ViewLintModel"]),
    ],
    targets: [
        .target(name: "ViewLintSyntax"),
        .target(name: "ViewLintModel", dependencies: ["ViewLintSyntax"]),
        .target(name: "ViewLintCore", dependencies: ["ViewLintModel", "ViewLintSyntax"]),
        .target(name: "ViewLintRules", dependencies: ["ViewLintCore", "ViewLintModel"], path: "Rules"),
        .target(name: "ViewLintEngine", dependencies: ["ViewLintRules", "ViewLintCore", "ViewLintModel", "ViewLintSyntax"]),
        .target(name: "ViewLintFormatters", dependencies: ["ViewLintCore"]),
        .target(name: "ViewLintCLI", dependencies: ["ViewLintEngine", "ViewLintFormatters", "ViewLintRules", "ViewLintCore", "ViewLintSyntax"]),
        .executableTarget(name: "viewlint", dependencies: ["ViewLintCLI"]),
        // The benchmark: `swift run -c release viewlint-bench` (see README, Performance).
        .executableTarget(name: "viewlint-bench",
                          dependencies: ["ViewLintEngine", "ViewLintFormatters", "ViewLintRules", "ViewLintCore", "ViewLintSyntax"]),
        .testTarget(name: "ViewLintTests",
                    dependencies: ["ViewLintCLI", "ViewLintEngine", "ViewLintFormatters", "ViewLintRules", "ViewLintCore",
                                   "ViewLintModel", "ViewLintSyntax"],
                    // Read from the source tree (so VIEWLINT_UPDATE_GOLDENS can rewrite them), not bundled.
                    exclude: ["Goldens"]),
    ]
)
