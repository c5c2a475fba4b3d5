// swift-tools-version:6.0
import PackageDescription

// Targets depend one way only: CLI -> engine/formatters -> rules -> core -> model -> syntax.
let package = Package(
    name: "viewlint",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "ViewLintSyntax", targets: ["ViewLintSyntax"]),

    ],
    targets: [
        .target(name: "ViewLintSyntax"),
        .testTarget(name: "ViewLintSyntaxTests", dependencies: ["ViewLintSyntax"]),
    ]
)
