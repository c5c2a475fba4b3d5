// swift-tools-version:6.0
import PackageDescription

// Targets depend one way only:
//   viewlint (CLI) -> ViewLintServer -> ViewLintProtocol
//   viewlint (CLI), ViewLintServer -> ViewLintEngine, ViewLintGraph, ViewLintFormatters -> ViewLintRules -> ViewLintCore
//   -> ViewLintModel -> ViewLintSyntax
//   viewlint (CLI), ViewLintServer -> ViewLintPlatform -> ViewLintSyntax
// Only ViewLintCLI and ViewLintServer touch the file system, through ViewLintPlatform (files and
// processes over the C library, no Foundation); everything else is pure.
let package = Package(
    name: "viewlint",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "viewlint", targets: ["viewlint"]),
        .library(name: "ViewLintSyntax", targets: ["ViewLintSyntax"]),
        .library(name: "ViewLintModel", targets: ["ViewLintModel"]),
        // `swift package viewlint ...` in a package that depends on this one.
        .plugin(name: "ViewLintCommandPlugin", targets: ["ViewLintCommandPlugin"]),
        // Lints a target's sources during `swift build` and in Xcode.
        .plugin(name: "ViewLintBuildToolPlugin", targets: ["ViewLintBuildToolPlugin"]),
    ],
    targets: [
        .target(name: "ViewLintSyntax"),
        .target(name: "ViewLintPlatform", dependencies: ["ViewLintSyntax"]),
        .target(name: "ViewLintModel", dependencies: ["ViewLintSyntax"]),
        .target(name: "ViewLintCore", dependencies: ["ViewLintModel", "ViewLintSyntax"]),
        .target(name: "ViewLintRules", dependencies: ["ViewLintCore", "ViewLintModel", "ViewLintSyntax"], path: "Rules"),
        .target(name: "ViewLintEngine", dependencies: ["ViewLintRules", "ViewLintCore", "ViewLintModel", "ViewLintSyntax"]),
        .target(name: "ViewLintFormatters", dependencies: ["ViewLintCore", "ViewLintSyntax"]),
        // `viewlint graph`: the dependency graph of views, models and environment values.
        .target(name: "ViewLintGraph", dependencies: ["ViewLintRules", "ViewLintFormatters", "ViewLintModel", "ViewLintCore"]),
        // The language server: JSON-RPC framing, JSON and positions (pure), then the server.
        .target(name: "ViewLintProtocol", dependencies: ["ViewLintSyntax"]),
        .target(name: "ViewLintServer",
                dependencies: ["ViewLintProtocol", "ViewLintPlatform", "ViewLintEngine", "ViewLintFormatters", "ViewLintRules", "ViewLintCore",
                               "ViewLintModel", "ViewLintSyntax"]),
        .target(name: "ViewLintCLI", dependencies: ["ViewLintServer", "ViewLintPlatform", "ViewLintEngine", "ViewLintGraph", "ViewLintFormatters", "ViewLintRules", "ViewLintCore", "ViewLintSyntax"]),
        .executableTarget(name: "viewlint", dependencies: ["ViewLintCLI", "ViewLintEngine"]),
        // The plugins run the viewlint executable; their sources live under Sources/ with the rest.
        .plugin(name: "ViewLintCommandPlugin",
                capability: .command(intent: .custom(verb: "viewlint",
                                                     description: "Lint SwiftUI view code with viewlint (same arguments as the viewlint command line)")),
                dependencies: ["viewlint"],
                path: "Sources/ViewLintCommandPlugin"),
        .plugin(name: "ViewLintBuildToolPlugin",
                capability: .buildTool(),
                dependencies: ["viewlint"],
                path: "Sources/ViewLintBuildToolPlugin"),
        // The benchmark: `swift run -c release viewlint-bench` (see README, Performance).
        .executableTarget(name: "viewlint-bench",
                          dependencies: ["ViewLintServer", "ViewLintProtocol", "ViewLintEngine", "ViewLintFormatters", "ViewLintRules",
                                         "ViewLintCore", "ViewLintModel", "ViewLintSyntax"]),
        .testTarget(name: "ViewLintTests",
                    dependencies: ["ViewLintCLI", "ViewLintServer", "ViewLintPlatform", "ViewLintProtocol", "ViewLintEngine", "ViewLintFormatters", "ViewLintGraph", "ViewLintRules", "ViewLintCore",
                                   "ViewLintModel", "ViewLintSyntax"],
                    // Read from the source tree (so VIEWLINT_UPDATE_GOLDENS can rewrite them), not bundled.
                    exclude: ["Goldens"]),
    ]
)
